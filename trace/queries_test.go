package trace

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

// queryEvents returns a small Monte Carlo and beam trace whose answers are
// stated by hand in TestTreeQueries: two iterations' nodes, evaluations and
// backprops, of which only those whose path runs through a child up to the
// root count as root visits, two beams, a third iteration and a cut that
// leaves placeholder 4.
func queryEvents() []Event {
	return foldNumbered(
		Event{Kind: KindNode, Node: 0, Parent: NoNode, Action: -1, Type: TypeMax},         // 0
		Event{Kind: KindIteration, Iteration: 1},                                          // 1
		Event{Kind: KindNode, Node: 1, Parent: 0, Action: 0, Depth: 1, Type: TypeMin},     // 2
		Event{Kind: KindNode, Node: 2, Parent: 0, Action: 1, Depth: 1, Type: TypeMin},     // 3
		Event{Kind: KindEval, Node: 1, Value: 0.5},                                        // 4
		Event{Kind: KindBackprop, Path: []NodeID{1, 0}, Values: []float64{1, -1}},         // 5: visit 1, through 1
		Event{Kind: KindBeam, Depth: 1, Kept: []NodeID{1}, Dropped: []NodeID{2}},          // 6
		Event{Kind: KindIteration, Iteration: 2},                                          // 7
		Event{Kind: KindNode, Node: 3, Parent: 1, Action: 0, Depth: 2, Type: TypeMax},     // 8
		Event{Kind: KindEval, Node: 1, Value: 0.75},                                       // 9: not node 1's first
		Event{Kind: KindEval, Node: 3, Value: -2},                                         // 10
		Event{Kind: KindBackprop, Path: []NodeID{3, 1, 0}, Values: []float64{0, 0, 0}},    // 11: visit 2, through 1
		Event{Kind: KindBackprop, Path: []NodeID{0}, Values: []float64{1}},                // 12: the root alone
		Event{Kind: KindBackprop, Path: []NodeID{2}, Values: []float64{1}},                // 13: stops below the root
		Event{Kind: KindBackprop, Path: []NodeID{2, 0}, Values: []float64{1, -1}},         // 14: visit 3, through 2
		Event{Kind: KindBeam, Depth: 2, Kept: []NodeID{3}},                                // 15
		Event{Kind: KindIteration, Iteration: 3},                                          // 16
		Event{Kind: KindCut, Node: 2, Cut: CutAlpha, Alpha: 0, Beta: 1, Pruned: []int{0}}, // 17: placeholder 4
		Event{Kind: KindDecision, Node: 0, Action: 0, Label: "a", Value: 1},               // 18
	)
}

func TestTreeQueries(t *testing.T) {
	testenv.SkipUnderRace(t, "queries a Tree in the test goroutine")
	t.Parallel()
	type eval struct {
		v  float64
		ok bool
	}
	none := eval{}
	tests := []struct {
		name       string
		events     []Event
		beamAt     []int // by step from -1, the latest beam's step, or -1
		iteration  []int // by step from -1
		evals      []eval
		rootVisits [][]NodeID // by step from -1
	}{
		{
			name:       "monte carlo and beams",
			events:     queryEvents(),
			beamAt:     []int{-1, -1, -1, -1, -1, -1, -1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 15, 15, 15, 15},
			iteration:  []int{0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3},
			evals:      []eval{none, {0.5, true}, none, {-2, true}, none},
			rootVisits: [][]NodeID{{}, {}, {}, {}, {}, {}, {1}, {1}, {1}, {1}, {1}, {1}, {1, 1}, {1, 1}, {1, 1}, {1, 1, 2}, {1, 1, 2}, {1, 1, 2}, {1, 1, 2}, {1, 1, 2}},
		},
		{
			// The alpha-beta trace has no beams, iterations or backprops;
			// its leaves are evaluated once each and its placeholders
			// 11 and 12 never.
			name:   "textbook alpha-beta",
			events: foldTextbookEvents(),
			evals: []eval{
				none, none, {3, true}, {12, true}, {8, true}, none, {2, true},
				none, {14, true}, {5, true}, {2, true}, none, none,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr, err := NewTree(tt.events)
			if err != nil {
				t.Fatal(err)
			}
			if len(tt.evals) != tr.Size() {
				t.Fatalf("%d evals for %d nodes", len(tt.evals), tr.Size())
			}
			// The answers do not depend on the Tree's step, so ask at several.
			for _, at := range []int{-1, tr.Len() / 2, tr.Len() - 1} {
				if err := tr.Seek(at); err != nil {
					t.Fatal(err)
				}
				for k := -1; k < tr.Len(); k++ {
					wantBeam, wantIter, wantVisits := -1, 0, []NodeID{}
					if tt.beamAt != nil {
						wantBeam, wantIter, wantVisits = tt.beamAt[k+1], tt.iteration[k+1], tt.rootVisits[k+1]
					}
					got := -1
					if e, ok := tr.LatestBeam(k); ok {
						got = e.Step
						if e.Kind != KindBeam {
							t.Errorf("LatestBeam(%d) is a %v event", k, e.Kind)
						}
					}
					if got != wantBeam {
						t.Errorf("at %d: LatestBeam(%d) is at step %d, want %d (-1 for none)", at, k, got, wantBeam)
					}
					if got := tr.IterationAt(k); got != wantIter {
						t.Errorf("at %d: IterationAt(%d) = %d, want %d", at, k, got, wantIter)
					}
					visits := tr.RootVisits(k)
					if !slices.Equal(visits, wantVisits) {
						t.Errorf("at %d: RootVisits(%d) = %v, want %v", at, k, visits, wantVisits)
					}
					if cap(visits) != len(visits) {
						t.Errorf("RootVisits(%d) has capacity %d beyond its %d visits, which appending would overwrite", k, cap(visits), len(visits))
					}
				}
				for id, want := range tt.evals {
					if v, ok := tr.FirstEval(NodeID(id)); ok != want.ok || v != want.v {
						t.Errorf("at %d: FirstEval(%d) = %v, %v, want %v, %v", at, id, v, ok, want.v, want.ok)
					}
				}
			}
		})
	}
}

// TestTreeIterationAtCreation checks that a node's Iteration is the
// iteration under way at the step that created it; a placeholder, created
// by no event, has iteration 0.
func TestTreeIterationAtCreation(t *testing.T) {
	testenv.SkipUnderRace(t, "queries a Tree in the test goroutine")
	t.Parallel()
	events := queryEvents()
	tr, err := NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range []int{0, 1, 1, 2, 0} {
		if got := tr.Node(NodeID(id)).Iteration; got != want {
			t.Errorf("node %d: Iteration %d, want %d", id, got, want)
		}
	}
	for k, e := range events {
		if e.Kind == KindNode {
			if got, want := tr.IterationAt(k), tr.Node(e.Node).Iteration; got != want {
				t.Errorf("IterationAt(%d) = %d, but node %d created there has Iteration %d", k, got, e.Node, want)
			}
		}
	}
}

func TestTreeQueriesPanic(t *testing.T) {
	testenv.SkipUnderRace(t, "queries a Tree in the test goroutine")
	t.Parallel()
	tr, err := NewTree(queryEvents())
	if err != nil {
		t.Fatal(err)
	}
	n, size := tr.Len(), NodeID(tr.Size())
	tests := []struct {
		name string
		call func()
	}{
		{"LatestBeam(-2)", func() { tr.LatestBeam(-2) }},
		{"LatestBeam(Len())", func() { tr.LatestBeam(n) }},
		{"IterationAt(-2)", func() { tr.IterationAt(-2) }},
		{"IterationAt(Len())", func() { tr.IterationAt(n) }},
		{"RootVisits(-2)", func() { tr.RootVisits(-2) }},
		{"RootVisits(Len())", func() { tr.RootVisits(n) }},
		{"FirstEval(-1)", func() { tr.FirstEval(-1) }},
		{"FirstEval(Size())", func() { tr.FirstEval(size) }},
	}
	// The cases share tr, which is not safe for concurrent use.
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if p := recover(); p == nil {
					t.Errorf("%s did not panic", tt.name)
				} else if s := fmt.Sprint(p); !strings.HasPrefix(s, "trace: ") {
					t.Errorf("%s panicked with %q, want a message from package trace", tt.name, s)
				}
			}()
			tt.call()
		})
	}
}

// TestTreeQueriesShared checks that a clone answers as its original does.
func TestTreeQueriesShared(t *testing.T) {
	testenv.SkipUnderRace(t, "queries a Tree in the test goroutine")
	t.Parallel()
	tr, err := NewTree(queryEvents())
	if err != nil {
		t.Fatal(err)
	}
	c := tr.Clone()
	if err := c.Seek(c.Len() - 1); err != nil {
		t.Fatal(err)
	}
	for k := -1; k < tr.Len(); k++ {
		a, aok := tr.LatestBeam(k)
		b, bok := c.LatestBeam(k)
		if aok != bok || a.Step != b.Step || tr.IterationAt(k) != c.IterationAt(k) || !slices.Equal(tr.RootVisits(k), c.RootVisits(k)) {
			t.Errorf("step %d: the clone answers differently", k)
		}
	}
}
