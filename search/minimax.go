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
