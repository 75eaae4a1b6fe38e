package search

import (
	"context"
	"math"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

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
		if !e.searched(ply, a) {
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

// NegaMaxEntry is NegaMax for the catalog.
func NegaMaxEntry[S Alternating[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "negamax", Family: FamilyAlternating, Measures: MeasureValue,
			Help:   "NegaMax: MiniMax as \"always maximise\" with child values negated",
			Params: []spec.Param{paramDepth, paramNodes},
			Code:   negamaxCode(),
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return NegaMax(ctx, root, depthFirstOptions(v, tracing))
		},
	}
}

// negamaxCode is the pseudocode of NegaMax, and of MiniMax in the negamax
// form of the primer. The root's search is called from outside the lines,
// so the root's node and entry light the header; every other node's light
// the loop's recursive call, which also takes the value the call returns.
func negamaxCode() Code {
	return Code{
		line("function NEGAMAX(node, depth)", calls(atRoot)...),
		line("  if depth = 0 or node is terminal then"),
		line("    return EVALUATE(node)          ▷ from the side to move's view", on(trace.KindEval), onIf(trace.KindLeave, atLeaf)),
		line("  value ← −∞"),
		line("  for each child of node do"),
		line("    value ← max(value, −NEGAMAX(child, depth − 1))", lights(calls(not(atRoot)), []Light{on(trace.KindValue)})...),
		line("  return value", onIf(trace.KindLeave, not(atLeaf))),
	}
}
