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
		if !e.searched(ply, a) {
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
			Name: "minimax", Family: FamilyAlternating, Measures: MeasureValue,
			Help:   "MiniMax: the root player maximises, the opponent minimises, level by level",
			Params: []spec.Param{paramDepth, paramNodes},
			Code:   negamaxCode(),
			MaxMin: miniMaxMaxMin(),
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return MiniMax(ctx, root, depthFirstOptions(v, tracing))
		},
	}
}

// miniMaxMaxMin is MiniMax's pseudocode with explicit MAX and MIN levels,
// as the lecture and AIMA (Fig. 5.3, with a depth limit) write it. The
// lines a node's events light are those of its type's function; the
// root's node lights MINIMAX-DECISION, its entry the first call, and the
// decision its return.
func miniMaxMaxMin() Code {
	return Code{
		line("function MINIMAX-DECISION(state)  ▷ values from MAX's view", onIf(trace.KindNode, atRoot)),
		line("  v ← MAX-VALUE(state, depth)", onIf(trace.KindEnter, atRoot)),
		line("  return the action in ACTIONS(state) with value v", on(trace.KindDecision)),
		line("function MAX-VALUE(state, depth)"),
		line("  if depth = 0 or TERMINAL-TEST(state) then return EVAL(state)", onIf(trace.KindEval, atMax), onIf(trace.KindLeave, both(atLeaf, atMax))),
		line("  v ← −∞"),
		line("  for each a in ACTIONS(state) do"),
		line("    v ← MAX(v, MIN-VALUE(RESULT(state, a), depth − 1))", lights(calls(below(atMin)), []Light{onIf(trace.KindValue, atMax)})...),
		line("  return v", onIf(trace.KindLeave, both(not(atLeaf), atMax))),
		line("function MIN-VALUE(state, depth)"),
		line("  if depth = 0 or TERMINAL-TEST(state) then return EVAL(state)", onIf(trace.KindEval, atMin), onIf(trace.KindLeave, both(atLeaf, atMin))),
		line("  v ← +∞"),
		line("  for each a in ACTIONS(state) do"),
		line("    v ← MIN(v, MAX-VALUE(RESULT(state, a), depth − 1))", lights(calls(below(atMax)), []Light{onIf(trace.KindValue, atMin)})...),
		line("  return v", onIf(trace.KindLeave, both(not(atLeaf), atMin))),
	}
}
