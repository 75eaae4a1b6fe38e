package grid

import (
	"fmt"
	"strconv"

	"github.com/searchviz/searchviz/games/board"
)

// A Piece is one of a game's characters: the letter its text form writes
// and the cell a board draws for it.
type Piece struct {
	Letter byte
	Cell   board.Cell
}

// The cells every grid game draws, whatever its characters.
var (
	wallCell  = board.Cell{Kind: board.Wall, Mark: "#"}
	floorCell = board.Cell{Kind: board.Empty}
)

// pointsCell returns the cell of a floor cell holding p points, 1..9.
func pointsCell(p byte) board.Cell {
	return board.Cell{Kind: board.Points, Mark: string('0' + p)}
}

// cellOf returns the cell drawn for the byte c of a text form: '#' a wall,
// '1'..'9' points, one of pieces' letters that piece, and anything else
// ('.' included) empty floor.
func cellOf(c byte, pieces []Piece) board.Cell {
	switch {
	case c == '#':
		return wallCell
	case '1' <= c && c <= '9':
		return pointsCell(c - '0')
	}
	for _, p := range pieces {
		if p.Letter == c {
			return p.Cell
		}
	}
	return floorCell
}

// letterOf returns the byte of the text form that draws cell, the inverse
// of cellOf, and false for a cell cellOf never returns.
func letterOf(cell board.Cell, pieces []Piece) (byte, bool) {
	switch cell {
	case wallCell:
		return '#', true
	case floorCell:
		return '.', true
	}
	for p := byte(1); p <= 9; p++ {
		if cell == pointsCell(p) {
			return '0' + p, true
		}
	}
	for _, p := range pieces {
		if p.Cell == cell {
			return p.Letter, true
		}
	}
	return 0, false
}

// Draw returns the position p as a board for display, with caption: a
// wall for '#', marked "#"; empty floor for '.'; points marked with their
// number for '1'..'9'; and each of pieces' letters as its cell.
func Draw[P Picture](p P, caption string, pieces []Piece) board.Board {
	b := board.New(p.Height(), p.Width(), caption)
	for row := range b.Rows {
		for col := range b.Cols {
			b.Set(row, col, cellOf(p.Cell(row, col), pieces))
		}
	}
	return b
}

// Palette returns what a cell of a grid game may hold, in the order an
// editor cycles through them: empty floor, a wall, the pieces, then 1 to 9
// points.
func Palette(pieces []Piece) []board.Cell {
	out := []board.Cell{floorCell, wallCell}
	for _, p := range pieces {
		out = append(out, p.Cell)
	}
	for p := byte(1); p <= 9; p++ {
		out = append(out, pointsCell(p))
	}
	return out
}

// AppendBoard appends to dst the text form of b with turns left, each cell
// written as the byte Draw reads as it: the inverse of Draw. The text need
// not be a position, as b may have no character or two; the game's parser
// says what is wrong with it. AppendBoard fails, with an error that starts
// with the game's name, for a board that is not well formed or has more
// than MaxSize rows or columns, and for a cell Draw never draws.
func AppendBoard(dst []byte, game string, turns int, b board.Board, pieces []Piece) ([]byte, error) {
	if err := b.Check(); err != nil {
		return dst, fmt.Errorf("%s: editing: %w", game, err)
	}
	if b.Rows > MaxSize || b.Cols > MaxSize {
		return dst, fmt.Errorf("%s: editing a board of %dx%d cells: a board has at most %d rows and %d columns", game, b.Rows, b.Cols, MaxSize, MaxSize)
	}
	if turns < 0 || turns > MaxTurns {
		return dst, fmt.Errorf("%s: editing a position with %d turns left: want 0..%d", game, turns, MaxTurns)
	}
	dst = strconv.AppendInt(dst, int64(turns), 10)
	dst = append(dst, ':')
	for row := range b.Rows {
		if row > 0 {
			dst = append(dst, '/')
		}
		for col := range b.Cols {
			c, ok := letterOf(b.At(row, col), pieces)
			if !ok {
				cell := b.At(row, col)
				return dst, fmt.Errorf("%s: editing: row %d, column %d holds a cell that is not in the palette (%s of %s, marked %q)", game, row+1, col+1, cell.Kind, cell.Owner, cell.Mark)
			}
			dst = append(dst, c)
		}
	}
	return dst, nil
}

// TurnsLeft is the caption of a position with turns left: "3 turns left",
// "1 turn left" or "no turns left".
func TurnsLeft(turns int) string {
	switch turns {
	case 0:
		return "no turns left"
	case 1:
		return "1 turn left"
	}
	return strconv.Itoa(turns) + " turns left"
}
