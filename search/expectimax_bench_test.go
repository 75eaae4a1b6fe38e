package search

import (
	"context"
	"testing"

	"github.com/searchviz/searchviz/games/dice"
)

// BenchmarkExpectimaxDice measures Expectimax on the dice game's start with
// the paper's typeA evaluation, with and without its forward cut: the
// evaluations a search makes, their rate, and so the cut's saving at
// depths 3 and 5 (the paper reckons depth 5 without the cut at about
// 2×10^4 times depth 3; an iteration of that case takes half a minute).
func BenchmarkExpectimaxDice(b *testing.B) {
	h := Heuristics[dice.State]{Evaluate: dice.State.Evaluate}
	for _, bc := range []struct {
		name string
		opts ExpectimaxOptions
	}{
		{"depth=1", ExpectimaxOptions{Depth: 1, Eval: dice.TypeA}},
		{"depth=3", ExpectimaxOptions{Depth: 3, Eval: dice.TypeA}},
		{"depth=3/cut", ExpectimaxOptions{Depth: 3, Eval: dice.TypeA, Cut: true, Margin: 20}},
		{"depth=5", ExpectimaxOptions{Depth: 5, Eval: dice.TypeA}},
		{"depth=5/cut", ExpectimaxOptions{Depth: 5, Eval: dice.TypeA, Cut: true, Margin: 20}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var evals int
			for b.Loop() {
				res, err := Expectimax(context.Background(), dice.Start(), h, bc.opts)
				if err != nil {
					b.Fatal(err)
				}
				evals = res.Evals
			}
			b.ReportMetric(float64(evals), "evals/op")
			b.ReportMetric(float64(evals)*float64(b.N)/b.Elapsed().Seconds(), "evals/s")
		})
	}
}
