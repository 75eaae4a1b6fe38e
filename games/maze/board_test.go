package maze_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/maze"
)

var (
	wall   = board.Cell{Kind: board.Wall, Mark: "#"}
	floor  = board.Cell{Kind: board.Empty}
	player = board.Cell{Kind: board.Piece, Owner: board.First, Mark: "@"}
)

func points(mark string) board.Cell { return board.Cell{Kind: board.Points, Mark: mark} }

func TestBoard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text       string
		rows, cols int
		caption    string
		cells      gametest.Cells
	}{
		{small, 3, 4, "3 turns left", gametest.Cells{{0, 0}: wall, {0, 1}: floor, {0, 2}: points("5"), {1, 1}: player, {1, 2}: points("1"), {1, 3}: points("8"), {2, 0}: points("3"), {2, 1}: wall}},
		{primer5x5, 5, 5, "3 turns left", gametest.Cells{{0, 0}: points("3"), {1, 1}: wall, {1, 3}: wall, {2, 2}: player, {4, 4}: points("4")}},
		{"1:.@9", 1, 3, "1 turn left", gametest.Cells{{0, 0}: floor, {0, 1}: player, {0, 2}: points("9")}},
		{"0:9/@/#", 3, 1, "no turns left", gametest.Cells{{0, 0}: points("9"), {1, 0}: player, {2, 0}: wall}},
	}
	for _, tt := range tests {
		want := gametest.Drawn{Rows: tt.rows, Cols: tt.cols, Caption: tt.caption, Cells: tt.cells}
		gametest.CheckBoard(t, tt.text, mustParse(t, tt.text).Board(), want)
	}
}

// TestBoardAfterPlay checks that a move empties the cell the player
// leaves and the points of the cell it enters, and changes no other cell.
func TestBoardAfterPlay(t *testing.T) {
	t.Parallel()
	tests := []struct {
		actions []int
		from    [2]int // the player's cell before the last move
		to      [2]int // and after
		caption string
	}{
		{[]int{r}, [2]int{1, 1}, [2]int{1, 2}, "2 turns left"},
		{[]int{r, r}, [2]int{1, 2}, [2]int{1, 3}, "1 turn left"},
		{[]int{u, r}, [2]int{0, 1}, [2]int{0, 2}, "1 turn left"},
	}
	for _, tt := range tests {
		before := at(mustParse(t, small), tt.actions[:len(tt.actions)-1]...)
		b := before.Play(tt.actions[len(tt.actions)-1]).Board()
		name := fmt.Sprintf("after %v", tt.actions)
		// The cell left is empty floor, the cell entered holds the player.
		want := gametest.Drawn{Rows: 3, Cols: 4, Caption: tt.caption, Cells: gametest.Cells{tt.from: floor, tt.to: player}}
		gametest.CheckBoard(t, name, b, want)
		gametest.CheckChanged(t, name, b, before.Board(), tt.from, tt.to)
	}
}

func TestEdit(t *testing.T) {
	t.Parallel()
	palette := maze.State{}.Palette()
	want := []board.Cell{floor, wall, player, points("1"), points("2"), points("3"), points("4"), points("5"), points("6"), points("7"), points("8"), points("9")}
	if len(palette) != len(want) {
		t.Fatalf("Palette = %+v, want %+v", palette, want)
	}
	for i := range want {
		if palette[i] != want[i] {
			t.Errorf("Palette[%d] = %+v, want %+v", i, palette[i], want[i])
		}
	}
	tests := []struct {
		text  string
		edits gametest.Cells
		want  string
	}{
		{small, nil, small},
		{small, gametest.Cells{{0, 0}: floor, {0, 1}: points("7"), {2, 1}: points("9")}, "3:.75#/.@18/39.."},
		// The player moved: the turns left stay.
		{small, gametest.Cells{{1, 1}: floor, {2, 3}: player}, "3:#.5#/..18/3#.@"},
		// An edit may leave a board that is not a position: Parse says why.
		{"1:.@9", gametest.Cells{{0, 0}: player}, "1:@@9"},
		{"1:.@9", gametest.Cells{{0, 1}: wall}, "1:.#9"},
	}
	for _, tt := range tests {
		gametest.CheckEdit(t, tt.text, mustParse(t, tt.text), tt.edits, tt.want)
	}
}

func TestEditErrors(t *testing.T) {
	t.Parallel()
	foreign := mustParse(t, small).Board()
	foreign.Set(2, 3, board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "B"})
	zero := mustParse(t, small).Board()
	zero.Set(0, 1, points("0"))
	tests := []struct {
		b    board.Board
		want string
	}{
		{board.New(32, 1, ""), "maze: editing a board of 32x1 cells: a board has at most 31 rows and 31 columns"},
		{board.Board{Rows: 2, Cols: 2, Cells: make([]board.Cell, 3)}, "maze: editing: board: 3 cells for 2x2"},
		{foreign, `maze: editing: row 3, column 4 holds a cell that is not in the palette (piece of second, marked "B")`},
		{zero, `maze: editing: row 1, column 2 holds a cell that is not in the palette (points of nobody, marked "0")`},
	}
	for _, tt := range tests {
		gametest.CheckEditError(t, mustParse(t, small), tt.b, tt.want)
	}
	if _, err := maze.Parse("1:@@9"); err == nil || !strings.Contains(err.Error(), "a second '@'") {
		t.Errorf("the text of a board edited to two players parses: %v", err)
	}
}
