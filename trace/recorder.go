package trace

import (
	"fmt"
	"slices"
)

// TruncatedNote begins the text of the note a Limiter passes on when it
// reaches its node budget, so that a viewer can tell it from other notes.
const TruncatedNote = "trace truncated"

// Limiter is a Tracer that passes a search's events on to another Tracer
// up to a budget of nodes, so a trace never grows without bound. It is not
// safe for concurrent use.
//
// When the budget is reached, the Limiter drops the node event that would
// exceed it, passes on one note saying so, and from then on drops every
// node event and every event about a dropped node. Because node ids are
// dense, the dropped nodes are exactly those with an id at or above the
// first dropped one. Events about passed nodes (their values, cuts and
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
type Limiter struct {
	next      Tracer
	maxNodes  int
	nodes     int    // node events passed on
	truncated bool   // the budget was reached
	firstDrop NodeID // the first dropped node, when truncated
}

var _ Tracer = (*Limiter)(nil)

// Limit returns a Limiter that passes at most maxNodes nodes on to next;
// maxNodes <= 0 means no limit.
func Limit(next Tracer, maxNodes int) *Limiter {
	return &Limiter{next: next, maxNodes: maxNodes}
}

// Emit passes e on to the next Tracer, unless the node budget says to drop
// it. The slices of a trimmed event are new; others are passed as they are.
func (r *Limiter) Emit(e Event) {
	if e.Kind == KindNode {
		if r.truncated {
			return
		}
		if r.maxNodes > 0 && r.nodes >= r.maxNodes {
			r.truncated, r.firstDrop = true, e.Node
			r.next.Emit(Event{Kind: KindNote, Node: NoNode, Text: fmt.Sprintf(
				TruncatedNote+": node budget of %d nodes reached; later nodes are not recorded", r.maxNodes)})
			return
		}
		r.nodes++
		r.next.Emit(e)
		return
	}
	if r.truncated && !r.trim(&e) {
		return
	}
	r.next.Emit(e)
}

// Truncated reports whether the node budget was reached and later events
// were dropped.
func (r *Limiter) Truncated() bool { return r.truncated }

func (r *Limiter) dropped(id NodeID) bool { return id >= r.firstDrop }

// trim removes e's references to dropped nodes, in place, and reports
// whether e is still worth recording. The slices it filters are new.
func (r *Limiter) trim(e *Event) bool {
	keep := func(id NodeID) bool { return !r.dropped(id) }
	switch e.Kind {
	case KindEnter, KindLeave, KindEval, KindBounds, KindCut, KindPlayout:
		return !r.dropped(e.Node)
	case KindValue:
		if r.dropped(e.Node) {
			return false
		}
		if e.Best != NoNode && r.dropped(e.Best) {
			e.Best = NoNode
		}
	case KindSelect:
		if r.dropped(e.Node) || r.dropped(e.Child) {
			return false
		}
		e.Scores = filter(e.Scores, func(s Score) bool { return keep(s.Child) })
	case KindExpand:
		if r.dropped(e.Node) {
			return false
		}
		e.Children = filter(e.Children, keep)
	case KindBeam:
		e.Kept = filter(e.Kept, keep)
		e.Dropped = filter(e.Dropped, keep)
	case KindBackprop:
		i := 0
		for i < len(e.Path) && r.dropped(e.Path[i]) {
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
		if e.Node != NoNode && r.dropped(e.Node) {
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

// Recorder is a Tracer that keeps a search's events in memory, up to a
// budget of nodes enforced as by Limit. It is not safe for concurrent use.
type Recorder struct {
	limit  *Limiter
	chunks [][]Event // full chunks of recorderChunk events, then the open one
	n      int       // events recorded
	events []Event   // the contiguous copy Events returned, while still current
}

// recorderChunk is the number of events per chunk: growing one big slice
// would copy every event several times over a long search.
const recorderChunk = 4096

var _ Tracer = (*Recorder)(nil)

// NewRecorder returns a Recorder that records at most maxNodes nodes;
// maxNodes <= 0 means no limit.
func NewRecorder(maxNodes int) *Recorder {
	r := &Recorder{}
	r.limit = Limit((*recorderStore)(r), maxNodes)
	return r
}

// Emit records e, unless the node budget says to drop it, with Step set to
// its index among the recorded events. Emit copies e's slices, so the
// caller may reuse them as soon as Emit returns.
func (r *Recorder) Emit(e Event) { r.limit.Emit(e) }

// recorderStore is the Recorder's end of its Limiter.
type recorderStore Recorder

func (r *recorderStore) Emit(e Event) {
	e.Step = r.n
	e.Pruned = slices.Clone(e.Pruned)
	e.PrunedLabels = slices.Clone(e.PrunedLabels)
	e.Scores = slices.Clone(e.Scores)
	e.Children = slices.Clone(e.Children)
	e.Path = slices.Clone(e.Path)
	e.Values = slices.Clone(e.Values)
	e.Kept = slices.Clone(e.Kept)
	e.Dropped = slices.Clone(e.Dropped)
	if len(r.chunks) == 0 || len(r.chunks[len(r.chunks)-1]) == recorderChunk {
		r.chunks = append(r.chunks, make([]Event, 0, recorderChunk))
	}
	last := &r.chunks[len(r.chunks)-1]
	*last = append(*last, e)
	r.n++
}

// Events returns the recorded events. The slice and the events' slices
// are shared with the Recorder; callers must not modify them.
func (r *Recorder) Events() []Event {
	if len(r.events) != r.n {
		r.events = make([]Event, 0, r.n)
		for _, c := range r.chunks {
			r.events = append(r.events, c...)
		}
	}
	return slices.Clip(r.events)
}

// Truncated reports whether the node budget was reached and later events
// were dropped.
func (r *Recorder) Truncated() bool { return r.limit.Truncated() }
