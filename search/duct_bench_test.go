package search_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/searchviz/searchviz/games/twinmaze"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// BenchmarkDUCT runs DUCT from the start of the primer's twin maze (5x5,
// 20 turns, seed 0; C = 1, expand threshold 5, as in the primer) and
// reports iterations per second, with and without a recording tracer.
// The primer's C++ sample (g++ -O2, the same threshold) measured on the
// same machine: about 430k iterations/s.
func BenchmarkDUCT(b *testing.B) {
	ctx := context.Background()
	root, err := twinmaze.Generate(5, 5, 20, 0)
	if err != nil {
		b.Fatal(err)
	}
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
					opts := search.MonteCarloOptions{Playouts: iters, C: 1, ExpandThreshold: 5, Seed: seed}
					if traced {
						opts.Tracer = trace.NewRecorder(0)
					}
					if _, err := search.DUCT(ctx, root, opts); err != nil {
						b.Fatal(err)
					}
					seed++
				}
				b.ReportMetric(float64(iters)*float64(b.N)/b.Elapsed().Seconds(), "iterations/s")
			})
		}
	}
}
