package grid_test

import (
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/internal/grid"
)

// testPieces are two characters, '@' and 'A', of different owners.
var testPieces = []grid.Piece{
	{Letter: '@', Cell: board.Cell{Kind: board.Piece, Owner: board.First, Mark: "@"}},
	{Letter: 'A', Cell: board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "A"}},
}

func TestDraw(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text     string
		row, col int
		want     board.Cell
	}{
		{"3:#.5#/.@18/3#..", 0, 0, board.Cell{Kind: board.Wall, Mark: "#"}},
		{"3:#.5#/.@18/3#..", 0, 1, board.Cell{Kind: board.Empty}},
		{"3:#.5#/.@18/3#..", 0, 2, board.Cell{Kind: board.Points, Mark: "5"}},
		{"3:#.5#/.@18/3#..", 1, 1, testPieces[0].Cell},
		{"3:#.5#/.@18/3#..", 2, 0, board.Cell{Kind: board.Points, Mark: "3"}},
		{"0:1A9", 0, 1, testPieces[1].Cell},
		{"0:1A9", 0, 2, board.Cell{Kind: board.Points, Mark: "9"}},
	}
	for _, tt := range tests {
		b, turns, letters := mustParse(t, tt.text)
		d := grid.Draw(picture{b: b, letters: letters}, grid.TurnsLeft(turns), testPieces)
		if d.Rows != b.Height() || d.Cols != b.Width() || d.Check() != nil {
			t.Errorf("%s: drawn %dx%d, want %dx%d", tt.text, d.Rows, d.Cols, b.Height(), b.Width())
			continue
		}
		if got := d.At(tt.row, tt.col); got != tt.want {
			t.Errorf("%s: cell (%d, %d) = %+v, want %+v", tt.text, tt.row, tt.col, got, tt.want)
		}
		// Writing the board back gives the text it was drawn from.
		if back, err := grid.AppendBoard(nil, "test", turns, d, testPieces); err != nil || string(back) != tt.text {
			t.Errorf("%s: AppendBoard of its drawing = %q, %v", tt.text, back, err)
		}
	}
}

func TestPalette(t *testing.T) {
	t.Parallel()
	p := grid.Palette(testPieces)
	var marks []string
	for _, c := range p {
		marks = append(marks, c.Kind.String()+":"+c.Mark)
	}
	want := "empty: wall:# piece:@ piece:A points:1 points:2 points:3 points:4 points:5 points:6 points:7 points:8 points:9"
	if got := strings.Join(marks, " "); got != want {
		t.Errorf("Palette = %s, want %s", got, want)
	}
	// Every cell of the palette can be written back.
	b := board.New(1, len(p), "")
	copy(b.Cells, p)
	if text, err := grid.AppendBoard(nil, "test", 7, b, testPieces); err != nil || string(text) != "7:.#@A123456789" {
		t.Errorf("AppendBoard of the palette = %q, %v; want 7:.#@A123456789", text, err)
	}
}

func TestAppendBoardErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		b     board.Board
		turns int
		want  string
	}{
		{board.New(1, 1, ""), -1, "test: editing a position with -1 turns left: want 0..1000"},
		{board.New(1, 1, ""), 1001, "test: editing a position with 1001 turns left"},
		{board.New(0, 3, ""), 1, "test: editing: board: 0x3 is not drawable"},
		{board.New(grid.MaxSize+1, 2, ""), 1, "test: editing a board of 32x2 cells: a board has at most 31 rows"},
		{board.Board{Rows: 1, Cols: 2, Cells: []board.Cell{{}, {Kind: board.Points, Mark: "10"}}}, 1, `test: editing: row 1, column 2 holds a cell that is not in the palette (points of nobody, marked "10")`},
		{board.Board{Rows: 1, Cols: 1, Cells: []board.Cell{{Kind: board.Empty, Mark: "."}}}, 1, `row 1, column 1 holds a cell that is not in the palette (empty of nobody, marked ".")`},
		{board.Board{Rows: 1, Cols: 1, Cells: []board.Cell{{Kind: 9}}}, 1, "test: editing: board: cell 0 of 1x1 is Kind(9) of nobody"},
	}
	for _, tt := range tests {
		text, err := grid.AppendBoard([]byte("kept"), "test", tt.turns, tt.b, testPieces)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("AppendBoard(%dx%d, %d turns) = %q, %v; want an error containing %q", tt.b.Rows, tt.b.Cols, tt.turns, text, err, tt.want)
		}
	}
}

func TestTurnsLeft(t *testing.T) {
	t.Parallel()
	for turns, want := range map[int]string{0: "no turns left", 1: "1 turn left", 2: "2 turns left", 1000: "1000 turns left"} {
		if got := grid.TurnsLeft(turns); got != want {
			t.Errorf("TurnsLeft(%d) = %q, want %q", turns, got, want)
		}
	}
}
