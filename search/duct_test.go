package search_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/games/twinmaze"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// Three tiny simultaneous-move games for DUCT's tests.

// rpsGame is rock-paper-scissors played for a number of turns: the player
// with more won turns wins. It is symmetric: swapping the players swaps
// nothing else.
type rpsGame struct {
	turns, diff int8 // turns left; player 0's won turns minus player 1's
}

var _ search.Simultaneous[rpsGame] = rpsGame{}

var rpsLabels = [3]string{"rock", "paper", "scissors"}

func (s rpsGame) Legal(player int, buf []int) []int {
	if s.turns == 0 {
		return buf
	}
	return append(buf, 0, 1, 2)
}

func (s rpsGame) Play(a0, a1 int) rpsGame {
	s.turns--
	switch (a0 - a1 + 3) % 3 { // paper (1) beats rock (0), and so on
	case 1:
		s.diff++
	case 2:
		s.diff--
	}
	return s
}

func (s rpsGame) Done() bool                      { return s.turns == 0 }
func (s rpsGame) Score() float64                  { return float64(s.diff) }
func (s rpsGame) Label(player, action int) string { return rpsLabels[action] }
func (s rpsGame) String() string                  { return fmt.Sprintf("rps turns=%d diff=%d", s.turns, s.diff) }

// lineGame is the twin maze on one row: two players walk a row of cells
// (right, left or stay, within the row) collecting the points of the cells
// they step on; both collect a cell they reach together. The one with more
// points when the turns run out wins. A row whose points read the same
// both ways, with the players at mirrored cells, is symmetric for the two
// players, player 0's right being player 1's left.
type lineGame struct {
	points [8]uint8
	width  int8
	pos    [2]int8
	score  [2]int16
	turns  int8
}

var _ search.Simultaneous[lineGame] = lineGame{}

const (
	lineRight = 0
	lineLeft  = 1
	lineStay  = 2
)

var (
	lineLabels = [3]string{"right", "left", "stay"}
	lineStep   = [3]int8{1, -1, 0}
)

// newLine returns the row whose points are the digits of points, with the
// players at cells a and b.
func newLine(points string, a, b, turns int) lineGame {
	s := lineGame{width: int8(len(points)), pos: [2]int8{int8(a), int8(b)}, turns: int8(turns)}
	for i := range points {
		s.points[i] = points[i] - '0'
	}
	s.points[a], s.points[b] = 0, 0
	return s
}

func (s lineGame) Legal(player int, buf []int) []int {
	if s.turns == 0 {
		return buf
	}
	for a, d := range lineStep {
		if p := s.pos[player] + d; p >= 0 && p < s.width {
			buf = append(buf, a)
		}
	}
	return buf
}

func (s lineGame) Play(a0, a1 int) lineGame {
	s.pos[0] += lineStep[a0]
	s.pos[1] += lineStep[a1]
	for p := range 2 {
		s.score[p] += int16(s.points[s.pos[p]])
	}
	s.points[s.pos[0]], s.points[s.pos[1]] = 0, 0
	s.turns--
	return s
}

func (s lineGame) Done() bool                      { return s.turns == 0 }
func (s lineGame) Score() float64                  { return float64(s.score[0] - s.score[1]) }
func (s lineGame) Label(player, action int) string { return lineLabels[action] }
func (s lineGame) String() string {
	return fmt.Sprintf("line %v pos=%v score=%v turns=%d", s.points[:s.width], s.pos, s.score, s.turns)
}

// raceGame is a race to a goal: each player steps forward, stays or steps
// back (not behind the start) on its own track; the game ends when a
// player reaches the goal or the turns run out, and the one further ahead
// wins. Stepping forward is dominant. Player 1 lists its actions in the
// other order, so that its actions are not their own indices.
type raceGame struct {
	pos         [2]int8
	goal, turns int8
}

var _ search.Simultaneous[raceGame] = raceGame{}

const (
	raceBack = 0
	raceStay = 1
	raceStep = 2
)

var raceLabels = [3]string{"back", "stay", "step"}

func (s raceGame) Legal(player int, buf []int) []int {
	if s.Done() {
		return buf
	}
	if player == 0 {
		return append(buf, raceBack, raceStay, raceStep)
	}
	return append(buf, raceStep, raceStay, raceBack)
}

func (s raceGame) Play(a0, a1 int) raceGame {
	for p, a := range [2]int{a0, a1} {
		s.pos[p] = max(0, s.pos[p]+int8(a-1))
	}
	s.turns--
	return s
}

func (s raceGame) Done() bool                      { return s.turns == 0 || s.pos[0] >= s.goal || s.pos[1] >= s.goal }
func (s raceGame) Score() float64                  { return float64(s.pos[0] - s.pos[1]) }
func (s raceGame) Label(player, action int) string { return raceLabels[action] }
func (s raceGame) String() string {
	return fmt.Sprintf("race pos=%v goal=%d turns=%d", s.pos, s.goal, s.turns)
}

// recordDUCT runs a traced DUCT search and checks its trace's format and
// its decision against the result.
func recordDUCT[S search.Simultaneous[S]](t *testing.T, name string, root S, opts search.MonteCarloOptions, schema bool) (search.Result, []trace.Event, *trace.Tree) {
	t.Helper()
	res, events, _ := runDUCT(t, name, root, opts)
	tr := checkMCTrace(t, name, events, schema)
	checkDUCTDecision(t, name, tr, res)
	return res, events, tr
}

// runDUCT runs a traced DUCT search and folds its trace, with no other
// check: the format checks take most of the time of long tests.
func runDUCT[S search.Simultaneous[S]](t *testing.T, name string, root S, opts search.MonteCarloOptions) (search.Result, []trace.Event, *trace.Tree) {
	t.Helper()
	rec := trace.NewRecorder(0)
	opts.Tracer = rec
	res, err := search.DUCT(context.Background(), root, opts)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	events := rec.Events()
	tr, err := trace.NewTree(events)
	if err != nil {
		t.Fatalf("%s: trace does not fold: %v", name, err)
	}
	if err := tr.Seek(tr.Len() - 1); err != nil {
		t.Fatal(err)
	}
	checkDUCTDecision(t, name, tr, res)
	return res, events, tr
}

func checkDUCTDecision(t *testing.T, name string, tr *trace.Tree, res search.Result) {
	t.Helper()
	d, ok := tr.Decision()
	if !ok || d.Action != res.Action || d.Label != res.Label || d.Value != res.Value || d.Counters.Nodes != res.Nodes || d.Counters.Evals != res.Evals {
		t.Errorf("%s: decision %+v, result %+v", name, d, res)
	}
}

// ductStats are one player's replayed statistics at one node, per action
// in legal order.
type ductStats struct {
	w []float64
	n []int
}

func newDUCTStats(k int) ductStats { return ductStats{w: make([]float64, k), n: make([]int, k)} }

// ductTreeStats is what checkDUCTTrace replays of a trace.
type ductTreeStats struct {
	selects int            // select events
	root    [2]ductStats   // the players' statistics at the root at the end
	actions [2][]int       // the players' legal actions at the root
	labels  [2][]string    // their labels
	rootN   int            // the root's visits
	nodes   int            // nodes created
	depth   int            // the deepest node
	evals   int            // eval and playout events
	kinds   map[string]int // the leaves' events: "eval" or "playout"
}

// checkDUCTTrace replays a DUCT trace from root and checks it event by
// event against DUCT as the primer defines it:
//
//   - every node is joint; the root's children are created before the
//     first iteration; an expansion creates one child per pair of legal
//     actions, row-major, child k having Action k = i*M+j, the label
//     Label(0, a0)+"/"+Label(1, a1) and (with boards) the text of the
//     state after the pair;
//   - every iteration enters the root and walks down to a leaf: at each
//     node with children, two select events (player 0's then player 1's)
//     naming the same child, each scoring that player's legal actions in
//     order with Child NoNode and W and N equal to what the backprops so
//     far gave the action in that player's view (player 0 v, player 1
//     1-v); UCB recomputes from W, N, c and t, the sum of the event's N,
//     and is NaN exactly for N = 0; the chosen child's row (Action / M)
//     and column (Action % M) are the first unvisited action of each
//     player if it has one, else the first of greatest UCB;
//   - the leaf gets a terminal eval (its Score) if the game is over there,
//     else a playout (result 1, 0.5 or 0); the backprop path is the walk
//     from the leaf up, with that outcome in player 0's view at every
//     node; the focus leaves the walk deepest first; a leaf is expanded
//     exactly when its visits reach the threshold and the game is not
//     over there;
//   - at the end, the root's visits are the number of iterations, every
//     node's visits and total fold as replayed, every other expanded
//     node's visits are its children's plus the threshold; the value event
//     names the child of player 0's and player 1's most visited actions,
//     with player 0's win rate w/n for its action; a note names player 1's
//     action; the decision is player 0's action.
func checkDUCTTrace[S search.Simultaneous[S]](t *testing.T, name string, root S, events []trace.Event, tr *trace.Tree, c float64, threshold, iterations int, boards bool) ductTreeStats {
	t.Helper()
	type node struct {
		state    S
		parent   trace.NodeID
		depth    int
		children []trace.NodeID
		legal    [2][]int
		stats    [2]ductStats
		visits   int
		total    float64
	}
	var nodes []*node
	i := 0
	next := func() trace.Event {
		t.Helper()
		if i >= len(events) {
			t.Fatalf("%s: the trace ends early", name)
		}
		i++
		return events[i-1]
	}
	expect := func(k trace.Kind, id trace.NodeID) trace.Event {
		t.Helper()
		e := next()
		if e.Kind != k || (id != trace.NoNode && e.Node != id) {
			t.Fatalf("%s step %d: %v event about node %d, want %v about node %d", name, e.Step, e.Kind, e.Node, k, id)
		}
		return e
	}
	checkNode := func(e trace.Event, s S) {
		t.Helper()
		if e.Type != trace.TypeJoint {
			t.Errorf("%s step %d: node %d has type %v, want joint", name, e.Step, e.Node, e.Type)
		}
		want := ""
		if boards {
			want = s.String()
		}
		if e.Board != want {
			t.Errorf("%s step %d: node %d has board %q, want %q", name, e.Step, e.Node, e.Board, want)
		}
	}
	expansion := func(id trace.NodeID) {
		t.Helper()
		p := nodes[id]
		l0, l1 := p.state.Legal(0, nil), p.state.Legal(1, nil)
		var kids []trace.NodeID
		for k := range len(l0) * len(l1) {
			e := expect(trace.KindNode, trace.NodeID(len(nodes)))
			a0, a1 := l0[k/len(l1)], l1[k%len(l1)]
			s := p.state.Play(a0, a1)
			label := p.state.Label(0, a0) + "/" + p.state.Label(1, a1)
			if e.Parent != id || e.Action != k || e.Label != label || e.Depth != p.depth+1 {
				t.Fatalf("%s step %d: child %d of node %d: parent %d, action %d, label %q, depth %d; want action %d, label %q, depth %d", name, e.Step, k, id, e.Parent, e.Action, e.Label, e.Depth, k, label, p.depth+1)
			}
			checkNode(e, s)
			nodes = append(nodes, &node{state: s, parent: id, depth: p.depth + 1})
			kids = append(kids, e.Node)
		}
		e := expect(trace.KindExpand, id)
		if len(kids) == 0 || !slices.Equal(e.Children, kids) {
			t.Fatalf("%s step %d: expand of %d lists %v, the nodes created are %v", name, e.Step, id, e.Children, kids)
		}
		p.children, p.legal = kids, [2][]int{l0, l1}
		p.stats = [2]ductStats{newDUCTStats(len(l0)), newDUCTStats(len(l1))}
	}
	// checkScores checks one player's select event at node p, whose chosen
	// action index is chosen, and returns its t.
	checkScores := func(e trace.Event, p *node, player, chosen int) int {
		t.Helper()
		legal, st := p.legal[player], p.stats[player]
		if len(e.Scores) != len(legal) {
			t.Fatalf("%s step %d: player %d has %d scores for %d legal actions", name, e.Step, player, len(e.Scores), len(legal))
		}
		total := 0
		for _, s := range e.Scores {
			total += s.N
		}
		want, wantUCB := -1, math.Inf(-1)
		for k, s := range e.Scores {
			if s.Child != trace.NoNode || s.Action != legal[k] || s.W != st.w[k] || s.N != st.n[k] {
				t.Fatalf("%s step %d: player %d score %d is %+v; want child -1, action %d, w %v, n %d", name, e.Step, player, k, s, legal[k], st.w[k], st.n[k])
			}
			if s.N == 0 {
				if !math.IsNaN(s.UCB) {
					t.Errorf("%s step %d: player %d's unvisited action %d has UCB %v, want NaN", name, e.Step, player, s.Action, s.UCB)
				}
				if !math.IsInf(wantUCB, 1) {
					want, wantUCB = k, math.Inf(1) // the first unvisited action goes first
				}
				continue
			}
			ucb := s.W/float64(s.N) + c*math.Sqrt(2*math.Log(float64(total))/float64(s.N))
			if math.Abs(s.UCB-ucb) > 1e-12 {
				t.Errorf("%s step %d: player %d's action %d has UCB %v, recomputed %v from w=%v n=%d t=%d c=%v", name, e.Step, player, s.Action, s.UCB, ucb, s.W, s.N, total, c)
			}
			if s.UCB > wantUCB {
				want, wantUCB = k, s.UCB
			}
		}
		if chosen != want {
			t.Errorf("%s step %d: player %d chose action %d (index %d), want index %d (scores %+v)", name, e.Step, player, legal[chosen], chosen, want, e.Scores)
		}
		return total
	}

	var out ductTreeStats
	out.kinds = map[string]int{}
	e := expect(trace.KindNode, 0)
	if e.Parent != trace.NoNode || e.Action != -1 || e.Label != "" || e.Depth != 0 {
		t.Fatalf("%s: root event %+v", name, e)
	}
	checkNode(e, root)
	nodes = append(nodes, &node{state: root, parent: trace.NoNode})
	expansion(0)
	iters := 0
	var stack []trace.NodeID
	var picks [][2]int
	for events[i].Kind == trace.KindIteration {
		iters++
		if e := next(); e.Iteration != iters {
			t.Fatalf("%s step %d: iteration %d, want %d", name, e.Step, e.Iteration, iters)
		}
		expect(trace.KindEnter, 0)
		stack, picks = append(stack[:0], 0), picks[:0]
		cur := trace.NodeID(0)
		for len(nodes[cur].children) > 0 {
			p := nodes[cur]
			s0 := expect(trace.KindSelect, cur)
			s1 := expect(trace.KindSelect, cur)
			if s0.Child != s1.Child {
				t.Fatalf("%s step %d: the players' select events name children %d and %d", name, s1.Step, s0.Child, s1.Child)
			}
			k := slices.Index(p.children, s0.Child)
			if k < 0 {
				t.Fatalf("%s step %d: chosen node %d is not a child of %d", name, s0.Step, s0.Child, cur)
			}
			m := len(p.legal[1])
			if a := tr.Node(s0.Child).Action; a != k {
				t.Fatalf("%s step %d: child %d has action %d, want %d", name, s0.Step, s0.Child, a, k)
			}
			i0, i1 := k/m, k%m
			t0 := checkScores(s0, p, 0, i0)
			t1 := checkScores(s1, p, 1, i1)
			if t0 != t1 {
				t.Errorf("%s step %d: the players' visits at node %d sum to %d and %d", name, s1.Step, cur, t0, t1)
			}
			out.selects += 2
			expect(trace.KindEnter, s0.Child)
			picks = append(picks, [2]int{i0, i1})
			cur = s0.Child
			stack = append(stack, cur)
		}
		leaf := nodes[cur]
		var v float64 // in player 0's view
		switch e := next(); {
		case e.Kind == trace.KindEval && e.Node == cur && e.Terminal:
			if !leaf.state.Done() || e.Value != leaf.state.Score() {
				t.Fatalf("%s step %d: eval %v at node %d (%s)", name, e.Step, e.Value, cur, leaf.state)
			}
			v = 0.5
			if e.Value > 0 {
				v = 1
			} else if e.Value < 0 {
				v = 0
			}
			out.kinds["eval"]++
		case e.Kind == trace.KindPlayout && e.Node == cur:
			if leaf.state.Done() || (e.Result != 0 && e.Result != 0.5 && e.Result != 1) || e.Length < 1 {
				t.Fatalf("%s step %d: playout %+v at node %d (%s)", name, e.Step, e, cur, leaf.state)
			}
			v = e.Result
			out.kinds["playout"]++
		default:
			t.Fatalf("%s step %d: %v event about node %d, want a terminal eval or a playout at leaf %d", name, e.Step, e.Kind, e.Node, cur)
		}
		out.evals++
		b := expect(trace.KindBackprop, trace.NoNode)
		path := slices.Clone(stack)
		slices.Reverse(path)
		if !slices.Equal(b.Path, path) {
			t.Fatalf("%s step %d: backprop path %v, the walk was %v", name, b.Step, b.Path, stack)
		}
		for j, id := range b.Path {
			if b.Values[j] != v {
				t.Fatalf("%s step %d: backprop values %v, want %v everywhere", name, b.Step, b.Values, v)
			}
			if j > 0 && nodes[b.Path[j-1]].parent != id {
				t.Fatalf("%s step %d: %d is not the parent of %d", name, b.Step, id, b.Path[j-1])
			}
		}
		for d, id := range stack {
			n := nodes[id]
			n.visits++
			n.total += v
			if d < len(picks) {
				pk := picks[d]
				n.stats[0].w[pk[0]] += v
				n.stats[0].n[pk[0]]++
				n.stats[1].w[pk[1]] += 1 - v
				n.stats[1].n[pk[1]]++
			}
		}
		for j := len(stack) - 1; j >= 0; j-- {
			expect(trace.KindLeave, stack[j])
		}
		if !leaf.state.Done() && leaf.visits == threshold {
			expansion(cur)
		}
	}
	if iters != iterations {
		t.Errorf("%s: %d iterations, want %d", name, iters, iterations)
	}
	r := nodes[0]
	if r.visits != iters {
		t.Errorf("%s: root visited %d times in %d iterations", name, r.visits, iters)
	}
	for id, n := range nodes {
		f := tr.Node(trace.NodeID(id))
		if f.Visits != n.visits || f.Total != n.total || f.Type != trace.TypeJoint || f.Depth != n.depth {
			t.Errorf("%s: node %d folds to %d visits, total %v, type %v, depth %d; replay gives %d, %v, joint, %d", name, id, f.Visits, f.Total, f.Type, f.Depth, n.visits, n.total, n.depth)
		}
		out.depth = max(out.depth, n.depth)
		if len(n.children) == 0 {
			if !n.state.Done() && n.visits >= threshold {
				t.Errorf("%s: leaf %d has %d visits and no children (threshold %d)", name, id, n.visits, threshold)
			}
			continue
		}
		kids := 0
		for _, c := range n.children {
			kids += nodes[c].visits
		}
		for p := range 2 {
			if s := sum(n.stats[p].n); s != kids {
				t.Errorf("%s: node %d: player %d's visits sum to %d, its children's to %d", name, id, p, s, kids)
			}
		}
		want := n.visits - threshold
		if id == 0 {
			want = n.visits
		}
		if kids != want {
			t.Errorf("%s: node %d has %d visits and its children %d, want %d", name, id, n.visits, kids, want)
		}
	}
	// The end: the players' most visited actions, ties to the first.
	most := func(ns []int) int {
		best := 0
		for k, n := range ns {
			if n > ns[best] {
				best = k
			}
		}
		return best
	}
	b0, b1 := most(r.stats[0].n), most(r.stats[1].n)
	rate := 0.5
	if n := r.stats[0].n[b0]; n > 0 {
		rate = r.stats[0].w[b0] / float64(n)
	}
	a0, a1 := r.legal[0][b0], r.legal[1][b1]
	ve := expect(trace.KindValue, 0)
	if want := r.children[b0*len(r.legal[1])+b1]; ve.Best != want || ve.Value != rate {
		t.Errorf("%s: value event %+v, want best %d, value %v", name, ve, want, rate)
	}
	if note := expect(trace.KindNote, 0); note.Text != "player B would play "+root.Label(1, a1)+" (most visits)" {
		t.Errorf("%s: note %q", name, note.Text)
	}
	d := expect(trace.KindDecision, 0)
	if d.Action != a0 || d.Label != root.Label(0, a0) || d.Value != rate || d.Counters.Nodes != len(nodes) || d.Counters.Evals != out.evals {
		t.Errorf("%s: decision %+v, want action %d (%s), value %v, %d nodes, %d evals", name, d, a0, root.Label(0, a0), rate, len(nodes), out.evals)
	}
	if i != len(events) {
		t.Errorf("%s: %d events after the decision", name, len(events)-i)
	}
	out.root, out.rootN, out.nodes = r.stats, r.visits, len(nodes)
	for p := range 2 {
		out.actions[p] = r.legal[p]
		for _, a := range r.legal[p] {
			out.labels[p] = append(out.labels[p], root.Label(p, a))
		}
	}
	return out
}

// ductCase is one root of the trace tests.
type ductCase struct {
	name  string
	check func(t *testing.T, name string, opts search.MonteCarloOptions, schema bool) ductTreeStats
}

func ductCaseOf[S search.Simultaneous[S]](name string, root S) ductCase {
	return ductCase{name, func(t *testing.T, name string, opts search.MonteCarloOptions, schema bool) ductTreeStats {
		t.Helper()
		res, events, tr := recordDUCT(t, name, root, opts, schema)
		st := checkDUCTTrace(t, name, root, events, tr, opts.C, opts.ExpandThreshold, opts.Playouts, opts.Boards)
		if res.Cuts != 0 || res.Nodes != tr.Size() || res.Evals != opts.Playouts {
			t.Errorf("%s: counters %+v, tree of %d nodes", name, res.Counters, tr.Size())
		}
		return st
	}}
}

// ductCases are tiny games with every feature DUCT's trace must get
// right: terminal leaves, legal lists that change size from node to node
// (the row's ends, the maze's walls), actions that are not their own
// indices (the race's player 1, the maze's) and more than one level of
// expansion; and the twin maze, on the primer's board and others.
func ductCases(t testing.TB) []ductCase {
	return []ductCase{
		ductCaseOf("rps 3 turns", rpsGame{turns: 3}),
		ductCaseOf("line", newLine("3150513", 1, 5, 4)),
		ductCaseOf("line at the ends", newLine("90109", 0, 4, 3)),
		ductCaseOf("line uneven", newLine("1928", 0, 2, 5)),
		ductCaseOf("race", raceGame{goal: 3, turns: 5}),
		ductCaseOf("twinmaze 5x5 seed 0", mustTwinMaze(t, 5, 5, 20, 0)),
		ductCaseOf("twinmaze 7x7 seed 5, 3 turns", mustTwinMaze(t, 7, 7, 3, 5)),
		ductCaseOf("twinmaze pasted", mustParseTwinMaze(t, "4:9A.B9/1#2#1")),
	}
}

func mustTwinMaze(t testing.TB, h, w, turns int, seed int64) twinmaze.State {
	t.Helper()
	s, err := twinmaze.Generate(h, w, turns, seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustParseTwinMaze(t testing.TB, text string) twinmaze.State {
	t.Helper()
	s, err := twinmaze.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDUCTTraces runs traced DUCT searches over the tiny games with
// several exploration constants and thresholds, and replays each trace
// against the algorithm (checkDUCTTrace).
func TestDUCTTraces(t *testing.T) {
	for _, c := range []float64{0, 1, 2.5} {
		for _, threshold := range []int{1, 2, 5} {
			for _, tc := range ductCases(t) {
				opts := search.MonteCarloOptions{Playouts: 300, C: c, ExpandThreshold: threshold, Seed: 42, Boards: threshold != 2}
				name := fmt.Sprintf("%s c=%v expand=%d", tc.name, c, threshold)
				st := tc.check(t, name, opts, c == 1 && threshold == 5)
				if st.selects < opts.Playouts {
					t.Errorf("%s: %d select events in %d iterations", name, st.selects, opts.Playouts)
				}
				if threshold == 1 && st.depth < 2 {
					t.Errorf("%s: the tree is only %d deep", name, st.depth)
				}
			}
		}
	}
}

// TestDUCTTerminalLeaves checks that a search deep enough reaches the end
// of the game and evaluates terminal leaves as well as playing out.
func TestDUCTTerminalLeaves(t *testing.T) {
	root := rpsGame{turns: 2}
	_, events, tr := recordDUCT(t, "rps 2", root, search.MonteCarloOptions{Playouts: 400, C: 1, ExpandThreshold: 2}, false)
	st := checkDUCTTrace(t, "rps 2", root, events, tr, 1, 2, 400, false)
	if st.kinds["eval"] == 0 || st.kinds["playout"] == 0 {
		t.Errorf("leaf events %v, want both terminal evals and playouts", st.kinds)
	}
}

// mirrorStats compares the players' statistics at the root of a search of
// a game symmetric for the two players: player 0's action a and player
// 1's action mirror[a] have visit shares and win rates (each in its own
// player's view) within tol of each other. The visits are summed over
// several seeds: DUCT is symmetric only in distribution, because the
// random playouts are not, nor is the order in which a player tries its
// unvisited actions and breaks ties when the mirror reorders them.
func mirrorStats(t *testing.T, name string, runs []ductTreeStats, mirror map[string]string, tol float64) {
	t.Helper()
	var w, n [2]map[string]float64
	var total float64
	for p := range 2 {
		w[p], n[p] = map[string]float64{}, map[string]float64{}
	}
	for _, st := range runs {
		total += float64(st.rootN)
		for p := range 2 {
			for k, l := range st.labels[p] {
				w[p][l] += st.root[p].w[k]
				n[p][l] += float64(st.root[p].n[k])
			}
		}
	}
	for a, b := range mirror {
		if n[0][a] == 0 && n[1][b] == 0 {
			continue // neither player may play it here
		}
		share0, share1 := n[0][a]/total, n[1][b]/total
		rate0, rate1 := w[0][a]/n[0][a], w[1][b]/n[1][b]
		t.Logf("%s: A %s: %.4f of visits, win rate %.4f; B %s: %.4f, %.4f", name, a, share0, rate0, b, share1, rate1)
		if math.Abs(share0-share1) > tol || math.Abs(rate0-rate1) > tol {
			t.Errorf("%s: A's %s has %.4f of the visits and win rate %.4f; B's %s %.4f and %.4f; want them within %v", name, a, share0, rate0, b, share1, rate1, tol)
		}
	}
}

// TestDUCTSymmetric searches games that are symmetric for the two players
// and checks that DUCT gives mirrored statistics to the players: for
// rock-paper-scissors the same action; for a row of points that reads the
// same both ways, with the players at mirrored cells, player 0's right is
// player 1's left; likewise on the twin maze's generated boards, which are
// left-right symmetric with A and B at mirrored cells (up and down stay).
//
// The statistics are summed over 20 seeds of 2,000 iterations each, because
// one search is symmetric only in distribution (see mirrorStats): the
// visit shares and win rates of one seed differed by up to 0.11
// (rock-paper-scissors), 0.09 (the row) and 0.28 (the twin maze, whose
// two root actions are close in value, so a search may favour either).
// Summed over 20 seeds, the largest difference measured over five disjoint
// sets of 20 seeds (0-99) was 0.016 for the small games and 0.036 for the
// twin maze; each tolerance is about twice that: 0.03 and 0.06.
func TestDUCTSymmetric(t *testing.T) {
	const seeds, iterations = 20, 2000
	leftRight := map[string]string{"right": "left", "left": "right", "stay": "stay"}
	maze := map[string]string{"right": "left", "left": "right", "down": "down", "up": "up"}
	games := []struct {
		name   string
		run    func(opts search.MonteCarloOptions) ductTreeStats
		mirror map[string]string
		tol    float64
	}{
		{"rps 3 turns", ductRunner(t, "rps", rpsGame{turns: 3}), map[string]string{"rock": "rock", "paper": "paper", "scissors": "scissors"}, 0.03},
		{"line", ductRunner(t, "line", newLine("3150513", 1, 5, 4)), leftRight, 0.03},
		{"twinmaze 5x5 seed 0", ductRunner(t, "twinmaze", mustTwinMaze(t, 5, 5, 20, 0)), maze, 0.06},
		{"twinmaze 5x5 seed 3, 10 turns", ductRunner(t, "twinmaze", mustTwinMaze(t, 5, 5, 10, 3)), maze, 0.06},
	}
	for _, g := range games {
		var runs []ductTreeStats
		for seed := range uint64(seeds) {
			runs = append(runs, g.run(search.MonteCarloOptions{Playouts: iterations, C: 1, Seed: seed}))
		}
		mirrorStats(t, g.name, runs, g.mirror, g.tol)
	}
}

// rootStats is a tracer that adds up the players' statistics at the root
// of a DUCT search from its select and backprop events, as a viewer
// would: the root's select events give each player's actions, the chosen
// child's Action its row and column, and each backprop reaching the root
// its value v, v for player 0's action and 1-v for player 1's.
type rootStats struct {
	m        int // player 1's actions at the root
	row, col int // the pair chosen at the root in this iteration
	st       ductTreeStats
}

func (r *rootStats) Emit(e trace.Event) {
	switch {
	case e.Kind == trace.KindSelect && e.Node == 0:
		p := 0
		if r.st.actions[0] != nil {
			p = 1
		}
		if r.st.actions[p] == nil {
			for _, s := range e.Scores {
				r.st.actions[p] = append(r.st.actions[p], s.Action)
			}
			r.st.root[p] = newDUCTStats(len(e.Scores))
			r.m = len(e.Scores)
		}
		r.row, r.col = int(e.Child-1)/r.m, int(e.Child-1)%r.m // the root's children are nodes 1, 2, ...
	case e.Kind == trace.KindBackprop:
		v := e.Values[len(e.Values)-1]
		r.st.rootN++
		if len(e.Path) > 1 {
			r.st.root[0].w[r.row] += v
			r.st.root[0].n[r.row]++
			r.st.root[1].w[r.col] += 1 - v
			r.st.root[1].n[r.col]++
		}
	}
}

// ductRunner returns a function that runs a search of root and returns
// the players' statistics at its root.
func ductRunner[S search.Simultaneous[S]](t *testing.T, name string, root S) func(search.MonteCarloOptions) ductTreeStats {
	return func(opts search.MonteCarloOptions) ductTreeStats {
		t.Helper()
		r := &rootStats{}
		opts.Tracer = r
		if _, err := search.DUCT(context.Background(), root, opts); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for p := range 2 {
			for _, a := range r.st.actions[p] {
				r.st.labels[p] = append(r.st.labels[p], root.Label(p, a))
			}
		}
		return r.st
	}
}

// TestDUCTDominant checks that DUCT finds a dominant action, for both
// players, over 10 seeds: in the race, stepping forward is never worse
// whatever the other player does, and on a row whose points lie all to
// one side, walking towards them is best for both. In the long race the
// first step matters little to the outcome of random playouts (1,000
// iterations sometimes leave player 1 undecided), so it gets 5,000.
func TestDUCTDominant(t *testing.T) {
	tests := []struct {
		name       string
		run        func(search.MonteCarloOptions) (search.Result, []trace.Event, error)
		iterations int
		want       string // both players' action, or A's/B's
	}{
		{"race", ductRun(raceGame{goal: 3, turns: 5}), 1000, "step"},
		{"race far", ductRun(raceGame{goal: 8, turns: 10}), 5000, "step"},
		// Player 0 at cell 2 and player 1 at cell 3 race for the 9s at
		// the left end: both must walk left.
		{"line", ductRun(newLine("99100000", 2, 3, 4)), 1000, "left"},
		// A 9 on each side: each player must take its own at once (A
		// left, B right), or the other can take both.
		{"twinmaze", ductRun(mustParseTwinMaze(t, "3:9A.B9/1#2#1")), 1000, "left/right"},
	}
	for _, tt := range tests {
		for seed := range uint64(10) {
			res, events, err := tt.run(search.MonteCarloOptions{Playouts: tt.iterations, C: 1, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			a, b, ok := strings.Cut(tt.want, "/")
			if !ok {
				b = a
			}
			note := events[len(events)-2]
			if res.Label != a || note.Text != "player B would play "+b+" (most visits)" {
				t.Errorf("%s seed %d: A plays %s (value %v), %q; want A %s, B %s", tt.name, seed, res.Label, res.Value, note.Text, a, b)
			}
		}
	}
}

// ductRun returns a function that runs a recorded search of root.
func ductRun[S search.Simultaneous[S]](root S) func(search.MonteCarloOptions) (search.Result, []trace.Event, error) {
	return func(opts search.MonteCarloOptions) (search.Result, []trace.Event, error) {
		rec := trace.NewRecorder(0)
		opts.Tracer = rec
		res, err := search.DUCT(context.Background(), root, opts)
		return res, rec.Events(), err
	}
}

func TestDUCTDeterministic(t *testing.T) {
	root := newLine("3150513", 1, 5, 4)
	traces := map[uint64][]byte{}
	for _, seed := range []uint64{7, 7, 8} {
		_, events, _ := recordDUCT(t, "line", root, search.MonteCarloOptions{Playouts: 300, C: 1, Seed: seed, Boards: true}, seed == 7)
		data := encode(t, events)
		if prev, ok := traces[seed]; ok && !bytes.Equal(prev, data) {
			t.Errorf("two runs with seed %d gave different traces", seed)
		}
		traces[seed] = data
	}
	if bytes.Equal(traces[7], traces[8]) {
		t.Error("seeds 7 and 8 gave the same trace")
	}
}

func TestDUCTTracedEqualsUntraced(t *testing.T) {
	ctx := context.Background()
	for _, root := range []lineGame{newLine("3150513", 1, 5, 4), newLine("90109", 0, 4, 6)} {
		for seed := range uint64(5) {
			opts := search.MonteCarloOptions{Playouts: 500, C: 1.5, ExpandThreshold: 3, Seed: seed}
			plain, err := search.DUCT(ctx, root, opts)
			if err != nil {
				t.Fatal(err)
			}
			opts.Tracer, opts.Boards = trace.NewRecorder(0), true
			traced, err := search.DUCT(ctx, root, opts)
			if err != nil {
				t.Fatal(err)
			}
			if plain.Action != traced.Action || plain.Value != traced.Value || plain.Nodes != traced.Nodes || plain.Evals != traced.Evals {
				t.Errorf("%s seed %d: untraced %+v, traced %+v", root, seed, plain, traced)
			}
		}
	}
}

// TestDUCTTerminalRoot searches positions where the game is over: no
// action, the root's outcome for player 0 as the value.
func TestDUCTTerminalRoot(t *testing.T) {
	tests := []struct {
		root rpsGame
		want float64
	}{
		{rpsGame{diff: 1}, 1},
		{rpsGame{diff: -2}, 0},
		{rpsGame{}, 0.5},
	}
	for _, tt := range tests {
		root := tt.root
		res, events, _ := recordDUCT(t, root.String(), root, search.MonteCarloOptions{Playouts: 10, C: 1}, true)
		if res.Action != -1 || res.Label != "" || res.Value != tt.want || res.Nodes != 1 || res.Evals != 1 {
			t.Errorf("%s: %+v, want no action and value %v", root, res, tt.want)
		}
		if len(events) != 3 || events[1].Kind != trace.KindEval || !events[1].Terminal || events[1].Value != root.Score() {
			t.Errorf("%s: events %+v, want the root, its terminal eval and the decision", root, events)
		}
	}
}

func TestDUCTBudget(t *testing.T) {
	root := newLine("3150513", 1, 5, 6)
	for _, budget := range []int{10, 11, 50, 1000} {
		rec := trace.NewRecorder(0)
		res, err := search.DUCT(context.Background(), root, search.MonteCarloOptions{Playouts: 100_000, C: 1, ExpandThreshold: 2, MaxNodes: budget, Tracer: rec})
		if !errors.Is(err, search.ErrBudget) {
			t.Fatalf("budget %d: err = %v, want ErrBudget", budget, err)
		}
		if res.Nodes > budget || res.Nodes+9 < budget || !slices.Contains(root.Legal(0, nil), res.Action) {
			t.Errorf("budget %d: %d nodes, action %d", budget, res.Nodes, res.Action)
		}
		events := rec.Events()
		checkMCTrace(t, "budget", events, true)
		if note := events[len(events)-2]; note.Kind != trace.KindNote || !strings.Contains(note.Text, "node budget") {
			t.Errorf("budget %d: the event before the decision is %+v, want a note on the budget", budget, note)
		}
	}
	// A budget too small for the root's 9 children: no action.
	rec := trace.NewRecorder(0)
	res, err := search.DUCT(context.Background(), root, search.MonteCarloOptions{Playouts: 10, MaxNodes: 9, Tracer: rec})
	if !errors.Is(err, search.ErrBudget) || res.Action != -1 || res.Nodes != 1 {
		t.Errorf("9 nodes: %+v, %v; want no action and ErrBudget", res, err)
	}
	checkMCTrace(t, "budget 9", rec.Events(), true)
	if _, err := search.DUCT(context.Background(), root, search.MonteCarloOptions{Playouts: 4, MaxNodes: 10}); err != nil {
		t.Errorf("4 iterations with 10 nodes: %v", err)
	}
}

// cancelAtIteration is a tracer that cancels a context at the given
// iteration event.
type cancelAtIteration struct {
	at     int
	cancel context.CancelFunc
}

func (c *cancelAtIteration) Emit(e trace.Event) {
	if e.Kind == trace.KindIteration && e.Iteration == c.at {
		c.cancel()
	}
}

func TestDUCTCancel(t *testing.T) {
	root := newLine("3150513", 1, 5, 6)
	// Cancelled before the start: no playout, the first action.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := search.DUCT(ctx, root, search.MonteCarloOptions{Playouts: 10_000, C: 1})
	if !errors.Is(err, context.Canceled) || res.Action != lineRight || res.Value != 0.5 || res.Evals != 0 {
		t.Errorf("cancelled: %+v, %v; want the first action, value 0.5, no playouts and context.Canceled", res, err)
	}
	// Cancelled during the search: it notices at the next check, after
	// 8192 iterations.
	ctx, cancel = context.WithCancel(context.Background())
	res, err = search.DUCT(ctx, root, search.MonteCarloOptions{Playouts: 100_000, C: 1, Tracer: &cancelAtIteration{at: 5000, cancel: cancel}})
	cancel()
	if !errors.Is(err, context.Canceled) || res.Evals != 8192 || !slices.Contains(root.Legal(0, nil), res.Action) {
		t.Errorf("cancelled at iteration 5000: %+v, %v; want 8192 iterations and context.Canceled", res, err)
	}
}

func TestDUCTTimeLimit(t *testing.T) {
	const limit, margin = 50 * time.Millisecond, 250 * time.Millisecond
	root := newLine("3150513", 1, 5, 6)
	opts := search.MonteCarloOptions{Playouts: 1 << 40, TimeLimit: limit, C: 1}
	start := time.Now()
	res, err := search.DUCT(context.Background(), root, opts)
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if took > limit+margin || res.Evals < 1 || !slices.Contains(root.Legal(0, nil), res.Action) {
		t.Errorf("took %v for a limit of %v; %+v", took, limit, res)
	}
	rec := trace.NewRecorder(0)
	opts.Tracer, opts.TimeLimit = rec, 5*time.Millisecond
	if _, err := search.DUCT(context.Background(), root, opts); err != nil {
		t.Fatal(err)
	}
	events := rec.Events()
	checkMCTrace(t, "time", events, true)
	if note := events[len(events)-2]; note.Kind != trace.KindNote || !strings.Contains(note.Text, "time limit") {
		t.Errorf("the event before the decision is %+v, want a note on the time limit", note)
	}
}

func TestDUCTBadOptions(t *testing.T) {
	tests := []struct {
		opts search.MonteCarloOptions
		want string
	}{
		{search.MonteCarloOptions{Playouts: 0}, "playouts 0"},
		{search.MonteCarloOptions{Playouts: 1, C: -1}, "c=-1"},
		{search.MonteCarloOptions{Playouts: 1, C: math.NaN()}, "c=NaN"},
		{search.MonteCarloOptions{Playouts: 1, TimeLimit: -time.Second}, "time limit -1s"},
		{search.MonteCarloOptions{Playouts: 1, ExpandThreshold: -1}, "expand threshold -1"},
		{search.MonteCarloOptions{Playouts: 1, MaxNodes: -1}, "node budget -1"},
	}
	for _, tt := range tests {
		res, err := search.DUCT(context.Background(), rpsGame{turns: 1}, tt.opts)
		if err == nil || !strings.Contains(err.Error(), tt.want) || res.Action != -1 {
			t.Errorf("%+v: %+v, %v; want an error containing %q", tt.opts, res, err, tt.want)
		}
	}
}

func TestDUCTCatalog(t *testing.T) {
	root := newLine("3150513", 1, 5, 4)
	for _, tt := range []struct {
		spec string
		opts search.MonteCarloOptions
	}{
		{"duct", search.MonteCarloOptions{Playouts: 100, C: 1, ExpandThreshold: 5, MaxNodes: search.DefaultMaxNodes}},
		{"duct playouts=400 c=1.4 expand=3 seed=12 nodes=300", search.MonteCarloOptions{Playouts: 400, C: 1.4, ExpandThreshold: 3, Seed: 12, MaxNodes: 300}},
	} {
		s, err := spec.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		algo, err := search.Lookup(s.Name)
		if err != nil {
			t.Fatal(err)
		}
		if algo.Family != search.FamilySimultaneous || algo.Help == "" {
			t.Errorf("%s: family %q, help %q", tt.spec, algo.Family, algo.Help)
		}
		v, err := spec.Resolve(s, algo.Params)
		if err != nil {
			t.Fatal(err)
		}
		rec := trace.NewRecorder(0)
		got, err := search.RunSimultaneous(context.Background(), algo, v, root, rec, true)
		if err != nil && !errors.Is(err, search.ErrBudget) {
			t.Fatalf("%s: %v", tt.spec, err)
		}
		checkMCTrace(t, tt.spec, rec.Events(), true)
		want, wantErr := search.DUCT(context.Background(), root, tt.opts)
		if got.Action != want.Action || got.Value != want.Value || got.Nodes != want.Nodes || got.Evals != want.Evals || (err == nil) != (wantErr == nil) {
			t.Errorf("%s: catalog run %+v, %v; direct run %+v, %v", tt.spec, got, err, want, wantErr)
		}
		if _, err := search.RunAlternating(context.Background(), algo, v, mustTicTacToe(t, "x.o/.x./..o"), nil, false); err == nil {
			t.Errorf("%s: RunAlternating ran a simultaneous algorithm", tt.spec)
		}
	}
	mcts, err := search.Lookup("mcts")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := search.RunSimultaneous(context.Background(), mcts, spec.Values{}, root, nil, false); err == nil || !strings.Contains(err.Error(), "simultaneous") {
		t.Errorf("RunSimultaneous ran mcts: %v", err)
	}
	for _, bad := range []string{"duct c=11", "duct expand=0", "duct time=60001", "duct playouts=0", "duct seed=-1", "duct depth=3"} {
		s, err := spec.Parse(bad)
		if err != nil {
			t.Fatal(err)
		}
		algo, err := search.Lookup(s.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := spec.Resolve(s, algo.Params); err == nil {
			t.Errorf("%s: resolved, want an error", bad)
		}
	}
}
