package tracetest

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

func TestValidateAccepts(t *testing.T) {
	testenv.SkipUnderRace(t, "checks traces in the test goroutine")
	t.Parallel()
	truncated := trace.NewRecorder(4)
	for _, e := range AlphaBeta() {
		truncated.Emit(e)
	}
	tests := []struct {
		name   string
		events []trace.Event
	}{
		{"empty", nil},
		{"alphabeta", AlphaBeta()},
		{"every kind", EveryKind()},
		{"alphabeta before its decision", AlphaBeta()[:40]},
		{"alphabeta truncated by a recorder", truncated.Events()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if err := Validate(tt.events); err != nil {
				t.Error(err)
			}
		})
	}
}

// clone returns a deep enough copy of events for one test case to change.
func clone(events []trace.Event) []trace.Event {
	out := slices.Clone(events)
	for i := range out {
		out[i].Scores = slices.Clone(out[i].Scores)
		out[i].Pruned = slices.Clone(out[i].Pruned)
		out[i].PrunedLabels = slices.Clone(out[i].PrunedLabels)
	}
	return out
}

func TestValidateRejects(t *testing.T) {
	testenv.SkipUnderRace(t, "checks traces in the test goroutine")
	t.Parallel()
	ab := func(change func(es []trace.Event) []trace.Event) []trace.Event { return change(clone(AlphaBeta())) }
	every := func(change func(es []trace.Event) []trace.Event) []trace.Event { return change(clone(EveryKind())) }
	tests := []struct {
		name   string
		events []trace.Event
		want   string
	}{
		{"step skipped", ab(func(es []trace.Event) []trace.Event { es[5].Step = 6; return es }),
			"tracetest: step 5: step is 6, want 5"},
		{"invalid kind", ab(func(es []trace.Event) []trace.Event { es[5].Kind = trace.KindBad; return es }),
			"step 5: invalid kind bad"},
		{"node ids not dense", ab(func(es []trace.Event) []trace.Event { es[6].Node = 3; return es }),
			"step 6: node id 3, want 2"},
		{"first node not the root", ab(func(es []trace.Event) []trace.Event { return es[3:] }),
			"step 0: step is 3, want 0"},
		{"root with a parent", ab(func(es []trace.Event) []trace.Event { es[0].Parent = 0; return es }),
			"step 0: root has parent 0 and depth 0, want parent -1 and depth 0"},
		{"root at depth 1", ab(func(es []trace.Event) []trace.Event { es[0].Depth = 1; return es }),
			"step 0: root has parent -1 and depth 1"},
		{"parent does not exist", ab(func(es []trace.Event) []trace.Event { es[6].Parent = 9; return es }),
			"step 6: node 2 has parent 9, which does not exist"},
		{"depth not parent's plus one", ab(func(es []trace.Event) []trace.Event { es[6].Depth = 3; return es }),
			"step 6: node 2 has depth 3, want 2"},
		{"invalid node kind", ab(func(es []trace.Event) []trace.Event { es[6].Type = trace.TypeBad; return es }),
			"step 6: node 2 has invalid node kind bad"},
		{"eval of a node not yet created", ab(func(es []trace.Event) []trace.Event { es[9].Node = 5; return es }),
			"step 9: node 5 does not exist (3 nodes so far)"},
		{"leave out of order", ab(func(es []trace.Event) []trace.Event { es[10].Node = 1; return es }),
			"step 10: leave 1, but the innermost entered node is 2"},
		{"leave with nothing entered", ab(func(es []trace.Event) []trace.Event { es[1].Kind = trace.KindLeave; return es }),
			"step 1: leave 0 with no node entered"},
		{"alpha above beta", ab(func(es []trace.Event) []trace.Event { es[2].Alpha, es[2].Beta = 1, 0; return es }),
			"step 2: bounds of node 0: alpha 1 > beta 0"},
		{"NaN bound", ab(func(es []trace.Event) []trace.Event { es[2].Beta = math.NaN(); return es }),
			"step 2: bounds of node 0: alpha -Inf > beta NaN"},
		{"beta cut at a min node", ab(func(es []trace.Event) []trace.Event { es[35].Cut = trace.CutBeta; return es }),
			"step 35: beta cut at min node 5, want alpha"},
		{"alpha cut at a max node", every(func(es []trace.Event) []trace.Event {
			es[16].Type = trace.TypeMax // node 3, the parent of nothing cut
			es[25].Node, es[25].Cut = 3, trace.CutAlpha
			return es
		}), "step 25: alpha cut at max node 3, want beta"},
		{"cut below beta", ab(func(es []trace.Event) []trace.Event { es[35].Value = -4; return es }),
			"step 35: cut at node 5 with value -4 < beta -3"},
		{"cut window inverted", ab(func(es []trace.Event) []trace.Event { es[35].Alpha = 0; return es }),
			"step 35: cut at node 5: alpha 0 > beta -3"},
		{"labels missing", ab(func(es []trace.Event) []trace.Event { es[35].PrunedLabels = es[35].PrunedLabels[:1]; return es }),
			"step 35: cut at node 5 has 2 pruned actions but 1 labels"},
		{"cut prunes nothing", ab(func(es []trace.Event) []trace.Event { es[35].Pruned, es[35].PrunedLabels = nil, nil; return es }),
			"step 35: cut at node 5 prunes no action"},
		{"best is a grandchild", ab(func(es []trace.Event) []trace.Event { es[24].Best = 2; return es }),
			"step 24: best 2 is a child of 1, not of node 0"},
		{"best does not exist", ab(func(es []trace.Event) []trace.Event { es[11].Best = 3; return es }),
			"step 11: best 3 does not exist"},
		{"select a non-child", every(func(es []trace.Event) []trace.Event { es[7].Child = 0; return es }),
			"step 7: child 0 is a child of -1, not of node 0"},
		{"score of a non-child", every(func(es []trace.Event) []trace.Event { es[7].Scores[1].Child = 0; return es }),
			"step 7: score child 0 is a child of -1, not of node 0"},
		{"visits decrease", every(func(es []trace.Event) []trace.Event { es[7].Scores[0].N = 5; return es }),
			"step 13: visits of node 1 fell from 5 to 1"},
		{"expand a non-child", every(func(es []trace.Event) []trace.Event { es[6].Node = 1; return es }),
			"step 6: expanded child 1 is a child of 0, not of node 1"},
		{"backprop values missing", every(func(es []trace.Event) []trace.Event { es[11].Values = es[11].Values[:1]; return es }),
			"step 11: backprop has 2 nodes in path but 1 values"},
		{"backprop path downwards", every(func(es []trace.Event) []trace.Event { es[11].Path = []trace.NodeID{0, 1}; return es }),
			"step 11: backprop path goes from 0 to 1, which is not its parent"},
		{"playout result above 1", every(func(es []trace.Event) []trace.Event { es[10].Result = 1.5; return es }),
			"step 10: playout result 1.5, want a number in [0, 1]"},
		{"playout result NaN", every(func(es []trace.Event) []trace.Event { es[10].Result = math.NaN(); return es }),
			"step 10: playout result NaN"},
		{"beam keeps a missing node", every(func(es []trace.Event) []trace.Event { es[32].Kept = []trace.NodeID{1, 99}; return es }),
			"step 32: kept node 99 does not exist"},
		{"beam drops a missing node", every(func(es []trace.Event) []trace.Event { es[32].Dropped = []trace.NodeID{-1}; return es }),
			"step 32: dropped node -1 does not exist"},
		{"note about a missing node", every(func(es []trace.Event) []trace.Event { es[34].Node = 99; return es }),
			"step 34: node 99 does not exist"},
		{"joint child without its moves", every(func(es []trace.Event) []trace.Event { es[36].Joint = nil; return es }),
			"step 36: node 6 is a child of joint node 4 but has no joint action"},
		{"moves below a max node", every(func(es []trace.Event) []trace.Event {
			es[4].Joint = &trace.JointAction{{Action: 3, Label: "b"}, {Action: 1, Label: "1"}}
			return es
		}), "step 4: node 1 has a joint action, but its parent 0 is a max node, not a joint one"},
		{"moves at the root", every(func(es []trace.Event) []trace.Event {
			es[0].Joint = &trace.JointAction{}
			return es
		}), "step 0: root has a joint action, which only a child of a joint node has"},
		{"two decisions", ab(func(es []trace.Event) []trace.Event {
			d := es[62]
			d.Step = 63
			return append(es, d)
		}), "step 63: decision event after the decision at step 62"},
		{"decision not last", ab(func(es []trace.Event) []trace.Event {
			es[61], es[62] = es[62], es[61]
			es[61].Step, es[62].Step = 61, 62
			return es
		}), "step 62: leave event after the decision at step 61"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := Validate(tt.events)
			if err == nil {
				t.Fatalf("Validate accepted the trace, want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Validate error:\n%v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

func TestValidateLimitsViolations(t *testing.T) {
	testenv.SkipUnderRace(t, "checks traces in the test goroutine")
	t.Parallel()
	events := []trace.Event{{Kind: trace.KindNode, Parent: trace.NoNode, Type: trace.TypeMax}}
	for i := 1; i <= 200; i++ {
		events = append(events, trace.Event{Step: i, Kind: trace.KindLeave, Node: 0})
	}
	err := Validate(events)
	var joined interface{ Unwrap() []error }
	if !errors.As(err, &joined) {
		t.Fatalf("Validate error %v is not a joined error", err)
	}
	errs := joined.Unwrap()
	if len(errs) != maxViolations+1 || !strings.Contains(errs[len(errs)-1].Error(), "and 150 more violations") {
		t.Errorf("got %d errors ending in %v, want %d and a count of the other 150", len(errs), errs[len(errs)-1], maxViolations)
	}
}

// TestExamples checks the example traces against facts known without
// the code: the textbook tree's minimax value and node counts.
func TestExamples(t *testing.T) {
	testenv.SkipUnderRace(t, "checks traces in the test goroutine")
	t.Parallel()
	events := AlphaBeta()
	if len(events) != 63 {
		t.Errorf("AlphaBeta has %d events, want 63", len(events))
	}
	count := map[trace.Kind]int{}
	var leaves []float64
	for _, e := range events {
		count[e.Kind]++
		if e.Kind == trace.KindEval {
			leaves = append(leaves, e.Value)
		}
	}
	d := events[len(events)-1]
	if d.Kind != trace.KindDecision || d.Counters.Nodes != count[trace.KindNode] ||
		d.Counters.Evals != count[trace.KindEval] || d.Counters.Cuts != count[trace.KindCut] {
		t.Errorf("decision %+v does not match the trace's counts %v", d, count)
	}
	if count[trace.KindNode] != 11 || count[trace.KindCut] != 1 {
		t.Errorf("AlphaBeta has %d nodes and %d cuts, want 11 and 1", count[trace.KindNode], count[trace.KindCut])
	}
	// The leaves alpha-beta evaluates, left to right: all of B, C's first, all of D.
	if want := []float64{3, 12, 8, 2, 14, 5, 2}; !slices.Equal(leaves, want) {
		t.Errorf("AlphaBeta evaluates %v, want %v", leaves, want)
	}
	// max(min(3,12,8), min(2,4,6), min(14,5,2)) = 3, by move a1.
	if d.Value != 3 || d.Action != 0 || d.Label != "a1" {
		t.Errorf("decision %v %q value %v, want a1 with value 3", d.Action, d.Label, d.Value)
	}

	seen := map[trace.Kind]bool{}
	for _, e := range EveryKind() {
		seen[e.Kind] = true
	}
	for _, k := range trace.Kinds() {
		if !seen[k] {
			t.Errorf("EveryKind has no %v event", k)
		}
	}
}

func TestValidateScoresWithoutChild(t *testing.T) {
	testenv.SkipUnderRace(t, "checks traces in the test goroutine")
	t.Parallel()
	// At a simultaneous-move node a select event scores one player's
	// actions, which are not children; anywhere else a score needs one.
	events := func(typ trace.NodeType) []trace.Event {
		es := []trace.Event{
			{Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: typ},
			{Kind: trace.KindNode, Node: 1, Parent: 0, Action: 0, Depth: 1, Type: typ},
			{Kind: trace.KindSelect, Node: 0, Child: 1, Scores: []trace.Score{{Child: trace.NoNode, Action: 0, UCB: math.NaN()}}},
		}
		if typ == trace.TypeJoint {
			es[1].Joint = &trace.JointAction{{Action: 0, Label: "a"}, {Action: 0, Label: "b"}}
		}
		for i := range es {
			es[i].Step = i
		}
		return es
	}
	if err := Validate(events(trace.TypeJoint)); err != nil {
		t.Errorf("scores without a child at a joint node: %v", err)
	}
	if err := Validate(events(trace.TypeMax)); err == nil || !strings.Contains(err.Error(), "not a simultaneous-move node") {
		t.Errorf("scores without a child at a max node: %v, want an error", err)
	}
}
