package tictactoe_test

import (
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/tictactoe"
)

// at is a cell expected at a row and column of a board.
type at struct {
	row, col int
	cell     board.Cell
}

var (
	empty = board.Cell{Kind: board.Empty}
	xMark = board.Cell{Kind: board.Piece, Owner: board.First, Mark: "x"}
	oMark = board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "o"}
)

func TestBoard(t *testing.T) {
	tests := []struct {
		text  string
		cells []at
	}{
		{".../.../...", []at{{0, 0, empty}, {1, 1, empty}, {2, 2, empty}}},
		// Rows run top to bottom: a3 is the top-left cell, c1 the bottom-right.
		{"x.o/.x./..o", []at{{0, 0, xMark}, {0, 1, empty}, {0, 2, oMark}, {1, 1, xMark}, {2, 0, empty}, {2, 2, oMark}}},
		{".../.../x..", []at{{2, 0, xMark}, {0, 0, empty}}},
		{"xxx/oo./...", []at{{0, 2, xMark}, {1, 0, oMark}, {1, 2, empty}}},
	}
	for _, tt := range tests {
		s, err := tictactoe.Parse(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		b := s.Board()
		if err := b.Check(); err != nil || b.Rows != 3 || b.Cols != 3 || b.Caption != "" {
			t.Errorf("%s: board %dx%d, caption %q, Check %v; want 3x3 without a caption", tt.text, b.Rows, b.Cols, b.Caption, err)
			continue
		}
		for _, c := range tt.cells {
			if got := b.At(c.row, c.col); got != c.cell {
				t.Errorf("%s: cell (%d, %d) = %+v, want %+v", tt.text, c.row, c.col, got, c.cell)
			}
		}
	}
}

// TestBoardChanged checks that the cells a move changes are the cell it
// marks, named by the move's label.
func TestBoardChanged(t *testing.T) {
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
		s, err := tictactoe.Parse(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		changed := s.Play(tt.action).Board().Changed(s.Board())
		for i, c := range changed {
			if want := i == tt.row*3+tt.col; c != want {
				t.Errorf("%s after %s: cell %d changed = %v, want %v", tt.text, s.Label(tt.action), i, c, want)
			}
		}
	}
}

func TestCellName(t *testing.T) {
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
	s := tictactoe.New()
	palette := s.Palette()
	if len(palette) != 3 || palette[0] != empty || palette[1] != xMark || palette[2] != oMark {
		t.Fatalf("Palette = %+v, want empty, x, o", palette)
	}
	tests := []struct {
		text  string
		edits []at
		want  string
	}{
		{".../.../...", []at{{2, 0, xMark}}, ".../.../x.."},
		{".../.../...", []at{{2, 0, xMark}, {1, 1, oMark}}, ".../.o./x.."},
		{"x.o/.x./..o", []at{{0, 0, empty}, {2, 2, empty}}, "..o/.x./..."},
		// An edit may leave a board that is not a position: Parse says why.
		{".../.../...", []at{{0, 0, xMark}, {0, 1, xMark}}, "xx./.../..."},
	}
	for _, tt := range tests {
		s, err := tictactoe.Parse(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		b := s.Board()
		for _, e := range tt.edits {
			b.Set(e.row, e.col, e.cell)
		}
		got, err := s.Edit(b)
		if err != nil || got != tt.want {
			t.Errorf("%s edited: %q, %v; want %q", tt.text, got, err, tt.want)
		}
	}
}

func TestEditErrors(t *testing.T) {
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
		{unmarked, `cell a3 holds a cell that is not in the palette (piece of first, marked "")`},
	}
	for _, tt := range tests {
		got, err := tictactoe.New().Edit(tt.b)
		if err == nil || !strings.Contains(err.Error(), tt.want) || got != "" {
			t.Errorf("Edit(%dx%d) = %q, %v; want an error containing %q", tt.b.Rows, tt.b.Cols, got, err, tt.want)
		}
	}
}
