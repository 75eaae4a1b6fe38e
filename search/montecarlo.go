package search

import (
	"context"
	"fmt"
	"iter"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/searchviz/searchviz/trace"
)

// pcgStream is the second word of the PCG seed; the first is the Seed option.
const pcgStream = 0x5ea2c4f1a5bd2e93

// random is the random source of the Monte Carlo engines: a PCG generator
// seeded with the Seed option alone, so a search is reproducible.
type random struct{ rng rand.PCG }

func newRandom(seed uint64) random {
	var r random
	r.rng.Seed(seed, pcgStream)
	return r
}

// intn returns a uniformly random int in [0, n), n > 0, by Lemire's
// multiply-and-reject method.
func (r *random) intn(n int) int {
	hi, lo := bits.Mul64(r.rng.Uint64(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(r.rng.Uint64(), uint64(n))
		}
	}
	return int(hi)
}

// monteCarlo is what the Monte Carlo engines share: their limits, random
// source and count of evaluations, and to report their search, the tracer
// and scratch for events.
type monteCarlo struct {
	limiter
	random
	evals  int
	tr     trace.Tracer
	boards bool // node events carry boards
	scores []trace.Score
	ids    []trace.NodeID
	values []float64
}

func newMonteCarlo(ctx context.Context, opts MonteCarloOptions) monteCarlo {
	return monteCarlo{limiter: newLimiter(ctx, opts.Limits), random: newRandom(opts.Seed), tr: opts.Tracer, boards: opts.Boards}
}

// evalRoot evaluates a root at which the game is over, given its score
// from the side to move's view, and returns its outcome in that view.
func (m *monteCarlo) evalRoot(score float64) float64 {
	m.evals++
	if m.tr != nil {
		m.emitEval(0, score)
	}
	return Outcome(score)
}

// decide ends a search that made nodes nodes with the decision res: it
// counts the search, reports the decision (after a note if the search
// stopped early) and returns res with the search's error.
func (m *monteCarlo) decide(res Result, nodes int) (Result, error) {
	res.Counters = trace.Counters{Nodes: nodes, Evals: m.evals, Elapsed: m.elapsed()}
	if m.tr != nil {
		m.emitDecision(m.tr, res)
	}
	return res, m.err
}

// bestWinRate returns the index i of the move of best win rate w[i]/n[i]
// among those with playouts, ties to the first, and that rate; 0 and 0.5
// when none has any.
func bestWinRate(w []float64, n []int) (int, float64) {
	best := -1
	for i := range n {
		if n[i] > 0 && (best < 0 || w[i]/float64(n[i]) > w[best]/float64(n[best])) {
			best = i
		}
	}
	if best < 0 {
		return 0, 0.5
	}
	return best, w[best] / float64(n[best])
}

// emitRootPlayout reports one playout of a Primitive Monte Carlo search
// from root child c: its result, in the root's view, and length, then a
// backprop of v at the child and the result at the root.
//
//go:noinline
func (m *monteCarlo) emitRootPlayout(c trace.NodeID, result float64, length int, v float64) {
	m.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: c})
	m.tr.Emit(trace.Event{Kind: trace.KindPlayout, Node: c, Result: result, Length: length})
	m.ids = append(m.ids[:0], c, 0)
	m.values = append(m.values[:0], v, result)
	m.tr.Emit(trace.Event{Kind: trace.KindBackprop, Path: m.ids, Values: m.values})
	m.tr.Emit(trace.Event{Kind: trace.KindLeave, Node: c})
}

// emitNode reports node event ev of a node whose state is s, with its
// board when the search draws boards.
//
//go:noinline
func emitNode[S interface{ String() string }](m *monteCarlo, ev trace.Event, s S) {
	if m.boards {
		ev.Board = s.String()
	}
	m.tr.Emit(ev)
}

// iterations yields the iterations of MCTS or DUCT, 1 to n, while the
// search may go on, reporting each one's start when tracing.
func (m *monteCarlo) iterations(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for it := 1; it <= n; it++ {
			if m.stopsAfter(it-1, "iterations") {
				return
			}
			if m.tr != nil {
				m.emitIteration(it)
			}
			if !yield(it) {
				return
			}
		}
	}
}

// emitIteration reports the start of iteration it, at the root.
//
//go:noinline
func (m *monteCarlo) emitIteration(it int) {
	m.tr.Emit(trace.Event{Kind: trace.KindIteration, Iteration: it})
	m.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: 0})
}

// emitEval reports the evaluation of node id, where the game is over with
// score.
//
//go:noinline
func (m *monteCarlo) emitEval(id int32, score float64) {
	m.tr.Emit(trace.Event{Kind: trace.KindEval, Node: trace.NodeID(id), Value: score, Terminal: true})
}

// emitBackprop reports the values added along path (root first), listed
// from the leaf up: v at the leaf and, going up, 1 − v and v in turn when
// alternate is set (each node in its side to move's view, as MCTS keeps
// them), or v at every node (one player's view, as DUCT keeps them). Then
// it leaves the nodes of path, deepest first.
//
//go:noinline
func (m *monteCarlo) emitBackprop(path []int32, v float64, alternate bool) {
	m.ids, m.values = m.ids[:0], m.values[:0]
	for i := len(path) - 1; i >= 0; i-- {
		m.ids = append(m.ids, trace.NodeID(path[i]))
		m.values = append(m.values, v)
		if alternate {
			v = 1 - v
		}
	}
	m.tr.Emit(trace.Event{Kind: trace.KindBackprop, Path: m.ids, Values: m.values})
	for i := len(path) - 1; i >= 0; i-- {
		m.tr.Emit(trace.Event{Kind: trace.KindLeave, Node: trace.NodeID(path[i])})
	}
}

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
	monteCarlo
	opts  MonteCarloOptions
	nodes []mcNode[S]
	moves []int   // the legal-move buffer, reused
	path  []int32 // the nodes of the current iteration, root first, reused
}

func newMC[S Alternating[S]](ctx context.Context, opts MonteCarloOptions) *mc[S] {
	return &mc[S]{monteCarlo: newMonteCarlo(ctx, opts), opts: opts, moves: make([]int, 0, 16), path: make([]int32, 0, 16)}
}

// Outcome turns the score of a finished game, in the side to move's view,
// into its result in the same view: 1 win (> 0), 0.5 draw, 0 loss (< 0).
func Outcome(score float64) float64 {
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
	v := Outcome(s.Score())
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
// child that choose picks into a Result, reporting the chosen child as the
// root's value and best child, then the decision.
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
		res.Value = e.evalRoot(root.Score())
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
	if e.tr != nil && best >= 0 {
		e.tr.Emit(trace.Event{Kind: trace.KindValue, Node: 0, Value: res.Value, Best: trace.NodeID(best)})
	}
	return e.decide(res, len(e.nodes))
}

func (e *mc[S]) emitNode(id, parent trace.NodeID, action int, label string, depth int, s S) {
	emitNode(&e.monteCarlo, trace.Event{Kind: trace.KindNode, Node: id, Parent: parent, Action: action, Label: label, Depth: depth, Type: nodeType(depth)}, s)
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

// Defaults of the Monte Carlo engines, as in the primer's sample code.
const (
	DefaultC               = 1.0 // UCB1's exploration constant
	DefaultExpandThreshold = 10  // visits after which an MCTS leaf is expanded
)
