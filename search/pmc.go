package search

import (
	"context"
	"math"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// PMC is Primitive Monte Carlo, as the primer writes it: for each legal
// root move, in move order, it runs opts.Playouts random playouts from the
// state after the move, and it chooses the move with the best win rate for
// the root player (ties to the first in move order). Result.Value is that
// win rate (1 win, 0.5 draw, 0 loss; see MonteCarloOptions). Nodes counts
// the root and its children, Evals the playouts. A context cancelled
// during the search stops it with the context's error and the best move
// among those with playouts (the first move, valued 0.5, if none has). A
// time limit (read before every playout but the first) stops it with no
// error and the best move among those with playouts: moves not reached
// yet have none and are not chosen.
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
			if e.stopsAfter(count, "playouts") {
				return
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
				e.emitRootPlayout(trace.NodeID(c), 1-v, plies, v)
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

// PMCEntry is Primitive Monte Carlo for the catalog.
func PMCEntry[S Alternating[S]]() Entry[S] {
	return pmcEntry(FamilyAlternating, "Primitive Monte Carlo: random playouts after each root move, take the best win rate", PMC[S])
}

// pmcEntry is the catalog's entry of the Primitive Monte Carlo engine
// search, of family, with help.
func pmcEntry[S any](family Family, help string, search func(context.Context, S, MonteCarloOptions) (Result, error)) Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "pmc", Family: family, Measures: MeasureWinRate, Help: help,
			Params: []spec.Param{paramPMCPlayouts, paramSeed, paramNodes},
			Code:   pmcCode(),
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return search(ctx, root, pmcOptions(v, tracing))
		},
	}
}

// pmcOptions reads the parameters of the Primitive Monte Carlo engines.
func pmcOptions(v spec.Values, tracing Tracing) MonteCarloOptions {
	return MonteCarloOptions{Playouts: v.Int(paramPMCPlayouts), Seed: uint64(v.Int(paramSeed)), Limits: Limits{MaxNodes: v.Int(paramNodes)}, Tracing: tracing}
}

// pmcCode is Primitive Monte Carlo's pseudocode, with or without chance.
func pmcCode() Code {
	return Code{
		line("function PRIMITIVEMONTECARLO(root, playouts)", onIf(trace.KindNode, newRoot), onIf(trace.KindEval, atRoot)),
		line("  for each action of root do", onIf(trace.KindNode, not(newRoot)), on(trace.KindExpand), on(trace.KindIteration)),
		line("    repeat playouts times", on(trace.KindEnter), on(trace.KindLeave)),
		line("      result ← PLAYOUT(root after action)   ▷ random moves to the end: 1 win, ½ draw, 0 loss", on(trace.KindPlayout)),
		line("      add result to the action's wins", on(trace.KindBackprop)),
		line("  return the action with the best win rate", on(trace.KindValue)),
	}
}
