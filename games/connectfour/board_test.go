package connectfour_test

import (
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/connectfour"
)

// at is a cell expected at a row (from the top) and column of a board.
type at struct {
	row, col int
	cell     board.Cell
}

var (
	empty = board.Cell{Kind: board.Empty}
	xDisc = board.Cell{Kind: board.Piece, Owner: board.First, Mark: "x"}
	oDisc = board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "o"}
)

func TestBoard(t *testing.T) {
	tests := []struct {
		moves   string
		text    string
		caption string
		cells   []at
	}{
		{"", "", "x to move", []at{{0, 0, empty}, {5, 3, empty}, {5, 6, empty}}},
		{"dcd", "", "o to move", []at{{5, 3, xDisc}, {4, 3, xDisc}, {5, 2, oDisc}, {3, 3, empty}, {0, 3, empty}, {5, 0, empty}}},
		{"abababa", "", "x wins", []at{{5, 0, xDisc}, {2, 0, xDisc}, {1, 0, empty}, {5, 1, oDisc}, {3, 1, oDisc}}},
		{"dfedgeafbg", "", "o wins", []at{{4, 3, oDisc}, {4, 6, oDisc}, {5, 6, xDisc}, {5, 5, oDisc}, {5, 2, empty}, {3, 6, empty}}},
		{"", "......./......./o....../o....../ox...../oxx.x..", "o wins", []at{{2, 0, oDisc}, {1, 0, empty}, {4, 1, xDisc}}},
		{"", drawn, "draw", []at{{0, 0, xDisc}, {0, 6, oDisc}, {5, 0, oDisc}, {5, 6, xDisc}}},
	}
	for _, tt := range tests {
		s := play(t, tt.moves)
		if tt.text != "" {
			var err error
			if s, err = connectfour.Parse(tt.text); err != nil {
				t.Fatal(err)
			}
		}
		b := s.Board()
		if err := b.Check(); err != nil {
			t.Errorf("%s: Board(): %v", s, err)
			continue
		}
		if b.Rows != 6 || b.Cols != 7 || b.Caption != tt.caption {
			t.Errorf("%s: Board() is %dx%d captioned %q, want 6x7 captioned %q", s, b.Rows, b.Cols, b.Caption, tt.caption)
		}
		for _, c := range tt.cells {
			if got := b.At(c.row, c.col); got != c.cell {
				t.Errorf("%s: Board().At(%d, %d) = %+v, want %+v", s, c.row, c.col, got, c.cell)
			}
		}
		// Every cell agrees with the position's text, read top row first.
		text := strings.ReplaceAll(s.String(), "/", "")
		for r := range b.Rows {
			for c := range b.Cols {
				want := empty
				switch text[r*b.Cols+c] {
				case 'x':
					want = xDisc
				case 'o':
					want = oDisc
				}
				if got := b.At(r, c); got != want {
					t.Errorf("%s: Board().At(%d, %d) = %+v, want %+v", s, r, c, got, want)
				}
			}
		}
	}
}

// TestBoardChanged checks that the one cell a move changes is where the
// disc lands: the lowest empty cell of the column, counted from the top.
func TestBoardChanged(t *testing.T) {
	tests := []struct {
		moves    string
		action   int
		row, col int
	}{
		{"", 0, 5, 0},
		{"", 6, 5, 6},
		{"dd", 3, 3, 3},
		{"aaaaa", 0, 0, 0},
	}
	for _, tt := range tests {
		s := play(t, tt.moves)
		changed := s.Play(tt.action).Board().Changed(s.Board())
		if len(changed) != connectfour.Rows*connectfour.Cols {
			t.Fatalf("after %q: Changed gives %d cells, want %d", tt.moves, len(changed), connectfour.Rows*connectfour.Cols)
		}
		for i, c := range changed {
			if want := i == tt.row*connectfour.Cols+tt.col; c != want {
				t.Errorf("after %q then %s: cell %d changed = %v, want %v", tt.moves, s.Label(tt.action), i, c, want)
			}
		}
	}
}

func TestEdit(t *testing.T) {
	s := connectfour.New()
	palette := s.Palette()
	if len(palette) != 3 || palette[0] != empty || palette[1] != xDisc || palette[2] != oDisc {
		t.Fatalf("Palette = %+v, want empty, x, o", palette)
	}
	tests := []struct {
		text  string
		edits []at
		want  string
	}{
		{emptyText, []at{{5, 3, xDisc}}, "......./......./......./......./......./...x..."},
		{emptyText, []at{{5, 3, xDisc}, {4, 3, oDisc}}, "......./......./......./......./...o.../...x..."},
		{"......./......./......./......./...o.../..xx...", []at{{4, 3, empty}, {5, 2, empty}}, "......./......./......./......./......./...x..."},
		// An edit may leave a board that is not a position: Parse says why.
		{emptyText, []at{{0, 0, xDisc}}, "x....../......./......./......./......./......."},
	}
	for _, tt := range tests {
		s, err := connectfour.Parse(tt.text)
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
	wide := board.New(6, 8, "")
	foreign := connectfour.New().Board()
	foreign.Set(1, 2, board.Cell{Kind: board.Wall, Mark: "#"})
	unmarked := connectfour.New().Board()
	unmarked.Set(5, 0, board.Cell{Kind: board.Piece, Owner: board.First})
	tests := []struct {
		b    board.Board
		want string
	}{
		{wide, "connectfour: editing a board of 6x8 cells: a board has 6x7"},
		{board.Board{Rows: 6, Cols: 7}, "connectfour: editing: board: 0 cells for 6x7"},
		{foreign, `connectfour: editing: cell c5 holds a cell that is not in the palette (wall of nobody, marked "#")`},
		{unmarked, `cell a1 holds a cell that is not in the palette (piece of first, marked "")`},
	}
	for _, tt := range tests {
		got, err := connectfour.New().Edit(tt.b)
		if err == nil || !strings.Contains(err.Error(), tt.want) || got != "" {
			t.Errorf("Edit(%dx%d) = %q, %v; want an error containing %q", tt.b.Rows, tt.b.Cols, got, err, tt.want)
		}
	}
}
