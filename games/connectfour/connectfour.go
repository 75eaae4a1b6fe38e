package connectfour

import (
	"math/bits"
	"strconv"

	"github.com/searchviz/searchviz/games/internal/xo"
)

// Board size.
const (
	Cols = 7 // columns, a..g from the left
	Rows = 6 // rows, 1..6 from the bottom
)

// WinScore is the magnitude of a decided game's score: a finished game
// scores -WinScore for the side to move when the opponent has four in a
// row. It is far above any heuristic value, so a win always counts more.
const WinScore = 1000

// Weights of the heuristic, and the bound it never exceeds: each of the 69
// windows of four cells counts for one player at most, and the centre
// column holds six discs.
const (
	threeWeight   = 4
	twoWeight     = 1
	centreWeight  = 1
	windows       = 69
	heuristicSpan = threeWeight*windows + centreWeight*Rows
)

// A heuristic value must never reach a decided game's; this constant fails
// to compile when the weights break that.
const _ = uint(WinScore - heuristicSpan - 1)

// Bitboard layout: cell (col, row) is bit col*stride + row, row 0 at the
// bottom. The bit above each column's top cell is never set, so no line
// runs from one column into the next.
const (
	stride    = Rows + 1
	bottom    = 1 | 1<<7 | 1<<14 | 1<<21 | 1<<28 | 1<<35 | 1<<42 // row 0 of every column
	column    = 1<<Rows - 1                                      // the cells of column 0
	full      = bottom * column                                  // every cell
	centreCol = column << (3 * stride)                           // column d
)

// The bit distances between neighbours along each kind of line.
const (
	up        = 1
	downRight = stride - 1
	right     = stride
	upRight   = stride + 1
)

// colNames holds the label of each column in action order.
const colNames = "abcdefg"

// State is a Connect Four position. The zero value is the empty board with
// x to move, the same as New. States are comparable: equal positions are
// equal values.
type State struct {
	x, o uint64 // the cells holding each player's discs
}

// New returns the empty board with x to move.
func New() State {
	return State{}
}

// colMask returns the cells of column c.
func colMask(c int) uint64 {
	return column << (c * stride)
}

// topCell returns the top cell of column c, which is set when the column is
// full.
func topCell(c int) uint64 {
	return 1 << (c*stride + Rows - 1)
}

// hasFour reports whether the discs m make four in a row.
func hasFour(m uint64) bool {
	return fourAlong(m, up) || fourAlong(m, right) || fourAlong(m, upRight) || fourAlong(m, downRight)
}

// fourAlong reports whether the discs m make four in a row with d between
// neighbours.
func fourAlong(m uint64, d uint) bool {
	// Bit i of t marks two in a row from cell i; two such pairs 2d apart
	// make four.
	t := m & (m >> d)
	return t&(t>>(2*d)) != 0
}

// Legal appends the columns that are not full to buf in ascending order
// (left to right) and returns the result. It appends none when the game is
// over.
func (s State) Legal(buf []int) []int {
	if s.Done() {
		return buf
	}
	taken := s.x | s.o
	for c := range Cols {
		if taken&topCell(c) == 0 {
			buf = append(buf, c)
		}
	}
	return buf
}

// Play returns the position after the side to move drops a disc into
// column action; it lands in the lowest empty cell. It panics if action is
// not a column in 0..6 or the column is full; it does not check whether the
// game is over, as engines play only actions Legal returned.
func (s State) Play(action int) State {
	taken := s.x | s.o
	if uint(action) >= Cols || taken&topCell(action) != 0 {
		panic(game.BadPlay(s.String(), action))
	}
	// The discs of a column fill it from the bottom, so adding its bottom
	// cell carries through them into the lowest empty cell.
	disc := (taken + 1<<(action*stride)) & colMask(action)
	s.x, s.o = xo.Take(s.x, s.o, disc)
	return s
}

// Done reports whether the game is over: a player has four in a row or the
// board is full.
func (s State) Done() bool {
	return xo.Done(s.x, s.o, full, hasFour)
}

// Score evaluates the position from the side to move's view. A finished game
// scores -WinScore when the opponent has four in a row and 0 for a draw.
// Otherwise it is the windows heuristic: over the 69 windows of four
// cells in a row, 4 for each holding three of the side to move's discs and
// an empty cell, 1 for each holding two discs and two empty cells, plus 1
// per disc in the centre column, minus the same for the opponent; always
// within ±282, so far inside ±WinScore.
func (s State) Score() float64 {
	me, opp := xo.Sides(s.x, s.o)
	if score, over := xo.Decided(me, opp, full, hasFour, WinScore); over {
		return score
	}
	return float64(heuristic(me, opp) - heuristic(opp, me))
}

// heuristic values the discs me against the discs opp, one side of Score's
// heuristic.
func heuristic(me, opp uint64) int {
	free := full &^ opp
	var twos, threes int
	for _, d := range [...]uint{up, downRight, right, upRight} {
		// Bit i of open marks the window of cells i, i+d, i+2d and i+3d
		// when all four are on the board and free of opp: the guard bit
		// above each column keeps windows from crossing columns.
		open := free & (free >> d) & (free >> (2 * d)) & (free >> (3 * d))
		a, b, c, e := me, me>>d, me>>(2*d), me>>(3*d)
		// Count each window's discs by halves: s is one disc of the
		// pair, p both.
		s1, p1 := a^b, a&b
		s2, p2 := c^e, c&e
		threes += bits.OnesCount64(open & (p1&s2 | s1&p2))
		twos += bits.OnesCount64(open & (p1&^(c|e) | p2&^(a|b) | s1&s2))
	}
	return threeWeight*threes + twoWeight*twos + centreWeight*bits.OnesCount64(me&centreCol)
}

// Label returns the name of column action, "a" to "g" from the left. An
// action outside 0..6 gets '?' followed by its number, e.g. "?7".
func (s State) Label(action int) string {
	if uint(action) >= Cols {
		return "?" + strconv.Itoa(action)
	}
	return colNames[action : action+1]
}

// ToMove returns the side to move, 'x' or 'o'. It is defined even when the
// game is over.
func (s State) ToMove() byte {
	return xo.ToMove(s.x, s.o)
}

// Winner returns the player with four in a row, 'x' or 'o', or 0 when
// neither has one.
func (s State) Winner() byte {
	return xo.Winner(s.x, s.o, hasFour)
}

// Cell returns the disc at column col (0..6 from the left) and row row (0..5
// from the bottom): 'x', 'o' or '.' when empty. It returns '?' for a cell
// off the board.
func (s State) Cell(col, row int) byte {
	if uint(col) >= Cols || uint(row) >= Rows {
		return '?'
	}
	bit := uint64(1) << (col*stride + row)
	switch {
	case s.x&bit != 0:
		return 'x'
	case s.o&bit != 0:
		return 'o'
	}
	return '.'
}

// Height returns the number of discs in column col, or 0 for a column off
// the board.
func (s State) Height(col int) int {
	if uint(col) >= Cols {
		return 0
	}
	return bits.OnesCount64((s.x | s.o) & colMask(col))
}

// String returns the position's text form, the rows from top to bottom
// separated by '/', e.g. "......./......./......./......./...o.../..xx...",
// which Parse reads back.
func (s State) String() string {
	var b [textLen]byte
	for r := range Rows {
		i := r * (Cols + 1)
		for c := range Cols {
			b[i+c] = s.Cell(c, Rows-1-r)
		}
		if r < Rows-1 {
			b[i+Cols] = '/'
		}
	}
	return string(b[:])
}
