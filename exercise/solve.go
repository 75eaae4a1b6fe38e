package exercise

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// MaxArms is the most children a UCB1 exercise may give its parent,
// typed by hand or generated.
const MaxArms = 26

// Solve returns the correct answer to ex, computed by the engines of
// package search from their traces: AlphaBeta, MiniMax, NegaMax and
// Expectimax search the tree to its leaves, and UCB1 scores the children
// with trace.UCB1, the formula of MCTS; an MCTS exercise's iteration is
// run as search.MCTS runs one. An exercise typed by hand is solved the
// same way; its errors say what is wrong with it.
func Solve(ex Exercise) (Answer, error) {
	sol, err := solve(ex)
	if err != nil {
		return Answer{}, err
	}
	return sol.want, nil
}

// solution is an exercise's answer with what grading needs to explain it:
// the nodes the search visited, in the order it visited them.
type solution struct {
	ex    Exercise
	l     explain.Lang // the language of the feedback
	want  Answer
	nodes []snode // by trace node id, so in the order the search created them

	byLabel map[string]int // edges searched, by label: the child they lead to
	cuts    int            // AlphaBeta's cut events

	// For AlphaBeta: edges and nodes inside a pruned branch, below the
	// pruned edge, and each pruned edge, mapped to that edge's label.
	pruned      map[string]int    // pruned edge → the node whose cut pruned it
	hiddenLabel map[string]string // edge below a pruned edge → that edge
	hiddenName  map[string]string // node below a pruned edge → that edge

	scores []float64 // for UCB1: each child's score, NaN if unvisited

	iteration *mctsIteration // for MCTS

	// For Ordering: the tree as given, and the nodes AlphaBeta searches
	// with every node's children best first.
	ordered   *onode
	bestNodes int

	beams *beamRun // for Beam
}

// snode is one node of a traced search.
type snode struct {
	name     string // an interior or chance node's name; "" for a leaf
	label    string // the edge from the parent; "" for the root
	parent   int    // -1 for the root
	typ      trace.NodeType
	prob     float64 // for an outcome of a chance node, its probability
	children []int   // in the order searched
	side     float64 // the final value in the side to move's view (chance: MAX's)
	value    float64 // the final value in MAX's view
	visit    int     // the step of its node event
	leave    int     // the step of its leave event
	before   window  // the parent's window when this node was created
	cur      window  // the node's own window, as the scan goes
	cut      *trace.Event
	cutStep  int // the step of its cut event
}

// window is what a node knows during the search: its value so far and
// its α-β window, both in MAX's view, and the last child it searched.
type window struct {
	has         bool
	value       float64
	alpha, beta float64
	last        string
}

// solve runs the engine for ex and reads its trace.
func solve(ex Exercise) (*solution, error) {
	if err := ex.Kind.check(); err != nil {
		return nil, err
	}
	switch ex.Kind {
	case UCB1:
		return solveUCB1(ex)
	case MCTS:
		return solveMCTS(ex)
	case Ordering:
		return solveOrdering(ex)
	case Beam:
		return solveBeam(ex)
	case Expectimax:
		return solveChance(ex)
	}
	root, err := tree.Parse(ex.Tree)
	if err != nil {
		return nil, fmt.Errorf("exercise: %s tree: %w", ex.Kind, err)
	}
	rec := trace.NewRecorder(0)
	opts := search.Options{Depth: search.MaxDepth, Tracing: search.Tracing{Tracer: rec}}
	ctx := context.Background()
	switch ex.Kind {
	case AlphaBeta:
		_, err = search.AlphaBeta(ctx, root, opts)
	case MiniMax:
		_, err = search.MiniMax(ctx, root, opts)
	default:
		_, err = search.NegaMax(ctx, root, opts)
	}
	if err != nil {
		return nil, fmt.Errorf("exercise: solving the %s exercise: %w", ex.Kind, err)
	}
	sol := read(ex, rec.Events(), namer(root))
	if ex.Kind == AlphaBeta {
		sol.hide(root, "")
	}
	return sol, nil
}

// solveChance solves an Expectimax exercise.
func solveChance(ex Exercise) (*solution, error) {
	root, err := tree.ParseChance(ex.Tree)
	if err != nil {
		return nil, fmt.Errorf("exercise: %s tree: %w", ex.Kind, err)
	}
	rec := trace.NewRecorder(0)
	opts := search.ExpectimaxOptions{Depth: search.MaxDepth, Tracing: search.Tracing{Tracer: rec}}
	if _, err := search.Expectimax(context.Background(), root, search.Heuristics[tree.ChanceState]{}, opts); err != nil {
		return nil, fmt.Errorf("exercise: solving the %s exercise: %w", ex.Kind, err)
	}
	return read(ex, rec.Events(), chanceNamer(root)), nil
}

// namer returns a function that names the node of each node event of a
// search of the tree at root, in the order of the events: an interior
// node's name, or "" for a leaf.
func namer(root tree.State) func(e trace.Event) string {
	var states []tree.State
	return func(e trace.Event) string {
		s := root
		if e.Parent != trace.NoNode {
			s = states[e.Parent].Play(e.Action)
		}
		states = append(states, s)
		if s.Done() {
			return ""
		}
		return s.Name()
	}
}

// chanceNamer is namer for a chance tree. A chance node is not a state:
// it is named from the label of its first outcome, such as "b1" for B.
func chanceNamer(root tree.ChanceState) func(e trace.Event) string {
	type place struct {
		s      tree.ChanceState // a player node or leaf; for a chance node, its parent
		action int              // for a chance node, the action that leads to it; else -1
	}
	var places []place
	return func(e trace.Event) string {
		p := place{s: root, action: -1}
		switch {
		case e.Type == trace.TypeChance:
			p = place{s: places[e.Parent].s, action: e.Action}
			places = append(places, p)
			return strings.ToUpper(strings.TrimRight(p.s.OutcomeLabel(p.action, 0), "0123456789"))
		case e.Parent == trace.NoNode:
		case places[e.Parent].action >= 0:
			up := places[e.Parent]
			p.s = up.s.Roll(up.action, e.Action)
		default:
			p.s = places[e.Parent].s.Roll(e.Action, 0)
		}
		places = append(places, p)
		if p.s.Done() {
			return ""
		}
		return p.s.Name()
	}
}

// read builds the solution of ex from the events of its search; name
// names the node of each node event, in order.
func read(ex Exercise, events []trace.Event, name func(trace.Event) string) *solution {
	sol := &solution{ex: ex, byLabel: map[string]int{}, pruned: map[string]int{}}
	for step, e := range events {
		switch e.Kind {
		case trace.KindNode:
			nd := snode{name: name(e), label: e.Label, parent: int(e.Parent), typ: e.Type, prob: e.Prob, visit: step,
				cur: window{alpha: math.Inf(-1), beta: math.Inf(1)}}
			if p := nd.parent; p >= 0 {
				nd.before = sol.nodes[p].cur
				sol.nodes[p].cur.last = e.Label
				sol.nodes[p].children = append(sol.nodes[p].children, len(sol.nodes))
				sol.byLabel[e.Label] = len(sol.nodes)
			}
			sol.nodes = append(sol.nodes, nd)
		case trace.KindBounds:
			nd := &sol.nodes[e.Node]
			nd.cur.alpha, nd.cur.beta = trace.ViewRoot.Window(nd.typ, e.Alpha, e.Beta)
		case trace.KindValue, trace.KindEval:
			nd := &sol.nodes[e.Node]
			nd.side = e.Value
			nd.value = trace.ViewRoot.Value(nd.typ, e.Value)
			nd.cur.has, nd.cur.value = true, nd.value
		case trace.KindCut:
			cut := e
			cut.Pruned = append([]int(nil), e.Pruned...)
			cut.PrunedLabels = append([]string(nil), e.PrunedLabels...)
			sol.nodes[e.Node].cut = &cut
			sol.nodes[e.Node].cutStep = step
			sol.cuts++
			for _, l := range cut.PrunedLabels {
				sol.pruned[l] = int(e.Node)
				sol.want.Pruned = append(sol.want.Pruned, l)
			}
		case trace.KindLeave:
			sol.nodes[e.Node].leave = step
		}
	}
	sol.want.Values = map[string]float64{}
	for _, nd := range sol.nodes {
		switch {
		case nd.name == "":
		case ex.Kind == NegaMax:
			sol.want.Values[nd.name] = tidy(nd.side)
		default:
			sol.want.Values[nd.name] = tidy(nd.value)
		}
	}
	return sol
}

// tidy rounds v to 12 significant digits, so that an expected value such
// as 0.6×5 + 0.2×-7 + 0.2×-6 reads -3.8, not -3.8000000000000003.
func tidy(v float64) float64 {
	t, err := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 12, 64), 64)
	if err != nil {
		return v
	}
	return t
}

// hide records the edges and nodes below the pruned edges of the subtree
// at s; inside is the pruned edge s is below, or "".
func (sol *solution) hide(s tree.State, inside string) {
	if sol.hiddenLabel == nil {
		sol.hiddenLabel, sol.hiddenName = map[string]string{}, map[string]string{}
	}
	for _, a := range s.Legal(nil) {
		label, in := s.Label(a), inside
		if _, ok := sol.pruned[label]; ok && in == "" {
			in = label
		} else if in != "" {
			sol.hiddenLabel[label] = in
		}
		child := s.Play(a)
		if child.Done() {
			continue
		}
		if in != "" {
			sol.hiddenName[child.Name()] = in
		}
		sol.hide(child, in)
	}
}

// solveUCB1 checks a UCB1 exercise and picks its child.
func solveUCB1(ex Exercise) (*solution, error) {
	switch n := len(ex.Arms); {
	case n == 0:
		return nil, fmt.Errorf("exercise: the ucb1 exercise has no children")
	case n > MaxArms:
		return nil, fmt.Errorf("exercise: the ucb1 exercise has %d children, more than %d", n, MaxArms)
	case ex.Visits < 1:
		return nil, fmt.Errorf("exercise: the ucb1 exercise's parent has %d visits: want at least 1", ex.Visits)
	case !(ex.C >= 0) || math.IsInf(ex.C, 0):
		return nil, fmt.Errorf("exercise: the ucb1 exercise's C is %v: want a finite C ≥ 0", ex.C)
	}
	seen := map[string]bool{}
	for i, a := range ex.Arms {
		switch {
		case !isLabel(a.Label):
			return nil, fmt.Errorf("exercise: the ucb1 exercise's child %d has the label %q: want a label such as a1", i+1, a.Label)
		case seen[a.Label]:
			return nil, fmt.Errorf("exercise: the ucb1 exercise has two children labelled %s", a.Label)
		case a.N < 0:
			return nil, fmt.Errorf("exercise: the ucb1 exercise's child %s has %d visits: want at least 0", a.Label, a.N)
		case math.IsNaN(a.W) || math.IsInf(a.W, 0):
			return nil, fmt.Errorf("exercise: the ucb1 exercise's child %s has the total %v: want a finite number", a.Label, a.W)
		}
		seen[a.Label] = true
	}
	sol := &solution{ex: ex, scores: ex.ucbScores()}
	sol.want.Child = ex.Arms[pickUCB1(sol.scores)].Label
	return sol, nil
}

// ucbScores returns each child's UCB1 score, NaN for an unvisited child.
func (ex Exercise) ucbScores() []float64 {
	scores := make([]float64, len(ex.Arms))
	for i, a := range ex.Arms {
		scores[i] = trace.UCB1(a.W, a.N, ex.Visits, ex.C)
	}
	return scores
}

// pickUCB1 returns the child UCB1 picks, as MCTS does: the first
// unvisited one, else the first of greatest score.
func pickUCB1(scores []float64) int {
	best := -1
	for i, s := range scores {
		if math.IsNaN(s) {
			return i
		}
		if best < 0 || s > scores[best] {
			best = i
		}
	}
	return best
}
