package search

import (
	"context"
	"fmt"
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
//
// With opts.Table, a transposition table (see MaxTableEntries) spares
// the search of a position met again with the same depth left, when the
// value stored for it settles its window; the traced node takes the value
// in an eval event whose Same names the node first searched, and notes on
// the root say how the table works and, at the end, how often it hit.
//
// With opts.Quiescence q > 0, a position at the depth limit whose side to
// move has noisy moves (a game's state says which, with a method
// Noisy(action int) bool; in Othello, discs on corners and edges) is not
// evaluated and left: its evaluation becomes a floor the side to move can
// stand on, and its noisy moves are searched on in the same way, up to q
// plies below the limit, so that a corner taken just past the horizon is
// seen. Traced, such a node has an eval event, then a note naming its
// noisy moves, then its children; a note on the root says what the
// search does.
func AlphaBeta[S Alternating[S]](ctx context.Context, root S, opts Options) (Result, error) {
	return alphaBeta(ctx, root, opts, MaxTableEntries)
}

// alphaBeta is AlphaBeta with a transposition table of at most
// tableSize positions.
func alphaBeta[S Alternating[S]](ctx context.Context, root S, opts Options, tableSize int) (Result, error) {
	if err := opts.Ordering.check(); err != nil {
		return Result{Action: -1}, err
	}
	if q := opts.Quiescence; q < 0 || q > MaxQuiescence {
		return Result{Action: -1}, fmt.Errorf("search: quiescence %d is outside 0 to %d plies", q, MaxQuiescence)
	}
	e := newDFS[S](ctx, opts)
	if opts.Table {
		e.table = newTable(tableSize)
	}
	return e.root(root, func(s S, ply, depth int, id trace.NodeID) float64 {
		interior := depth > 0 && !s.Done()
		if e.tr != nil {
			e.emitBounds(id, math.Inf(-1), math.Inf(1))
			if note := opts.Ordering.note(); note != "" && interior {
				e.tr.Emit(trace.Event{Kind: trace.KindNote, Node: id, Text: note})
			}
			if e.table != nil && interior {
				e.tr.Emit(trace.Event{Kind: trace.KindNote, Node: id, Text: tableNote})
			}
			if q := opts.Quiescence; q > 0 && interior {
				_, noisy := any(s).(noisyGame)
				e.tr.Emit(trace.Event{Kind: trace.KindNote, Node: id, Text: quiescenceNote(q, noisy)})
			}
		}
		v := e.alphabeta(s, ply, depth, math.Inf(-1), math.Inf(1), id)
		if e.tr != nil && e.table != nil && interior {
			e.tr.Emit(trace.Event{Kind: trace.KindNote, Node: id, Text: e.table.summary()})
		}
		return v
	})
}

// alphabeta returns the value of s from the side to move's view within the
// window (alpha, beta), fail-soft. The caller has reported the window.
func (e *dfs[S]) alphabeta(s S, ply, depth int, alpha, beta float64, id trace.NodeID) float64 {
	if depth == 0 && e.opts.Quiescence > 0 {
		return e.quiesce(s, ply, e.opts.Quiescence, alpha, beta, id)
	}
	if depth == 0 || s.Done() {
		return e.leaf(s, id)
	}
	var key string
	if e.table != nil {
		key = s.String()
		if v, same, ok := e.table.probe(key, depth, alpha, beta); ok {
			e.fromTable(id, v, same)
			return v
		}
	}
	moves := e.legal(s, ply)
	if e.opts.Ordering != OrderNone {
		e.order(s, ply, moves)
	}
	alpha0 := alpha
	best := math.Inf(-1)
	for i, a := range moves {
		child, cid, ok := e.child(s, a, ply, id, true, -beta, -alpha)
		if !ok {
			break
		}
		v := -e.alphabeta(child, ply+1, depth-1, -beta, -alpha, cid)
		if !e.searched(ply, a) {
			break
		}
		if v > best {
			best = v
			e.improved(ply, a, id, cid, best)
			if best >= beta {
				if i+1 < len(moves) { // a cut that prunes, as the trace shows
					e.learn(ply, depth, a)
				}
				e.cut(id, ply, s, best, alpha, beta, moves[i+1:])
				break
			}
			alpha = e.raise(id, alpha, beta, best)
		}
	}
	if e.table != nil && e.err == nil {
		e.table.store(key, depth, best, alpha0, beta, id)
	}
	e.leave(id)
	return best
}

// fromTable gives node id the value v that the transposition table
// stored for node same, and leaves it: it is not searched.
func (e *dfs[S]) fromTable(id trace.NodeID, v float64, same trace.NodeID) {
	if e.tr != nil {
		e.tr.Emit(trace.Event{Kind: trace.KindEval, Node: id, Value: v, Same: same})
		e.emitLeave(id)
	}
}

// AlphaBetaEntry is AlphaBeta for the catalog.
func AlphaBetaEntry[S Alternating[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "alphabeta", Family: FamilyAlternating, Measures: MeasureValue,
			Help:   "AlphaBeta: MiniMax's value, pruning lines the opponent would never allow",
			Params: []spec.Param{paramDepth, paramAlphaBetaOrdering, paramTable, paramQuiescence, paramNodes},
			Code:   alphaBetaCode(),
			MaxMin: alphaBetaMaxMin(),
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			opts := depthFirstOptions(v, tracing)
			opts.Ordering = Ordering(v.Int(paramAlphaBetaOrdering))
			opts.Table = v.Int(paramTable) == 1
			opts.Quiescence = v.Int(paramQuiescence)
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
	plain := not(quiescing)
	tt, ordered, quiet := set(paramTable), set(paramAlphaBetaOrdering), set(paramQuiescence)
	return Code{
		line("function ALPHABETA(node, depth, α, β)", calls(atRoot)...),
		line("  if depth = 0 or node is terminal then  ▷ quiescence=q: at depth 0, return QUIESCE(node, q, α, β)").plain(quiet, "  if depth = 0 or node is terminal then"),
		line("    return EVALUATE(node)          ▷ from the side to move's view", onIf(trace.KindEval, both(plain, not(fromTable))), onIf(trace.KindLeave, both(both(atLeaf, plain), not(fromTable)))),
		line("  if TABLE[node, depth] settles (α, β) then return it  ▷ tt=1", onIf(trace.KindEval, fromTable), onIf(trace.KindLeave, fromTable)).only(tt),
		line("  value ← −∞"),
		line("  for each child of node do        ▷ ordering≥1: likely cuts first", onIf(trace.KindNote, atRoot)).plain(ordered, "  for each child of node do"),
		line("    value ← max(value, −ALPHABETA(child, depth − 1, −β, −α))", lights(calls(both(not(atRoot), not(calledByQuiesce))), []Light{onIf(trace.KindValue, plain)})...),
		line("    if value ≥ β then"),
		line("      return value                 ▷ cut: the rest of the children are pruned", onIf(trace.KindCut, plain)),
		line("    α ← max(α, value)", onIf(trace.KindBounds, both(not(entering), plain))),
		line("  TABLE[node, depth] ← value, exact or a bound  ▷ tt=1").only(tt),
		line("  return value", onIf(trace.KindLeave, both(not(atLeaf), plain))),
		line("function QUIESCE(node, q, α, β)    ▷ below the depth limit").only(quiet),
		line("  value ← EVALUATE(node)           ▷ stand pat: a floor", onIf(trace.KindEval, quiescing)).only(quiet),
		line("  if q = 0 or no move is noisy or value ≥ β then return value", onIf(trace.KindLeave, both(atLeaf, quiescing)), onIf(trace.KindCut, both(atLeaf, quiescing))).only(quiet),
		line("  for each noisy child of node do", onIf(trace.KindNote, quiescing)).only(quiet),
		line("    value ← max(value, −QUIESCE(child, q − 1, −β, −α))", lights(calls(calledByQuiesce), []Light{onIf(trace.KindValue, quiescing)})...).only(quiet),
		line("    if value ≥ β then return value  ▷ cut", onIf(trace.KindCut, both(not(atLeaf), quiescing))).only(quiet),
		line("    α ← max(α, value)             ▷ the floor rises", onIf(trace.KindBounds, both(not(entering), quiescing))).only(quiet),
		line("  return value                     ▷ the floor or a noisy line's", onIf(trace.KindLeave, both(not(atLeaf), quiescing))).only(quiet),
	}
}

// alphaBetaMaxMin is AlphaBeta's pseudocode with explicit MAX and MIN
// levels, as the lecture and AIMA (Fig. 5.7, with a depth limit) write it:
// α is raised at MAX nodes, β lowered at MIN nodes. The lines a node's
// events light are those of its type's function; the root's node lights
// ALPHA-BETA-SEARCH, its entry and window the first call, and the decision
// its return. This form calls QUIESCE without writing it out: the note
// naming a node's noisy moves lights the call.
func alphaBetaMaxMin() Code {
	tt, ordered, quiet := set(paramTable), set(paramAlphaBetaOrdering), set(paramQuiescence)
	return Code{
		line("function ALPHA-BETA-SEARCH(state)  ▷ values from MAX's view", onIf(trace.KindNode, atRoot)),
		line("  v ← MAX-VALUE(state, −∞, +∞, depth)", onIf(trace.KindEnter, atRoot), onIf(trace.KindBounds, both(entering, atRoot))),
		line("  return the action in ACTIONS(state) with value v", on(trace.KindDecision)),
		line("function MAX-VALUE(state, α, β, depth)"),
		line("  if depth = 0 and a move is noisy then return QUIESCE(state, α, β, q)  ▷ quiescence=q: EVAL a floor, noisy moves searched on", onIf(trace.KindNote, both(atMax, quiescing))).only(quiet),
		line("  if depth = 0 or TERMINAL-TEST(state) then return EVAL(state)", onIf(trace.KindEval, both(atMax, not(fromTable))), onIf(trace.KindLeave, both(both(atLeaf, atMax), not(fromTable)))),
		line("  if TABLE[state, depth] settles (α, β) then return it  ▷ tt=1", onIf(trace.KindEval, both(atMax, fromTable)), onIf(trace.KindLeave, both(atMax, fromTable))).only(tt),
		line("  v ← −∞"),
		line("  for each a in ACTIONS(state) do  ▷ ordering≥1: likely cuts first", onIf(trace.KindNote, atRoot)).plain(ordered, "  for each a in ACTIONS(state) do"),
		line("    v ← MAX(v, MIN-VALUE(RESULT(state, a), α, β, depth − 1))", lights(calls(below(atMin)), []Light{onIf(trace.KindValue, atMax)})...),
		line("    if v ≥ β then return v  ▷ β cut: prune the rest", onIf(trace.KindCut, atMax)),
		line("    α ← MAX(α, v)", onIf(trace.KindBounds, both(not(entering), atMax))),
		line("  TABLE[state, depth] ← v  ▷ tt=1").only(tt),
		line("  return v", onIf(trace.KindLeave, both(not(atLeaf), atMax))),
		line("function MIN-VALUE(state, α, β, depth)"),
		line("  if depth = 0 and a move is noisy then return QUIESCE(state, α, β, q)  ▷ quiescence=q: EVAL a floor, noisy moves searched on", onIf(trace.KindNote, both(atMin, quiescing))).only(quiet),
		line("  if depth = 0 or TERMINAL-TEST(state) then return EVAL(state)", onIf(trace.KindEval, both(atMin, not(fromTable))), onIf(trace.KindLeave, both(both(atLeaf, atMin), not(fromTable)))),
		line("  if TABLE[state, depth] settles (α, β) then return it  ▷ tt=1", onIf(trace.KindEval, both(atMin, fromTable)), onIf(trace.KindLeave, both(atMin, fromTable))).only(tt),
		line("  v ← +∞"),
		line("  for each a in ACTIONS(state) do"),
		line("    v ← MIN(v, MAX-VALUE(RESULT(state, a), α, β, depth − 1))", lights(calls(below(atMax)), []Light{onIf(trace.KindValue, atMin)})...),
		line("    if v ≤ α then return v  ▷ α cut: prune the rest", onIf(trace.KindCut, atMin)),
		line("    β ← MIN(β, v)", onIf(trace.KindBounds, both(not(entering), atMin))),
		line("  TABLE[state, depth] ← v  ▷ tt=1").only(tt),
		line("  return v", onIf(trace.KindLeave, both(not(atLeaf), atMin))),
	}
}
