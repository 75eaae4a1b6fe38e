package search

import (
	"context"
	"fmt"
	"math"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// Defaults of the Monte Carlo engines, as in the primer's sample code.
const (
	DefaultC               = 1.0 // UCB1's exploration constant
	DefaultExpandThreshold = 10  // visits after which an MCTS leaf is expanded
)

// MonteCarloOptions are the limits of the Monte Carlo engines PMC, MCTS and
// DUCT.
// PMC uses Playouts, Seed, MaxNodes, Tracer, Boards and Now.
//
// Both engines score a game as the primer does: a random playout plays
// uniformly random legal moves until the game is over, and the outcome is
// read from the sign of the final state's Score, which is from the view of
// the side to move there: > 0 it has won, < 0 it has lost, 0 a draw. An
// outcome is worth 1 for a win, 0.5 for a draw and 0 for a loss.
//
// The randomness comes from a PCG generator (math/rand/v2) seeded with
// Seed alone, so that a search, and its trace, is reproducible: the same
// root, options and seed give the same result and the same events.
type MonteCarloOptions struct {
	// Playouts is, for PMC, the number of playouts per legal root move and,
	// for MCTS, the number of iterations (each ends with one playout or one
	// terminal evaluation). At least 1.
	Playouts int
	// C is the exploration constant of MCTS's UCB1, at least 0. It is used
	// as given: the primer, and the catalog's default, use DefaultC (1).
	C float64
	// ExpandThreshold is the number of visits after which an MCTS or DUCT
	// leaf gets its children; 0 means DefaultExpandThreshold for MCTS and
	// DefaultDUCTExpandThreshold for DUCT.
	ExpandThreshold int
	// Seed seeds the random playouts.
	Seed uint64
	// Limits: MaxNodes stops the search before an expansion that would
	// make the tree larger than this many nodes, the root included. PMC
	// ignores TimeLimit; MCTS and DUCT read its clock before each
	// iteration but the first, and stop with the best move so far, even if
	// fewer than Playouts iterations have run.
	Limits
	Tracing
}

func (o *MonteCarloOptions) check() error {
	switch {
	case o.Playouts < 1:
		return fmt.Errorf("search: playouts %d is less than 1", o.Playouts)
	case !(o.C >= 0) || math.IsInf(o.C, 1):
		return fmt.Errorf("search: exploration constant c=%v is not a finite number >= 0", o.C)
	case o.ExpandThreshold < 0:
		return fmt.Errorf("search: expand threshold %d is negative", o.ExpandThreshold)
	}
	if o.ExpandThreshold == 0 {
		o.ExpandThreshold = DefaultExpandThreshold
	}
	return o.Limits.check()
}

// mcNode is one node of a Monte Carlo tree. Its children are stored
// together, at nodes[first : first+count].
type mcNode[S any] struct {
	state  S
	w      float64 // the values backed up through the node, summed in the view of the side to move at the node
	n      int     // visits
	action int32   // the action from the parent; -1 at the root
	first  int32   // the first child's index
	count  int32   // the number of children; 0 for a leaf
	done   bool    // state.Done()
}

// mc holds what the Monte Carlo engines share during one search.
type mc[S Alternating[S]] struct {
	limiter
	random
	mcTracer
	opts  MonteCarloOptions
	nodes []mcNode[S]
	moves []int   // the legal-move buffer, reused
	path  []int32 // the nodes of the current iteration, root first, reused
	evals int
}

func newMC[S Alternating[S]](ctx context.Context, opts MonteCarloOptions) *mc[S] {
	return &mc[S]{limiter: newLimiter(ctx, opts.Limits), random: newRandom(opts.Seed), mcTracer: mcTracer{tr: opts.Tracer}, opts: opts, moves: make([]int, 0, 16), path: make([]int32, 0, 16)}
}

// outcome turns a terminal score, in the side to move's view, into a
// result in the same view: 1 win, 0.5 draw, 0 loss.
func outcome(score float64) float64 {
	switch {
	case score > 0:
		return 1
	case score < 0:
		return 0
	}
	return 0.5
}

// ucb1 is UCB1 for a child with total w (in the chooser's view) over n
// visits, where logt is the log of its siblings' total visits. The explicit
// conversion keeps the compiler from fusing the sum, so the engine and a
// reader of its trace compute the same number.
func ucb1(w float64, n int, logt, c float64) float64 {
	fn := float64(n)
	return w/fn + float64(c*math.Sqrt(2*logt/fn))
}

// playout plays uniformly random legal moves from s until none is left and
// returns the outcome in the view of the side to move at s, and the number
// of plies played.
func (e *mc[S]) playout(s S) (float64, int) {
	plies := 0
	for {
		e.moves = s.Legal(e.moves[:0])
		if len(e.moves) == 0 {
			break
		}
		s = s.Play(e.moves[e.intn(len(e.moves))])
		plies++
	}
	v := outcome(s.Score())
	if plies%2 == 1 {
		v = 1 - v
	}
	return v, plies
}

// expand adds every child of node id, at depth plies from the root, to the
// tree, or reports false, setting e.err, when the node budget forbids it.
func (e *mc[S]) expand(id int32, depth int) bool {
	s := e.nodes[id].state
	e.moves = s.Legal(e.moves[:0])
	if !e.fits(len(e.nodes), len(e.moves)) {
		return false
	}
	first := len(e.nodes)
	for _, a := range e.moves {
		c := s.Play(a)
		e.nodes = append(e.nodes, mcNode[S]{state: c, action: int32(a), done: c.Done()})
	}
	e.nodes[id].first, e.nodes[id].count = int32(first), int32(len(e.moves))
	if e.tr != nil {
		e.emitExpand(id, depth)
	}
	return true
}

// winRate is node id's win rate for the player who chose it (its parent's
// side to move); 0.5 when it has no visits.
func (e *mc[S]) winRate(id int32) float64 {
	n := &e.nodes[id]
	if n.n == 0 {
		return 0.5
	}
	return (float64(n.n) - n.w) / float64(n.n)
}

// run creates the root and expands it, runs search, and turns the root
// child that choose picks into a Result, reporting the value and decision.
// A root without moves is evaluated instead: the result is its outcome.
func (e *mc[S]) run(root S, search func(), choose func() int32) (Result, error) {
	e.nodes = append(e.nodes, mcNode[S]{state: root, action: -1, done: root.Done()})
	if e.tr != nil {
		e.emitNode(0, trace.NoNode, -1, "", 0, root)
	}
	res := Result{Action: -1}
	var best int32 = -1
	switch {
	case e.nodes[0].done || len(root.Legal(e.moves[:0])) == 0:
		score := root.Score()
		e.evals++
		res.Value = outcome(score)
		if e.tr != nil {
			e.tr.Emit(trace.Event{Kind: trace.KindEval, Node: 0, Value: score, Terminal: true})
		}
	default:
		res.Value = 0.5 // nothing visited, as when the budget forbids the root's children
		if !e.expand(0, 0) {
			break
		}
		search()
		best = choose()
		res.Action = int(e.nodes[best].action)
		res.Label = root.Label(res.Action)
		res.Value = e.winRate(best)
	}
	res.Counters = trace.Counters{Nodes: len(e.nodes), Evals: e.evals, Elapsed: e.elapsed()}
	if e.tr != nil {
		e.emitEnd(res, best)
	}
	return res, e.err
}

// PMC is Primitive Monte Carlo, as the primer writes it: for each legal
// root move, in move order, it runs opts.Playouts random playouts from the
// state after the move, and it chooses the move with the best win rate for
// the root player (ties to the first in move order). Result.Value is that
// win rate (1 win, 0.5 draw, 0 loss; see MonteCarloOptions). Nodes counts
// the root and its children, Evals the playouts. A context cancelled
// during the search stops it with the context's error and the best move
// among those with playouts (the first move, valued 0.5, if none has).
//
// Traced: the root's node, its children's nodes and an expand event of
// the root; then, for each root child in move order, an iteration event
// (1 for the first move, 2 for the second, ...) and for each playout an
// enter event of the child, a playout event (its result in the root
// player's view), a backprop event with path [child, root] and values
// [1-r, r] for a result r (each node's value in the view of its side to
// move; a playout from a state where the game is over has length 0) and a
// leave event. At the end, a value event for the root with the chosen
// child as best and its win rate, a note if the search stopped early, and
// the decision.
func PMC[S Alternating[S]](ctx context.Context, root S, opts MonteCarloOptions) (Result, error) {
	if err := opts.check(); err != nil {
		return Result{Action: -1}, err
	}
	e := newMC[S](ctx, opts)
	return e.run(root, e.pmc, e.bestRate)
}

func (e *mc[S]) pmc() {
	root := &e.nodes[0]
	count := 0
	for c := root.first; c < root.first+root.count; c++ {
		if e.tr != nil {
			e.tr.Emit(trace.Event{Kind: trace.KindIteration, Iteration: int(c - root.first + 1)})
		}
		for range e.opts.Playouts {
			if count%ctxCheckInterval == 0 {
				if err := e.ctx.Err(); err != nil {
					e.err = fmt.Errorf("search: stopped after %d playouts: %w", count, err)
					return
				}
			}
			count++
			child := &e.nodes[c]
			v, plies := e.playout(child.state) // in the child's side-to-move view
			e.evals++
			child.w += v
			child.n++
			root.w += 1 - v
			root.n++
			if e.tr != nil {
				e.emitPMCPlayout(c, v, plies)
			}
		}
	}
}

// bestRate returns the root child with the best win rate among those with
// playouts, ties to the first; the first child if none has any.
func (e *mc[S]) bestRate() int32 {
	root := &e.nodes[0]
	best, rate := root.first, math.Inf(-1)
	for c := root.first; c < root.first+root.count; c++ {
		if e.nodes[c].n > 0 {
			if r := e.winRate(c); r > rate {
				best, rate = c, r
			}
		}
	}
	return best
}

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
	for it := 1; it <= e.opts.Playouts; it++ {
		if e.stopsBefore(it) {
			return
		}
		if e.tr != nil {
			e.emitIteration(it)
		}
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
			v = outcome(score)
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

//go:noinline
func (e *mc[S]) emitNode(id, parent trace.NodeID, action int, label string, depth int, s S) {
	ev := trace.Event{Kind: trace.KindNode, Node: id, Parent: parent, Action: action, Label: label, Depth: depth, Type: nodeType(depth)}
	if e.opts.Boards {
		ev.Board = s.String()
	}
	e.tr.Emit(ev)
}

// emitExpand reports the children of node id, just added, and the expand
// event.
//
//go:noinline
func (e *mc[S]) emitExpand(id int32, depth int) {
	p := e.nodes[id]
	e.ids = e.ids[:0]
	for c := p.first; c < p.first+p.count; c++ {
		k := &e.nodes[c]
		e.emitNode(trace.NodeID(c), trace.NodeID(id), int(k.action), p.state.Label(int(k.action)), depth+1, k.state)
		e.ids = append(e.ids, trace.NodeID(c))
	}
	e.tr.Emit(trace.Event{Kind: trace.KindExpand, Node: trace.NodeID(id), Children: e.ids})
}

//go:noinline
func (e *mc[S]) emitIteration(it int) {
	e.tr.Emit(trace.Event{Kind: trace.KindIteration, Iteration: it})
	e.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: 0})
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
	e.tr.Emit(trace.Event{Kind: trace.KindSelect, Node: trace.NodeID(id), Child: trace.NodeID(chosen), Scores: e.scores})
	e.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: trace.NodeID(chosen)})
}

//go:noinline
func (e *mc[S]) emitEval(id int32, score float64) {
	e.tr.Emit(trace.Event{Kind: trace.KindEval, Node: trace.NodeID(id), Value: score, Terminal: true})
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

// emitPMCPlayout reports one PMC playout from root child c, whose outcome
// is v in the child's view.
//
//go:noinline
func (e *mc[S]) emitPMCPlayout(c int32, v float64, plies int) {
	id := trace.NodeID(c)
	e.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: id})
	e.tr.Emit(trace.Event{Kind: trace.KindPlayout, Node: id, Result: 1 - v, Length: plies})
	e.ids = append(e.ids[:0], id, 0)
	e.values = append(e.values[:0], v, 1-v)
	e.tr.Emit(trace.Event{Kind: trace.KindBackprop, Path: e.ids, Values: e.values})
	e.tr.Emit(trace.Event{Kind: trace.KindLeave, Node: id})
}

// emitEnd reports the chosen root child (if any), a note if the search
// stopped early, and the decision.
//
//go:noinline
func (e *mc[S]) emitEnd(res Result, best int32) {
	if best >= 0 {
		e.tr.Emit(trace.Event{Kind: trace.KindValue, Node: 0, Value: res.Value, Best: trace.NodeID(best)})
	}
	e.emitDecision(e.tr, res)
}

// PMCEntry is Primitive Monte Carlo for the catalog.
func PMCEntry[S Alternating[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "pmc", Family: FamilyAlternating,
			Help:   "Primitive Monte Carlo: random playouts after each root move, take the best win rate",
			Params: []spec.Param{paramPMCPlayouts, paramSeed, paramNodes},
			Code: Code{
				line("function PRIMITIVEMONTECARLO(root, playouts)", onIf(trace.KindNode, newRoot), onIf(trace.KindEval, atRoot)),
				line("  for each action of root do", onIf(trace.KindNode, not(newRoot)), on(trace.KindExpand), on(trace.KindIteration)),
				line("    repeat playouts times", on(trace.KindEnter), on(trace.KindLeave)),
				line("      result ← PLAYOUT(root after action)   ▷ random moves to the end: 1 win, ½ draw, 0 loss", on(trace.KindPlayout)),
				line("      add result to the action's wins", on(trace.KindBackprop)),
				line("  return the action with the best win rate", on(trace.KindValue)),
			},
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return PMC(ctx, root, MonteCarloOptions{
				Playouts: v.Int(paramPMCPlayouts),
				Seed:     uint64(v.Int(paramSeed)),
				Limits:   Limits{MaxNodes: v.Int(paramNodes)},
				Tracing:  tracing,
			})
		},
	}
}

// MCTSEntry is MCTS for the catalog.
func MCTSEntry[S Alternating[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "mcts", Family: FamilyAlternating,
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
			return MCTS(ctx, root, MonteCarloOptions{
				Playouts:        v.Int(paramMCTSPlayouts),
				C:               v.Float(paramC),
				ExpandThreshold: v.Int(paramExpand),
				Seed:            uint64(v.Int(paramSeed)),
				Limits:          Limits{MaxNodes: v.Int(paramNodes), TimeLimit: millis(v, paramMCTSTime)},
				Tracing:         tracing,
			})
		},
	}
}

// rootsChild holds for the node event of a child the root gets before its
// first visit: MCTS expands the root before its first iteration.
func rootsChild(t *trace.Tree, e trace.Event) bool {
	return e.Kind == trace.KindNode && e.Parent == t.Root() && t.Node(t.Root()).Visits == 0
}
