package viewer

import (
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
)

// TestPanelFitsWhatIsDrawn gives viewers of a mid-game tic-tac-toe
// AlphaBeta, too wide to read whole on a laptop, tree panels of several
// sizes: a panel too narrow or too short for the whole tree gets display
// sets whose drawings are no wider than it (but for the paths always
// drawn), each holding the current node and its path; a panel wider and
// taller than the whole drawing gets the whole tree.
func TestPanelFitsWhatIsDrawn(t *testing.T) {
	t.Parallel()
	sh := recordShow(t, "panel", catalog.Request{Game: "tictactoe", Algo: "alphabeta", Position: "x.o/.x./..o"})
	whole, err := sh.Layout(t.Context(), layouter, explain.English, trace.ViewRoot, testLayoutTimeout)
	if err != nil {
		t.Fatal(err)
	}
	wholeW, wholeH, ok := render.DrawingSize(whole)
	if !ok {
		t.Fatal("the whole drawing has no size")
	}
	tests := []struct {
		name          string
		width, height float64
		whole         bool
	}{
		{"a phone", 300, 400, false},
		{"a laptop", 720, 400, false},
		{"wider and taller than the whole drawing", wholeW + 1, wholeH + 1, true},
		// Its six ranks of nodes with boards are far taller than 200 units.
		{"wider than the whole drawing, 200 units tall", wholeW + 1, 200, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			vw := newViewer(sh, trace.ViewRoot)
			vw.layouter = layouter
			if err := vw.SetPanel(tt.width, tt.height); err != nil {
				t.Fatal(err)
			}
			for _, k := range []int{0, sh.Tree().Len() / 3, sh.Tree().Len() - 1} {
				layout, f, err := vw.frame(k, false)
				if err != nil {
					t.Fatal(err)
				}
				if tt.whole {
					if layout != nil || vw.shown != nil {
						t.Errorf("step %d: a display set is drawn, want the whole tree", k)
					}
					continue
				}
				if vw.shown == nil {
					t.Fatalf("step %d: the whole tree is drawn in a panel %g wide, narrower than its %g", k, tt.width, wholeW)
				}
				if f.Current >= 0 && !vw.shown.Has(trace.NodeID(f.Current)) {
					t.Errorf("step %d: the current node %d is not drawn", k, f.Current)
				}
				if layout == nil {
					continue // the display set drawn before holds the step
				}
				w, _, ok := render.DrawingSize([]byte(layout.SVG))
				if !ok {
					t.Fatalf("step %d: the drawing has no size: %.80s", k, layout.SVG)
				}
				// A drawing may pass the panel only when it draws no more
				// than the least budget.
				depth := 0
				if c := vw.tree.Current(); c != trace.NoNode {
					depth = vw.tree.Node(c).Depth
				}
				if w > tt.width && vw.shown.Len() > minPanelBudget+depth+1 {
					t.Errorf("step %d: a drawing %g wide of %d nodes in a panel %g wide", k, w, vw.shown.Len(), tt.width)
				}
			}
		})
	}
}

// TestPanelLimits crosses MaxPanelUnits and the other bounds of a panel
// command: each refused with what is allowed.
func TestPanelLimits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		w, h float64
		ok   bool
	}{
		{720, 400, true},
		{MaxPanelUnits, MaxPanelUnits, true},
		{MaxPanelUnits + 1, 400, false},
		{720, MaxPanelUnits + 1, false},
		{0, 400, false},
		{720, -1, false},
	}
	for _, tt := range tests {
		err := CheckPanel(tt.w, tt.h)
		if (err == nil) != tt.ok {
			t.Errorf("CheckPanel(%g, %g) = %v, want ok %v", tt.w, tt.h, err, tt.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "(0, 100000]") {
			t.Errorf("CheckPanel(%g, %g) says %q, want the range allowed", tt.w, tt.h, err)
		}
		c, derr := decodeCommand([]byte(`{"type":"panel","width":` + strconv.FormatFloat(tt.w, 'g', -1, 64) + `,"height":` + strconv.FormatFloat(tt.h, 'g', -1, 64) + `}`))
		if derr != nil {
			t.Fatal(derr)
		}
		if cerr := c.check(10, 10); (cerr == nil) != tt.ok {
			t.Errorf("a panel command of %g by %g checks as %v, want ok %v", tt.w, tt.h, cerr, tt.ok)
		}
	}
}

// TestNavCountsPrunedMoves checks that the count of pruned moves the
// navigation sends is the number of moves the trace's cuts pruned, so
// that the tree's nodes less them are the nodes the search made, as the
// trace's decision counts them.
func TestNavCountsPrunedMoves(t *testing.T) {
	t.Parallel()
	h, events := recordSearch(t, catalog.Request{Game: "tictactoe", Algo: "alphabeta", Position: "x.o/.x./..o"})
	sh, err := loadShow("pruned", h, events)
	if err != nil {
		t.Fatal(err)
	}
	made, pruned := 0, 0
	for _, e := range events {
		switch e.Kind {
		case trace.KindNode:
			made++
		case trace.KindCut:
			pruned += len(e.Pruned)
		}
	}
	vw := newViewer(sh, trace.ViewRoot)
	nav := vw.navView(trace.NoNode)
	if pruned == 0 || nav.Pruned != pruned || nav.Total-nav.Pruned != made {
		t.Errorf("the navigation counts %d nodes, %d of them pruned moves; the trace made %d nodes and its cuts pruned %d moves", nav.Total, nav.Pruned, made, pruned)
	}
}
