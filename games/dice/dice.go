package dice

import (
	"fmt"
	"strconv"
)

// Size is the number of rows and of columns of the board.
const Size = 7

// MaxPlies is the length of the longest game: a game with no line after
// this many plies (passes included) is a draw.
const MaxPlies = 200

// The sides, as ToMove and Winner return them.
const (
	White = 1
	Black = -1
)

// Pass is the action of a side that has no move.
const Pass = pieces * dirs

// Faces is the number of faces of the die.
const Faces = 6

const (
	pieces = 5 // per side: the King, then pieces 1..4
	dirs   = 8 // N, NE, E, SE, S, SW, W, NW
	cells  = Size * Size
)

// wall is the set of the five wall cells c4, d4, e4, d3 and d5, as bits of
// their squares.
const wall uint64 = 1<<(2*Size+3) | 1<<(3*Size+2) | 1<<(3*Size+3) | 1<<(3*Size+4) | 1<<(4*Size+3)

// step is each direction's change of row and column, in action order; N
// decreases the row, as row 0 is the top.
var step = [dirs]struct{ dr, dc int8 }{
	{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1},
}

// dirNames are the directions' names in action order.
var dirNames = [dirs]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}

// pieceNames are the pieces' names in labels and on the board.
const pieceNames = "K1234"

// State is a position of the dice game. States are comparable: equal
// positions are equal values. The zero value is not a position; start
// from Start or Parse.
type State struct {
	occ    uint64          // the squares of all pieces, as bits
	at     [2][pieces]int8 // each side's squares, White's first, King first
	ply    int16           // plies played
	mover  int8            // the side to move: 0 White, 1 Black
	winner int8            // White or Black once a side has a line, else 0
}

// start is the starting position's squares, as the package comment
// draws them.
var start = [2][pieces]int8{
	{sq(2, 2), sq(5, 0), sq(4, 5), sq(0, 2), sq(2, 0)}, // K c5, 1 a2, 2 f3, 3 c7, 4 a5
	{sq(4, 4), sq(1, 6), sq(2, 1), sq(6, 4), sq(4, 6)}, // K e3, 1 g6, 2 b5, 3 e1, 4 g3
}

// HomeRows is the text of the start searchviz used before it followed the
// paper's clues: each side's King and pieces on its two home rows. It
// fits none of the clues but symmetry, and White makes a line by its
// second move with probability 5/9 against Black's best defence, so its
// games are short races; docs/results.md compares the two starts.
const HomeRows = "d.....k/cb....a/...#.../..###../...#.../A....BC/K.....D w 0"

// sq returns the square of row and col. A square is a cell's index,
// row*Size + col, with row 0 the top row (row 7 of the board's names) and
// col 0 column a: the order of the text form.
func sq(row, col int) int8 { return int8(row*Size + col) }

// Start returns the starting position with White to move at ply 0.
func Start() State {
	return fromSquares(start, 0, 0)
}

// fromSquares returns the position with the pieces on at, the side mover
// to move after ply plies; it finds the pieces' occupancy and the winner.
func fromSquares(at [2][pieces]int8, mover int8, ply int16) State {
	s := State{at: at, mover: mover, ply: ply}
	for _, side := range at {
		for _, q := range side {
			s.occ |= 1 << q
		}
	}
	if s.hasLine(1 - mover) {
		s.winner = sign(1 - mover)
	}
	return s
}

// sign returns White for side 0 and Black for side 1.
func sign(side int8) int8 { return 1 - 2*side }

// neighbours holds, for each square and direction, the square one step
// away, or -1 off the board: a table, as move generation steps often.
var neighbours = func() (n [cells][dirs]int8) {
	for q := range cells {
		for d, st := range step {
			r, c := q/Size+int(st.dr), q%Size+int(st.dc)
			n[q][d] = -1
			if r >= 0 && r < Size && c >= 0 && c < Size {
				n[q][d] = int8(r*Size + c)
			}
		}
	}
	return n
}()

// next returns the square one step from q in direction d, and whether it
// is on the board.
func next(q int8, d int) (int8, bool) {
	nq := neighbours[q][d]
	return nq, nq >= 0
}

// free returns how many cells, at most Faces, a piece on q can move in
// direction d before a piece, a wall cell or the edge.
func (s State) free(q int8, d int) int {
	blocked := s.occ | wall
	n := 0
	for n < Faces {
		nq, ok := next(q, d)
		if !ok || blocked&(1<<nq) != 0 {
			break
		}
		q = nq
		n++
	}
	return n
}

// forbidden reports whether the first-move rule forbids moving piece in
// direction d: a diagonal King move at ply 0.
func (s State) forbidden(piece, d int) bool {
	return s.ply == 0 && piece == 0 && d%2 == 1
}

// canMove reports whether the side to move has a move.
func (s State) canMove() bool {
	for p, q := range s.at[s.mover] {
		for d := range dirs {
			if s.forbidden(p, d) {
				continue
			}
			if nq, ok := next(q, d); ok && (s.occ|wall)&(1<<nq) == 0 {
				return true
			}
		}
	}
	return false
}

// hasLine reports whether side has a line of three or more of its pieces
// on adjacent cells through its King, which is the only kind of line that
// wins.
func (s State) hasLine(side int8) bool {
	var own uint64
	for _, q := range s.at[side] {
		own |= 1 << q
	}
	king := s.at[side][0]
	for d := range dirs / 2 { // N, NE, E, SE; their opposites are d+4
		n := 1
		for _, dd := range [2]int{d, d + 4} {
			for q := king; ; {
				nq, ok := next(q, dd)
				if !ok || own&(1<<nq) == 0 {
					break
				}
				q = nq
				n++
			}
		}
		if n >= 3 {
			return true
		}
	}
	return false
}

// outcomes returns the number of distinct outcomes of action in s, 0 when
// the action is not legal.
func (s State) outcomes(action int) int {
	if s.Done() {
		return 0
	}
	if action == Pass {
		if s.canMove() {
			return 0
		}
		return 1
	}
	if uint(action) >= Pass {
		return 0
	}
	piece, d := action/dirs, action%dirs
	if s.forbidden(piece, d) {
		return 0
	}
	return s.free(s.at[s.mover][piece], d)
}

// Legal appends the side to move's actions to buf in ascending order and
// returns the result: every piece and direction in which the piece can
// move at least one cell, or Pass alone when there is none. It appends
// none when the game is over.
func (s State) Legal(buf []int) []int {
	if s.Done() {
		return buf
	}
	n := len(buf)
	blocked := s.occ | wall
	for p, q := range s.at[s.mover] {
		for d := range dirs {
			if s.forbidden(p, d) {
				continue
			}
			if nq, ok := next(q, d); ok && blocked&(1<<nq) == 0 {
				buf = append(buf, p*dirs+d)
			}
		}
	}
	if len(buf) == n {
		buf = append(buf, Pass)
	}
	return buf
}

// Chances appends to buf the probabilities of action's distinct outcomes,
// by the distance moved, shortest first, and returns the result: 1/6 for
// each distance short of the stop and the rest for the stop, where the
// faces that would go further merge. They sum to 1. A pass has one outcome
// of probability 1. It appends none for an action that is not legal.
func (s State) Chances(action int, buf []float64) []float64 {
	n := s.outcomes(action)
	for range n - 1 {
		buf = append(buf, 1.0/Faces)
	}
	if n > 0 {
		buf = append(buf, float64(Faces+1-n)/Faces)
	}
	return buf
}

// Roll returns the position after the side to move plays action and the
// die gives outcome, an index into Chances(action): the piece moves
// outcome+1 cells. Then the other side is to move, and the game is over if
// the mover made a line. Roll never changes its receiver. It panics if
// action is not legal or outcome is not one of its outcomes; engines roll
// only what Legal and Chances return.
func (s State) Roll(action, outcome int) State {
	n := s.outcomes(action)
	if outcome < 0 || outcome >= n {
		panic(s.badRoll(action, outcome, n))
	}
	if action != Pass {
		piece, d := action/dirs, action%dirs
		q := s.at[s.mover][piece]
		s.occ &^= 1 << q
		for range outcome + 1 {
			q, _ = next(q, d)
		}
		s.occ |= 1 << q
		s.at[s.mover][piece] = q
		if s.hasLine(s.mover) {
			s.winner = sign(s.mover)
		}
	}
	s.ply++
	s.mover = 1 - s.mover
	return s
}

// badRoll describes a roll that Roll refuses, given the action's number
// of outcomes n.
func (s State) badRoll(action, outcome, n int) string {
	if n == 0 {
		return fmt.Sprintf("dice: Roll(%d, %d) in %q: %s is not a legal action", action, outcome, s, s.Label(action))
	}
	return fmt.Sprintf("dice: Roll(%d, %d) in %q: %s has outcomes 0..%d", action, outcome, s, s.Label(action), n-1)
}

// Label returns the name of action: the piece ("K", "1".."4") and the
// direction, e.g. "K NE" or "2 S", or "pass". An action outside 0..Pass
// gets '?' followed by its number, e.g. "?41".
func (State) Label(action int) string {
	switch {
	case action == Pass:
		return "pass"
	case uint(action) > Pass:
		return "?" + strconv.Itoa(action)
	}
	return pieceNames[action/dirs:action/dirs+1] + " " + dirNames[action%dirs]
}

// OutcomeLabel returns the die faces of action's outcome: one face, e.g.
// "2", or the faces merged at a stop, e.g. "3-6"; a pass's single outcome
// is "1-6". It returns "?" for an outcome the action does not have here.
func (s State) OutcomeLabel(action, outcome int) string {
	n := s.outcomes(action)
	switch {
	case outcome < 0 || outcome >= n:
		return "?"
	case outcome == n-1 && n < Faces:
		return strconv.Itoa(n) + "-6"
	}
	return strconv.Itoa(outcome + 1)
}

// Done reports whether the game is over: a side has a line or MaxPlies
// plies were played.
func (s State) Done() bool {
	return s.winner != 0 || s.ply >= MaxPlies
}

// Winner returns the side with a line, White or Black, or 0 when neither
// has one: the game goes on or is a draw.
func (s State) Winner() int {
	return int(s.winner)
}

// ToMove returns the side to move, White or Black. It is defined even
// when the game is over.
func (s State) ToMove() int {
	return int(sign(s.mover))
}

// Ply returns the number of plies played, passes included.
func (s State) Ply() int {
	return int(s.ply)
}

// Score evaluates the position from the side to move's view: -1 when the
// opponent has a line, which is how a won game ends, and 0 otherwise, for
// a draw and for a game not over. The paper's evaluations, which score
// positions in play, are separate.
func (s State) Score() float64 {
	return float64(int(s.winner) * s.ToMove())
}
