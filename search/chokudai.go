package search

import (
	"context"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// Chokudai runs Chokudai search, as the primer writes it: one priority
// queue of states per depth 0 to opts.Depth (by Score, ties to the earlier
// created), queue 0 holding the root. Each pass walks the depths from 0 to
// Depth-1 and, up to opts.Width times per depth, takes the best state of
// that depth's queue and pushes all its children into the next depth's
// queue, so a later pass expands states that earlier passes left behind.
// It runs opts.Passes passes, or fewer if opts.TimeLimit passes first (the
// clock is read before each expansion and after each pass), and answers
// with the first action on the way to the best state of the deepest
// non-empty queue. With one pass it gives Beam's answer for the same width
// and depth.
//
// As in the primer, a state that is done is never taken from its queue:
// when the best state of a queue is done, that depth expands nothing more
// in this pass, and in any later pass. A pass that expands nothing ends the
// search, since the passes after it could only do the same.
//
// Each pass starts with an iteration event; after the states taken at a
// depth are expanded, a beam event at that depth lists them, in the order
// taken, as kept.
func Chokudai[S Single[S]](ctx context.Context, root S, opts SingleOptions) (Result, error) {
	if err := checkSingle(opts, true); err != nil {
		return Result{Action: -1}, err
	}
	e := newSingle[S](ctx, opts)
	return e.run(root, e.chokudai)
}

func (e *single[S]) chokudai(root S, it item) (item, bool) {
	d, width := e.opts.Depth, e.opts.Width
	queues := make([]queue, d+1)
	var states store[S]
	var kids []S
	var kidItems []item
	var taken []item // tracing: the states taken at one depth
	it.slot = states.put(root)
	queues[0].push(it)
	stopped := false
	for pass := 1; pass <= e.opts.Passes && !stopped; pass++ {
		if e.tr != nil {
			e.tr.Emit(trace.Event{Kind: trace.KindIteration, Iteration: pass})
		}
		before := e.expansions
		for t := 0; t < d && !stopped; t++ {
			q := &queues[t]
			taken = taken[:0]
			for range width {
				if len(*q) == 0 {
					break
				}
				if (*states.at((*q)[0].slot)).Done() {
					break // the primer's "continue": the same state stays on top
				}
				if e.timeUp() {
					stopped = true
					break
				}
				top := q.pop()
				s := *states.at(top.slot)
				states.release(top.slot)
				kids, kidItems = e.expand(s, top, t+1, kids[:0], kidItems[:0])
				for i, k := range kidItems {
					k.slot = states.put(kids[i])
					queues[t+1].push(k)
				}
				if e.tr != nil {
					taken = append(taken, top)
				}
				if e.err != nil {
					stopped = true
					break
				}
			}
			if e.tr != nil && len(taken) > 0 {
				e.emitBeam(t, taken, len(taken))
			}
		}
		if e.expansions == before {
			break
		}
		if !stopped && !e.deadline.IsZero() && e.now().After(e.deadline) && pass < e.opts.Passes {
			e.timedOut, stopped = true, true
		}
	}
	for t := d; t >= 0; t-- {
		if len(queues[t]) > 0 {
			return queues[t][0], true
		}
	}
	return item{}, false
}

// ChokudaiEntry is Chokudai search for the catalog.
func ChokudaiEntry[S Single[S]]() Entry[S] {
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "chokudai", Family: FamilySingle, Measures: MeasureValue,
			Help:   "Chokudai search: one queue per depth, repeated narrow beams that each take the best states not yet taken",
			Params: []spec.Param{paramChokudaiWidth, paramBeamDepth, paramPasses, paramBeamTime, paramNodes},
			Code: Code{
				line("function CHOKUDAI(root, width, depth, passes)"),
				line("  queue[0] ← [root]; queue[1..depth] ← []", onIf(trace.KindNode, newRoot), onIf(trace.KindEval, atRoot)),
				line("  repeat passes times                   ▷ a narrow beam from the root down", on(trace.KindIteration)),
				line("    for t ← 0 to depth − 1 do"),
				line("      repeat width times", on(trace.KindBeam)),
				line("        if queue[t] is empty then break"),
				line("        state ← the best of queue[t], taken out   ▷ unless it is done", on(trace.KindEnter)),
				line("        for each action of state do", on(trace.KindLeave)),
				line("          put state after action in queue[t + 1]", onIf(trace.KindNode, not(newRoot)), onIf(trace.KindEval, not(atRoot))),
				line("  return the first action of the best of the deepest non-empty queue", on(trace.KindValue), on(trace.KindDecision)),
			},
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return Chokudai(ctx, root, beamOptions(v, paramChokudaiWidth, &paramPasses, tracing))
		},
	}
}
