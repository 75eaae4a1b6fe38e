package trace

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace/internal/store"
)

// checkAgainstRef checks tr, at every step visited forwards, backwards and
// in random jumps, against foldRef's refold of events from nothing, and
// every event it returns against events; with file, an empty slice of
// events equals a nil one, as trace files do not tell them apart.
func checkAgainstRef(t *testing.T, how string, tr *Tree, events []Event, file bool) {
	t.Helper()
	if tr.Len() != len(events) {
		t.Fatalf("%s: Len() = %d, want %d", how, tr.Len(), len(events))
	}
	for k := range events {
		got, want := tr.Event(k), events[k]
		if file {
			got, want = nilEmpty(got), nilEmpty(want)
		}
		if !sameEvent(got, want) {
			t.Fatalf("%s: Event(%d):\n got %+v\nwant %+v", how, k, got, want)
		}
	}
	// Each step's refold is made once: the walks below visit steps again.
	type ref struct {
		nodes []NodeState
		focus NodeID
		done  bool
	}
	refs := make([]ref, len(events)+1)
	check := func() {
		t.Helper()
		k := tr.Step()
		r := &refs[k+1]
		if !r.done {
			r.nodes, r.focus = foldRef(events, k)
			r.done = true
		}
		want, focus := r.nodes, r.focus
		if tr.Size() != len(want) {
			t.Fatalf("%s: step %d: Size() = %d, want %d", how, k, tr.Size(), len(want))
		}
		for id, w := range want {
			if got := tr.Node(NodeID(id)); !foldSame(got, w) {
				t.Fatalf("%s: step %d: node %d:\n got %+v\nwant %+v", how, k, id, got, w)
			}
		}
		if got := tr.Current(); got != focus {
			t.Fatalf("%s: step %d: Current() = %d, want %d", how, k, got, focus)
		}
	}
	check()
	for tr.Forward() {
		check()
	}
	for tr.Back() {
		check()
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for range min(len(events), 200) {
		if err := tr.Seek(rng.IntN(len(events)+1) - 1); err != nil {
			t.Fatal(err)
		}
		check()
	}
}

// nilEmpty returns e with its empty slices nil.
func nilEmpty(e Event) Event {
	if len(e.Pruned) == 0 {
		e.Pruned = nil
	}
	if len(e.PrunedLabels) == 0 {
		e.PrunedLabels = nil
	}
	if len(e.Scores) == 0 {
		e.Scores = nil
	}
	if len(e.Values) == 0 {
		e.Values = nil
	}
	for _, s := range []*[]NodeID{&e.Children, &e.Path, &e.Kept, &e.Dropped} {
		if len(*s) == 0 {
			*s = nil
		}
	}
	return e
}

// TestReadTreeMatchesRefold writes the test traces in each version of the
// file format, folds each file as it is read, and checks the Tree against
// a refold of the events from nothing at every step.
func TestReadTreeMatchesRefold(t *testing.T) {
	t.Parallel()
	for name, events := range foldTraces() {
		for _, version := range []int{1, Version} {
			t.Run(fmt.Sprintf("%s/v%d", name, version), func(t *testing.T) {
				t.Parallel()
				var buf bytes.Buffer
				w, err := NewWriter(&buf, Header{Version: version, Game: "test", Algorithm: "test"})
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range events {
					w.Emit(e)
				}
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
				r, err := NewReader(&buf)
				if err != nil {
					t.Fatal(err)
				}
				edited := 0
				tr, err := ReadTree(r, func(*Event) error { edited++; return nil })
				if err != nil {
					t.Fatal(err)
				}
				if edited != len(events) {
					t.Errorf("edit saw %d events, want %d", edited, len(events))
				}
				checkAgainstRef(t, "read", tr, events, true)
			})
		}
	}
}

// TestRecorderSnapshots records the test traces and folds what is recorded
// at several points along the way, checking each snapshot against a refold
// of the events so far, and the Recorder's events against the trace.
func TestRecorderSnapshots(t *testing.T) {
	testenv.SkipUnderRace(t, "records and folds in the test goroutine")
	t.Parallel()
	for name, events := range foldTraces() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rec := NewRecorder(0)
			for i, e := range events {
				e.Step = 1000 + i // a Recorder numbers events itself
				rec.Emit(e)
				if n := i + 1; n == len(events) || n%97 == 0 {
					tr, err := rec.Tree()
					if err != nil {
						t.Fatalf("after %d events: %v", n, err)
					}
					checkAgainstRef(t, fmt.Sprintf("snapshot of %d events", n), tr, events[:n], false)
				}
			}
			got := rec.Events()
			if len(got) != len(events) {
				t.Fatalf("Events(): %d events, want %d", len(got), len(events))
			}
			for k := range got {
				if !sameEvent(got[k], events[k]) {
					t.Fatalf("Events()[%d]:\n got %+v\nwant %+v", k, got[k], events[k])
				}
			}
		})
	}
}

// TestReadTreeErrors checks that a trace that does not fold, or does not
// decode, is refused by ReadTree with the error NewTree or the Reader
// gives, and that an error of edit stops the reading.
func TestReadTreeErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		file string
		edit func(*Event) error
		want string
	}{
		{"no node", "{\"format\":\"searchviz-trace\",\"version\":2}\n[\"t\",\"just a note\"]\n", nil,
			"trace: the trace creates no node; a trace's first node event is its root, node 0"},
		{"leave before enter", "{\"format\":\"searchviz-trace\",\"version\":2}\n[\"n\",-1]\n[\"l\",0]\n", nil,
			"trace: event 1 (leave): node 0 is not entered"},
		{"bad line", "{\"format\":\"searchviz-trace\",\"version\":2}\n[\"n\",-1]\n[\"e\",\n", nil,
			"trace: line 3: invalid JSON"},
		{"edit fails", "{\"format\":\"searchviz-trace\",\"version\":2}\n[\"n\",-1]\n\"e\"\n", func(e *Event) error {
			if e.Kind == KindEnter {
				return fmt.Errorf("no entering")
			}
			return nil
		}, "no entering"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := NewReader(bytes.NewBufferString(tt.file))
			if err != nil {
				t.Fatal(err)
			}
			_, err = ReadTree(r, tt.edit)
			if err == nil || !bytes.HasPrefix([]byte(err.Error()), []byte(tt.want)) {
				t.Fatalf("ReadTree: %v, want an error starting %q", err, tt.want)
			}
		})
	}
}

// checkSameTree checks tr against NewTree's fold of events, which the
// tests above check against a refold, at steps forwards, backwards and
// in random jumps: the nodes each step touches, and every node every
// 97th step and after each jump.
func checkSameTree(t *testing.T, how string, tr *Tree, events []Event) {
	t.Helper()
	want, err := NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Len() != want.Len() || tr.Size() != want.Size() {
		t.Fatalf("%s: %d events and %d nodes, want %d and %d", how, tr.Len(), tr.Size(), want.Len(), want.Size())
	}
	// The closures run at every step: they mark themselves helpers only
	// to fail, as t.Helper costs more than the checks.
	compare := func(ids []NodeID) {
		if tr.Step() != want.Step() || tr.Current() != want.Current() {
			t.Helper()
			t.Fatalf("%s: at step %d, Current() = %d, want %d at step %d", how, tr.Step(), tr.Current(), want.Current(), want.Step())
		}
		for _, id := range ids {
			if g, w := tr.Node(id), want.Node(id); !foldSame(g, w) {
				t.Helper()
				t.Fatalf("%s: step %d: node %d:\n got %+v\nwant %+v", how, tr.Step(), id, g, w)
			}
		}
	}
	all := make([]NodeID, tr.Size())
	for i := range all {
		all[i] = NodeID(i)
	}
	step := func(ok, wantOK bool) bool {
		if ok != wantOK {
			t.Helper()
			t.Fatalf("%s: a step from %d reports %v, want %v", how, tr.Step(), ok, wantOK)
		}
		if ok {
			k := max(tr.Step(), 0)
			touched := tr.Touched(k)
			if w := want.Touched(k); !slices.Equal(touched, w) {
				t.Helper()
				t.Fatalf("%s: Touched(%d) = %v, want %v", how, k, touched, w)
			}
			compare(touched)
			if tr.Step()%97 == 0 {
				compare(all)
			}
		}
		return ok
	}
	for step(tr.Forward(), want.Forward()) {
	}
	for step(tr.Back(), want.Back()) {
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for range 300 {
		k := rng.IntN(len(events)+1) - 1
		if err := tr.Seek(k); err != nil {
			t.Fatal(err)
		}
		want.Seek(k)
		compare(all)
	}
}

// busyTrace returns a trace of few nodes and many events, as Monte Carlo
// searches make: a root and its children, entered, evaluated and left
// over and over.
func busyTrace(children, rounds int) []Event {
	events := make([]Event, 0, 3+children+5*rounds)
	events = append(events, Event{Kind: KindNode, Node: 0, Parent: NoNode, Action: -1, Type: TypeMax}, Event{Kind: KindEnter, Node: 0})
	for c := range children {
		events = append(events, Event{Kind: KindNode, Node: NodeID(c + 1), Parent: 0, Action: c, Label: fmt.Sprintf("m%d", c), Depth: 1, Type: TypeMin})
	}
	for r := range rounds {
		id := NodeID(1 + r%children)
		events = append(events,
			Event{Kind: KindEnter, Node: id},
			Event{Kind: KindEval, Node: id, Value: float64(r%7) - 3.5},
			Event{Kind: KindLeave, Node: id},
			Event{Kind: KindBackprop, Path: []NodeID{id, 0}, Values: []float64{1, -1}},
			Event{Kind: KindValue, Node: 0, Value: float64(r % 5), Best: id},
		)
	}
	events = append(events, Event{Kind: KindLeave, Node: 0})
	return foldNumbered(events...)
}

// TestLimitMemory folds a trace whose events take several times the share
// of a memory budget they may hold in memory, and checks that the rest went
// to the spill file, that the Tree agrees with a refold of the events at
// every step, and that its memory stays within the budget.
func TestLimitMemory(t *testing.T) {
	testenv.SkipUnderRace(t, "folds and spills in the test goroutine")
	t.Parallel()
	events := busyTrace(20, 40_000)
	const budget = 1 << 20
	for _, folding := range []bool{false, true} {
		t.Run(fmt.Sprintf("folding %v", folding), func(t *testing.T) {
			t.Parallel()
			b := NewBuilder()
			b.LimitMemory(budget, t.TempDir())
			b.folding = folding
			for i := range events {
				if err := b.Add(&events[i]); err != nil {
					t.Fatal(err)
				}
			}
			tr, err := b.Tree()
			if err != nil {
				t.Fatal(err)
			}
			checkSpilled(t, tr, events, budget)
		})
	}
}

// checkSpilled checks that some of tr's events and changes went to its
// spill file, that its memory stays within budget and that it agrees with
// a refold of events at every step.
func checkSpilled(t *testing.T, tr *Tree, events []Event, budget int64) {
	t.Helper()
	spilledEvents, eventChunks := tr.f.events.Spilled()
	spilledChanges, changeChunks := tr.f.changes.Spilled()
	if spilledEvents == 0 || spilledChanges == 0 {
		t.Fatalf("%d of %d chunks of events and %d of %d of changes spilled, want some of each",
			spilledEvents, eventChunks, spilledChanges, changeChunks)
	}
	if m := tr.MemSize(); m > budget {
		t.Errorf("MemSize() = %d, over the budget of %d", m, budget)
	}
	checkSameTree(t, "spilled", tr, events)
	checkEvents(t, tr, events)
}

// checkEvents checks that Events gives tr's events from every step of a
// few, as events holds them, their steps numbered.
func checkEvents(t *testing.T, tr *Tree, events []Event) {
	t.Helper()
	for _, from := range []int{-1, 0, 1, store.RecordBlock - 1, store.RecordBlock, len(events) / 2, len(events) - 1, len(events)} {
		k := max(from, 0)
		for e := range tr.Events(from) {
			want := events[k]
			want.Step = k
			if e.Step != k || !reflect.DeepEqual(e, tr.Event(k)) || e.Kind != want.Kind || e.Node != want.Node {
				t.Fatalf("Events(%d): step %d is %+v, want %+v", from, k, e, want)
			}
			k++
		}
		if k != len(events) {
			t.Fatalf("Events(%d) ended at step %d of %d", from, k, len(events))
		}
	}
}

// TestLimitMemoryNodes crosses the most nodes a memory budget holds.
func TestLimitMemoryNodes(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	const budget = 1 << 20
	b := NewBuilder()
	b.LimitMemory(budget, t.TempDir())
	most := b.MaxNodes()
	if want := int(budget / 2 / BytesPerNode); most != want {
		t.Fatalf("MaxNodes() = %d, want %d", most, want)
	}
	events := busyTrace(most-1, 0) // the root and most-1 children
	if _, err := NewTree(events); err != nil {
		t.Fatal(err)
	}
	for i := range events[:len(events)-1] {
		if err := b.Add(&events[i]); err != nil {
			t.Fatalf("event %d of a trace of %d nodes: %v", i, most, err)
		}
	}
	over := Event{Step: len(events) - 1, Kind: KindNode, Node: NodeID(most), Parent: 0, Action: most, Depth: 1, Type: TypeMin}
	want := fmt.Sprintf("trace: event %d (node): more than %d nodes, the most a memory budget of 1 MiB holds", len(events)-1, most)
	err := b.Add(&over)
	if err == nil || !bytes.HasPrefix([]byte(err.Error()), []byte(want)) {
		t.Fatalf("Add of node %d: %v, want an error starting %q", most, err, want)
	}
	if !errors.Is(err, ErrMemoryBudget) {
		t.Errorf("Add of node %d: %v, not an ErrMemoryBudget", most, err)
	}
}

// TestLimitMemoryCheckpoints folds a trace that would make many
// checkpoints under a budget that holds a few, and checks their number.
func TestLimitMemoryCheckpoints(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	events := busyTrace(200, 20_000)
	for _, folding := range []bool{false, true} {
		how := fmt.Sprintf("folding %v", folding)
		t.Run(how, func(t *testing.T) {
			t.Parallel()
			b := NewBuilder()
			b.spacing = 100
			b.folding = folding
			budget := int64(8 * 3 * 201 * 120) // three checkpoints of 201 nodes in its eighth
			b.LimitMemory(budget*64, t.TempDir())
			for i := range events {
				if err := b.Add(&events[i]); err != nil {
					t.Fatal(err)
				}
			}
			tr, err := b.Tree()
			if err != nil {
				t.Fatal(err)
			}
			if n := len(tr.f.checkpoints) - 1; n < 96 || n > 192 {
				t.Errorf("%d checkpoints besides the first, want at most 192 and at least half that", n)
			}
			for i := 1; i < len(tr.f.checkpoints); i++ {
				if tr.f.checkpoints[i].pos <= tr.f.checkpoints[i-1].pos {
					t.Fatalf("checkpoint %d at position %d, after one at %d", i, tr.f.checkpoints[i].pos, tr.f.checkpoints[i-1].pos)
				}
			}
			checkSameTree(t, how, tr, events)
		})
	}
}

// TestFreezeWhileRecording folds frozen copies of a Recorder in another
// goroutine while it goes on recording, as the server does with a running
// search, and checks each against a fold of the same events; under the
// race detector it also checks that the two goroutines share nothing they
// both write.
func TestFreezeWhileRecording(t *testing.T) {
	t.Parallel()
	events := busyTrace(30, 3_000)
	rec := NewRecorder(0)
	frozen := make(chan *Builder)
	done := make(chan error)
	go func() {
		for b := range frozen {
			n := b.Len()
			tr, err := b.Tree()
			if err != nil {
				done <- err
				return
			}
			want, err := NewTree(events[:n])
			if err != nil {
				done <- err
				return
			}
			tr.Seek(n - 1)
			want.Seek(n - 1)
			for id := range want.Size() {
				if g, w := tr.Node(NodeID(id)), want.Node(NodeID(id)); !foldSame(g, w) {
					done <- fmt.Errorf("frozen at %d events, node %d:\n got %+v\nwant %+v", n, id, g, w)
					return
				}
			}
		}
		done <- nil
	}()
	for i, e := range events {
		rec.Emit(e)
		if i%1000 == 999 {
			frozen <- rec.Freeze()
		}
	}
	close(frozen)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	b := rec.Freeze()
	if err := b.Add(&Event{Kind: KindNote}); !errors.Is(err, errFrozen) {
		t.Errorf("Add to a frozen Builder: %v, want %v", err, errFrozen)
	}
}
