package xo

import (
	"fmt"
	"math/bits"
)

// Bits is a bitboard: the cells one player holds, one bit per cell.
type Bits interface {
	~uint16 | ~uint64
}

// XToMove reports whether x moves in the position of x's cells x and o's
// cells o: x moves first, so when both have as many.
func XToMove[B Bits](x, o B) bool {
	return bits.OnesCount64(uint64(x|o))&1 == 0
}

// ToMove returns the side to move, 'x' or 'o', in the position of x's
// cells x and o's cells o.
func ToMove[B Bits](x, o B) byte {
	if XToMove(x, o) {
		return 'x'
	}
	return 'o'
}

// Sides returns the cells of the side to move, me, and of its opponent,
// opp, in the position of x's cells x and o's cells o.
func Sides[B Bits](x, o B) (me, opp B) {
	if XToMove(x, o) {
		return x, o
	}
	return o, x
}

// Take returns x's cells and o's after the side to move in the position
// of x's cells x and o's cells o takes the cells c.
func Take[B Bits](x, o, c B) (B, B) {
	if XToMove(x, o) {
		return x | c, o
	}
	return x, o | c
}

// Done reports whether the game is over: won, the game's test for a
// winning line, holds for x's cells or o's, or every cell of full is taken.
func Done[B Bits](x, o, full B, won func(B) bool) bool {
	return won(x) || won(o) || x|o == full
}

// Winner returns the player whose cells hold a winning line by won, 'x'
// or 'o', or 0 when neither does.
func Winner[B Bits](x, o B, won func(B) bool) byte {
	switch {
	case won(x):
		return 'x'
	case won(o):
		return 'o'
	}
	return 0
}

// Decided returns the score of a finished game for the side to move, whose
// cells are me, against opp's, and true: -winScore when opp has a winning
// line by won, 0 when the board (the cells full) is full or me has one,
// which play never reaches, as the game ends at the last mover's line. For
// a game not over it returns 0 and false: the game's heuristic scores it.
func Decided[B Bits](me, opp, full B, won func(B) bool, winScore float64) (float64, bool) {
	if won(opp) {
		return -winScore, true
	}
	if won(me) || me|opp == full {
		return 0, true
	}
	return 0, false
}

// BadPlay describes why Play refuses action in the position whose text is
// pos: action is not one of 0..g.Actions-1, or else what it picks is
// taken.
func (g Game) BadPlay(pos string, action int) string {
	if uint(action) >= uint(g.Actions) {
		return fmt.Sprintf("%s: Play(%d) in %s: an action is a %s number in 0..%d", g.Name, action, pos, g.Action, g.Actions-1)
	}
	return fmt.Sprintf("%s: Play(%d) in %s: %s %s %s", g.Name, action, pos, g.Action, g.Label(action), g.Taken)
}

// CheckCounts reports why no game reaches a position where x has nx
// pieces and o has no, xLine and oLine telling who has a winning line, if
// so: x moves first and the game ends at the first line, so x has as many
// pieces as o or one more, and only the last mover may have a line.
func (g Game) CheckCounts(nx, no int, xLine, oLine bool) error {
	switch {
	case nx != no && nx != no+1:
		return fmt.Errorf("x has %d %ss and o has %d, but x moves first, so x has as many %ss as o or one more", nx, g.Piece, no, g.Piece)
	case xLine && oLine:
		return fmt.Errorf("both x and o have %s, but the game ends at the %s", g.Line, g.First)
	case xLine && nx != no+1:
		return fmt.Errorf("x has %s, so x moved last and has one more %s than o, but both have %d", g.Line, g.Piece, nx)
	case oLine && nx != no:
		return fmt.Errorf("o has %s, so o moved last and has as many %ss as x, but x has %d and o has %d", g.Line, g.Piece, nx, no)
	}
	return nil
}
