package trace_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

func record(maxNodes int, events []trace.Event) *trace.Recorder {
	r := trace.NewRecorder(maxNodes)
	for _, e := range events {
		e.Step = -7 // the Recorder numbers events itself
		r.Emit(e)
	}
	return r
}

func countKind(events []trace.Event, k trace.Kind) int {
	n := 0
	for _, e := range events {
		if e.Kind == k {
			n++
		}
	}
	return n
}

func TestRecorderNoLimit(t *testing.T) {
	testenv.SkipUnderRace(t, "records in the test goroutine")
	t.Parallel()
	for _, limit := range []int{0, -1, 11, 1000} {
		t.Run(fmt.Sprint("budget ", limit), func(t *testing.T) {
			t.Parallel()
			r := record(limit, tracetest.AlphaBeta())
			if r.Truncated() {
				t.Errorf("Truncated() = true for a trace of 11 nodes")
			}
			if d := diffEvents(r.Events(), tracetest.AlphaBeta()); d != "" {
				t.Error(d)
			}
		})
	}
}

// TestRecorderBudget truncates the textbook alpha-beta trace. The expected
// lengths follow from the protocol: with a budget of 5 nodes the root,
// B and B's three leaves are kept (steps 0-25), node C (step 26) is the
// first dropped, and of the rest only the root's leave and the decision
// are about recorded nodes.
func TestRecorderBudget(t *testing.T) {
	testenv.SkipUnderRace(t, "records in the test goroutine")
	t.Parallel()
	tests := []struct {
		budget    int
		wantLen   int
		wantNodes int
	}{
		{budget: 5, wantLen: 26 + 1 + 2, wantNodes: 5},
		// Only the root: its entry, bounds, value (best dropped), raised
		// bounds, leave and decision, and the note.
		{budget: 1, wantLen: 3 + 1 + 2 + 2, wantNodes: 1},
		// Nodes 0-9: only d3 (step 54) and its events are dropped; D's
		// value from d3 stays, without its best child.
		{budget: 10, wantLen: 54 + 1 + 4, wantNodes: 10},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint("budget ", tt.budget), func(t *testing.T) {
			t.Parallel()
			r := record(tt.budget, tracetest.AlphaBeta())
			events := r.Events()
			if !r.Truncated() {
				t.Errorf("Truncated() = false")
			}
			if len(events) != tt.wantLen {
				t.Errorf("recorded %d events, want %d", len(events), tt.wantLen)
			}
			if n := countKind(events, trace.KindNode); n != tt.wantNodes {
				t.Errorf("recorded %d nodes, want %d", n, tt.wantNodes)
			}
			if n := countKind(events, trace.KindNote); n != 1 {
				t.Errorf("%d notes, want 1", n)
			}
			for _, e := range events {
				if e.Kind == trace.KindNote && !strings.Contains(e.Text, "node budget of "+strconv.Itoa(tt.budget)+" nodes reached") {
					t.Errorf("note %q does not name the budget", e.Text)
				}
			}
			if last := events[len(events)-1]; last.Kind != trace.KindDecision || last.Label != "a1" {
				t.Errorf("last event %+v, want the decision a1", last)
			}
			if err := tracetest.Validate(events); err != nil {
				t.Errorf("recorded trace is invalid: %v", err)
			}
		})
	}
	// With only the root recorded, its value stays but loses its best child.
	events := record(1, tracetest.AlphaBeta()).Events()
	i := slices.IndexFunc(events, func(e trace.Event) bool { return e.Kind == trace.KindValue })
	if i < 0 || events[i].Node != 0 || events[i].Value != 3 || events[i].Best != trace.NoNode {
		t.Errorf("budget 1: value event %+v, want the root's value 3 with no best child", events[i])
	}
}

// TestRecorderBudgetMCTS truncates a trace with select, expand, backprop,
// beam and note events after two nodes: node 2 and everything under it is
// dropped, and the events that also name recorded nodes lose node 2.
func TestRecorderBudgetMCTS(t *testing.T) {
	testenv.SkipUnderRace(t, "records in the test goroutine")
	t.Parallel()
	events := record(2, tracetest.EveryKind()).Events()
	if err := tracetest.Validate(events); err != nil {
		t.Fatalf("recorded trace is invalid: %v", err)
	}
	for _, e := range events {
		switch e.Kind {
		case trace.KindExpand:
			if !slices.Equal(e.Children, []trace.NodeID{1}) {
				t.Errorf("expand children %v, want [1]", e.Children)
			}
		case trace.KindSelect:
			if e.Child != 1 || len(e.Scores) != 1 || e.Scores[0].Child != 1 {
				t.Errorf("select %+v, want only child 1 chosen and scored", e)
			}
		case trace.KindBackprop:
			if !slices.Equal(e.Path, []trace.NodeID{1, 0}) || len(e.Values) != 2 {
				t.Errorf("backprop %v %v, want path [1 0] with two values", e.Path, e.Values)
			}
		case trace.KindBeam:
			if !slices.Equal(e.Kept, []trace.NodeID{1}) || len(e.Dropped) != 0 {
				t.Errorf("beam kept %v dropped %v, want kept [1], dropped []", e.Kept, e.Dropped)
			}
		case trace.KindNote:
			if e.Node != trace.NoNode {
				t.Errorf("note %q about node %d, want no node", e.Text, e.Node)
			}
		case trace.KindCut, trace.KindEval, trace.KindEnter, trace.KindLeave, trace.KindValue, trace.KindBounds:
			if e.Node >= 2 {
				t.Errorf("%v event about dropped node %d", e.Kind, e.Node)
			}
		}
	}
	if n := countKind(events, trace.KindSelect); n != 1 {
		t.Errorf("%d select events, want 1 (the one choosing node 2 is dropped)", n)
	}
	if n := countKind(events, trace.KindNote); n != 4 {
		t.Errorf("%d notes, want the truncation note and the three original notes", n)
	}
}

// TestRecorderCopies checks that the Recorder does not keep the caller's
// slices, which engines reuse between events.
func TestRecorderCopies(t *testing.T) {
	testenv.SkipUnderRace(t, "records in the test goroutine")
	t.Parallel()
	r := trace.NewRecorder(0)
	pruned, labels := []int{1, 2}, []string{"c2", "c3"}
	scores := []trace.Score{{Child: 1, N: 3}}
	path, values := []trace.NodeID{1, 0}, []float64{1, -1}
	kept := []trace.NodeID{1}
	r.Emit(trace.Event{Kind: trace.KindCut, Pruned: pruned, PrunedLabels: labels})
	r.Emit(trace.Event{Kind: trace.KindSelect, Scores: scores, Children: kept})
	r.Emit(trace.Event{Kind: trace.KindBackprop, Path: path, Values: values})
	r.Emit(trace.Event{Kind: trace.KindBeam, Kept: kept, Dropped: kept})
	pruned[0], labels[0], scores[0].N, path[0], values[0], kept[0] = 9, "zz", 99, 9, 9, 9
	events := r.Events()
	if events[0].Pruned[0] != 1 || events[0].PrunedLabels[0] != "c2" || events[1].Scores[0].N != 3 ||
		events[1].Children[0] != 1 || events[2].Path[0] != 1 || events[2].Values[0] != 1 ||
		events[3].Kept[0] != 1 || events[3].Dropped[0] != 1 {
		t.Errorf("recorded events changed with the caller's slices: %+v", events)
	}
	for i, e := range events {
		if e.Step != i {
			t.Errorf("event %d has step %d", i, e.Step)
		}
	}
}

// TestLimitStreams checks that a Limiter in front of a Writer writes the
// same trace a Recorder with the same budget keeps.
func TestLimitStreams(t *testing.T) {
	testenv.SkipUnderRace(t, "records in the test goroutine")
	t.Parallel()
	for _, budget := range []int{0, 1, 5, 10} {
		t.Run(fmt.Sprint("budget ", budget), func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			w, err := trace.NewWriter(&buf, trace.Header{Game: "tree", Algorithm: "alphabeta"})
			if err != nil {
				t.Fatal(err)
			}
			l := trace.Limit(w, budget)
			for _, e := range tracetest.AlphaBeta() {
				l.Emit(e)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			_, got, err := trace.ReadAll(&buf)
			if err != nil {
				t.Fatal(err)
			}
			want := record(budget, tracetest.AlphaBeta())
			if d := diffEvents(got, want.Events()); d != "" {
				t.Error(d)
			}
			if l.Truncated() != want.Truncated() {
				t.Errorf("Limiter.Truncated() = %v, Recorder's %v", l.Truncated(), want.Truncated())
			}
		})
	}
}

// mctsStream returns a trace like MCTS's on a root with kids children:
// the root and its children, then for each iteration a selection with
// every child's statistics, a playout and a backprop, and at the end the
// decision. It has about 9 events an iteration on only kids+1 nodes.
func mctsStream(iterations, kids int) []trace.Event {
	events := make([]trace.Event, 0, kids+9*iterations+3)
	events = append(events, trace.Event{Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeMax})
	var children []trace.NodeID
	scores := make([]trace.Score, kids)
	for c := range kids {
		id := trace.NodeID(c + 1)
		events = append(events, trace.Event{Kind: trace.KindNode, Node: id, Parent: 0, Action: c, Label: "m" + strconv.Itoa(c), Depth: 1, Type: trace.TypeMin})
		children = append(children, id)
		scores[c] = trace.Score{Child: id, Action: c, UCB: math.NaN()}
	}
	events = append(events, trace.Event{Kind: trace.KindExpand, Node: 0, Children: children})
	for it := 1; it <= iterations; it++ {
		c := (it * 7) % kids
		s := &scores[c]
		result := float64(it%3) / 2 // 0, 0.5, 1
		s.N++
		s.W += result
		for i := range scores {
			if scores[i].N > 0 {
				scores[i].UCB = scores[i].W/float64(scores[i].N) + 1.4*math.Sqrt(math.Log(float64(it))/float64(scores[i].N))
			}
		}
		events = append(events,
			trace.Event{Kind: trace.KindIteration, Iteration: it},
			trace.Event{Kind: trace.KindEnter, Node: 0},
			trace.Event{Kind: trace.KindSelect, Node: 0, Child: s.Child, Scores: slices.Clone(scores)},
			trace.Event{Kind: trace.KindEnter, Node: s.Child},
			trace.Event{Kind: trace.KindPlayout, Node: s.Child, Result: result, Length: 9 + it%5},
			trace.Event{Kind: trace.KindBackprop, Path: []trace.NodeID{s.Child, 0}, Values: []float64{1 - result, result}},
			trace.Event{Kind: trace.KindLeave, Node: s.Child},
			trace.Event{Kind: trace.KindLeave, Node: 0},
			trace.Event{Kind: trace.KindNote, Node: s.Child, Text: "iteration " + strconv.Itoa(it)},
		)
	}
	events = append(events, trace.Event{Kind: trace.KindDecision, Node: 0, Action: 3, Label: "m3", Value: 0.5,
		Counters: trace.Counters{Nodes: kids + 1, Evals: iterations}})
	for i := range events {
		events[i].Step = i
	}
	return events
}

// TestRecorderEventBudget records a long MCTS-like stream within event
// and byte budgets: the recording stops within the budget, with the note
// saying which budget was reached, and ends with the decision; it folds,
// validates, and, written by a Writer, takes no more bytes than the byte
// budget.
func TestRecorderEventBudget(t *testing.T) {
	testenv.SkipUnderRace(t, "records in the test goroutine")
	t.Parallel()
	stream := mctsStream(20_000, 30) // 180,000 events
	tests := []struct {
		name   string
		budget trace.Budget
		note   string
	}{
		{"events", trace.Budget{Nodes: 1500, Events: 10_000}, "trace truncated: event budget of 10000 events reached; later events are not recorded"},
		{"bytes", trace.Budget{Nodes: 1500, Bytes: 1 << 20}, "trace truncated: byte budget of 1048576 bytes reached; later events are not recorded"},
		{"events first", trace.Budget{Events: 500, Bytes: 1 << 20}, "trace truncated: event budget of 500 events"},
		{"bytes first", trace.Budget{Events: 100_000, Bytes: 100_000}, "trace truncated: byte budget of 100000 bytes"},
		{"tiny", trace.Budget{Events: 3}, "event budget of 3 events"},
		{"small bytes", trace.Budget{Bytes: 1000}, "byte budget of 1000 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rec := trace.NewBudgetRecorder(tt.budget)
			var buf bytes.Buffer
			w, err := trace.NewWriter(&buf, trace.Header{})
			if err != nil {
				t.Fatal(err)
			}
			headerSize := buf.Len()
			lim := trace.LimitBudget(w, tt.budget)
			for _, e := range stream {
				rec.Emit(e)
				lim.Emit(e)
			}
			events := rec.Events()
			if !rec.Truncated() || !lim.Truncated() {
				t.Errorf("Truncated() = %v, %v, want true", rec.Truncated(), lim.Truncated())
			}
			if tt.budget.Events > 0 && len(events) > tt.budget.Events {
				t.Errorf("recorded %d events, over the budget of %d", len(events), tt.budget.Events)
			}
			if n := countKind(events, trace.KindNote); tt.budget.Events > 0 && len(events) != tt.budget.Events && tt.budget.Bytes == 0 {
				t.Errorf("recorded %d events (%d notes), want exactly the budget of %d", len(events), n, tt.budget.Events)
			}
			var notes []string
			for _, e := range events {
				if e.Kind == trace.KindNote && strings.HasPrefix(e.Text, trace.TruncatedNote) {
					notes = append(notes, e.Text)
				}
			}
			if len(notes) != 1 || !strings.Contains(notes[0], tt.note) {
				t.Errorf("truncation notes %q, want one saying %q", notes, tt.note)
			}
			if last := events[len(events)-1]; last.Kind != trace.KindDecision || last.Label != "m3" {
				t.Errorf("last event %+v, want the decision m3", last)
			}
			if err := tracetest.Validate(events); err != nil {
				t.Errorf("recorded trace is invalid: %v", err)
			}
			if _, err := trace.NewTree(events); err != nil {
				t.Errorf("NewTree: %v", err)
			}
			// The recorded events, written, fit in the byte budget.
			written := tracetest.Encode(t, trace.Header{}, events)
			if size := len(written) - headerSize; tt.budget.Bytes > 0 && int64(size) > tt.budget.Bytes {
				t.Errorf("the recorded events take %d bytes written, over the budget of %d", size, tt.budget.Bytes)
			} else if strings.Contains(tt.note, "byte budget") && tt.budget.Bytes >= 100_000 && int64(size) < tt.budget.Bytes*3/4 {
				t.Errorf("the recorded events take %d bytes written, far under the budget of %d", size, tt.budget.Bytes)
			}
			// A Limiter in front of a Writer writes the same events.
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), written) {
				t.Errorf("the Limiter wrote %d bytes, the Recorder's events %d", buf.Len(), len(written))
			}
		})
	}
}

// TestLimiterBudgetKeepsRoom checks the room a Limiter holds back, with
// budgets just large enough and just too small for a trace.
func TestLimiterBudgetKeepsRoom(t *testing.T) {
	testenv.SkipUnderRace(t, "records in the test goroutine")
	t.Parallel()
	events := tracetest.AlphaBeta() // 63 events
	size := int64(0)
	for i := range events {
		line, err := trace.AppendEvent(nil, i, &events[i])
		if err != nil {
			t.Fatal(err)
		}
		size += int64(len(line))
	}
	for _, tt := range []struct {
		name      string
		budget    trace.Budget
		truncated bool
	}{
		// Room for the note is held back until the decision.
		{"events enough", trace.Budget{Events: 64}, false},
		{"events just short", trace.Budget{Events: 63}, true},
		{"bytes enough", trace.Budget{Bytes: size + 400}, false},
		{"bytes just short", trace.Budget{Bytes: size - 1}, true},
		{"nodes and events", trace.Budget{Nodes: 5, Events: 20}, true},
		// The node budget's note, then the event budget's.
		{"nodes, then events", trace.Budget{Nodes: 2, Events: 10}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rec := trace.NewBudgetRecorder(tt.budget)
			for _, e := range events {
				rec.Emit(e)
			}
			got := rec.Events()
			if rec.Truncated() != tt.truncated {
				t.Fatalf("Truncated() = %v, want %v", rec.Truncated(), tt.truncated)
			}
			if !tt.truncated {
				if d := diffEvents(got, events); d != "" {
					t.Error(d)
				}
				return
			}
			if tt.budget.Events > 0 && len(got) != tt.budget.Events {
				t.Errorf("recorded %d events, want the budget's %d", len(got), tt.budget.Events)
			}
			if last := got[len(got)-1]; last.Kind != trace.KindDecision {
				t.Errorf("last event %v, want the decision", last.Kind)
			}
			if _, err := trace.NewTree(got); err != nil {
				t.Errorf("NewTree: %v", err)
			}
			if err := tracetest.Validate(got); err != nil {
				t.Errorf("Validate: %v", err)
			}
			var notes []string
			for _, e := range got {
				if e.Kind == trace.KindNote {
					notes = append(notes, e.Text)
				}
			}
			want := 1
			if tt.budget.Nodes == 2 {
				want = 2
			}
			if len(notes) != want || !strings.HasPrefix(notes[len(notes)-1], trace.TruncatedNote) {
				t.Errorf("notes %q, want %d truncation notes", notes, want)
			}
		})
	}
}

// TestLimiterLongDecisionLabel checks that a decision whose label is
// longer than the room held back for it is shortened to fit.
func TestLimiterLongDecisionLabel(t *testing.T) {
	testenv.SkipUnderRace(t, "records in the test goroutine")
	t.Parallel()
	budget := trace.Budget{Bytes: 2000}
	rec := trace.NewBudgetRecorder(budget)
	long := strings.Repeat("é", 2000)
	for _, e := range mctsStream(100, 3) {
		if e.Kind == trace.KindDecision {
			e.Label = long
		}
		rec.Emit(e)
	}
	events := rec.Events()
	d := events[len(events)-1]
	if d.Kind != trace.KindDecision || d.Label == "" || !strings.HasPrefix(long, d.Label) || len(d.Label) == len(long) {
		t.Fatalf("decision %+v, want one with its label shortened", d)
	}
	header := len(tracetest.Encode(t, trace.Header{}, nil))
	if size := len(tracetest.Encode(t, trace.Header{}, events)) - header; int64(size) > budget.Bytes {
		t.Errorf("the recorded events take %d bytes, over the budget of %d", size, budget.Bytes)
	}
}

// BenchmarkLimiterEmit measures what a Limiter adds to each event of an
// MCTS stream, with a node budget only and with event and byte budgets.
func BenchmarkLimiterEmit(b *testing.B) {
	stream := mctsStream(10_000, 30)
	for _, bb := range []struct {
		name   string
		budget trace.Budget
	}{
		{"none", trace.Budget{}},
		{"nodes", trace.Budget{Nodes: 1500}},
		{"events", trace.Budget{Nodes: 1500, Events: 1 << 40}},
		{"bytes", trace.Budget{Nodes: 1500, Events: 1 << 40, Bytes: 1 << 60}},
	} {
		b.Run(bb.name, func(b *testing.B) {
			l := trace.LimitBudget(discard{}, bb.budget)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				l.Emit(stream[i])
				if i++; i == len(stream)-1 { // not the decision
					i = 0
				}
			}
		})
	}
}

type discard struct{}

func (discard) Emit(trace.Event) {}

// TestLimiterCapsPlaceholders feeds a Limiter with no budget a root and
// wide cuts beyond trace.MaxPlaceholders pruned moves in all, then a new
// node and another cut: it passes every cut that fits whole, cuts the
// trace short at the first that does not with a note naming the cap, and
// drops later nodes and pruned moves, so that what it passes folds.
func TestLimiterCapsPlaceholders(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	const perCut = trace.MaxPrunedPerCut
	whole := trace.MaxPlaceholders / perCut // cuts that fit exactly
	pruned := make([]int, perCut)
	cut := trace.Event{Kind: trace.KindCut, Node: 0, Cut: trace.CutBeta, Value: 1, Beta: 1, Pruned: pruned}
	rec := trace.NewRecorder(0)
	lim := trace.Limit(rec, 0)
	lim.Emit(trace.Event{Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeMax})
	lim.Emit(trace.Event{Kind: trace.KindEnter, Node: 0})
	for range whole + 1 {
		lim.Emit(cut)
	}
	lim.Emit(trace.Event{Kind: trace.KindNode, Node: 1, Parent: 0, Action: 0, Depth: 1, Type: trace.TypeMin})
	lim.Emit(cut)
	lim.Emit(trace.Event{Kind: trace.KindDecision, Node: 0, Action: 0})
	if !lim.Capped() || !lim.Truncated() || lim.Nodes() != 1 {
		t.Errorf("Capped %v, Truncated %v, Nodes %d; want true, true, 1", lim.Capped(), lim.Truncated(), lim.Nodes())
	}
	tr, err := trace.NewTree(rec.Events())
	if err != nil {
		t.Fatalf("the passed trace does not fold: %v", err)
	}
	if tr.Size() != 1+trace.MaxPlaceholders {
		t.Errorf("the folded tree has %d nodes, want the root and %d placeholders", tr.Size(), trace.MaxPlaceholders)
	}
	notes := 0
	for _, e := range rec.Events() {
		if e.Kind == trace.KindNote {
			notes++
			if e.Truncated != trace.TruncatedNodes || !strings.Contains(e.Text, "262144 placeholders of pruned moves") {
				t.Errorf("note %q (%v), want one naming the cap", e.Text, e.Truncated)
			}
		}
	}
	if notes != 1 {
		t.Errorf("%d notes, want one", notes)
	}
}

// TestBuilderCountsPlaceholdersAsNodes crosses a memory budget's node cap
// with the placeholders of a cut: they are nodes of the folded tree.
func TestBuilderCountsPlaceholdersAsNodes(t *testing.T) {
	t.Parallel()
	b := trace.NewBuilder()
	b.LimitMemory(64<<10, t.TempDir())
	most := b.MaxNodes()
	root := trace.Event{Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeMax}
	if err := b.Add(&root); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{most - 1, 1} {
		cut := trace.Event{Step: b.Len(), Kind: trace.KindCut, Node: 0, Cut: trace.CutBeta, Value: 1, Beta: 1, Pruned: make([]int, n)}
		err := b.Add(&cut)
		if over := n == 1; over != errors.Is(err, trace.ErrMemoryBudget) {
			t.Fatalf("a cut of %d placeholders under a root, with a cap of %d nodes: error %v", n, most, err)
		}
	}
}

// TestLimiterPlaceholdersBudget crosses Budget.Placeholders: cuts pass
// whole up to it, the one past it passes without its pruned moves, and
// the note names the budget's cap.
func TestLimiterPlaceholdersBudget(t *testing.T) {
	t.Parallel()
	rec := trace.NewBudgetRecorder(trace.Budget{Placeholders: 5})
	rec.Emit(trace.Event{Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeMax})
	for range 3 {
		rec.Emit(trace.Event{Kind: trace.KindCut, Node: 0, Cut: trace.CutBeta, Value: 1, Beta: 1, Pruned: []int{0, 1}})
	}
	tr, err := trace.NewTree(rec.Events())
	if err != nil {
		t.Fatal(err)
	}
	if tr.Size() != 1+4 {
		t.Errorf("%d nodes folded, want the root and the 4 placeholders of the two cuts within the budget of 5", tr.Size())
	}
	last := rec.Events()[len(rec.Events())-1]
	if note := rec.Events()[len(rec.Events())-2]; note.Kind != trace.KindNote || !strings.Contains(note.Text, "the cap of 5 placeholders") || last.Kind != trace.KindCut || len(last.Pruned) != 0 {
		t.Errorf("the last events %+v, %+v: want a note naming the cap of 5, then the third cut without its pruned moves", note, last)
	}
}
