package search

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// IterativeOptions are the limits and switches of Iterative.
type IterativeOptions struct {
	// Depth is the deepest iteration, in plies; 0 means MaxDepth.
	Depth int
	// Ordering searches first, at each node, the move that was best at the
	// same node in the previous iteration (see Iterative). The zero value
	// searches every node's moves in the game's order; the catalog's
	// default turns ordering on.
	Ordering bool
	// Budget is the time allotted to the move, the lecture's B; 0 means
	// none. No iteration starts once B/2 has passed, as the next would
	// likely take longer than all before it; an iteration still running
	// at B is abandoned, unless its root has found a better move than the
	// previous iteration's best, which extends the deadline to 2B, or the
	// previous best has failed low (its value fell below the previous
	// iteration's), which extends it to 4B: an unsettled answer deserves
	// more time. TimeLimit, if set, still stops the search at once.
	Budget time.Duration
	// Limits: MaxNodes counts the nodes of all iterations. The clock of
	// TimeLimit is read before each iteration but the first and every
	// 4,096 nodes during the others: an iteration during which it is found
	// run out is discarded. So the first iteration always completes
	// (within the node budget and ctx), and a search overruns its limit by
	// at most 4,096 nodes.
	Limits
	Tracing
}

// maxOrderTable bounds the best-move table of one iteration: beyond this
// many nodes, further nodes are searched in the game's order next time.
const maxOrderTable = 1 << 20

// Iterative is iterative deepening: it runs AlphaBeta (the same negamax
// form, from a full window) from root at depth 1, 2, 3, ... up to
// opts.Depth or until opts.TimeLimit, and answers with the action and value
// of the deepest iteration that completed. An iteration cut short, by the
// clock, the node budget or ctx, is discarded and never changes the answer.
// It also stops after an iteration that reached the end of the game on
// every line it searched: deeper ones would find the same value, since the
// lines they would search further are all pruned.
//
// With opts.Ordering, each iteration searches first, at every interior
// node, the action that was best at the same node in the previous
// iteration, then the others in the game's order. A node is identified by
// the path of actions from the root, not by its position text, so
// transpositions do not share an entry and no position is ever formatted;
// the table keeps the best action (the one that raised the value last, or
// caused the cut) of every interior node of the previous iteration, up to
// 2^20 of them. Ordering never changes the value, but among moves of equal
// value it may change which is chosen.
//
// Nodes counts every node of every iteration, the root and each
// iteration's copy of it included; Evals and Cuts likewise. A search
// stopped by its node budget or ctx returns the deepest completed
// iteration's answer with an error wrapping ErrBudget or ctx's error; one
// stopped by its time limit returns it and no error. If no iteration
// completed, the result's Action is -1 and the error says why.
//
// Traced, the root is node 0 (max, action -1) and each iteration is a
// subtree under it: an iteration event (Iteration and Depth both d), then
// the iteration's root, a copy of the root position with action -1, label
// "depth d", depth 1 and type max, searched exactly as AlphaBeta traces
// its root, with depths counted from node 0. After a completed iteration,
// a value event gives node 0 the iteration's value with the iteration's
// root as its best child, and a note on the iteration's root says how many
// nodes it took. An iteration cut short still leaves every node it entered,
// then a discarded iteration event and a note say so. Node 0 is left
// before the decision, so the decision's best line runs through the
// deepest completed iteration. Under a budget, notes on node 0 say when
// B/2 kept a depth from starting and why the budget grew to 2B or 4B.
func Iterative[S Alternating[S]](ctx context.Context, root S, opts IterativeOptions) (Result, error) {
	if opts.Depth < 0 {
		return Result{Action: -1}, fmt.Errorf("search: depth %d is negative", opts.Depth)
	}
	if err := opts.Limits.check(); err != nil {
		return Result{Action: -1}, err
	}
	maxDepth := opts.Depth
	if maxDepth == 0 {
		maxDepth = MaxDepth
	}
	// The engine's own limiter has no time limit: the first iteration
	// always completes, and later ones get the deadline below.
	e := newDFS[S](ctx, Options{Depth: maxDepth, Limits: Limits{MaxNodes: opts.MaxNodes, Now: opts.Now}, Tracing: opts.Tracing})
	e.depth0 = 1
	if opts.Budget < 0 {
		return Result{Action: -1}, fmt.Errorf("search: time budget %v is negative", opts.Budget)
	}
	var deadline time.Time // zero without a time limit
	if opts.TimeLimit > 0 {
		deadline = e.start.Add(opts.TimeLimit)
	}
	deep := &deepening{ordering: opts.Ordering, budget: opts.Budget, hard: deadline, prevBest: -1}
	e.deep = deep
	tr := e.tr

	res := Result{Action: -1}
	if _, ok := e.create(); !ok {
		return res, e.err
	}
	if tr != nil {
		ev := trace.Event{Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Depth: 0, Type: trace.TypeMax}
		if opts.Boards {
			ev.Board = root.String()
		}
		tr.Emit(ev)
		tr.Emit(trace.Event{Kind: trace.KindEnter, Node: 0})
	}

	var stop error // why the search stopped early, for the caller
	for d := 1; d <= maxDepth; d++ {
		if d > 1 {
			if err := ctx.Err(); err != nil {
				stop = fmt.Errorf("search: stopped before depth %d: %w", d, err)
				if tr != nil {
					tr.Emit(trace.Event{Kind: trace.KindNote, Node: 0, Text: fmt.Sprintf("search stopped before depth %d: %v", d, err)})
				}
				break
			}
			now := e.now()
			if !deadline.IsZero() && now.After(deadline) {
				if tr != nil {
					tr.Emit(trace.Event{Kind: trace.KindNote, Node: 0, Text: fmt.Sprintf("time limit of %v reached before depth %d", opts.TimeLimit, d)})
				}
				break
			}
			if opts.Budget > 0 && now.Sub(e.start) >= opts.Budget/2 {
				if tr != nil {
					tr.Emit(trace.Event{Kind: trace.KindNote, Node: 0, Text: fmt.Sprintf("budget B = %v: %v have passed, "+budgetHalf+", so depth %d is not started: it would likely take longer than all before it", opts.Budget, now.Sub(e.start).Round(time.Millisecond), d)})
				}
				break
			}
			e.deadline = deep.allow(e.start, 1) // the first iteration always completes
		}
		before := e.nodes
		id, ok := e.create()
		if !ok {
			why, err := e.stopReason(ctx)
			stop = err
			if tr != nil {
				tr.Emit(trace.Event{Kind: trace.KindNote, Node: 0, Text: fmt.Sprintf("depth %d not started: stopped by %s", d, why)})
			}
			break
		}
		if tr != nil {
			tr.Emit(trace.Event{Kind: trace.KindIteration, Iteration: d, Depth: d})
			ev := trace.Event{Kind: trace.KindNode, Node: id, Parent: 0, Action: -1, Label: fmt.Sprintf("depth %d", d), Depth: 1, Type: trace.TypeMax}
			if opts.Boards {
				ev.Board = root.String()
			}
			tr.Emit(ev)
			tr.Emit(trace.Event{Kind: trace.KindEnter, Node: id})
			e.emitBounds(id, math.Inf(-1), math.Inf(1))
		}
		e.best = -1
		deep.start()
		v := e.alphabetaDeep(root, 0, d, math.Inf(-1), math.Inf(1), id)
		nodes := e.nodes - before
		if e.err != nil {
			why, err := e.stopReason(ctx)
			stop = err
			if tr != nil {
				tr.Emit(trace.Event{Kind: trace.KindIteration, Iteration: d, Depth: d, Discarded: true})
				tr.Emit(trace.Event{Kind: trace.KindNote, Node: id, Text: fmt.Sprintf("depth %d cut short by %s after %d nodes: discarded", d, why, nodes)})
			}
			break
		}
		deep.prevBest, deep.prevValue = e.best, v
		res.Action, res.Value, res.Label = e.best, v, ""
		if e.best >= 0 {
			res.Label = root.Label(e.best)
		}
		deep.finish()
		if tr != nil {
			tr.Emit(trace.Event{Kind: trace.KindValue, Node: 0, Value: v, Best: id})
			text := fmt.Sprintf("depth %d: %d nodes", d, nodes)
			if opts.Ordering && d > 1 {
				text += fmt.Sprintf(" with move ordering from depth %d", d-1)
			}
			tr.Emit(trace.Event{Kind: trace.KindNote, Node: id, Text: text})
		}
		if !deep.horizon {
			if tr != nil && d < maxDepth {
				tr.Emit(trace.Event{Kind: trace.KindNote, Node: id, Text: fmt.Sprintf("depth %d reached the end of the game on every line it searched: deeper iterations would find the same value", d)})
			}
			break
		}
	}
	res.Counters = trace.Counters{Nodes: e.nodes, Evals: e.evals, Cuts: e.cuts, Elapsed: e.elapsed()}
	if tr != nil {
		tr.Emit(trace.Event{Kind: trace.KindLeave, Node: 0})
		tr.Emit(trace.Event{Kind: trace.KindDecision, Node: 0, Action: res.Action, Label: res.Label, Value: res.Value, Counters: res.Counters})
	}
	return res, stop
}

// alphabetaDeep is alphabeta with iterative deepening's hooks: it orders
// each node's moves by the previous iteration's best, records this
// iteration's, and notes whether a leaf lies at the depth limit. It is a
// copy rather than hooks in alphabeta so that AlphaBeta keeps its speed;
// the tests check that without ordering each iteration searches and traces
// exactly as AlphaBeta does. The caller has reported the window.
func (e *dfs[S]) alphabetaDeep(s S, ply, depth int, alpha, beta float64, id trace.NodeID) float64 {
	if depth == 0 || s.Done() {
		if depth == 0 && !s.Done() {
			e.deep.horizon = true
		}
		return e.leaf(s, id)
	}
	moves := e.legal(s, ply)
	e.deep.order(moves, ply)
	best := math.Inf(-1)
	for i, a := range moves {
		child, cid, ok := e.child(s, a, ply, id, true, -beta, -alpha)
		if !ok {
			break
		}
		e.deep.push(ply, a)
		v := -e.alphabetaDeep(child, ply+1, depth-1, -beta, -alpha, cid)
		if e.err != nil {
			break
		}
		if ply == 0 && e.deep.budget > 0 {
			e.stretch(s, i, a, v)
		}
		if v > best {
			best = v
			e.improved(ply, a, id, cid, best)
			e.deep.improve(ply, a)
			if best >= beta {
				e.cut(id, ply, s, best, alpha, beta, moves[i+1:])
				break
			}
			alpha = e.raise(id, alpha, beta, best)
		}
	}
	if e.err == nil {
		e.deep.record(ply)
	}
	e.leave(id)
	return best
}

// stretch extends the deadline of an iteration under a budget after the
// root's move a, the i-th searched, came back with value v: to 2B when a
// beats the previous iteration's best move, to 4B when that move, searched
// first, fails low. It notes each extension on the root s.
func (e *dfs[S]) stretch(s S, i, a int, v float64) {
	d := e.deep
	if d.prevBest < 0 {
		return
	}
	var factor int
	var why string
	switch {
	case a == d.prevBest && v < d.prevValue && d.factor < 4:
		factor, why = 4, fmt.Sprintf("%s, the previous depth's best move, fails low: %s, below the previous depth's %s", s.Label(a), trace.FormatValue(v), trace.FormatValue(d.prevValue))
	case a != d.prevBest && d.seenPrev && v > e.rootBest && d.factor < 2:
		factor, why = 2, fmt.Sprintf("%s beats %s, the previous depth's best move", s.Label(a), s.Label(d.prevBest))
	}
	if a == d.prevBest {
		d.seenPrev = true
	}
	if i == 0 || v > e.rootBest {
		e.rootBest = v
	}
	if factor == 0 {
		return
	}
	e.deadline = d.allow(e.start, factor)
	if e.tr != nil {
		e.tr.Emit(trace.Event{Kind: trace.KindNote, Node: 0, Text: fmt.Sprintf("%s: "+budgetGrows+" %dB = %v", why, factor, time.Duration(factor)*d.budget)})
	}
}

// stopReason says why the search stopped early, after e.err is set: in
// words for the trace, and as the error for the caller, which is nil when
// the time limit stopped it. ctx is the caller's context.
func (e *dfs[S]) stopReason(ctx context.Context) (string, error) {
	switch {
	case errors.Is(e.err, ErrBudget):
		return "the node budget", e.err
	case ctx.Err() != nil:
		return fmt.Sprintf("the search's context (%v)", ctx.Err()), e.err
	}
	return "the clock", nil
}

// deepening is what iterative deepening adds to an alphabeta search: the
// best-move tables that order the moves, and whether the search reached
// its depth limit anywhere. Nodes are keyed by the path of actions from the
// iteration's root, each action varint-encoded.
type deepening struct {
	ordering   bool
	prev, next map[string]int // best action by path: the previous iteration's, this one's
	path       []byte         // the path to the current node
	ends       []int          // ends[p]: the length of path at ply p
	best       []int          // best[p]: the best action so far at ply p, or -1
	horizon    bool           // a leaf was evaluated at the depth limit before the game's end

	// The time budget's state (see IterativeOptions.Budget).
	budget    time.Duration
	hard      time.Time // the time limit's deadline; zero for none
	factor    int       // the current iteration's allowance, in budgets
	prevBest  int       // the previous iteration's best root move, or -1
	prevValue float64   // and its value
	seenPrev  bool      // this iteration has searched the previous best
}

// allow sets the current iteration's allowance to factor budgets and
// returns its deadline from start, never past the time limit's; the zero
// time without budget or limit.
func (d *deepening) allow(start time.Time, factor int) time.Time {
	d.factor = factor
	if d.budget == 0 {
		return d.hard
	}
	t := start.Add(time.Duration(factor) * d.budget)
	if !d.hard.IsZero() && d.hard.Before(t) {
		return d.hard
	}
	return t
}

// start prepares for an iteration.
func (d *deepening) start() {
	d.horizon, d.seenPrev = false, false
	d.path, d.ends = d.path[:0], append(d.ends[:0], 0)
	if d.ordering && d.next == nil {
		d.next = map[string]int{}
	}
}

// finish makes the completed iteration's table the one to order by.
func (d *deepening) finish() {
	if d.ordering {
		d.prev, d.next = d.next, d.prev
		if d.next == nil {
			d.next = map[string]int{}
		}
		clear(d.next)
	}
}

// order moves, the legal actions at the current node at ply, the previous
// iteration's best action there first, the others after it in their order.
func (d *deepening) order(moves []int, ply int) {
	if !d.ordering {
		return
	}
	for len(d.best) <= ply {
		d.best = append(d.best, -1)
	}
	d.best[ply] = -1
	a, ok := d.prev[string(d.path[:d.ends[ply]])]
	if !ok {
		return
	}
	for j, m := range moves {
		if m == a {
			copy(moves[1:j+1], moves[:j])
			moves[0] = a
			return
		}
	}
}

// push makes the child reached by action from the current node at ply the
// current node.
func (d *deepening) push(ply, action int) {
	if !d.ordering {
		return
	}
	d.path = binary.AppendVarint(d.path[:d.ends[ply]], int64(action))
	if len(d.ends) == ply+1 {
		d.ends = append(d.ends, 0)
	}
	d.ends[ply+1] = len(d.path)
}

// improve notes that action is the best so far at the current node at ply.
func (d *deepening) improve(ply, action int) {
	if d.ordering {
		d.best[ply] = action
	}
}

// record keeps the best action of the finished node at ply in this
// iteration's table.
func (d *deepening) record(ply int) {
	if d.ordering && d.best[ply] >= 0 && len(d.next) < maxOrderTable {
		d.next[string(d.path[:d.ends[ply]])] = d.best[ply]
	}
}

// IterativeEntry is iterative deepening for the catalog.
func IterativeEntry[S Alternating[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "iterative", Family: FamilyAlternating, Measures: MeasureValue,
			Help:   "Iterative deepening: AlphaBeta at depth 1, 2, 3, ... until the time limit, answering with the deepest completed depth",
			Params: []spec.Param{paramIterativeDepth, paramIterativeTime, paramIterativeBudget, paramOrdering, paramNodes},
			Code:   iterativeCode("ALPHABETA(root, depth, −∞, +∞)"),
			MaxMin: iterativeCode("MAX-VALUE(root, −∞, +∞, depth)"),
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return Iterative(ctx, root, IterativeOptions{
				Depth:    v.Int(paramIterativeDepth),
				Ordering: v.Int(paramOrdering) != 0,
				Budget:   millis(v, paramIterativeBudget),
				Limits:   Limits{MaxNodes: v.Int(paramNodes), TimeLimit: millis(v, paramIterativeTime)},
				Tracing:  tracing,
			})
		},
	}
}

// The words that tell a budget's notes on the root from the others, for
// the lines they light.
const (
	budgetHalf  = "at least B/2"
	budgetGrows = "the budget grows to"
)

// iterativeCode is iterative deepening's pseudocode, its call of AlphaBeta
// written as call: "ALPHABETA(...)" in the negamax form, "MAX-VALUE(...)"
// in the form with explicit MAX and MIN levels. Every event of an
// iteration's search lights the call; the root's node and entry light the
// header, and its leaving and the decision the return. A budget's notes
// light its lines.
func iterativeCode(call string) Code {
	budget, ordered := set(paramIterativeBudget), set(paramOrdering)
	budgetNote := either(noteSays(budgetHalf), noteSays(budgetGrows))
	return Code{
		line("function ITERATIVEDEEPENING(root, time, cap)", onIf(trace.KindNode, newRoot), onIf(trace.KindEnter, atRoot)),
		line("  for depth ← 1 to cap do", onIf(trace.KindIteration, not(discarded))),
		line("    if B/2 has passed then break   ▷ budget=B: this depth would likely take longer than all before it", onIf(trace.KindNote, noteSays(budgetHalf))).only(budget),
		line("    deadline ← B, 2B once a root move beats the last depth's best, 4B once that best fails low", onIf(trace.KindNote, noteSays(budgetGrows))).only(budget),
		line("    value, move ← "+call+"   ▷ last depth's best moves first",
			onIf(trace.KindNode, not(newRoot)), onIf(trace.KindEnter, not(atRoot)), onIf(trace.KindLeave, not(atRoot)), on(trace.KindEval),
			onIf(trace.KindValue, not(atRoot)), on(trace.KindBounds), on(trace.KindCut)).plain(ordered, "    value, move ← "+call),
		line("    if the clock ran out during this depth then"),
		line("      discard it; break", onIf(trace.KindIteration, discarded), onIf(trace.KindNote, afterDiscarded)),
		line("    answer ← move", onIf(trace.KindValue, atRoot), onIf(trace.KindNote, both(not(afterDiscarded), not(budgetNote)))),
		line("  return answer", onIf(trace.KindLeave, atRoot), on(trace.KindDecision)),
	}
}
