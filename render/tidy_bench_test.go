package render

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
)

// tidyBenchSizes are the tree sizes the tidy layout's benchmarks draw:
// Graphviz's comfortable size, and the ten and a hundred times bigger
// trees of real searches.
var tidyBenchSizes = []int{1_000, 10_000, 100_000}

// searchTree returns the tree of MiniMax from the empty tic-tac-toe board,
// recorded up to n nodes, as `viz run --trace-nodes n` records it: a real
// search tree, nine moves wide at the root and nine plies deep.
func searchTree(tb testing.TB, n int) *trace.Tree {
	tb.Helper()
	r, err := catalog.Prepare(catalog.Request{Game: "tictactoe", Algo: "minimax"})
	if err != nil {
		tb.Fatal(err)
	}
	rec := trace.NewRecorder(n)
	if _, err := r.Search(context.Background(), rec); err != nil {
		tb.Fatal(err)
	}
	tr := mustTree(tb, rec.Events(), lastStep)
	if tr.Size() < n*9/10 || tr.Size() > n {
		tb.Fatalf("the search recorded %d nodes, want about %d", tr.Size(), n)
	}
	return tr
}

// reportNodes reports the nodes drawn a second.
func reportNodes(b *testing.B, n int) {
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkTidySVG lays out and writes trees of real searches as the page
// draws them (patchable, with a legend), one with boards in its nodes, and
// one as a file, with presentation attributes; B/node is the drawing's
// size by node.
func BenchmarkTidySVG(b *testing.B) {
	type bench struct {
		name   string
		nodes  int
		boards bool
		file   bool
	}
	var benches []bench
	for _, n := range tidyBenchSizes {
		benches = append(benches, bench{"nodes=" + strconv.Itoa(n), n, false, false})
	}
	benches = append(benches, bench{"nodes=10000/boards", 10_000, true, false}, bench{"nodes=10000/file", 10_000, false, true})
	for _, bb := range benches {
		b.Run(bb.name, func(b *testing.B) {
			tr := searchTree(b, bb.nodes)
			opts := Options{Legend: true, Patchable: !bb.file, Layout: LayoutAuto}
			if bb.boards {
				opts.Board = gameBoards(b, "tictactoe")
			}
			var buf bytes.Buffer
			if err := WriteTidySVG(&buf, tr, opts); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(buf.Len()))
			b.ReportAllocs()
			for b.Loop() {
				if err := WriteTidySVG(io.Discard, tr, opts); err != nil {
					b.Fatal(err)
				}
			}
			reportNodes(b, tr.Size())
			b.ReportMetric(float64(buf.Len())/float64(tr.Size()), "B/node")
		})
	}
}

// BenchmarkTidyLayout runs the layout alone, on the boxes WriteTidySVG
// gives the nodes of the same trees.
func BenchmarkTidyLayout(b *testing.B) {
	for _, n := range tidyBenchSizes {
		b.Run("nodes="+strconv.Itoa(n), func(b *testing.B) {
			tr := searchTree(b, n)
			d := &svgDrawing{scene: scene{t: tr, final: tr, drawn: drawn{t: tr}, opts: Options{Patchable: true}}}
			if err := d.layout(); err != nil {
				b.Fatal(err)
			}
			parent := make([]int32, d.t.Size())
			width, height := make([]float64, len(parent)), make([]float64, len(parent))
			for id := range parent {
				parent[id] = int32(d.t.Node(trace.NodeID(id)).Parent)
				width[id], height[id] = d.room(trace.NodeID(id), d.geo[id]), d.geo[id].height
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := layoutTidy(parent, width, height, tidyGaps); err != nil {
					b.Fatal(err)
				}
			}
			reportNodes(b, len(parent))
		})
	}
}

// BenchmarkGraphvizSVG draws the same trees as BenchmarkTidySVG through
// Graphviz, for comparison: 1,000 nodes, and with -short skipped, 10,000,
// which takes about half a minute a drawing.
func BenchmarkGraphvizSVG(b *testing.B) {
	var g Graphviz
	defer g.Close()
	for _, n := range tidyBenchSizes[:2] {
		b.Run("nodes="+strconv.Itoa(n), func(b *testing.B) {
			if n > MaxDotNodes && testing.Short() {
				b.Skip("Graphviz takes about half a minute for 10,000 nodes; run without -short")
			}
			tr := searchTree(b, n)
			opts := Options{Legend: true, Patchable: true}
			ctx := context.Background()
			if _, err := g.SVG(ctx, []byte("digraph { a -> b }")); err != nil {
				b.Fatal(err) // starting Graphviz is kept out of the timing
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := Render(ctx, io.Discard, tr, opts, &g); err != nil {
					b.Fatal(err)
				}
			}
			reportNodes(b, tr.Size())
		})
	}
}
