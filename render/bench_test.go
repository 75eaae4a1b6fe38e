package render

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/trace"
)

// benchSizes are the tree sizes the benchmarks draw: a classroom example
// and the size where Graphviz's layout starts to take a noticeable time.
var benchSizes = []int{100, 1000}

// benchPosition returns a typed tree of exactly n nodes for the tree game:
// node i has the children 3i+1, 3i+2 and 3i+3 that are below n, as in a
// ternary heap, and the leaves have small integer values that vary.
func benchPosition(n int) string {
	var b strings.Builder
	var write func(i int)
	write = func(i int) {
		if 3*i+1 >= n {
			b.WriteString(strconv.Itoa((i*37)%19 - 9))
			return
		}
		b.WriteByte('[')
		for c := 3*i + 1; c <= 3*i+3 && c < n; c++ {
			if c > 3*i+1 {
				b.WriteByte(',')
			}
			write(c)
		}
		b.WriteByte(']')
	}
	write(0)
	return b.String()
}

// benchTree runs MiniMax, which visits every node, on a tree of n nodes
// and returns the trace folded and positioned at its last step.
func benchTree(b *testing.B, n int) *trace.Tree {
	b.Helper()
	tr := mustTree(b, searchEvents(b, "tree", "minimax", benchPosition(n)), lastStep)
	if tr.Size() != n {
		b.Fatalf("the search tree has %d nodes, want %d", tr.Size(), n)
	}
	return tr
}

func BenchmarkWriteDOT(b *testing.B) {
	for _, n := range benchSizes {
		b.Run("nodes="+strconv.Itoa(n), func(b *testing.B) {
			tr := benchTree(b, n)
			opts := Options{Legend: true}
			var buf bytes.Buffer
			if err := WriteDOT(&buf, tr, opts); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(buf.Len()))
			b.ReportAllocs()
			for b.Loop() {
				if err := WriteDOT(io.Discard, tr, opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n), "nodes/op")
		})
	}
}

func BenchmarkRenderSVG(b *testing.B) {
	var g Graphviz
	defer g.Close()
	for _, n := range benchSizes {
		b.Run("nodes="+strconv.Itoa(n), func(b *testing.B) {
			tr := benchTree(b, n)
			opts := Options{Legend: true}
			var dot bytes.Buffer
			if err := WriteDOT(&dot, tr, opts); err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			// The first layout starts Graphviz; keep that out of the timing.
			if _, err := g.SVG(ctx, dot.Bytes()); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var layout time.Duration
			for b.Loop() {
				dot.Reset()
				if err := WriteDOT(&dot, tr, opts); err != nil {
					b.Fatal(err)
				}
				start := time.Now()
				if _, err := g.SVG(ctx, dot.Bytes()); err != nil {
					b.Fatal(err)
				}
				layout += time.Since(start)
			}
			b.ReportMetric(float64(n), "nodes/op")
			b.ReportMetric(float64(layout.Microseconds())/1000/float64(b.N), "ms/layout")
		})
	}
}
