package maze

import (
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/internal/grid"
)

// pieces is the maze's one character, the player's '@'.
var pieces = []grid.Piece{{Letter: '@', Cell: board.Cell{Kind: board.Piece, Owner: board.First, Mark: "@"}}}

// Board returns the position drawn as a grid: walls marked "#", floor
// cells with the points they still hold marked with their number, the
// player a piece of the first player marked "@"; the caption gives the
// turns left, e.g. "3 turns left".
func (s State) Board() board.Board {
	return grid.Draw(s, grid.TurnsLeft(s.Turns()), pieces)
}

// Palette returns what a cell may hold, in the order an editor cycles
// through them: empty floor, a wall, the player, then 1 to 9 points.
func (State) Palette() []board.Cell {
	return grid.Palette(pieces)
}

// Edit returns the text form of s with its cells replaced by b's, cells of
// the Palette: the turns left stay s's. The text need not be a position:
// Parse says what is wrong with a board with no player or two. Edit fails
// for a board of more than MaxSize rows or columns or a cell not in the
// Palette.
func (s State) Edit(b board.Board) (string, error) {
	text, err := grid.AppendBoard(nil, "maze", s.Turns(), b, pieces)
	if err != nil {
		return "", err
	}
	return string(text), nil
}
