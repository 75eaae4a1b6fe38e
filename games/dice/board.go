package dice

import (
	"fmt"
	"strconv"

	"github.com/searchviz/searchviz/games/board"
)

// The cells of a board other than pieces.
var (
	emptyCell = board.Cell{Kind: board.Empty}
	wallCell  = board.Cell{Kind: board.Wall, Mark: "#"}
)

// pieceCell returns the cell of a side's piece: the first player's for
// White, the second's for Black, marked with the piece's name.
func pieceCell(side, p int) board.Cell {
	return board.Cell{Kind: board.Piece, Owner: board.First + board.Owner(side), Mark: pieceNames[p : p+1]}
}

// Board returns the position drawn as a 7x7 grid, row 7 on top: the wall
// cells marked "#", White's pieces the first player's and Black's the
// second's, each marked with its name, "K" or "1" to "4". The caption says
// who is to move at which ply, e.g. "White to move, ply 0 of 200, no
// diagonal King move", or how the game ended.
func (s State) Board() board.Board {
	b := board.New(Size, Size, s.caption())
	for q := range cells {
		if wall&(1<<q) != 0 {
			b.Cells[q] = wallCell
		}
	}
	for side, at := range s.at {
		for p, q := range at {
			b.Cells[q] = pieceCell(side, p)
		}
	}
	return b
}

// caption says what the board does not show: the side to move and the
// ply, or the result.
func (s State) caption() string {
	switch {
	case s.winner == White:
		return "White has a line and wins"
	case s.winner == Black:
		return "Black has a line and wins"
	case s.ply >= MaxPlies:
		return fmt.Sprintf("draw: %d plies played", MaxPlies)
	}
	c := fmt.Sprintf("%s to move, ply %d of %d", sideNames[s.mover], s.ply, MaxPlies)
	switch {
	case !s.canMove():
		c += ", must pass"
	case s.ply == 0:
		c += ", no diagonal King move"
	}
	return c
}

// Palette returns what a cell may hold, in the order an editor cycles
// through them: empty, White's King and pieces 1 to 4, then Black's. The
// wall cells are fixed and not in it.
func (State) Palette() []board.Cell {
	p := []board.Cell{emptyCell}
	for side := range 2 {
		for piece := range pieces {
			p = append(p, pieceCell(side, piece))
		}
	}
	return p
}

// CellName returns the name of the cell at row, col of the Board, counted
// from 0 at the top left: its column a..g and its row 1..7 counted from the
// bottom, e.g. "a7" for the top-left cell. A cell off the board gets "?".
func (State) CellName(row, col int) string {
	if uint(row) >= Size || uint(col) >= Size {
		return "?"
	}
	return name(sq(row, col))
}

// Edit returns the text form of s with its cells replaced by b's, cells of
// the Palette or walls: the side to move and the ply stay s's. The text
// need not be a position: Parse says what is wrong with one that has a
// piece twice, a wall moved or a line for the side to move. Edit fails for
// a board of another size or a cell that is neither in the Palette nor a
// wall.
func (s State) Edit(b board.Board) (string, error) {
	if err := b.Check(); err != nil {
		return "", fmt.Errorf("dice: editing: %w", err)
	}
	if b.Rows != Size || b.Cols != Size {
		return "", fmt.Errorf("dice: editing a board of %dx%d cells: a board has %dx%d", b.Rows, b.Cols, Size, Size)
	}
	text := make([]byte, 0, boardLen+6)
	for r := range Size {
		if r > 0 {
			text = append(text, '/')
		}
		for c := range Size {
			l, ok := cellLetter(b.At(r, c))
			if !ok {
				cell := b.At(r, c)
				return "", fmt.Errorf("dice: editing: cell %s holds a cell that is not in the palette (%s of %s, marked %q)",
					name(sq(r, c)), cell.Kind, cell.Owner, cell.Mark)
			}
			text = append(text, l)
		}
	}
	text = append(text, ' ', sideLetters[s.mover], ' ')
	return string(strconv.AppendInt(text, int64(s.ply), 10)), nil
}

// cellLetter returns the text form's letter of a board's cell, and whether
// it has one.
func cellLetter(cell board.Cell) (byte, bool) {
	switch cell {
	case emptyCell:
		return '.', true
	case wallCell:
		return '#', true
	}
	for side := range 2 {
		for p := range pieces {
			if cell == pieceCell(side, p) {
				return letters[side][p], true
			}
		}
	}
	return 0, false
}
