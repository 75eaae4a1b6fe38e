package viewer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
)

// Grains: a page steps by event, or at a teacher's grain, to the next node
// entered or left, iteration, cut, backup or change of the root's best
// move (trace.Grain); the server finds the step in the trace's fold, and
// the page never replays the trace.

// Marks is what the scrubber marks: the first steps of iterations
// and the steps of cuts, in increasing order, each thinned to MaxMarks.
type Marks struct {
	Iterations []int `json:"iterations"`
	Cuts       []int `json:"cuts"`
}

// parseGrain returns the grain a step command names, GrainEvent for
// none, or an error that lists the grains.
func parseGrain(name string) (trace.Grain, error) {
	if name == "" {
		return trace.GrainEvent, nil
	}
	g, err := trace.ParseGrain(name)
	if err != nil {
		var names []string
		for _, g := range trace.Grains() {
			names = append(names, g.String())
		}
		return trace.GrainBad, fmt.Errorf("step's grain must be one of %s, not %q", strings.Join(names, ", "), name)
	}
	return g, nil
}

// thinMarks returns the steps grain g stops at, at most MaxMarks of them:
// with more, the i-th of every n/MaxMarks.
func thinMarks(t *trace.Tree, g trace.Grain) []int {
	n := t.GrainCount(g)
	m := min(n, MaxMarks)
	out := make([]int, m)
	for i := range m {
		out[i] = t.GrainStep(g, i*n/m)
	}
	return out
}

// unitName is what a trace's iterations are: the depths of a beam search,
// a one-player search's passes (Chokudai search), or iterations (MCTS,
// DUCT, iterative deepening).
func unitName(t *trace.Tree) string {
	switch {
	case t.IterationsByDepth():
		return "depth"
	case t.Node(t.Root()).Type == trace.TypeSingle:
		return "pass"
	}
	return "iteration"
}

// CounterText is CounterTextIn in English.
func CounterText(t *trace.Tree, k int) string { return CounterTextIn(explain.English, t, k) }

// CounterTextIn says where step k is, in language l: "iteration 12 of 300
// · step 3 of its 13" in a trace with iterations ("before iteration 1",
// "after depth 7" at a step in none), else "step 40 of 494", steps
// counted from 0 as the scrubber does. Its numbers are not grouped.
func CounterTextIn(l explain.Lang, t *trace.Tree, k int) string {
	its := t.Iterations()
	n := strconv.Itoa
	if its == 0 {
		return l.F("step %s of %s", n(k), n(t.Len()-1))
	}
	unit := l.T(unitName(t))
	i, first, steps := t.IterationSpan(k)
	switch {
	case i > 0:
		return l.F("%s %s of %s · step %s of its %s", unit, n(i), n(its), n(k-first+1), n(steps))
	case k < t.GrainStep(trace.GrainIteration, 0):
		return l.F("before %s 1 of %s", unit, n(its))
	}
	return l.F("after %s %s of %s", unit, n(its), n(its))
}

// GrainLabel is GrainLabelIn in English.
func GrainLabel(t *trace.Tree, g trace.Grain) string { return GrainLabelIn(explain.English, t, g) }

// GrainLabelIn names a grain in the selector and in messages, in language
// l.
func GrainLabelIn(l explain.Lang, t *trace.Tree, g trace.Grain) string {
	switch g {
	case trace.GrainIteration:
		return l.T(unitName(t))
	case trace.GrainDecision:
		return l.T("decision change")
	}
	// The catalogs translate each grain's name (see its test).
	return l.T(g.String())
}

// grainFrame adds to frame f the counter and, with extras, as a full
// frame has them, the grains the trace has and the scrubber's marks.
func (vw *Viewer) grainFrame(f *Frame, extras bool) {
	t := vw.tree
	f.Counter = CounterTextIn(vw.lang, t, f.Step)
	if !extras {
		return
	}
	f.Grains = []string{}
	for _, g := range trace.Grains() {
		if t.HasGrain(g) {
			f.Grains = append(f.Grains, g.String())
		}
	}
	f.Marks = &Marks{Iterations: thinMarks(t, trace.GrainIteration), Cuts: thinMarks(t, trace.GrainCut)}
}

// grainStep returns the step after from in direction dir (1 or -1) at
// which grain g stops, and with a filter, the next of them whose event
// touches a node of the filter's subtree, or for an iteration, one of
// whose steps does; and false if there is none.
func (vw *Viewer) grainStep(from, dir int, g trace.Grain) (int, bool) {
	if g == trace.GrainEvent {
		return vw.nextStep(from, dir)
	}
	t := vw.tree
	var o *render.Outline
	if vw.nav.filter != trace.NoNode {
		var err error
		if o, _, err = vw.show.Navigation(); err != nil {
			return from, false
		}
	}
	touches := func(k int) bool {
		for _, id := range t.Touched(k) {
			if o.Under(id, vw.nav.filter) {
				return true
			}
		}
		return false
	}
	for k := from; ; {
		next, ok := t.NextStep(k, g, dir)
		if !ok {
			return from, false
		}
		if o == nil {
			return next, true
		}
		end := next
		if g == trace.GrainIteration {
			_, first, steps := t.IterationSpan(next)
			end = first + steps - 1
		}
		for j := next; j <= end; j++ {
			if touches(j) {
				return next, true
			}
		}
		k = next
	}
}

// noGrainStep says that no step of grain g lies in direction dir that the
// filter lets through.
func (vw *Viewer) noGrainStep(dir int, g trace.Grain) string {
	if g == trace.GrainEvent {
		return vw.noStep(dir)
	}
	l := vw.lang
	what := GrainLabelIn(l, vw.tree, g)
	if g == trace.GrainNode {
		what = l.T("node entered or left")
	}
	switch {
	case vw.nav.filter == trace.NoNode && dir < 0:
		return l.F("No earlier %s.", what)
	case vw.nav.filter == trace.NoNode:
		return l.F("No later %s.", what)
	case dir < 0:
		return l.F("No earlier %s touches the subtree of %s.", what, vw.pathName(vw.nav.filter))
	}
	return l.F("No later %s touches the subtree of %s.", what, vw.pathName(vw.nav.filter))
}
