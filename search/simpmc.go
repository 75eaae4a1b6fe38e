package search

import (
	"context"

	"github.com/searchviz/searchviz/trace"
)

// SimultaneousPMC is Primitive Monte Carlo for games in which both players
// move at once, the engine the primer's twin-maze sample pits DUCT
// against. For each of player 0's legal actions at the root, in legal
// order, it runs opts.Playouts playouts, each pairing the action with a
// uniformly random legal action of player 1 and then playing uniformly
// random joint actions (player 0's drawn first) until the game is over (or
// a player has no legal action). It chooses player 0's action with the
// best win rate for player 0 (1 win, 0.5 draw, 0 loss, read from the sign
// of the final Score; ties to the first in legal order); Result.Value is
// that win rate.
//
// Player 1's choice, Result.Action1, which a match plays when the engine
// moves for player 1, is computed the same way by symmetry, from playouts
// of its own: after player 0's, for each of player 1's legal actions, in
// legal order, opts.Playouts playouts pairing it with a uniformly random
// action of player 0; the action with the best win rate for player 1
// (1 − the outcome for player 0; ties to the first) is chosen. So either
// side's decision rests on opts.Playouts playouts per action of its own,
// and a search runs (N+M)·opts.Playouts playouts for N and M legal actions.
//
// Nodes counts the root and its N×M children; Evals the playouts. A
// cancelled context stops the search with the context's error, a time
// limit (read before every playout but the first) with none; either way
// each player's choice is the best among its actions with playouts (the
// first, if none has; an action not reached yet has none and is not
// chosen). A node budget smaller than 1+N×M stops it before any playout,
// with ErrBudget and no action. A root where the game is over, or where a
// player has no legal action, is evaluated instead: no action (-1 for
// both), its outcome for player 0 as the value.
//
// Traced: the root's node (type joint) and its N×M children's nodes,
// row-major as DUCT's are (the child of player 0's i-th action and player
// 1's j-th has Action i*M+j, Label "a0/a1" and a Joint action, its state
// after the pair as its board), then an expand event of the root. Then an
// iteration event per action: 1..N for player 0's, N+1..N+M for player
// 1's; for each playout an enter event of the pair child it starts with,
// a playout event (its result in player 0's view, the number of joint
// moves played counting the first), a backprop event with path [child,
// root] and that result at both (joint nodes hold values in player 0's
// view) and a leave event. At the end a value event for the root with
// player 0's best win rate and, as best, the child of both players'
// choices; a note if the search stopped early; and the decision.
func SimultaneousPMC[S Simultaneous[S]](ctx context.Context, root S, opts MonteCarloOptions) (Result, error) {
	if err := opts.check(); err != nil {
		return Result{Action: -1, Action1: -1}, err
	}
	e := &simPMC[S]{monteCarlo: newMonteCarlo(ctx, opts), opts: opts}
	return e.run(root)
}

// simPMC holds one SimultaneousPMC search.
type simPMC[S Simultaneous[S]] struct {
	monteCarlo
	opts   MonteCarloOptions
	moves  [2][]int     // the root's legal actions of each player
	w      [2][]float64 // each root action's total result, in its player's view
	n      [2][]int     // each root action's playouts
	m0, m1 []int        // the legal-move buffers of the playouts, reused
	count  int          // the playouts run
}

// run searches from root and returns the decision.
func (e *simPMC[S]) run(root S) (Result, error) {
	res := Result{Action: -1, Action1: -1}
	if e.tr != nil {
		emitNode(&e.monteCarlo, jointRoot(), root)
	}
	e.moves[0], e.moves[1] = root.Legal(0, nil), root.Legal(1, nil)
	rows, cols := len(e.moves[0]), len(e.moves[1])
	if root.Done() || rows == 0 || cols == 0 {
		res.Value = e.evalRoot(root.Score())
		return e.decide(res, 1)
	}
	if !e.fits(1, rows*cols) {
		res.Value = 0.5
		return e.decide(res, 1)
	}
	if e.tr != nil {
		e.emitChildren(root)
	}
	for p := range 2 {
		e.w[p], e.n[p] = make([]float64, len(e.moves[p])), make([]int, len(e.moves[p]))
	}
	if e.playouts(root, 0) {
		e.playouts(root, 1)
	}
	best0, rate := bestWinRate(e.w[0], e.n[0])
	best1, _ := bestWinRate(e.w[1], e.n[1])
	res.Action, res.Label, res.Action1 = e.moves[0][best0], root.Label(0, e.moves[0][best0]), e.moves[1][best1]
	res.Value = rate
	if e.tr != nil {
		e.tr.Emit(trace.Event{Kind: trace.KindValue, Node: 0, Value: res.Value, Best: trace.NodeID(1 + best0*cols + best1)})
	}
	return e.decide(res, 1+rows*cols)
}

// playouts runs the playouts of each of player p's root actions, in legal
// order, and reports whether the search may go on: false once stopped.
func (e *simPMC[S]) playouts(root S, p int) bool {
	cols := len(e.moves[1])
	for i, a := range e.moves[p] {
		if e.tr != nil {
			e.tr.Emit(trace.Event{Kind: trace.KindIteration, Iteration: p*len(e.moves[0]) + i + 1})
		}
		for range e.opts.Playouts {
			if e.stopsAfter(e.count, "playouts") {
				return false
			}
			e.count++
			// The opponent's action, uniformly random.
			other := e.moves[1-p]
			j := e.intn(len(other))
			a0, a1, i0, i1 := a, other[j], i, j
			if p == 1 {
				a0, a1, i0, i1 = other[j], a, j, i
			}
			v, turns := jointPlayout(&e.random, root.Play(a0, a1), &e.m0, &e.m1) // in player 0's view
			e.evals++
			if p == 0 {
				e.w[0][i] += v
			} else {
				e.w[1][i] += 1 - v
			}
			e.n[p][i]++
			if e.tr != nil {
				e.emitRootPlayout(trace.NodeID(1+i0*cols+i1), v, turns+1, v)
			}
		}
	}
	return true
}

// emitChildren reports the root's N×M children, row-major, and the
// expand event.
//
//go:noinline
func (e *simPMC[S]) emitChildren(root S) {
	cols := len(e.moves[1])
	e.ids = e.ids[:0]
	for i, a0 := range e.moves[0] {
		for j, a1 := range e.moves[1] {
			id := trace.NodeID(1 + i*cols + j)
			emitNode(&e.monteCarlo, jointChild(id, 0, i*cols+j, root, a0, a1, 1), root.Play(a0, a1))
			e.ids = append(e.ids, id)
		}
	}
	e.tr.Emit(trace.Event{Kind: trace.KindExpand, Node: 0, Children: e.ids})
}

// SimultaneousPMCEntry is Primitive Monte Carlo for games in which both
// players move at once, for the catalog.
func SimultaneousPMCEntry[S Simultaneous[S]]() Entry[S] {
	return pmcEntry(FamilySimultaneous, "Primitive Monte Carlo: random playouts after each of a player's root actions, paired with a random action of the other; take the best win rate", SimultaneousPMC[S])
}
