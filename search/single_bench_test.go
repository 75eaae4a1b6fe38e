package search_test

import (
	"context"
	"testing"

	"github.com/searchviz/searchviz/games/maze"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// benchSingle runs one search from the start of the primer's score-test
// maze (31x11, 100 turns, seed 0) per iteration, with and without a
// recording tracer, and reports the states generated per op and per second.
// The primer's C++ sample (g++ -O2) measured on the same machine: Beam of
// width 2 about 430k states/s, Chokudai (1, 100, 20) about 280k states/s.
func benchSingle(b *testing.B, run single[maze.State], opts search.SingleOptions) {
	root, err := maze.Generate(31, 11, 100, 0)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, traced := range []bool{false, true} {
		name := "tracer=nil"
		if traced {
			name = "tracer=recorder"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes int
			for b.Loop() {
				o := opts
				if traced {
					o.Tracer = trace.NewRecorder(0)
				}
				res, err := run(ctx, root, o)
				if err != nil {
					b.Fatal(err)
				}
				nodes = res.Nodes
			}
			b.ReportMetric(float64(nodes), "states/op")
			b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
		})
	}
}

func BenchmarkBeam(b *testing.B) {
	benchSingle(b, search.Beam[maze.State], search.SingleOptions{Width: 2, Depth: 100})
}

func BenchmarkChokudai(b *testing.B) {
	benchSingle(b, search.Chokudai[maze.State], search.SingleOptions{Width: 1, Depth: 100, Passes: 20})
}
