package othello

import (
	"math/bits"
	"testing"
)

// benchDepth is the perft depth of the benchmarks: 390,216 leaves.
const benchDepth = 8

// BenchmarkPerft walks the perft tree of benchDepth plies from the start
// two ways: with State values, a copy per move, as the package plays; and
// with one board changed in place, make and unmake, as the chapter's
// engine does. The copy is the faster here (see the package comment); the
// other stays to show it. Both report the positions visited and the
// leaves per second.
func BenchmarkPerft(b *testing.B) {
	for _, bm := range []struct {
		name string
		walk func() (nodes, leaves int)
	}{
		{"copy", func() (int, int) { return walkCopy(New(), benchDepth) }},
		{"make-unmake", func() (int, int) { m := mutable(New()); return m.walk(benchDepth) }},
	} {
		b.Run(bm.name, func(b *testing.B) {
			var nodes, leaves int
			b.ReportAllocs()
			for b.Loop() {
				n, l := bm.walk()
				nodes += n
				leaves += l
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// walkCopy counts the positions and the leaves of the perft tree of depth
// plies from s, through Legal and Play.
func walkCopy(s State, depth int) (nodes, leaves int) {
	if depth == 0 {
		return 1, 1
	}
	var buf [32]int
	legal := s.Legal(buf[:0])
	if len(legal) == 0 {
		return 1, 1
	}
	nodes = 1
	for _, a := range legal {
		n, l := walkCopy(s.Play(a), depth-1)
		nodes += n
		leaves += l
	}
	return nodes, leaves
}

// mutable is a board changed in place: make plays a move and returns what
// unmake needs to take it back.
type mutable State

// make plays the disc on sq, which must be legal, or a pass for sq ==
// Pass, and returns the discs it turned over.
func (m *mutable) make(sq int) uint64 {
	if sq == Pass {
		m.p, m.o, m.white = m.o, m.p, !m.white
		return 0
	}
	f := flips(m.p, m.o, sq)
	m.p, m.o, m.white = m.o&^f, m.p|f|1<<sq, !m.white
	return f
}

// unmake takes back the move on sq that turned over f.
func (m *mutable) unmake(sq int, f uint64) {
	if sq == Pass {
		m.p, m.o, m.white = m.o, m.p, !m.white
		return
	}
	m.p, m.o, m.white = m.o&^(f|1<<sq), m.p|f, !m.white
}

// walk is walkCopy on the board changed in place.
func (m *mutable) walk(depth int) (nodes, leaves int) {
	if depth == 0 {
		return 1, 1
	}
	mv := moves(m.p, m.o)
	if mv == 0 {
		if moves(m.o, m.p) == 0 {
			return 1, 1
		}
		m.make(Pass)
		nodes, leaves = m.walk(depth - 1)
		m.unmake(Pass, 0)
		return nodes + 1, leaves
	}
	nodes = 1
	for ; mv != 0; mv &= mv - 1 {
		sq := bits.TrailingZeros64(mv)
		f := m.make(sq)
		n, l := m.walk(depth - 1)
		m.unmake(sq, f)
		nodes += n
		leaves += l
	}
	return nodes, leaves
}

// TestMutableWalk checks the benchmark's make and unmake against the
// package's moves: same counts, and the board back as it was.
func TestMutableWalk(t *testing.T) {
	for depth := range 6 {
		m := mutable(New())
		n, l := m.walk(depth)
		wn, wl := walkCopy(New(), depth)
		if n != wn || l != wl || State(m) != New() {
			t.Errorf("depth %d: make-unmake visits %d positions and %d leaves, copy %d and %d; board after %s", depth, n, l, wn, wl, State(m))
		}
	}
}

// BenchmarkScore evaluates the positions of a game's middle, as a
// depth-limited engine does at its leaves.
func BenchmarkScore(b *testing.B) {
	var states []State
	s := New()
	var buf [32]int
	for i := 0; i < 40 && !s.Done(); i++ {
		legal := s.Legal(buf[:0])
		s = s.Play(legal[i%len(legal)])
		states = append(states, s)
	}
	var sum float64
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sum += states[i].Score()
		i = (i + 1) % len(states)
	}
	_ = sum
}
