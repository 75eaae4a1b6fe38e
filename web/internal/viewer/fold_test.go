package viewer

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
)

// spanOf returns the top and bottom, in the drawing's points, of the
// outline of node id's group in drawing svg, and false if it is not
// drawn.
func spanOf(svg string, id trace.NodeID) (top, bottom float64, ok bool) {
	at := strings.Index(svg, `<g id="n`+strconv.Itoa(int(id))+`" class="node`)
	if at < 0 {
		return 0, 0, false
	}
	m := regexp.MustCompile(`<polygon[^>]*points="([^"]*)"`).FindStringSubmatch(svg[at:])
	if m == nil {
		return 0, 0, false
	}
	top, bottom = 1e18, -1e18
	for _, pt := range strings.Fields(m[1]) {
		_, y, _ := strings.Cut(pt, ",")
		v, err := strconv.ParseFloat(y, 64)
		if err != nil {
			return 0, 0, false
		}
		top, bottom = min(top, v), max(bottom, v)
	}
	return top, bottom, true
}

// TestPanelFoldsDeepPaths steps viewers of the whole of tic-tac-toe's
// AlphaBeta to a node seven moves deep in panels of three heights: a tall
// one draws the path whole; a shorter one folds it, the root and the
// current node drawn within its height; one too short for three ranks of
// nodes with boards drops the boards and still holds them. No panel costs
// more drawings than the tries at its width and maxRepicks.
func TestPanelFoldsDeepPaths(t *testing.T) {
	t.Parallel()
	sh := recordShow(t, "deep", catalog.Request{Game: "tictactoe", Algo: "alphabeta"})
	full := sh.Tree().Clone()
	k := -1
	for i := range full.Len() {
		if err := full.Seek(i); err != nil {
			t.Fatal(err)
		}
		if c := full.Current(); c != trace.NoNode && full.Node(c).Depth == 7 {
			k = i
			break
		}
	}
	if k < 0 {
		t.Fatal("the search never reaches depth 7")
	}
	for _, tc := range []struct {
		name           string
		height         float64
		fold, noBoards bool
	}{
		{"tall", 3000, false, false},
		{"laptop", 450, true, false},
		{"short", 280, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vw := newViewer(sh, trace.ViewRoot)
			vw.layouter = layouter
			if err := vw.SetPanel(800, tc.height); err != nil {
				t.Fatal(err)
			}
			before := sh.KeptDrawings()
			layout, f, err := vw.frame(k, false)
			if err != nil {
				t.Fatal(err)
			}
			if layout == nil || layout.SVG == "" {
				t.Fatalf("step %d: no drawing", k)
			}
			if made := sh.KeptDrawings() - before; made > panelFitTries+maxRepicks {
				t.Errorf("%d drawings made, more than %d tries and %d repicks", made, panelFitTries, maxRepicks)
			}
			_, folds := vw.shown.Fold()
			if folds != tc.fold || vw.noBoards != tc.noBoards {
				t.Errorf("fold %v, without boards %v; want %v, %v", folds, vw.noBoards, tc.fold, tc.noBoards)
			}
			top, _, ok := spanOf(layout.SVG, 0)
			_, bottom, okCur := spanOf(layout.SVG, trace.NodeID(f.Current))
			if !ok || !okCur {
				t.Fatalf("the root or the current node %d is not drawn", f.Current)
			}
			if span := bottom - top; span > tc.height {
				t.Errorf("the root and the current node span %.0f units, more than the panel's %.0f", span, tc.height)
			}
		})
	}
}

// TestBoardsTooTallCountsTheFoldRank checks the height boards need for the
// root, a fold and a current node deep in the tree, worked by hand from
// two ranks of boards 124 units tall whose centres are 201 apart: 2×201
// + 28 = 430 units before a fold is drawn, as its box is 28 tall, and
// what a folded drawing measured once one is, 526 where boards stand
// beside the box.
func TestBoardsTooTallCountsTheFoldRank(t *testing.T) {
	t.Parallel()
	sh := recordShow(t, "deep", catalog.Request{Game: "tictactoe", Algo: "alphabeta"})
	tests := []struct {
		name     string
		foldSpan float64
		h        float64
		want     bool
	}{
		{"no fold drawn, room for 430", 0, 467, false},
		{"no fold drawn, no room for 430", 0, 420, true},
		{"a fold drawn 526 tall, no room", 526, 467, true},
		{"a fold drawn 526 tall, room", 526, 530, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vw := newViewer(sh, trace.ViewRoot)
			for k := 0; vw.neededRanks() < leastRanks; k++ {
				if err := vw.tree.Seek(k); err != nil {
					t.Fatal(err)
				}
			}
			vw.panel.h, vw.pitch, vw.tallest, vw.foldSpan = tt.h, 201, 124, tt.foldSpan
			if got := vw.boardsTooTall(); got != tt.want {
				t.Errorf("boardsTooTall() = %v in a panel %g tall, want %v", got, tt.h, tt.want)
			}
		})
	}
}
