package othello

import "testing"

// benchDepth is the perft depth of the benchmarks: 390,216 leaves.
const benchDepth = 8

// BenchmarkPerft walks the perft tree of benchDepth plies from the start
// two ways: with one board changed in place, make and unmake, as the
// chapter's engine does and Perft does; and with State values, a copy per
// move through Legal and Play, as the engines play. Make and unmake is
// the faster, by a few percent; the copy stays here to show it. Both
// report the positions visited and the leaves per second.
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

// TestMutableWalk checks make and unmake against the package's moves:
// same counts, and the board back as it was.
func TestMutableWalk(t *testing.T) {
	t.Parallel()
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
