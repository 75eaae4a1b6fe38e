package rooms

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/searchviz/searchviz/internal/testenv"
)

func TestNormalCode(t *testing.T) {
	testenv.SkipUnderRace(t, "reads room codes")
	t.Parallel()
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"K7QX2M", "K7QX2M", true},
		{"k7qx2m", "K7QX2M", true},
		{" k7q-x2m ", "K7QX2M", true},
		{"K7QX2", "", false},   // too short
		{"K7QX2MM", "", false}, // too long
		{"K7QX2O", "", false},  // O is not in the alphabet
		{"K7QX21", "", false},  // nor 1
		{"K7QX2/", "", false},
		{"", "", false},
	} {
		got, ok := NormalCode(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("NormalCode(%q) = %q, %v, want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	for range 100 {
		c, err := randomCode()
		if err != nil {
			t.Fatal(err)
		}
		if n, ok := NormalCode(c); !ok || n != c {
			t.Errorf("random code %q does not read back: %q, %v", c, n, ok)
		}
	}
}

// TestRoomsLimits crosses the rooms' limits: MaxRooms rooms, then a
// refusal until one ends; MaxRoomFollowers followers, then a refusal;
// pages a room may not show.
func TestRoomsLimits(t *testing.T) {
	t.Parallel()
	h := New(context.Background(), Config{})
	var opened []*Room
	for i := range MaxRooms {
		r, err := h.Open(t.Context(), "/example/rn-alphabeta", fmt.Sprintf("10.0.0.%d", i))
		if err != nil {
			t.Fatal(err)
		}
		opened = append(opened, r)
	}
	if _, err := h.Open(t.Context(), "/example/rn-alphabeta", "10.0.1.0"); !errors.Is(err, ErrRoomsFull) {
		t.Errorf("room %d: err = %v, want %v", MaxRooms+1, err, ErrRoomsFull)
	}
	opened[0].End("test")
	if _, err := h.Open(t.Context(), "/example/rn-alphabeta", "10.0.1.0"); err != nil {
		t.Errorf("a room after one ended: %v", err)
	}
	r := opened[1]
	for range MaxRoomFollowers {
		if err := r.JoinFollower(newTestPage(), ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.JoinFollower(newTestPage(), ""); !errors.Is(err, ErrRoomFull) {
		t.Errorf("follower %d: err = %v, want %v", MaxRoomFollowers+1, err, ErrRoomFull)
	}
	for _, bad := range []string{"", "/", "/play", "//evil.example/t/x", "http://evil.example/t/x", "/t/../x", "/t/a/b", "/t/a?x=1", "/t/a?example=x&y", "/t/" + strings.Repeat("a", 101)} {
		if _, err := h.Open(t.Context(), bad, "10.0.1.1"); !errors.Is(err, ErrRoomPath) {
			t.Errorf("open(%q): err = %v, want %v", bad, err, ErrRoomPath)
		}
	}
	h.EndAll("test")
	if n := h.Count(); n != 0 {
		t.Errorf("%d rooms left after endAll", n)
	}
}

// waitEnded waits until h has no room of code, failing with why after
// 5 s.
func waitEnded(t *testing.T, h *Hub, code, why string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := h.Get(t.Context(), code); err != nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal(why)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestRoomIdle checks that a room whose presenter leaves ends after the
// idle time, telling its followers, unless the presenter comes back.
func TestRoomIdle(t *testing.T) {
	t.Parallel()
	h := New(context.Background(), Config{})
	h.idle = 50 * time.Millisecond
	r, err := h.Open(t.Context(), "/example/rn-alphabeta", "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	p, f := newTestPage(), newTestPage()
	if err := r.JoinPresenter(p, "/example/rn-alphabeta"); err != nil {
		t.Fatal(err)
	}
	if err := r.JoinFollower(f, ""); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * h.idle)
	if _, err := h.Get(t.Context(), r.code); err != nil {
		t.Fatal("the room ended while its presenter was there")
	}
	r.Leave(p)
	waitEnded(t, h, r.code, "the room did not end after its presenter left")
	msgs, final := f.take()
	if !final || !bytes.Contains(msgs[len(msgs)-1], []byte("its presenter was away")) {
		t.Errorf("the follower was told %q, final %v", msgs, final)
	}
}

// testPage is a room's page without a socket: it keeps every message
// the room sends it, in order.
type testPage struct {
	mu    sync.Mutex
	msgs  [][]byte
	final bool // the last message is the final one
}

func newTestPage() *testPage { return &testPage{} }

func (p *testPage) Offer(_ int, msg []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.msgs = append(p.msgs, msg)
}

func (p *testPage) Finish(msg []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.msgs, p.final = append(p.msgs, msg), true
}

// take returns the messages the page was sent, and whether the last is
// final.
func (p *testPage) take() ([][]byte, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.msgs), p.final
}

// TestRoomAnswersLimit crosses MaxRoomAnswers: that many tabs with the
// room's tickets are counted, the next tab is not, and a tab counted
// still changes its answer; a ticket of another room counts in none but
// its own.
func TestRoomAnswersLimit(t *testing.T) {
	t.Parallel()
	h := New(context.Background(), Config{})
	defer h.EndAll("test")
	const path = "/exercise?kind=alphabeta&level=easy&seed=5"
	r, err := h.Open(t.Context(), path, "192.0.2.10")
	if err != nil {
		t.Fatal(err)
	}
	other, err := h.Open(t.Context(), path, "192.0.2.10")
	if err != nil {
		t.Fatal(err)
	}
	tab := func(i int) string { return fmt.Sprintf("tab%08d", i) }
	if err := r.Answer(path, tab(0), other.ticket(tab(0)), "right"); !errors.Is(err, ErrNotFollower) {
		t.Errorf("another room's ticket: err = %v, want %v", err, ErrNotFollower)
	}
	for i := range MaxRoomAnswers {
		if err := r.Answer(path, tab(i), r.ticket(tab(i)), "value B"); err != nil {
			t.Fatalf("tab %d: %v", i, err)
		}
	}
	if err := r.Answer(path, tab(MaxRoomAnswers), r.ticket(tab(MaxRoomAnswers)), "right"); !errors.Is(err, ErrTallyFull) {
		t.Errorf("tab %d: err = %v, want %v", MaxRoomAnswers+1, err, ErrTallyFull)
	}
	if err := r.Answer(path, tab(0), r.ticket(tab(0)), "right"); err != nil {
		t.Errorf("a counted tab changing its answer: %v", err)
	}
	r.mu.Lock()
	n, changed := len(r.answers), r.answers[tab(0)]
	r.mu.Unlock()
	if n != MaxRoomAnswers || changed != "right" {
		t.Errorf("%d tabs counted, the first's answer %q; want %d and right", n, changed, MaxRoomAnswers)
	}
}

// TestRoomStateBounds checks the presenter states a room relays: each
// number within what a viewer can show, the limits themselves allowed.
func TestRoomStateBounds(t *testing.T) {
	t.Parallel()
	box := func(x, w float64) *[4]float64 { return &[4]float64{x, 0, w, 10} }
	anchors := func(n int) []Anchor {
		out := make([]Anchor, n)
		for i := range out {
			out[i] = Anchor{Node: i, X: float64(i), Y: 1}
		}
		return out
	}
	tests := []struct {
		name string
		s    State
		ok   bool
	}{
		{"a state", State{Step: 3, View: "root", Selected: 2, Box: box(0, 10)}, true},
		{"the last step a trace may have", State{Step: MaxStateSteps - 1, View: "root", Selected: -1}, true},
		{"a step past any trace", State{Step: MaxStateSteps, View: "root", Selected: -1}, false},
		{"step 10^12", State{Step: 1e12, View: "root", Selected: -1}, false},
		{"a node past any trace", State{Step: 1, View: "root", Selected: MaxStateSteps}, false},
		{"a box at the bound", State{View: "root", Selected: -1, Box: box(-maxRoomCoordinate, maxRoomCoordinate)}, true},
		{"a box past it", State{View: "root", Selected: -1, Box: box(-2*maxRoomCoordinate, 10)}, false},
		{"a box of 1e308", State{View: "root", Selected: -1, Box: box(0, 1e308)}, false},
		{"anchors at the cap", State{View: "root", Selected: -1, Anchors: anchors(maxRoomAnchors)}, true},
		{"anchors past it", State{View: "root", Selected: -1, Anchors: anchors(maxRoomAnchors + 1)}, false},
		{"an anchor at the last node", State{View: "root", Selected: -1, Anchors: []Anchor{{Node: MaxStateSteps - 1, X: maxRoomCoordinate, Y: -maxRoomCoordinate}}}, true},
		{"an anchor past any trace", State{View: "root", Selected: -1, Anchors: []Anchor{{Node: MaxStateSteps}}}, false},
		{"an anchor before the root", State{View: "root", Selected: -1, Anchors: []Anchor{{Node: -1}}}, false},
		{"an anchor past the bound", State{View: "root", Selected: -1, Anchors: []Anchor{{Node: 0, X: 2 * maxRoomCoordinate}}}, false},
		{"an anchor at NaN", State{View: "root", Selected: -1, Anchors: []Anchor{{Node: 0, Y: math.NaN()}}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if err := tt.s.Check(); (err == nil) != tt.ok {
				t.Errorf("check(%+v) = %v, want ok %v", tt.s, err, tt.ok)
			}
		})
	}
}

// TestRoomsPerClient opens MaxRoomsPerClient rooms from one address: the
// next is refused, another address's is not, and one ended frees a place.
func TestRoomsPerClient(t *testing.T) {
	t.Parallel()
	h := New(context.Background(), Config{})
	defer h.EndAll("test")
	var mine []*Room
	for range MaxRoomsPerClient {
		r, err := h.Open(t.Context(), "/example/rn-alphabeta", "192.0.2.7")
		if err != nil {
			t.Fatal(err)
		}
		mine = append(mine, r)
	}
	if _, err := h.Open(t.Context(), "/example/rn-alphabeta", "192.0.2.7"); !errors.Is(err, ErrYourRooms) {
		t.Errorf("room %d of one address: err = %v, want %v", MaxRoomsPerClient+1, err, ErrYourRooms)
	}
	if _, err := h.Open(t.Context(), "/example/rn-alphabeta", "192.0.2.8"); err != nil {
		t.Errorf("another address's room: %v", err)
	}
	mine[0].End("test")
	if _, err := h.Open(t.Context(), "/example/rn-alphabeta", "192.0.2.7"); err != nil {
		t.Errorf("a room after one of the address's ended: %v", err)
	}
}

// TestRoomUnclaimed checks that a room whose presenter never comes ends
// after RoomUnclaimed, saying so, while one whose presenter came stays.
func TestRoomUnclaimed(t *testing.T) {
	t.Parallel()
	h := New(context.Background(), Config{})
	defer h.EndAll("test")
	h.unclaimed = 50 * time.Millisecond
	lonely, err := h.Open(t.Context(), "/example/rn-alphabeta", "192.0.2.9")
	if err != nil {
		t.Fatal(err)
	}
	f := newTestPage()
	if err := lonely.JoinFollower(f, ""); err != nil {
		t.Fatal(err)
	}
	claimed, err := h.Open(t.Context(), "/example/rn-alphabeta", "192.0.2.9")
	if err != nil {
		t.Fatal(err)
	}
	if err := claimed.JoinPresenter(newTestPage(), "/example/rn-alphabeta"); err != nil {
		t.Fatal(err)
	}
	waitEnded(t, h, lonely.code, "a room whose presenter never came is still open")
	if msgs, final := f.take(); !final || !strings.Contains(string(msgs[len(msgs)-1]), "did not come within 50ms") {
		t.Errorf("its follower was told %q", msgs)
	}
	if _, err := h.Get(t.Context(), claimed.code); err != nil {
		t.Error("the room whose presenter came ended too")
	}
}

// stuckBus is a Bus whose registry answers at once, but for the
// code stuck, whose lookup waits until its context ends: a NATS gone
// silent.
type stuckBus struct {
	stuck   string
	waiting chan struct{} // closed as the lookup of stuck waits

	mu    sync.Mutex
	rooms map[string]Info
}

func (b *stuckBus) Register(_ context.Context, code string, info Info) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.rooms[code]; ok {
		return ErrCodeTaken
	}
	b.rooms[code] = info
	return nil
}

func (b *stuckBus) Lookup(ctx context.Context, code string) (Info, error) {
	if code == b.stuck {
		close(b.waiting)
		<-ctx.Done()
		return Info{}, ctx.Err()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	info, ok := b.rooms[code]
	if !ok {
		return Info{}, ErrNoRoom
	}
	return info, nil
}

func (b *stuckBus) Unregister(_ context.Context, code string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.rooms, code)
	return nil
}

func (b *stuckBus) Publish(string, Event) {}

func (b *stuckBus) Subscribe(string, func(Event)) (func(), error) { return func() {}, nil }

// TestRoomsDoNotQueue holds one lookup in the registry, and checks that
// every other room operation on the replica goes on meanwhile: no lock
// of the rooms is held across a call to the bus.
func TestRoomsDoNotQueue(t *testing.T) {
	t.Parallel()
	bus := &stuckBus{stuck: "STVCKK", waiting: make(chan struct{}), rooms: map[string]Info{}}
	h := New(context.Background(), Config{Bus: bus})
	const path = "/example/rn-alphabeta"
	mine, err := h.Open(t.Context(), path, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	other, err := h.Open(t.Context(), path, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	ctx, release := context.WithCancel(t.Context())
	stuck := make(chan error, 1)
	go func() {
		_, err := h.Get(ctx, bus.stuck)
		stuck <- err
	}()
	<-bus.waiting
	for _, tt := range []struct {
		name string
		do   func() error
	}{
		{"finding a room here", func() error { _, err := h.Get(t.Context(), mine.code); return err }},
		{"a mistyped code", func() error {
			if _, err := h.Get(t.Context(), "WRNGCD"); !errors.Is(err, ErrNoRoom) {
				return fmt.Errorf("err = %v, want %v", err, ErrNoRoom)
			}
			return nil
		}},
		{"opening a room", func() error { _, err := h.Open(t.Context(), path, "192.0.2.2"); return err }},
		{"following", func() error { return mine.JoinFollower(newTestPage(), "") }},
		{"presenting", func() error { return mine.JoinPresenter(newTestPage(), path) }},
		{"counting the rooms", func() error { h.Count(); return nil }},
		{"the link going down and coming back", func() error { h.SetLink(false); h.SetLink(true); return nil }},
		{"ending a room", func() error { other.End("test"); return nil }},
	} {
		done := make(chan error, 1)
		go func() { done <- tt.do() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s while a lookup waits: %v", tt.name, err)
			}
		case <-time.After(time.Second):
			t.Errorf("%s waits for the lookup of another code", tt.name)
		}
	}
	release()
	if err := <-stuck; !errors.Is(err, ErrLinkDown) {
		t.Errorf("the lookup that waited: err = %v, want %v", err, ErrLinkDown)
	}
	if _, err := h.Get(t.Context(), other.code); !errors.Is(err, ErrNoRoom) {
		t.Errorf("the room ended meanwhile: err = %v, want %v", err, ErrNoRoom)
	}
}
