package othello

import (
	"fmt"
	"slices"

	"github.com/searchviz/searchviz/games/board"
)

// The cells of a board.
var emptyCell, blackCell, whiteCell = board.Pieces("●", "○")

// Board returns the position drawn as 8 rows of 8 squares, row 1 at the
// top, with the look of discs: Black's discs are pieces of the first
// player marked "●", White's of the second marked "○". The caption gives the disc count and the side
// to move or the outcome, e.g. "Black to move · 2–2", "White must pass ·
// 30–20", "Black wins 40–24" or "draw 32–32".
func (s State) Board() board.Board {
	b := board.New(Size, Size, s.caption())
	b.Look = board.LookDiscs
	b.ColumnNames, b.RowNames = slices.Clone(columnNames), slices.Clone(rowNames)
	for r := range Size {
		for c := range Size {
			switch s.Cell(r, c) {
			case 'x':
				b.Set(r, c, blackCell)
			case 'o':
				b.Set(r, c, whiteCell)
			}
		}
	}
	return b
}

// columnNames and rowNames name the board's columns and rows as
// SquareName does: columns a to h from the left, rows 1 to 8 from the top.
var (
	columnNames = []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	rowNames    = []string{"1", "2", "3", "4", "5", "6", "7", "8"}
)

// caption is the Board's caption.
func (s State) caption() string {
	black, white := s.Discs()
	switch {
	case !s.Done() && moves(s.p, s.o) == 0:
		return fmt.Sprintf("%s must pass · %d–%d", s.Side(), black, white)
	case !s.Done():
		return fmt.Sprintf("%s to move · %d–%d", s.Side(), black, white)
	case black > white:
		return fmt.Sprintf("Black wins %d–%d", black, white)
	case white > black:
		return fmt.Sprintf("White wins %d–%d", black, white)
	}
	return fmt.Sprintf("draw %d–%d", black, white)
}

// Palette returns what a square may hold, in the order an editor cycles
// through them: empty, a Black disc, a White disc.
func (State) Palette() []board.Cell {
	return []board.Cell{emptyCell, blackCell, whiteCell}
}

// CellName returns the name of the square at row, col of the Board,
// counted from 0 at the top left, e.g. "a1" for the top-left corner; "?"
// for a square off the board.
func (State) CellName(row, col int) string {
	if uint(row) >= Size || uint(col) >= Size {
		return "?"
	}
	return SquareName(row*Size + col)
}

// Edit returns the text form of the 8x8 board b, squares of the Palette,
// with s's side to move. The text need not be a position: Parse says what
// is wrong with one that no game reaches. Edit fails for a board of
// another size or a square not in the Palette.
func (s State) Edit(b board.Board) (string, error) {
	if err := b.Check(); err != nil {
		return "", fmt.Errorf("othello: editing: %w", err)
	}
	if b.Rows != Size || b.Cols != Size {
		return "", fmt.Errorf("othello: editing a board of %dx%d squares: a board has %dx%d", b.Rows, b.Cols, Size, Size)
	}
	text := make([]byte, 0, textLen)
	for r := range Size {
		if r > 0 {
			text = append(text, '/')
		}
		for c := range Size {
			switch cell := b.At(r, c); cell {
			case emptyCell:
				text = append(text, '.')
			case blackCell:
				text = append(text, 'x')
			case whiteCell:
				text = append(text, 'o')
			default:
				return "", fmt.Errorf("othello: editing: square %s holds a cell that is not in the palette (%s of %s, marked %q)",
					s.CellName(r, c), cell.Kind, cell.Owner, cell.Mark)
			}
		}
	}
	return string(append(text, ' ', s.ToMove())), nil
}
