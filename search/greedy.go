package search

import (
	"context"
	"slices"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// Greedy tries every legal action one move ahead and takes the one whose
// state scores best; ties go to the first action in move order. Its trace
// is one expansion of the root and a beam event at depth 1 that keeps the
// chosen child and drops the others, best first. It is Beam with width 1
// and depth 1.
func Greedy[S Single[S]](ctx context.Context, root S, opts SingleOptions) (Result, error) {
	e := newSingle[S](ctx, opts)
	return e.run(root, e.greedy)
}

func (e *single[S]) greedy(root S, it item) (item, bool) {
	_, items := e.expand(root, it, 1, nil, nil)
	if len(items) == 0 {
		return item{}, false
	}
	best := items[0]
	for _, c := range items[1:] {
		if c.score > best.score {
			best = c
		}
	}
	if e.tr != nil {
		slices.SortFunc(items, rank)
		e.emitBeam(1, items, 1)
	}
	return best, true
}

// GreedyEntry is Greedy for the catalog.
func GreedyEntry[S Single[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "greedy", Family: FamilySingle, Measures: MeasureValue,
			Help:   "Greedy: try every action one move ahead and take the best-scoring state",
			Params: []spec.Param{paramNodes},
			Code: Code{
				line("function GREEDY(state)", onIf(trace.KindNode, newRoot), onIf(trace.KindEval, atRoot)),
				line("  best ← −∞"),
				line("  for each action of state do", on(trace.KindEnter), on(trace.KindLeave)),
				line("    next ← state after action", onIf(trace.KindNode, not(newRoot))),
				line("    if SCORE(next) > best then", onIf(trace.KindEval, not(atRoot))),
				line("      best ← SCORE(next); choice ← action", on(trace.KindBeam), on(trace.KindValue)),
				line("  return choice", on(trace.KindDecision)),
			},
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return Greedy(ctx, root, SingleOptions{Limits: Limits{MaxNodes: v.Int(paramNodes)}, Tracing: tracing})
		},
	}
}
