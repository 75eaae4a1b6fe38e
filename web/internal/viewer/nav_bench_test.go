package viewer

import (
	"math/rand/v2"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/wsconn"
)

// The big traces the frame benchmarks step through: AlphaBeta's whole
// search of tic-tac-toe (25,227 nodes, 99,458 events), MiniMax's to depth
// 6 (73,450 nodes, 306,055 events), MCTS's 20,000 playouts (4,918 nodes,
// 365,791 events) and, but with -short, MiniMax's whole search (549,946
// nodes, 2,265,232 events), which takes half a minute to record.
var benchTraces = []struct {
	name string
	req  catalog.Request
	long bool // skipped with -short
}{
	{"alphabeta", alphabetaAll, false},
	{"minimax-depth6", catalog.Request{Game: "tictactoe", Algo: "minimax depth=6"}, false},
	{"mcts-20000", mctsBig, false},
	{"minimax-all", catalog.Request{Game: "tictactoe", Algo: "minimax"}, true},
}

// skipLong skips a benchmark of a trace that takes long to record in
// -short mode.
func skipLong(b *testing.B, long bool) {
	if long && testing.Short() {
		b.Skip("recording MiniMax's whole search of tic-tac-toe takes half a minute; run without -short")
	}
}

// sent counts the bytes a page is sent: before it can show the step (the
// frame, and the new drawing or its first part), and in all (with the
// rest of a drawing sent in two parts).
type sent struct{ first, all int }

// benchFrame makes the frame of step k as a session does, after a seek,
// and encodes it and the drawing before it, if any, for the page, a big
// drawing in two parts. It adds the bytes the page is sent to n.
func benchFrame(b *testing.B, vw *Viewer, k int, n *sent) {
	layout, f, err := vw.frame(k, false)
	if err != nil {
		b.Fatal(err)
	}
	rest := splitLayout(layout, vw.anchor(Command{Type: cmdSeek}))
	add := func(msg any, first bool) {
		data, err := wsconn.Encode(msg)
		if err != nil {
			b.Fatal(err)
		}
		size := len(data)
		n.all += size
		if first {
			n.first += size
		}
	}
	if layout != nil {
		add(layout, true)
	}
	add(f, true)
	if rest != nil {
		add(rest, false)
	}
}

// report reports the mean bytes sent to the page per benchmark loop: what
// the websocket carries and the page parses before it shows the step
// (first-B/op), and in all (sent-B/op).
func (n sent) report(b *testing.B) {
	b.ReportMetric(float64(n.first)/float64(b.N), "first-B/op")
	b.ReportMetric(float64(n.all)/float64(b.N), "sent-B/op")
}

// BenchmarkFrameStep makes the frames of one step forwards after another
// through a big trace, from a third of the way in, as a page stepping
// with → or playing gets them: the frame, its words and patches, and now
// and then a new drawing.
func BenchmarkFrameStep(b *testing.B) {
	for _, bt := range benchTraces {
		b.Run(bt.name, func(b *testing.B) {
			skipLong(b, bt.long)
			sh := bigShow(b, bt.req)
			vw := newViewer(sh, trace.ViewRoot)
			vw.layouter = layouter
			k := sh.Tree().Len() / 3
			benchFrame(b, vw, k, &sent{})
			b.ReportAllocs()
			var n sent
			for b.Loop() {
				k++
				if k == sh.Tree().Len() {
					k = sh.Tree().Len() / 3
				}
				benchFrame(b, vw, k, &n)
			}
			n.report(b)
		})
	}
}

// BenchmarkFrameJump makes the frames of jumps to random steps of a big
// trace, as a page dragging the scrubber or clicking the log gets them:
// most need a new display set, drawn.
func BenchmarkFrameJump(b *testing.B) {
	for _, bt := range benchTraces {
		b.Run(bt.name, func(b *testing.B) {
			skipLong(b, bt.long)
			sh := bigShow(b, bt.req)
			vw := newViewer(sh, trace.ViewRoot)
			vw.layouter = layouter
			rng := rand.New(rand.NewPCG(1, 1))
			benchFrame(b, vw, 0, &sent{})
			b.ReportAllocs()
			var n sent
			for b.Loop() {
				benchFrame(b, vw, rng.IntN(sh.Tree().Len()), &n)
			}
			n.report(b)
		})
	}
}

// BenchmarkFirstView folds a big trace's events and makes its first page
// view: the outline and minimap, the first display set and its drawing,
// and the first frame, encoded. Reading the trace file is not counted.
func BenchmarkFirstView(b *testing.B) {
	for _, bt := range benchTraces {
		b.Run(bt.name, func(b *testing.B) {
			skipLong(b, bt.long)
			h, events := recordSearch(b, bt.req)
			b.ReportAllocs()
			var n sent
			for b.Loop() {
				sh, err := loadShow("bench", h, events)
				if err != nil {
					b.Fatal(err)
				}
				vw := newViewer(sh, trace.ViewRoot)
				vw.layouter = layouter
				benchFrame(b, vw, 0, &n)
			}
			n.report(b)
		})
	}
}

// BenchmarkOpenAgain opens a page on a big trace the server has folded
// and drawn before, as a second visit to the same example does: a new
// viewer, its display set, the kept drawing and the first frame, encoded.
func BenchmarkOpenAgain(b *testing.B) {
	for _, bt := range benchTraces {
		b.Run(bt.name, func(b *testing.B) {
			skipLong(b, bt.long)
			sh := bigShow(b, bt.req)
			open := func(n *sent) {
				vw := newViewer(sh, trace.ViewRoot)
				vw.layouter = layouter
				benchFrame(b, vw, 0, n)
			}
			open(&sent{})
			b.ReportAllocs()
			var n sent
			for b.Loop() {
				open(&n)
			}
			n.report(b)
		})
	}
}
