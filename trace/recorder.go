package trace

import (
	"fmt"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/searchviz/searchviz/trace/internal/codec"
	"github.com/searchviz/searchviz/trace/internal/event"
)

// Budget bounds what a Limiter passes on; a zero (or negative) field means
// no limit.
type Budget struct {
	Nodes  int   // node events
	Events int   // events of any kind, the truncation notes and the decision included
	Bytes  int64 // an upper bound on the events' size as encoded by Writer, newlines included, header not
	// Placeholders caps the pruned moves of all cuts, which a folded tree
	// makes placeholder nodes of: at most MaxPlaceholders, which applies
	// when it is 0 or more.
	Placeholders int
}

// Limiter is a Tracer that passes a search's events on to another Tracer
// within a Budget, so that a trace never grows without bound. It is not
// safe for concurrent use.
//
// Whatever the budget, a trace's cuts prune at most MaxPlaceholders moves
// in all (fewer with Budget.Placeholders), since NewTree makes a
// placeholder node of each and refuses more.
// When the node budget or that cap is reached, the Limiter drops the node
// event that would exceed it, or the pruned moves of the cut that would,
// passes on one note saying so (its Truncated is TruncatedNodes), and
// from then on drops every node event, the pruned moves of every cut,
// and every event about a dropped node. Because node ids are dense, the dropped
// nodes are exactly those with an id at or above the first dropped one. Events about passed nodes (their values, cuts and
// leave events) and the decision still pass, trimmed of references to
// dropped nodes, so the resulting trace stays consistent:
//
//   - a value event whose best child was dropped keeps its value, with
//     Best set to NoNode;
//   - a select event whose chosen child was dropped is dropped; otherwise
//     scores of dropped children are left out;
//   - expand and beam events leave out dropped nodes;
//   - a backprop event keeps the part of its path from the first passed
//     node up to the root, and the matching values;
//   - a note about a dropped node keeps its text, with Node set to NoNode.
//
// When an event would cross the event or the byte budget, the Limiter
// drops it, passes on one note saying which budget was reached (its
// Truncated is TruncatedEvents or TruncatedBytes), and from then on drops
// every event but the decision. It holds back room for that note and for
// the decision from the start, so both always fit and the
// events passed on never number or weigh more than the budget: the trace
// ends with its decision, and nodes entered and not yet left stay so,
// which NewTree accepts. (So a trace of n events passes whole only with a
// budget of n+1 events: the room for the note is held until the
// decision.) The node budget's note counts against the event and byte
// budgets like any other event.
//
// Bytes are counted as Writer encodes each event with its step counted
// from the Limiter's first event, so a Limiter in front of a new Writer or
// Recorder keeps what it passes within the budget exactly; each event's
// size is an upper bound, exact but for numbers other than integers below
// a million and halves, quarters, eighths and sixteenths, which count as
// the longest a number can be written, 24 bytes. The room held back for
// the decision's label is that of the longest label of a child of the root
// passed on, and at least 32 bytes; in the rare case that the decision's
// label is longer, it is cut short to fit. A budget too small to hold the
// root, the note and the decision (fewer than 3 events, or a few hundred
// bytes) gives a trace that NewTree refuses.
//
// Sizing an event costs about a fifth of encoding it, and only
// a Limiter with a byte budget does it.
type Limiter struct {
	next       Tracer
	maxNodes   int
	nodes      int    // node events passed on
	holders    int    // pruned moves passed on: the folded tree's placeholders
	maxHolders int    // the most pruned moves passed on
	truncated  bool   // the node budget or MaxPlaceholders was reached
	capped     bool   // MaxPlaceholders was
	firstDrop  NodeID // the first dropped node, when truncated
	nodeNote   string // the note saying the node budget was reached

	// The event and byte budgets, when either is set.
	bounded   bool
	maxEvents int
	maxBytes  int64
	full      bool   // the event or byte budget was reached
	decided   bool   // the decision was passed on
	events    int    // events passed on
	bytes     int64  // their size
	labelRoom int    // bytes held back for the decision's label, quotes excluded
	noteSize  int    // the bytes held back for the note of a full budget
	decSize   int    // the bytes held back for the decision, but its label
	eventNote string // the note saying the event budget was reached
	byteNote  string // the note saying the byte budget was reached
}

var _ Tracer = (*Limiter)(nil)

// minLabelRoom is the fewest bytes a Limiter holds back for the label of
// the decision.
const minLabelRoom = 32

// Limit returns a Limiter that passes at most maxNodes nodes on to next;
// maxNodes <= 0 means no limit. It is LimitBudget(next, Budget{Nodes:
// maxNodes}).
func Limit(next Tracer, maxNodes int) *Limiter {
	return LimitBudget(next, Budget{Nodes: maxNodes})
}

// LimitBudget returns a Limiter that passes events on to next within
// budget b.
func LimitBudget(next Tracer, b Budget) *Limiter {
	l := &Limiter{next: next, maxNodes: max(b.Nodes, 0), maxEvents: max(b.Events, 0), maxBytes: max(b.Bytes, 0), maxHolders: MaxPlaceholders}
	if b.Placeholders > 0 {
		l.maxHolders = min(b.Placeholders, MaxPlaceholders)
	}
	if l.maxNodes > 0 {
		l.nodeNote = fmt.Sprintf("%s: %s of %d nodes reached; later nodes are not recorded", TruncatedNote, event.TruncationWords[TruncatedNodes], l.maxNodes)
	}
	l.bounded = l.maxEvents > 0 || l.maxBytes > 0
	if !l.bounded {
		return l
	}
	l.eventNote = fmt.Sprintf("%s: %s of %d events reached; later events are not recorded", TruncatedNote, event.TruncationWords[TruncatedEvents], l.maxEvents)
	l.byteNote = fmt.Sprintf("%s: %s of %d bytes reached; later events are not recorded", TruncatedNote, event.TruncationWords[TruncatedBytes], l.maxBytes)
	// Room for the note and the decision at any step, with any numbers.
	for _, note := range []Event{l.fullNote(TruncatedEvents), l.fullNote(TruncatedBytes)} {
		l.noteSize = max(l.noteSize, codec.SizeBound(math.MaxInt, &note))
	}
	l.decSize = codec.SizeBound(math.MaxInt, &Event{
		Kind: KindDecision, Node: math.MinInt32, Action: math.MinInt, Value: 0.1,
		Counters: Counters{Nodes: math.MinInt, Evals: math.MinInt, Cuts: math.MinInt, Elapsed: math.MinInt64},
	})
	l.labelRoom = minLabelRoom
	return l
}

// Emit passes e on to the next Tracer, unless the budget says to drop it.
// The slices of a trimmed event are new; others are passed as they are.
func (l *Limiter) Emit(e Event) {
	if e.Kind == KindDecision && !l.decided {
		l.decide(e)
		return
	}
	if l.full {
		return
	}
	if e.Kind == KindNode {
		if l.truncated {
			return
		}
		if l.maxNodes > 0 && l.nodes >= l.maxNodes {
			l.truncate(e.Node, l.nodeNote)
			return
		}
	} else if l.truncated && !l.trim(&e) {
		return
	}
	if e.Kind == KindCut && len(e.Pruned) > 0 && !l.truncated {
		if l.holders+len(e.Pruned) > l.maxHolders {
			l.capped = true
			l.truncate(NodeID(l.nodes), fmt.Sprintf("%s: the cap of %d placeholders of pruned moves in a trace reached; later nodes are not recorded", TruncatedNote, l.maxHolders))
		}
	}
	if l.truncated && e.Kind == KindCut {
		e.Pruned, e.PrunedLabels = nil, nil
	}
	if !l.pass(e) {
		return
	}
	switch e.Kind {
	case KindNode:
		l.nodes++
	case KindCut:
		l.holders += len(e.Pruned)
	}
}

// truncate drops node first and every later one, and passes on note,
// which says why.
func (l *Limiter) truncate(first NodeID, note string) {
	l.truncated, l.firstDrop = true, first
	l.pass(Event{Kind: KindNote, Node: NoNode, Text: note, Truncated: TruncatedNodes})
}

// pass passes e on if it fits in the budget, holding back room for the
// note and the decision, and reports whether it did. If e does not fit,
// pass passes the note instead, and from then on the Limiter is full.
func (l *Limiter) pass(e Event) bool {
	if !l.bounded {
		l.next.Emit(e)
		return true
	}
	size := 0
	if l.maxBytes > 0 {
		size = codec.SizeBound(l.events, &e)
	}
	labelRoom := l.labelRoom
	if e.Kind == KindNode && e.Parent == 0 && !l.decided {
		labelRoom = max(labelRoom, codec.QuotedLen(e.Label)-2)
	}
	events, bytes := l.events+2, l.bytes+int64(size+l.noteSize) // e and the note
	if !l.decided {
		events, bytes = events+1, bytes+int64(l.decSize+labelRoom)
	}
	switch {
	case l.maxEvents > 0 && events > l.maxEvents:
		l.fill(TruncatedEvents)
		return false
	case l.maxBytes > 0 && bytes > l.maxBytes:
		l.fill(TruncatedBytes)
		return false
	}
	l.labelRoom = labelRoom
	l.emit(e, size)
	return true
}

// fullNote returns the note saying that the event or the byte budget was
// reached.
func (l *Limiter) fullNote(which Truncation) Event {
	text := l.eventNote
	if which == TruncatedBytes {
		text = l.byteNote
	}
	return Event{Kind: KindNote, Node: NoNode, Text: text, Truncated: which}
}

// fill passes on the note saying that the event or the byte budget was
// reached, in the room held back for it, and makes the Limiter full.
func (l *Limiter) fill(which Truncation) {
	l.full = true
	note := l.fullNote(which)
	size := 0
	if l.maxBytes > 0 {
		size = codec.SizeBound(l.events, &note)
	}
	// The note fits unless the budget was too small from the start.
	if l.fits(1, int64(size)) {
		l.emit(note, size)
	}
}

// decide passes on the first decision, in the room held back for it.
func (l *Limiter) decide(e Event) {
	l.decided = true
	if l.truncated {
		l.trim(&e)
	}
	if !l.bounded {
		l.next.Emit(e)
		return
	}
	held := 0 // events held back for the note
	var heldBytes int64
	if !l.full {
		held, heldBytes = 1, int64(l.noteSize)
	}
	size := 0
	if l.maxBytes > 0 {
		size = codec.SizeBound(l.events, &e)
		if room := l.maxBytes - l.bytes - heldBytes; int64(size) > room {
			// The label is longer than the room held back for it.
			rest := size - (codec.QuotedLen(e.Label) - 2)
			e.Label = prefixWithin(e.Label, room-int64(rest))
			size = codec.SizeBound(l.events, &e)
		}
	}
	// The decision fits unless the budget was too small from the start.
	if l.fits(1+held, int64(size)+heldBytes) {
		l.emit(e, size)
	}
}

// fits reports whether n more events of the given size fit in the budget.
func (l *Limiter) fits(n int, size int64) bool {
	return (l.maxEvents <= 0 || l.events+n <= l.maxEvents) && (l.maxBytes <= 0 || l.bytes+size <= l.maxBytes)
}

// emit passes e, of the given size, on and counts it.
func (l *Limiter) emit(e Event, size int) {
	l.events++
	l.bytes += int64(size)
	l.next.Emit(e)
}

// prefixWithin returns the longest prefix of s, cut between runes, that
// the codec writes in at most n bytes, quotes excluded.
func prefixWithin(s string, n int64) string {
	used := int64(0)
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		if used += int64(codec.QuotedLen(s[i:i+size]) - 2); used > n {
			return s[:i]
		}
		i += size
	}
	return s
}

// Truncated reports whether a budget was reached and later events were
// dropped.
func (l *Limiter) Truncated() bool { return l.truncated || l.full }

// Nodes returns the node events passed on.
func (l *Limiter) Nodes() int { return l.nodes }

// Capped reports whether the trace was cut short because its cuts reached
// the most pruned moves it may hold (Budget.Placeholders, MaxPlaceholders).
func (l *Limiter) Capped() bool { return l.capped }

func (l *Limiter) dropped(id NodeID) bool { return id >= l.firstDrop }

// trim removes e's references to dropped nodes, in place, and reports
// whether e is still worth recording. The slices it filters are new.
func (l *Limiter) trim(e *Event) bool {
	keep := func(id NodeID) bool { return !l.dropped(id) }
	switch e.Kind {
	case KindEnter, KindLeave, KindEval, KindBounds, KindCut, KindPlayout:
		return !l.dropped(e.Node)
	case KindValue:
		if l.dropped(e.Node) {
			return false
		}
		if e.Best != NoNode && l.dropped(e.Best) {
			e.Best = NoNode
		}
	case KindSelect:
		if l.dropped(e.Node) || l.dropped(e.Child) {
			return false
		}
		e.Scores = filter(e.Scores, func(s Score) bool { return keep(s.Child) })
	case KindExpand:
		if l.dropped(e.Node) {
			return false
		}
		e.Children = filter(e.Children, keep)
	case KindBeam:
		e.Kept = filter(e.Kept, keep)
		e.Dropped = filter(e.Dropped, keep)
	case KindBackprop:
		i := 0
		for i < len(e.Path) && l.dropped(e.Path[i]) {
			i++
		}
		if i == len(e.Path) {
			return false
		}
		e.Path = e.Path[i:]
		if i <= len(e.Values) {
			e.Values = e.Values[i:]
		}
	case KindNote:
		if e.Node != NoNode && l.dropped(e.Node) {
			e.Node = NoNode
		}
	}
	return true
}

// filter returns a new slice of the elements of s that keep accepts.
func filter[T any](s []T, keep func(T) bool) []T {
	var out []T
	for _, x := range s {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

// Recorder is a Tracer that keeps a search's events in memory, packed as
// a Tree holds them (a few bytes for most events), within a Budget
// enforced as by LimitBudget. It is not safe for concurrent use.
type Recorder struct {
	limit  *Limiter
	b      *Builder
	events []Event // what Events returned, while still current
}

var _ Tracer = (*Recorder)(nil)

// NewRecorder returns a Recorder that records at most maxNodes nodes;
// maxNodes <= 0 means no limit. It is NewBudgetRecorder(Budget{Nodes:
// maxNodes}).
func NewRecorder(maxNodes int) *Recorder {
	return NewBudgetRecorder(Budget{Nodes: maxNodes})
}

// NewBudgetRecorder returns a Recorder that records events within budget
// b, as LimitBudget passes them on. Its Bytes budget bounds the size of
// the recorded events as a Writer encodes them, not the memory they take.
func NewBudgetRecorder(b Budget) *Recorder {
	builder := NewBuilder()
	builder.renumber = true
	r := &Recorder{b: builder}
	r.limit = LimitBudget((*recorderStore)(r), b)
	return r
}

// Emit records e, unless the budget says to drop it, with Step set to
// its index among the recorded events. Emit copies what it keeps, so the
// caller may reuse e's slices as soon as Emit returns.
func (r *Recorder) Emit(e Event) { r.limit.Emit(e) }

// recorderStore is the Recorder's end of its Limiter.
type recorderStore Recorder

// Emit packs e. An event that does not fold is kept all the same: Tree
// reports it.
func (r *recorderStore) Emit(e Event) { r.b.Add(&e) }

// Len returns the number of events recorded.
func (r *Recorder) Len() int { return r.b.Len() }

// Events returns the recorded events, unpacked: for tests and small
// searches, since each event takes several hundred bytes unpacked, where
// Tree folds them as they are. The slice and the events' slices are
// shared with the Recorder until more are recorded; callers must not
// modify them.
func (r *Recorder) Events() []Event {
	for k := len(r.events); k < r.b.Len(); k++ {
		r.events = append(r.events, r.b.Event(k))
	}
	return slices.Clip(r.events)
}

// Tree folds the events recorded so far, as Builder.Snapshot does; the
// Recorder goes on recording.
func (r *Recorder) Tree() (*Tree, error) { return r.b.Snapshot() }

// Freeze returns a Builder of the events recorded so far, as
// Builder.Freeze does: its Tree may be made in another goroutine while r
// goes on recording.
func (r *Recorder) Freeze() *Builder { return r.b.Freeze() }

// Truncated reports whether a budget was reached and later events were
// dropped.
func (r *Recorder) Truncated() bool { return r.limit.Truncated() }
