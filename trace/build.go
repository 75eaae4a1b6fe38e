package trace

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"unsafe"

	"github.com/searchviz/searchviz/trace/internal/codec"
	"github.com/searchviz/searchviz/trace/internal/event"
	"github.com/searchviz/searchviz/trace/internal/store"
)

// A Builder folds a trace into a Tree one event at a time, so that a trace
// read from a file never has to be held as a slice of events: it keeps
// each event packed (a few bytes for most events) and checks it as it
// comes. Add the events in step order, then call Tree once.
type Builder struct {
	events  store.Records
	strs    strTable
	nodes   store.Chunked[nodeInfo] // the created nodes, by id
	holders store.Chunked[nodeInfo] // one placeholder per pruned action, in order
	joints  []JointAction
	probs   []float64
	buf     []byte

	entered   store.Chunked[bool] // by created node
	stack     []NodeID            // the entered nodes, innermost last
	iteration int                 // the iteration under way, from the latest iteration event
	decision  int                 // the decision event's step, or -1
	spacing   int                 // changes between checkpoints, or 0 for the default
	renumber  bool                // each event's step is its index, whatever its Step says
	frozen    bool                // made by Freeze: Add refuses events
	folding   bool                // fold each event as it is added, for Tree
	folder    *folder             // with folding, the fold so far
	budget    int64               // the memory budget, or 0 for none
	spillDir  string              // where a spill file goes, with a budget
	err       error               // the first error, returned by every later call
}

// nodeInfo is what a Tree keeps of each node's fixed fields: NodeState's,
// with strings as indexes into the Tree's table of strings.
type nodeInfo struct {
	parent       NodeID
	label, board uint32
	joint        int32  // an index into the Tree's joints, or -1
	prob         int32  // an index into the Tree's probs, or -1
	same         NodeID // the node whose stored value this one took, or 0
	typ          NodeType
	placeholder  bool
	action       int
	depth        int
	iteration    int
}

// NewBuilder returns a Builder with no events.
func NewBuilder() *Builder {
	return &Builder{strs: newStrTable(), decision: -1}
}

// Len returns the number of events added.
func (b *Builder) Len() int { return b.events.Len() }

// BytesPerNode is what a Tree holds for each node, whatever its events: its
// fixed fields, its state at the Tree's step and the indexes of its
// children and first evaluation.
const BytesPerNode = int64(unsafe.Sizeof(nodeInfo{})+unsafe.Sizeof(dynState{})) + 12

// The shares of a memory budget (see LimitMemory), in eighths: the nodes
// take half at most; the events and their changes a sixteenth each in
// memory, the rest going to a spill file, and what is read back of it an
// eighth; and the checkpoints an eighth. What is left is for the indexes
// and strings.
const (
	nodesShare       = 4
	eventsShare      = 0.5
	changesShare     = 0.5
	spillCacheShare  = 1
	checkpointsShare = 1
)

// ErrMemoryBudget is the error, wrapped, of a Builder refusing a trace
// with more nodes than its memory budget holds. Test for it with
// errors.Is.
var ErrMemoryBudget = errors.New("trace: the trace has more nodes than the memory budget holds")

// budgetError is an error of crossing a Builder's memory budget.
type budgetError struct{ msg string }

func (e *budgetError) Error() string { return e.msg }

// Is makes every budgetError match ErrMemoryBudget.
func (e *budgetError) Is(target error) bool { return target == ErrMemoryBudget }

// LimitMemory bounds the memory of the Builder and of the Trees it makes to
// about budget bytes, whatever the trace's events: the packed events and
// their changes beyond a sixteenth of budget each go to a temporary file
// in dir (or the system's if dir is ""), removed as soon as it is made,
// and read back a chunk at a time into a cache of an eighth; the
// checkpoints are spaced to take an eighth at most; and a trace with more
// nodes than half the budget holds at BytesPerNode is refused. A budget of 0 or less means no bound. Call
// LimitMemory before the first Add.
func (b *Builder) LimitMemory(budget int64, dir string) {
	b.budget, b.spillDir = budget, dir
}

// MaxNodes returns the most nodes a trace may have within the Builder's
// memory budget, or 0 if it has none.
func (b *Builder) MaxNodes() int {
	if b.budget <= 0 {
		return 0
	}
	return int(b.budget * nodesShare / 8 / BytesPerNode)
}

// Add adds the next event, whose Step is ignored, and checks it. It
// returns an error naming the first malformed event, as NewTree describes,
// or the first event past what the memory budget allows, and after one,
// that error again; the events are kept all the same, for Event. Add does
// not keep e or its slices.
func (b *Builder) Add(e *Event) error {
	if b.frozen {
		return errFrozen
	}
	if b.err == nil {
		b.err = b.check(e)
	}
	if b.budget > 0 && b.events.Spill() == nil && b.err == nil {
		sp, err := store.NewSpill(b.spillDir, b.budget*spillCacheShare/8)
		if err != nil {
			b.err = err
			return err
		}
		b.events.SetSpill(sp, int64(float64(b.budget)*eventsShare/8))
	}
	b.buf = packEvent(b.buf[:0], e, &b.strs)
	if err := b.events.Add(b.buf); err != nil && b.err == nil {
		b.err = err
	}
	if b.folding && b.err == nil {
		if b.folder == nil {
			b.folder = b.newFolder()
		}
		b.err = b.folder.apply(e)
	}
	return b.err
}

// Event returns the event at step k, which must be in [0, Len()).
func (b *Builder) Event(k int) Event {
	var e Event
	unpackEvent(b.events.At(k), &e, b.strs.strs, false)
	e.Step = k
	return e
}

// check checks e, the event at step b.Len(), against the events before
// it, and records the nodes it creates and the focus it moves.
func (b *Builder) check(e *Event) error {
	i := b.events.Len()
	fail := func(format string, args ...any) error {
		return fmt.Errorf("trace: event %d (%v): %s", i, e.Kind, fmt.Sprintf(format, args...))
	}
	// The query indexes hold steps as int32.
	if i == math.MaxInt32 {
		return fmt.Errorf("trace: more than %d events, more than a Tree can index", math.MaxInt32)
	}
	if b.decision >= 0 {
		return fmt.Errorf("trace: event %d (decision): decision is not the last event (event %d follows it)", b.decision, i)
	}
	if e.Kind == KindIteration {
		b.iteration = e.Iteration
	}
	if e.Step != i && !b.renumber {
		return fail("step is %d, want the event's index %d", e.Step, i)
	}
	if err := codec.CheckEntries(e); err != nil {
		return fail("%v", err)
	}
	n := b.nodes.Len()
	exists := func(id NodeID) bool { return id >= 0 && int(id) < n }
	missing := func(ids []NodeID) (NodeID, bool) {
		for _, id := range ids {
			if !exists(id) {
				return id, true
			}
		}
		return 0, false
	}
	switch e.Kind {
	case KindBad:
		return fail("invalid kind")
	case KindNode, KindIteration, KindNote, KindBeam, KindBackprop:
		// These name no node in Node.
	default:
		if e.Kind < event.NumKinds && !exists(e.Node) {
			return fail("node %d does not exist", e.Node)
		}
	}
	switch e.Kind {
	case KindNode:
		id := NodeID(n)
		switch {
		case n == math.MaxInt32:
			return fail("more nodes than node ids can number")
		case b.budget > 0 && n+b.holders.Len() >= b.MaxNodes():
			return &budgetError{msg: fail("more than %d nodes, the most a memory budget of %d MiB holds (%d bytes a node in half the budget)", b.MaxNodes(), b.budget>>20, BytesPerNode).Error()}
		case e.Node != id:
			return fail("node id %d, want %d (ids are dense in creation order)", e.Node, id)
		case id == 0 && e.Parent != NoNode:
			return fail("root node 0 has parent %d, want %d", e.Parent, NoNode)
		case id != 0 && e.Parent == NoNode:
			return fail("node %d has no parent; only node 0 is the root", id)
		case id != 0 && !exists(e.Parent):
			return fail("node %d has parent %d, which does not exist", id, e.Parent)
		}
		info := nodeInfo{
			parent: e.Parent, label: b.strs.ref(e.Label), board: b.strs.ref(e.Board), joint: -1, prob: -1,
			action: e.Action, depth: e.Depth, iteration: b.iteration, typ: e.Type,
		}
		if e.Joint != nil {
			info.joint = int32(len(b.joints))
			b.joints = append(b.joints, *e.Joint)
		}
		if e.Prob != 0 {
			info.prob = int32(len(b.probs))
			b.probs = append(b.probs, e.Prob)
		}
		b.nodes.Add(info)
		b.entered.Add(false)
	case KindEnter:
		if *b.entered.At(int(e.Node)) {
			return fail("node %d is entered already", e.Node)
		}
		*b.entered.At(int(e.Node)) = true
		b.stack = append(b.stack, e.Node)
	case KindLeave:
		if !*b.entered.At(int(e.Node)) {
			return fail("node %d is not entered", e.Node)
		}
		if top := b.stack[len(b.stack)-1]; top != e.Node {
			return fail("node %d is left before node %d, which was entered after it", e.Node, top)
		}
		*b.entered.At(int(e.Node)) = false
		b.stack = b.stack[:len(b.stack)-1]
	case KindEval:
		switch {
		case e.Same == 0:
		case !exists(e.Same) || e.Same >= e.Node:
			return fail("node %d takes its value from node %d, which is not an earlier node", e.Node, e.Same)
		case *b.entered.At(int(e.Same)):
			return fail("node %d takes its value from node %d, which is still being searched", e.Node, e.Same)
		case e.Terminal:
			return fail("node %d is both a terminal outcome and a transposition table's hit", e.Node)
		default:
			b.nodes.At(int(e.Node)).same = e.Same
		}
	case KindValue:
		if e.Best != NoNode && (!exists(e.Best) || b.nodes.At(int(e.Best)).parent != e.Node) {
			return fail("best child %d is not a child of node %d", e.Best, e.Node)
		}
	case KindCut:
		if err := codec.CheckPruned(len(e.Pruned)); err != nil {
			return fail("%v", err)
		}
		if p := b.holders.Len() + len(e.Pruned); p > MaxPlaceholders {
			return fail("the cuts up to here prune %d actions, over the limit of %d placeholder nodes per trace", p, MaxPlaceholders)
		}
		if n := b.nodes.Len() + b.holders.Len() + len(e.Pruned); b.budget > 0 && n > b.MaxNodes() {
			return &budgetError{msg: fail("more than %d nodes with the placeholders of pruned moves, the most a memory budget of %d MiB holds (%d bytes a node in half the budget)", b.MaxNodes(), b.budget>>20, BytesPerNode).Error()}
		}
		if e.Cut != CutAlpha && e.Cut != CutBeta && e.Cut != CutForward {
			return fail("cut kind %v, want alpha, beta or forward", e.Cut)
		}
		if len(e.PrunedLabels) != 0 && len(e.PrunedLabels) != len(e.Pruned) {
			return fail("%d pruned labels for %d pruned actions", len(e.PrunedLabels), len(e.Pruned))
		}
		p := b.nodes.At(int(e.Node))
		for j, a := range e.Pruned {
			h := nodeInfo{parent: e.Node, action: a, depth: p.depth + 1, typ: opponent(p.typ), joint: -1, prob: -1, placeholder: true}
			if len(e.PrunedLabels) != 0 {
				h.label = b.strs.ref(e.PrunedLabels[j])
			}
			b.holders.Add(h)
		}
	case KindSelect:
		if e.Child != NoNode && !exists(e.Child) {
			return fail("child %d does not exist", e.Child)
		}
		for _, s := range e.Scores {
			if s.Child != NoNode && !exists(s.Child) {
				return fail("scored child %d does not exist", s.Child)
			}
		}
	case KindExpand:
		if id, ok := missing(e.Children); ok {
			return fail("child %d does not exist", id)
		}
	case KindBackprop:
		if id, ok := missing(e.Path); ok {
			return fail("path node %d does not exist", id)
		}
		if len(e.Values) != len(e.Path) {
			return fail("backprop has %d nodes in its path but %d values", len(e.Path), len(e.Values))
		}
	case KindBeam:
		if id, ok := missing(e.Kept); ok {
			return fail("kept node %d does not exist", id)
		}
		if id, ok := missing(e.Dropped); ok {
			return fail("dropped node %d does not exist", id)
		}
	case KindDecision:
		b.decision = i
	}
	return nil
}

// Tree folds the events added into a Tree positioned at step -1, or
// returns the error Add returned, or an error if the events create no
// node. The Builder must not be used afterwards.
func (b *Builder) Tree() (*Tree, error) {
	t, err := b.fold(true)
	b.folder = nil
	b.nodes, b.holders, b.entered = store.Chunked[nodeInfo]{}, store.Chunked[nodeInfo]{}, store.Chunked[bool]{}
	b.stack, b.strs.ids = nil, nil
	return t, err
}

// Snapshot is Tree, but leaves the Builder as it was, to go on adding
// events: it folds the trace so far, as a growing search has made it, in
// time and memory linear in it, sharing the packed events.
func (b *Builder) Snapshot() (*Tree, error) { return b.fold(false) }

// Freeze returns a Builder of the events added so far, which shares their
// packing with b and refuses more: its Tree may be made in another
// goroutine while b goes on adding, so that a growing search is folded
// without holding it up. Freeze takes time in proportion to the chunks of
// b's packing, not to its events.
func (b *Builder) Freeze() *Builder {
	f := *b
	f.events = b.events.Clip()
	f.strs = strTable{strs: slices.Clip(b.strs.strs)}
	f.nodes, f.holders, f.entered = b.nodes.Clip(), b.holders.Clip(), b.entered.Clip()
	f.joints = slices.Clip(b.joints)
	f.probs = slices.Clip(b.probs)
	f.stack = slices.Clip(b.stack)
	f.buf = nil
	f.folding, f.folder = false, nil
	if f.err == nil {
		f.err = errFrozen
	}
	f.frozen = true
	return &f
}

// errFrozen is the error of adding to a frozen Builder.
var errFrozen = errors.New("trace: a frozen Builder takes no more events")

// fold makes the Tree of the events so far, leaving the Builder as it
// was unless own is set, when the Tree may take over the fold made as the
// events were added.
func (b *Builder) fold(own bool) (*Tree, error) {
	if b.err != nil && !(b.frozen && b.err == errFrozen) {
		return nil, b.err
	}
	if b.nodes.Len() == 0 {
		// Only notes, iterations, empty beams and empty backprops can
		// name no node; anything else failed in Add.
		return nil, errors.New("trace: the trace creates no node; a trace's first node event is its root, node 0")
	}
	if n := b.nodes.Len() + b.holders.Len(); n > math.MaxInt32 {
		return nil, fmt.Errorf("trace: %d nodes with placeholders, more than node ids can number", n)
	}
	fl := b.folder
	if !own || fl == nil {
		fl = b.newFolder()
		var e Event
		c := b.events.Cursor(0)
		for range b.events.Len() {
			unpackEvent(c.Next(), &e, b.strs.strs, true)
			if err := fl.apply(&e); err != nil {
				return nil, err
			}
		}
	}
	// Later events only append, beyond what the slices shared here hold.
	f := fl.finish(b.events.Clip(), slices.Clip(b.strs.strs), b.nodes.Clip(), b.holders.Clip(), slices.Clip(b.joints), slices.Clip(b.probs))
	return &Tree{f: f, step: -1, focus: NoNode, cur: newTreeStates(fl.nodes.created.Len(), fl.nodes.holders.Len())}, nil
}

// newFolder returns a folder for the Builder's events, within its memory
// budget.
func (b *Builder) newFolder() *folder {
	var changes store.Records
	var budget int64
	if b.budget > 0 {
		changes.SetSpill(b.events.Spill(), int64(float64(b.budget)*changesShare/8))
		budget = b.budget * checkpointsShare / 8
	}
	return newFolder(changes, b.spacing, budget)
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
