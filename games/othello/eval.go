package othello

import "math/bits"

// WinScore is the magnitude of a decided game's score before the margin:
// a finished game scores WinScore plus the disc margin for the side to
// move when it has more discs, minus WinScore plus the margin when it has
// fewer, and 0 for a draw. It is far above any heuristic value, so a win
// always counts more, and a bigger win more than a smaller one.
const WinScore = 10000

// weights is the square-weight table of the evaluation, by square from a1:
// corners are worth most, as no disc there ever turns over; the squares
// next to a corner least, as a disc there lets the opponent take it.
var weights = [Size * Size]int{
	100, -20, 10, 5, 5, 10, -20, 100,
	-20, -50, -2, -2, -2, -2, -50, -20,
	10, -2, -1, -1, -1, -1, -2, 10,
	5, -2, -1, -1, -1, -1, -2, 5,
	5, -2, -1, -1, -1, -1, -2, 5,
	10, -2, -1, -1, -1, -1, -2, 10,
	-20, -50, -2, -2, -2, -2, -50, -20,
	100, -20, 10, 5, 5, 10, -20, 100,
}

// The phases of the game by the number of empty squares, and the weights
// of mobility and of disc parity in each.
const (
	openingEmpties = 44 // more empty squares than this: the opening
	endgameEmpties = 14 // this many or fewer: the endgame

	openingMobility, openingParity = 10, 0
	middleMobility, middleParity   = 6, 1
	endgameMobility, endgameParity = 2, 8
)

// heuristicSpan bounds the heuristic: the squares' weights sum to at most
// weightSpan between the two sides, and mobility and parity differences
// are at most 64 each.
const (
	weightSpan    = 4*100 + 8*20 + 4*50 + 8*10 + 8*5 + 16*2 + 16*1
	heuristicSpan = weightSpan + 64*max(openingMobility+openingParity, middleMobility+middleParity, endgameMobility+endgameParity)
)

// A heuristic value must never reach a decided game's; this constant fails
// to compile when the weights break that.
const _ = uint(WinScore - heuristicSpan - 1)

// Score evaluates the position from the side to move's view. A finished
// game scores ±(WinScore + margin) as WinScore says, or 0 for a draw;
// otherwise it is Evaluate's heuristic.
func (s State) Score() float64 {
	if s.Done() {
		return float64(final(s.p, s.o))
	}
	return float64(Evaluate(s.p, s.o))
}

// final scores a finished game for the player with discs p.
func final(p, o uint64) int {
	switch margin := count(p) - count(o); {
	case margin > 0:
		return WinScore + margin
	case margin < 0:
		return -WinScore + margin
	}
	return 0
}

// Evaluate is the heuristic value of an unfinished position for the player
// with discs p against the opponent's discs o:
//
//	squares + m·(mobility) + d·(discs)
//
// where squares is the sum of the weights of p's squares minus those of
// o's (corners 100, the squares beside a corner −20 on the edge and −50
// on the diagonal, the rest of the edges 10 or 5, the inner squares −2 or
// −1), mobility the number of p's legal moves minus o's, and discs p's
// discs minus o's. The phase sets m and d: with more than 44 empty squares
// (the opening) m = 10 and d = 0, since discs taken early are liabilities
// while moves are freedom; in the middle game m = 6 and d = 1; with 14 or
// fewer (the endgame) m = 2 and d = 8, since the disc count decides the
// game. The value stays within ±1,568, far inside ±WinScore.
func Evaluate(p, o uint64) int {
	var squares int
	for b := p; b != 0; b &= b - 1 {
		squares += weights[bits.TrailingZeros64(b)]
	}
	for b := o; b != 0; b &= b - 1 {
		squares -= weights[bits.TrailingZeros64(b)]
	}
	mobility := count(moves(p, o)) - count(moves(o, p))
	discs := count(p) - count(o)
	switch empties := 64 - count(p|o); {
	case empties > openingEmpties:
		return squares + openingMobility*mobility + openingParity*discs
	case empties > endgameEmpties:
		return squares + middleMobility*mobility + middleParity*discs
	}
	return squares + endgameMobility*mobility + endgameParity*discs
}
