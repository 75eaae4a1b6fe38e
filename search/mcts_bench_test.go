package search_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// BenchmarkMCTS runs MCTS from the empty tic-tac-toe board (C = 1, expand
// threshold 10, as in the primer) and reports iterations per second, with
// and without a recording tracer. The primer's C++ sample (g++ -O2)
// measured on the same machine: about 1.1M iterations/s; its Python
// version about 13k/s.
func BenchmarkMCTS(b *testing.B) {
	ctx := context.Background()
	root := tictactoe.New()
	for _, iters := range []int{1000, 100_000} {
		for _, traced := range []bool{false, true} {
			if traced && iters > 1000 {
				continue
			}
			name := fmt.Sprintf("iterations=%d/tracer=nil", iters)
			if traced {
				name = fmt.Sprintf("iterations=%d/tracer=recorder", iters)
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				seed := uint64(0)
				for b.Loop() {
					opts := search.MonteCarloOptions{Playouts: iters, C: 1, ExpandThreshold: 10, Seed: seed}
					if traced {
						opts.Tracer = trace.NewRecorder(0)
					}
					if _, err := search.MCTS(ctx, root, opts); err != nil {
						b.Fatal(err)
					}
					seed++
				}
				b.ReportMetric(float64(iters)*float64(b.N)/b.Elapsed().Seconds(), "iterations/s")
			})
		}
	}
}

// BenchmarkPMC runs Primitive Monte Carlo from the empty tic-tac-toe board
// with 1,000 playouts per move and reports playouts per second.
func BenchmarkPMC(b *testing.B) {
	ctx := context.Background()
	root := tictactoe.New()
	b.ReportAllocs()
	var evals int
	for b.Loop() {
		res, err := search.PMC(ctx, root, search.MonteCarloOptions{Playouts: 1000})
		if err != nil {
			b.Fatal(err)
		}
		evals = res.Evals
	}
	b.ReportMetric(float64(evals)*float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}
