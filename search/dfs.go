package search

import (
	"context"
	"fmt"
	"slices"

	"github.com/searchviz/searchviz/trace"
)

// legalLister is what dfsBase needs of a state: its legal actions.
type legalLister interface {
	Legal(buf []int) []int
}

// dfsBase is what the depth-first engines, dfs and expecti, share to make
// their nodes: the limiter that may stop them, the count of nodes made and
// one move buffer per ply.
type dfsBase[S legalLister] struct {
	limiter
	nodes int
	moves [][]int // one move buffer per ply, reused
	room  int     // the capacity of a new move buffer
}

func newDFSBase[S legalLister](ctx context.Context, limits Limits, room int) dfsBase[S] {
	return dfsBase[S]{limiter: newLimiter(ctx, limits), room: room}
}

// legal returns the legal actions of s in the move buffer of ply, which
// stays valid while the children of s are searched (they use deeper plies).
func (e *dfsBase[S]) legal(s S, ply int) []int {
	for len(e.moves) <= ply {
		e.moves = append(e.moves, make([]int, 0, e.room))
	}
	moves := s.Legal(e.moves[ply][:0])
	e.moves[ply] = moves
	return moves
}

// create counts a new node and returns its id (ids are dense in creation
// order), or reports false when the search must stop first.
func (e *dfsBase[S]) create() (trace.NodeID, bool) {
	if e.err != nil || !e.admits(e.nodes) {
		return 0, false
	}
	id := trace.NodeID(e.nodes)
	e.nodes++
	return id, true
}

// dfs holds what the depth-first engines of alternating games share during
// one search.
type dfs[S Alternating[S]] struct {
	dfsBase[S]
	opts   Options
	tr     trace.Tracer
	evals  int
	cuts   int
	labels []string    // scratch for cut events
	keyed  []keyedMove // scratch for move ordering

	// What the orderings that learn from cuts have learnt: by ply, its
	// two killer moves, the latest first (-1 for none); by action, its
	// history score.
	killers [][2]int
	history []float64
	best    int // the root's best action so far, or -1
	// The root's moves: the one under search, and those searched to the
	// end, which a search stopped early answers from.
	rootMove int
	rootDone []int
	table    *table // AlphaBeta's transposition table, or nil

	// Iterative deepening's additions; zero for the other engines.
	deep   *deepening // move ordering and the horizon flag, for alphabetaDeep
	depth0 int        // the trace depth of ply 0 (1: under iterative deepening's root)
	// rootBest is the best value of the current iteration's root so far,
	// for the time budget's checks.
	rootBest float64
}

func newDFS[S Alternating[S]](ctx context.Context, opts Options) *dfs[S] {
	return &dfs[S]{dfsBase: newDFSBase[S](ctx, opts.Limits, 16), opts: opts, tr: opts.Tracer, best: -1, rootMove: -1}
}

func nodeType(ply int) trace.NodeType {
	if ply%2 == 0 {
		return trace.TypeMax
	}
	return trace.TypeMin
}

//go:noinline
func (e *dfs[S]) emitNode(id, parent trace.NodeID, action int, label string, ply int, s S) {
	ev := trace.Event{Kind: trace.KindNode, Node: id, Parent: parent, Action: action, Label: label, Depth: e.depth0 + ply, Type: nodeType(ply)}
	if e.opts.Boards {
		ev.Board = s.String()
	}
	e.tr.Emit(ev)
}

// emitChild reports a new child: its node and enter events, and for
// alphabeta (when window is set) the window it is searched with.
//
//go:noinline
func (e *dfs[S]) emitChild(id, parent trace.NodeID, s S, action int, ply int, child S, window bool, alpha, beta float64) {
	e.emitNode(id, parent, action, s.Label(action), ply, child)
	e.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: id})
	if window {
		e.emitBounds(id, alpha, beta)
	}
}

//go:noinline
func (e *dfs[S]) emitEval(id trace.NodeID, v float64, terminal bool) {
	e.tr.Emit(trace.Event{Kind: trace.KindEval, Node: id, Value: v, Terminal: terminal})
	e.tr.Emit(trace.Event{Kind: trace.KindLeave, Node: id})
}

//go:noinline
func (e *dfs[S]) emitValue(id trace.NodeID, v float64, best trace.NodeID) {
	e.tr.Emit(trace.Event{Kind: trace.KindValue, Node: id, Value: v, Best: best})
}

//go:noinline
func (e *dfs[S]) emitBounds(id trace.NodeID, alpha, beta float64) {
	e.tr.Emit(trace.Event{Kind: trace.KindBounds, Node: id, Alpha: alpha, Beta: beta})
}

//go:noinline
func (e *dfs[S]) emitCut(id trace.NodeID, ply int, s S, v, alpha, beta float64, pruned []int) {
	e.labels = e.labels[:0]
	for _, a := range pruned {
		e.labels = append(e.labels, s.Label(a))
	}
	e.tr.Emit(trace.Event{
		Kind: trace.KindCut, Node: id, Cut: trace.CutFor(nodeType(ply)),
		Value: v, Alpha: alpha, Beta: beta, Pruned: pruned, PrunedLabels: e.labels,
	})
}

//go:noinline
func (e *dfs[S]) emitLeave(id trace.NodeID) {
	e.tr.Emit(trace.Event{Kind: trace.KindLeave, Node: id})
}

// leaf evaluates s, a node at the depth limit or the game's end, and
// returns its score from the side to move's view.
func (e *dfs[S]) leaf(s S, id trace.NodeID) float64 {
	e.evals++
	v := s.Score()
	if e.tr != nil {
		e.emitEval(id, v, s.Done())
	}
	return v
}

// child creates the node of action a from s, node id at ply, and reports
// it (with the window it is searched with, when window is set). It
// reports false when the search must stop first.
func (e *dfs[S]) child(s S, a, ply int, id trace.NodeID, window bool, alpha, beta float64) (S, trace.NodeID, bool) {
	cid, ok := e.create()
	if !ok {
		return s, 0, false
	}
	if ply == 0 {
		e.rootMove = a
	}
	c := s.Play(a)
	if e.tr != nil {
		e.emitChild(cid, id, s, a, ply+1, c, window, alpha, beta)
	}
	return c, cid, true
}

// searched reports whether action a of the node at ply has been searched
// to the end, the search not having stopped during it, and records it if
// so: at the root, a move a search stopped early may answer with.
func (e *dfs[S]) searched(ply, a int) bool {
	if e.err != nil {
		return false
	}
	if ply == 0 {
		e.rootDone = append(e.rootDone, a)
	}
	return true
}

// unfinished returns the labels of the root's moves not searched to the
// end, as Result.Unfinished lists them, or nil if the search finished.
func (e *dfs[S]) unfinished(root S) []string {
	if e.err == nil {
		return nil
	}
	var out []string
	legal := root.Legal(nil)
	if e.rootMove >= 0 && !slices.Contains(e.rootDone, e.rootMove) && slices.Contains(legal, e.rootMove) {
		out = append(out, root.Label(e.rootMove))
	}
	for _, a := range legal {
		if a != e.rootMove && !slices.Contains(e.rootDone, a) {
			out = append(out, root.Label(a))
		}
	}
	return out
}

// improved records that child cid, by action a, gave node id at ply its
// best value so far, v in the side to move's view.
func (e *dfs[S]) improved(ply, a int, id, cid trace.NodeID, v float64) {
	if ply == 0 {
		e.best = a
	}
	if e.tr != nil {
		e.emitValue(id, v, cid)
	}
}

// cut records a cut at node id: its value v reached beta, and the moves
// in rest are pruned.
func (e *dfs[S]) cut(id trace.NodeID, ply int, s S, v, alpha, beta float64, rest []int) {
	if len(rest) == 0 {
		return
	}
	e.cuts++
	if e.tr != nil {
		e.emitCut(id, ply, s, v, alpha, beta, rest)
	}
}

// raise returns alpha raised to v, reporting the new window, if v is
// greater.
func (e *dfs[S]) raise(id trace.NodeID, alpha, beta, v float64) float64 {
	if v <= alpha {
		return alpha
	}
	if e.tr != nil {
		e.emitBounds(id, v, beta)
	}
	return v
}

// leave reports that the focus leaves node id for good.
func (e *dfs[S]) leave(id trace.NodeID) {
	if e.tr != nil {
		e.emitLeave(id)
	}
}

// root runs a search from s with the given per-node function and turns its
// outcome into a Result, emitting the root's node and the decision.
func (e *dfs[S]) root(s S, search func(s S, ply, depth int, id trace.NodeID) float64) (Result, error) {
	if e.opts.Depth < 0 {
		return Result{}, fmt.Errorf("search: depth %d is negative", e.opts.Depth)
	}
	if err := e.opts.Limits.check(); err != nil {
		return Result{Action: -1}, err
	}
	if _, ok := e.create(); !ok {
		return Result{Action: -1}, e.err
	}
	if e.tr != nil {
		e.emitNode(0, trace.NoNode, -1, "", 0, s)
		e.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: 0})
	}
	value := search(s, 0, e.opts.Depth, 0)
	res := Result{Action: e.best, Value: value, Unfinished: e.unfinished(s)}
	if e.best >= 0 {
		res.Label = s.Label(e.best)
	}
	res.Counters = trace.Counters{Nodes: e.nodes, Evals: e.evals, Cuts: e.cuts, Elapsed: e.elapsed()}
	if e.tr != nil {
		e.emitDecision(e.tr, res)
	}
	return res, e.err
}
