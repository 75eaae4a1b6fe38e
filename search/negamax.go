package search

import (
	"context"
	"math"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// MiniMax searches with explicit max and min levels, as the lecture writes
// it: the root player maximises, the opponent minimises, and a leaf's score,
// which the game gives from the side to move's view, is negated at min
// levels to bring it into the root player's view. It returns the first
// action of greatest value.
func MiniMax[S Alternating[S]](ctx context.Context, root S, opts Options) (Result, error) {
	e := newDFS[S](ctx, opts)
	return e.root(root, e.minimax)
}

// minimax returns the value of s from the root player's view.
func (e *dfs[S]) minimax(s S, ply, depth int, id trace.NodeID) float64 {
	maxToMove := ply%2 == 0
	if depth == 0 || s.Done() {
		v := e.leaf(s, id)
		if !maxToMove {
			v = -v
		}
		return v
	}
	best := math.Inf(1)
	if maxToMove {
		best = math.Inf(-1)
	}
	for _, a := range e.legal(s, ply) {
		child, cid, ok := e.child(s, a, ply, id, false, 0, 0)
		if !ok {
			break
		}
		v := e.minimax(child, ply+1, depth-1, cid)
		if e.err != nil {
			break
		}
		if maxToMove && v > best || !maxToMove && v < best {
			best = v
			sideView := best // value events are in the side to move's view
			if !maxToMove {
				sideView = -best
			}
			e.improved(ply, a, id, cid, sideView)
		}
	}
	e.leave(id)
	return best
}

// NegaMax is MiniMax written as "always maximise": every state scores from
// the side to move's view, so a child's value is negated on the way up.
// It returns the same value and action as MiniMax.
func NegaMax[S Alternating[S]](ctx context.Context, root S, opts Options) (Result, error) {
	e := newDFS[S](ctx, opts)
	return e.root(root, e.negamax)
}

// negamax returns the value of s from the side to move's view.
func (e *dfs[S]) negamax(s S, ply, depth int, id trace.NodeID) float64 {
	if depth == 0 || s.Done() {
		return e.leaf(s, id)
	}
	best := math.Inf(-1)
	for _, a := range e.legal(s, ply) {
		child, cid, ok := e.child(s, a, ply, id, false, 0, 0)
		if !ok {
			break
		}
		v := -e.negamax(child, ply+1, depth-1, cid)
		if e.err != nil {
			break
		}
		if v > best {
			best = v
			e.improved(ply, a, id, cid, best)
		}
	}
	e.leave(id)
	return best
}

// AlphaBeta is NegaMax with alpha-beta pruning, in the negamax form of the
// lecture and the primer: each node searches within a window (alpha, beta)
// of its own view, raises alpha as its value improves, and stops looking at
// children once its value reaches beta, because the opponent above will
// never allow this line. It returns the same root value as MiniMax.
func AlphaBeta[S Alternating[S]](ctx context.Context, root S, opts Options) (Result, error) {
	e := newDFS[S](ctx, opts)
	return e.root(root, func(s S, ply, depth int, id trace.NodeID) float64 {
		if e.tr != nil {
			e.emitBounds(id, math.Inf(-1), math.Inf(1))
		}
		return e.alphabeta(s, ply, depth, math.Inf(-1), math.Inf(1), id)
	})
}

// alphabeta returns the value of s from the side to move's view within the
// window (alpha, beta), fail-soft. The caller has reported the window.
func (e *dfs[S]) alphabeta(s S, ply, depth int, alpha, beta float64, id trace.NodeID) float64 {
	if depth == 0 || s.Done() {
		return e.leaf(s, id)
	}
	moves := e.legal(s, ply)
	best := math.Inf(-1)
	for i, a := range moves {
		child, cid, ok := e.child(s, a, ply, id, true, -beta, -alpha)
		if !ok {
			break
		}
		v := -e.alphabeta(child, ply+1, depth-1, -beta, -alpha, cid)
		if e.err != nil {
			break
		}
		if v > best {
			best = v
			e.improved(ply, a, id, cid, best)
			if best >= beta {
				e.cut(id, ply, s, best, alpha, beta, moves[i+1:])
				break
			}
			alpha = e.raise(id, alpha, beta, best)
		}
	}
	e.leave(id)
	return best
}

// depthFirstOptions reads the parameters of MiniMax, NegaMax and AlphaBeta.
func depthFirstOptions(v spec.Values, tracing Tracing) Options {
	return Options{Depth: v.Int(paramDepth), Limits: Limits{MaxNodes: v.Int(paramNodes)}, Tracing: tracing}
}

// MiniMaxEntry is MiniMax for the catalog.
func MiniMaxEntry[S Alternating[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "minimax", Family: FamilyAlternating,
			Help:   "MiniMax: the root player maximises, the opponent minimises, level by level",
			Params: []spec.Param{paramDepth, paramNodes},
			Code: Code{
				line("function MINIMAX(node, depth)", on(trace.KindNode), on(trace.KindEnter)),
				line("  if depth = 0 or node is terminal then"),
				line("    return EVALUATE(node)          ▷ from MAX's view", on(trace.KindEval), onIf(trace.KindLeave, atLeaf)),
				line("  if node is a MAX node then"),
				line("    value ← −∞"),
				line("    for each child of node do"),
				line("      value ← max(value, MINIMAX(child, depth − 1))", onIf(trace.KindValue, not(atMin))),
				line("    return value", onIf(trace.KindLeave, both(not(atLeaf), not(atMin)))),
				line("  else"),
				line("    value ← +∞"),
				line("    for each child of node do"),
				line("      value ← min(value, MINIMAX(child, depth − 1))", onIf(trace.KindValue, atMin)),
				line("    return value", onIf(trace.KindLeave, both(not(atLeaf), atMin))),
			},
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return MiniMax(ctx, root, depthFirstOptions(v, tracing))
		},
	}
}

// NegaMaxEntry is NegaMax for the catalog.
func NegaMaxEntry[S Alternating[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "negamax", Family: FamilyAlternating,
			Help:   "NegaMax: MiniMax as \"always maximise\" with child values negated",
			Params: []spec.Param{paramDepth, paramNodes},
			Code: Code{
				line("function NEGAMAX(node, depth)", on(trace.KindNode), on(trace.KindEnter)),
				line("  if depth = 0 or node is terminal then"),
				line("    return EVALUATE(node)          ▷ from the side to move's view", on(trace.KindEval), onIf(trace.KindLeave, atLeaf)),
				line("  value ← −∞"),
				line("  for each child of node do"),
				line("    value ← max(value, −NEGAMAX(child, depth − 1))", on(trace.KindValue)),
				line("  return value", onIf(trace.KindLeave, not(atLeaf))),
			},
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return NegaMax(ctx, root, depthFirstOptions(v, tracing))
		},
	}
}

// AlphaBetaEntry is AlphaBeta for the catalog.
func AlphaBetaEntry[S Alternating[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "alphabeta", Family: FamilyAlternating,
			Help:   "AlphaBeta (negamax form): MiniMax's value, pruning lines the opponent would never allow",
			Params: []spec.Param{paramDepth, paramNodes},
			Code: Code{
				line("function ALPHABETA(node, depth, α, β)", on(trace.KindNode), on(trace.KindEnter), onIf(trace.KindBounds, entering)),
				line("  if depth = 0 or node is terminal then"),
				line("    return EVALUATE(node)          ▷ from the side to move's view", on(trace.KindEval), onIf(trace.KindLeave, atLeaf)),
				line("  value ← −∞"),
				line("  for each child of node do"),
				line("    value ← max(value, −ALPHABETA(child, depth − 1, −β, −α))", on(trace.KindValue)),
				line("    if value ≥ β then"),
				line("      return value                 ▷ cut: the rest of the children are pruned", on(trace.KindCut)),
				line("    α ← max(α, value)", onIf(trace.KindBounds, not(entering))),
				line("  return value", onIf(trace.KindLeave, not(atLeaf))),
			},
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return AlphaBeta(ctx, root, depthFirstOptions(v, tracing))
		},
	}
}
