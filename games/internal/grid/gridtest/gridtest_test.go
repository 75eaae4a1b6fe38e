package gridtest_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/internal/grid"
	"github.com/searchviz/searchviz/games/internal/grid/gridtest"
	"github.com/searchviz/searchviz/games/maze"
)

// position is a position on a grid: its rows of cells.
type position struct {
	rows []string
	done bool
}

func (p position) Height() int            { return len(p.rows) }
func (p position) Width() int             { return len(p.rows[0]) }
func (p position) Cell(row, col int) byte { return p.rows[row][col] }
func (p position) Done() bool             { return p.done }

// parse is maze.Parse, but for "other" it fails with an error that is not
// a *maze.SyntaxError.
func parse(text string) (maze.State, error) {
	if text == "other" {
		return maze.State{}, errors.New("maze: at offset 1: other")
	}
	return maze.Parse(text)
}

// A test of a check runs it on a gametest.Recorder and compares the
// failures with the test's fail: "" for none, else a part of one failure.

func TestParseError(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text   string
		offset int
		want   string
		fail   string
	}{
		{"3:@@", 3, "a second '@'", ""},
		{"3:@@", 2, "a second '@'", "want a *maze.SyntaxError at offset 2"},
		{"3:@@", 3, "no '@'", "want an error containing: no '@'"},
		{"other", 1, "other", "want a *maze.SyntaxError at offset 1"},
		{"0:@", 0, "", `parsing "0:@" gives 0:@, want an error`},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		gridtest.ParseError[maze.SyntaxError](r, parse, tt.text, tt.offset, tt.want)
		if !r.Matches(tt.fail) {
			t.Errorf("%q at %d: failures %q, want %q", tt.text, tt.offset, r.Errors, tt.fail)
		}
	}
}

func TestSyntaxError(t *testing.T) {
	t.Parallel()
	_, bad := maze.Parse("3:@@") // at offset 3
	tests := []struct {
		game, text string
		err        error
		fail       string
	}{
		{"maze", "3:@@", bad, ""},
		{"maze", "3:", bad, "with an offset in 0..2"},
		{"twinmaze", "3:@@", bad, "want a *maze.SyntaxError"},
		{"maze", "3:@@", errors.New("maze: at offset 3: bad"), "want a *maze.SyntaxError"},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		gridtest.SyntaxError[maze.SyntaxError](r, tt.game, tt.text, tt.err)
		if !r.Matches(tt.fail) {
			t.Errorf("%s %q %v: failures %q, want %q", tt.game, tt.text, tt.err, r.Errors, tt.fail)
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		check func(h, w, turns int) error
		fail  string
	}{
		{"game", func(h, w, turns int) error { return grid.CheckGenerate("game", h, w, turns) }, ""},
		{"maze", func(h, w, turns int) error { return grid.CheckGenerate("maze", h, w, turns) }, `want the error "game: height 4`},
		{"no error", func(h, w, turns int) error { return grid.CheckGenerate("game", h, w, min(turns, 1000)) }, "Generate(5, 5, 1001) = <nil>"},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		gridtest.GenerateErrors(r, "game", tt.check)
		if !r.Matches(tt.fail) {
			t.Errorf("%s: failures %q, want %q", tt.name, r.Errors, tt.fail)
		}
	}
}

func TestSeedIsLow32Bits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		board func(seed int64) string
		fail  string
	}{
		{"low bits", func(seed int64) string { return fmt.Sprint(uint32(seed)) }, ""},
		{"all bits", func(seed int64) string { return fmt.Sprint(seed) }, "seeds 0 and 4294967296 give 0 and 4294967296"},
		{"no seed", func(int64) string { return "board" }, "seeds 1 and 2 both give"},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		gridtest.SeedIsLow32Bits(r, tt.board)
		if !r.Matches(tt.fail) {
			t.Errorf("%s: failures %q, want %q", tt.name, r.Errors, tt.fail)
		}
	}
}

func TestCheckLayout(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		p    position
		fail string
	}{
		{"right", position{rows: []string{"1.3.5", "4@6#7", "..9.."}}, ""},
		{"no start", position{rows: []string{"1.3.5", "4.6#7", "..9.."}}, `start cell (1, 1) is '.', want '@'`},
		{"floor on a pillar", position{rows: []string{"1.3.5", "4@6.7", "..9.."}}, `Generate(3, 5, seed 7): cell (1, 3) is '.', want a pillar`},
		{"wall off a pillar", position{rows: []string{"1.#.5", "4@6#7", "..9.."}}, `cell (0, 2) is '#', want floor`},
		{"walled in", position{rows: []string{"1.3.5", "4@6#7", "..9.."}, done: true}, "a character is walled in"},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		gridtest.CheckLayout(r, tt.p, 7, map[[2]int]byte{{1, 1}: '@'})
		if !r.Matches(tt.fail) {
			t.Errorf("%s: failures %q, want %q", tt.name, r.Errors, tt.fail)
		}
	}
}
