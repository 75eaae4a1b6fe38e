// Package gridtest checks in tests what the games built on grid, maze and
// twinmaze, share beyond the contract gametest checks: the syntax errors of
// their parsers, and the limits, seeds and layout of their generators.
package gridtest

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/internal/grid"
)

// syntaxError is a game's SyntaxError, a type defined on grid.SyntaxError.
type syntaxError interface {
	~struct {
		Offset int
		Msg    string
	}
}

// syntaxErrorPtr is a pointer to a game's SyntaxError, E.
type syntaxErrorPtr[E syntaxError] interface {
	*E
	error
}

// ParseError reports through t unless parse fails on text with an error
// whose message contains want and that is a *E at offset, E being the
// game's SyntaxError.
func ParseError[E syntaxError, PE syntaxErrorPtr[E], S fmt.Stringer](t testing.TB, parse func(string) (S, error), text string, offset int, want string) {
	t.Helper()
	err := gametest.ParseError(t, parse, text, want)
	if err == nil {
		return
	}
	var se PE
	if !errors.As(err, &se) || grid.SyntaxError(*se).Offset != offset {
		t.Errorf("parsing %.60q: %v, want a %T at offset %d", text, err, se, offset)
	}
}

// SyntaxError reports through t unless err, the error of parsing text, is
// a *E at an offset within text whose message starts with the name of
// game, for fuzz tests.
func SyntaxError[E syntaxError, PE syntaxErrorPtr[E]](t testing.TB, game, text string, err error) {
	t.Helper()
	var se PE
	offset := -1
	if errors.As(err, &se) {
		offset = grid.SyntaxError(*se).Offset
	}
	if offset < 0 || offset > len(text) || !strings.HasPrefix(err.Error(), game+": ") {
		t.Errorf("parsing %q: %v, want a %T with an offset in 0..%d", text, err, se, len(text))
	}
}

// MustGenerate returns the position generate, a game's Generate, makes from
// its arguments h, w, turns and seed, and stops the test through t.Fatalf
// when it fails.
func MustGenerate[S any](t testing.TB, generate func(h, w, turns int, seed int64) (S, error), h, w, turns int, seed int64) S {
	t.Helper()
	s, err := generate(h, w, turns, seed)
	if err != nil {
		t.Fatalf("Generate(%d, %d, %d, %d): %v", h, w, turns, seed, err)
	}
	return s
}

// badGenerate are sizes and turns the generator refuses, with the error
// message after the game's name.
var badGenerate = []struct {
	h, w, turns int
	want        string
}{
	{4, 5, 3, "height 4: the generator wants an odd height in 3..31"},
	{1, 5, 3, "height 1: the generator wants an odd height in 3..31"},
	{33, 5, 3, "height 33: the generator wants an odd height in 3..31"},
	{5, 6, 3, "width 6: the generator wants an odd width in 3..31"},
	{5, 1, 3, "width 1: the generator wants an odd width in 3..31"},
	{5, -1, 3, "width -1: the generator wants an odd width in 3..31"},
	{5, 5, 0, "0 turns: a game has 1..1000"},
	{5, 5, 1001, "1001 turns: a game has 1..1000"},
}

// GenerateErrors reports through t each size or number of turns outside
// the generator's limits that generate, a game's Generate with some seed,
// does not refuse with the error that names game and what is wrong, e.g.
// "maze: height 4: the generator wants an odd height in 3..31".
func GenerateErrors(t testing.TB, game string, generate func(h, w, turns int) error) {
	t.Helper()
	for _, tt := range badGenerate {
		want := game + ": " + tt.want
		if err := generate(tt.h, tt.w, tt.turns); err == nil || err.Error() != want {
			t.Errorf("Generate(%d, %d, %d) = %v, want the error %q", tt.h, tt.w, tt.turns, err, want)
		}
	}
}

// SeedIsLow32Bits reports through t unless board, the text of the board a
// game's Generate makes from seed, keeps only the low 32 bits of the seed,
// as C++'s std::mt19937(seed) does, and gives two seeds two boards.
func SeedIsLow32Bits(t testing.TB, board func(seed int64) string) {
	t.Helper()
	for _, seeds := range [][2]int64{{0, 1 << 32}, {-1, 1<<32 - 1}, {7, -(1 << 40) + 7}} {
		if a, b := board(seeds[0]), board(seeds[1]); a != b {
			t.Errorf("seeds %d and %d give %s and %s, want the same board", seeds[0], seeds[1], a, b)
		}
	}
	if a, b := board(1), board(2); a == b {
		t.Errorf("seeds 1 and 2 both give %s", a)
	}
}

// Position is a position of a game on a grid, read cell by cell.
type Position interface {
	grid.Picture
	Done() bool
}

// CheckLayout reports through t each cell of s, a position a game's
// Generate made from seed, that is not as the generator lays it out: each
// of starts holds its character's letter, every other cell whose row and
// column are both odd is a wall (a pillar), and every other cell is floor,
// '.' or '1'..'9'. It reports s too when its game is over: a character is
// walled in, which no generated board does.
func CheckLayout(t testing.TB, s Position, seed int64, starts map[[2]int]byte) {
	t.Helper()
	h, w := s.Height(), s.Width()
	for row := range h {
		for col := range w {
			c := s.Cell(row, col)
			switch start, ok := starts[[2]int{row, col}]; {
			case ok:
				if c != start {
					t.Errorf("Generate(%d, %d, seed %d): start cell (%d, %d) is %q, want %q", h, w, seed, row, col, c, start)
				}
			case row%2 == 1 && col%2 == 1:
				if c != '#' {
					t.Errorf("Generate(%d, %d, seed %d): cell (%d, %d) is %q, want a pillar", h, w, seed, row, col, c)
				}
			case c != '.' && (c < '1' || c > '9'):
				t.Errorf("Generate(%d, %d, seed %d): cell (%d, %d) is %q, want floor", h, w, seed, row, col, c)
			}
		}
	}
	if s.Done() {
		t.Errorf("Generate(%d, %d, seed %d): a character is walled in", h, w, seed)
	}
}
