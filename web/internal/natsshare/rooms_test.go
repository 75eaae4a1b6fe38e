package natsshare

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/searchviz/searchviz/web/internal/natsshare/natstest"
	"github.com/searchviz/searchviz/web/internal/rooms"
)

// newRooms opens the rooms' bus on a link to the NATS server at url, and
// runs it until t ends.
func newRooms(t *testing.T, url string) *Rooms {
	t.Helper()
	bus, err := NewRooms(t.Context(), dial(t, url), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	go bus.Run(t.Context())
	return bus
}

// TestRoomsRegistry registers a room on one replica's bus and looks it up
// on another's: a code in use is refused, a code never registered, or
// whose record is not a room's, is rooms.ErrNoRoom, and so is a room
// unregistered.
func TestRoomsRegistry(t *testing.T) {
	t.Parallel()
	ns := natstest.Run(t, true)
	a, b := newRooms(t, ns.URL()), newRooms(t, ns.URL())
	ctx := t.Context()
	info := rooms.Info{Key: "k3y", Path: "/example/rn-alphabeta", Opened: time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)}
	if err := a.Register(ctx, "K7QX2M", info); err != nil {
		t.Fatal(err)
	}
	if err := b.Register(ctx, "K7QX2M", info); !errors.Is(err, rooms.ErrCodeTaken) {
		t.Errorf("registering a code in use: %v, want ErrCodeTaken", err)
	}
	if got, err := b.Lookup(ctx, "K7QX2M"); err != nil || got != info {
		t.Errorf("the other replica looks up %+v, %v; want %+v", got, err, info)
	}
	if _, err := b.kv.Put(ctx, "BADREC", []byte(`{"path":"https://elsewhere.example/"}`)); err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"WRNGCD", "BADREC"} {
		if _, err := b.Lookup(ctx, code); !errors.Is(err, rooms.ErrNoRoom) {
			t.Errorf("looking up %s: %v, want ErrNoRoom", code, err)
		}
	}
	if err := b.Unregister(ctx, "K7QX2M"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Lookup(ctx, "K7QX2M"); !errors.Is(err, rooms.ErrNoRoom) {
		t.Errorf("looking up a room unregistered: %v, want ErrNoRoom", err)
	}
	if err := a.Unregister(ctx, "K7QX2M"); err != nil {
		t.Errorf("unregistering a room twice: %v", err)
	}
}

// TestRoomsEvents publishes a room's events on one replica's bus: the
// other's subscriber gets them in order, and none once it unsubscribes.
func TestRoomsEvents(t *testing.T) {
	t.Parallel()
	ns := natstest.Run(t, true)
	a, b := newRooms(t, ns.URL()), newRooms(t, ns.URL())
	got := make(chan rooms.Event, 8)
	unsubscribe, err := b.Subscribe("K7QX2M", func(ev rooms.Event) { got <- ev })
	if err != nil {
		t.Fatal(err)
	}
	if err := b.conn.Flush(); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		a.Publish("K7QX2M", rooms.Event{Origin: "a", Kind: "count", Count: i})
	}
	for i := range 3 {
		select {
		case ev := <-got:
			if ev.Origin != "a" || ev.Kind != "count" || ev.Count != i {
				t.Errorf("event %d: %+v, want count %d from a", i, ev, i)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("event %d did not arrive within 5 s", i)
		}
	}
	unsubscribe()
	if err := b.conn.Flush(); err != nil {
		t.Fatal(err)
	}
	a.Publish("K7QX2M", rooms.Event{Origin: "a", Kind: "end"})
	a.Flush()
	if err := a.conn.Flush(); err != nil {
		t.Fatal(err)
	}
	select {
	case ev := <-got:
		t.Errorf("after unsubscribing, got %+v", ev)
	case <-time.After(100 * time.Millisecond):
	}
}

// TestRoomsLinkDown stops NATS under a bus: its calls to the registry
// fail at once with ErrDown rather than wait for CallTimeout.
func TestRoomsLinkDown(t *testing.T) {
	t.Parallel()
	ns := natstest.Run(t, true)
	bus := newRooms(t, ns.URL())
	ns.Stop()
	deadline := time.Now().Add(5 * time.Second)
	for bus.conn.IsConnected() && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	for name, call := range map[string]func(context.Context) error{
		"Register":   func(ctx context.Context) error { return bus.Register(ctx, "K7QX2M", rooms.Info{}) },
		"Lookup":     func(ctx context.Context) error { _, err := bus.Lookup(ctx, "K7QX2M"); return err },
		"Unregister": func(ctx context.Context) error { return bus.Unregister(ctx, "K7QX2M") },
	} {
		start := time.Now()
		err := call(t.Context())
		if took := time.Since(start); !errors.Is(err, ErrDown) || took >= CallTimeout {
			t.Errorf("%s while the link is down: %v after %v, want ErrDown at once", name, err, took)
		}
	}
}

// TestRoomEventsQueue crosses maxQueuedRoomEvents: with nothing sending
// them to NATS, the events past it are dropped, and the log says so,
// rather than hold up the room that publishes them.
func TestRoomEventsQueue(t *testing.T) {
	t.Parallel()
	var log bytes.Buffer
	n := &Rooms{log: slog.New(slog.NewTextHandler(&log, nil)), events: make(chan *nats.Msg, maxQueuedRoomEvents)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range maxQueuedRoomEvents + 1 {
			n.Publish("K7QX2M", rooms.Event{Origin: "test", Kind: "count", Count: i})
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("publishing waits for the queue")
	}
	if got := len(n.events); got != maxQueuedRoomEvents {
		t.Errorf("%d events queued, want %d", got, maxQueuedRoomEvents)
	}
	if got := strings.Count(log.String(), "dropped a room's event"); got != 1 {
		t.Errorf("the log says %d events were dropped, want 1:\n%s", got, log.String())
	}
	var first rooms.Event
	if err := json.Unmarshal((<-n.events).Data, &first); err != nil || first.Count != 0 {
		t.Errorf("the first event queued is %+v (%v), want the first published", first, err)
	}
}
