package render

import (
	"strings"
	"testing"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// TestChanceNodesInBothViews checks what chance nodes show in each view,
// worked by hand on a tree where MAX's move a1 reaches MIN, whose two
// moves each go to a fair coin: b1 over leaves 4 and 8 (worth 6 to MAX),
// b2 over 2 and 6 (worth 4); MAX's move a2 reaches a MIN node over a leaf
// 5. In MAX's view b1 shows 6, b2 4 and MIN's node 4. In the side to move's view MIN's
// node shows -4, MIN's own, and the coins after MIN's moves show -6 and
// -4, MIN's expectations, so that MIN's -4 is the greater of its
// children's, as negamax's q reads; the leaves after them show MAX's 4 and
// 8. The step's words and the legend say whose view a coin's value is in.
func TestChanceNodesInBothViews(t *testing.T) {
	t.Parallel()
	tr := mustTree(t, searchEvents(t, "chancetree", "expectimax depth=2", "[[{0.5:4,0.5:8},{0.5:2,0.5:6}],[5]]"), lastStep)
	byLabel := map[string]trace.NodeID{}
	for id := range trace.NodeID(tr.Size()) {
		n := tr.Node(id)
		if n.Parent != trace.NoNode && tr.Node(n.Parent).Parent == trace.NoNode {
			byLabel["MIN "+n.Label] = id // the root's children, by move
		}
		if n.Type == trace.TypeChance {
			byLabel["coin "+n.Label] = id
		}
	}
	tests := []struct {
		node       string
		root, side string
	}{
		{"MIN a1", "4", "-4"},
		{"MIN a2", "5", "-5"},
		{"coin b1", "6", "-6"},
		{"coin b2", "4", "-4"},
	}
	for _, tt := range tests {
		id, ok := byLabel[tt.node]
		if !ok {
			t.Fatalf("no node %q among %v", tt.node, byLabel)
		}
		for v, want := range map[View]string{ViewRoot: tt.root, ViewSide: tt.side} {
			if got := Display(tr, id, v).Value; got != want {
				t.Errorf("%s in the %s view shows %q, want %q", tt.node, v, got, want)
			}
		}
	}
	// The coin's value event, in words, in the side to move's view.
	coin, described := byLabel["coin b1"], false
	for k := range tr.Len() {
		if e := tr.Event(k); e.Kind != trace.KindValue || e.Node != coin {
			continue
		}
		described = true
		if err := tr.Seek(k); err != nil {
			t.Fatal(err)
		}
		if got := explain.Describe(tr, ViewSide); !strings.Contains(got, "-6 (side to move's view: MIN's, whose move chance follows)") {
			t.Errorf("the coin's value in words, side view: %q, want -6 in MIN's view", got)
		}
	}
	if !described {
		t.Error("no value event at the coin b1 to describe")
	}
	// The legend says it where the drawing shows the side to move's view:
	// a page's drawing, shown in both, words it for both.
	const says = "in the side to move's view, its value is in the view of the player whose move it follows"
	for _, tt := range []struct {
		opts Options
		want bool
	}{
		{Options{View: ViewRoot, Legend: true}, false},
		{Options{View: ViewSide, Legend: true}, true},
		{Options{View: ViewRoot, Legend: true, Patchable: true}, true},
		{Options{View: ViewSide, Legend: true, Patchable: true}, true},
	} {
		if got := strings.Contains(writeDOT(t, tr, tt.opts), says); got != tt.want {
			t.Errorf("%+v: the legend says whose view a chance node's value is in: %v, want %v", tt.opts, got, tt.want)
		}
	}
}
