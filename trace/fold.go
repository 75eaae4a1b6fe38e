package trace

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"unsafe"
)

// Tree is a trace folded into the search tree as it stands at each step:
// which nodes exist, the NodeState of each, and the search's focus. A Tree
// is positioned at one step at a time. Moving costs time in proportion to
// what the events passed over change, never a refold from the first event,
// and stepping does not allocate.
//
// The node set is the final tree's, fixed at NewTree: every node that the
// trace ever creates has an id from the start and is StatusNotReached until
// its event, so a renderer can lay out the whole tree once.
//
// Besides the state at its step, a Tree answers questions about any step
// or node that do not move it: LatestBeam, IterationAt, FirstEval and
// RootVisits.
//
// A Tree is not safe for concurrent use. Clone makes a Tree that shares the
// immutable fold and steps independently, so that each goroutine, or each
// viewer of a trace, can have its own.
type Tree struct {
	f    *treeFold  // immutable after NewTree, shared by clones
	step int        // events 0..step are applied
	cur  []dynState // every node's changing fields at step
}

// treeFold is everything NewTree computes once for a trace.
type treeFold struct {
	events []Event
	nodes  []NodeState // the fixed fields of every node; the rest live in dynState

	// Event k changes changes[changeAt[k]:changeAt[k+1]], at most one
	// record per node and slot, sorted by node, and touches the nodes
	// touched[touchedAt[k]:touchedAt[k+1]].
	changes   []dynChange
	changeAt  []int
	touched   []NodeID
	touchedAt []int

	focus       []NodeID     // the focus after each event
	checkpoints []checkpoint // by position, the first at position 0
	decision    int          // the decision event's index, or -1

	// The indexes of the queries in queries.go, by step as int32.
	beams      []int32  // the steps of the beam events
	iterations []int32  // the steps of the iteration events
	firstEval  []int32  // by created node, the step of its first eval event, or -1
	visitSteps []int32  // the steps of the backprops through the root
	visitChild []NodeID // by backprop through the root, the node before the root

	memSize int64 // the bytes the fold holds, as Tree.MemSize counts them
}

// dynState holds the NodeState fields that events change, one 64-bit slot
// per field, so that a single change record type can describe any of them.
type dynState [numSlots]uint64

// dynSlot names a field of dynState.
type dynSlot uint8

// The slots of dynState: floats are stored as math.Float64bits, node ids as
// sign-extended int64, booleans as 0 or 1.
const (
	slotStatus dynSlot = iota
	slotHasValue
	slotValue
	slotTerminal
	slotBest
	slotHasBounds
	slotAlpha
	slotBeta
	slotCut
	slotCutValue
	slotCutAlpha
	slotCutBeta
	slotPrunedBy
	slotVisits
	slotTotal
	numSlots
)

// dynChange records that one event set one slot of one node from one value
// to another; stepping forwards writes to, stepping back writes from.
type dynChange struct {
	node     NodeID
	slot     dynSlot
	from, to uint64
}

// checkpoint is a copy of every node's dynState after the first pos events.
type checkpoint struct {
	pos   int
	state []dynState // nil at position 0, whose state initialState rebuilds
}

// restoreCostPerNode is what restoring one node's state from a checkpoint
// costs, counted in changes replayed: copying a checkpoint is bound by
// memory bandwidth, and measured about as slow as replaying 8 changes per
// node.
const restoreCostPerNode = 8

// checkpointSpacingPerNode sets the changes between checkpoints to this many
// per node, so a checkpoint takes about an eighth of the memory of the
// changes it spans, and a jump costs at most a restore and half a spacing.
// Depth-first traces make about 10 changes per node and get no checkpoint:
// replaying all their changes is as cheap as one restore.
const checkpointSpacingPerNode = 4 * restoreCostPerNode

// minCheckpointSpacing is the fewest changes between checkpoints.
const minCheckpointSpacing = 1024

func initialState() dynState {
	var s dynState
	s[slotBest] = idBits(NoNode)
	s[slotPrunedBy] = idBits(NoNode)
	return s
}

func idBits(id NodeID) uint64 { return uint64(int64(id)) }

func floatBits(v float64) uint64 { return math.Float64bits(v) }

func boolBits(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// NewTree folds events, a whole trace in step order, into a Tree positioned
// at step -1, before the first event. It checks the events enough that no
// later call on the Tree can fail or panic because of them, and returns an
// error naming the first malformed event: a step that is not the event's
// index, an invalid kind, node ids that are not dense in creation order, a
// parent or any other referenced node that does not exist yet, a root with a
// parent, a best child that is not a child of its node, enter and leave that
// do not nest, a cut without a cut kind or with a label count that does not
// match its pruned actions, or a decision that is not the last event. It
// refuses a trace that creates no node, even an empty one, so every Tree
// has a root; and, before allocating anything, a trace of more than
// math.MaxInt32 events, a cut that prunes more than MaxPrunedPerCut
// actions or a trace whose cuts prune more than MaxPlaceholders in all.
// Nodes entered and never left, as in a trace cut short by a Limiter, are
// fine.
//
// The Tree keeps events: the caller must not modify them afterwards.
func NewTree(events []Event) (*Tree, error) {
	return newTree(events, 0)
}

// newTree is NewTree with a checkpoint every spacing changes, or with the
// default spacing if spacing is 0.
func newTree(events []Event, spacing int) (*Tree, error) {
	nodes, created, changes, err := scanTree(events)
	if err != nil {
		return nil, err
	}
	if spacing <= 0 {
		spacing = max(minCheckpointSpacing, checkpointSpacingPerNode*len(nodes))
	}
	f, cur := foldTree(events, nodes, created, changes, spacing)
	f.indexQueries(created)
	f.memSize = f.size()
	return &Tree{f: f, step: -1, cur: cur}, nil
}

// scanTree checks events and returns the final tree's nodes with their
// fixed fields and children, the number of created nodes, which come first
// by id, before one placeholder per pruned action in the order of the cuts
// and their pruned lists, and a bound on the changes the events make.
func scanTree(events []Event) (nodes []NodeState, created, changes int, err error) {
	fail := func(i int, format string, args ...any) ([]NodeState, int, int, error) {
		return nil, 0, 0, fmt.Errorf("trace: event %d (%v): %s", i, events[i].Kind, fmt.Sprintf(format, args...))
	}
	// The query indexes hold steps as int32.
	if len(events) > math.MaxInt32 {
		return nil, 0, 0, fmt.Errorf("trace: %d events, more than a Tree can index (%d)", len(events), math.MaxInt32)
	}
	// Count what to allocate, and refuse too many placeholders before
	// allocating anything.
	pruned := 0
	for i := range events {
		switch e := &events[i]; e.Kind {
		case KindNode:
			created++
		case KindCut:
			if err := checkPruned(len(e.Pruned)); err != nil {
				return fail(i, "%v", err)
			}
			if pruned += len(e.Pruned); pruned > MaxPlaceholders {
				return fail(i, "the cuts up to here prune %d actions, over the limit of %d placeholder nodes per trace", pruned, MaxPlaceholders)
			}
		}
	}
	if n := created + pruned; n > math.MaxInt32 {
		return nil, 0, 0, fmt.Errorf("trace: %d nodes with placeholders, more than node ids can number", n)
	}
	nodes = make([]NodeState, created, created+pruned)
	entered := make([]bool, created)
	var stack []NodeID // the entered nodes, innermost last
	n := 0             // nodes created so far
	exists := func(id NodeID) bool { return id >= 0 && int(id) < n }
	missing := func(ids []NodeID) (NodeID, bool) {
		for _, id := range ids {
			if !exists(id) {
				return id, true
			}
		}
		return 0, false
	}
	iteration := 0 // the iteration under way, from the latest iteration event
	for i := range events {
		e := &events[i] // not a copy: events are large
		if e.Kind == KindIteration {
			iteration = e.Iteration
		}
		if e.Step != i {
			return fail(i, "step is %d, want the event's index %d", e.Step, i)
		}
		switch e.Kind {
		case KindBad:
			return fail(i, "invalid kind")
		case KindNode, KindIteration, KindNote, KindBeam, KindBackprop:
			// These name no node in Node.
		default:
			if e.Kind < numKinds && !exists(e.Node) {
				return fail(i, "node %d does not exist", e.Node)
			}
		}
		switch e.Kind {
		case KindNode:
			id := NodeID(n)
			switch {
			case e.Node != id:
				return fail(i, "node id %d, want %d (ids are dense in creation order)", e.Node, id)
			case id == 0 && e.Parent != NoNode:
				return fail(i, "root node 0 has parent %d, want %d", e.Parent, NoNode)
			case id != 0 && e.Parent == NoNode:
				return fail(i, "node %d has no parent; only node 0 is the root", id)
			case id != 0 && !exists(e.Parent):
				return fail(i, "node %d has parent %d, which does not exist", id, e.Parent)
			}
			nodes[id] = NodeState{
				ID: id, Parent: e.Parent, Action: e.Action, Label: e.Label,
				Depth: e.Depth, Type: e.Type, Board: e.Board, Joint: e.Joint, Iteration: iteration,
			}
			n++
			changes++
		case KindEnter:
			if entered[e.Node] {
				return fail(i, "node %d is entered already", e.Node)
			}
			entered[e.Node] = true
			stack = append(stack, e.Node)
			changes += 2
		case KindLeave:
			if !entered[e.Node] {
				return fail(i, "node %d is not entered", e.Node)
			}
			if top := stack[len(stack)-1]; top != e.Node {
				return fail(i, "node %d is left before node %d, which was entered after it", e.Node, top)
			}
			entered[e.Node] = false
			stack = stack[:len(stack)-1]
			changes += 2
		case KindEval, KindBounds:
			changes += 3
		case KindValue:
			if e.Best != NoNode && (!exists(e.Best) || nodes[e.Best].Parent != e.Node) {
				return fail(i, "best child %d is not a child of node %d", e.Best, e.Node)
			}
			changes += 3
		case KindCut:
			if e.Cut != CutAlpha && e.Cut != CutBeta {
				return fail(i, "cut kind %v, want alpha or beta", e.Cut)
			}
			if len(e.PrunedLabels) != 0 && len(e.PrunedLabels) != len(e.Pruned) {
				return fail(i, "%d pruned labels for %d pruned actions", len(e.PrunedLabels), len(e.Pruned))
			}
			p := nodes[e.Node]
			for j, a := range e.Pruned {
				h := NodeState{
					ID: NodeID(len(nodes)), Parent: e.Node, Action: a, Depth: p.Depth + 1,
					Type: opponent(p.Type), Placeholder: true,
				}
				if len(e.PrunedLabels) != 0 {
					h.Label = e.PrunedLabels[j]
				}
				nodes = append(nodes, h)
			}
			changes += 4 + 2*len(e.Pruned)
		case KindSelect:
			if e.Child != NoNode && !exists(e.Child) {
				return fail(i, "child %d does not exist", e.Child)
			}
			for _, s := range e.Scores {
				if s.Child != NoNode && !exists(s.Child) {
					return fail(i, "scored child %d does not exist", s.Child)
				}
			}
		case KindExpand:
			if id, ok := missing(e.Children); ok {
				return fail(i, "child %d does not exist", id)
			}
		case KindBackprop:
			if id, ok := missing(e.Path); ok {
				return fail(i, "path node %d does not exist", id)
			}
			if len(e.Values) != len(e.Path) {
				return fail(i, "backprop has %d nodes in its path but %d values", len(e.Path), len(e.Values))
			}
			changes += 2 * len(e.Path)
		case KindBeam:
			if id, ok := missing(e.Kept); ok {
				return fail(i, "kept node %d does not exist", id)
			}
			if id, ok := missing(e.Dropped); ok {
				return fail(i, "dropped node %d does not exist", id)
			}
			changes += len(e.Kept) + len(e.Dropped)
		case KindDecision:
			if i != len(events)-1 {
				return fail(i, "decision is not the last event (the trace has %d)", len(events))
			}
			changes += created
		}
	}
	if created == 0 {
		// Only notes, iterations, empty beams and empty backprops can
		// name no node; anything else failed above.
		return nil, 0, 0, errors.New("trace: the trace creates no node; a trace's first node event is its root, node 0")
	}
	linkChildren(nodes)
	return nodes, created, changes, nil
}

// opponent returns the type of a child of a node of type t: the other
// player at max and min nodes, and t itself where the trace does not say.
func opponent(t NodeType) NodeType {
	switch t {
	case TypeMax:
		return TypeMin
	case TypeMin:
		return TypeMax
	}
	return t
}

// linkChildren sets every node's Children, in id order, as sub-slices of one
// array with their capacity clipped so that appending cannot overwrite a
// sibling's list.
func linkChildren(nodes []NodeState) {
	start := make([]int, len(nodes)+1)
	for _, n := range nodes {
		if n.Parent != NoNode {
			start[n.Parent+1]++
		}
	}
	for i := range nodes {
		start[i+1] += start[i]
	}
	all := make([]NodeID, start[len(nodes)])
	next := slices.Clone(start[:len(nodes)])
	for _, n := range nodes {
		if n.Parent != NoNode {
			all[next[n.Parent]] = n.ID
			next[n.Parent]++
		}
	}
	for i := range nodes {
		if a, b := start[i], start[i+1]; a < b {
			nodes[i].Children = all[a:b:b]
		}
	}
}

// foldTree applies events, already checked by scanTree, to the initial
// state of nodes, of which the first created are not placeholders,
// recording the at most maxChanges changes the events make, and returns the
// fold and a state slice reset to step -1.
func foldTree(events []Event, nodes []NodeState, created, maxChanges, spacing int) (*treeFold, []dynState) {
	f := &treeFold{
		events:   events,
		nodes:    nodes,
		changes:  make([]dynChange, 0, maxChanges),
		changeAt: make([]int, 1, len(events)+1),
		focus:    make([]NodeID, len(events)),
		decision: -1,
	}
	f.checkpoints = []checkpoint{{pos: 0}}
	cur := make([]dynState, len(nodes))
	for i := range cur {
		cur[i] = initialState()
	}
	set := func(id NodeID, s dynSlot, v uint64) {
		if old := cur[id][s]; old != v {
			cur[id][s] = v
			f.changes = append(f.changes, dynChange{node: id, slot: s, from: old, to: v})
		}
	}
	setStatus := func(id NodeID, s Status) { set(id, slotStatus, uint64(s)) }
	var stack []NodeID
	nextHolder := NodeID(created)
	lastCheckpoint := 0
	for i := range events {
		e := &events[i] // read flat, not through the views, which copy the event
		start := len(f.changes)
		switch e.Kind {
		case KindNode:
			setStatus(e.Node, StatusGenerated)
		case KindEnter:
			if len(stack) > 0 {
				setStatus(stack[len(stack)-1], StatusPath)
			}
			stack = append(stack, e.Node)
			setStatus(e.Node, StatusCurrent)
		case KindLeave:
			stack = stack[:len(stack)-1]
			setStatus(e.Node, StatusDone)
			if len(stack) > 0 {
				setStatus(stack[len(stack)-1], StatusCurrent)
			}
		case KindEval:
			set(e.Node, slotHasValue, 1)
			set(e.Node, slotValue, floatBits(e.Value))
			set(e.Node, slotTerminal, boolBits(e.Terminal))
		case KindValue:
			set(e.Node, slotHasValue, 1)
			set(e.Node, slotValue, floatBits(e.Value))
			set(e.Node, slotBest, idBits(e.Best))
		case KindBounds:
			set(e.Node, slotHasBounds, 1)
			set(e.Node, slotAlpha, floatBits(e.Alpha))
			set(e.Node, slotBeta, floatBits(e.Beta))
		case KindCut:
			set(e.Node, slotCut, uint64(e.Cut))
			set(e.Node, slotCutValue, floatBits(e.Value))
			set(e.Node, slotCutAlpha, floatBits(e.Alpha))
			set(e.Node, slotCutBeta, floatBits(e.Beta))
			for range e.Pruned {
				setStatus(nextHolder, StatusPruned)
				set(nextHolder, slotPrunedBy, idBits(e.Node))
				nextHolder++
			}
		case KindBackprop:
			for j, id := range e.Path {
				set(id, slotVisits, cur[id][slotVisits]+1)
				set(id, slotTotal, floatBits(math.Float64frombits(cur[id][slotTotal])+e.Values[j]))
			}
		case KindBeam:
			for _, id := range e.Kept {
				setStatus(id, StatusKept)
			}
			for _, id := range e.Dropped {
				setStatus(id, StatusDropped)
			}
		case KindDecision:
			f.decision = i
			// Best links point to later-created children, so this ends.
			for id := NodeID(0); id != NoNode; id = NodeID(int64(cur[id][slotBest])) {
				setStatus(id, StatusBest)
			}
		}
		f.changes = append(f.changes[:start], mergeChanges(f.changes[start:])...)
		f.changeAt = append(f.changeAt, len(f.changes))
		f.focus[i] = NoNode
		if len(stack) > 0 {
			f.focus[i] = stack[len(stack)-1]
		}
		if len(f.changes)-lastCheckpoint >= spacing {
			f.checkpoints = append(f.checkpoints, checkpoint{pos: i + 1, state: slices.Clone(cur)})
			lastCheckpoint = len(f.changes)
		}
	}
	f.indexTouched()
	for i := range cur {
		cur[i] = initialState()
	}
	return f, cur
}

// indexTouched lists each event's touched nodes: the distinct nodes of its
// changes, which mergeChanges left sorted by node.
func (f *treeFold) indexTouched() {
	newNode := func(k, j int) bool { return j == f.changeAt[k] || f.changes[j].node != f.changes[j-1].node }
	f.touchedAt = make([]int, len(f.events)+1)
	for k := range f.events {
		f.touchedAt[k+1] = f.touchedAt[k]
		for j := f.changeAt[k]; j < f.changeAt[k+1]; j++ {
			if newNode(k, j) {
				f.touchedAt[k+1]++
			}
		}
	}
	f.touched = make([]NodeID, 0, f.touchedAt[len(f.events)])
	for k := range f.events {
		for j := f.changeAt[k]; j < f.changeAt[k+1]; j++ {
			if newNode(k, j) {
				f.touched = append(f.touched, f.changes[j].node)
			}
		}
	}
}

// mergeChanges sorts one event's changes by node and slot and merges those
// to the same slot into one, dropping any that end where they began, so that
// the event's touched nodes are exactly the nodes it changes. It works in
// place and returns the merged prefix of cs.
func mergeChanges(cs []dynChange) []dynChange {
	if len(cs) < 2 {
		return cs
	}
	slices.SortStableFunc(cs, func(a, b dynChange) int {
		return cmp.Or(cmp.Compare(a.node, b.node), cmp.Compare(a.slot, b.slot))
	})
	out := cs[:0]
	for _, c := range cs {
		if n := len(out); n > 0 && out[n-1].node == c.node && out[n-1].slot == c.slot {
			out[n-1].to = c.to
			if out[n-1].from == out[n-1].to {
				out = out[:n-1]
			}
			continue
		}
		out = append(out, c)
	}
	return out
}

// Len returns the number of events in the trace.
func (t *Tree) Len() int { return len(t.f.events) }

// Step returns the current step: the events 0 through Step are applied, and
// none is at step -1.
func (t *Tree) Step() int { return t.step }

// Size returns the number of nodes in the final tree, placeholders for
// pruned actions included. Node ids run from 0 to Size()-1.
func (t *Tree) Size() int { return len(t.f.nodes) }

// Root returns the root's id, 0. Every Tree has a root: NewTree refuses
// a trace that creates no node.
func (t *Tree) Root() NodeID { return 0 }

// Current returns the search's focus at the current step, the innermost
// entered node, or NoNode if no node is entered.
func (t *Tree) Current() NodeID {
	if t.step < 0 {
		return NoNode
	}
	return t.f.focus[t.step]
}

// Event returns the event at step k. Its slices belong to the trace and
// must not be modified. Event panics if k is not in [0, Len()).
func (t *Tree) Event(k int) Event { return t.f.events[k] }

// Decision returns the trace's decision event and true, or false if the
// trace has none.
func (t *Tree) Decision() (Event, bool) {
	if t.f.decision < 0 {
		return Event{}, false
	}
	return t.f.events[t.f.decision], true
}

// Touched returns the nodes whose NodeState the event at step k changes, in
// increasing order without duplicates; it is empty if the event changes
// nothing. The slice is shared and must not be modified. Touched panics if
// k is not in [0, Len()).
func (t *Tree) Touched(k int) []NodeID {
	a, b := t.f.touchedAt[k], t.f.touchedAt[k+1]
	return t.f.touched[a:b:b]
}

// Node returns the state of node id at the current step. Its Children are
// the final tree's, shared, and must not be modified. Node panics if id is
// not in [0, Size()).
func (t *Tree) Node(id NodeID) NodeState {
	n := t.f.nodes[id]
	s := &t.cur[id]
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
	if t.step+1 >= len(t.f.events) {
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
	if k < -1 || k >= len(t.f.events) {
		return fmt.Errorf("trace: cannot seek to step %d: steps run from -1 to %d", k, len(t.f.events)-1)
	}
	f, to := t.f, k+1
	cost := func(from int) int {
		d := f.changeAt[to] - f.changeAt[from]
		return max(d, -d)
	}
	best, bestCost := -1, cost(t.step+1)
	j, _ := slices.BinarySearchFunc(f.checkpoints, to, func(c checkpoint, pos int) int {
		return cmp.Compare(c.pos, pos)
	})
	for _, c := range [2]int{j - 1, j} {
		if c < 0 || c >= len(f.checkpoints) {
			continue
		}
		if cc := restoreCostPerNode*len(t.cur) + cost(f.checkpoints[c].pos); cc < bestCost {
			best, bestCost = c, cc
		}
	}
	if best >= 0 {
		c := f.checkpoints[best]
		if c.state == nil {
			for i := range t.cur {
				t.cur[i] = initialState()
			}
		} else {
			copy(t.cur, c.state)
		}
		t.step = c.pos - 1
	}
	t.walk(to)
	return nil
}

// walk replays the changes between the current position and position to,
// the number of events applied afterwards.
func (t *Tree) walk(to int) {
	f, from := t.f, t.step+1
	if to >= from {
		for _, c := range f.changes[f.changeAt[from]:f.changeAt[to]] {
			t.cur[c.node][c.slot] = c.to
		}
	} else {
		for i := f.changeAt[from] - 1; i >= f.changeAt[to]; i-- {
			c := &f.changes[i]
			t.cur[c.node][c.slot] = c.from
		}
	}
	t.step = to - 1
}

// Clone returns a Tree at the same step that shares t's immutable fold and
// steps independently of t. Clone, like every method, must not run
// concurrently with other calls on t; the clone may be used concurrently
// with t.
func (t *Tree) Clone() *Tree {
	return &Tree{f: t.f, step: t.step, cur: slices.Clone(t.cur)}
}

// MemSize returns an estimate of the bytes of memory t holds, for a cache
// that keeps folded traces within a byte budget: the events with their
// slices and strings (which NewTree keeps; strings are counted as if no
// two events shared one), the nodes, the change records and their
// indexes, the checkpoints, the indexes of the queries (LatestBeam,
// IterationAt, FirstEval, RootVisits), and t's own state of every node.
// A Clone shares all of it but the state, 120 bytes a node, which it holds
// on its own: a Tree and n clones of it hold about MemSize() +
// n*Size()*120 bytes in all. MemSize takes constant time.
func (t *Tree) MemSize() int64 {
	return t.f.memSize + int64(unsafe.Sizeof(Tree{})) + allocSize(int64(cap(t.cur))*int64(unsafe.Sizeof(dynState{})))
}

// size returns the bytes the fold holds, its events included.
func (f *treeFold) size() int64 {
	n := int64(unsafe.Sizeof(treeFold{}))
	n += allocSize(int64(cap(f.events)) * int64(unsafe.Sizeof(Event{})))
	for i := range f.events {
		n += eventMem(&f.events[i])
	}
	// Node labels and boards are the events' strings; the children lists
	// share one array, of one entry per node but the root.
	n += allocSize(int64(cap(f.nodes)) * int64(unsafe.Sizeof(NodeState{})))
	n += allocSize(int64(len(f.nodes)-1) * int64(unsafe.Sizeof(NodeID(0))))
	n += allocSize(int64(cap(f.changes)) * int64(unsafe.Sizeof(dynChange{})))
	n += allocSize(int64(cap(f.changeAt)) * int64(unsafe.Sizeof(0)))
	n += allocSize(int64(cap(f.touched)) * int64(unsafe.Sizeof(NodeID(0))))
	n += allocSize(int64(cap(f.touchedAt)) * int64(unsafe.Sizeof(0)))
	n += allocSize(int64(cap(f.focus)) * int64(unsafe.Sizeof(NodeID(0))))
	n += allocSize(int64(cap(f.checkpoints)) * int64(unsafe.Sizeof(checkpoint{})))
	for _, c := range f.checkpoints {
		n += allocSize(int64(cap(c.state)) * int64(unsafe.Sizeof(dynState{})))
	}
	for _, s := range [...][]int32{f.beams, f.iterations, f.firstEval, f.visitSteps} {
		n += allocSize(int64(cap(s)) * int64(unsafe.Sizeof(int32(0))))
	}
	n += allocSize(int64(cap(f.visitChild)) * int64(unsafe.Sizeof(NodeID(0))))
	return n
}

// eventMem returns the bytes that e's slices and strings hold.
func eventMem(e *Event) int64 {
	n := strMem(e.Label) + strMem(e.Board) + strMem(e.Text)
	if e.Joint != nil {
		n += allocSize(int64(unsafe.Sizeof(JointAction{}))) + strMem(e.Joint[0].Label) + strMem(e.Joint[1].Label)
	}
	if e.PrunedLabels != nil {
		n += allocSize(int64(cap(e.PrunedLabels)) * int64(unsafe.Sizeof("")))
		for _, s := range e.PrunedLabels {
			n += strMem(s)
		}
	}
	n += allocSize(int64(cap(e.Pruned)) * int64(unsafe.Sizeof(0)))
	n += allocSize(int64(cap(e.Scores)) * int64(unsafe.Sizeof(Score{})))
	n += allocSize(int64(cap(e.Values)) * int64(unsafe.Sizeof(0.0)))
	for _, s := range [...][]NodeID{e.Children, e.Path, e.Kept, e.Dropped} {
		n += allocSize(int64(cap(s)) * int64(unsafe.Sizeof(NodeID(0))))
	}
	return n
}

// strMem returns the bytes a string's text holds. Short strings share
// 16-byte blocks in Go's allocator, so they are counted at their length.
func strMem(s string) int64 {
	if len(s) < 16 {
		return int64(len(s))
	}
	return allocSize(int64(len(s)))
}

// allocSize rounds an allocation of n bytes up roughly as Go's allocator
// does: to a size class for small objects, to whole 8 KiB pages for large
// ones.
func allocSize(n int64) int64 {
	switch {
	case n <= 0:
		return 0
	case n <= 16:
		return (n + 7) &^ 7
	case n <= 1024:
		return (n + 15) &^ 15
	case n <= 32<<10:
		return n + n/8
	}
	return (n + 8191) &^ 8191
}
