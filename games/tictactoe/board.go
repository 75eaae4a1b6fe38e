package tictactoe

import (
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/internal/xo"
)

// game is the board of tic-tac-toe: 3x3 cells named as Label names the
// action that marks them; an action marks a cell.
var game = xo.Game{
	Name: "tictactoe", Rows: 3, Cols: 3,
	CellName: State{}.CellName,
	Actions:  9,
	Label:    State{}.Label,
	Action:   "cell",
	Taken:    "is not empty",
	Piece:    "mark",
	Line:     "three in a row",
	First:    "first line",
}

// Board returns the position drawn as a 3x3 grid, top row first: x's
// marks are pieces of the first player marked "x", o's of the second
// marked "o". It has no caption: the marks tell the side to move.
func (s State) Board() board.Board {
	return game.Draw(s.String(), "")
}

// Palette returns what a cell may hold, in the order an editor cycles
// through them: empty, x, o.
func (State) Palette() []board.Cell {
	return game.Palette()
}

// CellName returns the name of the cell at row, col of the Board, counted
// from 0 at the top left: its column a..c and its row 1..3 counted from
// the bottom, as Label names the action that marks it, e.g. "a3" for the
// top-left cell. A cell off the board gets "?".
func (State) CellName(row, col int) string {
	if uint(row) > 2 || uint(col) > 2 {
		return "?"
	}
	return labels[2*(row*3+col) : 2*(row*3+col)+2]
}

// Edit returns the text form of the 3x3 board b, cells of the Palette,
// e.g. "x.o/.x./..o". The text need not be a position: Parse says what is
// wrong with one that cannot arise in play, such as two x and no o. Edit
// fails for a board of another size or a cell not in the Palette.
func (State) Edit(b board.Board) (string, error) {
	return game.Edit(b)
}
