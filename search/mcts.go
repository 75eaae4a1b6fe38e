package search

import (
	"context"
	"math"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// MCTS is Monte Carlo tree search with UCB1 (UCT), as the primer writes
// it. Each node keeps n, its visits, and w, the sum of the values backed up
// through it in the view of the side to move at the node (the primer's
// convention; the player who chose the node sees n-w). The root starts
// expanded. Each iteration walks down from the root: at a node with
// children it takes the first unvisited child in move order if there is
// one, and otherwise the child of greatest
//
//	UCB1 = (n-w)/n + C*sqrt(2*ln(t)/n)
//
// (ties to the first in move order), t being the sum of the children's
// visits. At a leaf (a node without children) the value is the outcome
// if the game is over there, else the outcome of a random playout from it.
// Every node on the path then gets n+1 and adds the value in its own view:
// v at the leaf, 1-v at its parent, v again above, and so on. A leaf
// where the game is not over is expanded (all its children added) when its
// visits reach opts.ExpandThreshold.
//
// After opts.Playouts iterations (or fewer, when opts.TimeLimit passes),
// MCTS chooses the root child with the most visits, ties to the first in
// move order, not the best win rate. Result.Value is that child's win rate
// for the root player, 0.5 if it has no visits. Nodes counts the tree's
// nodes, the root included; Evals the playouts and terminal evaluations;
// Cuts is 0. A node budget or a cancelled context (checked before the
// first iteration and every 4096 iterations) stops it with the best move
// so far and ErrBudget or the context's error.
//
// Because a leaf is expanded only after the iteration that brings it to
// the threshold has been backed up, the root's n is the number of
// iterations run, and every other node with children has n equal to the
// sum of its children's n plus the threshold (its visits as a leaf).
//
// Traced: the root's node, its children's nodes and an expand event of the
// root; then, for each iteration i, an iteration event i and an enter event
// of the root; at each node with children a select event naming the chosen
// child, with one score per child in move order {child, action, W: n-w,
// the total in the chooser's view, N: n, UCB: as above, NaN when N is 0},
// then an enter event of the chosen child; at the leaf, an eval event
// (Terminal, the Score of the leaf's state, in its side to move's view)
// if the game is over there, else a playout event (its result in the root
// player's view, 1 win, 0.5 draw, 0 loss, and its length); a backprop event
// whose path runs from the leaf up to the root, with the values added to
// each node's w (each in the view of the side to move at that node, so
// they alternate v, 1-v, v, ...); leave events from the leaf up to the
// root; and, if the leaf was expanded, its children's node events and an
// expand event. At the end, a value event for the root with the chosen
// child as best and its win rate, a note if the search stopped early, and
// the decision.
func MCTS[S Alternating[S]](ctx context.Context, root S, opts MonteCarloOptions) (Result, error) {
	if err := opts.check(); err != nil {
		return Result{Action: -1}, err
	}
	e := newMC[S](ctx, opts)
	return e.run(root, e.mcts, e.mostVisited)
}

func (e *mc[S]) mcts() {
	threshold := e.opts.ExpandThreshold
	for range e.iterations(e.opts.Playouts) {
		path := append(e.path[:0], 0)
		cur := int32(0)
		for e.nodes[cur].count > 0 {
			cur = e.selectChild(cur)
			path = append(path, cur)
		}
		e.path = path
		depth := len(path) - 1
		leaf := &e.nodes[cur]
		e.evals++
		var v float64 // in the view of the side to move at the leaf
		if leaf.done {
			score := leaf.state.Score()
			v = Outcome(score)
			if e.tr != nil {
				e.emitEval(cur, score)
			}
		} else {
			var plies int
			v, plies = e.playout(leaf.state)
			if e.tr != nil {
				e.emitPlayout(cur, depth, v, plies)
			}
		}
		x := v
		for i := len(path) - 1; i >= 0; i-- {
			n := &e.nodes[path[i]]
			n.w += x
			n.n++
			x = 1 - x
		}
		if e.tr != nil {
			e.emitBackprop(path, v, true)
		}
		if leaf := &e.nodes[cur]; !leaf.done && leaf.n == threshold {
			if !e.expand(cur, depth) {
				return
			}
		}
	}
}

// selectChild returns the child of node id that UCB1 selects, reporting
// the choice when tracing.
func (e *mc[S]) selectChild(id int32) int32 {
	p := &e.nodes[id]
	kids := e.nodes[p.first : p.first+p.count]
	best := -1
	t := 0
	for i := range kids {
		if kids[i].n == 0 {
			best = i
			break
		}
		t += kids[i].n
	}
	if best < 0 {
		best = 0
		logt, c := math.Log(float64(t)), e.opts.C
		bestU := math.Inf(-1)
		for i := range kids {
			k := &kids[i]
			if u := ucb1(float64(k.n)-k.w, k.n, logt, c); u > bestU {
				best, bestU = i, u
			}
		}
	}
	chosen := p.first + int32(best)
	if e.tr != nil {
		e.emitSelect(id, chosen)
	}
	return chosen
}

// mostVisited returns the root child with the most visits, ties to the
// first.
func (e *mc[S]) mostVisited() int32 {
	root := &e.nodes[0]
	best := root.first
	for c := root.first + 1; c < root.first+root.count; c++ {
		if e.nodes[c].n > e.nodes[best].n {
			best = c
		}
	}
	return best
}

// emitSelect reports the selection of chosen among the children of node
// id, with every child's statistics in the chooser's view, and enters it.
//
//go:noinline
func (e *mc[S]) emitSelect(id, chosen int32) {
	p := e.nodes[id]
	kids := e.nodes[p.first : p.first+p.count]
	t := 0
	for i := range kids {
		t += kids[i].n
	}
	logt := math.Log(float64(t))
	e.scores = e.scores[:0]
	for i := range kids {
		k := &kids[i]
		s := trace.Score{Child: trace.NodeID(p.first + int32(i)), Action: int(k.action), W: float64(k.n) - k.w, N: k.n, UCB: math.NaN()}
		if k.n > 0 {
			s.UCB = ucb1(s.W, k.n, logt, e.opts.C)
		}
		e.scores = append(e.scores, s)
	}
	e.tr.Emit(trace.Event{Kind: trace.KindSelect, Node: trace.NodeID(id), Child: trace.NodeID(chosen), Scores: e.scores, Visits: t, Explore: e.opts.C})
	e.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: trace.NodeID(chosen)})
}

// emitPlayout reports a playout from node id at depth whose outcome is v
// in the view of the side to move at the node.
//
//go:noinline
func (e *mc[S]) emitPlayout(id int32, depth int, v float64, plies int) {
	if depth%2 == 1 {
		v = 1 - v
	}
	e.tr.Emit(trace.Event{Kind: trace.KindPlayout, Node: trace.NodeID(id), Result: v, Length: plies})
}

// MCTSEntry is MCTS for the catalog.
func MCTSEntry[S Alternating[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "mcts", Family: FamilyAlternating, Measures: MeasureVisits,
			Help:   "MCTS (UCT): grow a tree by UCB1 selection and random playouts, take the most visited move",
			Params: []spec.Param{paramMCTSPlayouts, paramMCTSTime, paramC, paramExpand, paramSeed, paramNodes},
			Code: Code{
				line("function MCTS(root, iterations, C, threshold)", onIf(trace.KindNode, newRoot)),
				line("  expand root", onIf(trace.KindExpand, atRoot), onIf(trace.KindNode, rootsChild)),
				line("  repeat iterations times", on(trace.KindIteration)),
				line("    node ← root", onIf(trace.KindEnter, atRoot)),
				line("    while node has children do               ▷ 1. select"),
				line("      node ← the child of best UCB1 = w/n + C·√(2·ln t / n)   ▷ unvisited first", onIf(trace.KindEnter, not(atRoot)), on(trace.KindSelect)),
				line("    value ← PLAYOUT(node)                      ▷ 2. play out: random moves to the end", on(trace.KindPlayout), on(trace.KindEval)),
				line("    for each node on the path up to the root   ▷ 3. backpropagate", on(trace.KindLeave)),
				line("      n ← n + 1; w ← w + value (for the player who moved there)", on(trace.KindBackprop)),
				line("    if the leaf's n reaches threshold then expand it   ▷ 4. expand", onIf(trace.KindExpand, not(atRoot)), onIf(trace.KindNode, both(not(newRoot), not(rootsChild)))),
				line("  return the child of root with the most visits", on(trace.KindValue)),
			},
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return MCTS(ctx, root, treeOptions(v, tracing, paramMCTSPlayouts, paramMCTSTime, paramC, paramExpand))
		},
	}
}

// rootsChild holds for the node event of a child the root gets before its
// first visit: MCTS expands the root before its first iteration.
func rootsChild(t *trace.Tree, e trace.Event) bool {
	return e.Kind == trace.KindNode && e.Parent == t.Root() && t.Node(t.Root()).Visits == 0
}
