package explain

import (
	"testing"

	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

func textbook(t *testing.T) *trace.Tree {
	t.Helper()
	tr, err := trace.NewTree(tracetest.AlphaBeta())
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestDescribeTextbook(t *testing.T) {
	t.Parallel()
	tr := textbook(t)
	tests := []struct {
		step int
		view trace.View
		want string
	}{
		{0, trace.ViewRoot, "Start at the root (MAX to move)."},
		{3, trace.ViewRoot, "Play a1 from the root: a MIN node at depth 1."},
		{9, trace.ViewRoot, "Game over at b1: 3 (MAX's view)."},
		{11, trace.ViewRoot, "a1's best so far: 3 (MAX's view), through b1."},
		{11, trace.ViewSide, "a1's best so far: -3 (side to move's view: MIN's), through b1."},
		{12, trace.ViewRoot, "a1's window: α = -∞, β = 3 (MAX's view)."},
		{12, trace.ViewSide, "a1's window: α = -3, β = ∞ (side to move's view: MIN's)."},
		{23, trace.ViewRoot, "Return from a1 with value 3 (MAX's view)."},
		{35, trace.ViewRoot, "α-cut: 2 ≤ α=3 at a2 (a MIN node): its value already falls to α, what MAX above is sure of elsewhere, so MAX will never let play reach it, and c2 and c3 need not be searched."},
		// a2's leaf 2 is -2 in MIN's view, and the root's α=3 is a2's β=-3: negamax's test.
		{35, trace.ViewSide, "β-cut: -2 ≥ β=-3 at a2 (a MIN node, values in MIN's view): its value already reaches β, the negation of what MAX above is sure of elsewhere, so MAX will never let play reach it, and c2 and c3 need not be searched."},
		{62, trace.ViewRoot, "Decision: play a1, value 3 (MAX's view). 11 nodes, 7 evaluations, 1 cut."},
	}
	for _, tt := range tests {
		if err := tr.Seek(tt.step); err != nil {
			t.Fatal(err)
		}
		if got := Describe(tr, tt.view); got != tt.want {
			t.Errorf("step %d, %v view:\n got %q\nwant %q", tt.step, tt.view, got, tt.want)
		}
	}
}
