package natsshare

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/searchviz/searchviz/web/internal/rooms"
	"github.com/searchviz/searchviz/web/internal/safely"
)

// Rooms is a rooms.Bus over NATS: a JetStream key-value store whose
// entries expire with rooms.RoomLifetime, and a subject per room. Its
// events go out from a queue (Run), so that a room publishes without
// waiting on the network while it holds its lock.
type Rooms struct {
	conn   *nats.Conn
	kv     jetstream.KeyValue
	log    *slog.Logger
	events chan *nats.Msg // the events queued for Run to publish, in order
}

var _ rooms.Bus = (*Rooms)(nil)

// NewRooms opens, creating it if missing, the rooms' key-value store on
// the link's connection.
func NewRooms(ctx context.Context, link *Link, log *slog.Logger) (*Rooms, error) {
	js, err := jetstream.New(link.conn)
	if err != nil {
		return nil, fmt.Errorf("web: JetStream for rooms: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, OpenTimeout)
	defer cancel()
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: roomsBucket, Description: "searchviz rooms open, shared by the replicas of viz serve", TTL: rooms.RoomLifetime,
	})
	if err != nil {
		return nil, fmt.Errorf("web: opening the key-value store %s: %w", roomsBucket, err)
	}
	return &Rooms{conn: link.conn, kv: kv, log: log, events: make(chan *nats.Msg, maxQueuedRoomEvents)}, nil
}

// Register records a new room; rooms.ErrCodeTaken if its code is in use.
func (n *Rooms) Register(ctx context.Context, code string, info rooms.Info) error {
	if !n.conn.IsConnected() {
		return fmt.Errorf("web: registering room %s: %w", code, ErrDown)
	}
	record, err := json.Marshal(info)
	if err != nil {
		return fmt.Errorf("web: registering room %s: %w", code, err)
	}
	ctx, cancel := context.WithTimeout(ctx, CallTimeout)
	defer cancel()
	if _, err := n.kv.Create(ctx, code, record); err != nil {
		if errors.Is(err, jetstream.ErrKeyExists) {
			return rooms.ErrCodeTaken
		}
		return fmt.Errorf("web: registering room %s: %w", code, err)
	}
	return nil
}

// Lookup returns a room's record, or rooms.ErrNoRoom.
func (n *Rooms) Lookup(ctx context.Context, code string) (rooms.Info, error) {
	if !n.conn.IsConnected() {
		return rooms.Info{}, fmt.Errorf("web: looking up room %s: %w", code, ErrDown)
	}
	ctx, cancel := context.WithTimeout(ctx, CallTimeout)
	defer cancel()
	e, err := n.kv.Get(ctx, code)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return rooms.Info{}, rooms.ErrNoRoom
	}
	if err != nil {
		return rooms.Info{}, fmt.Errorf("web: looking up room %s: %w", code, err)
	}
	var info rooms.Info
	if err := json.Unmarshal(e.Value(), &info); err != nil || !rooms.ValidPath(info.Path) {
		return rooms.Info{}, rooms.ErrNoRoom
	}
	return info, nil
}

// Unregister takes a room's record out of the key-value store.
func (n *Rooms) Unregister(ctx context.Context, code string) error {
	if !n.conn.IsConnected() {
		return fmt.Errorf("web: unregistering room %s: %w", code, ErrDown)
	}
	ctx, cancel := context.WithTimeout(ctx, CallTimeout)
	defer cancel()
	if err := n.kv.Delete(ctx, code); err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		return fmt.Errorf("web: unregistering room %s: %w", code, err)
	}
	return nil
}

// Publish queues a room's event for Run; past maxQueuedRoomEvents it
// drops it and logs so, rather than hold up the room.
func (n *Rooms) Publish(code string, ev rooms.Event) {
	data, err := json.Marshal(ev)
	if err != nil {
		n.log.Error("encoding a room's event", "room", code, "kind", ev.Kind, "err", err)
		return
	}
	select {
	case n.events <- &nats.Msg{Subject: roomsSubject + code, Data: data}:
	default:
		n.log.Error("dropped a room's event: too many wait to go to NATS", "room", code, "kind", ev.Kind, "queued", maxQueuedRoomEvents)
	}
}

// Run publishes the events queued, in order, until ctx ends. While the
// link is down the client keeps what it is given, and sends it when the
// link comes back.
func (n *Rooms) Run(ctx context.Context) {
	for {
		select {
		case m := <-n.events:
			n.send(m)
		case <-ctx.Done():
			return
		}
	}
}

// Flush publishes the events still queued: the rooms' ends, as the
// server stops.
func (n *Rooms) Flush() {
	for {
		select {
		case m := <-n.events:
			n.send(m)
		default:
			return
		}
	}
}

func (n *Rooms) send(m *nats.Msg) {
	if err := n.conn.PublishMsg(m); err != nil {
		n.log.Error("publishing a room's event", "subject", m.Subject, "err", err)
	}
}

// Subscribe calls fn with every event of the room, on the client's
// goroutine for the subject, until unsubscribe; a panic in fn is logged.
func (n *Rooms) Subscribe(code string, fn func(rooms.Event)) (unsubscribe func(), err error) {
	sub, err := n.conn.Subscribe(roomsSubject+code, func(m *nats.Msg) {
		defer func() { safely.Recovered(n.log, recover(), "a room's event", "room", code) }()
		var ev rooms.Event
		if err := json.Unmarshal(m.Data, &ev); err != nil {
			n.log.Warn("a room's event is not one", "room", code, "err", err)
			return
		}
		fn(ev)
	})
	if err != nil {
		return nil, fmt.Errorf("web: following room %s: %w", code, err)
	}
	return func() {
		if err := sub.Unsubscribe(); err != nil && !errors.Is(err, nats.ErrConnectionClosed) {
			n.log.Warn("unfollowing a room", "room", code, "err", err)
		}
	}, nil
}
