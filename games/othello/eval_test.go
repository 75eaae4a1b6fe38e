package othello_test

import (
	"testing"

	"github.com/searchviz/searchviz/games/othello"
)

// rotate and mirror map a square to its image under the board's
// symmetries.
func rotate(sq int) int { return (sq%8)*8 + 7 - sq/8 }
func mirror(sq int) int { return sq/8*8 + 7 - sq%8 }

// bitsOf returns the bitboard of the discs of player p ('x' or 'o') in s.
func bitsOf(s othello.State, p byte) uint64 {
	var b uint64
	for sq := range 64 {
		if s.Cell(sq/8, sq%8) == p {
			b |= 1 << sq
		}
	}
	return b
}

// transform returns the bitboard b with every square moved by f.
func transform(b uint64, f func(int) int) uint64 {
	var t uint64
	for sq := range 64 {
		if b&(1<<sq) != 0 {
			t |= 1 << f(sq)
		}
	}
	return t
}

// TestEvaluateSymmetric checks that the evaluation sees what the rules
// see: a position rotated or mirrored is worth the same, and a position
// is worth to one player what it costs the other.
func TestEvaluateSymmetric(t *testing.T) {
	t.Parallel()
	randomGames(100, 3, func(s othello.State) {
		x, o := bitsOf(s, 'x'), bitsOf(s, 'o')
		v := othello.Evaluate(x, o)
		if w := othello.Evaluate(o, x); w != -v {
			t.Fatalf("%s: Evaluate for Black is %d, for White %d; want opposites", s, v, w)
		}
		for _, f := range []func(int) int{rotate, mirror} {
			if w := othello.Evaluate(transform(x, f), transform(o, f)); w != v {
				t.Fatalf("%s: Evaluate is %d, %d after a rotation or a mirror", s, v, w)
			}
		}
	})
}

// TestEvaluateTerms checks each term of the evaluation on positions that
// differ in it alone, by the phase's weights that Evaluate documents.
func TestEvaluateTerms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		text string
		want int // for Black, worked out by hand
	}{
		// Start: every disc on a −1 square, two each; four moves each;
		// two discs each.
		{"start", startText, 0},
		// After f5 (59 empty squares, the opening): Black's d5 e4 e5 f5
		// and White's d4 are all −1 squares, so squares = −4 + 1; Black
		// could play c3, c4 or d3 and White d6, f4 or f6, so mobility
		// 0; parity weighs nothing in the opening.
		{"f5", "......../......../......../...ox.../...xxx../......../......../........ o", -3},
		// Black holds a1 (100) and b1 (−20); White d4 e5 (−1 each) and
		// d5 e4 f4 (−1 each): squares 80 + 5 = 85. Black's moves: c4
		// d6... through White's discs to a Black one: none reach a1 or
		// b1, so none; White's: none flank a1 or b1 either. Mobility 0,
		// 57 empty: the opening, 85.
		{"corner", "xx....../......../......../...ooo../...oo.../......../......../........ x", 85},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.text)
		if got := othello.Evaluate(bitsOf(s, 'x'), bitsOf(s, 'o')); got != tt.want {
			t.Errorf("%s: Evaluate for Black = %d, want %d", tt.name, got, tt.want)
		}
	}
}

// TestScoreBounds checks that no heuristic value reaches a decided game's
// and that Score takes the side to move's view.
func TestScoreBounds(t *testing.T) {
	t.Parallel()
	randomGames(300, 4, func(s othello.State) {
		v := s.Score()
		if s.Done() {
			if v != 0 && (v > -othello.WinScore && v < othello.WinScore) {
				t.Fatalf("%s: a finished game scores %v, inside ±WinScore", s, v)
			}
			return
		}
		if v <= -othello.WinScore || v >= othello.WinScore {
			t.Fatalf("%s: heuristic Score() = %v, want strictly inside ±%d", s, v, othello.WinScore)
		}
		me, opp := bitsOf(s, s.ToMove()), bitsOf(s, 'x'+'o'-s.ToMove())
		if want := float64(othello.Evaluate(me, opp)); v != want {
			t.Fatalf("%s: Score() = %v, Evaluate for the side to move = %v", s, v, want)
		}
	})
}

func TestNoisy(t *testing.T) {
	t.Parallel()
	// Black to move can take a1, turning over b2 toward c3, or play
	// inside the board.
	corner := mustParse(t, "......../.o....../..xo..../...ox.../...xo.../......../......../........ x")
	// White to move can play a5 on the edge, turning over b5... toward
	// c5.
	edge := mustParse(t, "......../......../......../...ox.../.xxxo.../......../......../........ o")
	tests := []struct {
		s      othello.State
		action string
		want   bool
	}{
		{corner, "a1", true},
		{corner, "e3", false},
		{othello.New(), "d3", false},
		{edge, "a5", true},
		{edge, "d6", false},
		{mustParse(t, mustPass), "pass", false},
	}
	for _, tt := range tests {
		a := -1
		for _, m := range tt.s.Legal(nil) {
			if tt.s.Label(m) == tt.action {
				a = m
			}
		}
		if a < 0 {
			t.Fatalf("%s is not legal in %s (legal: %v)", tt.action, tt.s, labels(tt.s))
		}
		if got := tt.s.Noisy(a); got != tt.want {
			t.Errorf("%s: Noisy(%s) = %t, want %t", tt.s, tt.action, got, tt.want)
		}
	}
}
