package twinmaze_test

import (
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/twinmaze"
)

// cellAt is a cell expected at a row and column of a board.
type cellAt struct {
	row, col int
	cell     board.Cell
}

var (
	wall  = board.Cell{Kind: board.Wall, Mark: "#"}
	floor = board.Cell{Kind: board.Empty}
	pA    = board.Cell{Kind: board.Piece, Owner: board.First, Mark: "A"}
	pB    = board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "B"}
	pX    = board.Cell{Kind: board.Piece, Owner: board.Both, Mark: "X"}
)

func points(mark string) board.Cell { return board.Cell{Kind: board.Points, Mark: mark} }

// boarded is a position of either model of the game.
type boarded interface {
	Board() board.Board
	Edit(board.Board) (string, error)
}

// parseEither reads a position of the simultaneous game, or with
// sequential of the turn-taking one.
func parseEither(t *testing.T, text string, sequential bool) boarded {
	t.Helper()
	if sequential {
		return mustParseSequential(t, text)
	}
	return mustParse(t, text)
}

func TestBoard(t *testing.T) {
	tests := []struct {
		text       string
		sequential bool
		rows, cols int
		caption    string
		cells      []cellAt
	}{
		{primer5x5, false, 5, 5, "20 turns left", []cellAt{{0, 0, points("3")}, {1, 1, wall}, {2, 1, pA}, {2, 2, points("6")}, {2, 3, pB}, {4, 4, points("6")}}},
		{small, false, 3, 5, "4 turns left", []cellAt{{0, 1, pA}, {0, 3, pB}, {1, 0, floor}, {1, 2, points("5")}, {2, 4, points("4")}}},
		{"0:.X.", false, 1, 3, "no turns left", []cellAt{{0, 0, floor}, {0, 1, pX}, {0, 2, floor}}},
		// The side to move is in the caption, not in a row of the grid.
		{primer5x5 + ";A", true, 5, 5, "20 turns left, A to move", []cellAt{{2, 1, pA}, {2, 3, pB}, {4, 0, points("6")}}},
		{"1:.AB;B", true, 1, 3, "1 turn left, B to move", []cellAt{{0, 0, floor}, {0, 1, pA}, {0, 2, pB}}},
		{"0:X;A", true, 1, 1, "no turns left, A to move", []cellAt{{0, 0, pX}}},
	}
	for _, tt := range tests {
		s := parseEither(t, tt.text, tt.sequential)
		b := s.Board()
		if err := b.Check(); err != nil || b.Rows != tt.rows || b.Cols != tt.cols || b.Caption != tt.caption {
			t.Errorf("%s: board %dx%d, caption %q, Check %v; want %dx%d, %q", tt.text, b.Rows, b.Cols, b.Caption, err, tt.rows, tt.cols, tt.caption)
			continue
		}
		for _, c := range tt.cells {
			if got := b.At(c.row, c.col); got != c.cell {
				t.Errorf("%s: cell (%d, %d) = %+v, want %+v", tt.text, c.row, c.col, got, c.cell)
			}
		}
	}
}

// TestBoardAfterPlay checks what one move changes on the board: in the
// simultaneous game both players' cells, in the turn-taking one only the
// mover's, and the caption's side to move.
func TestBoardAfterPlay(t *testing.T) {
	s := mustParse(t, "1:A9B")
	if got := s.Play(r, l).Board(); got.At(0, 1) != pX || got.At(0, 0) != floor || got.Caption != "no turns left" {
		t.Errorf("both onto the 9: %+v, want X in the middle and no turns left", got)
	}
	q := s.Alternating()
	after := q.Play(r)
	b := after.Board()
	if b.Caption != "1 turn left, B to move" {
		t.Errorf("after A's move the caption is %q, want 1 turn left, B to move", b.Caption)
	}
	changed := b.Changed(q.Board())
	if len(changed) != 3 || !changed[0] || !changed[1] || changed[2] {
		t.Errorf("A's move changed cells %v, want A's cell and the 9's only", changed)
	}
	if b.At(0, 1) != pA {
		t.Errorf("after A's move the 9's cell is %+v, want A", b.At(0, 1))
	}
}

func TestEdit(t *testing.T) {
	palette := twinmaze.State{}.Palette()
	if len(palette) != 14 || palette[0] != floor || palette[1] != wall || palette[2] != pA || palette[3] != pB || palette[4] != pX || palette[13] != points("9") {
		t.Errorf("Palette = %+v, want floor, wall, A, B, X, 1..9", palette)
	}
	if q := (twinmaze.Sequential{}).Palette(); len(q) != len(palette) {
		t.Errorf("Sequential's palette has %d cells, State's %d", len(q), len(palette))
	}
	tests := []struct {
		text       string
		sequential bool
		edits      []cellAt
		want       string
	}{
		{small, false, nil, small},
		{small, false, []cellAt{{0, 1, floor}, {0, 3, floor}, {2, 2, pX}, {1, 1, points("2")}}, "4:2.9.3/.25#./1.X.4"},
		{primer5x5 + ";A", true, []cellAt{{0, 0, wall}}, "20:#9793/3#3#3/1A6B1/9#6#9/68486;A"},
		// The side to move stays, even where the board is no position.
		{"1:.AB;B", true, []cellAt{{0, 2, pA}}, "1:.AA;B"},
	}
	for _, tt := range tests {
		s := parseEither(t, tt.text, tt.sequential)
		b := s.Board()
		for _, e := range tt.edits {
			b.Set(e.row, e.col, e.cell)
		}
		got, err := s.Edit(b)
		if err != nil || got != tt.want {
			t.Errorf("%s edited: %q, %v; want %q", tt.text, got, err, tt.want)
		}
	}
	if _, err := twinmaze.ParseSequential("1:.AA;B"); err == nil || !strings.Contains(err.Error(), "places A again") {
		t.Errorf("the text of a board edited to two A parses: %v", err)
	}
}

func TestEditErrors(t *testing.T) {
	foreign := mustParse(t, small).Board()
	foreign.Set(1, 0, board.Cell{Kind: board.Piece, Owner: board.First, Mark: "@"})
	tests := []struct {
		s    boarded
		b    board.Board
		want string
	}{
		{mustParse(t, small), board.New(1, 40, ""), "twinmaze: editing: board: 1x40 is not drawable (sides 1..32)"},
		{mustParseSequential(t, "1:.AB;B"), board.New(32, 32, ""), "twinmaze: editing a board of 32x32 cells: a board has at most 31 rows and 31 columns"},
		{mustParse(t, small), foreign, `twinmaze: editing: row 2, column 1 holds a cell that is not in the palette (piece of first, marked "@")`},
		{mustParseSequential(t, "1:.AB;B"), foreign, `twinmaze: editing: row 2, column 1 holds`},
	}
	for _, tt := range tests {
		got, err := tt.s.Edit(tt.b)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || got != "" {
			t.Errorf("Edit(%dx%d) = %q, %v; want an error starting %q", tt.b.Rows, tt.b.Cols, got, err, tt.want)
		}
	}
}
