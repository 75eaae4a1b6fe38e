package dice

import (
	"errors"
	"fmt"
)

// The pieces the paper's clues name.
const (
	piece3 = 3
	piece4 = 4
)

// nw is the direction NW in action order.
const nw = 7

// blackStop is how far Black's piece 4 moves NW at the paper's start
// before White's piece 3 stops it.
const blackStop = 3

// mirror returns the square point-symmetric to q about d4.
func mirror(q int8) int8 { return cells - 1 - q }

// Symmetric returns the position at ply 0, White to move, with White's
// King and pieces 1 to 4 on the cells white names (e.g. "a5"), in that
// order, and each of Black's pieces on the cell point-symmetric about d4
// to White's piece of the same name: the kind of start the paper
// describes. It fails for a cell that is not on the board, a wall cell, a
// cell named twice, a piece on the mirror of another, and a line at the
// start.
func Symmetric(white [pieces]string) (State, error) {
	var at [2][pieces]int8
	var used uint64
	for p, n := range white {
		q, ok := square(n)
		if !ok {
			return State{}, fmt.Errorf("dice: %s on %q: not a cell (a1..g7)", pieceName(0, p), n)
		}
		if wall&(1<<q) != 0 {
			return State{}, fmt.Errorf("dice: %s on %s: %s", pieceName(0, p), n, wallHelp)
		}
		m := mirror(q)
		if used&(1<<q|1<<m) != 0 {
			return State{}, fmt.Errorf("dice: %s on %s: the cell or its mirror %s holds another piece", pieceName(0, p), n, name(m))
		}
		used |= 1<<q | 1<<m
		at[0][p], at[1][p] = q, m
	}
	s := fromSquares(at, 0, 0)
	if s.hasLine(0) || s.hasLine(1) {
		return State{}, fmt.Errorf("dice: the placement %v has a line at the start", white)
	}
	return s, nil
}

// square returns the square of the cell named n, e.g. "d4", and whether n
// names one.
func square(n string) (int8, bool) {
	if len(n) != 2 || n[0] < 'a' || n[0] >= 'a'+Size || n[1] < '1' || n[1] >= '1'+Size {
		return 0, false
	}
	return sq(Size-int(n[1]-'0'), int(n[0]-'a')), true
}

// PaperClues returns nil when s fits everything the paper says of its
// start position, and otherwise an error naming each clue s breaks. The
// clues, in the words of the package comment's section "The start":
//
//   - symmetric: Black's pieces stand point-symmetric about d4 to
//     White's, piece for piece, with White to move at ply 0;
//   - upper left: White's pieces 3 and 4 stand in the upper-left corner,
//     the cells a5 to c7;
//   - Black's 4 stopped: Black's piece 4, moved NW, goes exactly three
//     cells and stops in front of White's piece 3, so that faces 3 to 6
//     give the same move;
//   - weak reach: White's threat term of typeA at the start is 5, one die
//     face of one move, with the first-move rule set aside, and 0 under
//     it: the reach is a diagonal King move, which the rule forbids at
//     White's first move. The line it makes holds White's pieces 3 and 4.
func (s State) PaperClues() error {
	var errs []error
	if s.ply != 0 || s.mover != 0 {
		errs = append(errs, fmt.Errorf("symmetric: the start is White to move at ply 0, not %s at ply %d", sideNames[s.mover], s.ply))
	}
	for p := range pieces {
		if w, b := s.at[0][p], s.at[1][p]; b != mirror(w) {
			errs = append(errs, fmt.Errorf("symmetric: %s is on %s, not %s, the mirror of White's on %s", pieceName(1, p), name(b), name(mirror(w)), name(w)))
		}
	}
	for _, p := range []int{piece3, piece4} {
		if q := s.at[0][p]; q/Size > 2 || q%Size > 2 {
			errs = append(errs, fmt.Errorf("upper left: %s is on %s, outside a5 to c7", pieceName(0, p), name(q)))
		}
	}
	if err := s.blackFourStopped(); err != nil {
		errs = append(errs, err)
	}
	if err := s.weakReach(); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// blackFourStopped checks that Black's piece 4, moved NW, goes exactly
// blackStop cells and stops in front of White's piece 3.
func (s State) blackFourStopped() error {
	q := s.at[1][piece4]
	n := s.free(q, nw)
	for range n {
		q = neighbours[q][nw]
	}
	stop := neighbours[q][nw]
	if n != blackStop || stop != s.at[0][piece3] {
		return fmt.Errorf("Black's 4 stopped: moved NW from %s it goes %d cells, not %d up to White's 3", name(s.at[1][piece4]), n, blackStop)
	}
	return nil
}

// weakReach checks that White's threat term at the start is one face's
// worth with the first-move rule set aside and none under it, and that
// the line that face makes holds White's pieces 3 and 4.
func (s State) weakReach() error {
	w := s
	w.mover, w.ply = 0, 0
	if f := w.winFaces(0); f != 0 {
		return fmt.Errorf("weak reach: White can make a line at its first move (threat term %v under the first-move rule, not 0)", threatPoints(f))
	}
	w.ply = 1
	if f := w.winFaces(0); f != 1 {
		return fmt.Errorf("weak reach: White's threat term with the first-move rule set aside is %v, not %v (one die face)", threatPoints(f), threatPoints(1))
	}
	for _, a := range w.Legal(nil) {
		for o := range w.outcomes(a) {
			next := w.Roll(a, o)
			if next.winner == 0 {
				continue
			}
			for _, p := range []int{piece3, piece4} {
				if next.lineWithout(0, p) {
					return fmt.Errorf("weak reach: %s rolling %s makes a line without %s", w.Label(a), w.OutcomeLabel(a, o), pieceName(0, p))
				}
			}
		}
	}
	return nil
}

// lineWithout reports whether side has a line through its King with its
// piece p taken off the board.
func (s State) lineWithout(side int8, p int) bool {
	t := s
	t.at[side][p] = t.at[side][0]
	return t.hasLine(side)
}
