package trace

import (
	"fmt"
	"slices"
)

// The queries of this file answer what a viewer asks of a trace beyond the
// NodeState of each node: which beam, which iteration and which results
// backed up through the root a step has seen, and a node's first
// evaluation. NewTree indexes them once, in arrays of int32 steps shared by
// clones, so a query takes at most logarithmic time and allocates nothing.

// indexQueries builds the queries' indexes from f's events, already checked
// by scanTree, of which there are at most math.MaxInt32; created is the
// number of nodes the events create.
func (f *treeFold) indexQueries(created int) {
	var beams, iterations, visits int
	for i := range f.events {
		switch e := &f.events[i]; e.Kind {
		case KindBeam:
			beams++
		case KindIteration:
			iterations++
		case KindBackprop:
			if throughRoot(e.Path) {
				visits++
			}
		}
	}
	// Exact sizes, so that MemSize counts no spare capacity.
	f.beams = make([]int32, 0, beams)
	f.iterations = make([]int32, 0, iterations)
	f.visitSteps = make([]int32, 0, visits)
	f.visitChild = make([]NodeID, 0, visits)
	// Only created nodes can be evaluated: a placeholder's id comes after
	// them and exists only once the trace is over.
	f.firstEval = make([]int32, created)
	for i := range f.firstEval {
		f.firstEval[i] = -1
	}
	for i := range f.events {
		switch e := &f.events[i]; e.Kind {
		case KindBeam:
			f.beams = append(f.beams, int32(i))
		case KindIteration:
			f.iterations = append(f.iterations, int32(i))
		case KindEval:
			if f.firstEval[e.Node] < 0 {
				f.firstEval[e.Node] = int32(i)
			}
		case KindBackprop:
			if throughRoot(e.Path) {
				f.visitSteps = append(f.visitSteps, int32(i))
				f.visitChild = append(f.visitChild, e.Path[len(e.Path)-2])
			}
		}
	}
}

// throughRoot reports whether a backprop's path, from where the result was
// found up to the root, passes through a node below the root and ends at
// the root.
func throughRoot(path []NodeID) bool {
	n := len(path)
	return n >= 2 && path[n-1] == 0
}

// checkStep panics unless k is a step of t, from -1 to Len()-1.
func (t *Tree) checkStep(method string, k int) {
	if k < -1 || k >= len(t.f.events) {
		panic(fmt.Sprintf("trace: Tree.%s(%d): steps run from -1 to %d", method, k, len(t.f.events)-1))
	}
}

// countAtOrBefore returns how many of steps, which are sorted, are at most
// k, a step from -1 to math.MaxInt32-1.
func countAtOrBefore(steps []int32, k int) int {
	n, _ := slices.BinarySearch(steps, int32(k+1))
	return n
}

// LatestBeam returns the latest beam event at or before step k and true,
// or false if no beam event comes that early. It does not depend on the
// Tree's current step. LatestBeam panics if k is not in [-1, Len()).
func (t *Tree) LatestBeam(k int) (Event, bool) {
	t.checkStep("LatestBeam", k)
	n := countAtOrBefore(t.f.beams, k)
	if n == 0 {
		return Event{}, false
	}
	return t.f.events[t.f.beams[n-1]], true
}

// IterationAt returns the iteration under way at step k: the Iteration of
// the latest iteration event at or before step k, or 0 if none comes that
// early. A node's NodeState.Iteration is IterationAt of the step that
// created it. IterationAt does not depend on the Tree's current step, and
// panics if k is not in [-1, Len()).
func (t *Tree) IterationAt(k int) int {
	t.checkStep("IterationAt", k)
	n := countAtOrBefore(t.f.iterations, k)
	if n == 0 {
		return 0
	}
	return t.f.events[t.f.iterations[n-1]].IterationInfo().Number
}

// FirstEval returns the value of node id's first eval event, at whatever
// step, and true, or false if the trace never evaluates the node. For a
// one-player game it is the state's own score, which later value events
// replace in NodeState.Value with the score of the best state below it.
// FirstEval does not depend on the Tree's current step, and panics if id
// is not in [0, Size()).
func (t *Tree) FirstEval(id NodeID) (float64, bool) {
	if id < 0 || int(id) >= len(t.f.nodes) {
		panic(fmt.Sprintf("trace: Tree.FirstEval(%d): node ids run from 0 to %d", id, len(t.f.nodes)-1))
	}
	if int(id) >= len(t.f.firstEval) {
		return 0, false // a placeholder, never searched
	}
	s := t.f.firstEval[id]
	if s < 0 {
		return 0, false
	}
	return t.f.events[s].Eval().Value, true
}

// RootVisits returns, for each result backed up through the root at or
// before step k, in step order, the child it came through: of each
// backprop event whose path has at least two nodes and ends at the root,
// the node before the root, which a well-formed trace makes a child of the
// root. Its length is the number of such results by step k. The slice is
// shared and must not be modified. RootVisits does not depend on
// the Tree's current step, and panics if k is not in [-1, Len()).
func (t *Tree) RootVisits(k int) []NodeID {
	t.checkStep("RootVisits", k)
	n := countAtOrBefore(t.f.visitSteps, k)
	return t.f.visitChild[:n:n]
}
