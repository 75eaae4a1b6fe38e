package trace

import (
	"fmt"

	"github.com/searchviz/searchviz/trace/internal/event"
)

// The event model is declared in trace/internal/event, which the codec
// and the fold share; these are its public names.

// Kind is the kind of a trace event. The zero value KindBad is invalid.
type Kind = event.Kind

// The closed set of event kinds. New kinds are only ever appended.
const (
	KindBad       Kind = event.KindBad
	KindNode      Kind = event.KindNode      // a node was created
	KindEnter     Kind = event.KindEnter     // the search focus moved into a node
	KindLeave     Kind = event.KindLeave     // the search focus left a node for good
	KindEval      Kind = event.KindEval      // a static evaluation or a terminal outcome
	KindValue     Kind = event.KindValue     // a backed-up value (and the best child so far)
	KindBounds    Kind = event.KindBounds    // the alpha-beta window at a node
	KindCut       Kind = event.KindCut       // an alpha or beta cut: the rest of the children are pruned
	KindSelect    Kind = event.KindSelect    // an MCTS/DUCT selection step with every candidate's statistics
	KindExpand    Kind = event.KindExpand    // children added to a node
	KindPlayout   Kind = event.KindPlayout   // a random playout from a node
	KindBackprop  Kind = event.KindBackprop  // results added along a path
	KindBeam      Kind = event.KindBeam      // the states a beam search kept and dropped at one depth
	KindIteration Kind = event.KindIteration // one iteration: an iterative-deepening depth, an MCTS iteration, a Chokudai pass
	KindDecision  Kind = event.KindDecision  // the final choice; always the last event
	KindNote      Kind = event.KindNote      // free text for the reader
)

// Kinds returns every valid kind in order.
func Kinds() []Kind {
	ks := make([]Kind, 0, event.NumKinds-1)
	for k := KindBad + 1; k < event.NumKinds; k++ {
		ks = append(ks, k)
	}
	return ks
}

// ParseKind returns the kind with the given name.
func ParseKind(name string) (Kind, error) {
	if k, ok := event.KindEnum.Lookup(name); ok {
		return k, nil
	}
	return KindBad, fmt.Errorf("trace: unknown event kind %q", name)
}

// NodeType says who is to move at a node.
type NodeType = event.NodeType

// Node types. A max node belongs to the root player, a min node to the opponent.
const (
	TypeBad    NodeType = event.TypeBad
	TypeMax    NodeType = event.TypeMax    // the root player moves
	TypeMin    NodeType = event.TypeMin    // the opponent moves
	TypeChance NodeType = event.TypeChance // a chance event (dice) decides
	TypeSingle NodeType = event.TypeSingle // a single-player state
	TypeJoint  NodeType = event.TypeJoint  // both players move at once
)

// ParseNodeType returns the node type with the given name.
func ParseNodeType(name string) (NodeType, error) { return event.NodeTypeEnum.Parse(name) }

// CutKind names an alpha-beta cut in the root player's terms: a cut at a
// max node is a beta cut, a cut at a min node is an alpha cut.
type CutKind = event.CutKind

// Cut kinds.
const (
	CutBad   CutKind = event.CutBad
	CutAlpha CutKind = event.CutAlpha // at a min node: its value fell to <= alpha, MAX above will avoid it
	CutBeta  CutKind = event.CutBeta  // at a max node: its value reached >= beta, MIN above will avoid it
	// CutForward is the research paper's forward cut: moves whose value at
	// a shallower depth fell below a threshold (Alpha) are dropped before
	// the deeper search; Value is the best move's value then.
	CutForward CutKind = event.CutForward
)

// ParseCutKind returns the cut kind named "alpha", "beta" or "forward".
func ParseCutKind(name string) (CutKind, error) { return event.CutKindEnum.Parse(name) }

// CutFor returns the cut kind for a cut at a node of type t.
func CutFor(t NodeType) CutKind { return event.CutFor(t) }

// Truncation names the budget whose reaching cut a trace short, in the
// note a Limiter passes on when it stops recording (Event.Truncated).
type Truncation = event.Truncation

// Truncations. New ones are only ever appended.
const (
	NotTruncated    Truncation = event.NotTruncated    // the note is not about a trace cut short
	TruncatedNodes  Truncation = event.TruncatedNodes  // the node budget was reached
	TruncatedEvents Truncation = event.TruncatedEvents // the event budget was reached
	TruncatedBytes  Truncation = event.TruncatedBytes  // the byte budget was reached
)

// ParseTruncation returns the truncation named "nodes", "events" or "bytes".
func ParseTruncation(name string) (Truncation, error) { return event.TruncationEnum.Parse(name) }

// TruncatedNote begins the text of the note a Limiter passes on when it
// reaches one of its budgets. The note's Truncated field says which
// budget; programs read that, people the text.
const TruncatedNote = event.TruncatedNote

// Move is one player's part of a joint action.
type Move = event.Move

// JointAction is the pair of moves, player 0's then player 1's, that leads
// from a joint node (TypeJoint: both players move at once) to one of its
// children.
type JointAction = event.JointAction

// NodeID identifies a node within one trace. The root is 0; ids are dense and
// assigned in creation order. NoNode marks "no node" (the root's parent).
type NodeID = event.NodeID

// NoNode is the parent of the root and the best child of a node with none.
const NoNode NodeID = event.NoNode

// Score is one candidate's statistics in a select event.
type Score = event.Score

// Counters are the totals a search reports in its decision event.
type Counters = event.Counters

// Event is one trace event, flat, as the codec and engines handle it. Which
// fields are meaningful depends on Kind; the table returned by Spec lists
// them. Consumers read an event through the view of its kind (NodeCreated,
// Eval, Cutoff, ...), whose fields each mean one thing. Values (Value, Alpha, Beta) are from the
// point of view of the side to move at Node, except in a decision event,
// where Value is from the root player's point of view. Values may be
// infinite (an open alpha-beta window). Its methods NodeCreated, Eval,
// ValueUpdate, Bounds, Cutoff, Selection, Expansion, Playout, Backprop,
// Beam, IterationInfo, Decision and Note return the view of its kind,
// and panic on an event of another kind.
type Event = event.Event

// Tracer receives the events of a search as they happen. Engines call Emit
// only when their tracer is non-nil; a nil Tracer means "not tracing" and
// costs one comparison per hook. Emit sets nothing in the caller's Event;
// Step is assigned by the tracer. Implementations need not be safe for
// concurrent use: one search emits from one goroutine.
type Tracer interface {
	Emit(e Event)
}
