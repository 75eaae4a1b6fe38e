package twinmaze_test

import (
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/twinmaze"
)

var (
	wall  = board.Cell{Kind: board.Wall, Mark: "#"}
	floor = board.Cell{Kind: board.Empty}
	pA    = board.Cell{Kind: board.Piece, Owner: board.First, Mark: "A"}
	pB    = board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "B"}
	pX    = board.Cell{Kind: board.Piece, Owner: board.Both, Mark: "X"}
)

func points(mark string) board.Cell { return board.Cell{Kind: board.Points, Mark: mark} }

// parseEither reads a position of the simultaneous game, or with
// sequential of the turn-taking one.
func parseEither(t *testing.T, text string, sequential bool) gametest.Editor {
	t.Helper()
	if sequential {
		return mustParseSequential(t, text)
	}
	return mustParse(t, text)
}

func TestBoard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text       string
		sequential bool
		rows, cols int
		caption    string
		cells      gametest.Cells
	}{
		{primer5x5, false, 5, 5, "20 turns left", gametest.Cells{{0, 0}: points("3"), {1, 1}: wall, {2, 1}: pA, {2, 2}: points("6"), {2, 3}: pB, {4, 4}: points("6")}},
		{small, false, 3, 5, "4 turns left", gametest.Cells{{0, 1}: pA, {0, 3}: pB, {1, 0}: floor, {1, 2}: points("5"), {2, 4}: points("4")}},
		{"0:.X.", false, 1, 3, "no turns left", gametest.Cells{{0, 0}: floor, {0, 1}: pX, {0, 2}: floor}},
		// The side to move is in the caption, not in a row of the grid.
		{primer5x5 + ";A", true, 5, 5, "20 turns left, A to move", gametest.Cells{{2, 1}: pA, {2, 3}: pB, {4, 0}: points("6")}},
		{"1:.AB;B", true, 1, 3, "1 turn left, B to move", gametest.Cells{{0, 0}: floor, {0, 1}: pA, {0, 2}: pB}},
		{"0:X;A", true, 1, 1, "no turns left, A to move", gametest.Cells{{0, 0}: pX}},
	}
	for _, tt := range tests {
		want := gametest.Drawn{Rows: tt.rows, Cols: tt.cols, Caption: tt.caption, Cells: tt.cells}
		gametest.CheckBoard(t, tt.text, parseEither(t, tt.text, tt.sequential).Board(), want)
	}
}

// TestBoardAfterPlay checks what one move changes on the board: in the
// simultaneous game both players' cells, in the turn-taking one only the
// mover's, and the caption's side to move.
func TestBoardAfterPlay(t *testing.T) {
	t.Parallel()
	s := mustParse(t, "1:A9B")
	both := gametest.Drawn{Rows: 1, Cols: 3, Caption: "no turns left", Cells: gametest.Cells{{0, 0}: floor, {0, 1}: pX}}
	gametest.CheckBoard(t, "both onto the 9", s.Play(r, l).Board(), both)
	q := s.Alternating()
	b := q.Play(r).Board()
	// A's move changes A's cell and the 9's only.
	afterA := gametest.Drawn{Rows: 1, Cols: 3, Caption: "1 turn left, B to move", Cells: gametest.Cells{{0, 0}: floor, {0, 1}: pA}}
	gametest.CheckBoard(t, "after A's move", b, afterA)
	gametest.CheckChanged(t, "A's move", b, q.Board(), [2]int{0, 0}, [2]int{0, 1})
}

func TestEdit(t *testing.T) {
	t.Parallel()
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
		edits      gametest.Cells
		want       string
	}{
		{small, false, nil, small},
		{small, false, gametest.Cells{{0, 1}: floor, {0, 3}: floor, {2, 2}: pX, {1, 1}: points("2")}, "4:2.9.3/.25#./1.X.4"},
		{primer5x5 + ";A", true, gametest.Cells{{0, 0}: wall}, "20:#9793/3#3#3/1A6B1/9#6#9/68486;A"},
		// The side to move stays, even where the board is no position.
		{"1:.AB;B", true, gametest.Cells{{0, 2}: pA}, "1:.AA;B"},
	}
	for _, tt := range tests {
		gametest.CheckEdit(t, tt.text, parseEither(t, tt.text, tt.sequential), tt.edits, tt.want)
	}
	if _, err := twinmaze.ParseSequential("1:.AA;B"); err == nil || !strings.Contains(err.Error(), "places A again") {
		t.Errorf("the text of a board edited to two A parses: %v", err)
	}
}

func TestEditErrors(t *testing.T) {
	t.Parallel()
	foreign := mustParse(t, small).Board()
	foreign.Set(1, 0, board.Cell{Kind: board.Piece, Owner: board.First, Mark: "@"})
	tests := []struct {
		s    gametest.Editor
		b    board.Board
		want string
	}{
		{mustParse(t, small), board.New(1, 40, ""), "twinmaze: editing: board: 1x40 is not drawable (sides 1..32)"},
		{mustParseSequential(t, "1:.AB;B"), board.New(32, 32, ""), "twinmaze: editing a board of 32x32 cells: a board has at most 31 rows and 31 columns"},
		{mustParse(t, small), foreign, `twinmaze: editing: row 2, column 1 holds a cell that is not in the palette (piece of first, marked "@")`},
		{mustParseSequential(t, "1:.AB;B"), foreign, `twinmaze: editing: row 2, column 1 holds a cell that is not in the palette (piece of first, marked "@")`},
	}
	for _, tt := range tests {
		gametest.CheckEditError(t, tt.s, tt.b, tt.want)
	}
}

// TestScoreBoard checks the caption of a game played from its start,
// worked out by the rules: both onto one 9 collect it each, a draw 9 to
// 9; A onto a 9 and B onto a 3, or the mirror, won 9 to 3; in the
// turn-taking game the side to move comes before the scores.
func TestScoreBoard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text, caption string
		sequential          bool
		moves               []int
	}{
		{"before a move", primer5x5, "20 turns left, A 0 – B 0", false, nil},
		{"both onto the 9", "1:A9B", "Draw 9 – 9", false, []int{r, l}},
		{"A onto the 9, B onto the 3", "1:A9.3B", "A wins 9 – 3", false, []int{r, l}},
		{"A onto the 3, B onto the 9", "1:A3.9B", "B wins 9 – 3", false, []int{r, l}},
		{"after A's move", "1:A9B;A", "1 turn left, B to move, A 9 – B 0", true, []int{r}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got string
			if tt.sequential {
				q := mustParseSequential(t, tt.text)
				for _, a := range tt.moves {
					q = q.Play(a)
				}
				got = q.ScoreBoard().Caption
			} else {
				s := mustParse(t, tt.text)
				if len(tt.moves) == 2 {
					s = s.Play(tt.moves[0], tt.moves[1])
				}
				got = s.ScoreBoard().Caption
			}
			if got != tt.caption {
				t.Errorf("the caption is %q, want %q", got, tt.caption)
			}
		})
	}
}
