package search_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

type engineFunc func(context.Context, tictactoe.State, search.Options) (search.Result, error)

var _ search.Alternating[tictactoe.State] = tictactoe.State{}
var _ search.Alternating[tree.State] = tree.State{}

// reachable returns every tic-tac-toe position reachable from the empty
// board, each once, in breadth-first order.
func reachable(t testing.TB) []tictactoe.State {
	t.Helper()
	seen := map[string]bool{}
	queue := []tictactoe.State{tictactoe.New()}
	seen[queue[0].String()] = true
	for i := 0; i < len(queue); i++ {
		for _, a := range queue[i].Legal(nil) {
			c := queue[i].Play(a)
			if !seen[c.String()] {
				seen[c.String()] = true
				queue = append(queue, c)
			}
		}
	}
	return queue
}

// solve is an independent memoised negamax over position texts: the exact
// game value for the side to move, +WinScore, 0 or -WinScore.
func solve(s tictactoe.State, memo map[string]float64) float64 {
	if v, ok := memo[s.String()]; ok {
		return v
	}
	v := s.Score()
	if !s.Done() {
		v = math.Inf(-1)
		for _, a := range s.Legal(nil) {
			v = max(v, -solve(s.Play(a), memo))
		}
	}
	memo[s.String()] = v
	return v
}

func TestTicTacToeEveryPosition(t *testing.T) {
	t.Parallel()
	positions := reachable(t)
	if len(positions) != 5478 {
		t.Fatalf("reachable positions = %d, want 5478", len(positions))
	}
	ctx := context.Background()
	for _, depth := range []int{1, 2, 3, 4, search.MaxDepth} {
		t.Run(fmt.Sprintf("depth=%d", depth), func(t *testing.T) {
			t.Parallel()
			memo := map[string]float64{}
			for _, p := range positions {
				opts := search.Options{Depth: depth}
				mm, err := search.MiniMax(ctx, p, opts)
				if err != nil {
					t.Fatal(err)
				}
				if depth == search.MaxDepth {
					want := solve(p, memo)
					if mm.Value != want {
						t.Errorf("%s: MiniMax value %v, exact value %v", p, mm.Value, want)
					}
				}
				nm, err := search.NegaMax(ctx, p, opts)
				if err != nil {
					t.Fatal(err)
				}
				ab, err := search.AlphaBeta(ctx, p, opts)
				if err != nil {
					t.Fatal(err)
				}
				if nm.Value != mm.Value || ab.Value != mm.Value {
					t.Errorf("%s depth %d: values minimax %v, negamax %v, alphabeta %v", p, depth, mm.Value, nm.Value, ab.Value)
				}
				if nm.Action != mm.Action || nm.Nodes != mm.Nodes {
					t.Errorf("%s depth %d: negamax chose %d after %d nodes, minimax %d after %d", p, depth, nm.Action, nm.Nodes, mm.Action, mm.Nodes)
				}
				if ab.Nodes > mm.Nodes {
					t.Errorf("%s depth %d: alphabeta visited %d nodes, minimax %d", p, depth, ab.Nodes, mm.Nodes)
				}
				if !p.Done() && (ab.Action < 0 || p.Play(ab.Action).String() == p.String()) {
					t.Errorf("%s depth %d: alphabeta chose %d", p, depth, ab.Action)
				}
			}
		})
	}
}

func TestTicTacToeFacts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	full := search.Options{Depth: search.MaxDepth}
	mm, err := search.MiniMax(ctx, tictactoe.New(), full)
	if err != nil {
		t.Fatal(err)
	}
	if mm.Value != 0 {
		t.Errorf("empty board: value %v, want 0 (a draw)", mm.Value)
	}
	if mm.Nodes != 549946 {
		t.Errorf("empty board: MiniMax visited %d nodes, want the whole game tree of 549,946", mm.Nodes)
	}
	if mm.Evals != 255168 {
		t.Errorf("empty board: MiniMax evaluated %d leaves, want the 255,168 finished games", mm.Evals)
	}
	tests := []struct {
		position string
		engine   func(context.Context, tictactoe.State, search.Options) (search.Result, error)
		label    string
		value    float64
	}{
		{"xx./oo./...", search.MiniMax[tictactoe.State], "c3", tictactoe.WinScore},
		{"xx./oo./...", search.AlphaBeta[tictactoe.State], "c3", tictactoe.WinScore},
		{"xx./o../o..", search.AlphaBeta[tictactoe.State], "c3", tictactoe.WinScore},
		{"x../.o./..x", search.NegaMax[tictactoe.State], "", 0},
		{"xo./.x./...", search.AlphaBeta[tictactoe.State], "", -tictactoe.WinScore},
	}
	for _, tt := range tests {
		s, err := tictactoe.Parse(tt.position)
		if err != nil {
			t.Fatal(err)
		}
		res, err := tt.engine(ctx, s, full)
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != tt.value || tt.label != "" && res.Label != tt.label {
			t.Errorf("%s: chose %s with value %v, want %s with %v", tt.position, res.Label, res.Value, tt.label, tt.value)
		}
	}
}

// rn is the textbook tree of Russell & Norvig, Fig. 5.2.
const rn = "[[3,12,8],[2,4,6],[14,5,2]]"

func TestTextbookTree(t *testing.T) {
	t.Parallel()
	root, err := tree.Parse(rn)
	if err != nil {
		t.Fatal(err)
	}
	engines := map[string]func(context.Context, tree.State, search.Options) (search.Result, error){
		"minimax":   search.MiniMax[tree.State],
		"negamax":   search.NegaMax[tree.State],
		"alphabeta": search.AlphaBeta[tree.State],
	}
	for name, run := range engines {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rec := trace.NewRecorder(0)
			res, err := run(context.Background(), root, search.Options{Depth: search.MaxDepth, Tracing: search.Tracing{Tracer: rec}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != 3 || res.Label != "a1" {
				t.Errorf("%s: chose %s with value %v, want a1 with 3", name, res.Label, res.Value)
			}
			if err := tracetest.Validate(rec.Events()); err != nil {
				t.Errorf("%s: invalid trace: %v", name, err)
			}
			var cuts []trace.Event
			for _, e := range rec.Events() {
				if e.Kind == trace.KindCut {
					cuts = append(cuts, e)
				}
			}
			if name != "alphabeta" {
				if len(cuts) != 0 || res.Nodes != 13 {
					t.Errorf("%s: %d cuts and %d nodes, want 0 cuts and all 13 nodes", name, len(cuts), res.Nodes)
				}
				return
			}
			if len(cuts) != 1 || res.Cuts != 1 || res.Nodes != 11 {
				t.Fatalf("alphabeta: %d cut events, %d counted, %d nodes; want one cut and 11 nodes", len(cuts), res.Cuts, res.Nodes)
			}
			cut := cuts[0]
			c := root.Play(1)
			var pruned []string
			for _, a := range cut.Pruned {
				pruned = append(pruned, c.Play(a).Name())
			}
			if cut.Cut != trace.CutAlpha || len(pruned) != 2 || pruned[0] != "4" || pruned[1] != "6" {
				t.Errorf("alphabeta cut %v pruning leaves %v, want an alpha cut pruning leaves 4 and 6", cut.Cut, pruned)
			}
			if cut.PrunedLabels[0] != "c2" || cut.PrunedLabels[1] != "c3" {
				t.Errorf("pruned labels %v, want [c2 c3]", cut.PrunedLabels)
			}
			if cut.Value != -2 || cut.Beta != -3 || !math.IsInf(cut.Alpha, -1) {
				t.Errorf("cut at value %v in window (%v, %v), want -2 in (-inf, -3) from MIN's view", cut.Value, cut.Alpha, cut.Beta)
			}
		})
	}
}

func TestBudgetAndCancel(t *testing.T) {
	t.Parallel()
	s := tictactoe.New()
	rec := trace.NewRecorder(0)
	res, err := search.AlphaBeta(context.Background(), s, search.Options{Depth: search.MaxDepth, Limits: search.Limits{MaxNodes: 100}, Tracing: search.Tracing{Tracer: rec, Boards: true}})
	if !errors.Is(err, search.ErrBudget) {
		t.Fatalf("err = %v, want ErrBudget", err)
	}
	if res.Nodes != 100 {
		t.Errorf("nodes = %d, want exactly the budget of 100", res.Nodes)
	}
	if err := tracetest.Validate(rec.Events()); err != nil {
		t.Errorf("trace of a stopped search is invalid: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = search.MiniMax(ctx, s, search.Options{Depth: search.MaxDepth})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestTracedEqualsUntraced(t *testing.T) {
	t.Parallel()
	positions := reachable(t)
	ctx := context.Background()
	engines := []struct {
		name string
		run  engineFunc
	}{
		{"minimax", search.MiniMax[tictactoe.State]},
		{"negamax", search.NegaMax[tictactoe.State]},
		{"alphabeta", search.AlphaBeta[tictactoe.State]},
	}
	for _, engine := range engines {
		for i := 0; i < len(positions); i += 97 {
			t.Run(fmt.Sprintf("%s/pos%d", engine.name, i), func(t *testing.T) {
				t.Parallel()
				p := positions[i]
				plain, err := engine.run(ctx, p, search.Options{Depth: 4})
				if err != nil {
					t.Fatal(err)
				}
				rec := trace.NewRecorder(0)
				traced, err := engine.run(ctx, p, search.Options{Depth: 4, Tracing: search.Tracing{Tracer: rec, Boards: true}})
				if err != nil {
					t.Fatal(err)
				}
				if plain.Action != traced.Action || plain.Value != traced.Value || plain.Nodes != traced.Nodes || plain.Cuts != traced.Cuts {
					t.Errorf("%s: untraced %+v, traced %+v", p, plain, traced)
				}
				if err := tracetest.Validate(rec.Events()); err != nil {
					t.Errorf("%s: %v", p, err)
				}
				var nodes int
				for _, e := range rec.Events() {
					if e.Kind == trace.KindNode {
						nodes++
						if e.Board == "" {
							t.Fatalf("%s: node %d has no board", p, e.Node)
						}
					}
				}
				if nodes != traced.Nodes {
					t.Errorf("%s: %d node events, %d nodes counted", p, nodes, traced.Nodes)
				}
			})
		}
	}
}
