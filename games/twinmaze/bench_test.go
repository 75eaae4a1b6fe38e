package twinmaze_test

import (
	"testing"

	"github.com/searchviz/searchviz/games/twinmaze"
)

func TestNoAllocations(t *testing.T) {
	s := mustGenerate(t, 31, 11, 100, 0)
	q := s.Alternating()
	buf := make([]int, 0, 4)
	allocs := testing.AllocsPerRun(100, func() {
		l0 := s.Legal(0, buf[:0])
		a0 := l0[0]
		l1 := s.Legal(1, buf[:0])
		c := s.Play(a0, l1[0])
		_ = c.Done()
		_ = c.Score()
		d := q.Play(q.Legal(buf[:0])[0])
		_ = d.Done()
		_ = d.Score()
	})
	if allocs != 0 {
		t.Errorf("Legal, Play, Done and Score allocate %v times, want 0", allocs)
	}
}

// xorshift is a tiny generator for the benchmarks' random moves.
type xorshift uint32

func (x *xorshift) intN(n int) int {
	*x ^= *x << 13
	*x ^= *x >> 17
	*x ^= *x << 5
	return int(uint32(*x) % uint32(n))
}

// BenchmarkPlay plays random games on the sample code's 5x5 board of seed
// 0 with Legal and Play, one turn (both players' moves) per iteration.
func BenchmarkPlay(b *testing.B) {
	start := mustGenerate(b, twinmaze.SampleHeight, twinmaze.SampleWidth, twinmaze.SampleTurns, 0)
	buf0, buf1 := make([]int, 0, 4), make([]int, 0, 4)
	s := start
	x := xorshift(1)
	b.ReportAllocs()
	for b.Loop() {
		l0, l1 := s.Legal(0, buf0[:0]), s.Legal(1, buf1[:0])
		if len(l0) == 0 {
			s = start
			continue
		}
		s = s.Play(l0[x.intN(len(l0))], l1[x.intN(len(l1))])
	}
}

// BenchmarkPlaySequential does the same in the alternating view, one
// player's move per iteration.
func BenchmarkPlaySequential(b *testing.B) {
	start := mustGenerate(b, twinmaze.SampleHeight, twinmaze.SampleWidth, twinmaze.SampleTurns, 0).Alternating()
	buf := make([]int, 0, 4)
	q := start
	x := xorshift(1)
	b.ReportAllocs()
	for b.Loop() {
		legal := q.Legal(buf[:0])
		if len(legal) == 0 {
			q = start
			continue
		}
		q = q.Play(legal[x.intN(len(legal))])
	}
}

func BenchmarkGenerate(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := twinmaze.Generate(31, 31, 100, 0); err != nil {
			b.Fatal(err)
		}
	}
}
