package grid

import (
	"strconv"
)

// Limits on boards and games.
const (
	MaxSize  = 31                // rows and columns of a board, at most
	MaxCells = MaxSize * MaxSize // cells of a board, at most
	MaxTurns = 1000              // turns left, at most
)

// The actions, in the order of the primer's sample code.
const (
	Right = 0 // column+1
	Left  = 1 // column-1
	Down  = 2 // row+1
	Up    = 3 // row-1
)

// Steps of the actions Right, Left, Down and Up.
var (
	dRow = [4]int{0, 0, 1, -1}
	dCol = [4]int{1, -1, 0, 0}
)

// labels holds the label of each action.
var labels = [4]string{"right", "left", "down", "up"}

// Move returns the cell one step from row, col in the direction action,
// which may be off the board. It panics if action is not in 0..3.
func Move(row, col, action int) (int, int) {
	return row + dRow[action], col + dCol[action]
}

// Label returns the direction of action: "right", "left", "down" or "up".
// An action outside 0..3 gets '?' followed by its number, e.g. "?4".
func Label(action int) string {
	if uint(action) > 3 {
		return "?" + strconv.Itoa(action)
	}
	return labels[action]
}

// words is the number of uint64 words of a bitset over the cells of the
// largest board.
const words = (MaxCells + 63) / 64

// Cells is a set of cells of a board, cell i being bit i%64 of word i/64.
// Its zero value is the empty set; it is a comparable value of 128 bytes.
type Cells [words]uint64

// Has reports whether cell i is in c. It panics if i is not in
// 0..MaxCells-1.
func (c *Cells) Has(i int) bool {
	return c[i/64]&(1<<(i%64)) != 0
}

// Add puts cell i in c. It panics if i is not in 0..MaxCells-1.
func (c *Cells) Add(i int) {
	c[i/64] |= 1 << (i % 64)
}

// Board is the immutable part of a game: its size, walls and the points
// each cell held at the start, 0 on walls and under the characters. Parse
// and Generate build one; every state played from it shares it. Its zero
// value is not a board. Height, Width and Cell accept a nil *Board, which
// stands for a board of one empty floor cell, the board of a game's zero
// state.
type Board struct {
	height, width int
	walls         Cells
	points        [MaxCells]uint8
}

// Height returns the number of rows, 1 for a nil *Board.
func (b *Board) Height() int {
	if b == nil {
		return 1
	}
	return b.height
}

// Width returns the number of columns, 1 for a nil *Board.
func (b *Board) Width() int {
	if b == nil {
		return 1
	}
	return b.width
}

// Index returns the index of the cell at row, col, row*width+col.
func (b *Board) Index(row, col int) int {
	return row*b.width + col
}

// Points returns the points cell i held at the start, 0 for a wall.
func (b *Board) Points(i int) uint8 {
	return b.points[i]
}

// Open reports whether a character may stand on the cell at row, col: it
// is on the board and not a wall.
func (b *Board) Open(row, col int) bool {
	return uint(row) < uint(b.height) && uint(col) < uint(b.width) && !b.walls.Has(row*b.width+col)
}

// Exits returns the set of actions that move a character from the cell at
// row, col onto a floor cell of the board, action a being bit a.
func (b *Board) Exits(row, col int) uint8 {
	var m uint8
	for a := range 4 {
		if b.Open(row+dRow[a], col+dCol[a]) {
			m |= 1 << a
		}
	}
	return m
}

// Cell returns the cell at row, col of the board as the text form writes
// it when no character stands there: '#' for a wall, '1'..'9' for the
// points it still holds and '.' for a floor cell that never held points or
// is in emptied. It returns '?' for a cell off the board.
func (b *Board) Cell(row, col int, emptied *Cells) byte {
	if uint(row) >= uint(b.Height()) || uint(col) >= uint(b.Width()) {
		return '?'
	}
	if b == nil {
		return '.'
	}
	i := b.Index(row, col)
	switch p := b.points[i]; {
	case b.walls.Has(i):
		return '#'
	case p == 0 || emptied.Has(i):
		return '.'
	default:
		return '0' + p
	}
}

// A Picture is a position that draws its cells as the text form writes
// them, the characters included.
type Picture interface {
	Height() int
	Width() int
	Cell(row, col int) byte
}

// AppendText appends to dst the text form of the position p with turns
// left: turns, a ':', and p's rows from top to bottom separated by '/'.
func AppendText[P Picture](dst []byte, turns int, p P) []byte {
	h, w := p.Height(), p.Width()
	dst = strconv.AppendInt(dst, int64(turns), 10)
	dst = append(dst, ':')
	for row := range h {
		if row > 0 {
			dst = append(dst, '/')
		}
		for col := range w {
			dst = append(dst, p.Cell(row, col))
		}
	}
	return dst
}
