package search_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

type mcEngine[S search.Alternating[S]] func(context.Context, S, search.MonteCarloOptions) (search.Result, error)

// encode writes events in the file format, with the decision's elapsed
// time cleared, so that traces can be compared byte for byte (an unvisited
// child's NaN UCB defeats reflect.DeepEqual).
func encode(t testing.TB, events []trace.Event) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := trace.NewWriter(&buf, trace.Header{Game: "test", Algorithm: "mc"})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		if e.Kind == trace.KindDecision {
			e.Counters.Elapsed = 0
		}
		w.Emit(e)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// checkMCTrace checks what every Monte Carlo trace must satisfy: the
// validator, the fold, an unchanged round trip through the file format and,
// when schema is set (it is slow), the JSON Schema. It returns the folded
// tree at its last step.
func checkMCTrace(t *testing.T, name string, events []trace.Event, schema bool) *trace.Tree {
	t.Helper()
	if err := tracetest.Validate(events); err != nil {
		t.Fatalf("%s: invalid trace: %v", name, err)
	}
	tr, err := trace.NewTree(events)
	if err != nil {
		t.Fatalf("%s: trace does not fold: %v", name, err)
	}
	data := encode(t, events)
	if schema {
		if err := tracetest.CheckJSONL(data); err != nil {
			t.Fatalf("%s: schema: %v", name, err)
		}
	}
	_, back, err := trace.ReadAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: reading back: %v", name, err)
	}
	if !bytes.Equal(encode(t, back), data) {
		t.Fatalf("%s: the trace changed in a round trip through the file format", name)
	}
	if err := tr.Seek(tr.Len() - 1); err != nil {
		t.Fatal(err)
	}
	return tr
}

// record runs a traced search and checks its trace, against the schema too
// when schema is set.
func record[S search.Alternating[S]](t *testing.T, name string, run mcEngine[S], root S, opts search.MonteCarloOptions, schema bool) (search.Result, []trace.Event, *trace.Tree) {
	t.Helper()
	rec := trace.NewRecorder(0)
	opts.Tracer = rec
	res, err := run(context.Background(), root, opts)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	events := rec.Events()
	tr := checkMCTrace(t, name, events, schema)
	d, ok := tr.Decision()
	if !ok || d.Action != res.Action || d.Value != res.Value || d.Counters.Nodes != res.Nodes || d.Counters.Evals != res.Evals {
		t.Errorf("%s: decision %+v, result %+v", name, d, res)
	}
	return res, events, tr
}

// checkSelects checks every select event of an MCTS trace against UCB1:
// the scores list every child of the node in move order (creation order);
// each UCB recomputes from the reported W and N and from c, t being the
// sum of the reported N, and is NaN exactly for an unvisited child; the
// chosen child is the first unvisited one if any, else the first of
// greatest UCB. It also checks the scores against what the backprop events
// added up so far: N is the child's visits and W, in the chooser's view, is
// N minus the child's total, which backprop values give in the child's own
// view. It returns the number of select events.
func checkSelects(t *testing.T, name string, events []trace.Event, c float64) int {
	t.Helper()
	tr, err := trace.NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	count := 0
	for k, e := range events {
		if e.Kind != trace.KindSelect {
			continue
		}
		count++
		if err := tr.Seek(k); err != nil {
			t.Fatal(err)
		}
		kids := tr.Node(e.Node).Children
		if len(e.Scores) != len(kids) {
			t.Fatalf("%s step %d: %d scores for the %d children of node %d", name, k, len(e.Scores), len(kids), e.Node)
		}
		total := 0
		for i, s := range e.Scores {
			if s.Child != kids[i] || s.Action != tr.Node(kids[i]).Action {
				t.Fatalf("%s step %d: score %d is child %d action %d, want child %d action %d", name, k, i, s.Child, s.Action, kids[i], tr.Node(kids[i]).Action)
			}
			total += s.N
			n := tr.Node(s.Child)
			if n.Visits != s.N || float64(n.Visits)-n.Total != s.W {
				t.Errorf("%s step %d: child %d scored w=%v n=%d; backprops gave it %d visits and a total of %v in its own view", name, k, s.Child, s.W, s.N, n.Visits, n.Total)
			}
		}
		want, wantUCB := trace.NoNode, math.Inf(-1)
		for _, s := range e.Scores {
			if s.N == 0 {
				if !math.IsNaN(s.UCB) {
					t.Errorf("%s step %d: unvisited child %d has UCB %v, want NaN", name, k, s.Child, s.UCB)
				}
				if want == trace.NoNode || !math.IsInf(wantUCB, 1) {
					want, wantUCB = s.Child, math.Inf(1) // the first unvisited child wins
				}
				continue
			}
			ucb := s.W/float64(s.N) + c*math.Sqrt(2*math.Log(float64(total))/float64(s.N))
			if math.Abs(s.UCB-ucb) > 1e-12 {
				t.Errorf("%s step %d: child %d has UCB %v, recomputed %v from w=%v n=%d t=%d c=%v", name, k, s.Child, s.UCB, ucb, s.W, s.N, total, c)
			}
			if s.UCB > wantUCB {
				want, wantUCB = s.Child, s.UCB
			}
		}
		if e.Child != want {
			t.Errorf("%s step %d: chose child %d, want %d (scores %+v)", name, k, e.Child, want, e.Scores)
		}
	}
	return count
}

// checkMCTSTree replays an MCTS trace and checks the shape of each
// iteration and the tree's invariants: every iteration enters the root and
// walks down through selected children to a leaf (a node without children),
// which gets a terminal eval or a playout; the backprop path is that walk
// from the leaf up to the root, with values in each node's own view
// alternating v, 1-v, ..., v being the leaf's outcome; the focus then leaves
// every node, deepest first; a leaf is expanded exactly when its visits
// reach the threshold and the game is not over there, right after that
// iteration; at the end the root's visits are the number of iterations and
// every other expanded node's visits are its children's plus the threshold.
// The decision is the most visited root child, with its win rate.
func checkMCTSTree(t *testing.T, name string, events []trace.Event, tr *trace.Tree, threshold, iterations int) {
	t.Helper()
	var (
		parent   []trace.NodeID
		kind     []trace.NodeType
		depth    []int
		children [][]trace.NodeID
		visits   []int
		terminal []bool
		iters    int
		stack    []trace.NodeID
	)
	c := &cursor{t: t, name: name, events: events}
	next, expect := c.next, c.expect
	// expansion reads the node events and the expand event of node id.
	expansion := func(id trace.NodeID) {
		t.Helper()
		var kids []trace.NodeID
		for c.at(trace.KindNode) {
			e := next()
			if e.Parent != id || e.Node != trace.NodeID(len(parent)) {
				t.Fatalf("%s step %d: node %d with parent %d during the expansion of %d", name, e.Step, e.Node, e.Parent, id)
			}
			if (e.Type == trace.TypeMax) != (e.Depth%2 == 0) {
				t.Errorf("%s step %d: node %d at depth %d has type %v", name, e.Step, e.Node, e.Depth, e.Type)
			}
			parent, kind, depth = append(parent, e.Parent), append(kind, e.Type), append(depth, e.Depth)
			children, visits, terminal = append(children, nil), append(visits, 0), append(terminal, false)
			kids = append(kids, e.Node)
		}
		e := expect(trace.KindExpand, id)
		if len(kids) == 0 || !slices.Equal(e.Children, kids) {
			t.Fatalf("%s step %d: expand of %d lists %v, the nodes created are %v", name, e.Step, id, e.Children, kids)
		}
		children[id] = kids
	}
	root := expect(trace.KindNode, 0)
	parent, kind, depth = []trace.NodeID{root.Parent}, []trace.NodeType{root.Type}, []int{0}
	children, visits, terminal = [][]trace.NodeID{nil}, []int{0}, []bool{false}
	if root.Type != trace.TypeMax {
		t.Errorf("%s: root has type %v", name, root.Type)
	}
	expansion(0)
	for c.at(trace.KindIteration) {
		iters++
		if e := next(); e.Iteration != iters {
			t.Fatalf("%s step %d: iteration %d, want %d", name, e.Step, e.Iteration, iters)
		}
		expect(trace.KindEnter, 0)
		stack = append(stack[:0], 0)
		cur := trace.NodeID(0)
		for len(children[cur]) > 0 {
			s := expect(trace.KindSelect, cur)
			expect(trace.KindEnter, s.Child)
			cur = s.Child
			stack = append(stack, cur)
		}
		var v float64 // the leaf's outcome in its own view
		switch e := next(); {
		case e.Kind == trace.KindEval && e.Node == cur && e.Terminal:
			terminal[cur] = true
			v = 0.5
			if e.Value > 0 {
				v = 1
			} else if e.Value < 0 {
				v = 0
			}
		case e.Kind == trace.KindPlayout && e.Node == cur:
			v = e.Result
			if kind[cur] == trace.TypeMin {
				v = 1 - v
			}
		default:
			t.Fatalf("%s step %d: %v event about node %d, want a terminal eval or a playout at leaf %d", name, e.Step, e.Kind, e.Node, cur)
		}
		b := expect(trace.KindBackprop, trace.NoNode)
		path := slices.Clone(stack)
		slices.Reverse(path)
		if !slices.Equal(b.Path, path) {
			t.Fatalf("%s step %d: backprop path %v, the walk was %v", name, b.Step, b.Path, stack)
		}
		for j, id := range b.Path {
			want := v
			if j%2 == 1 {
				want = 1 - v
			}
			if b.Values[j] != want {
				t.Fatalf("%s step %d: backprop values %v, want alternating from %v", name, b.Step, b.Values, v)
			}
			if j > 0 && parent[b.Path[j-1]] != id {
				t.Fatalf("%s step %d: %d is not the parent of %d", name, b.Step, id, b.Path[j-1])
			}
			visits[id]++
		}
		for j := len(stack) - 1; j >= 0; j-- {
			expect(trace.KindLeave, stack[j])
		}
		if !terminal[cur] && visits[cur] == threshold {
			expansion(cur)
		}
	}
	if iters != iterations {
		t.Errorf("%s: %d iterations, want %d", name, iters, iterations)
	}
	if visits[0] != iters {
		t.Errorf("%s: root visited %d times in %d iterations", name, visits[0], iters)
	}
	for id := range parent {
		n := tr.Node(trace.NodeID(id))
		if n.Visits != visits[id] || n.Type != kind[id] || n.Depth != depth[id] {
			t.Errorf("%s: node %d folds to %d visits, type %v, depth %d; replay gives %d, %v, %d", name, id, n.Visits, n.Type, n.Depth, visits[id], kind[id], depth[id])
		}
		if len(children[id]) == 0 {
			if !terminal[id] && visits[id] >= threshold {
				t.Errorf("%s: leaf %d has %d visits and no children (threshold %d)", name, id, visits[id], threshold)
			}
			continue
		}
		sum := 0
		for _, c := range children[id] {
			sum += visits[c]
		}
		want := visits[id] - threshold
		if id == 0 {
			want = visits[0]
		}
		if sum != want {
			t.Errorf("%s: node %d has %d visits and its children %d, want %d", name, id, visits[id], sum, want)
		}
	}
	// The end: the most visited root child, ties to the first, and its win
	// rate for the root player.
	best := children[0][0]
	for _, c := range children[0] {
		if visits[c] > visits[best] {
			best = c
		}
	}
	b := tr.Node(best)
	rate := (float64(b.Visits) - b.Total) / float64(b.Visits)
	v := expect(trace.KindValue, 0)
	d := expect(trace.KindDecision, 0)
	if v.Best != best || v.Value != rate || d.Action != b.Action || d.Label != b.Label || d.Value != rate {
		t.Errorf("%s: value %+v and decision %+v, want child %d (action %d) with win rate %v", name, v, d, best, b.Action, rate)
	}
}

// TestMCTSTraces runs traced MCTS searches over positions of tic-tac-toe
// and of typed trees with several exploration constants and thresholds,
// and checks every select event against UCB1 and the replayed tree.
func TestMCTSTraces(t *testing.T) {
	t.Parallel()
	ttt := []string{".../.../...", "x.o/.x./..o", "xo./.x./o..", "xx./oo./...", "xox/oox/x.."}
	trees := []string{"[[3,12,8],[2,4,6],[14,5,2]]", "[[1,[2,3]],[[4,-5.5],6],0.25]", "[[0,[-1,[2,-3]]],[[4,[-5,0]],[6,[7,-8]]]]"}
	for _, c := range []float64{0, 1, 2.5} {
		for _, threshold := range []int{1, 3, 10} {
			opts := search.MonteCarloOptions{Playouts: 300, C: c, ExpandThreshold: threshold, Seed: 42, Tracing: search.Tracing{Boards: true}}
			schema := c == 1 && threshold == 10
			for i, pos := range ttt {
				t.Run(fmt.Sprintf("tictactoe/c=%v/expand=%d/pos%d", c, threshold, i), func(t *testing.T) {
					t.Parallel()
					name := fmt.Sprintf("tictactoe %s c=%v expand=%d", pos, c, threshold)
					root := mustTicTacToe(t, pos)
					res, events, tr := record(t, name, search.MCTS[tictactoe.State], root, opts, schema)
					checkMCTSTree(t, name, events, tr, threshold, opts.Playouts)
					if checkSelects(t, name, events, c) < opts.Playouts {
						t.Errorf("%s: fewer select events than iterations", name)
					}
					checkBoards(t, name, events)
					if res.Cuts != 0 || res.Nodes != tr.Size() || res.Evals != opts.Playouts {
						t.Errorf("%s: counters %+v, tree of %d nodes", name, res.Counters, tr.Size())
					}
				})
			}
			for i, pos := range trees {
				t.Run(fmt.Sprintf("tree/c=%v/expand=%d/pos%d", c, threshold, i), func(t *testing.T) {
					t.Parallel()
					name := fmt.Sprintf("tree %s c=%v expand=%d", pos, c, threshold)
					_, events, tr := record(t, name, search.MCTS[tree.State], mustTree(t, pos), opts, schema)
					checkMCTSTree(t, name, events, tr, threshold, opts.Playouts)
					checkSelects(t, name, events, c)
				})
			}
		}
	}
}

// checkBoards checks that every expansion of a traced tic-tac-toe search
// adds one child per legal move of its node's board, in move order, each
// with the board after its move.
func checkBoards(t *testing.T, name string, events []trace.Event) {
	t.Helper()
	boards := map[trace.NodeID]tictactoe.State{}
	for _, e := range events {
		switch e.Kind {
		case trace.KindNode:
			boards[e.Node] = mustTicTacToe(t, e.Board)
			if e.Node != 0 && boards[e.Parent].Play(e.Action) != boards[e.Node] {
				t.Fatalf("%s: node %d has board %s, not %s after %s", name, e.Node, e.Board, boards[e.Parent], e.Label)
			}
		case trace.KindExpand:
			var actions []int
			for _, ev := range events {
				if ev.Kind == trace.KindNode && slices.Contains(e.Children, ev.Node) {
					actions = append(actions, ev.Action)
				}
			}
			if want := boards[e.Node].Legal(nil); !slices.Equal(actions, want) {
				t.Fatalf("%s: expansion of node %d adds actions %v, want every legal move %v", name, e.Node, actions, want)
			}
		}
	}
}

// TestPMCTrace checks the events of a small Primitive Monte Carlo search
// one by one, and the choice of the best win rate.
func TestPMCTrace(t *testing.T) {
	t.Parallel()
	for i, pos := range []string{"xx./oo./...", "x.o/.x./..o", ".../.../..."} {
		t.Run(fmt.Sprintf("pos%d", i), func(t *testing.T) {
			t.Parallel()
			root := mustTicTacToe(t, pos)
			const playouts = 7
			res, events, tr := record(t, pos, search.PMC[tictactoe.State], root, search.MonteCarloOptions{Playouts: playouts, Seed: 3}, true)
			moves := root.Legal(nil)
			if res.Nodes != 1+len(moves) || res.Evals != playouts*len(moves) || res.Cuts != 0 {
				t.Errorf("%s: counters %+v", pos, res.Counters)
			}
			k := 0
			ev := func(kind trace.Kind, node trace.NodeID) trace.Event {
				t.Helper()
				e := events[k]
				k++
				if e.Kind != kind || e.Node != node {
					t.Fatalf("%s step %d: %+v, want a %v event about node %d", pos, e.Step, e, kind, node)
				}
				return e
			}
			ev(trace.KindNode, 0)
			for i, a := range moves {
				if e := ev(trace.KindNode, trace.NodeID(i+1)); e.Action != a || e.Parent != 0 || e.Type != trace.TypeMin {
					t.Errorf("%s: child event %+v, want action %d", pos, e, a)
				}
			}
			ev(trace.KindExpand, 0)
			best, bestRate := trace.NodeID(-1), -1.0
			for i := range moves {
				c := trace.NodeID(i + 1)
				if e := ev(trace.KindIteration, 0); e.Iteration != i+1 {
					t.Errorf("%s: iteration %d, want %d", pos, e.Iteration, i+1)
				}
				wins := 0.0
				for range playouts {
					ev(trace.KindEnter, c)
					p := ev(trace.KindPlayout, c)
					b := events[k]
					k++
					if b.Kind != trace.KindBackprop || !slices.Equal(b.Path, []trace.NodeID{c, 0}) || !slices.Equal(b.Values, []float64{1 - p.Result, p.Result}) {
						t.Fatalf("%s step %d: %+v, want a backprop [%d 0] of [%v %v]", pos, b.Step, b, c, 1-p.Result, p.Result)
					}
					ev(trace.KindLeave, c)
					wins += p.Result
				}
				if rate := wins / playouts; rate > bestRate {
					best, bestRate = c, rate
				}
			}
			v := ev(trace.KindValue, 0)
			d := ev(trace.KindDecision, 0)
			if v.Best != best || v.Value != bestRate || d.Action != moves[best-1] || res.Value != bestRate {
				t.Errorf("%s: value %+v, decision %+v, want child %d with win rate %v", pos, v, d, best, bestRate)
			}
			if n := tr.Node(0); n.Visits != playouts*len(moves) {
				t.Errorf("%s: root visited %d times", pos, n.Visits)
			}
		})
	}
}

// TestMonteCarloFindsWins checks tactics on hand-made tic-tac-toe
// positions (rows top to bottom; cells a3 b3 c3 / a2 b2 c2 / a1 b1 c1), for
// several seeds, with 300 playouts (MCTS iterations, PMC playouts per move).
func TestMonteCarloFindsWins(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pos, want, why string
	}{
		// x to move (2 marks each): x completes the top row at c3. o also
		// threatens c2, so blocking instead would lose.
		{"xx./oo./...", "c3", "x wins in one"},
		// o to move (x has one more mark): o completes the middle row at
		// c2 rather than block x's top row.
		{"xx./oo./x..", "c2", "o wins in one"},
		// o to move: x threatens c3 and o has no line to complete, so o
		// must block at c3 (after which o threatens a1 along b2-c3).
		{"xx./.o./...", "c3", "o blocks"},
		// x to move: o threatens c3; x's a2 and a1 cannot make a column
		// with o on a3, so x has no win and must block at c3. b2 would
		// make two x threats but lose at once to o's c3.
		{"oo./x../x..", "c3", "x blocks"},
	}
	for i, tt := range tests {
		for name, run := range map[string]mcEngine[tictactoe.State]{"mcts": search.MCTS[tictactoe.State], "pmc": search.PMC[tictactoe.State]} {
			for seed := range uint64(10) {
				t.Run(fmt.Sprintf("%s/pos%d/seed%d", name, i, seed), func(t *testing.T) {
					t.Parallel()
					root := mustTicTacToe(t, tt.pos)
					res, err := run(context.Background(), root, search.MonteCarloOptions{Playouts: 300, C: 1, Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					if res.Label != tt.want {
						t.Errorf("%s %s (%s), seed %d: played %s, want %s", name, tt.pos, tt.why, seed, res.Label, tt.want)
					}
				})
			}
		}
	}
}

// TestMCTSBeatsRandom plays 200 games of tic-tac-toe between MCTS with
// 1,000 iterations and a uniformly random player: MCTS is x in the even
// games and o in the odd ones, each game with its own seed. A draw is not
// a win. MCTS must win at least 90% of the games. (Measured: 98 of 100 as
// x, 89 of 100 as o, 187 in all; one loss as o.)
func TestMCTSBeatsRandom(t *testing.T) {
	t.Parallel()
	const games = 200
	rng := rand.New(rand.NewPCG(1, 2))
	var wins, draws, losses [2]int // by MCTS's side: 0 x, 1 o
	for g := range games {
		side := g % 2
		s := tictactoe.New()
		for !s.Done() {
			var a int
			if (s.ToMove() == 'x') == (side == 0) {
				res, err := search.MCTS(context.Background(), s, search.MonteCarloOptions{Playouts: 1000, C: 1, Seed: uint64(g)})
				if err != nil {
					t.Fatal(err)
				}
				a = res.Action
			} else {
				moves := s.Legal(nil)
				a = moves[rng.IntN(len(moves))]
			}
			s = s.Play(a)
		}
		switch w := s.Winner(); {
		case w == 0:
			draws[side]++
		case (w == 'x') == (side == 0):
			wins[side]++
		default:
			losses[side]++
		}
	}
	t.Logf("MCTS as x: %d wins, %d draws, %d losses; as o: %d wins, %d draws, %d losses",
		wins[0], draws[0], losses[0], wins[1], draws[1], losses[1])
	if total := wins[0] + wins[1]; total*10 < games*9 {
		t.Errorf("MCTS won %d of %d games against a random player, want at least 90%%", total, games)
	}
}

func TestMonteCarloDeterministic(t *testing.T) {
	t.Parallel()
	root := tictactoe.New()
	for name, run := range map[string]mcEngine[tictactoe.State]{"mcts": search.MCTS[tictactoe.State], "pmc": search.PMC[tictactoe.State]} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			traces := map[uint64][]byte{}
			for _, seed := range []uint64{7, 7, 8} {
				opts := search.MonteCarloOptions{Playouts: 200, C: 1, Seed: seed}
				_, events, _ := record(t, name, run, root, opts, seed == 7)
				data := encode(t, events)
				if prev, ok := traces[seed]; ok && !bytes.Equal(prev, data) {
					t.Errorf("%s: two runs with seed %d gave different traces", name, seed)
				}
				traces[seed] = data
			}
			if bytes.Equal(traces[7], traces[8]) {
				t.Errorf("%s: seeds 7 and 8 gave the same trace", name)
			}
		})
	}
}

func TestMonteCarloTracedEqualsUntraced(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for i, pos := range []string{".../.../...", "x.o/.x./..o", "xx./oo./..."} {
		for name, run := range map[string]mcEngine[tictactoe.State]{"mcts": search.MCTS[tictactoe.State], "pmc": search.PMC[tictactoe.State]} {
			for seed := range uint64(5) {
				t.Run(fmt.Sprintf("%s/pos%d/seed%d", name, i, seed), func(t *testing.T) {
					t.Parallel()
					root := mustTicTacToe(t, pos)
					opts := search.MonteCarloOptions{Playouts: 500, C: 1.5, ExpandThreshold: 4, Seed: seed}
					plain, err := run(ctx, root, opts)
					if err != nil {
						t.Fatal(err)
					}
					opts.Tracer, opts.Boards = trace.NewRecorder(0), true
					traced, err := run(ctx, root, opts)
					if err != nil {
						t.Fatal(err)
					}
					if plain.Action != traced.Action || plain.Value != traced.Value || plain.Nodes != traced.Nodes || plain.Evals != traced.Evals {
						t.Errorf("%s %s seed %d: untraced %+v, traced %+v", name, pos, seed, plain, traced)
					}
				})
			}
		}
	}
}

// TestMonteCarloTerminalRoot searches positions where the game is over:
// no action, the root's outcome for the root player as the value.
func TestMonteCarloTerminalRoot(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pos  string
		want float64
	}{
		{"xxx/oo./...", 0},   // o to move has lost
		{"xox/xoo/oxx", 0.5}, // a draw
	}
	for _, tt := range tests {
		for name, run := range map[string]mcEngine[tictactoe.State]{"mcts": search.MCTS[tictactoe.State], "pmc": search.PMC[tictactoe.State]} {
			res, events, _ := record(t, name, run, mustTicTacToe(t, tt.pos), search.MonteCarloOptions{Playouts: 10, C: 1}, true)
			if res.Action != -1 || res.Value != tt.want || res.Nodes != 1 || res.Evals != 1 {
				t.Errorf("%s %s: %+v, want no action and value %v", name, tt.pos, res, tt.want)
			}
			if len(events) != 3 || events[1].Kind != trace.KindEval || !events[1].Terminal {
				t.Errorf("%s %s: events %+v, want the root, its terminal eval and the decision", name, tt.pos, events)
			}
		}
	}
	// A typed tree of one leaf: MAX to move, value 7 in MAX's view.
	res, _, _ := record(t, "leaf", search.MCTS[tree.State], mustTree(t, "7"), search.MonteCarloOptions{Playouts: 10}, true)
	if res.Action != -1 || res.Value != 1 {
		t.Errorf("leaf 7: %+v, want no action and value 1", res)
	}
}

func TestMonteCarloBudget(t *testing.T) {
	t.Parallel()
	root := tictactoe.New()
	for _, budget := range []int{10, 11, 50, 1000} {
		t.Run(fmt.Sprintf("mcts/nodes=%d", budget), func(t *testing.T) {
			t.Parallel()
			rec := trace.NewRecorder(0)
			res, err := search.MCTS(context.Background(), root, search.MonteCarloOptions{Playouts: 100_000, C: 1, ExpandThreshold: 2, Limits: search.Limits{MaxNodes: budget}, Tracing: search.Tracing{Tracer: rec}})
			if !errors.Is(err, search.ErrBudget) {
				t.Fatalf("budget %d: err = %v, want ErrBudget", budget, err)
			}
			if res.Nodes > budget || res.Nodes+8 < budget || !slices.Contains(root.Legal(nil), res.Action) {
				t.Errorf("budget %d: %d nodes, action %d", budget, res.Nodes, res.Action)
			}
			events := rec.Events()
			checkMCTrace(t, "budget", events, true)
			if note := events[len(events)-2]; note.Kind != trace.KindNote || !strings.Contains(note.Text, "node budget") {
				t.Errorf("budget %d: the event before the decision is %+v, want a note on the budget", budget, note)
			}
		})
	}
	// A budget too small for the root's children: no action.
	for name, run := range map[string]mcEngine[tictactoe.State]{"mcts": search.MCTS[tictactoe.State], "pmc": search.PMC[tictactoe.State]} {
		rec := trace.NewRecorder(0)
		res, err := run(context.Background(), root, search.MonteCarloOptions{Playouts: 10, Limits: search.Limits{MaxNodes: 9}, Tracing: search.Tracing{Tracer: rec}})
		if !errors.Is(err, search.ErrBudget) || res.Action != -1 || res.Nodes != 1 || res.Value != 0.5 {
			t.Errorf("%s with 9 nodes: %+v, %v; want no action, the value of no visits (0.5) and ErrBudget", name, res, err)
		}
		checkMCTrace(t, name, rec.Events(), true)
		if _, err := run(context.Background(), root, search.MonteCarloOptions{Playouts: 10, Limits: search.Limits{MaxNodes: 10}}); name == "pmc" && err != nil {
			t.Errorf("pmc with 10 nodes: %v", err)
		}
	}
}

// cancelAt is a tracer that cancels a context at the given iteration event
// (MCTS) or at the given playout (PMC).
type cancelAt struct {
	at, seen int
	cancel   context.CancelFunc
}

func (c *cancelAt) Emit(e trace.Event) {
	if e.Kind == trace.KindPlayout {
		if c.seen++; c.seen == c.at {
			c.cancel()
		}
	}
}

func TestMonteCarloCancel(t *testing.T) {
	t.Parallel()
	root := tictactoe.New()
	for name, run := range map[string]mcEngine[tictactoe.State]{"mcts": search.MCTS[tictactoe.State], "pmc": search.PMC[tictactoe.State]} {
		// Cancelled before the start: no playout, the first move.
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res, err := run(ctx, root, search.MonteCarloOptions{Playouts: 10_000, C: 1})
		if !errors.Is(err, context.Canceled) || res.Action != 0 || res.Value != 0.5 || res.Evals != 0 {
			t.Errorf("%s cancelled: %+v, %v; want the first move, value 0.5, no playouts and context.Canceled", name, res, err)
		}
		// Cancelled during the search: it notices at the next check, after
		// 8192 playouts.
		ctx, cancel = context.WithCancel(context.Background())
		res, err = run(ctx, root, search.MonteCarloOptions{Playouts: 100_000, C: 1, Tracing: search.Tracing{Tracer: &cancelAt{at: 5000, cancel: cancel}}})
		cancel()
		if !errors.Is(err, context.Canceled) || res.Evals != 8192 || !slices.Contains(root.Legal(nil), res.Action) {
			t.Errorf("%s cancelled after 5000 playouts: %+v, %v; want 8192 playouts and context.Canceled", name, res, err)
		}
	}
}

// mcEntries are the Monte Carlo engines' catalog entries, by name.
var mcEntries = map[string]search.Entry[tictactoe.State]{
	"pmc":  search.PMCEntry[tictactoe.State](),
	"mcts": search.MCTSEntry[tictactoe.State](),
}

func TestMonteCarloCatalog(t *testing.T) {
	t.Parallel()
	root := mustTicTacToe(t, "x.o/.x./..o")
	for _, tt := range []struct {
		spec string
		opts search.MonteCarloOptions
		run  mcEngine[tictactoe.State]
	}{
		{"pmc", search.MonteCarloOptions{Playouts: 30, Limits: search.Limits{MaxNodes: search.DefaultMaxNodes}}, search.PMC[tictactoe.State]},
		{"pmc playouts=5 seed=9", search.MonteCarloOptions{Playouts: 5, Seed: 9, Limits: search.Limits{MaxNodes: search.DefaultMaxNodes}}, search.PMC[tictactoe.State]},
		{"mcts", search.MonteCarloOptions{Playouts: 100, C: 1, ExpandThreshold: 10, Limits: search.Limits{MaxNodes: search.DefaultMaxNodes}}, search.MCTS[tictactoe.State]},
		{"mcts playouts=400 c=1.4 expand=3 seed=12 nodes=300", search.MonteCarloOptions{Playouts: 400, C: 1.4, ExpandThreshold: 3, Seed: 12, Limits: search.Limits{MaxNodes: 300}}, search.MCTS[tictactoe.State]},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			t.Parallel()
			s, err := spec.Parse(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			entry := mcEntries[s.Name]
			if entry.Family != search.FamilyAlternating || entry.Help == "" {
				t.Errorf("%s: family %q, help %q", tt.spec, entry.Family, entry.Help)
			}
			v, err := spec.Resolve(s, entry.Params)
			if err != nil {
				t.Fatal(err)
			}
			rec := trace.NewRecorder(0)
			got, err := entry.Run(context.Background(), root, v, search.Tracing{Tracer: rec, Boards: true})
			if err != nil {
				t.Fatalf("%s: %v", tt.spec, err)
			}
			checkMCTrace(t, tt.spec, rec.Events(), true)
			want, err := tt.run(context.Background(), root, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if got.Action != want.Action || got.Value != want.Value || got.Nodes != want.Nodes || got.Evals != want.Evals {
				t.Errorf("%s: catalog run %+v, direct run %+v", tt.spec, got, want)
			}
		})
	}
	for _, bad := range []string{"mcts c=11", "mcts expand=0", "mcts time=60001", "pmc playouts=0", "pmc seed=-1", "pmc c=1"} {
		s, err := spec.Parse(bad)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := spec.Resolve(s, mcEntries[s.Name].Params); err == nil {
			t.Errorf("%s: resolved, want an error", bad)
		}
	}
}
