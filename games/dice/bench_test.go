package dice_test

import (
	"testing"

	"github.com/searchviz/searchviz/games/dice"
)

// xorshift is a tiny generator for the benchmarks' random moves.
type xorshift uint32

func (x *xorshift) intN(n int) int {
	*x ^= *x << 13
	*x ^= *x >> 17
	*x ^= *x << 5
	return int(uint32(*x) % uint32(n))
}

// BenchmarkLegalChancesRoll plays random games from the start, one ply
// per iteration: the legal actions, the chances of one of them and the
// roll of one of its outcomes.
func BenchmarkLegalChancesRoll(b *testing.B) {
	buf := make([]int, 0, dice.Pass+1)
	probs := make([]float64, 0, dice.Faces)
	s := dice.Start()
	x := xorshift(1)
	b.ReportAllocs()
	for b.Loop() {
		legal := s.Legal(buf[:0])
		if len(legal) == 0 {
			s = dice.Start()
			continue
		}
		a := legal[x.intN(len(legal))]
		c := s.Chances(a, probs[:0])
		s = s.Roll(a, x.intN(len(c)))
	}
}

// BenchmarkExpand generates every child of the position spread, as an
// expectimax node does: each action's chances and every outcome's roll.
func BenchmarkExpand(b *testing.B) {
	s := mustParse(b, spread)
	buf := make([]int, 0, dice.Pass+1)
	probs := make([]float64, 0, dice.Faces)
	b.ReportAllocs()
	for b.Loop() {
		for _, a := range s.Legal(buf[:0]) {
			for o := range s.Chances(a, probs[:0]) {
				_ = s.Roll(a, o).Done()
			}
		}
	}
}

// benchPositions returns n positions in play from random games, the
// same ones every time.
func benchPositions(n int) []dice.State {
	buf := make([]int, 0, dice.Pass+1)
	out := make([]dice.State, 0, n)
	s := dice.Start()
	x := xorshift(3)
	for len(out) < n {
		legal := s.Legal(buf[:0])
		if len(legal) == 0 {
			s = dice.Start()
			continue
		}
		out = append(out, s)
		a := legal[x.intN(len(legal))]
		s = s.Roll(a, x.intN(len(s.Chances(a, nil))))
	}
	return out
}

// BenchmarkEvaluate evaluates positions of random games with each kind,
// one position per iteration, and reports the evaluations per second.
func BenchmarkEvaluate(b *testing.B) {
	positions := benchPositions(1024)
	for _, k := range []struct {
		name string
		kind int
	}{{"typeA", dice.TypeA}, {"typeB", dice.TypeB}, {"typeAB", dice.TypeAB}} {
		b.Run(k.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				_ = positions[n%len(positions)].Evaluate(k.kind)
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "evals/s")
		})
	}
}

// BenchmarkObvious looks for the obvious move in positions of random
// games, one position per iteration.
func BenchmarkObvious(b *testing.B) {
	positions := benchPositions(1024)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		_, _, _ = positions[n%len(positions)].Obvious()
		n++
	}
}
