package search_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// Four tiny simultaneous-move games for DUCT's tests, besides the twin
// maze.

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
// players at cells a and b (whose points are cleared).
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
// wins. Stepping forward is never worse, whatever the other player does.
// Player 1 lists its actions in the other order, so that its actions are
// not their own indices.
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

// matrixGame is a game of one turn given by its outcome matrix: player 0
// picks a row, player 1 a column, and the game ends with the outcome at
// their crossing, for player 0 (1 win, 0.5 draw, 0 loss). Every child of
// the root is terminal, so a search of it plays no random playout and can
// be followed by hand. The matrix has 2 rows and 3 columns: not square,
// so that a search that mixes up the players' indices goes wrong.
type matrixGame struct {
	outcome  [2][3]float64
	row, col int8 // the pair played; -1 before the turn
}

var _ search.Simultaneous[matrixGame] = matrixGame{}

var matrixLabels = [2][]string{{"top", "bottom"}, {"left", "middle", "right"}}

func newMatrix(outcome [2][3]float64) matrixGame {
	return matrixGame{outcome: outcome, row: -1, col: -1}
}

func (s matrixGame) Legal(player int, buf []int) []int {
	if s.Done() {
		return buf
	}
	for a := range matrixLabels[player] {
		buf = append(buf, a)
	}
	return buf
}

func (s matrixGame) Play(a0, a1 int) matrixGame {
	s.row, s.col = int8(a0), int8(a1)
	return s
}

func (s matrixGame) Done() bool { return s.row >= 0 }

// Score is the outcome minus 0.5: its sign says who won.
func (s matrixGame) Score() float64 {
	if !s.Done() {
		return 0
	}
	return s.outcome[s.row][s.col] - 0.5
}

func (s matrixGame) Label(player, action int) string { return matrixLabels[player][action] }
func (s matrixGame) String() string {
	return fmt.Sprintf("matrix %v row=%d col=%d", s.outcome, s.row, s.col)
}

// recordDUCT runs a DUCT search of root with a recording tracer and checks
// that its trace is valid, folds, and ends with the decision the search
// returned. With full set it also checks the trace against the file
// format's schema and a round trip through the file format
// (checkMCTrace): those checks concern the format more than DUCT and take
// most of the time, so only a few runs make them.
func recordDUCT[S search.Simultaneous[S]](t *testing.T, name string, root S, opts search.MonteCarloOptions, full bool) (search.Result, []trace.Event, *trace.Tree) {
	t.Helper()
	rec := trace.NewRecorder(0)
	opts.Tracer = rec
	res, err := search.DUCT(context.Background(), root, opts)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	events := rec.Events()
	var tr *trace.Tree
	if full {
		tr = checkMCTrace(t, name, events, true)
	} else {
		if err := tracetest.Validate(events); err != nil {
			t.Fatalf("%s: invalid trace: %v", name, err)
		}
		if tr, err = trace.NewTree(events); err != nil {
			t.Fatalf("%s: trace does not fold: %v", name, err)
		}
		if err := tr.Seek(tr.Len() - 1); err != nil {
			t.Fatal(err)
		}
	}
	d, ok := tr.Decision()
	if !ok || d.Action != res.Action || d.Label != res.Label || d.Value != res.Value || d.Counters.Nodes != res.Nodes || d.Counters.Evals != res.Evals {
		t.Errorf("%s: decision %+v, result %+v", name, d, res)
	}
	return res, events, tr
}

// ductReplay is what checkDUCTTrace saw of a trace, for the tests to check
// that their cases exercise what they are meant to.
type ductReplay struct {
	depth    int // the deepest node
	evals    int // terminal evaluations
	playouts int
}

// ucbTolerance bounds the difference between a traced UCB and the one
// recomputed here from the traced w and n. DUCT computes UCB1 from a table
// of terms (w*(1/n) + C*sqrt(2*ln(t))*(1/sqrt(n))), which differs from the
// formula by a few units in the last place; the UCBs of these tests are
// below 10, where that is under 1e-14. A wrong t, n, w or C moves a UCB by
// far more: t one too large moves it by C*sqrt(2/n)/(2t*sqrt(ln t)), over
// C times 1e-6 for t and n up to 2,000.
const ucbTolerance = 1e-12

// checkDUCTTrace replays the trace of a DUCT search of root, run with
// opts, and checks it event by event against DUCT as the primer defines it
// and search.DUCT's doc comment traces it, keeping its own statistics for
// each node and player:
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
//     1-v); UCB recomputes from W, N, C and t, the sum of the event's N
//     (the same for both players), and is NaN exactly for N = 0; the
//     chosen child's row (Action / M) and column (Action % M) are the
//     first unvisited action of each player if it has one, else the first
//     of greatest UCB;
//   - the leaf gets a terminal eval (its Score) if the game is over there,
//     else a playout (result 1, 0.5 or 0, at least one turn long); the
//     backprop path is the walk from the leaf up, with that outcome in
//     player 0's view at every node; the focus leaves the walk deepest
//     first; a leaf is expanded exactly when its visits reach the
//     threshold and the game is not over there;
//   - at the end, the root's visits are the number of iterations, every
//     node's visits and total fold (trace.Tree) as replayed, every other
//     expanded node's visits are its children's plus the threshold; the
//     value event names the child of player 0's and player 1's most
//     visited actions (ties to the first), with player 0's win rate w/n
//     for its action; a note names player 1's action; the decision is
//     player 0's action.
func checkDUCTTrace[S search.Simultaneous[S]](t *testing.T, name string, root S, events []trace.Event, tr *trace.Tree, opts search.MonteCarloOptions) ductReplay {
	t.Helper()
	threshold := opts.ExpandThreshold
	if threshold == 0 {
		threshold = search.DefaultDUCTExpandThreshold
	}
	type stats struct {
		w []float64
		n []int
	}
	type node struct {
		state    S
		parent   trace.NodeID
		depth    int
		children []trace.NodeID
		legal    [2][]int
		stats    [2]stats // each player's, per action in legal order
		visits   int
		total    float64 // in player 0's view
	}
	var nodes []*node
	c := &cursor{t: t, name: name, events: events}
	next, expect := c.next, c.expect
	checkNode := func(e trace.Event, s S) {
		t.Helper()
		if e.Type != trace.TypeJoint {
			t.Errorf("%s step %d: node %d has type %v, want joint", name, e.Step, e.Node, e.Type)
		}
		want := ""
		if opts.Boards {
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
		for player, l := range p.legal {
			p.stats[player] = stats{make([]float64, len(l)), make([]int, len(l))}
		}
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
		// The argmax is taken over the traced UCBs, which agree with the
		// recomputed ones within ucbTolerance: DUCT compares its own
		// values, and two actions with the same w and n have the same.
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
			ucb := s.W/float64(s.N) + opts.C*math.Sqrt(2*math.Log(float64(total))/float64(s.N))
			if math.Abs(s.UCB-ucb) > ucbTolerance {
				t.Errorf("%s step %d: player %d's action %d has UCB %v, recomputed %v from w=%v n=%d t=%d c=%v", name, e.Step, player, s.Action, s.UCB, ucb, s.W, s.N, total, opts.C)
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

	var out ductReplay
	e := expect(trace.KindNode, 0)
	if e.Parent != trace.NoNode || e.Action != -1 || e.Label != "" || e.Depth != 0 {
		t.Fatalf("%s: root event %+v", name, e)
	}
	checkNode(e, root)
	nodes = append(nodes, &node{state: root, parent: trace.NoNode})
	expansion(0)
	iters := 0
	var walk []trace.NodeID // root first
	var picks [][2]int      // the pair of action indices chosen at each node of walk but the last
	for c.at(trace.KindIteration) {
		iters++
		if e := next(); e.Iteration != iters {
			t.Fatalf("%s step %d: iteration %d, want %d", name, e.Step, e.Iteration, iters)
		}
		expect(trace.KindEnter, 0)
		walk, picks = append(walk[:0], 0), picks[:0]
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
			i0, i1 := k/m, k%m
			t0 := checkScores(s0, p, 0, i0)
			t1 := checkScores(s1, p, 1, i1)
			if t0 != t1 {
				t.Errorf("%s step %d: the players' visits at node %d sum to %d and %d", name, s1.Step, cur, t0, t1)
			}
			expect(trace.KindEnter, s0.Child)
			picks = append(picks, [2]int{i0, i1})
			cur = s0.Child
			walk = append(walk, cur)
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
			out.evals++
		case e.Kind == trace.KindPlayout && e.Node == cur:
			if leaf.state.Done() || (e.Result != 0 && e.Result != 0.5 && e.Result != 1) || e.Length < 1 {
				t.Fatalf("%s step %d: playout %+v at node %d (%s)", name, e.Step, e, cur, leaf.state)
			}
			v = e.Result
			out.playouts++
		default:
			t.Fatalf("%s step %d: %v event about node %d, want a terminal eval or a playout at leaf %d", name, e.Step, e.Kind, e.Node, cur)
		}
		b := expect(trace.KindBackprop, trace.NoNode)
		up := slices.Clone(walk)
		slices.Reverse(up)
		if !slices.Equal(b.Path, up) || len(b.Values) != len(up) {
			t.Fatalf("%s step %d: backprop path %v with values %v, the walk was %v", name, b.Step, b.Path, b.Values, walk)
		}
		for _, bv := range b.Values {
			if bv != v {
				t.Fatalf("%s step %d: backprop values %v, want %v everywhere", name, b.Step, b.Values, v)
			}
		}
		for d, id := range walk {
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
		for j := len(walk) - 1; j >= 0; j-- {
			expect(trace.KindLeave, walk[j])
		}
		if !leaf.state.Done() && leaf.visits == threshold {
			expansion(cur)
		}
	}
	if iters != opts.Playouts {
		t.Errorf("%s: %d iterations, want %d", name, iters, opts.Playouts)
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
	b0, b1 := mostVisited(r.stats[0].n), mostVisited(r.stats[1].n)
	rate := 0.5
	if n := r.stats[0].n[b0]; n > 0 {
		rate = r.stats[0].w[b0] / float64(n)
	}
	a0 := r.legal[0][b0]
	ve := expect(trace.KindValue, 0)
	if want := r.children[b0*len(r.legal[1])+b1]; ve.Best != want || ve.Value != rate {
		t.Errorf("%s: value event %+v, want best %d, value %v", name, ve, want, rate)
	}
	d := expect(trace.KindDecision, 0)
	if d.Action != a0 || d.Label != root.Label(0, a0) || d.Value != rate || d.Counters.Nodes != len(nodes) || d.Counters.Evals != iters {
		t.Errorf("%s: decision %+v, want action %d (%s), value %v, %d nodes, %d evals", name, d, a0, root.Label(0, a0), rate, len(nodes), iters)
	}
	if c.i != len(events) {
		t.Errorf("%s: %d events after the decision", name, len(events)-c.i)
	}
	return out
}

// mostVisited returns the index of the greatest of visits, ties to the
// first.
func mostVisited(visits []int) int {
	best := 0
	for k, n := range visits {
		if n > visits[best] {
			best = k
		}
	}
	return best
}

// ductCase is one root of the trace tests.
type ductCase struct {
	name  string
	check func(t *testing.T, opts search.MonteCarloOptions, full bool) ductReplay
}

func ductCaseOf[S search.Simultaneous[S]](name string, root S) ductCase {
	return ductCase{name, func(t *testing.T, opts search.MonteCarloOptions, full bool) ductReplay {
		t.Helper()
		res, events, tr := recordDUCT(t, name, root, opts, full)
		if res.Cuts != 0 || res.Nodes != tr.Size() || res.Evals != opts.Playouts {
			t.Errorf("%s: counters %+v, tree of %d nodes, %d iterations", name, res.Counters, tr.Size(), opts.Playouts)
		}
		return checkDUCTTrace(t, name, root, events, tr, opts)
	}}
}

// ductCases are tiny games with every feature DUCT's trace must get
// right: terminal leaves (the matrix game's root has only terminal
// children, the short games reach them), legal lists that change size from node to node
// (the row's ends, the maze's walls), actions that are not their own
// indices (the race's player 1, the maze's), matrices that are not square
// and more than one level of expansion; and the twin maze, on the primer's
// board and others.
func ductCases(t testing.TB) []ductCase {
	return []ductCase{
		ductCaseOf("line", newLine("3150513", 1, 5, 4)),
		ductCaseOf("rps 3 turns", rpsGame{turns: 3}),
		ductCaseOf("matrix", newMatrix([2][3]float64{{1, 0, 0.5}, {0.5, 1, 0}})),
		ductCaseOf("line at the ends", newLine("90109", 0, 4, 3)),
		ductCaseOf("line uneven", newLine("1928", 0, 2, 5)),
		ductCaseOf("race", raceGame{goal: 3, turns: 5}),
		ductCaseOf("twinmaze 5x5 seed 0", mustTwinMaze(t, 5, 5, 20, 0)),
		ductCaseOf("twinmaze 7x7 seed 5, 3 turns", mustTwinMaze(t, 7, 7, 3, 5)),
		ductCaseOf("twinmaze pasted", mustParseTwinMaze(t, "4:9A.B9/1#2#1")),
	}
}

// TestDUCTTraces runs traced DUCT searches of the tiny games and replays
// each trace against the algorithm (checkDUCTTrace). Each exploration
// constant and each expansion threshold is tried once: C = 0 makes UCB the
// bare win rate, so that ties are frequent; C = 1 and threshold 5 are the
// primer's; threshold 1 expands every leaf at its first visit, for deep
// trees, where a node's t (its children's visits) differs most from its
// visits.
func TestDUCTTraces(t *testing.T) {
	t.Parallel()
	configs := []struct {
		c         float64
		threshold int
		boards    bool
		full      bool // check the first case's trace against the file format
	}{
		{0, 2, false, false},
		{1, 5, true, true},
		{2.5, 1, true, false},
	}
	var (
		mu                     sync.Mutex
		evals, playouts, depth int
		cells, ran             int
	)
	for _, cf := range configs {
		for k, tc := range ductCases(t) {
			cells++
			t.Run(fmt.Sprintf("%s/c=%v/expand=%d", tc.name, cf.c, cf.threshold), func(t *testing.T) {
				t.Parallel()
				opts := search.MonteCarloOptions{Playouts: 300, C: cf.c, ExpandThreshold: cf.threshold, Seed: 42, Tracing: search.Tracing{Boards: cf.boards}}
				st := tc.check(t, opts, cf.full && k == 0)
				mu.Lock()
				defer mu.Unlock()
				evals += st.evals
				playouts += st.playouts
				depth = max(depth, st.depth)
				ran++
			})
		}
	}
	// Guards the premise of the cases: both kinds of leaves, and selection
	// below the root's children, are tested. Cleanup runs once the parallel
	// runs above have ended.
	t.Cleanup(func() {
		if ran < cells {
			return // -run chose some cases, or one stopped early: the premise is about the whole set
		}
		if evals == 0 || playouts == 0 || depth < 3 {
			t.Errorf("%d terminal evaluations, %d playouts, trees %d deep; want both kinds of leaves and trees at least 3 deep", evals, playouts, depth)
		}
	})
}

// TestDUCTByHand follows a DUCT search of a one-turn matrix game with
// C = 1, iteration by iteration, against a hand calculation of DUCT as
// the primer defines it. The outcomes for player 0 (A) are
//
//	         left  middle  right
//	top       1      0      0.5
//	bottom    0.5    1      0
//
// and player 1 (B) counts 1 minus them. With UCB1 = w/n + sqrt(2 ln t / n):
//
//  1. Nothing is visited: A tries top, B left (each its first unvisited
//     action). A wins: v = 1.
//  2. A bottom, B middle (the first unvisited). v = 1.
//  3. t = 2. A: top and bottom both have w = 1, n = 1: a tie, to top. B:
//     right, unvisited. v = 0.5.
//  4. t = 3. A: top 1.5/2 + sqrt(2 ln 3/2) = 1.80, bottom
//     1 + sqrt(2 ln 3) = 2.48: bottom. B (w 0, 0, 0.5; n 1, 1, 1): right.
//     v = 0.
//  5. t = 4. A: top 0.75 + sqrt(ln 4) = 1.93, bottom 0.5 + sqrt(ln 4) =
//     1.68: top. B: left and middle sqrt(2 ln 4) = 1.67, right
//     0.75 + sqrt(ln 4) = 1.93: right. v = 0.5.
//  6. t = 5. A: top 2/3 + sqrt(2 ln 5/3) = 1.70, bottom
//     0.5 + sqrt(ln 5) = 1.77: bottom. B: left and middle
//     sqrt(2 ln 5) = 1.79, a tie, to left; right 2/3 + sqrt(2 ln 5/3) =
//     1.70. v = 0.5.
//  7. t = 6. A: top 2/3 + sqrt(2 ln 6/3) = 1.76, bottom
//     0.5 + sqrt(2 ln 6/3) = 1.59: top. B: left 0.25 + sqrt(ln 6) = 1.59,
//     middle sqrt(2 ln 6) = 1.89, right 2/3 + sqrt(2 ln 6/3) = 1.76:
//     middle. v = 0.
//  8. t = 7. A: top 0.5 + sqrt(2 ln 7/4) = 1.49, bottom
//     0.5 + sqrt(2 ln 7/3) = 1.64: bottom. B: left 0.25 + sqrt(ln 7) =
//     1.64, middle 0.5 + sqrt(ln 7) = 1.89, right
//     2/3 + sqrt(2 ln 7/3) = 1.81: middle. v = 1.
//
// Then A has played top and bottom four times each: a tie, to top (whose
// win rate, 2/4, is the lower); B has played middle and right three times
// each: a tie, to middle (whose win rate for B, 1/3, is the lower). The
// matrix is not square, so that swapped indices show; the players'
// statistics differ, so that one player's read for the other's shows;
// and the most visited actions are not the best rated, so that a decision
// by win rate shows.
func TestDUCTByHand(t *testing.T) {
	t.Parallel()
	const top, bottom, left, middle, right = 0, 1, 0, 1, 2
	root := newMatrix([2][3]float64{{1, 0, 0.5}, {0.5, 1, 0}})
	res, events, tr := recordDUCT(t, "matrix", root, search.MonteCarloOptions{Playouts: 8, C: 1}, true)

	wantPairs := [][2]int{{top, left}, {bottom, middle}, {top, right}, {bottom, right}, {top, right}, {bottom, left}, {top, middle}, {bottom, middle}}
	var pairs [][2]int
	var last [2]trace.Event // the players' select events of the last iteration
	for _, e := range events {
		switch e.Kind {
		case trace.KindSelect:
			last[0], last[1] = last[1], e
		case trace.KindEnter:
			if e.Node != 0 {
				a := tr.Node(e.Node).Action // i*M + j
				pairs = append(pairs, [2]int{a / 3, a % 3})
			}
		}
	}
	if !slices.Equal(pairs, wantPairs) {
		t.Errorf("pairs played %v, want %v", pairs, wantPairs)
	}
	wantScores := [2][]trace.Score{
		{
			{Child: trace.NoNode, Action: top, W: 2, N: 4, UCB: 0.5 + math.Sqrt(2*math.Log(7)/4)},
			{Child: trace.NoNode, Action: bottom, W: 1.5, N: 3, UCB: 0.5 + math.Sqrt(2*math.Log(7)/3)},
		},
		{
			{Child: trace.NoNode, Action: left, W: 0.5, N: 2, UCB: 0.25 + math.Sqrt(math.Log(7))},
			{Child: trace.NoNode, Action: middle, W: 1, N: 2, UCB: 0.5 + math.Sqrt(math.Log(7))},
			{Child: trace.NoNode, Action: right, W: 2, N: 3, UCB: 2.0/3 + math.Sqrt(2*math.Log(7)/3)},
		},
	}
	for p, e := range last {
		ok := len(e.Scores) == len(wantScores[p])
		for k := 0; ok && k < len(e.Scores); k++ {
			got, want := e.Scores[k], wantScores[p][k]
			ok = got.Child == want.Child && got.Action == want.Action && got.W == want.W && got.N == want.N && math.Abs(got.UCB-want.UCB) <= ucbTolerance
		}
		if !ok {
			t.Errorf("player %d's scores in the last iteration %+v, want %+v", p, e.Scores, wantScores[p])
		}
	}
	if res.Action != top || res.Value != 0.5 || res.Nodes != 7 || res.Evals != 8 {
		t.Errorf("result %+v, want top, value 2/4, 7 nodes, 8 evaluations", res)
	}
	best := events[len(events)-2]
	if best.Kind != trace.KindValue || tr.Node(best.Best).Label != "top/middle" {
		t.Errorf("value event %+v, want best the child top/middle", best)
	}
}

// rootStats is a tracer that adds up the players' statistics at the root
// of a DUCT search from its events, as a viewer would: the root's select
// events come in pairs, player 0's then player 1's, the first pair listing
// the players' actions; each pair names the child played (the root's
// children are nodes 1, 2, ..., row-major), and each backprop gives the
// value v to add, v to player 0's action and 1-v to player 1's.
type rootStats struct {
	label      func(player, action int) string
	selects    int // select events at the root so far
	row, col   int // the pair played at the root in this iteration
	iterations int
	labels     [2][]string // per action in legal order
	w          [2][]float64
	n          [2][]int
}

func (r *rootStats) Emit(e trace.Event) {
	switch {
	case e.Kind == trace.KindSelect && e.Node == 0:
		p := r.selects % 2
		r.selects++
		if r.labels[p] == nil {
			for _, s := range e.Scores {
				r.labels[p] = append(r.labels[p], r.label(p, s.Action))
			}
			r.w[p], r.n[p] = make([]float64, len(e.Scores)), make([]int, len(e.Scores))
		}
		if p == 1 {
			k := int(e.Child) - 1
			r.row, r.col = k/len(r.n[1]), k%len(r.n[1])
		}
	case e.Kind == trace.KindBackprop:
		v := e.Values[len(e.Values)-1]
		r.iterations++
		r.w[0][r.row] += v
		r.n[0][r.row]++
		r.w[1][r.col] += 1 - v
		r.n[1][r.col]++
	}
}

// checkMirrored compares the players' statistics at the root of searches
// of a game symmetric for the two players, summed over runs: player 0's
// action a and player 1's action mirror[a] must have visit shares and win
// rates (each in its own player's view) within tol of each other.
func checkMirrored(t *testing.T, name string, runs []*rootStats, mirror map[string]string, tol float64) {
	t.Helper()
	var w, n [2]map[string]float64
	var total float64
	for p := range 2 {
		w[p], n[p] = map[string]float64{}, map[string]float64{}
	}
	for _, r := range runs {
		total += float64(r.iterations)
		for p := range 2 {
			for k, l := range r.labels[p] {
				w[p][l] += r.w[p][k]
				n[p][l] += float64(r.n[p][k])
			}
		}
	}
	// Each player's legal actions must be the mirror of the other's, or
	// the comparison below would leave some out.
	var mirrored []string
	for a := range n[0] {
		mirrored = append(mirrored, mirror[a])
	}
	slices.Sort(mirrored)
	if got := slices.Sorted(maps.Keys(n[1])); !slices.Equal(got, mirrored) {
		t.Fatalf("%s: B's actions %v are not the mirror of A's, %v", name, got, mirrored)
	}
	for a := range n[0] {
		b := mirror[a]
		share0, share1 := n[0][a]/total, n[1][b]/total
		rate0, rate1 := w[0][a]/n[0][a], w[1][b]/n[1][b]
		t.Logf("%s: A %s: %.4f of visits, win rate %.4f; B %s: %.4f, %.4f", name, a, share0, rate0, b, share1, rate1)
		if !(math.Abs(share0-share1) <= tol && math.Abs(rate0-rate1) <= tol) {
			t.Errorf("%s: A's %s has %.4f of the visits and win rate %.4f; B's %s %.4f and %.4f; want them within %v", name, a, share0, rate0, b, share1, rate1, tol)
		}
	}
}

// TestDUCTSymmetric searches games that are symmetric for the two players
// and checks that DUCT gives the players mirrored statistics at the root:
// for rock-paper-scissors the same action; for a row of points that reads
// the same both ways, with the players at mirrored cells, player 0's
// right is player 1's left; likewise on the twin maze's generated boards,
// which are left-right symmetric with A and B at mirrored cells (up and
// down stay).
//
// One search is symmetric only in distribution: the random playouts are
// not, nor is the order in which a player tries its unvisited actions and
// breaks ties, which the mirror reorders. So the statistics are summed
// over 20 seeds of 2,000 iterations each. With one seed the players' visit
// shares and win rates differed by up to 0.11 (rock-paper-scissors), 0.09
// (the row) and 0.28 (the twin maze, whose two root actions are close in
// value, so a search may favour either). Summed over 20 seeds, the largest
// difference over ten disjoint sets of 20 seeds (0-199) was 0.020 for the
// small games and 0.036 for the twin maze; the tolerances are 1.5 and 1.7
// times that, 0.03 and 0.06, so that a change of random stream still
// passes. A player that reads the other's statistics, counts the other's
// values or has its action swapped with the other's in the child matrix
// misses by more: tried, each made the largest difference 0.09 to 0.95.
func TestDUCTSymmetric(t *testing.T) {
	t.Parallel()
	const seeds, iterations = 20, 2000
	same := map[string]string{"rock": "rock", "paper": "paper", "scissors": "scissors"}
	row := map[string]string{"right": "left", "left": "right", "stay": "stay"}
	maze := map[string]string{"right": "left", "left": "right", "down": "down", "up": "up"}
	games := []struct {
		name   string
		run    func(t *testing.T, opts search.MonteCarloOptions) *rootStats
		mirror map[string]string
		tol    float64
	}{
		{"rps 3 turns", rootStatsOf(rpsGame{turns: 3}), same, 0.03},
		{"line", rootStatsOf(newLine("3150513", 1, 5, 4)), row, 0.03},
		{"twinmaze 5x5 seed 0", rootStatsOf(mustTwinMaze(t, 5, 5, 20, 0)), maze, 0.06},
		{"twinmaze 5x5 seed 3, 10 turns", rootStatsOf(mustTwinMaze(t, 5, 5, 10, 3)), maze, 0.06},
	}
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			var runs []*rootStats
			for seed := range uint64(seeds) {
				runs = append(runs, g.run(t, search.MonteCarloOptions{Playouts: iterations, C: 1, Seed: seed}))
			}
			checkMirrored(t, g.name, runs, g.mirror, g.tol)
		})
	}
}

// rootStatsOf returns a function that runs a DUCT search of root and
// returns the players' statistics at the root.
func rootStatsOf[S search.Simultaneous[S]](root S) func(*testing.T, search.MonteCarloOptions) *rootStats {
	return func(t *testing.T, opts search.MonteCarloOptions) *rootStats {
		t.Helper()
		r := &rootStats{label: root.Label}
		opts.Tracer = r
		if _, err := search.DUCT(context.Background(), root, opts); err != nil {
			t.Fatalf("%s: %v", root, err)
		}
		return r
	}
}

// rootBest is a tracer that keeps what a DUCT search would play at the
// root: the label, "a0/a1", of the child its value event names as best
// (player 0's chosen action and player 1's most visited).
type rootBest struct {
	labels map[trace.NodeID]string // of the root's children
	best   string
}

func (r *rootBest) Emit(e trace.Event) {
	switch {
	case e.Kind == trace.KindNode && e.Parent == 0:
		r.labels[e.Node] = e.Label
	case e.Kind == trace.KindValue && e.Node == 0:
		r.best = r.labels[e.Best]
	}
}

// TestDUCTDominant checks, over 10 seeds, that DUCT plays an action that
// game theory says is best, for both players:
//
//   - in the race, stepping forward is never worse, whatever the other
//     player does. In the long race the first step matters little to the
//     outcome of random playouts (1,000 iterations sometimes leave player
//     1 undecided), so it gets 5,000;
//   - on the row 9 9 1 0 0 0 0 0 with A on the 1 and B on the 0 next to
//     it (4 turns), A walking left wins whatever B does; B walking left
//     wins if A walks right, draws if A stays, and nothing saves B if A
//     walks left: it is never worse for B than its other moves;
//   - on the twin maze 9A.B9/1#2#1 with 3 turns left, A walking left (to
//     its 9, then down to the 1) makes sure of at least a draw, since B
//     can collect no more than 10 either; walking right loses if B walks
//     right to its own 9, even if A could then see B's moves. By symmetry
//     B must walk right.
func TestDUCTDominant(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		run        func(opts search.MonteCarloOptions) (search.Result, error)
		iterations int
		want       string // A's action / B's action
	}{
		{"race", ductWith(raceGame{goal: 3, turns: 5}), 1000, "step/step"},
		{"race far", ductWith(raceGame{goal: 8, turns: 10}), 5000, "step/step"},
		{"line", ductWith(newLine("99100000", 2, 3, 4)), 1000, "left/left"},
		{"twinmaze", ductWith(mustParseTwinMaze(t, "3:9A.B9/1#2#1")), 1000, "left/right"},
	}
	for _, tt := range tests {
		for seed := range uint64(10) {
			t.Run(fmt.Sprintf("%s/seed%d", tt.name, seed), func(t *testing.T) {
				t.Parallel()
				r := &rootBest{labels: map[trace.NodeID]string{}}
				res, err := tt.run(search.MonteCarloOptions{Playouts: tt.iterations, C: 1, Seed: seed, Tracing: search.Tracing{Tracer: r}})
				if err != nil {
					t.Fatal(err)
				}
				if a, _, _ := strings.Cut(tt.want, "/"); res.Label != a || r.best != tt.want {
					t.Errorf("%s seed %d: A plays %s (value %v), the trace's best pair is %s; want %s", tt.name, seed, res.Label, res.Value, r.best, tt.want)
				}
			})
		}
	}
}

// ductWith returns a function that runs a DUCT search of root.
func ductWith[S search.Simultaneous[S]](root S) func(search.MonteCarloOptions) (search.Result, error) {
	return func(opts search.MonteCarloOptions) (search.Result, error) {
		return search.DUCT(context.Background(), root, opts)
	}
}

// TestDUCTDeterministic checks that the seed fixes the search: the same
// seed gives the same trace, byte for byte, boards included, and another
// seed a different one, so the seed does reach the playouts.
func TestDUCTDeterministic(t *testing.T) {
	t.Parallel()
	root := mustTwinMaze(t, 5, 5, 20, 0)
	traces := map[uint64][]byte{}
	for _, seed := range []uint64{7, 7, 8} {
		rec := trace.NewRecorder(0)
		if _, err := search.DUCT(context.Background(), root, search.MonteCarloOptions{Playouts: 300, C: 1, Seed: seed, Tracing: search.Tracing{Boards: true, Tracer: rec}}); err != nil {
			t.Fatal(err)
		}
		data := encode(t, rec.Events())
		if prev, ok := traces[seed]; ok && !bytes.Equal(prev, data) {
			t.Errorf("two runs with seed %d gave different traces", seed)
		}
		traces[seed] = data
	}
	if bytes.Equal(traces[7], traces[8]) {
		t.Error("seeds 7 and 8 gave the same trace")
	}
}

// TestDUCTTracedEqualsUntraced checks that tracing changes nothing in the
// search: with the same seed, a traced search returns what an untraced
// one does, its win rate to the last bit.
func TestDUCTTracedEqualsUntraced(t *testing.T) {
	t.Parallel()
	runs := []func(search.MonteCarloOptions) (search.Result, error){
		ductWith(newLine("3150513", 1, 5, 4)),
		ductWith(newLine("90109", 0, 4, 6)),
		ductWith(mustTwinMaze(t, 5, 5, 20, 0)),
	}
	for k, run := range runs {
		for seed := range uint64(5) {
			t.Run(fmt.Sprintf("root%d/seed%d", k, seed), func(t *testing.T) {
				t.Parallel()
				opts := search.MonteCarloOptions{Playouts: 500, C: 1.5, ExpandThreshold: 3, Seed: seed}
				plain, err := run(opts)
				if err != nil {
					t.Fatal(err)
				}
				opts.Tracer, opts.Boards = trace.NewRecorder(0), true
				traced, err := run(opts)
				if err != nil {
					t.Fatal(err)
				}
				plain.Elapsed, traced.Elapsed = 0, 0
				if !reflect.DeepEqual(plain, traced) {
					t.Errorf("root %d seed %d: untraced %+v, traced %+v", k, seed, plain, traced)
				}
			})
		}
	}
}

// TestDUCTTerminalRoot searches positions where the game is over: no
// action, the root's outcome for player 0 as the value, and a trace of
// the root, its terminal evaluation and the decision.
func TestDUCTTerminalRoot(t *testing.T) {
	t.Parallel()
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

// TestDUCTBudget checks the node budget: a search that would outgrow it
// stops with ErrBudget before the expansion that would, so that the tree
// ends within the budget and within one expansion of it, and its trace
// ends with a note on the budget before the decision.
func TestDUCTBudget(t *testing.T) {
	t.Parallel()
	// The players start inside the row: an expansion adds at most 3x3
	// children.
	const maxKids = 9
	root := newLine("3150513", 1, 5, 6)
	for _, budget := range []int{10, 11, 50, 1000} {
		rec := trace.NewRecorder(0)
		res, err := search.DUCT(context.Background(), root, search.MonteCarloOptions{Playouts: 100_000, C: 1, ExpandThreshold: 2, Limits: search.Limits{MaxNodes: budget}, Tracing: search.Tracing{Tracer: rec}})
		if !errors.Is(err, search.ErrBudget) {
			t.Fatalf("budget %d: err = %v, want ErrBudget", budget, err)
		}
		if res.Nodes > budget || res.Nodes+maxKids <= budget || !slices.Contains(root.Legal(0, nil), res.Action) {
			t.Errorf("budget %d: %d nodes, action %d", budget, res.Nodes, res.Action)
		}
		events := rec.Events()
		checkMCTrace(t, "budget", events, false)
		if note := events[len(events)-2]; note.Kind != trace.KindNote || !strings.Contains(note.Text, "node budget") {
			t.Errorf("budget %d: the event before the decision is %+v, want a note on the budget", budget, note)
		}
	}
	// A budget too small for the root and its 9 children: no action.
	rec := trace.NewRecorder(0)
	res, err := search.DUCT(context.Background(), root, search.MonteCarloOptions{Playouts: 10, Limits: search.Limits{MaxNodes: 9}, Tracing: search.Tracing{Tracer: rec}})
	if !errors.Is(err, search.ErrBudget) || res.Action != -1 || res.Nodes != 1 || res.Value != 0.5 {
		t.Errorf("9 nodes: %+v, %v; want no action, the value of no visits (0.5) and ErrBudget", res, err)
	}
	checkMCTrace(t, "budget 9", rec.Events(), true)
	// Just room for them, and too few iterations for a leaf to reach the
	// default threshold (5): no error.
	if _, err := search.DUCT(context.Background(), root, search.MonteCarloOptions{Playouts: 4, Limits: search.Limits{MaxNodes: 10}}); err != nil {
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

// TestDUCTCancel checks that a cancelled context stops the search where
// the doc comment says it looks at it: before the first iteration and
// every 4096 iterations.
func TestDUCTCancel(t *testing.T) {
	t.Parallel()
	root := newLine("3150513", 1, 5, 6)
	// Cancelled before the start: no playout, the first action (no action
	// has visits: a tie), the value of no visits.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := trace.NewRecorder(0)
	res, err := search.DUCT(ctx, root, search.MonteCarloOptions{Playouts: 10_000, C: 1, Tracing: search.Tracing{Tracer: rec}})
	if !errors.Is(err, context.Canceled) || res.Action != lineRight || res.Value != 0.5 || res.Evals != 0 {
		t.Errorf("cancelled: %+v, %v; want the first action, value 0.5, no playouts and context.Canceled", res, err)
	}
	for _, e := range rec.Events() {
		if e.Kind == trace.KindNote && strings.Contains(e.Text, "would play") {
			t.Errorf("cancelled before any visit, the trace still names B's most visited action: %q", e.Text)
		}
	}
	// Cancelled during iteration 5000: it notices before iteration 8193.
	ctx, cancel = context.WithCancel(context.Background())
	res, err = search.DUCT(ctx, root, search.MonteCarloOptions{Playouts: 100_000, C: 1, Tracing: search.Tracing{Tracer: &cancelAtIteration{at: 5000, cancel: cancel}}})
	cancel()
	if !errors.Is(err, context.Canceled) || res.Evals != 8192 || !slices.Contains(root.Legal(0, nil), res.Action) {
		t.Errorf("cancelled at iteration 5000: %+v, %v; want 8192 iterations and context.Canceled", res, err)
	}
}

// TestDUCTCatalog checks the catalog's "duct" entry: a spec runs DUCT with
// the options it names (the defaults when it names none), parameters out
// of range are refused, and the simultaneous and alternating families do
// not run each other's algorithms.
func TestDUCTCatalog(t *testing.T) {
	t.Parallel()
	root := newLine("3150513", 1, 5, 4)
	for _, tt := range []struct {
		spec string
		opts search.MonteCarloOptions
	}{
		{"duct", search.MonteCarloOptions{Playouts: 100, C: 1, ExpandThreshold: 5, Limits: search.Limits{MaxNodes: search.DefaultMaxNodes}}},
		{"duct playouts=400 c=1.4 expand=3 seed=12 nodes=300", search.MonteCarloOptions{Playouts: 400, C: 1.4, ExpandThreshold: 3, Seed: 12, Limits: search.Limits{MaxNodes: 300}}},
	} {
		s, err := spec.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		entry := search.DUCTEntry[lineGame]()
		if entry.Family != search.FamilySimultaneous || entry.Help == "" {
			t.Errorf("%s: family %q, help %q", tt.spec, entry.Family, entry.Help)
		}
		v, err := spec.Resolve(s, entry.Params)
		if err != nil {
			t.Fatal(err)
		}
		rec := trace.NewRecorder(0)
		got, err := entry.Run(context.Background(), root, v, search.Tracing{Tracer: rec, Boards: true})
		if err != nil && !errors.Is(err, search.ErrBudget) {
			t.Fatalf("%s: %v", tt.spec, err)
		}
		checkMCTrace(t, tt.spec, rec.Events(), true)
		want, wantErr := search.DUCT(context.Background(), root, tt.opts)
		if got.Action != want.Action || got.Value != want.Value || got.Nodes != want.Nodes || got.Evals != want.Evals || (err == nil) != (wantErr == nil) {
			t.Errorf("%s: catalog run %+v, %v; direct run %+v, %v", tt.spec, got, err, want, wantErr)
		}
	}
	for _, bad := range []string{"duct c=11", "duct expand=0", "duct time=60001", "duct playouts=0", "duct seed=-1", "duct depth=3"} {
		s, err := spec.Parse(bad)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := spec.Resolve(s, search.DUCTEntry[lineGame]().Params); err == nil {
			t.Errorf("%s: resolved, want an error", bad)
		}
	}
}
