package trace_test

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

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
	for _, limit := range []int{0, -1, 11, 1000} {
		r := record(limit, tracetest.AlphaBeta())
		if r.Truncated() {
			t.Errorf("budget %d: Truncated() = true for a trace of 11 nodes", limit)
		}
		if d := diffEvents(r.Events(), tracetest.AlphaBeta()); d != "" {
			t.Errorf("budget %d: %s", limit, d)
		}
	}
}

// TestRecorderBudget truncates the textbook alpha-beta trace. The expected
// lengths follow from the protocol: with a budget of 5 nodes the root,
// B and B's three leaves are kept (steps 0-25), node C (step 26) is the
// first dropped, and of the rest only the root's leave and the decision
// are about recorded nodes.
func TestRecorderBudget(t *testing.T) {
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
		r := record(tt.budget, tracetest.AlphaBeta())
		events := r.Events()
		if !r.Truncated() {
			t.Errorf("budget %d: Truncated() = false", tt.budget)
		}
		if len(events) != tt.wantLen {
			t.Errorf("budget %d: recorded %d events, want %d", tt.budget, len(events), tt.wantLen)
		}
		if n := countKind(events, trace.KindNode); n != tt.wantNodes {
			t.Errorf("budget %d: recorded %d nodes, want %d", tt.budget, n, tt.wantNodes)
		}
		if n := countKind(events, trace.KindNote); n != 1 {
			t.Errorf("budget %d: %d notes, want 1", tt.budget, n)
		}
		for _, e := range events {
			if e.Kind == trace.KindNote && !strings.Contains(e.Text, "node budget of "+strconv.Itoa(tt.budget)+" nodes reached") {
				t.Errorf("budget %d: note %q does not name the budget", tt.budget, e.Text)
			}
		}
		if last := events[len(events)-1]; last.Kind != trace.KindDecision || last.Label != "a1" {
			t.Errorf("budget %d: last event %+v, want the decision a1", tt.budget, last)
		}
		if err := tracetest.Validate(events); err != nil {
			t.Errorf("budget %d: recorded trace is invalid: %v", tt.budget, err)
		}
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
	if n := countKind(events, trace.KindNote); n != 3 {
		t.Errorf("%d notes, want the truncation note and both original notes", n)
	}
}

// TestRecorderCopies checks that the Recorder does not keep the caller's
// slices, which engines reuse between events.
func TestRecorderCopies(t *testing.T) {
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
	for _, budget := range []int{0, 1, 5, 10} {
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
			t.Errorf("budget %d: %s", budget, d)
		}
		if l.Truncated() != want.Truncated() {
			t.Errorf("budget %d: Limiter.Truncated() = %v, Recorder's %v", budget, l.Truncated(), want.Truncated())
		}
	}
}
