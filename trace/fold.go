package trace

import (
	"fmt"
	"math"
	"slices"

	"github.com/searchviz/searchviz/trace/internal/codec"
	"github.com/searchviz/searchviz/trace/internal/store"
)

// Tree is a trace folded into the search tree as it stands at each step:
// which nodes exist, the NodeState of each, and the search's focus. A Tree
// is positioned at one step at a time. Moving costs time in proportion to
// what the events passed over change, never a refold from the first event,
// and stepping does not allocate.
//
// The node set is the final tree's, fixed when the Tree is made: every
// node that the trace ever creates has an id from the start and is
// StatusNotReached until its event, so a renderer can lay out the whole
// tree once.
//
// A Tree holds its events and what each changes packed, in a few bytes
// for most events, so a trace of millions of events folds in a few hundred
// megabytes at most; Builder makes one from a stream of events without
// ever holding them all.
//
// Besides the state at its step, a Tree answers questions about any step
// or node that do not move it: LatestBeam, IterationAt, FirstEval and
// RootVisits.
//
// A Tree is not safe for concurrent use. Clone makes a Tree that shares the
// immutable fold and steps independently, so that each goroutine, or each
// viewer of a trace, can have its own.
type Tree struct {
	f     *treeFold  // immutable once made, shared by clones
	step  int        // events 0..step are applied
	focus NodeID     // the focus after event step
	cur   treeStates // every node's changing fields at step
	buf   []dynChange
}

// treeFold is everything a Builder computes once for a trace.
type treeFold struct {
	events  store.Records           // packed by packEvent
	strs    []string                // the strings of events and nodes
	nodes   store.Chunked[nodeInfo] // the created nodes' fixed fields; the rest live in dynState
	holders store.Chunked[nodeInfo] // the placeholders', after the created nodes by id
	kids    []NodeID                // every node's children, node by node
	kidsAt  []int32                 // node id's children are kids[kidsAt[id]:kidsAt[id+1]]
	joints  []JointAction
	probs   []float64 // the chance outcomes' probabilities, by nodeInfo.prob
	created int       // the nodes the events create; placeholders follow them

	// Record k of changes is the focus after event k, then the changes
	// the event makes, at most one per node and slot, sorted by node and
	// slot; changesBefore[b] counts the changes of the events before
	// event b*store.RecordBlock.
	changes       store.Records
	changesBefore []int64

	checkpoints []checkpoint // by position, the first at position 0
	decision    int          // the decision event's index, or -1

	// The indexes of the queries in queries.go, by step as int32.
	beams      []int32  // the steps of the beam events
	iterations []int32  // the steps of the iteration events
	firstEval  []int32  // by created node, the step of its first eval event, or -1
	visitSteps []int32  // the steps of the backprops through the root
	visitChild []NodeID // by backprop through the root, the node before the root

	// The indexes of the grains in grains.go, a bit per step.
	iterStarts stepSet // the iteration events not discarded
	cuts       stepSet // the cut events
	backups    stepSet // the backprop events and the value events naming a best child
	decisions  stepSet // the events that change the root's best child
	units      stepSet // the first step of each iteration (see iterationUnits)
	unitsEnd   int     // the last step of the last iteration, or -1 for the trace's last
	entered    bool    // the trace has an enter event

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

// slotKind says how a slot's values are packed.
func (s dynSlot) packing() byte {
	switch s {
	case slotValue, slotAlpha, slotBeta, slotCutValue, slotCutAlpha, slotCutBeta, slotTotal:
		return 'f'
	case slotBest, slotPrunedBy:
		return 'i'
	}
	return 'u'
}

// dynChange records that one event set one slot of one node from one value
// to another; stepping forwards writes to, stepping back writes from.
type dynChange struct {
	node     NodeID
	slot     dynSlot
	from, to uint64
}

// checkpoint is a copy of every node's dynState after the first pos
// events: the nodes created by then, by id, and the placeholders made by
// then, in order; the others are in their initial state.
type checkpoint struct {
	pos     int
	created [][]dynState // the created nodes' states, in pages (see snapshotPages)
	holders [][]dynState // the placeholders'
}

// restoreCostPerPage is what restoring a Tree to a checkpoint costs per
// page of its states, counted in changes replayed: the restore shares the
// checkpoint's pages, and the first change to each page then copies it.
const restoreCostPerPage = 32

// checkpointSpacingPerNode sets the changes between checkpoints to this many
// per node, so a checkpoint takes about an eighth of the memory of the
// changes it spans, and a jump costs at most a restore and half a spacing.
const checkpointSpacingPerNode = 32

// minCheckpointSpacing is the fewest changes between checkpoints.
const minCheckpointSpacing = 1024

// maxDirtyPages is the most pages of states that change between two
// checkpoints of a trace of more than bigStates nodes: a checkpoint comes
// sooner than its spacing once this many changed since the last. Each checkpoint copies only the pages that
// changed, and a Tree that holds more than twice this many pages of its
// own goes back to sharing a checkpoint's when it next seeks, so that a
// Tree, however it steps, holds a few megabytes of its own, whatever the
// trace's size: a depth-first search, whose steps change few pages,
// gets checkpoints close together at little cost.
const maxDirtyPages = 64

// bigStates is the most nodes whose states a Tree may hold all of on its
// own (7.5 MB): past it, maxDirtyPages bounds what it holds.
const bigStates = 4 * maxDirtyPages * statePage

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
// has a root; and, before allocating anything, a cut that prunes more
// than MaxPrunedPerCut actions or a trace whose cuts prune more than
// MaxPlaceholders in all; and a trace of math.MaxInt32 events or more. Nodes entered and never left, as in a trace
// cut short by a Limiter, are fine.
//
// The Tree keeps none of events: it packs what it needs.
func NewTree(events []Event) (*Tree, error) {
	return newTree(events, 0)
}

// newTree is NewTree with a checkpoint every spacing changes, or with the
// default spacing if spacing is 0.
func newTree(events []Event, spacing int) (*Tree, error) {
	if err := checkPlaceholders(events); err != nil {
		return nil, err
	}
	b := NewBuilder()
	b.spacing = spacing
	for i := range events {
		if err := b.Add(&events[i]); err != nil {
			return nil, err
		}
	}
	return b.Tree()
}

// checkPlaceholders refuses a trace whose cuts prune more than the caps
// allow before a Builder allocates anything for it.
func checkPlaceholders(events []Event) error {
	pruned := 0
	for i := range events {
		if e := &events[i]; e.Kind == KindCut {
			if err := codec.CheckPruned(len(e.Pruned)); err != nil {
				return fmt.Errorf("trace: event %d (%v): %v", i, e.Kind, err)
			}
			if pruned += len(e.Pruned); pruned > MaxPlaceholders {
				return fmt.Errorf("trace: event %d (%v): the cuts up to here prune %d actions, over the limit of %d placeholder nodes per trace", i, e.Kind, pruned, MaxPlaceholders)
			}
		}
	}
	return nil
}

// linkChildren indexes every node's children, in id order.
func (f *treeFold) linkChildren() {
	size := f.size()
	at := make([]int32, size+1)
	for id := range size {
		if p := f.node(NodeID(id)).parent; p != NoNode {
			at[p+1]++
		}
	}
	for i := range size {
		at[i+1] += at[i]
	}
	f.kids = make([]NodeID, at[size])
	next := slices.Clone(at[:size])
	for id := range size {
		if p := f.node(NodeID(id)).parent; p != NoNode {
			f.kids[next[p]] = NodeID(id)
			next[p]++
		}
	}
	f.kidsAt = at
}

// folder applies a trace's events, checked by a Builder, to the states of
// its nodes one at a time, as they are added, packing the changes each
// makes, indexing the queries and keeping checkpoints. The nodes grow
// with the events: a placeholder, whose final id follows every created
// node's, has the provisional id -2-k while the count of created nodes is
// not known, k counting the placeholders in order (see holderID).
type folder struct {
	f     *treeFold  // what the fold makes: changes, checkpoints, query indexes
	nodes nodeStates // the created nodes' states, by id, then the placeholders'
	stack []NodeID
	cs    []dynChange
	rec   []byte
	steps int // the events applied
	// leaders follows a Monte Carlo search's leading root child, for
	// GrainDecision.
	leaders rootLeaders

	spacing        int       // changes between checkpoints, or 0 for the default
	budget         int64     // the checkpoints' bytes at most, or 0 for no bound
	ckpBytes       int64     // the checkpoints' bytes, pages they share counted once
	dirty          [2][]bool // by page of created nodes and of placeholders, changed since the last checkpoint
	dirtyPages     int       // the pages changed since the last checkpoint
	recheck        bool      // the last checkpoint was dropped: compare every page
	scale          int       // how many times thinning has doubled the spacing
	total, lastCkp int64     // changes so far, and at the last checkpoint
}

// holderID is the provisional id of placeholder k.
func holderID(k int) NodeID { return NodeID(-2 - k) }

// newFolder returns a folder with a checkpoint every spacing changes (or
// the default spacing if spacing is 0), whose checkpoints take at most
// budget bytes (no bound if budget is 0), packing the changes into
// changes.
func newFolder(changes store.Records, spacing int, budget int64) *folder {
	f := &treeFold{changes: changes, checkpoints: []checkpoint{{pos: 0}}, decision: -1}
	return &folder{f: f, spacing: spacing, budget: budget, leaders: newRootLeaders()}
}

// touch notes that the page of node id's state changed since the last
// checkpoint; id is a created node's id or a placeholder's provisional one.
func (fl *folder) touch(id NodeID) {
	list, i := 0, int(id)
	if id < 0 {
		list, i = 1, int(-2-id)
	}
	k := i / statePage
	if k >= len(fl.dirty[list]) {
		fl.dirty[list] = append(fl.dirty[list], make([]bool, k+1-len(fl.dirty[list]))...)
	}
	if !fl.dirty[list][k] {
		fl.dirty[list][k] = true
		fl.dirtyPages++
	}
}

// state returns the state of node id, a created node's id or a
// placeholder's provisional one.
func (fl *folder) state(id NodeID) *dynState {
	if id >= 0 {
		return fl.nodes.created.At(int(id))
	}
	return fl.nodes.holders.At(int(-2 - id))
}

func (fl *folder) set(id NodeID, s dynSlot, v uint64) {
	st := fl.state(id)
	if old := st[s]; old != v {
		st[s] = v
		fl.touch(id)
		fl.cs = append(fl.cs, dynChange{node: id, slot: s, from: old, to: v})
	}
}

func (fl *folder) setStatus(id NodeID, s Status) { fl.set(id, slotStatus, uint64(s)) }

// apply applies e, the next event, and packs its changes, or returns an
// error if the spill file cannot be written.
func (fl *folder) apply(e *Event) error {
	f, i := fl.f, fl.steps
	if i%store.RecordBlock == 0 {
		f.changesBefore = append(f.changesBefore, fl.total)
	}
	fl.steps++
	fl.cs = fl.cs[:0]
	switch e.Kind {
	case KindNode:
		fl.nodes.created.Add(initialState())
		f.firstEval = append(f.firstEval, -1)
		fl.setStatus(e.Node, StatusGenerated)
		if e.Type == TypeJoint {
			fl.leaders.off = true
		}
	case KindEnter:
		f.entered = true
		if len(fl.stack) > 0 {
			fl.setStatus(fl.stack[len(fl.stack)-1], StatusPath)
		}
		fl.stack = append(fl.stack, e.Node)
		fl.setStatus(e.Node, StatusCurrent)
	case KindLeave:
		fl.stack = fl.stack[:len(fl.stack)-1]
		fl.setStatus(e.Node, StatusDone)
		if len(fl.stack) > 0 {
			fl.setStatus(fl.stack[len(fl.stack)-1], StatusCurrent)
		}
	case KindEval:
		fl.set(e.Node, slotHasValue, 1)
		fl.set(e.Node, slotValue, floatBits(e.Value))
		fl.set(e.Node, slotTerminal, boolBits(e.Terminal))
		if f.firstEval[e.Node] < 0 {
			f.firstEval[e.Node] = int32(i)
		}
	case KindValue:
		fl.set(e.Node, slotHasValue, 1)
		fl.set(e.Node, slotValue, floatBits(e.Value))
		fl.set(e.Node, slotBest, idBits(e.Best))
		if e.Best != NoNode {
			f.backups.add(i)
		}
	case KindBounds:
		fl.set(e.Node, slotHasBounds, 1)
		fl.set(e.Node, slotAlpha, floatBits(e.Alpha))
		fl.set(e.Node, slotBeta, floatBits(e.Beta))
	case KindCut:
		fl.set(e.Node, slotCut, uint64(e.Cut))
		fl.set(e.Node, slotCutValue, floatBits(e.Value))
		fl.set(e.Node, slotCutAlpha, floatBits(e.Alpha))
		fl.set(e.Node, slotCutBeta, floatBits(e.Beta))
		f.cuts.add(i)
		for range e.Pruned {
			h := holderID(fl.nodes.holders.Len())
			fl.nodes.holders.Add(initialState())
			fl.setStatus(h, StatusPruned)
			fl.set(h, slotPrunedBy, idBits(e.Node))
		}
	case KindBackprop:
		for j, id := range e.Path {
			st := fl.state(id)
			fl.set(id, slotVisits, st[slotVisits]+1)
			fl.set(id, slotTotal, floatBits(math.Float64frombits(st[slotTotal])+e.Values[j]))
		}
		if throughRoot(e.Path) {
			f.visitSteps = append(f.visitSteps, int32(i))
			f.visitChild = append(f.visitChild, e.Path[len(e.Path)-2])
			fl.leaders.backup(i, e.Path[len(e.Path)-2], e.Values[len(e.Values)-1])
		}
		f.backups.add(i)
	case KindBeam:
		for _, id := range e.Kept {
			fl.setStatus(id, StatusKept)
		}
		for _, id := range e.Dropped {
			fl.setStatus(id, StatusDropped)
		}
		f.beams = append(f.beams, int32(i))
	case KindIteration:
		f.iterations = append(f.iterations, int32(i))
		if !e.Discarded {
			f.iterStarts.add(i)
		}
	case KindDecision:
		f.decision = i
		if chosen := NodeID(int64(fl.state(0)[slotBest])); chosen != NoNode {
			if extra := fl.leaders.changes(chosen); len(extra) > 0 {
				f.decisions = withSteps(&f.decisions, extra)
			}
		}
		// Best links point to later-created children, so this ends.
		for id := NodeID(0); id != NoNode; id = NodeID(int64(fl.state(id)[slotBest])) {
			fl.setStatus(id, StatusBest)
		}
	}
	fl.cs = mergeChanges(fl.cs)
	// Sorted by node, the root's changes come first.
	for _, c := range fl.cs {
		if c.node != 0 {
			break
		}
		if c.slot == slotBest {
			f.decisions.add(i)
		}
	}
	focus := NoNode
	if len(fl.stack) > 0 {
		focus = fl.stack[len(fl.stack)-1]
	}
	fl.rec = packChanges(fl.rec[:0], focus, fl.cs)
	if err := f.changes.Add(fl.rec); err != nil {
		return err
	}
	fl.total += int64(len(fl.cs))
	fl.checkpoint()
	return nil
}

// checkpoint keeps the state of every node after the events applied, in
// pages shared with the last checkpoint but those changed since, if
// enough changes were made since the last, checkpointSpacingPerNode per
// node unless the folder has a spacing of its own, or by default once
// maxDirtyPages pages changed. When the checkpoints would take more
// than the budget, every other one is dropped and the spacing doubles.
func (fl *folder) checkpoint() {
	spacing := fl.spacing
	if spacing <= 0 {
		spacing = max(minCheckpointSpacing, checkpointSpacingPerNode*fl.nodes.len())
	}
	spaced := fl.total-fl.lastCkp >= int64(spacing)<<fl.scale
	dirty := fl.spacing <= 0 && fl.nodes.len() > bigStates && fl.dirtyPages >= maxDirtyPages<<fl.scale
	if !spaced && !dirty {
		return
	}
	fl.lastCkp = fl.total
	f := fl.f
	c, bytes := fl.snapshot()
	if fl.budget > 0 && fl.ckpBytes+bytes > fl.budget {
		// Keep every other one, and space the next twice as far.
		f.checkpoints = thin(f.checkpoints)
		fl.scale++
		fl.ckpBytes = checkpointsBytes(f.checkpoints)
		// The last checkpoint may be gone: the next snapshot compares
		// every page rather than trusting what changed since it.
		fl.recheck = true
		return
	}
	f.checkpoints = append(f.checkpoints, c)
	fl.ckpBytes += bytes
}

// snapshot returns a checkpoint of the nodes' states after the events
// applied, sharing the last checkpoint's pages that no change touched
// since, and the bytes it adds to the checkpoints; it forgets which
// pages changed.
func (fl *folder) snapshot() (checkpoint, int64) {
	prev := &fl.f.checkpoints[len(fl.f.checkpoints)-1]
	created, cb := snapshotPages(&fl.nodes.created, fl.nodes.created.Len(), prev.created, fl.dirty[0], fl.recheck)
	holders, hb := snapshotPages(&fl.nodes.holders, fl.nodes.holders.Len(), prev.holders, fl.dirty[1], fl.recheck)
	clear(fl.dirty[0])
	clear(fl.dirty[1])
	fl.dirtyPages, fl.recheck = 0, false
	return checkpoint{pos: fl.steps, created: created, holders: holders}, cb + hb
}

// finish ends the fold: it returns the treeFold, given the Builder's
// packed events, strings and nodes, with its children linked.
func (fl *folder) finish(events store.Records, strs []string, nodes, holders store.Chunked[nodeInfo], joints []JointAction, probs []float64) *treeFold {
	f := fl.f
	// A last checkpoint at the end, so that a Tree there, where viewers
	// open and clone it, shares every page of its states.
	if last := &f.checkpoints[len(f.checkpoints)-1]; last.pos != fl.steps {
		if c, bytes := fl.snapshot(); fl.budget <= 0 || fl.ckpBytes+bytes <= fl.budget {
			f.checkpoints = append(f.checkpoints, c)
		}
	}
	f.events, f.strs, f.nodes, f.holders, f.joints, f.probs = events, strs, nodes, holders, joints, probs
	f.created = nodes.Len()
	f.changesBefore = append(f.changesBefore, fl.total)
	f.linkChildren()
	// Exact sizes, so that MemSize counts no spare capacity.
	f.changesBefore = slices.Clip(f.changesBefore)
	f.firstEval = slices.Clip(f.firstEval)
	f.beams = slices.Clip(f.beams)
	f.iterations = slices.Clip(f.iterations)
	f.visitSteps = slices.Clip(f.visitSteps)
	f.visitChild = slices.Clip(f.visitChild)
	for _, s := range []*stepSet{&f.iterStarts, &f.cuts, &f.backups, &f.decisions} {
		*s = s.clip()
	}
	f.units, f.unitsEnd = iterationUnits(f.iterStarts, f.beams)
	f.memSize = f.mem()
	return f
}

// checkpointsBytes returns the bytes the checkpoints cs hold, each page
// they share counted once.
func checkpointsBytes(cs []checkpoint) int64 {
	snaps := make([][][]dynState, 0, 2*len(cs))
	for _, c := range cs {
		snaps = append(snaps, c.created, c.holders)
	}
	return pagesBytes(snaps...)
}

// thin returns every other checkpoint, the first at position 0 included.
func thin(cs []checkpoint) []checkpoint {
	out := cs[:0]
	for i, c := range cs {
		if i%2 == 0 {
			out = append(out, c)
		}
	}
	clear(cs[len(out):])
	return out
}
