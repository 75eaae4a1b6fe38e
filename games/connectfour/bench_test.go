package connectfour_test

import (
	"testing"

	"github.com/searchviz/searchviz/games/connectfour"
)

// benchDepth is the perft depth the benchmark walks: 823,536 leaves and
// 960,793 positions, about a million plays per iteration.
const benchDepth = 7

// BenchmarkPerft walks every move sequence of benchDepth plies from the
// empty board with Legal, Play and Done, as a search engine's inner loop
// does; its allocs/op is the allocations of about a million plays.
func BenchmarkPerft(b *testing.B) {
	bufs := newBufs(benchDepth)
	var nodes int
	b.ReportAllocs()
	for b.Loop() {
		nodes += walk(connectfour.New(), benchDepth, bufs)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// walk counts the positions of the perft tree of depth plies from s, s
// included.
func walk(s connectfour.State, depth int, bufs [][]int) int {
	n := 1
	if depth == 0 {
		return n
	}
	for _, a := range s.Legal(bufs[depth][:0]) {
		n += walk(s.Play(a), depth-1, bufs)
	}
	return n
}

// BenchmarkScore evaluates the positions of random games, as a
// depth-limited engine does at its leaves.
func BenchmarkScore(b *testing.B) {
	var states []connectfour.State
	randomGames(100, 2, func(s connectfour.State) { states = append(states, s) })
	var sum float64
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sum += states[i].Score()
		i++
		if i == len(states) {
			i = 0
		}
	}
	_ = sum
}
