package trace

import (
	"slices"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

// leaderTrace returns a Monte Carlo trace whose root, of type rootType,
// has children 1, 2 and 3 of type childType, with a backprop through the
// root for each of via (the child, and the result in the root's view),
// then the root's value naming best as its best child, and the decision;
// and the steps of the backprops and of the value event.
func leaderTrace(childType NodeType, via [][2]float64, best NodeID) (events []Event, backprops []int32, value int32) {
	events = []Event{{Kind: KindNode, Node: 0, Parent: NoNode, Action: -1, Type: TypeMax}}
	for c := range 3 {
		events = append(events, Event{Kind: KindNode, Node: NodeID(c + 1), Parent: 0, Action: c, Depth: 1, Type: childType})
	}
	for _, v := range via {
		backprops = append(backprops, int32(len(events)))
		events = append(events, Event{Kind: KindBackprop, Path: []NodeID{NodeID(v[0]), 0}, Values: []float64{1 - v[1], v[1]}})
	}
	value = int32(len(events))
	events = append(events,
		Event{Kind: KindValue, Node: 0, Value: 0.5, Best: best},
		Event{Kind: KindDecision, Node: 0, Action: int(best) - 1, Label: "a", Value: 0.5})
	return foldNumbered(events...), backprops, value
}

// TestGrainDecisionFollowsTheLeader checks, on traces worked out by hand,
// that stepping by decision change on a Monte Carlo search stops where the
// leading root child changes by the rule its decision followed: the most
// visits for MCTS, the best mean for Primitive Monte Carlo, the child
// created first among equals; and not at all for joint moves (DUCT),
// which each player decides apart. The value event that names the best
// child is a change too.
func TestGrainDecisionFollowsTheLeader(t *testing.T) {
	testenv.SkipUnderRace(t, "queries a Tree in the test goroutine")
	t.Parallel()
	tests := []struct {
		name      string
		childType NodeType
		via       [][2]float64
		best      NodeID
		stops     []int // the backprops, by index in via, that change the leader
	}{
		{
			// Visits after each: 1 leads; 1-1 tie, 1 stays; 2 leads;
			// 1-2-1; 1-2-2 tie, 2 stays; 3 leads with 3.
			name: "MCTS, most visits", childType: TypeMin,
			via:  [][2]float64{{1, 0}, {2, 1}, {2, 1}, {3, 0}, {3, 0}, {3, 0}},
			best: 3, stops: []int{0, 2, 5},
		},
		{
			// Round robin, equal visits, so the mean decides: 1 leads
			// (0); 2 (1 against 0); 2 (1 against 0.5); 1-1 tie at 0.5,
			// 1 first; 1 (2/3); tie at 2/3, 1; 2 (0.5 against 2/3);
			// 2 (0.75).
			name: "Primitive Monte Carlo, best mean", childType: TypeMin,
			via:  [][2]float64{{1, 0}, {2, 1}, {1, 1}, {2, 0}, {1, 1}, {2, 1}, {1, 0}, {2, 1}},
			best: 2, stops: []int{0, 1, 3, 6},
		},
		{
			name: "DUCT, joint moves", childType: TypeJoint,
			via:  [][2]float64{{1, 0}, {2, 1}, {2, 1}},
			best: 2, stops: nil,
		},
		{
			// Neither rule picks 1, which has fewest visits and a mean
			// of 0: only the value event.
			name: "a decision by another rule", childType: TypeMin,
			via:  [][2]float64{{1, 0}, {2, 1}, {2, 1}},
			best: 1, stops: nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			events, backprops, value := leaderTrace(tt.childType, tt.via, tt.best)
			var want []int32
			for _, i := range tt.stops {
				want = append(want, backprops[i])
			}
			want = append(want, value)
			if got := grainSteps(newGrainTree(t, events), GrainDecision); !slices.Equal(got, want) {
				t.Errorf("decision changes at %v, want %v", got, want)
			}
		})
	}
}
