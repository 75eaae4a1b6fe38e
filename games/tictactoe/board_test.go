package tictactoe_test

import (
	"fmt"
	"testing"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/tictactoe"
)

var (
	empty = board.Cell{Kind: board.Empty}
	xMark = board.Cell{Kind: board.Piece, Owner: board.First, Mark: "x"}
	oMark = board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "o"}
)

func TestBoard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text  string
		cells gametest.Cells
	}{
		{".../.../...", gametest.Cells{{0, 0}: empty, {1, 1}: empty, {2, 2}: empty}},
		// Rows run top to bottom: a3 is the top-left cell, c1 the bottom-right.
		{"x.o/.x./..o", gametest.Cells{{0, 0}: xMark, {0, 1}: empty, {0, 2}: oMark, {1, 1}: xMark, {2, 0}: empty, {2, 2}: oMark}},
		{".../.../x..", gametest.Cells{{2, 0}: xMark, {0, 0}: empty}},
		{"xxx/oo./...", gametest.Cells{{0, 2}: xMark, {1, 0}: oMark, {1, 2}: empty}},
	}
	for _, tt := range tests {
		// No caption: the marks tell the side to move.
		want := gametest.Drawn{Rows: 3, Cols: 3, Cells: tt.cells}
		gametest.CheckBoard(t, tt.text, mustParse(t, tt.text).Board(), want)
	}
}

// TestBoardChanged checks that the cells a move changes are the cell it
// marks, named by the move's label.
func TestBoardChanged(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text     string
		action   int
		row, col int
	}{
		{".../.../...", 0, 0, 0}, // a3
		{"x.o/.x./..o", 6, 2, 0},
		{"x.o/.x./..o", 5, 1, 2},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.text)
		name := fmt.Sprintf("%s after %s", tt.text, s.Label(tt.action))
		gametest.CheckChanged(t, name, s.Play(tt.action).Board(), s.Board(), [2]int{tt.row, tt.col})
	}
}

func TestCellName(t *testing.T) {
	t.Parallel()
	s := tictactoe.New()
	tests := []struct {
		row, col int
		want     string
	}{
		{0, 0, "a3"}, {0, 2, "c3"}, {1, 1, "b2"}, {2, 0, "a1"}, {2, 2, "c1"}, {3, 0, "?"}, {0, -1, "?"},
	}
	for _, tt := range tests {
		if got := s.CellName(tt.row, tt.col); got != tt.want {
			t.Errorf("CellName(%d, %d) = %q, want %q", tt.row, tt.col, got, tt.want)
		}
	}
	// A cell is named as the action that marks it.
	for a := range 9 {
		if got := s.CellName(a/3, a%3); got != s.Label(a) {
			t.Errorf("cell %d is named %q, its action %q", a, got, s.Label(a))
		}
	}
}

func TestEdit(t *testing.T) {
	t.Parallel()
	s := tictactoe.New()
	palette := s.Palette()
	if len(palette) != 3 || palette[0] != empty || palette[1] != xMark || palette[2] != oMark {
		t.Fatalf("Palette = %+v, want empty, x, o", palette)
	}
	tests := []struct {
		text  string
		edits gametest.Cells
		want  string
	}{
		{".../.../...", gametest.Cells{{2, 0}: xMark}, ".../.../x.."},
		{".../.../...", gametest.Cells{{2, 0}: xMark, {1, 1}: oMark}, ".../.o./x.."},
		{"x.o/.x./..o", gametest.Cells{{0, 0}: empty, {2, 2}: empty}, "..o/.x./..."},
		// An edit may leave a board that is not a position: Parse says why.
		{".../.../...", gametest.Cells{{0, 0}: xMark, {0, 1}: xMark}, "xx./.../..."},
	}
	for _, tt := range tests {
		gametest.CheckEdit(t, tt.text, mustParse(t, tt.text), tt.edits, tt.want)
	}
}

func TestEditErrors(t *testing.T) {
	t.Parallel()
	wide := board.New(3, 4, "")
	foreign := tictactoe.New().Board()
	foreign.Set(1, 2, board.Cell{Kind: board.Wall, Mark: "#"})
	unmarked := tictactoe.New().Board()
	unmarked.Set(0, 0, board.Cell{Kind: board.Piece, Owner: board.First})
	tests := []struct {
		b    board.Board
		want string
	}{
		{wide, "tictactoe: editing a board of 3x4 cells: a board has 3x3"},
		{board.Board{Rows: 3, Cols: 3}, "tictactoe: editing: board: 0 cells for 3x3"},
		{foreign, `tictactoe: editing: cell c2 holds a cell that is not in the palette (wall of nobody, marked "#")`},
		{unmarked, `tictactoe: editing: cell a3 holds a cell that is not in the palette (piece of first, marked "")`},
	}
	for _, tt := range tests {
		gametest.CheckEditError(t, tictactoe.New(), tt.b, tt.want)
	}
}

// TestSquareNames checks the board's names of its columns and rows
// against the labels of the moves that fill its cells.
func TestSquareNames(t *testing.T) {
	t.Parallel()
	gametest.CheckSquareNames(t, tictactoe.New(), 3)
}
