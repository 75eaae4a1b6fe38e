package search

import (
	"context"
	"slices"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// Beam runs a beam search of opts.Width states to opts.Depth moves, as the
// primer writes it: starting from the beam [root], it expands the best
// Width states of the beam (by Score, ties to the earlier created), and
// all their children form the next beam. It stops at the depth limit, when
// the best state of the new beam is done, or when there is nothing left to
// expand, and answers with the first action on the way to the best state of
// the last beam. Stopped early by its time limit, node budget or context,
// it answers from the last complete depth, as the primer does, or from the
// states of the first depth generated so far if none is complete.
//
// After each depth it reports a beam event listing every child of that
// depth, best first: the best Width as kept, the others as dropped.
func Beam[S Single[S]](ctx context.Context, root S, opts SingleOptions) (Result, error) {
	if err := checkSingle(opts, false); err != nil {
		return Result{Action: -1}, err
	}
	e := newSingle[S](ctx, opts)
	return e.run(root, e.beam)
}

func (e *single[S]) beam(root S, it item) (item, bool) {
	cur, curItems := []S{root}, []item{it}
	var next []S
	var nextItems []item
	var best item
	found := false
	for depth := 1; depth <= e.opts.Depth; depth++ {
		next, nextItems = next[:0], nextItems[:0]
		stopped := false
		for _, it := range curItems[:min(e.opts.Width, len(curItems))] {
			if e.timeUp() {
				stopped = true
				break
			}
			next, nextItems = e.expand(cur[it.slot], it, depth, next, nextItems)
			if e.err != nil {
				stopped = true
				break
			}
		}
		if len(nextItems) == 0 {
			break
		}
		slices.SortFunc(nextItems, rank)
		if e.tr != nil {
			e.emitBeam(depth, nextItems, min(e.opts.Width, len(nextItems)))
		}
		if stopped && found {
			break // answer with the last complete depth, as the primer does
		}
		best, found = nextItems[0], true
		if stopped || next[best.slot].Done() {
			break
		}
		cur, next = next, cur
		curItems, nextItems = nextItems, curItems
	}
	return best, found
}

// BeamEntry is Beam search for the catalog.
func BeamEntry[S Single[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "beam", Family: FamilySingle, Measures: MeasureValue,
			Help:   "Beam search: keep the best width states at each depth, expand them all, answer the best state's first move",
			Params: []spec.Param{paramBeamWidth, paramBeamDepth, paramBeamTime, paramNodes},
			Code: Code{
				line("function BEAMSEARCH(root, width, depth)"),
				line("  beam ← [root]", onIf(trace.KindNode, newRoot), onIf(trace.KindEval, atRoot)),
				line("  for t ← 1 to depth do"),
				line("    next ← []"),
				line("    for each of the best width states of beam do", on(trace.KindEnter), on(trace.KindLeave)),
				line("      for each action of state do"),
				line("        add state after action to next   ▷ it remembers its first action", onIf(trace.KindNode, not(newRoot)), onIf(trace.KindEval, not(atRoot))),
				line("    beam ← next, best first             ▷ the best width are kept, the rest dropped", on(trace.KindBeam)),
				line("    if the best of beam is done then break"),
				line("  return the first action of the best of beam", on(trace.KindValue), on(trace.KindDecision)),
			},
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return Beam(ctx, root, beamOptions(v, paramBeamWidth, nil, tracing))
		},
	}
}
