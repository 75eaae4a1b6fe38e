package xo_test

import (
	"fmt"
	"testing"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/internal/xo"
)

// game is a board of 2 rows of 3 cells, each named by its row and column.
var game = xo.Game{Name: "test", Rows: 2, Cols: 3, CellName: func(row, col int) string { return fmt.Sprintf("r%dc%d", row, col) }}

func TestDrawAndEdit(t *testing.T) {
	t.Parallel()
	x := board.Cell{Kind: board.Piece, Owner: board.First, Mark: "x"}
	o := board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "o"}
	tests := []struct {
		text  string
		cells []board.Cell
	}{
		{".../...", []board.Cell{{}, {}, {}, {}, {}, {}}},
		{"x.o/.ox", []board.Cell{x, {}, o, {}, o, x}},
	}
	for _, tt := range tests {
		b := game.Draw(tt.text, "caption")
		if b.Rows != 2 || b.Cols != 3 || b.Caption != "caption" || b.Check() != nil {
			t.Errorf("Draw(%q) = %dx%d captioned %q, want 2x3 captioned caption", tt.text, b.Rows, b.Cols, b.Caption)
			continue
		}
		for i, want := range tt.cells {
			if got := b.Cells[i]; got != want {
				t.Errorf("Draw(%q): cell %d = %+v, want %+v", tt.text, i, got, want)
			}
		}
		if got, err := game.Edit(b); err != nil || got != tt.text {
			t.Errorf("Edit(Draw(%q)) = %q, %v; want the text back", tt.text, got, err)
		}
	}
	if p := game.Palette(); len(p) != 3 || p[0] != (board.Cell{}) || p[1] != x || p[2] != o {
		t.Errorf("Palette = %+v, want empty, x, o", p)
	}
}

func TestEditErrors(t *testing.T) {
	t.Parallel()
	foreign := board.New(2, 3, "")
	foreign.Set(1, 2, board.Cell{Kind: board.Wall, Mark: "#"})
	tests := []struct {
		b    board.Board
		want string
	}{
		{board.New(3, 2, ""), "test: editing a board of 3x2 cells: a board has 2x3"},
		{board.Board{Rows: 2, Cols: 3}, "test: editing: board: 0 cells for 2x3"},
		{foreign, `test: editing: cell r1c2 holds a cell that is not in the palette (wall of nobody, marked "#")`},
	}
	for _, tt := range tests {
		if got, err := game.Edit(tt.b); err == nil || err.Error() != tt.want || got != "" {
			t.Errorf("Edit(%dx%d) = %q, %v; want the error %q", tt.b.Rows, tt.b.Cols, got, err, tt.want)
		}
	}
}
