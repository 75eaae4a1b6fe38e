package grid_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/internal/grid"
	"github.com/searchviz/searchviz/games/internal/grid/gridtest"
)

// picture is a board with characters at some cells, as a game draws it.
type picture struct {
	b       *grid.Board
	emptied grid.Cells
	letters map[[2]int]byte // the characters' letters by cell
}

func (p picture) Height() int { return p.b.Height() }
func (p picture) Width() int  { return p.b.Width() }

func (p picture) Cell(row, col int) byte {
	if c, ok := p.letters[[2]int{row, col}]; ok {
		return c
	}
	return p.b.Cell(row, col, &p.emptied)
}

var _ grid.Picture = picture{}

// mustParse reads text with the letters '@', 'A' and 'B' and returns the
// board, the turns and the letters' cells.
func mustParse(t testing.TB, text string) (b *grid.Board, turns int, letters map[[2]int]byte) {
	t.Helper()
	b = &grid.Board{}
	letters = map[[2]int]byte{}
	turns, end, err := grid.Parse(text, grid.Syntax{Letters: "@AB"}, b, func(c byte, row, col, _ int) error {
		letters[[2]int{row, col}] = c
		return nil
	})
	if err != nil || end != len(text) {
		t.Fatalf("Parse(%q): end %d, %v", text, end, err)
	}
	return b, turns, letters
}

// text returns the text form of the board b with turns and letters.
func text(b *grid.Board, turns int, emptied grid.Cells, letters map[[2]int]byte) string {
	return string(grid.AppendText(nil, turns, picture{b, emptied, letters}))
}

func TestCells(t *testing.T) {
	t.Parallel()
	tests := []struct {
		add  []int
		want []int
	}{
		{nil, nil},
		{[]int{0}, []int{0}},
		{[]int{63, 64}, []int{63, 64}},
		{[]int{grid.MaxCells - 1, 5, 5}, []int{5, grid.MaxCells - 1}},
		{[]int{127, 128, 1, 900}, []int{1, 127, 128, 900}},
	}
	for _, tt := range tests {
		var c grid.Cells
		for _, i := range tt.add {
			c.Add(i)
		}
		var got []int
		for i := range grid.MaxCells {
			if c.Has(i) {
				got = append(got, i)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("after Add of %v: cells %v, want %v", tt.add, got, tt.want)
		}
	}
}

func TestMoveAndLabel(t *testing.T) {
	t.Parallel()
	tests := []struct {
		action   int
		row, col int
		label    string
	}{
		{grid.Right, 5, 8, "right"},
		{grid.Left, 5, 6, "left"},
		{grid.Down, 6, 7, "down"},
		{grid.Up, 4, 7, "up"},
	}
	for _, tt := range tests {
		if row, col := grid.Move(5, 7, tt.action); row != tt.row || col != tt.col {
			t.Errorf("Move(5, 7, %d) = %d, %d; want %d, %d", tt.action, row, col, tt.row, tt.col)
		}
		if got := grid.Label(tt.action); got != tt.label {
			t.Errorf("Label(%d) = %q, want %q", tt.action, got, tt.label)
		}
	}
	for _, action := range []int{-1, 4, 100} {
		if got, want := grid.Label(action), fmt.Sprintf("?%d", action); got != want {
			t.Errorf("Label(%d) = %q, want %q", action, got, want)
		}
	}
}

func TestBoard(t *testing.T) {
	t.Parallel()
	// #.5#
	// .@18
	// 3#..
	b, _, _ := mustParse(t, "3:#.5#/.@18/3#..")
	var emptied grid.Cells
	emptied.Add(b.Index(1, 2))
	tests := []struct {
		row, col int
		open     bool
		exits    []int
		cell     byte
		points   uint8
	}{
		{0, 0, false, []int{grid.Right, grid.Down}, '#', 0},
		{0, 2, true, []int{grid.Left, grid.Down}, '5', 5},
		{1, 1, true, []int{grid.Right, grid.Left, grid.Up}, '.', 0},
		{1, 2, true, []int{grid.Right, grid.Left, grid.Down, grid.Up}, '.', 1},
		{1, 3, true, []int{grid.Left, grid.Down}, '8', 8},
		{2, 0, true, []int{grid.Up}, '3', 3},
		{2, 1, false, []int{grid.Right, grid.Left, grid.Up}, '#', 0},
		{2, 3, true, []int{grid.Left, grid.Up}, '.', 0},
	}
	if b.Height() != 3 || b.Width() != 4 {
		t.Fatalf("board of %dx%d, want 3x4", b.Height(), b.Width())
	}
	for _, tt := range tests {
		if got := b.Open(tt.row, tt.col); got != tt.open {
			t.Errorf("Open(%d, %d) = %t, want %t", tt.row, tt.col, got, tt.open)
		}
		var exits []int
		for a := range 4 {
			if b.Exits(tt.row, tt.col)&(1<<a) != 0 {
				exits = append(exits, a)
			}
		}
		if !slices.Equal(exits, tt.exits) {
			t.Errorf("Exits(%d, %d) = %v, want %v", tt.row, tt.col, exits, tt.exits)
		}
		if got := b.Cell(tt.row, tt.col, &emptied); got != tt.cell {
			t.Errorf("Cell(%d, %d) = %q, want %q", tt.row, tt.col, got, tt.cell)
		}
		if got := b.Points(b.Index(tt.row, tt.col)); got != tt.points {
			t.Errorf("Points at (%d, %d) = %d, want %d", tt.row, tt.col, got, tt.points)
		}
	}
	for _, rc := range [][2]int{{-1, 0}, {0, -1}, {3, 0}, {0, 4}} {
		if b.Open(rc[0], rc[1]) {
			t.Errorf("Open(%d, %d) = true off the board", rc[0], rc[1])
		}
	}
}

func TestAppendText(t *testing.T) {
	t.Parallel()
	b, _, _ := mustParse(t, "12:#.5#/.@18/3#..")
	var emptied grid.Cells
	emptied.Add(b.Index(0, 2))
	tests := []struct {
		turns   int
		emptied grid.Cells
		letters map[[2]int]byte
		want    string
	}{
		{12, grid.Cells{}, map[[2]int]byte{{1, 1}: '@'}, "12:#.5#/.@18/3#.."},
		{0, grid.Cells{}, nil, "0:#.5#/..18/3#.."},
		{1000, emptied, map[[2]int]byte{{1, 3}: 'A', {2, 0}: 'B'}, "1000:#..#/..1A/B#.."},
	}
	for _, tt := range tests {
		got := grid.AppendText([]byte("x "), tt.turns, picture{b, tt.emptied, tt.letters})
		if string(got) != "x "+tt.want {
			t.Errorf("AppendText(%d turns, %v) = %q, want %q", tt.turns, tt.letters, got, "x "+tt.want)
		}
	}
}

func TestCheckGenerate(t *testing.T) {
	t.Parallel()
	for _, ok := range [][3]int{{3, 3, 1}, {31, 31, 1000}, {5, 29, 20}} {
		if err := grid.CheckGenerate("game", ok[0], ok[1], ok[2]); err != nil {
			t.Errorf("CheckGenerate(%d, %d, %d) = %v, want nil", ok[0], ok[1], ok[2], err)
		}
	}
	gridtest.GenerateErrors(t, "game", func(h, w, turns int) error {
		return grid.CheckGenerate("game", h, w, turns)
	})
}

func TestGenerate(t *testing.T) {
	t.Parallel()
	// The boards of the primer's sample code: for the one-player maze
	// (start at the centre) and the two-player one (mirrored, starts
	// beside the centre), as games/maze and games/twinmaze check them.
	tests := []struct {
		h, w     int
		seed     int64
		mirrored bool
		starts   [][2]int
		want     string
	}{
		{5, 5, 0, false, [][2]int{{2, 2}}, "39737/3#1#6/69.86/6#8#4/36914"},
		{5, 5, 0, true, [][2]int{{2, 1}, {2, 3}}, "39793/3#3#3/1.6.1/9#6#9/68486"},
		{5, 5, 1, true, [][2]int{{2, 1}, {2, 3}}, "33133/1#2#1/8.6.8/3#.#3/21212"},
		{3, 3, 7, true, [][2]int{{1, 0}, {1, 2}}, "212/.#./777"},
		{7, 9, 42, true, [][2]int{{3, 3}, {3, 5}}, ".4125214./5#6#6#6#5/319313913/9#9...9#9/593494395/6#.#2#.#6/797333797"},
		{9, 7, -1, true, [][2]int{{4, 2}, {4, 4}}, "2358532/9#.#.#9/1867681/1#9#9#1/2..4..2/.#.#.#./8974798/1#5#5#1/5797975"},
	}
	for _, tt := range tests {
		b := &grid.Board{}
		var starts []int
		for _, s := range tt.starts {
			starts = append(starts, s[0]*tt.w+s[1])
		}
		if tt.mirrored {
			b.GenerateMirrored(tt.h, tt.w, tt.seed, starts...)
		} else {
			b.Generate(tt.h, tt.w, tt.seed, starts...)
		}
		if got := strings.TrimPrefix(text(b, 0, grid.Cells{}, nil), "0:"); got != tt.want {
			t.Errorf("Generate(%d, %d, %d, %v), mirrored %t = %s, want %s", tt.h, tt.w, tt.seed, tt.starts, tt.mirrored, got, tt.want)
		}
	}
}

func TestNilBoard(t *testing.T) {
	t.Parallel()
	var b *grid.Board
	tests := []struct {
		row, col int
		want     byte
	}{
		{0, 0, '.'},
		{0, 1, '?'},
		{1, 0, '?'},
		{-1, 0, '?'},
	}
	if b.Height() != 1 || b.Width() != 1 {
		t.Errorf("nil Board of %dx%d, want 1x1", b.Height(), b.Width())
	}
	for _, tt := range tests {
		if got := b.Cell(tt.row, tt.col, &grid.Cells{}); got != tt.want {
			t.Errorf("nil Board: Cell(%d, %d) = %q, want %q", tt.row, tt.col, got, tt.want)
		}
	}
}
