package live

import (
	"context"
	"errors"
	"iter"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
)

// memStore keeps saved traces in memory, or fails every save with err.
type memStore struct {
	mu    sync.Mutex
	saved map[string][]trace.Event
	err   error
}

func (m *memStore) SaveAs(id string, _ trace.Header, events iter.Seq[trace.Event]) error {
	if m.err != nil {
		return m.err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.saved[id] = slices.Collect(events)
	return nil
}

func (m *memStore) Reason(err error) string { return err.Error() }

func (m *memStore) SharedLayout(context.Context, string, trace.View) ([]byte, bool) {
	return nil, false
}

func (m *memStore) ShareLayout(string, trace.View, []byte) {}

// slowTracer delays every event, so that a small search runs long.
type slowTracer struct {
	next  trace.Tracer
	delay time.Duration
}

func (s slowTracer) Emit(e trace.Event) {
	time.Sleep(s.delay)
	s.next.Emit(e)
}

var textbook = catalog.Request{Game: "tree", Algo: "alphabeta", Position: "[[3,12,8],[2,4,6],[14,5,2]]"}

// newRunner returns a runner saving to st, at most searches at once.
func newRunner(t *testing.T, st Store, searches int) (*Runner, *sync.WaitGroup) {
	t.Helper()
	ctx, cancel := context.WithCancelCause(context.Background())
	var running sync.WaitGroup
	t.Cleanup(func() {
		cancel(ErrShutdown)
		running.Wait()
	})
	ids := 0
	var mu sync.Mutex
	return NewRunner(ctx, Config{
		Limits: Limits{Nodes: 100_000, Events: 1_000_000, Placeholders: 1000, Bytes: 64 << 20, Time: time.Minute, Searches: searches},
		Store:  st,
		Keep:   func(*show.Show) {},
		NewID: func() string {
			mu.Lock()
			defer mu.Unlock()
			ids++
			return strings.Repeat("a", ids)
		},
		Log:     slog.New(slog.DiscardHandler),
		Running: &running,
	}), &running
}

// TestRunnerCapsSearches crosses Limits.Searches: past it a search is
// refused with ErrBusy, and once one ends there is room again.
func TestRunnerCapsSearches(t *testing.T) {
	t.Parallel()
	st := &memStore{saved: map[string][]trace.Event{}}
	r, _ := newRunner(t, st, 1)
	first, err := r.Start(textbook, Options{Tracer: func(tr trace.Tracer) trace.Tracer { return slowTracer{tr, 5 * time.Millisecond} }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Start(textbook, Options{}); !errors.Is(err, ErrBusy) {
		t.Errorf("a second search past the cap of 1: %v, want ErrBusy", err)
	}
	if err := first.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Start(textbook, Options{}); err != nil {
		t.Errorf("a search once the first ended: %v", err)
	}
}

// TestSearchCancelledPastItsGrace crosses the grace a search runs
// unwatched: it is stopped before its end, and its page says so.
func TestSearchCancelledPastItsGrace(t *testing.T) {
	t.Parallel()
	st := &memStore{saved: map[string][]trace.Event{}}
	r, _ := newRunner(t, st, 1)
	ls, err := r.Start(catalog.Request{Game: "tictactoe", Algo: "minimax", Position: ".../.../..."}, Options{Grace: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := ls.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	sh, _, _ := ls.Current()
	d, ok := sh.Tree().Decision()
	if !ok || d.Counters.Nodes >= 549946 {
		t.Errorf("the search ran to the end, or saved no decision, with nobody watching: %v", ok)
	}
	if words := strings.Join(sh.Notes(), " "); !strings.Contains(words, "stopped early") {
		t.Errorf("the page does not say the search stopped early: notes %q", words)
	}
	if r.Lookup(ls.ID()) != nil || r.Running() != 0 {
		t.Error("a saved search is still listed as running")
	}
}

// TestUnsavedSearchIsShown checks that a search whose trace cannot be
// saved is still shown, from memory, with the reason.
func TestUnsavedSearchIsShown(t *testing.T) {
	t.Parallel()
	r, _ := newRunner(t, &memStore{err: errors.New("no space left on device")}, 1)
	ls, err := r.Start(textbook, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ls.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	sh, done, _ := ls.Current()
	if !done || sh == nil || !strings.Contains(sh.SaveErr(), "no space left on device") || sh.Saved() {
		t.Errorf("an unsaved search: done %v, show %v, saved %v, reason %q", done, sh != nil, sh != nil && sh.Saved(), sh.SaveErr())
	}
}

// TestWithNote checks where the note about the whole search goes: before
// the decision, or last when there is none.
func TestWithNote(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		kinds []trace.Kind
		want  []trace.Kind
	}{
		{"before the decision", []trace.Kind{trace.KindNode, trace.KindDecision}, []trace.Kind{trace.KindNode, trace.KindNote, trace.KindDecision}},
		{"last without one", []trace.Kind{trace.KindNode, trace.KindEnter}, []trace.Kind{trace.KindNode, trace.KindEnter, trace.KindNote}},
	}
	for _, tt := range tests {
		var events []trace.Event
		for k, kind := range tt.kinds {
			events = append(events, trace.Event{Kind: kind, Step: k})
		}
		var kinds []trace.Kind
		for k, e := range slices.Collect(withNote(slices.Values(events), len(events), "cut")) {
			if e.Step != k {
				t.Errorf("%s: event %d has step %d", tt.name, k, e.Step)
			}
			kinds = append(kinds, e.Kind)
		}
		if !slices.Equal(kinds, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, kinds, tt.want)
		}
	}
}

// TestFirstSnapshotWait crosses FirstSnapshotWait: a search with nothing
// to show yet is reported as starting, not waited for without end.
func TestFirstSnapshotWait(t *testing.T) {
	t.Parallel()
	ls := &Search{changed: make(chan struct{})}
	start := time.Now()
	if _, err := ls.First(context.Background()); !errors.Is(err, ErrStarting) {
		t.Errorf("a search with no snapshot: %v, want ErrStarting", err)
	}
	if waited := time.Since(start); waited < FirstSnapshotWait {
		t.Errorf("gave up after %v, before FirstSnapshotWait (%v)", waited, FirstSnapshotWait)
	}
}
