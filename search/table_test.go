package search_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/searchviz/searchviz/games/othello"
	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// checkTableLinks checks every transposition table hit of a plain
// AlphaBeta's trace, traced with boards: it links to an earlier node of
// the same position at the same depth, left by then, whose last value is
// the value the hit takes.
func checkTableLinks(events []trace.Event) error {
	type node struct {
		board string
		depth int
		value float64
		left  bool
	}
	nodes := map[trace.NodeID]*node{}
	for _, e := range events {
		switch e.Kind {
		case trace.KindNode:
			nodes[e.Node] = &node{board: e.Board, depth: e.Depth}
		case trace.KindLeave:
			nodes[e.Node].left = true
		case trace.KindValue:
			nodes[e.Node].value = e.Value
		case trace.KindEval:
			n := nodes[e.Node]
			n.value = e.Value
			if e.Same == 0 {
				continue
			}
			s, ok := nodes[e.Same]
			switch {
			case !ok || e.Same >= e.Node:
				return fmt.Errorf("node %d links to node %d, not an earlier node", e.Node, e.Same)
			case s.board != n.board || s.depth != n.depth:
				return fmt.Errorf("node %d (%q at depth %d) links to node %d (%q at depth %d)", e.Node, n.board, n.depth, e.Same, s.board, s.depth)
			case !s.left:
				return fmt.Errorf("node %d links to node %d, still being searched", e.Node, e.Same)
			case s.value != e.Value:
				return fmt.Errorf("node %d takes %v from node %d, whose value is %v", e.Node, e.Value, e.Same, s.value)
			}
		}
	}
	return nil
}

// othelloMidGame is a position after f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 c6 g5.
const othelloMidGame = "......../......../..xo.o../..xxoo../...xooo./..xxxo../....o.../........ x"

// TestTableOthello checks AlphaBeta with a transposition table against
// MiniMax and AlphaBeta without it on Othello, where move orders meet in
// the same position from the fourth ply on.
func TestTableOthello(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		position string
		depth    int
	}{
		{"start", "", 4},
		{"start", "", 5},
		{"midgame", othelloMidGame, 3},
		{"midgame", othelloMidGame, 4},
		{"pass", "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxoo/xxxxxx.. o", 3}, // White must pass, then the end
	} {
		t.Run(fmt.Sprintf("%s/depth=%d", tt.name, tt.depth), func(t *testing.T) {
			t.Parallel()
			root, err := othello.Parse(tt.position)
			if err != nil {
				t.Fatalf("%q: %v", tt.position, err)
			}
			checkOrderedValues(t, fmt.Sprintf("othello %q", tt.position), root, tt.depth)
		})
	}
}

// TestTableSavesNodes checks that the table spares whole subtrees where
// positions repeat: tic-tac-toe searched to the end and Othello from the
// start, with and without ordering, find the same value in strictly
// fewer nodes, and the closing note counts the hits the trace shows.
func TestTableSavesNodes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tt := range []struct {
		name  string
		run   func(search.Options) (search.Result, error)
		depth int
	}{
		{"tictactoe", func(o search.Options) (search.Result, error) { return search.AlphaBeta(ctx, tictactoe.New(), o) }, search.MaxDepth},
		{"othello", func(o search.Options) (search.Result, error) { return search.AlphaBeta(ctx, othello.New(), o) }, 6},
	} {
		for _, o := range orderings {
			t.Run(fmt.Sprintf("%s/ordering=%v", tt.name, o), func(t *testing.T) {
				t.Parallel()
				plain, err := tt.run(search.Options{Depth: tt.depth, Ordering: o})
				if err != nil {
					t.Fatal(err)
				}
				rec := trace.NewRecorder(0)
				with, err := tt.run(search.Options{Depth: tt.depth, Ordering: o, Table: true, Tracing: search.Tracing{Tracer: rec}})
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s depth %d ordering %v: %d nodes without the table, %d with", tt.name, tt.depth, o, plain.Nodes, with.Nodes)
				if with.Value != plain.Value || with.Nodes >= plain.Nodes {
					t.Errorf("%s ordering %v: value %v in %d nodes with the table, %v in %d without: want the same value in fewer", tt.name, o, with.Value, with.Nodes, plain.Value, plain.Nodes)
				}
				hits := 0
				var last string
				for _, e := range rec.Events() {
					if e.Kind == trace.KindEval && e.Same != 0 {
						hits++
					}
					if e.Kind == trace.KindNote {
						last = e.Text
					}
				}
				if want := fmt.Sprintf("Transposition table: %d hits, ", hits); hits == 0 || len(last) < len(want) || last[:len(want)] != want {
					t.Errorf("%s ordering %v: %d hits traced, closing note %q", tt.name, o, hits, last)
				}
				if err := tracetest.Validate(rec.Events()); err != nil {
					t.Error(err)
				}
			})
		}
	}
}

// TestTableEveryPosition checks AlphaBeta with the table on every
// reachable tic-tac-toe position against the exact game value.
func TestTableEveryPosition(t *testing.T) {
	t.Parallel()
	memo := map[string]float64{}
	for _, p := range reachable(t) {
		res, err := search.AlphaBeta(context.Background(), p, search.Options{Depth: search.MaxDepth, Ordering: search.OrderScore, Table: true})
		if err != nil {
			t.Fatal(err)
		}
		if want := solve(p, memo); res.Value != want {
			t.Errorf("%s: value %v with the table, want %v", p, res.Value, want)
		}
	}
}
