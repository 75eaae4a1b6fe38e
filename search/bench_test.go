package search

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/searchviz/searchviz/games/othello"
	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/trace"
)

// alphabetaUntraced is alphabeta with every tracing call removed: the
// baseline that shows what the nil-tracer checks cost.
func (e *dfs[S]) alphabetaUntraced(s S, ply, depth int, alpha, beta float64) float64 {
	if depth == 0 || s.Done() {
		e.evals++
		return s.Score()
	}
	moves := e.legal(s, ply)
	best := math.Inf(-1)
	for i, a := range moves {
		if _, ok := e.create(); !ok {
			break
		}
		v := -e.alphabetaUntraced(s.Play(a), ply+1, depth-1, -beta, -alpha)
		if e.err != nil {
			break
		}
		if v > best {
			best = v
			if ply == 0 {
				e.best = a
			}
			if best >= beta {
				if i < len(moves)-1 {
					e.cuts++
				}
				break
			}
			if best > alpha {
				alpha = best
			}
		}
	}
	return best
}

func reportNodes(b *testing.B, nodes int) {
	b.ReportMetric(float64(nodes), "nodes/op")
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkAlphaBetaTicTacToe(b *testing.B) {
	ctx := context.Background()
	root := tictactoe.New()
	for _, bc := range []struct {
		name   string
		tracer func() trace.Tracer // a fresh tracer per search; nil for none
	}{
		{"tracer=nil", func() trace.Tracer { return nil }},
		{"tracer=recorder", func() trace.Tracer { return trace.NewRecorder(0) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes int
			for b.Loop() {
				res, err := AlphaBeta(ctx, root, Options{Depth: MaxDepth, Tracing: Tracing{Tracer: bc.tracer()}})
				if err != nil {
					b.Fatal(err)
				}
				nodes = res.Nodes
			}
			reportNodes(b, nodes)
		})
	}
	b.Run("tracer=nil/ordering=score", func(b *testing.B) {
		b.ReportAllocs()
		var nodes int
		for b.Loop() {
			res, err := AlphaBeta(ctx, root, Options{Depth: MaxDepth, Ordering: OrderScore})
			if err != nil {
				b.Fatal(err)
			}
			nodes = res.Nodes
		}
		reportNodes(b, nodes)
	})
	b.Run("untraced-copy", func(b *testing.B) {
		b.ReportAllocs()
		var nodes int
		for b.Loop() {
			e := newDFS[tictactoe.State](ctx, Options{Depth: MaxDepth})
			e.create()
			e.alphabetaUntraced(root, 0, MaxDepth, math.Inf(-1), math.Inf(1))
			nodes = e.nodes
		}
		reportNodes(b, nodes)
	})
}

func BenchmarkMiniMaxTicTacToe(b *testing.B) {
	b.ReportAllocs()
	ctx := context.Background()
	var nodes int
	for b.Loop() {
		res, err := MiniMax(ctx, tictactoe.New(), Options{Depth: MaxDepth})
		if err != nil {
			b.Fatal(err)
		}
		nodes = res.Nodes
	}
	reportNodes(b, nodes)
}

// BenchmarkAlphaBetaOthello searches Othello from the start 6 to 8 plies
// deep, untraced, ordered by evaluation, with every combination of the
// transposition table and quiescence the issue asks to compare: nodes/op
// is the work, nodes/s the speed of a node, which the table's string keys
// slow down.
func BenchmarkAlphaBetaOthello(b *testing.B) {
	ctx := context.Background()
	for _, depth := range []int{6, 7, 8} {
		for _, table := range []bool{false, true} {
			b.Run(fmt.Sprintf("depth=%d/tt=%v", depth, table), func(b *testing.B) {
				b.ReportAllocs()
				var nodes int
				for b.Loop() {
					res, err := AlphaBeta(ctx, othello.New(), Options{Depth: depth, Ordering: OrderScore, Table: table})
					if err != nil {
						b.Fatal(err)
					}
					nodes = res.Nodes
				}
				reportNodes(b, nodes)
			})
		}
	}
	for _, o := range []Ordering{OrderNone, OrderKiller, OrderHistory} {
		b.Run(fmt.Sprintf("depth=7/ordering=%v", o), func(b *testing.B) {
			b.ReportAllocs()
			var nodes int
			for b.Loop() {
				res, err := AlphaBeta(ctx, othello.New(), Options{Depth: 7, Ordering: o})
				if err != nil {
					b.Fatal(err)
				}
				nodes = res.Nodes
			}
			reportNodes(b, nodes)
		})
	}
	b.Run("depth=5/quiescence=2", func(b *testing.B) {
		b.ReportAllocs()
		var nodes int
		for b.Loop() {
			res, err := AlphaBeta(ctx, othello.New(), Options{Depth: 5, Ordering: OrderScore, Quiescence: 2})
			if err != nil {
				b.Fatal(err)
			}
			nodes = res.Nodes
		}
		reportNodes(b, nodes)
	})
}
