package connectfour_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/connectfour"
	"github.com/searchviz/searchviz/games/gametest"
)

var (
	empty = board.Cell{Kind: board.Empty}
	xDisc = board.Cell{Kind: board.Piece, Owner: board.First, Mark: "x"}
	oDisc = board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "o"}
)

func TestBoard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		moves   string
		text    string
		caption string
		cells   gametest.Cells // by row from the top and column
	}{
		{"", "", "x to move", gametest.Cells{{0, 0}: empty, {5, 3}: empty, {5, 6}: empty}},
		{"dcd", "", "o to move", gametest.Cells{{5, 3}: xDisc, {4, 3}: xDisc, {5, 2}: oDisc, {3, 3}: empty, {0, 3}: empty, {5, 0}: empty}},
		{"abababa", "", "x wins", gametest.Cells{{5, 0}: xDisc, {2, 0}: xDisc, {1, 0}: empty, {5, 1}: oDisc, {3, 1}: oDisc}},
		{"dfedgeafbg", "", "o wins", gametest.Cells{{4, 3}: oDisc, {4, 6}: oDisc, {5, 6}: xDisc, {5, 5}: oDisc, {5, 2}: empty, {3, 6}: empty}},
		{"", "......./......./o....../o....../ox...../oxx.x..", "o wins", gametest.Cells{{2, 0}: oDisc, {1, 0}: empty, {4, 1}: xDisc}},
		{"", drawn, "draw", gametest.Cells{{0, 0}: xDisc, {0, 6}: oDisc, {5, 0}: oDisc, {5, 6}: xDisc}},
	}
	for _, tt := range tests {
		s := play(t, tt.moves)
		if tt.text != "" {
			s = mustParse(t, tt.text)
		}
		b := s.Board()
		gametest.CheckBoard(t, s.String(), b, gametest.Drawn{Rows: 6, Cols: 7, Caption: tt.caption, Cells: tt.cells})
		// Every cell agrees with the position's text, read top row first.
		text := strings.ReplaceAll(s.String(), "/", "")
		every := gametest.Cells{}
		for i := range connectfour.Rows * connectfour.Cols {
			want := empty
			switch text[i] {
			case 'x':
				want = xDisc
			case 'o':
				want = oDisc
			}
			every[[2]int{i / connectfour.Cols, i % connectfour.Cols}] = want
		}
		gametest.CheckBoard(t, s.String(), b, gametest.Drawn{Rows: 6, Cols: 7, Caption: tt.caption, Cells: every})
	}
}

// TestBoardChanged checks that the one cell a move changes is where the
// disc lands: the lowest empty cell of the column, counted from the top.
func TestBoardChanged(t *testing.T) {
	t.Parallel()
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
		name := fmt.Sprintf("after %q then %s", tt.moves, s.Label(tt.action))
		gametest.CheckChanged(t, name, s.Play(tt.action).Board(), s.Board(), [2]int{tt.row, tt.col})
	}
}

func TestEdit(t *testing.T) {
	t.Parallel()
	s := connectfour.New()
	palette := s.Palette()
	if len(palette) != 3 || palette[0] != empty || palette[1] != xDisc || palette[2] != oDisc {
		t.Fatalf("Palette = %+v, want empty, x, o", palette)
	}
	tests := []struct {
		text  string
		edits gametest.Cells
		want  string
	}{
		{emptyText, gametest.Cells{{5, 3}: xDisc}, "......./......./......./......./......./...x..."},
		{emptyText, gametest.Cells{{5, 3}: xDisc, {4, 3}: oDisc}, "......./......./......./......./...o.../...x..."},
		{"......./......./......./......./...o.../..xx...", gametest.Cells{{4, 3}: empty, {5, 2}: empty}, "......./......./......./......./......./...x..."},
		// An edit may leave a board that is not a position: Parse says why.
		{emptyText, gametest.Cells{{0, 0}: xDisc}, "x....../......./......./......./......./......."},
	}
	for _, tt := range tests {
		gametest.CheckEdit(t, tt.text, mustParse(t, tt.text), tt.edits, tt.want)
	}
}

func TestEditErrors(t *testing.T) {
	t.Parallel()
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
		{unmarked, `connectfour: editing: cell a1 holds a cell that is not in the palette (piece of first, marked "")`},
	}
	for _, tt := range tests {
		gametest.CheckEditError(t, connectfour.New(), tt.b, tt.want)
	}
}

// TestSquareNames checks the board's names of its columns and rows
// against the labels of the moves that fill its cells.
func TestSquareNames(t *testing.T) {
	t.Parallel()
	gametest.CheckSquareNames(t, connectfour.New(), 3)
}
