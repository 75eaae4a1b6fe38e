package trace

import (
	"cmp"
	"fmt"
	"iter"
	"math"
	"slices"

	"github.com/searchviz/searchviz/trace/internal/store"
)

// Len returns the number of events in the trace.
func (t *Tree) Len() int { return t.f.events.Len() }

// Step returns the current step: the events 0 through Step are applied, and
// none is at step -1.
func (t *Tree) Step() int { return t.step }

// Size returns the number of nodes in the final tree, placeholders for
// pruned actions included. Node ids run from 0 to Size()-1.
func (t *Tree) Size() int { return t.f.size() }

// size returns the number of nodes, placeholders included.
func (f *treeFold) size() int { return f.nodes.Len() + f.holders.Len() }

// node returns node id's fixed fields.
func (f *treeFold) node(id NodeID) *nodeInfo {
	if int(id) < f.created {
		return f.nodes.At(int(id))
	}
	return f.holders.At(int(id) - f.created)
}

// Root returns the root's id, 0. Every Tree has a root: NewTree refuses
// a trace that creates no node.
func (t *Tree) Root() NodeID { return 0 }

// Current returns the search's focus at the current step, the innermost
// entered node, or NoNode if no node is entered.
func (t *Tree) Current() NodeID { return t.focus }

// Event returns the event at step k, unpacked afresh: the caller may keep
// it. Event panics if k is not in [0, Len()).
func (t *Tree) Event(k int) Event {
	if k < 0 || k >= t.f.events.Len() {
		panic(fmt.Sprintf("trace: Tree.Event(%d): steps run from 0 to %d", k, t.f.events.Len()-1))
	}
	var e Event
	unpackEvent(t.f.events.At(k), &e, t.f.strs, false)
	e.Step = k
	return e
}

// Events returns the events from step from (0 if negative) to the last,
// in step order, as Event returns each: in a time in proportion to their
// number, where calling Event for each step walks from a block's start.
// It reads only the fold that t shares with its clones, so unlike other
// methods it may run while t steps in another goroutine.
func (t *Tree) Events(from int) iter.Seq[Event] {
	return func(yield func(Event) bool) {
		n := t.f.events.Len()
		from = max(from, 0)
		if from >= n {
			return
		}
		c := t.f.events.Cursor(from)
		for k := from; k < n; k++ {
			var e Event
			unpackEvent(c.Next(), &e, t.f.strs, false)
			e.Step = k
			if !yield(e) {
				return
			}
		}
	}
}

// Decision returns the trace's decision event and true, or false if the
// trace has none.
func (t *Tree) Decision() (Event, bool) {
	if t.f.decision < 0 {
		return Event{}, false
	}
	return t.Event(t.f.decision), true
}

// Touched returns the nodes whose NodeState the event at step k changes, in
// increasing order without duplicates; it is empty if the event changes
// nothing. The caller may keep the slice. Touched panics if k is not in
// [0, Len()).
func (t *Tree) Touched(k int) []NodeID {
	if k < 0 || k >= t.f.events.Len() {
		panic(fmt.Sprintf("trace: Tree.Touched(%d): steps run from 0 to %d", k, t.f.events.Len()-1))
	}
	_, cs := unpackChanges(t.f.changes.At(k), t.buf[:0], t.f.created)
	t.buf = cs[:0]
	var ids []NodeID
	for _, c := range cs {
		if len(ids) == 0 || ids[len(ids)-1] != c.node {
			ids = append(ids, c.node)
		}
	}
	return ids
}

// Node returns the state of node id at the current step. Its Children are
// the final tree's, shared, and must not be modified. Node panics if id is
// not in [0, Size()).
func (t *Tree) Node(id NodeID) NodeState {
	f, info := t.f, t.f.node(id)
	n := NodeState{
		ID: id, Parent: info.parent, Action: info.action, Label: f.strs[info.label],
		Depth: info.depth, Type: info.typ, Board: f.strs[info.board], Iteration: info.iteration,
		Placeholder: info.placeholder, Same: info.same,
	}
	if info.joint >= 0 {
		n.Joint = &f.joints[info.joint]
	}
	if info.prob >= 0 {
		n.Prob = f.probs[info.prob]
	}
	if a, b := f.kidsAt[id], f.kidsAt[id+1]; a < b {
		n.Children = f.kids[a:b:b]
	}
	s := t.cur.at(id)
	n.Status = Status(s[slotStatus])
	n.HasValue = s[slotHasValue] != 0
	n.Value = math.Float64frombits(s[slotValue])
	n.Terminal = s[slotTerminal] != 0
	n.Best = NodeID(int64(s[slotBest]))
	n.HasBounds = s[slotHasBounds] != 0
	n.Alpha = math.Float64frombits(s[slotAlpha])
	n.Beta = math.Float64frombits(s[slotBeta])
	n.Cut = CutKind(s[slotCut])
	n.CutValue = math.Float64frombits(s[slotCutValue])
	n.CutAlpha = math.Float64frombits(s[slotCutAlpha])
	n.CutBeta = math.Float64frombits(s[slotCutBeta])
	n.PrunedBy = NodeID(int64(s[slotPrunedBy]))
	n.Visits = int(s[slotVisits])
	n.Total = math.Float64frombits(s[slotTotal])
	return n
}

// Forward applies the next event and reports true, or reports false if the
// current step is the last.
func (t *Tree) Forward() bool {
	if t.step+1 >= t.f.events.Len() {
		return false
	}
	t.walk(t.step + 2)
	return true
}

// Back undoes the current step's event and reports true, or reports false
// at step -1.
func (t *Tree) Back() bool {
	if t.step < 0 {
		return false
	}
	t.walk(t.step)
	return true
}

// Seek moves to step k, which must be in [-1, Len()). It walks from the
// current step or from the nearest checkpoint, whichever replays fewer
// changes, so no jump costs more than copying the tree's state once plus
// replaying a bounded number of changes.
func (t *Tree) Seek(k int) error {
	f, n := t.f, t.f.events.Len()
	if k < -1 || k >= n {
		return fmt.Errorf("trace: cannot seek to step %d: steps run from -1 to %d", k, n-1)
	}
	to := k + 1
	// The changes before a position, counted to the start of its block.
	before := func(pos int) int64 { return f.changesBefore[pos/store.RecordBlock] }
	cost := func(from int) int64 {
		d := before(to) - before(from)
		return max(d, -d)
	}
	best, bestCost := -1, cost(t.step+1)
	j, _ := slices.BinarySearchFunc(f.checkpoints, to, func(c checkpoint, pos int) int {
		return cmp.Compare(c.pos, pos)
	})
	if t.cur.len() > bigStates && t.cur.ownPages() > 2*maxDirtyPages {
		bestCost = math.MaxInt64 // share a checkpoint's pages again
	}
	for _, c := range [2]int{j - 1, j} {
		if c < 0 || c >= len(f.checkpoints) {
			continue
		}
		if cc := restoreCostPerPage*int64(t.cur.pages()) + cost(f.checkpoints[c].pos); cc < bestCost {
			best, bestCost = c, cc
		}
	}
	if best >= 0 {
		c := &f.checkpoints[best]
		t.cur.restore(c)
		t.step = c.pos - 1
		t.focus = t.focusAt(t.step)
	}
	t.walk(to)
	return nil
}

// focusAt returns the focus after event k, or NoNode at step -1.
func (t *Tree) focusAt(k int) NodeID {
	if k < 0 {
		return NoNode
	}
	focus, _ := unpackChanges(t.f.changes.At(k), nil, t.f.created)
	return focus
}

// walk replays the changes between the current position and position to,
// the number of events applied afterwards.
func (t *Tree) walk(to int) {
	f, from := t.f, t.step+1
	switch {
	case to > from:
		c := f.changes.Cursor(from)
		for range to - from {
			var cs []dynChange
			t.focus, cs = unpackChanges(c.Next(), t.buf[:0], f.created)
			for _, c := range cs {
				t.cur.set(c.node, c.slot, c.to)
			}
			t.buf = cs[:0]
		}
	case to < from:
		// Undo block by block, from the last: each block's records are
		// read forwards, then their changes undone in reverse.
		for end := from; end > to; {
			start := max(to, (end-1)/store.RecordBlock*store.RecordBlock)
			c := f.changes.Cursor(start)
			cs := t.buf[:0]
			for range end - start {
				_, cs = unpackChanges(c.Next(), cs, f.created)
			}
			for i := len(cs) - 1; i >= 0; i-- {
				t.cur.set(cs[i].node, cs[i].slot, cs[i].from)
			}
			t.buf = cs[:0]
			end = start
		}
		t.focus = t.focusAt(to - 1)
	}
	t.step = to - 1
}

// Clone returns a Tree at the same step that shares t's immutable fold and
// steps independently of t. Clone, like every method, must not run
// concurrently with other calls on t; the clone may be used concurrently
// with t.
func (t *Tree) Clone() *Tree {
	return &Tree{f: t.f, step: t.step, focus: t.focus, cur: t.cur.clone()}
}
