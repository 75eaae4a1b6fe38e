package search

import (
	"math/bits"
	"math/rand/v2"

	"github.com/searchviz/searchviz/trace"
)

// pcgStream is the second word of the PCG seed; the first is the Seed option.
const pcgStream = 0x5ea2c4f1a5bd2e93

// random is the random source of the Monte Carlo engines: a PCG generator
// seeded with the Seed option alone, so a search is reproducible.
type random struct{ rng rand.PCG }

func newRandom(seed uint64) random {
	var r random
	r.rng.Seed(seed, pcgStream)
	return r
}

// intn returns a uniformly random int in [0, n), n > 0, by Lemire's
// multiply-and-reject method.
func (r *random) intn(n int) int {
	hi, lo := bits.Mul64(r.rng.Uint64(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(r.rng.Uint64(), uint64(n))
		}
	}
	return int(hi)
}

// mcTracer is what the Monte Carlo engines share to report their search:
// the tracer and scratch for events.
type mcTracer struct {
	tr     trace.Tracer
	scores []trace.Score
	ids    []trace.NodeID
	values []float64
}

// emitBackprop reports the values added along path (root first), listed
// from the leaf up: v at the leaf and, going up, 1 − v and v in turn when
// alternate is set (each node in its side to move's view, as MCTS keeps
// them), or v at every node (one player's view, as DUCT keeps them). Then
// it leaves the nodes of path, deepest first.
//
//go:noinline
func (m *mcTracer) emitBackprop(path []int32, v float64, alternate bool) {
	m.ids, m.values = m.ids[:0], m.values[:0]
	for i := len(path) - 1; i >= 0; i-- {
		m.ids = append(m.ids, trace.NodeID(path[i]))
		m.values = append(m.values, v)
		if alternate {
			v = 1 - v
		}
	}
	m.tr.Emit(trace.Event{Kind: trace.KindBackprop, Path: m.ids, Values: m.values})
	for i := len(path) - 1; i >= 0; i-- {
		m.tr.Emit(trace.Event{Kind: trace.KindLeave, Node: trace.NodeID(path[i])})
	}
}
