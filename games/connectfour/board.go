package connectfour

import (
	"fmt"

	"github.com/searchviz/searchviz/games/board"
)

// The cells of a board: x's discs are the first player's pieces, o's the
// second's.
var (
	emptyCell = board.Cell{Kind: board.Empty}
	xCell     = board.Cell{Kind: board.Piece, Owner: board.First, Mark: "x"}
	oCell     = board.Cell{Kind: board.Piece, Owner: board.Second, Mark: "o"}
)

// Board returns the position drawn as 6 rows of 7 cells, top row first:
// x's discs are pieces of the first player marked "x", o's of the second
// marked "o". The caption names the side to move or the outcome: "x to
// move", "o to move", "x wins", "o wins" or "draw".
func (s State) Board() board.Board {
	b := board.New(Rows, Cols, s.caption())
	for r := range Rows {
		for c := range Cols {
			switch s.Cell(c, Rows-1-r) {
			case 'x':
				b.Set(r, c, xCell)
			case 'o':
				b.Set(r, c, oCell)
			}
		}
	}
	return b
}

// caption is the Board's caption.
func (s State) caption() string {
	switch {
	case hasFour(s.x):
		return "x wins"
	case hasFour(s.o):
		return "o wins"
	case s.x|s.o == full:
		return "draw"
	case s.xToMove():
		return "x to move"
	}
	return "o to move"
}

// Palette returns what a cell may hold, in the order an editor cycles
// through them: empty, x, o.
func (State) Palette() []board.Cell {
	return []board.Cell{emptyCell, xCell, oCell}
}

// Edit returns the text form of the 6x7 board b, cells of the Palette. The
// text need not be a position: Parse says what is wrong with one that
// cannot arise in play, such as a disc above an empty cell. Edit fails for
// a board of another size or a cell not in the Palette.
func (State) Edit(b board.Board) (string, error) {
	if err := b.Check(); err != nil {
		return "", fmt.Errorf("connectfour: editing: %w", err)
	}
	if b.Rows != Rows || b.Cols != Cols {
		return "", fmt.Errorf("connectfour: editing a board of %dx%d cells: a board has %dx%d", b.Rows, b.Cols, Rows, Cols)
	}
	var text [textLen]byte
	for r := range Rows {
		for c := range Cols {
			var letter byte
			switch cell := b.At(r, c); cell {
			case emptyCell:
				letter = '.'
			case xCell:
				letter = 'x'
			case oCell:
				letter = 'o'
			default:
				return "", fmt.Errorf("connectfour: editing: cell %s holds a cell that is not in the palette (%s of %s, marked %q)",
					cellName(c, Rows-1-r), cell.Kind, cell.Owner, cell.Mark)
			}
			text[r*(Cols+1)+c] = letter
		}
		if r < Rows-1 {
			text[r*(Cols+1)+Cols] = '/'
		}
	}
	return string(text[:]), nil
}
