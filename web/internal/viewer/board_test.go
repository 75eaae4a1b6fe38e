package viewer

import (
	"slices"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
)

// searchShow runs a search and loads its trace for viewing, its header
// naming the game gameSpec, or when header is not "", that game instead.
func searchShow(t *testing.T, gameSpec, algo, position, header string) *show.Show {
	t.Helper()
	h, events := recordSearch(t, catalog.Request{Game: gameSpec, Algo: algo, Position: position})
	if header != "" {
		h.Game = header
	}
	sh, err := loadShow("t", h, events)
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

// pathTo returns the node reached from the root by the moves labels.
func pathTo(t *testing.T, tr *trace.Tree, labels ...string) trace.NodeID {
	t.Helper()
	id := tr.Root()
	for _, l := range labels {
		next := trace.NoNode
		for _, c := range tr.Node(id).Children {
			if tr.Node(c).Label == l {
				next = c
			}
		}
		if next == trace.NoNode {
			t.Fatalf("no move %s from %s", l, tr.Node(id).Board)
		}
		id = next
	}
	return id
}

func TestViewerBoard(t *testing.T) {
	testenv.SkipUnderRace(t, "draws boards of searches folded in one goroutine")
	t.Parallel()
	tests := []struct {
		name                   string
		game, algo, position   string
		header                 string   // the trace header's game, when not game
		path                   []string // the moves to the node shown
		rows, cols             int      // 0 for no board
		caption                string
		changed, trail         []int // the cells marked, row by row
		changedMark, trailMark string
	}{
		{name: "the root has no move to mark", game: "twinmaze-turns", algo: "alphabeta depth=2", position: "1:A9B;A",
			rows: 1, cols: 3, caption: "1 turn left, A to move"},
		{name: "after A's move, B's turn: A's two cells", game: "twinmaze-turns", algo: "alphabeta depth=2", position: "1:A9B;A",
			path: []string{"right"}, rows: 1, cols: 3, caption: "1 turn left, B to move", changed: []int{0, 1}, changedMark: "A"},
		{name: "a maze's path: the last move and the way there", game: "maze", algo: "beam width=4 depth=3", position: "3:.@9/#.1",
			path: []string{"right", "down", "left"}, rows: 2, cols: 3, caption: "no turns left", changed: []int{4, 5}, trail: []int{1, 2, 5}, changedMark: "@"},
		{name: "tic-tac-toe", game: "tictactoe", algo: "minimax depth=1", position: "x.o/.x./..o",
			path: []string{"c2"}, rows: 3, cols: 3, changed: []int{5}, changedMark: "x"},
		{name: "a game not in the catalog draws none", game: "tictactoe", algo: "minimax depth=1", position: "x.o/.x./..o", header: "chess"},
		{name: "the typed tree has none", game: "tree", algo: "minimax", position: "[1,2]"},
	}
	for _, tt := range tests {
		sh := searchShow(t, tt.game, tt.algo, tt.position, tt.header)
		vw := newViewer(sh, trace.ViewRoot)
		if err := vw.tree.Seek(vw.tree.Len() - 1); err != nil {
			t.Fatal(err)
		}
		id := pathTo(t, vw.tree, tt.path...)
		bv := vw.board(id)
		if (bv != nil) != (tt.rows > 0) || sh.HasBoards() != (tt.rows > 0) {
			t.Errorf("%s: board %v, hasBoards %v; want a board %v", tt.name, bv, sh.HasBoards(), tt.rows > 0)
			continue
		}
		if bv == nil {
			continue
		}
		if bv.Rows != tt.rows || bv.Cols != tt.cols || len(bv.Cells) != tt.rows*tt.cols || bv.Caption != tt.caption {
			t.Errorf("%s: %dx%d with %d cells, caption %q; want %dx%d, %q", tt.name, bv.Rows, bv.Cols, len(bv.Cells), bv.Caption, tt.rows, tt.cols, tt.caption)
		}
		check := func(what string, got []bool, want []int, mark string) {
			var cells []int
			marked := false
			for i, c := range got {
				if c {
					cells = append(cells, i)
					marked = marked || bv.Cells[i].Mark == mark
				}
			}
			if len(cells) != len(want) || len(want) > 0 && (!marked || !slices.Equal(cells, want)) {
				t.Errorf("%s: %s cells %v, want %v, one of them %q", tt.name, what, cells, want, mark)
			}
		}
		check("changed", bv.Changed, tt.changed, tt.changedMark)
		check("trail", bv.Trail, tt.trail, tt.trailMark)
	}
}
