package dice_test

import (
	"testing"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/gametest"
)

var (
	wallCell = board.Cell{Kind: board.Wall, Mark: "#"}
	white    = func(mark string) board.Cell { return board.Cell{Kind: board.Piece, Owner: board.First, Mark: mark} }
	black    = func(mark string) board.Cell { return board.Cell{Kind: board.Piece, Owner: board.Second, Mark: mark} }
)

func TestBoard(t *testing.T) {
	t.Parallel()
	s := mustParse(t, homeRows)
	gametest.CheckBoard(t, "start", s.Board(), gametest.Drawn{
		Rows: 7, Cols: 7, Caption: "White to move, ply 0 of 200, no diagonal King move",
		Cells: gametest.Cells{
			// The wall: c4, d4, e4, d3, d5.
			{3, 2}: wallCell, {3, 3}: wallCell, {3, 4}: wallCell, {4, 3}: wallCell, {2, 3}: wallCell,
			// White: K a1, 1 a2, 2 f2, 3 g2, 4 g1.
			{6, 0}: white("K"), {5, 0}: white("1"), {5, 5}: white("2"), {5, 6}: white("3"), {6, 6}: white("4"),
			// Black: K g7, 1 g6, 2 b6, 3 a6, 4 a7.
			{0, 6}: black("K"), {1, 6}: black("1"), {1, 1}: black("2"), {1, 0}: black("3"), {0, 0}: black("4"),
			{0, 3}: {}, {6, 3}: {}, {3, 0}: {}, {6, 1}: {},
		},
	})
	later := mustParse(t, spread)
	gametest.CheckBoard(t, "spread", later.Board(), gametest.Drawn{Rows: 7, Cols: 7, Caption: "White to move, ply 5 of 200"})
	won := mustParse(t, "kab...c/......d/...#.../..###../...#.../A.....D/.B.K.C. w 12")
	gametest.CheckBoard(t, "won", won.Board(), gametest.Drawn{Rows: 7, Cols: 7, Caption: "Black has a line and wins"})
}

func TestBoardChanged(t *testing.T) {
	t.Parallel()
	s := mustParse(t, homeRows)
	next := s.Roll(action(t, "1 N"), 2) // a2 to a5
	gametest.CheckChanged(t, "1 N rolling 3-6", next.Board(), s.Board(), [2]int{5, 0}, [2]int{2, 0})
}

func TestCellName(t *testing.T) {
	t.Parallel()
	s := mustParse(t, homeRows)
	tests := []struct {
		row, col int
		want     string
	}{
		{0, 0, "a7"}, {6, 0, "a1"}, {3, 3, "d4"}, {6, 6, "g1"}, {0, 6, "g7"}, {7, 0, "?"}, {0, -1, "?"},
	}
	for _, tt := range tests {
		if got := s.CellName(tt.row, tt.col); got != tt.want {
			t.Errorf("CellName(%d, %d) = %q, want %q", tt.row, tt.col, got, tt.want)
		}
	}
}

func TestEdit(t *testing.T) {
	t.Parallel()
	s := mustParse(t, spread)
	gametest.CheckEdit(t, "spread", s, nil, spread)
	// White's King from a1 to b1, Black's 4 onto a1.
	gametest.CheckEdit(t, "spread", s, gametest.Cells{{6, 0}: black("4"), {6, 1}: white("K"), {2, 1}: {}},
		"k.a.b.c/......./...#.../..###../D..#.B./....A.C/dK..... w 5")
	if p := s.Palette(); len(p) != 11 || p[0] != (board.Cell{}) || p[1] != white("K") || p[5] != white("4") || p[6] != black("K") || p[10] != black("4") {
		t.Errorf("Palette = %+v, want empty, White's K 1 2 3 4, Black's K 1 2 3 4", p)
	}
	gametest.CheckEditError(t, s, board.New(6, 7, ""), "dice: editing a board of 6x7 cells: a board has 7x7")
	odd := s.Board()
	odd.Set(0, 1, board.Cell{Kind: board.Points, Mark: "5"})
	gametest.CheckEditError(t, s, odd, `dice: editing: cell b7 holds a cell that is not in the palette (points of nobody, marked "5")`)
	gametest.CheckEditError(t, s, board.Board{Rows: 7, Cols: 7}, "dice: editing: board: 0 cells for 7x7")
}
