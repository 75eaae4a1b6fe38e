// Package xo holds what the games of x and o, tictactoe and connectfour,
// share: their rules over two bitboards, x's cells and o's, and the errors
// that state them, and their boards, drawn and read back into position
// text. Both games write a position as its rows from top to bottom
// separated by '/', with 'x', 'o' or '.' (empty) per cell; on a board, x's
// marks or discs are pieces of the first player marked "x", o's of the
// second marked "o".
//
// In both games x moves first and the players take turns, so x moves when
// both have as many pieces; the game ends when a player completes a line
// (its only way to win) or the board is full.
//
// It is internal to games, which import nothing else of searchviz.
package xo

import (
	"fmt"
	"strings"

	"github.com/searchviz/searchviz/games/board"
)

// The cells of a board.
var emptyCell, xCell, oCell = board.Pieces("x", "o")

// Game is the board of one game of x and o and the words of its errors.
// Its methods are safe for concurrent use.
type Game struct {
	Name       string // the game's package name, which starts its errors
	Rows, Cols int
	// CellName names the cell at row, col of a board, counted from 0 at
	// the top left, as the game's players do, e.g. "a3".
	CellName func(row, col int) string

	Actions int // the number of actions, 0..Actions-1
	// Label names action as the game's Label does, e.g. "d".
	Label func(action int) string
	// The words of the errors: what an action picks ("column"), what is
	// wrong with picking a taken one ("is full"), a player's piece
	// ("disc"), a winning line ("four in a row") and the line the game
	// ends at ("first four").
	Action, Taken, Piece, Line, First string
}

// Draw returns the board of the position whose text is text, in the form
// the package comment describes, with the given caption. Any letter other
// than 'x' and 'o' is drawn as an empty cell.
func (g Game) Draw(text, caption string) board.Board {
	b := board.New(g.Rows, g.Cols, caption)
	for r, row := range strings.SplitN(text, "/", g.Rows) {
		for c := range min(len(row), g.Cols) {
			switch row[c] {
			case 'x':
				b.Set(r, c, xCell)
			case 'o':
				b.Set(r, c, oCell)
			}
		}
	}
	b.ColumnNames, b.RowNames = g.names()
	return b
}

// names returns the names of the columns and of the rows, read from
// CellName's names of the cells of the first row and the first column:
// a letter for the column, then the row's number.
func (g Game) names() (cols, rows []string) {
	cols = make([]string, g.Cols)
	for c := range cols {
		cols[c] = g.CellName(0, c)[:1]
	}
	rows = make([]string, g.Rows)
	for r := range rows {
		rows[r] = g.CellName(r, 0)[1:]
	}
	return cols, rows
}

// Palette returns what a cell may hold, in the order an editor cycles
// through them: empty, x, o.
func (Game) Palette() []board.Cell {
	return []board.Cell{emptyCell, xCell, oCell}
}

// Edit returns the text of the board b, cells of the Palette. The text need
// not be a position of the game. Edit fails for a board of another size
// than the game's or a cell not in the Palette.
func (g Game) Edit(b board.Board) (string, error) {
	if err := b.Check(); err != nil {
		return "", fmt.Errorf("%s: editing: %w", g.Name, err)
	}
	if b.Rows != g.Rows || b.Cols != g.Cols {
		return "", fmt.Errorf("%s: editing a board of %dx%d cells: a board has %dx%d", g.Name, b.Rows, b.Cols, g.Rows, g.Cols)
	}
	text := make([]byte, 0, g.Rows*(g.Cols+1)-1)
	for r := range g.Rows {
		if r > 0 {
			text = append(text, '/')
		}
		for c := range g.Cols {
			var letter byte
			switch cell := b.At(r, c); cell {
			case emptyCell:
				letter = '.'
			case xCell:
				letter = 'x'
			case oCell:
				letter = 'o'
			default:
				return "", fmt.Errorf("%s: editing: cell %s holds a cell that is not in the palette (%s of %s, marked %q)",
					g.Name, g.CellName(r, c), cell.Kind, cell.Owner, cell.Mark)
			}
			text = append(text, letter)
		}
	}
	return string(text), nil
}
