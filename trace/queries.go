package trace

import (
	"fmt"
	"slices"
)

// The queries of this file answer what a viewer asks of a trace beyond the
// NodeState of each node: which beam, which iteration and which results
// backed up through the root a step has seen, and a node's first
// evaluation. the fold indexes them once, in arrays of int32 steps shared by
// clones, so a query takes at most logarithmic time and allocates nothing.

// throughRoot reports whether a backprop's path, from where the result was
// found up to the root, passes through a node below the root and ends at
// the root.
func throughRoot(path []NodeID) bool {
	n := len(path)
	return n >= 2 && path[n-1] == 0
}

// checkStep panics unless k is a step of t, from -1 to Len()-1.
func (t *Tree) checkStep(method string, k int) {
	if n := t.f.events.Len(); k < -1 || k >= n {
		panic(fmt.Sprintf("trace: Tree.%s(%d): steps run from -1 to %d", method, k, n-1))
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
	return t.Event(int(t.f.beams[n-1])), true
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
	return t.Event(int(t.f.iterations[n-1])).IterationInfo().Number
}

// FirstEval returns the value of node id's first eval event, at whatever
// step, and true, or false if the trace never evaluates the node. For a
// one-player game it is the state's own score, which later value events
// replace in NodeState.Value with the score of the best state below it.
// FirstEval does not depend on the Tree's current step, and panics if id
// is not in [0, Size()).
func (t *Tree) FirstEval(id NodeID) (float64, bool) {
	if id < 0 || int(id) >= t.f.size() {
		panic(fmt.Sprintf("trace: Tree.FirstEval(%d): node ids run from 0 to %d", id, t.f.size()-1))
	}
	if int(id) >= len(t.f.firstEval) {
		return 0, false // a placeholder, never searched
	}
	s := t.f.firstEval[id]
	if s < 0 {
		return 0, false
	}
	return t.Event(int(s)).Eval().Value, true
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
