package search_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/othello"
	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// quiesced is the value of s searched depth plies with quiescence q, as
// the lecture defines it and without any pruning: negamax to the depth
// limit, where a position with noisy moves is worth the best of its
// evaluation and its noisy moves' values, each found the same way with
// one ply less of quiescence.
func quiesced(s othello.State, depth, q int) float64 {
	if s.Done() {
		return s.Score()
	}
	if depth == 0 {
		v := s.Score()
		if q == 0 {
			return v
		}
		for _, a := range s.Legal(nil) {
			if s.Noisy(a) {
				v = max(v, -quiesced(s.Play(a), 0, q-1))
			}
		}
		return v
	}
	best := math.Inf(-1)
	for _, a := range s.Legal(nil) {
		best = max(best, -quiesced(s.Play(a), depth-1, q))
	}
	return best
}

// horizon is the gallery's Othello position of the horizon effect: at
// depth 3 White plays a6, which Black's corner a8 on the fourth ply
// refutes.
const horizon = "......../o......./.oxx..../o.xxx.x./xxxxxx../.oo.x.../o......./........ o"

// TestQuiescenceValue checks AlphaBeta with quiescence, with every
// ordering, with and without the table, against the unpruned definition
// on Othello positions, and that its traces are valid.
func TestQuiescenceValue(t *testing.T) {
	t.Parallel()
	for i, tt := range []struct {
		position string
		depth, q int
	}{
		{"", 2, 2},
		{othelloMidGame, 1, 3},
		{othelloMidGame, 2, 2},
		{horizon, 1, 4},
		{horizon, 3, 2},
		{"xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxoo/xxxxxx.. o", 1, 2},
	} {
		root, err := othello.Parse(tt.position)
		if err != nil {
			t.Fatal(err)
		}
		want := quiesced(root, tt.depth, tt.q)
		for _, o := range orderings {
			for _, table := range []bool{false, true} {
				t.Run(fmt.Sprintf("case%d/ordering=%v/tt=%v", i, o, table), func(t *testing.T) {
					t.Parallel()
					name := fmt.Sprintf("%q depth %d quiescence %d ordering %v tt=%v", tt.position, tt.depth, tt.q, o, table)
					rec := trace.NewRecorder(0)
					res, err := search.AlphaBeta(context.Background(), root, search.Options{Depth: tt.depth, Quiescence: tt.q, Ordering: o, Table: table, Tracing: search.Tracing{Tracer: rec}})
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if res.Value != want {
						t.Errorf("%s: value %v, want %v", name, res.Value, want)
					}
					if err := tracetest.Validate(rec.Events()); err != nil {
						t.Errorf("%s: %v", name, err)
					}
				})
			}
		}
	}
}

// TestQuiescenceHorizon checks the point of quiescence on the gallery's
// position: AlphaBeta 3 plies deep plays a6 without it, and with it
// plays what 5 plies deep plays without it, in fewer nodes.
func TestQuiescenceHorizon(t *testing.T) {
	t.Parallel()
	root, err := othello.Parse(horizon)
	if err != nil {
		t.Fatal(err)
	}
	run := func(depth, q int) search.Result {
		res, err := search.AlphaBeta(context.Background(), root, search.Options{Depth: depth, Quiescence: q, Ordering: search.OrderScore})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	shallow, quiet, deep := run(3, 0), run(3, 2), run(5, 0)
	if shallow.Label != "a6" {
		t.Fatalf("depth 3 plays %s, want a6", shallow.Label)
	}
	if quiet.Label == "a6" || quiet.Label != deep.Label || quiet.Nodes >= deep.Nodes {
		t.Errorf("depth 3 with quiescence plays %s in %d nodes, depth 5 %s in %d: want depth 5's move in fewer nodes, not a6", quiet.Label, quiet.Nodes, deep.Label, deep.Nodes)
	}
}

// TestQuiescenceTrace checks what a quiescence search's trace says: the
// note on the root, and at each node that stands pat an evaluation, a
// note naming exactly its noisy moves, then children by noisy moves only
// (searched or pruned), deeper than the depth limit.
func TestQuiescenceTrace(t *testing.T) {
	t.Parallel()
	root, err := othello.Parse(horizon)
	if err != nil {
		t.Fatal(err)
	}
	const depth, q = 2, 2
	rec := trace.NewRecorder(0)
	if _, err := search.AlphaBeta(context.Background(), root, search.Options{Depth: depth, Quiescence: q, Tracing: search.Tracing{Tracer: rec}}); err != nil {
		t.Fatal(err)
	}
	states := map[trace.NodeID]othello.State{0: root}
	depths := map[trace.NodeID]int{0: 0}
	evaluated := map[trace.NodeID]bool{}
	stood := map[trace.NodeID]bool{}
	rootNote := false
	for _, e := range rec.Events() {
		switch e.Kind {
		case trace.KindNode:
			if e.Parent == trace.NoNode {
				continue
			}
			states[e.Node], depths[e.Node] = states[e.Parent].Play(e.Action), e.Depth
			if depths[e.Parent] >= depth && (!stood[e.Parent] || !states[e.Parent].Noisy(e.Action)) {
				t.Errorf("node %d: %s below node %d, at the depth limit, which did not stand pat or is not noisy", e.Node, e.Label, e.Parent)
			}
			if e.Depth > depth+q {
				t.Errorf("node %d at depth %d, below the limit %d and %d plies of quiescence", e.Node, e.Depth, depth, q)
			}
		case trace.KindEval:
			evaluated[e.Node] = true
		case trace.KindCut:
			for _, a := range e.Pruned {
				if depths[e.Node] >= depth && !states[e.Node].Noisy(a) {
					t.Errorf("node %d prunes %d, a quiet move, in a quiescence search", e.Node, a)
				}
			}
		case trace.KindNote:
			if e.Node == 0 {
				rootNote = rootNote || strings.HasPrefix(e.Text, "Quiescence 2: ")
				continue
			}
			s := states[e.Node]
			if !evaluated[e.Node] || depths[e.Node] < depth {
				t.Errorf("note %q on node %d, not a node at or below the limit that has been evaluated", e.Text, e.Node)
			}
			var noisy []string
			for _, a := range s.Legal(nil) {
				if s.Noisy(a) {
					noisy = append(noisy, s.Label(a))
				}
			}
			if !strings.Contains(e.Text, "("+strings.Join(noisy, ", ")+")") {
				t.Errorf("note %q on node %d, whose noisy moves are %v", e.Text, e.Node, noisy)
			}
			stood[e.Node] = true
		}
	}
	if !rootNote || len(stood) == 0 {
		t.Errorf("root note %v, %d nodes stood pat: want both", rootNote, len(stood))
	}
}

// TestQuiescenceLimits checks that quiescence outside 0 to MaxQuiescence
// is refused, and that a game without noisy moves searches as without
// quiescence but for the root's note saying so.
func TestQuiescenceLimits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, q := range []int{-1, search.MaxQuiescence + 1} {
		if _, err := search.AlphaBeta(ctx, othello.New(), search.Options{Depth: 2, Quiescence: q}); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("quiescence %d is outside 0 to %d", q, search.MaxQuiescence)) {
			t.Errorf("quiescence %d: err = %v", q, err)
		}
	}
	if _, err := search.AlphaBeta(ctx, othello.New(), search.Options{Depth: 1, Quiescence: search.MaxQuiescence}); err != nil {
		t.Errorf("quiescence %d: %v", search.MaxQuiescence, err)
	}
	plain, err := search.AlphaBeta(ctx, tictactoe.New(), search.Options{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	quiet, err := search.AlphaBeta(ctx, tictactoe.New(), search.Options{Depth: 3, Quiescence: 2, Tracing: search.Tracing{Tracer: rec}})
	if err != nil {
		t.Fatal(err)
	}
	if quiet.Value != plain.Value || quiet.Nodes != plain.Nodes {
		t.Errorf("tic-tac-toe with quiescence: %v in %d nodes, without %v in %d", quiet.Value, quiet.Nodes, plain.Value, plain.Nodes)
	}
	if e := rec.Events()[3]; e.Kind != trace.KindNote || !strings.Contains(e.Text, "marks no move as noisy") {
		t.Errorf("the fourth event is %+v, want the note that no move is noisy", e)
	}
}

// TestQuiescenceLines checks the lines a quiescence search's events light
// in AlphaBeta's pseudocode: at most one in either form, and in the
// negamax form, QUIESCE's for the nodes it handles: the stand-pat
// evaluation, the note naming the noisy moves, the call that searches a
// noisy child; ALPHABETA's evaluation for a node at the limit without
// noisy moves.
func TestQuiescenceLines(t *testing.T) {
	t.Parallel()
	root, err := othello.Parse(horizon)
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := search.AlphaBeta(context.Background(), root, search.Options{Depth: 2, Quiescence: 2, Tracing: search.Tracing{Tracer: rec}}); err != nil {
		t.Fatal(err)
	}
	events := rec.Events()
	tr, err := trace.NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	a := search.AlphaBetaEntry[othello.State]().Algorithm
	stood := map[trace.NodeID]bool{}
	for _, e := range events {
		if e.Kind == trace.KindNote && e.Node != 0 {
			stood[e.Node] = true
		}
	}
	seen := map[string]bool{}
	for k, e := range events {
		if err := tr.Seek(k); err != nil {
			t.Fatal(err)
		}
		for name, code := range map[string]search.Code{"negamax": a.Code, "max/min": a.MaxMin} {
			if lit := code.Lighting(tr); len(lit) > 1 {
				t.Errorf("%s form: step %d (%v) lights lines %v", name, k, e.Kind, lit)
			}
		}
		line := ""
		if n := a.Code.Lit(tr); n > 0 {
			line = strings.Join(strings.Fields(a.Code[n-1].Text), " ")
		}
		var want string
		parent := tr.Node(e.Node).Parent
		switch {
		case e.Kind == trace.KindEval && stood[e.Node]:
			want = "value ← EVALUATE(node) ▷ stand pat: a floor"
		case e.Kind == trace.KindNote && stood[e.Node]:
			want = "for each noisy child of node do"
		case e.Kind == trace.KindNode && parent != trace.NoNode && stood[parent]:
			want = "value ← max(value, −QUIESCE(child, q − 1, −β, −α))"
		case e.Kind == trace.KindEval && tr.Node(e.Node).Depth == 2 && !stood[e.Node]:
			want = "return EVALUATE(node) ▷ from the side to move's view"
		default:
			continue
		}
		seen[want] = true
		if line != want {
			t.Errorf("step %d (%v at node %d) lights %q, want %q", k, e.Kind, e.Node, line, want)
		}
	}
	if len(seen) != 4 {
		t.Errorf("only %d of the 4 kinds of step checked: %v", len(seen), seen)
	}
}
