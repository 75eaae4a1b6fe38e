package connectfour

import (
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/internal/xo"
)

// game is the board of Connect Four: 6 rows of 7 cells, named by column
// letter and row from the bottom; an action drops a disc into a column.
var game = xo.Game{
	Name: "connectfour", Rows: Rows, Cols: Cols,
	CellName: func(row, col int) string { return cellName(col, Rows-1-row) },
	Actions:  Cols,
	Label:    State{}.Label,
	Action:   "column",
	Taken:    "is full",
	Piece:    "disc",
	Line:     "four in a row",
	First:    "first four",
}

// Board returns the position drawn as 6 rows of 7 cells, top row first:
// x's discs are pieces of the first player marked "x", o's of the second
// marked "o". The caption names the side to move or the outcome: "x to
// move", "o to move", "x wins", "o wins" or "draw".
func (s State) Board() board.Board {
	return game.Draw(s.String(), s.caption())
}

// caption is the Board's caption.
func (s State) caption() string {
	switch w := s.Winner(); {
	case w != 0:
		return string(w) + " wins"
	case s.x|s.o == full:
		return "draw"
	}
	return string(s.ToMove()) + " to move"
}

// Palette returns what a cell may hold, in the order an editor cycles
// through them: empty, x, o.
func (State) Palette() []board.Cell {
	return game.Palette()
}

// Edit returns the text form of the 6x7 board b, cells of the Palette. The
// text need not be a position: Parse says what is wrong with one that
// cannot arise in play, such as a disc above an empty cell. Edit fails for
// a board of another size or a cell not in the Palette.
func (State) Edit(b board.Board) (string, error) {
	return game.Edit(b)
}
