package tictactoe

import (
	"fmt"

	"github.com/searchviz/searchviz/games/board"
)

// The cells of a board: x's marks are the first player's pieces, o's the
// second's.
var (
	emptyCell = board.Cell{Kind: board.Empty}
	xCell     = board.Cell{Kind: board.Piece, Owner: board.First, Mark: "x"}
	oCell     = board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "o"}
)

// Board returns the position drawn as a 3x3 grid, top row first: x's
// marks are pieces of the first player marked "x", o's of the second
// marked "o". It has no caption: the marks tell the side to move.
func (s State) Board() board.Board {
	b := board.New(3, 3, "")
	for i := range 9 {
		switch s.Cell(i) {
		case 'x':
			b.Cells[i] = xCell
		case 'o':
			b.Cells[i] = oCell
		}
	}
	return b
}

// Palette returns what a cell may hold, in the order an editor cycles
// through them: empty, x, o.
func (State) Palette() []board.Cell {
	return []board.Cell{emptyCell, xCell, oCell}
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
	if err := b.Check(); err != nil {
		return "", fmt.Errorf("tictactoe: editing: %w", err)
	}
	if b.Rows != 3 || b.Cols != 3 {
		return "", fmt.Errorf("tictactoe: editing a board of %dx%d cells: a board has 3x3", b.Rows, b.Cols)
	}
	var text [textLen]byte
	text[3], text[7] = '/', '/'
	for i, c := range b.Cells {
		var letter byte
		switch c {
		case emptyCell:
			letter = '.'
		case xCell:
			letter = 'x'
		case oCell:
			letter = 'o'
		default:
			return "", fmt.Errorf("tictactoe: editing: cell %s holds a cell that is not in the palette (%s of %s, marked %q)", labels[2*i:2*i+2], c.Kind, c.Owner, c.Mark)
		}
		text[i+i/3] = letter
	}
	return string(text[:]), nil
}
