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
// reports iterations per second, with and without a recording tracer
// (the recorder only on short searches, whose traces stay small).
// The primer's C++ sample (g++ -O2, the same threshold) measured on the
// same machine: about 430k iterations/s.
func BenchmarkDUCT(b *testing.B) {
	ctx := context.Background()
	root, err := twinmaze.Generate(5, 5, 20, 0)
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		iters  int
		traced bool
	}{
		{1000, false},
		{1000, true},
		{100_000, false},
	} {
		tracer := "nil"
		if bc.traced {
			tracer = "recorder"
		}
		b.Run(fmt.Sprintf("iterations=%d/tracer=%s", bc.iters, tracer), func(b *testing.B) {
			b.ReportAllocs()
			seed := uint64(0)
			for b.Loop() {
				opts := search.MonteCarloOptions{Playouts: bc.iters, C: 1, ExpandThreshold: 5, Seed: seed}
				if bc.traced {
					opts.Tracer = trace.NewRecorder(0)
				}
				if _, err := search.DUCT(ctx, root, opts); err != nil {
					b.Fatal(err)
				}
				seed++
			}
			b.ReportMetric(float64(bc.iters)*float64(b.N)/b.Elapsed().Seconds(), "iterations/s")
		})
	}
}
