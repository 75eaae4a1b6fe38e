package tictactoe

import (
	"math/bits"
	"strconv"

	"github.com/searchviz/searchviz/games/internal/xo"
)

// WinScore is the magnitude of a decided game's score: a finished game
// scores -WinScore for the side to move when the opponent has three in a row.
const WinScore = 100

// Bit masks over cells; cell i is bit i.
const (
	full      = 0x1ff // all nine cells
	rowStarts = 0x49  // cells 0, 3 and 6: the first cell of each row
	colStarts = 0x007 // cells 0, 1 and 2: the first cell of each column
	diagonal  = 0x111 // cells 0, 4 and 8
	antiDiag  = 0x054 // cells 2, 4 and 6
)

// labels holds the two-byte label of each cell in action order.
const labels = "a3b3c3a2b2c2a1b1c1"

// State is a tic-tac-toe position. The zero value is the empty board with x
// to move, the same as New. States are comparable: equal positions are equal
// values.
type State struct {
	x, o uint16 // the cells each player has marked
}

// New returns the empty board with x to move.
func New() State {
	return State{}
}

// lines returns how many of the eight lines lie entirely within the cells
// of m.
func lines(m uint16) int {
	// A row (column) is complete when its first cell and the next two along
	// it are all set.
	n := bits.OnesCount16(m & (m >> 1) & (m >> 2) & rowStarts)
	n += bits.OnesCount16(m & (m >> 3) & (m >> 6) & colStarts)
	if m&diagonal == diagonal {
		n++
	}
	if m&antiDiag == antiDiag {
		n++
	}
	return n
}

// hasLine reports whether the marks m make three in a row.
func hasLine(m uint16) bool {
	return m&(m>>1)&(m>>2)&rowStarts != 0 ||
		m&(m>>3)&(m>>6)&colStarts != 0 ||
		m&diagonal == diagonal ||
		m&antiDiag == antiDiag
}

// Legal appends the empty cells to buf in ascending order and returns the
// result. It appends none when the game is over.
func (s State) Legal(buf []int) []int {
	if s.Done() {
		return buf
	}
	for empty := ^(s.x | s.o) & full; empty != 0; empty &= empty - 1 {
		buf = append(buf, bits.TrailingZeros16(empty))
	}
	return buf
}

// Play returns the position after the side to move marks the cell action.
// It panics if action is not a cell in 0..8 or the cell is taken; it does
// not check whether the game is over, as engines play only actions Legal
// returned.
func (s State) Play(action int) State {
	if uint(action) > 8 || (s.x|s.o)&(1<<action) != 0 {
		panic(game.BadPlay(s.String(), action))
	}
	s.x, s.o = xo.Take(s.x, s.o, 1<<action)
	return s
}

// Done reports whether the game is over: a player has three in a row or the
// board is full.
func (s State) Done() bool {
	return xo.Done(s.x, s.o, full, hasLine)
}

// Score evaluates the position from the side to move's view. A finished game
// scores -WinScore when the opponent has three in a row and 0 for a draw.
// Otherwise it is the open-lines heuristic: the lines holding no mark of the
// opponent, which the side to move could still complete, minus the lines
// holding none of its own marks, in [-8, 8].
func (s State) Score() float64 {
	me, opp := xo.Sides(s.x, s.o)
	if score, over := xo.Decided(me, opp, full, hasLine, WinScore); over {
		return score
	}
	return float64(lines(^opp&full) - lines(^me&full))
}

// Label returns the name of cell action: its column a..c and its row 1..3
// counted from the bottom, e.g. "a3" for cell 0. An action outside 0..8
// gets '?' followed by its number, e.g. "?9".
func (s State) Label(action int) string {
	if uint(action) > 8 {
		return "?" + strconv.Itoa(action)
	}
	return labels[2*action : 2*action+2]
}

// ToMove returns the side to move, 'x' or 'o'. It is defined even when the
// game is over.
func (s State) ToMove() byte {
	return xo.ToMove(s.x, s.o)
}

// Winner returns the player with three in a row, 'x' or 'o', or 0 when
// neither has one.
func (s State) Winner() byte {
	return xo.Winner(s.x, s.o, hasLine)
}

// Cell returns the mark in cell i (0..8 in action order): 'x', 'o' or '.'
// when empty. It returns '?' for any other i.
func (s State) Cell(i int) byte {
	switch {
	case uint(i) > 8:
		return '?'
	case s.x&(1<<i) != 0:
		return 'x'
	case s.o&(1<<i) != 0:
		return 'o'
	}
	return '.'
}

// String returns the position's text form, e.g. "x.o/.x./..o", which Parse
// reads back.
func (s State) String() string {
	var b [11]byte
	for i := range 9 {
		b[i+i/3] = s.Cell(i)
	}
	b[3], b[7] = '/', '/'
	return string(b[:])
}
