package othello_test

import (
	"testing"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/othello"
)

var (
	empty     = board.Cell{Kind: board.Empty}
	blackDisc = board.Cell{Kind: board.Piece, Owner: board.First, Mark: "●"}
	whiteDisc = board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "○"}
)

func TestBoard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text    string
		caption string
		cells   gametest.Cells // by row from the top and column
	}{
		{startText, "Black to move · 2–2", gametest.Cells{{3, 3}: whiteDisc, {3, 4}: blackDisc, {4, 3}: blackDisc, {4, 4}: whiteDisc, {0, 0}: empty, {7, 7}: empty}},
		{mustPass, "Black must pass · 1–8", gametest.Cells{{0, 0}: whiteDisc, {6, 6}: blackDisc, {7, 7}: empty}},
		{"......../......../......../...xx.../...xx.../......../......../........ o", "Black wins 4–0", gametest.Cells{{3, 3}: blackDisc}},
		{"xxxxxxxx/oooooooo/xxxxxxxx/oooooooo/xxxxxxxx/oooooooo/xxxxxxxx/oooooooo x", "draw 32–32", gametest.Cells{{7, 0}: whiteDisc, {0, 7}: blackDisc}},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.text)
		gametest.CheckBoard(t, tt.text, s.Board(), gametest.Drawn{Rows: 8, Cols: 8, Caption: tt.caption, Cells: tt.cells})
	}
}

// TestBoardChanged checks that a move changes on the board the square
// played and the discs turned over, and nothing else.
func TestBoardChanged(t *testing.T) {
	t.Parallel()
	s := othello.New()
	// f5 (row 5, column f) turns over e5.
	gametest.CheckChanged(t, "f5", s.Play(4*8+5).Board(), s.Board(), [2]int{4, 5}, [2]int{4, 4})
}

func TestCellName(t *testing.T) {
	t.Parallel()
	var s othello.State
	tests := []struct {
		row, col int
		want     string
	}{{0, 0, "a1"}, {0, 7, "h1"}, {7, 0, "a8"}, {4, 5, "f5"}, {8, 0, "?"}, {0, -1, "?"}}
	for _, tt := range tests {
		if got := s.CellName(tt.row, tt.col); got != tt.want {
			t.Errorf("CellName(%d, %d) = %q, want %q", tt.row, tt.col, got, tt.want)
		}
	}
}

func TestEdit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text  string
		edits gametest.Cells
		want  string
	}{
		{startText, gametest.Cells{{4, 5}: blackDisc, {4, 4}: blackDisc}, "......../......../......../...ox.../...xxx../......../......../........ x"},
		{"......../......../......../...ox.../...xo.../......../......../........ o", gametest.Cells{{0, 0}: whiteDisc}, "o......./......../......../...ox.../...xo.../......../......../........ o"},
		{startText, gametest.Cells{{3, 3}: empty}, "......../......../......../....x.../...xo.../......../......../........ x"},
	}
	for _, tt := range tests {
		gametest.CheckEdit(t, tt.text, mustParse(t, tt.text), tt.edits, tt.want)
	}
}

func TestEditErrors(t *testing.T) {
	t.Parallel()
	small := board.New(6, 7, "")
	foreign := othello.New().Board()
	foreign.Set(1, 2, board.Cell{Kind: board.Wall, Mark: "#"})
	tests := []struct {
		b    board.Board
		want string
	}{
		{small, "othello: editing a board of 6x7 squares: a board has 8x8"},
		{board.Board{Rows: 8, Cols: 8}, "othello: editing: board: 0 cells for 8x8"},
		{foreign, `othello: editing: square c2 holds a cell that is not in the palette (wall of nobody, marked "#")`},
	}
	for _, tt := range tests {
		gametest.CheckEditError(t, othello.New(), tt.b, tt.want)
	}
}

// TestSquareNames checks the board's names of its columns and rows
// against the labels of the moves that fill its cells.
func TestSquareNames(t *testing.T) {
	t.Parallel()
	gametest.CheckSquareNames(t, othello.New(), 4)
}
