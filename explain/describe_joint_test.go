package explain

import (
	"math"
	"testing"

	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// jointTrace is the start of a DUCT trace at a node with two children,
// reached by the joint actions (a/b, c) and (x, y): labels with a "/" of
// their own, which splitting the combined label would get wrong. Without
// joint, the children have only their combined labels, as in traces
// written before joint actions were recorded.
func jointTrace(t *testing.T, joint bool) *trace.Tree {
	t.Helper()
	nan := math.NaN()
	kid1 := trace.Event{Kind: trace.KindNode, Node: 1, Parent: 0, Action: 0, Label: "a/b/c", Depth: 1, Type: trace.TypeJoint}
	kid2 := trace.Event{Kind: trace.KindNode, Node: 2, Parent: 0, Action: 1, Label: "x/y", Depth: 1, Type: trace.TypeJoint}
	if joint {
		kid1.Joint = &trace.JointAction{{Action: 0, Label: "a/b"}, {Action: 2, Label: "c"}}
		kid2.Joint = &trace.JointAction{{Action: 1, Label: "x"}, {Action: 0, Label: "y"}}
	}
	events := []trace.Event{
		{Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeJoint},
		kid1,
		kid2,
		{Kind: trace.KindExpand, Node: 0, Children: []trace.NodeID{1, 2}},
		{Kind: trace.KindIteration, Iteration: 1},
		{Kind: trace.KindEnter, Node: 0}, // 5
		{Kind: trace.KindSelect, Node: 0, Child: 1, Scores: []trace.Score{
			{Child: trace.NoNode, Action: 0, UCB: nan}, {Child: trace.NoNode, Action: 1, UCB: nan}}},
		{Kind: trace.KindSelect, Node: 0, Child: 1, Scores: []trace.Score{
			{Child: trace.NoNode, Action: 2, UCB: nan}, {Child: trace.NoNode, Action: 0, UCB: nan}}},
		{Kind: trace.KindEnter, Node: 1},
		{Kind: trace.KindIteration, Iteration: 2},
		{Kind: trace.KindSelect, Node: 0, Child: 2, Scores: []trace.Score{ // 10
			{Child: trace.NoNode, Action: 0, W: 1, N: 1, UCB: 1.5}, {Child: trace.NoNode, Action: 1, W: 1, N: 1, UCB: 2.25}}},
		{Kind: trace.KindSelect, Node: 0, Child: 2, Scores: []trace.Score{
			{Child: trace.NoNode, Action: 2, W: 0, N: 1, UCB: 0.5}, {Child: trace.NoNode, Action: 0, W: 1, N: 1, UCB: 1.75}}},
		{Kind: trace.KindNote, Node: trace.NoNode, Truncated: trace.TruncatedNodes,
			Text: "trace truncated: node budget of 3 nodes reached; later nodes are not recorded"},
	}
	for i := range events {
		events[i].Step = i
	}
	if joint {
		if err := tracetest.Validate(events); err != nil {
			t.Fatal(err)
		}
	}
	tr, err := trace.NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestDescribeJointSelection(t *testing.T) {
	t.Parallel()
	tests := []struct {
		joint bool
		step  int
		want  string
	}{
		{true, 6, "Player A picks a/b at the root: an action it has never tried goes first; the other player chooses on its own."},
		{true, 7, "Player B picks c at the root: an action it has never tried goes first; the other player chooses on its own."},
		{true, 10, "Player A picks x at the root: the highest UCB1 (2.250) over its own actions, counted over all of the other player's replies."},
		{true, 11, "Player B picks y at the root: the highest UCB1 (1.750) over its own actions, counted over all of the other player's replies."},
		{true, 12, "Trace truncated: node budget of 3 nodes reached; later nodes are not recorded."},
		// A trace without joint actions names the pair as its label does.
		{false, 6, "Player A picks a/b/c at the root: an action it has never tried goes first; the other player chooses on its own."},
		{false, 11, "Player B picks x/y at the root: the highest UCB1 (1.750) over its own actions, counted over all of the other player's replies."},
	}
	for _, tt := range tests {
		tr := jointTrace(t, tt.joint)
		if err := tr.Seek(tt.step); err != nil {
			t.Fatal(err)
		}
		for _, v := range []trace.View{trace.ViewRoot, trace.ViewSide} {
			if got := Describe(tr, v); got != tt.want {
				t.Errorf("joint actions %v, step %d, %v view:\n got %q\nwant %q", tt.joint, tt.step, v, got, tt.want)
			}
		}
	}
}
