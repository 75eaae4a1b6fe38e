package search

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// DefaultDUCTExpandThreshold is the number of visits after which a DUCT
// leaf is expanded, as in the primer's sample code.
const DefaultDUCTExpandThreshold = 5

// ductNode is one node of a DUCT tree: a state where both players move at
// once, the state itself being kept apart (in states, at the same index)
// so that the walk down the tree reads small nodes. Its rows*cols children
// are stored together, row-major, at nodes[first : first+rows*cols]: the
// child of player 0's i-th legal action and player 1's j-th is
// nodes[first+i*cols+j]. Its players' statistics are at
// stats[stat : stat+rows] (player 0's actions) and
// stats[stat+rows : stat+rows+cols] (player 1's).
type ductNode struct {
	n     int   // visits
	t     int   // visits since it has children: the sum of either player's action visits
	pair  int32 // i*M + j, the indices of the two actions in the parent's legal lists; -1 at the root
	first int32 // the first child's index
	stat  int32 // the first statistic's index
	rows  int32 // player 0's legal actions; 0 for a leaf
	cols  int32 // player 1's legal actions; 0 for a leaf
	done  bool  // the game is over
}

// ductStat is what one player knows about one of its actions at a node:
// the values backed up through it, summed in that player's view, and its
// visits, both over every action of the other player.
type ductStat struct {
	w      float64
	n      int
	action int32
}

// duct holds one DUCT search.
type duct[S Simultaneous[S]] struct {
	monteCarlo
	opts   MonteCarloOptions
	nodes  []ductNode
	states []S // the nodes' states
	stats  []ductStat
	moves0 []int   // player 0's legal-move buffer, reused
	moves1 []int   // player 1's
	path   []int32 // the nodes of the current iteration, root first, reused
	picks  []int32 // the pair of action indices chosen at each node of path but the last, reused
}

// DUCT is Decoupled UCT, Monte Carlo tree search for games in which both
// players move at once, as the primer writes it. A node is a state; its
// children form an N×M matrix, one per pair of player 0's N legal actions
// and player 1's M, row-major (player 0's action major). Each player keeps,
// for each of its own actions at the node, n, its visits, and w, the sum
// of the values backed up through it in that player's view, both summed
// over the other player's actions. The root starts expanded.
//
// Each iteration walks down from the root. At a node with children each
// player picks one of its own actions, independently of the other: its
// first unvisited action in legal order if it has one, else the action of
// greatest
//
//	UCB1 = w/n + C*sqrt(2*ln(t)/n)
//
// (ties to the first in legal order), t being the sum of the player's n
// over its actions, which is the same for both players; the pair of
// choices names the child to walk to. At a leaf (a node without children)
// the value v, in player 0's view, is the outcome if the game is over
// there (the sign of Score: 1 win, 0.5 draw, 0 loss), else the outcome of
// a random playout from it, in which both players play uniformly random
// legal actions (player 0's drawn first) until the game is over (until a
// player has no legal action). Every
// node on the path then gets n+1, and at every node above the leaf the
// chosen action of player 0 gets n+1 and w+v, player 1's n+1 and w+1-v
// (the game is zero-sum). A leaf where the game is not over is expanded
// (all N×M children added) when its visits reach opts.ExpandThreshold
// (0 means DefaultDUCTExpandThreshold).
//
// After opts.Playouts iterations (or fewer, when opts.TimeLimit passes),
// DUCT chooses player 0's action with the most visits at the root, ties
// to the first in legal order, and reports player 1's most visited
// action, chosen the same way, as Result.Action1 (-1 with no action).
// Result.Value is player 0's action's win rate for player 0 (w/n; 0.5 if
// it has no visits). Nodes counts the tree's nodes,
// the root included; Evals the playouts and terminal evaluations; Cuts is
// 0. A node budget (opts.MaxNodes: no expansion may make the tree larger,
// the root included) or a cancelled context (checked before the first
// iteration and every 4096 iterations) stops it with the best action so
// far and ErrBudget or the context's error. A root where the game is over
// (or a player has no legal action) is evaluated instead: no action, its
// outcome as the value.
//
// Two choices differ from the primer's sample code, which is otherwise
// followed: the sample visits every pair once, in row-major order, before
// any player uses UCB1, where DUCT here lets each player try its own
// unvisited actions first (so a pair may stay unvisited), as decoupled
// selection defines it; and the sample's player 1 scores an action with
// 1-w where w is player 0's total, where here it is n-w, player 1's own
// total.
//
// Traced: the root's node and its children's node events, row-major, then
// an expand event of the root. Every node is of type joint; a child's
// Action is i*M+j, i and j being the indices of the two players' actions in
// their legal lists at the parent (M: player 1's number of legal actions
// there), its Label is Label(0, a0)+"/"+Label(1, a1), e.g. "up/left", for
// display, and its Joint holds a0 and a1 with their labels.
// For each iteration i: an iteration event i and an enter event of the
// root; at each node with children two select events naming the chosen
// child, player 0's then player 1's, each with one score per action of
// that player in legal order {Child: NoNode, Action: the action, W: its w
// in that player's view, N: its n, UCB: as above, NaN when N is 0}, then
// an enter event of the child; at the leaf, an eval event (Terminal, the
// Score of the leaf's state, in player 0's view) if the game is over
// there, else a playout event (its result in player 0's view and the
// number of turns played); a backprop event whose path runs from the leaf
// up to the root, with the value v at every node (joint nodes hold values
// in player 0's view); leave events from the leaf up to the root; and, if
// the leaf was expanded, its children's node events and an expand event.
// At the end: a value event for the root with player 0's chosen action's
// win rate and, as best, the child of that action and player 1's most
// visited one; a note naming player 1's most visited action, if it has
// visits; a note if the search stopped early; and the decision.
func DUCT[S Simultaneous[S]](ctx context.Context, root S, opts MonteCarloOptions) (Result, error) {
	if opts.ExpandThreshold == 0 {
		opts.ExpandThreshold = DefaultDUCTExpandThreshold
	}
	if err := opts.check(); err != nil {
		return Result{Action: -1, Action1: -1}, err
	}
	e := &duct[S]{monteCarlo: newMonteCarlo(ctx, opts), opts: opts, moves0: make([]int, 0, 8), moves1: make([]int, 0, 8), path: make([]int32, 0, 16), picks: make([]int32, 0, 32)}
	return e.run(root)
}

// run creates the root and expands it, runs the iterations and turns the
// most visited actions into a Result, reporting the value and decision.
func (e *duct[S]) run(root S) (Result, error) {
	e.nodes = append(e.nodes, ductNode{pair: -1, done: root.Done()})
	e.states = append(e.states, root)
	if e.tr != nil {
		emitNode(&e.monteCarlo, jointRoot(), root)
	}
	res := Result{Action: -1, Action1: -1}
	best0, best1 := -1, -1
	e.moves0, e.moves1 = root.Legal(0, e.moves0[:0]), root.Legal(1, e.moves1[:0])
	switch {
	case e.nodes[0].done || len(e.moves0) == 0 || len(e.moves1) == 0:
		res.Value = e.evalRoot(root.Score())
	default:
		res.Value = 0.5 // nothing visited, as when the budget forbids the root's children
		e.reserve(len(e.moves0) * len(e.moves1))
		if !e.expand(0, 0) {
			break
		}
		e.search()
		r := &e.nodes[0]
		s0, s1 := e.stats[r.stat:r.stat+r.rows], e.stats[r.stat+r.rows:r.stat+r.rows+r.cols]
		best0, best1 = mostVisitedAction(s0), mostVisitedAction(s1)
		res.Action = int(s0[best0].action)
		res.Label = root.Label(0, res.Action)
		res.Action1 = int(s1[best1].action)
		if s := s0[best0]; s.n > 0 {
			res.Value = s.w / float64(s.n)
		}
	}
	res.Counters = trace.Counters{Nodes: len(e.nodes), Evals: e.evals, Elapsed: e.elapsed()}
	if e.tr != nil {
		e.emitEnd(res, best0, best1)
	}
	return res, e.err
}

// maxReserve is the most nodes reserve allocates room for at once.
const maxReserve = 1 << 16

// reserve makes room for the nodes and statistics the search will likely
// create, so that the tree rarely grows by copying: at most one expansion
// per opts.ExpandThreshold iterations (each iteration ends at one leaf, and
// a leaf is expanded after that many), each adding about as many children
// as the root has, kids; never more than the node budget or maxReserve.
func (e *duct[S]) reserve(kids int) {
	n := maxReserve
	if per := e.opts.Playouts/e.opts.ExpandThreshold + 1; per < maxReserve {
		n = min(n, 1+kids*per)
	}
	if e.opts.MaxNodes > 0 {
		n = min(n, e.opts.MaxNodes)
	}
	e.nodes = slices.Grow(e.nodes, n-len(e.nodes))
	e.states = slices.Grow(e.states, n-len(e.states))
	e.stats = slices.Grow(e.stats, n)
}

// mostVisitedAction returns the index of the action with the most visits,
// ties to the first.
func mostVisitedAction(stats []ductStat) int {
	best := 0
	for i := 1; i < len(stats); i++ {
		if stats[i].n > stats[best].n {
			best = i
		}
	}
	return best
}

// expand adds every child of node id, at depth plies from the root, to the
// tree, with its players' statistics, or reports false, setting e.err,
// when the node budget forbids it. A node where a player has no legal
// action stays a leaf.
func (e *duct[S]) expand(id int32, depth int) bool {
	s := e.states[id]
	e.moves0, e.moves1 = s.Legal(0, e.moves0[:0]), s.Legal(1, e.moves1[:0])
	rows, cols := len(e.moves0), len(e.moves1)
	if rows == 0 || cols == 0 {
		return true
	}
	if e.opts.MaxNodes > 0 && len(e.nodes)+rows*cols > e.opts.MaxNodes {
		e.err = fmt.Errorf("%w (%d nodes: expanding node %d would add %d to %d)", ErrBudget, e.opts.MaxNodes, id, rows*cols, len(e.nodes))
		return false
	}
	first, stat := len(e.nodes), len(e.stats)
	for i, a0 := range e.moves0 {
		for j, a1 := range e.moves1 {
			c := s.Play(a0, a1)
			e.nodes = append(e.nodes, ductNode{pair: int32(i*cols + j), done: c.Done()})
			e.states = append(e.states, c)
		}
	}
	for _, a := range e.moves0 {
		e.stats = append(e.stats, ductStat{action: int32(a)})
	}
	for _, a := range e.moves1 {
		e.stats = append(e.stats, ductStat{action: int32(a)})
	}
	n := &e.nodes[id]
	n.first, n.stat, n.rows, n.cols = int32(first), int32(stat), int32(rows), int32(cols)
	if e.tr != nil {
		e.emitExpand(id, depth)
	}
	return true
}

func (e *duct[S]) search() {
	threshold := e.opts.ExpandThreshold
	for range e.iterations(e.opts.Playouts) {
		path, picks := append(e.path[:0], 0), e.picks[:0]
		cur := int32(0)
		for e.nodes[cur].rows > 0 {
			n := &e.nodes[cur]
			s0, s1 := e.stats[n.stat:n.stat+n.rows], e.stats[n.stat+n.rows:n.stat+n.rows+n.cols]
			logt := math.Log(float64(n.t))
			i, j := e.pick(s0, logt), e.pick(s1, logt)
			child := n.first + int32(i)*n.cols + int32(j)
			if e.tr != nil {
				e.emitSelect(cur, child, s0, s1, n.t)
			}
			picks = append(picks, int32(i), int32(j))
			cur = child
			path = append(path, cur)
		}
		e.path, e.picks = path, picks
		depth := len(path) - 1
		leaf := &e.nodes[cur]
		e.evals++
		var v float64 // in player 0's view
		if leaf.done {
			score := e.states[cur].Score()
			v = Outcome(score)
			if e.tr != nil {
				e.emitEval(cur, score)
			}
		} else {
			var turns int
			v, turns = jointPlayout(&e.random, e.states[cur], &e.moves0, &e.moves1)
			if e.tr != nil {
				e.emitPlayout(cur, v, turns)
			}
		}
		for k, id := range path {
			n := &e.nodes[id]
			n.n++
			if k < depth {
				n.t++
				s0 := &e.stats[n.stat+picks[2*k]]
				s0.w += v
				s0.n++
				s1 := &e.stats[n.stat+n.rows+picks[2*k+1]]
				s1.w += 1 - v
				s1.n++
			}
		}
		if e.tr != nil {
			e.emitBackprop(path, v, false)
		}
		if leaf := &e.nodes[cur]; !leaf.done && leaf.n == threshold {
			if !e.expand(cur, depth) {
				return
			}
		}
	}
}

// pick returns the index of the action one player selects among its
// statistics stats at a node whose visits have log logt: the first
// unvisited one, else the first of greatest UCB1.
func (e *duct[S]) pick(stats []ductStat, logt float64) int {
	best, bestU := 0, math.Inf(-1)
	for a := range stats {
		if stats[a].n == 0 {
			return a
		}
		if u := ucb1(stats[a].w, stats[a].n, logt, e.opts.C); u > bestU {
			best, bestU = a, u
		}
	}
	return best
}

// emitExpand reports the children of node id, just added, row-major, and
// the expand event.
//
//go:noinline
func (e *duct[S]) emitExpand(id int32, depth int) {
	p := e.nodes[id]
	s0, s1 := e.stats[p.stat:p.stat+p.rows], e.stats[p.stat+p.rows:p.stat+p.rows+p.cols]
	e.ids = e.ids[:0]
	for c := p.first; c < p.first+p.rows*p.cols; c++ {
		k := &e.nodes[c]
		i, j := k.pair/p.cols, k.pair%p.cols
		a0, a1 := int(s0[i].action), int(s1[j].action)
		emitNode(&e.monteCarlo, jointChild(trace.NodeID(c), trace.NodeID(id), int(k.pair), e.states[id], a0, a1, depth+1), e.states[c])
		e.ids = append(e.ids, trace.NodeID(c))
	}
	e.tr.Emit(trace.Event{Kind: trace.KindExpand, Node: trace.NodeID(id), Children: e.ids})
}

// emitSelect reports both players' choices at node id, whose statistics
// are s0 and s1 after t visits, and enters the chosen child.
//
//go:noinline
func (e *duct[S]) emitSelect(id, chosen int32, s0, s1 []ductStat, t int) {
	logt := math.Log(float64(t))
	for _, stats := range [2][]ductStat{s0, s1} {
		e.scores = e.scores[:0]
		for _, st := range stats {
			s := trace.Score{Child: trace.NoNode, Action: int(st.action), W: st.w, N: st.n, UCB: math.NaN()}
			if st.n > 0 {
				s.UCB = ucb1(st.w, st.n, logt, e.opts.C)
			}
			e.scores = append(e.scores, s)
		}
		e.tr.Emit(trace.Event{Kind: trace.KindSelect, Node: trace.NodeID(id), Child: trace.NodeID(chosen), Scores: e.scores, Visits: t, Explore: e.opts.C})
	}
	e.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: trace.NodeID(chosen)})
}

//go:noinline
func (e *duct[S]) emitPlayout(id int32, v float64, turns int) {
	e.tr.Emit(trace.Event{Kind: trace.KindPlayout, Node: trace.NodeID(id), Result: v, Length: turns})
}

// emitEnd reports player 0's chosen action at the root and player 1's
// most visited one (indices best0 and best1, -1 when there are none), as
// the root's value and best child, a note if the search stopped early,
// and the decision.
//
//go:noinline
func (e *duct[S]) emitEnd(res Result, best0, best1 int) {
	if best0 >= 0 {
		r := &e.nodes[0]
		best := r.first + int32(best0)*r.cols + int32(best1)
		// The best child's joint action names player 1's most visited
		// action too, which the decision's words give.
		e.tr.Emit(trace.Event{Kind: trace.KindValue, Node: 0, Value: res.Value, Best: trace.NodeID(best)})
	}
	e.emitDecision(e.tr, res)
}

// DUCTEntry is DUCT for the catalog.
func DUCTEntry[S Simultaneous[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "duct", Family: FamilySimultaneous, Measures: MeasureVisits,
			Help:   "DUCT (decoupled UCT): MCTS where both players move at once, each choosing its action by UCB1 over its own statistics; take player A's most visited action",
			Params: []spec.Param{paramDUCTPlayouts, paramDUCTTime, paramDUCTC, paramDUCTExpand, paramSeed, paramNodes},
			Code: Code{
				line("function DUCT(root, iterations, C, threshold)", onIf(trace.KindNode, newRoot)),
				line("  repeat iterations times", on(trace.KindIteration)),
				line("    node ← root", onIf(trace.KindEnter, atRoot)),
				line("    while node has children do                  ▷ 1. select, each player on its own"),
				line("      a ← A's action of best UCB1 over A's stats at node   ▷ w, n summed over B's actions", onIf(trace.KindSelect, not(secondSelect))),
				line("      b ← B's action of best UCB1 over B's stats at node   ▷ B counts 1 − value", onIf(trace.KindSelect, secondSelect)),
				line("      node ← the child of the pair (a, b)", onIf(trace.KindEnter, not(atRoot))),
				line("    value ← PLAYOUT(node)                       ▷ 2. play out: both move at random", on(trace.KindPlayout), on(trace.KindEval)),
				line("    for each node on the path up to the root    ▷ 3. backpropagate", on(trace.KindLeave)),
				line("      A's stats for a gain value; B's stats for b gain 1 − value", on(trace.KindBackprop)),
				line("    if the leaf's n reaches threshold then expand it: all N×M pairs   ▷ 4. expand", onIf(trace.KindNode, not(newRoot)), on(trace.KindExpand)),
				line("  return A's action with the most visits at root", on(trace.KindValue), on(trace.KindNote)),
			},
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return DUCT(ctx, root, treeOptions(v, tracing, paramDUCTPlayouts, paramDUCTTime, paramDUCTC, paramDUCTExpand))
		},
	}
}
