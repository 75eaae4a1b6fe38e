package othello

import (
	"fmt"
	"math/bits"
	"strconv"
)

// Size is the number of rows and of columns of the board.
const Size = 8

// Pass is the action of a player who has no move while the opponent has
// one; its label is "pass".
const Pass = Size * Size

// The four centre squares, never empty in a game: d4, e4, d5 and e5.
const centre = 1<<27 | 1<<28 | 1<<35 | 1<<36

// State is an Othello position. The zero value is not a position; New
// returns the start. States are comparable: equal positions are equal
// values.
type State struct {
	p, o  uint64 // the discs of the side to move and of the other side
	white bool   // White is to move
}

// New returns the standard start: White on d4 and e5, Black on d5 and e4,
// Black to move.
func New() State {
	return State{p: 1<<28 | 1<<35, o: 1<<27 | 1<<36}
}

// black and whites return each colour's discs.
func (s State) black() uint64 {
	if s.white {
		return s.o
	}
	return s.p
}

func (s State) whites() uint64 {
	if s.white {
		return s.p
	}
	return s.o
}

// Legal appends the squares where the side to move may place a disc to
// buf, in ascending order (a1, b1, ..., h8), and returns the result; when
// there is none but the opponent has a move it appends Pass alone. It
// appends nothing when the game is over.
func (s State) Legal(buf []int) []int {
	m := moves(s.p, s.o)
	if m == 0 {
		if moves(s.o, s.p) != 0 {
			buf = append(buf, Pass)
		}
		return buf
	}
	for ; m != 0; m &= m - 1 {
		buf = append(buf, bits.TrailingZeros64(m))
	}
	return buf
}

// Play returns the position after the side to move plays action: a disc on
// square action with every flanked disc turned over, or Pass. It panics
// for an action that is not legal, as engines play only actions Legal
// returned.
func (s State) Play(action int) State {
	if action == Pass {
		if moves(s.p, s.o) != 0 || moves(s.o, s.p) == 0 {
			panic(badPlay(s, action))
		}
		return State{p: s.o, o: s.p, white: !s.white}
	}
	if uint(action) >= Pass || (s.p|s.o)&(1<<action) != 0 {
		panic(badPlay(s, action))
	}
	f := flips(s.p, s.o, action)
	if f == 0 {
		panic(badPlay(s, action))
	}
	return State{p: s.o &^ f, o: s.p | f | 1<<action, white: !s.white}
}

// badPlay describes an action that Play refuses.
func badPlay(s State, action int) string {
	switch {
	case action == Pass && moves(s.o, s.p) == 0 && moves(s.p, s.o) == 0:
		return fmt.Sprintf("othello: Play(pass) in %s: the game is over", s)
	case action == Pass:
		return fmt.Sprintf("othello: Play(pass) in %s: %s has a move, and may pass only without one", s, s.Side())
	case uint(action) >= Pass:
		return fmt.Sprintf("othello: Play(%d) in %s: an action is a square 0..63 or Pass (64)", action, s)
	case (s.p|s.o)&(1<<action) != 0:
		return fmt.Sprintf("othello: Play(%d) in %s: %s is not empty", action, s, s.Label(action))
	}
	return fmt.Sprintf("othello: Play(%d) in %s: a disc on %s flanks no line of the opponent's discs", action, s, s.Label(action))
}

// Done reports whether the game is over: neither player can move.
func (s State) Done() bool {
	return moves(s.p, s.o) == 0 && moves(s.o, s.p) == 0
}

// Label returns the name of action: the square, "a1" to "h8", or "pass".
// An action outside 0..64 gets '?' followed by its number, e.g. "?65".
func (s State) Label(action int) string {
	switch {
	case action == Pass:
		return "pass"
	case uint(action) > Pass:
		return "?" + strconv.Itoa(action)
	}
	return SquareName(action)
}

// SquareName returns the name of square sq (0..63), column then row, e.g.
// "a1" for 0 and "h8" for 63; "?" for a square off the board.
func SquareName(sq int) string {
	if uint(sq) >= Pass {
		return "?"
	}
	return string([]byte{byte('a' + sq%Size), byte('1' + sq/Size)})
}

// ToMove returns the side to move, 'x' (Black) or 'o' (White). It is
// defined even when the game is over.
func (s State) ToMove() byte {
	if s.white {
		return 'o'
	}
	return 'x'
}

// Side returns the name of the side to move, "Black" or "White".
func (s State) Side() string {
	if s.white {
		return "White"
	}
	return "Black"
}

// Discs returns the number of Black's and of White's discs.
func (s State) Discs() (black, white int) {
	return count(s.black()), count(s.whites())
}

// Winner returns the winner of a finished game, 'x' (Black) or 'o'
// (White), or 0 for a draw or a game not over.
func (s State) Winner() byte {
	if !s.Done() {
		return 0
	}
	switch b, w := s.Discs(); {
	case b > w:
		return 'x'
	case w > b:
		return 'o'
	}
	return 0
}

// Cell returns the disc on the square at row (0..7 from the top) and col
// (0..7 from the left): 'x' (Black), 'o' (White) or '.' when empty; '?'
// off the board.
func (s State) Cell(row, col int) byte {
	if uint(row) >= Size || uint(col) >= Size {
		return '?'
	}
	bit := uint64(1) << (row*Size + col)
	switch {
	case s.black()&bit != 0:
		return 'x'
	case s.whites()&bit != 0:
		return 'o'
	}
	return '.'
}

// textLen is the length of every position text: eight rows of eight
// squares, seven '/', a space and the side to move.
const textLen = Size*(Size+1) - 1 + 2

// String returns the position's text form, the rows from the top
// separated by '/', then a space and the side to move, which Parse reads
// back.
func (s State) String() string {
	var b [textLen]byte
	for r := range Size {
		i := r * (Size + 1)
		for c := range Size {
			b[i+c] = s.Cell(r, c)
		}
		if r < Size-1 {
			b[i+Size] = '/'
		}
	}
	b[textLen-2] = ' '
	b[textLen-1] = s.ToMove()
	return string(b[:])
}
