package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The NATS names of the rooms' bus.
const (
	roomsBucket  = "searchviz-rooms"  // the key-value store of the rooms open, by code
	roomsSubject = "searchviz.rooms." // and the room's code: its events
)

// natsRooms is a roomBus over NATS: a JetStream key-value store whose
// entries expire with RoomLifetime, and a subject per room.
type natsRooms struct {
	conn *nats.Conn
	kv   jetstream.KeyValue
	log  *slog.Logger
}

// newNATSRooms opens, creating it if missing, the rooms' key-value store
// on the connection of the shared store.
func newNATSRooms(ctx context.Context, shared *natsStore, log *slog.Logger) (*natsRooms, error) {
	js, err := jetstream.New(shared.conn)
	if err != nil {
		return nil, fmt.Errorf("web: JetStream for rooms: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, sharedWait)
	defer cancel()
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: roomsBucket, Description: "searchviz rooms open, shared by the replicas of viz serve", TTL: RoomLifetime,
	})
	if err != nil {
		return nil, fmt.Errorf("web: opening the key-value store %s: %w", roomsBucket, err)
	}
	return &natsRooms{conn: shared.conn, kv: kv, log: log}, nil
}

func (n *natsRooms) register(code string, info roomInfo) error {
	ctx, cancel := context.WithTimeout(context.Background(), sharedWait)
	defer cancel()
	if _, err := n.kv.Create(ctx, code, mustJSON(info)); err != nil {
		if errors.Is(err, jetstream.ErrKeyExists) {
			return errRoomTaken
		}
		return fmt.Errorf("web: registering room %s: %w", code, err)
	}
	return nil
}

func (n *natsRooms) lookup(code string) (roomInfo, error) {
	ctx, cancel := context.WithTimeout(context.Background(), sharedWait)
	defer cancel()
	e, err := n.kv.Get(ctx, code)
	if err != nil {
		if !errors.Is(err, jetstream.ErrKeyNotFound) {
			n.log.Error("looking up a room", "room", code, "err", err)
		}
		return roomInfo{}, errNoRoom
	}
	var info roomInfo
	if err := json.Unmarshal(e.Value(), &info); err != nil || !roomPath.MatchString(info.Path) {
		return roomInfo{}, errNoRoom
	}
	return info, nil
}

func (n *natsRooms) unregister(code string) {
	ctx, cancel := context.WithTimeout(context.Background(), sharedWait)
	defer cancel()
	if err := n.kv.Delete(ctx, code); err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		n.log.Error("unregistering a room", "room", code, "err", err)
	}
}

func (n *natsRooms) publish(code string, ev roomEvent) {
	if err := n.conn.Publish(roomsSubject+code, mustJSON(ev)); err != nil {
		n.log.Error("publishing a room's event", "room", code, "err", err)
	}
}

func (n *natsRooms) subscribe(code string, fn func(roomEvent)) (func(), error) {
	sub, err := n.conn.Subscribe(roomsSubject+code, func(m *nats.Msg) {
		defer func() { recovered(n.log, recover(), "a room's event", "room", code) }()
		var ev roomEvent
		if err := json.Unmarshal(m.Data, &ev); err != nil {
			n.log.Warn("a room's event is not one", "room", code, "err", err)
			return
		}
		fn(ev)
	})
	if err != nil {
		return nil, fmt.Errorf("web: following room %s: %w", code, err)
	}
	return func() { sub.Unsubscribe() }, nil
}
