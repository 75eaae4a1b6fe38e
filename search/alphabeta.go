package search

import (
	"context"
	"math"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// AlphaBeta is NegaMax with alpha-beta pruning, in the negamax form of the
// lecture and the primer: each node searches within a window (alpha, beta)
// of its own view, raises alpha as its value improves, and stops looking at
// children once its value reaches beta, because the opponent above will
// never allow this line. It returns the same root value as MiniMax.
//
// opts.Ordering sets the order in which each interior node's children are
// searched (see Ordering); it changes which nodes are searched, never the
// value. Traced, the children are created in the order searched, a cut's
// pruned moves are listed in that order too, and with an ordering other
// than OrderNone a note on the root, after its window, says how the moves
// are ordered.
func AlphaBeta[S Alternating[S]](ctx context.Context, root S, opts Options) (Result, error) {
	if err := opts.Ordering.check(); err != nil {
		return Result{Action: -1}, err
	}
	e := newDFS[S](ctx, opts)
	return e.root(root, func(s S, ply, depth int, id trace.NodeID) float64 {
		if e.tr != nil {
			e.emitBounds(id, math.Inf(-1), math.Inf(1))
			if note := opts.Ordering.note(); note != "" && depth > 0 && !s.Done() {
				e.tr.Emit(trace.Event{Kind: trace.KindNote, Node: id, Text: note})
			}
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
	if e.opts.Ordering != OrderNone {
		e.order(s, ply, moves)
	}
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

// AlphaBetaEntry is AlphaBeta for the catalog.
func AlphaBetaEntry[S Alternating[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "alphabeta", Family: FamilyAlternating,
			Help:   "AlphaBeta: MiniMax's value, pruning lines the opponent would never allow",
			Params: []spec.Param{paramDepth, paramAlphaBetaOrdering, paramNodes},
			Code:   alphaBetaCode(),
			MaxMin: alphaBetaMaxMin(),
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			opts := depthFirstOptions(v, tracing)
			opts.Ordering = Ordering(v.Int(paramAlphaBetaOrdering))
			return AlphaBeta(ctx, root, opts)
		},
	}
}

// alphaBetaCode is AlphaBeta's pseudocode in the negamax form of the
// primer. The root's search is called from outside the lines, so the
// root's node, its entry and its window light the header; every other
// node's light the loop's recursive call, which also takes the value the
// call returns.
func alphaBetaCode() Code {
	return Code{
		line("function ALPHABETA(node, depth, α, β)", calls(atRoot)...),
		line("  if depth = 0 or node is terminal then"),
		line("    return EVALUATE(node)          ▷ from the side to move's view", on(trace.KindEval), onIf(trace.KindLeave, atLeaf)),
		line("  value ← −∞"),
		line("  for each child of node do        ▷ ordering=1: best static value first", onIf(trace.KindNote, atRoot)),
		line("    value ← max(value, −ALPHABETA(child, depth − 1, −β, −α))", lights(calls(not(atRoot)), []Light{on(trace.KindValue)})...),
		line("    if value ≥ β then"),
		line("      return value                 ▷ cut: the rest of the children are pruned", on(trace.KindCut)),
		line("    α ← max(α, value)", onIf(trace.KindBounds, not(entering))),
		line("  return value", onIf(trace.KindLeave, not(atLeaf))),
	}
}

// alphaBetaMaxMin is AlphaBeta's pseudocode with explicit MAX and MIN
// levels, as the lecture and AIMA (Fig. 5.7, with a depth limit) write it:
// α is raised at MAX nodes, β lowered at MIN nodes. The lines a node's
// events light are those of its type's function; the root's node lights
// ALPHA-BETA-SEARCH, its entry and window the first call, and the decision
// its return.
func alphaBetaMaxMin() Code {
	return Code{
		line("function ALPHA-BETA-SEARCH(state)  ▷ values from MAX's view", onIf(trace.KindNode, atRoot)),
		line("  v ← MAX-VALUE(state, −∞, +∞, depth)", onIf(trace.KindEnter, atRoot), onIf(trace.KindBounds, both(entering, atRoot))),
		line("  return the action in ACTIONS(state) with value v", on(trace.KindDecision)),
		line("function MAX-VALUE(state, α, β, depth)"),
		line("  if depth = 0 or TERMINAL-TEST(state) then return EVAL(state)", onIf(trace.KindEval, atMax), onIf(trace.KindLeave, both(atLeaf, atMax))),
		line("  v ← −∞"),
		line("  for each a in ACTIONS(state) do  ▷ ordering=1: best first", onIf(trace.KindNote, atRoot)),
		line("    v ← MAX(v, MIN-VALUE(RESULT(state, a), α, β, depth − 1))", lights(calls(below(atMin)), []Light{onIf(trace.KindValue, atMax)})...),
		line("    if v ≥ β then return v  ▷ β cut: prune the rest", onIf(trace.KindCut, atMax)),
		line("    α ← MAX(α, v)", onIf(trace.KindBounds, both(not(entering), atMax))),
		line("  return v", onIf(trace.KindLeave, both(not(atLeaf), atMax))),
		line("function MIN-VALUE(state, α, β, depth)"),
		line("  if depth = 0 or TERMINAL-TEST(state) then return EVAL(state)", onIf(trace.KindEval, atMin), onIf(trace.KindLeave, both(atLeaf, atMin))),
		line("  v ← +∞"),
		line("  for each a in ACTIONS(state) do"),
		line("    v ← MIN(v, MAX-VALUE(RESULT(state, a), α, β, depth − 1))", lights(calls(below(atMax)), []Light{onIf(trace.KindValue, atMin)})...),
		line("    if v ≤ α then return v  ▷ α cut: prune the rest", onIf(trace.KindCut, atMin)),
		line("    β ← MIN(β, v)", onIf(trace.KindBounds, both(not(entering), atMin))),
		line("  return v", onIf(trace.KindLeave, both(not(atLeaf), atMin))),
	}
}
