package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// dieNode is a node of a random game with chance for the tests: a leaf
// with a value from the first player's view, or a player's node whose
// moves each have outcomes with probabilities.
type dieNode struct {
	value float64
	moves [][]dieOutcome // by action
}

type dieOutcome struct {
	p    float64
	node *dieNode
}

// dieGame is a position of a dieNode tree with the player to move: 0 is
// the first player.
type dieGame struct {
	n      *dieNode
	player int
}

func (g dieGame) Legal(buf []int) []int {
	for a := range g.n.moves {
		buf = append(buf, a)
	}
	return buf
}

func (g dieGame) Chances(a int, buf []float64) []float64 {
	for _, o := range g.n.moves[a] {
		buf = append(buf, o.p)
	}
	return buf
}

func (g dieGame) Roll(a, o int) dieGame {
	return dieGame{n: g.n.moves[a][o].node, player: 1 - g.player}
}

func (g dieGame) Done() bool { return len(g.n.moves) == 0 }

func (g dieGame) Score() float64 {
	if g.player == 1 {
		return -g.n.value
	}
	return g.n.value
}

func (g dieGame) Label(a int) string           { return "m" + strconv.Itoa(a) }
func (g dieGame) OutcomeLabel(a, o int) string { return "o" + strconv.Itoa(o) }
func (g dieGame) String() string               { return fmt.Sprintf("%p/%d", g.n, g.player) }

// randomDieTree returns a random tree of the given height: 1 to 3 moves a
// node, 1 to 3 outcomes a move with random probabilities summing to 1,
// integer leaf values in -9..9, some leaves early.
func randomDieTree(r *rand.Rand, height int) *dieNode {
	if height == 0 || r.IntN(6) == 0 {
		return &dieNode{value: float64(r.IntN(19) - 9)}
	}
	n := &dieNode{}
	for range 1 + r.IntN(3) {
		k := 1 + r.IntN(3)
		weights := make([]float64, k)
		sum := 0.0
		for i := range weights {
			weights[i] = float64(1 + r.IntN(4))
			sum += weights[i]
		}
		var outs []dieOutcome
		for _, w := range weights {
			outs = append(outs, dieOutcome{p: w / sum, node: randomDieTree(r, height-1)})
		}
		n.moves = append(n.moves, outs)
	}
	return n
}

// expectiminimax is the brute-force value of n for the first player, MAX,
// written as the textbook does: MAX levels maximise, MIN levels minimise
// (or average, with a random MIN), chance averages; depth counts moves.
func expectiminimax(n *dieNode, maxToMove, randomMin bool, depth int) float64 {
	if len(n.moves) == 0 || depth == 0 {
		return n.value
	}
	best := math.Inf(-1)
	if !maxToMove {
		best = math.Inf(1)
	}
	mean := 0.0
	for _, outs := range n.moves {
		q := 0.0
		for _, o := range outs {
			q += o.p * expectiminimax(o.node, !maxToMove, randomMin, depth-1)
		}
		mean += q / float64(len(n.moves))
		if maxToMove {
			best = math.Max(best, q)
		} else {
			best = math.Min(best, q)
		}
	}
	if !maxToMove && randomMin {
		return mean
	}
	return best
}

// TestExpectimaxEqualsBruteForce checks Expectimax's value against the
// brute force on random trees, with MIN minimising and moving at random,
// at several depths (an interior node at the depth limit is worth its
// value field, 0, to both), and checks its trace.
func TestExpectimaxEqualsBruteForce(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 11))
	for i := range 300 {
		root := randomDieTree(r, 1+r.IntN(4))
		for _, random := range []bool{false, true} {
			for _, depth := range []int{1, 2, 4} {
				t.Run(fmt.Sprintf("tree%d/random=%v/depth=%d", i, random, depth), func(t *testing.T) {
					t.Parallel()
					want := expectiminimax(root, true, random, depth)
					rec := trace.NewRecorder(0)
					res, err := Expectimax(context.Background(), dieGame{n: root}, Heuristics[dieGame]{}, ExpectimaxOptions{Depth: depth, Random: random, Tracing: Tracing{Tracer: rec}})
					if err != nil {
						t.Fatal(err)
					}
					if math.Abs(res.Value-want) > 1e-9 {
						t.Fatalf("tree %d, random %v, depth %d: value %v, want %v", i, random, depth, res.Value, want)
					}
					if err := tracetest.Validate(rec.Events()); err != nil {
						t.Fatalf("tree %d: %v", i, err)
					}
					checkChanceValues(t, rec.Events(), want)
					untraced, err := Expectimax(context.Background(), dieGame{n: root}, Heuristics[dieGame]{}, ExpectimaxOptions{Depth: depth, Random: random})
					if err != nil || !reflect.DeepEqual(untraced, withoutElapsed(untraced, res)) {
						t.Fatalf("tree %d: untraced %+v, traced %+v (%v)", i, untraced, res, err)
					}
				})
			}
		}
	}
}

// withoutElapsed returns want with got's elapsed time, for comparing
// results of two runs.
func withoutElapsed(got, want Result) Result {
	want.Elapsed = got.Elapsed
	return want
}

// checkChanceValues checks a traced tree: the probabilities of each chance
// node's children sum to 1, a chance node's last value is the expectation
// of its children's values (all in the root player's view) and the root's
// value is want.
func checkChanceValues(t *testing.T, events []trace.Event, want float64) {
	t.Helper()
	tr, err := trace.NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	tr.Seek(tr.Len() - 1)
	root := tr.Node(tr.Root())
	if math.Abs(root.Value-want) > 1e-9 {
		t.Errorf("root's traced value %v, want %v", root.Value, want)
	}
	for id := range trace.NodeID(tr.Size()) {
		n := tr.Node(id)
		if n.Type != trace.TypeChance || len(n.Children) == 0 || !n.HasValue {
			continue
		}
		sum, mean := 0.0, 0.0
		for _, c := range n.Children {
			k := tr.Node(c)
			sum += k.Prob
			mean += k.Prob * trace.ViewRoot.Value(k.Type, k.Value)
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("chance node %d: children's probabilities sum to %v", id, sum)
		}
		if math.Abs(mean-n.Value) > 1e-9 {
			t.Errorf("chance node %d: value %v, want the expectation %v", id, n.Value, mean)
		}
	}
}

// TestExpectimaxLectureExample checks the lecture's expectimax tree by
// hand: MAX over two chance nodes of equal odds, {3, 12} and {2, 20},
// worth 7.5 and 11, so MAX takes the second move, worth 11.
func TestExpectimaxLectureExample(t *testing.T) {
	t.Parallel()
	leaf := func(v float64) *dieNode { return &dieNode{value: v} }
	root := &dieNode{moves: [][]dieOutcome{
		{{0.5, leaf(3)}, {0.5, leaf(12)}},
		{{0.5, leaf(2)}, {0.5, leaf(20)}},
	}}
	res, err := Expectimax(context.Background(), dieGame{n: root}, Heuristics[dieGame]{}, ExpectimaxOptions{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Action != 1 || res.Value != 11 || res.Label != "m1" {
		t.Errorf("got %s (%d) worth %v, want m1 (1) worth 11", res.Label, res.Action, res.Value)
	}
	if res.Nodes != 7 || res.Evals != 4 {
		t.Errorf("%d nodes, %d evaluations, want 7 (root, 2 chance nodes, 4 leaves) and 4", res.Nodes, res.Evals)
	}
}

// TestExpectimaxForwardCut checks the cut against the search without it:
// the cut keeps every move within the margin of the best and every move
// that can win at once, and with an infinite margin it keeps every move
// and finds the same value.
func TestExpectimaxForwardCut(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 5))
	for i := range 200 {
		root := randomDieTree(r, 5)
		t.Run(fmt.Sprintf("tree%d", i), func(t *testing.T) {
			t.Parallel()
			full, err := Expectimax(context.Background(), dieGame{n: root}, Heuristics[dieGame]{}, ExpectimaxOptions{Depth: 5})
			if err != nil {
				t.Fatal(err)
			}
			wide, err := Expectimax(context.Background(), dieGame{n: root}, Heuristics[dieGame]{}, ExpectimaxOptions{Depth: 5, Cut: true, Margin: math.Inf(1)})
			if err != nil {
				t.Fatal(err)
			}
			if wide.Value != full.Value || wide.Action != full.Action || wide.Cuts != 0 {
				t.Fatalf("tree %d: an infinite margin gives %v (%d) with %d cuts, the full search %v (%d)", i, wide.Value, wide.Action, wide.Cuts, full.Value, full.Action)
			}
			rec := trace.NewRecorder(0)
			cut, err := Expectimax(context.Background(), dieGame{n: root}, Heuristics[dieGame]{}, ExpectimaxOptions{Depth: 5, Cut: true, Margin: 2, Tracing: Tracing{Tracer: rec}})
			if err != nil {
				t.Fatal(err)
			}
			if err := tracetest.Validate(rec.Events()); err != nil {
				t.Fatalf("tree %d: %v", i, err)
			}
			checkCuts(t, root, rec.Events(), 2)
			if cut.Value > full.Value+1e-9 {
				t.Errorf("tree %d: the cut's value %v exceeds the full search's %v, which maximises over more moves", i, cut.Value, full.Value)
			}
		})
	}
}

// checkCuts checks every forward cut of a trace against values worked out
// here: each pass's dropped moves are those worth less than the pass's
// best minus margin, by the brute force at the pass's depth.
func checkCuts(t *testing.T, root *dieNode, events []trace.Event, margin float64) {
	t.Helper()
	depth := 0
	kept := map[int]bool{}
	for a := range root.moves {
		kept[a] = true
	}
	for _, e := range events {
		switch {
		case e.Kind == trace.KindIteration && !e.Discarded:
			if depth > 0 {
				best := math.Inf(-1)
				values := map[int]float64{}
				for a := range kept {
					q := 0.0
					for _, o := range root.moves[a] {
						q += o.p * expectiminimax(o.node, false, false, depth-1)
					}
					values[a] = q
					best = math.Max(best, q)
				}
				for a, q := range values {
					if q < best-margin && !canWin(root.moves[a]) {
						delete(kept, a)
					}
				}
			}
			depth = e.Depth
		case e.Kind == trace.KindCut:
			if e.Cut != trace.CutForward || e.Alpha != e.Value-margin {
				t.Errorf("cut %v with value %v and threshold %v, want a forward cut with the threshold %v below", e.Cut, e.Value, e.Alpha, margin)
			}
			for _, a := range e.Pruned {
				if kept[a] {
					t.Errorf("the cut before depth %d dropped move %d, worth no less than the best minus the margin", depth, a)
				}
			}
		}
	}
}

// canWin reports whether a move of the first player with outcomes outs can
// end the game at once with a positive value, a win.
func canWin(outs []dieOutcome) bool {
	for _, o := range outs {
		if len(o.node.moves) == 0 && o.node.value > 0 {
			return true
		}
	}
	return false
}

// TestExpectimaxCutKeepsWinningMoves checks that the cut never drops a
// move that can win at once, however poor it looks at a shallow depth.
func TestExpectimaxCutKeepsWinningMoves(t *testing.T) {
	t.Parallel()
	// Values are from the first player's view; a leaf where the second
	// player is to move and the game is over with value 9 is the first
	// player's win. Move m0 wins with probability 1/10 and otherwise
	// leaves a position worth 0 at one ply (its value field) and -9
	// later: 0.9 at one ply. Move m1 leads to a position worth 5 at one
	// ply, so with no margin the first pass keeps m1 alone, and m0 only
	// because it can win at once.
	win := &dieNode{value: 9}
	bad := &dieNode{moves: [][]dieOutcome{{{1, &dieNode{value: -9}}}}}
	good := &dieNode{value: 5, moves: [][]dieOutcome{{{1, &dieNode{moves: [][]dieOutcome{{{1, &dieNode{value: 5}}}}}}}}}
	root := &dieNode{moves: [][]dieOutcome{
		{{0.1, win}, {0.9, bad}},
		{{1, good}},
	}}
	rec := trace.NewRecorder(0)
	_, err := Expectimax(context.Background(), dieGame{n: root}, Heuristics[dieGame]{}, ExpectimaxOptions{Depth: 3, Cut: true, Margin: 0, Tracing: Tracing{Tracer: rec}})
	if err != nil {
		t.Fatal(err)
	}
	var notes []string
	for _, e := range rec.Events() {
		switch e.Kind {
		case trace.KindCut:
			t.Errorf("the cut dropped %v; m0 can win at once and m1 is the best", e.PrunedLabels)
		case trace.KindNote:
			notes = append(notes, e.Text)
		}
	}
	if len(notes) == 0 || !strings.Contains(notes[0], "m0 0.9 (can win at once)") {
		t.Errorf("notes %q, want the first to keep m0 as it can win at once", notes)
	}
}

// TestExpectimaxObvious checks that an obvious move is played without a
// search, and that without the option the hook is not consulted.
func TestExpectimaxObvious(t *testing.T) {
	t.Parallel()
	root := randomDieTree(rand.New(rand.NewPCG(1, 2)), 3)
	for len(root.moves) < 2 {
		root = randomDieTree(rand.New(rand.NewPCG(uint64(len(root.moves)), 9)), 3)
	}
	h := Heuristics[dieGame]{Obvious: func(dieGame) (int, string, bool) { return 1, "m1 wins at once", true }}
	rec := trace.NewRecorder(0)
	res, err := Expectimax(context.Background(), dieGame{n: root}, h, ExpectimaxOptions{Depth: 3, Obvious: true, Tracing: Tracing{Tracer: rec}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Action != 1 || res.Nodes != 1 || res.Evals != 0 {
		t.Errorf("obvious move: %+v, want m1 with the root alone and no evaluation", res)
	}
	if err := tracetest.Validate(rec.Events()); err != nil {
		t.Error(err)
	}
	res, err = Expectimax(context.Background(), dieGame{n: root}, h, ExpectimaxOptions{Depth: 3})
	if err != nil || res.Nodes == 1 {
		t.Errorf("without the option: %+v (%v), want a search", res, err)
	}
}

// TestExpectimaxEvaluate checks that the evaluation kind reaches the
// game's Evaluate at the depth limit, and that kind 0 uses Score.
func TestExpectimaxEvaluate(t *testing.T) {
	t.Parallel()
	root := &dieNode{moves: [][]dieOutcome{{{1, &dieNode{value: 4, moves: [][]dieOutcome{{{1, &dieNode{}}}}}}}}}
	kinds := map[int]bool{}
	h := Heuristics[dieGame]{Evaluate: func(_ dieGame, kind int) float64 { kinds[kind] = true; return float64(10 * kind) }}
	for _, tt := range []struct {
		eval int
		want float64
	}{{0, 4}, {2, -20}, {3, -30}} {
		res, err := Expectimax(context.Background(), dieGame{n: root}, h, ExpectimaxOptions{Depth: 1, Eval: tt.eval})
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != tt.want {
			t.Errorf("eval %d: value %v, want %v", tt.eval, res.Value, tt.want)
		}
	}
	if kinds[0] || !kinds[2] || !kinds[3] {
		t.Errorf("Evaluate called with kinds %v, want 2 and 3 only", kinds)
	}
}

// TestExpectimaxLimits checks the depth's range and the node budget.
func TestExpectimaxLimits(t *testing.T) {
	t.Parallel()
	root := randomDieTree(rand.New(rand.NewPCG(5, 5)), 6)
	for _, d := range []int{0, MaxDepth + 1} {
		if _, err := Expectimax(context.Background(), dieGame{n: root}, Heuristics[dieGame]{}, ExpectimaxOptions{Depth: d}); err == nil {
			t.Errorf("depth %d: no error", d)
		}
	}
	rec := trace.NewRecorder(0)
	res, err := Expectimax(context.Background(), dieGame{n: root}, Heuristics[dieGame]{}, ExpectimaxOptions{Depth: 6, Limits: Limits{MaxNodes: 10}, Tracing: Tracing{Tracer: rec}})
	if !errors.Is(err, ErrBudget) || res.Nodes > 10 {
		t.Errorf("budget 10: %d nodes, error %v; want at most 10 and ErrBudget", res.Nodes, err)
	}
	if err := tracetest.Validate(rec.Events()); err != nil {
		t.Error(err)
	}
}

// TestExpectimaxTypedTrees checks Expectimax on typed trees with chance
// nodes against values worked out by hand.
func TestExpectimaxTypedTrees(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text  string
		depth int
		want  float64
		move  string
	}{
		// a1: ½·MIN(3, ⅓·1 + ⅔·MAX(4, −2)) + ½·7 = ½·min(3, 3) + 3.5 = 5;
		// a2: MIN(2, 9) = 2; a3: ¼·(−1) + ¾·5 = 3.5. MAX takes a1, 5.
		{"[{0.5:[3,{1/3:1,2/3:[4,-2]}],0.5:7},[2,9],{0.25:-1,0.75:5}]", 3, 5, "a1"},
		// At depth 1 the MIN node under a1's coin is cut off and worth its
		// score, 0: a1 = ½·0 + ½·7 = 3.5, a2 = 0, a3 = 3.5; the first is kept.
		{"[{0.5:[3,{1/3:1,2/3:[4,-2]}],0.5:7},[2,9],{0.25:-1,0.75:5}]", 1, 3.5, "a1"},
		// The lecture's two coins: (3+12)/2 = 7.5 and (2+20)/2 = 11.
		{"[{0.5:3,0.5:12},{0.5:2,0.5:20}]", 1, 11, "a2"},
		// A die: 1/6·9 + 5/6·(−1) = 2/3 beats a sure 0.5.
		{"[{1/6:9,5/6:-1},0.5]", 1, 2.0 / 3, "a1"},
	}
	for _, tt := range tests {
		root, err := tree.ParseChance(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Expectimax(context.Background(), root, Heuristics[tree.ChanceState]{}, ExpectimaxOptions{Depth: tt.depth})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(res.Value-tt.want) > 1e-12 || res.Label != tt.move {
			t.Errorf("%s at depth %d: %s worth %v, want %s worth %v", tt.text, tt.depth, res.Label, res.Value, tt.move, tt.want)
		}
	}
}

// TestExpectimaxEvalParam checks that Expectimax's eval= parameter offers
// score, then the evaluation kinds the game's heuristics declare, numbered
// from 1 as Evaluate takes them, the first of them by default: a spec
// naming a kind gives Evaluate that kind's number.
func TestExpectimaxEvalParam(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		evals       []string
		wantChoices []string
		wantDefault string
	}{
		{"none", nil, []string{"score"}, "score"},
		{"one", []string{"x1"}, []string{"score", "x1"}, "x1"},
		{"three", []string{"x1", "x2", "x3"}, []string{"score", "x1", "x2", "x3"}, "x1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := ExpectimaxEntry(Heuristics[tree.ChanceState]{Evals: tt.evals})
			var p spec.Param
			for _, q := range e.Params {
				if q.Name == "eval" {
					p = q
				}
			}
			if !reflect.DeepEqual(p.Choices, tt.wantChoices) || p.Max != float64(len(tt.evals)) {
				t.Errorf("eval= offers %q up to %v, want %q", p.Choices, p.Max, tt.wantChoices)
			}
			if got := p.Choices[int(p.Default)]; got != tt.wantDefault {
				t.Errorf("eval= defaults to %q, want %q", got, tt.wantDefault)
			}
			for k, name := range tt.evals {
				s, err := spec.Parse("expectimax eval=" + name)
				if err != nil {
					t.Fatal(err)
				}
				v, err := spec.Resolve(s, e.Params)
				if err != nil {
					t.Fatalf("resolving eval=%s: %v", name, err)
				}
				if got := v.Int(p); got != k+1 {
					t.Errorf("eval=%s is kind %d, want %d", name, got, k+1)
				}
			}
		})
	}
}
