package event

import (
	"strings"
	"time"
)

// Kind is the kind of a trace event. The zero value KindBad is invalid.
type Kind uint8

// The closed set of event kinds. New kinds are only ever appended.
const (
	KindBad       Kind = iota
	KindNode           // a node was created
	KindEnter          // the search focus moved into a node
	KindLeave          // the search focus left a node for good
	KindEval           // a static evaluation or a terminal outcome
	KindValue          // a backed-up value (and the best child so far)
	KindBounds         // the alpha-beta window at a node
	KindCut            // an alpha or beta cut: the rest of the children are pruned
	KindSelect         // an MCTS/DUCT selection step with every candidate's statistics
	KindExpand         // children added to a node
	KindPlayout        // a random playout from a node
	KindBackprop       // results added along a path
	KindBeam           // the states a beam search kept and dropped at one depth
	KindIteration      // one iteration: an iterative-deepening depth, an MCTS iteration, a Chokudai pass
	KindDecision       // the final choice; always the last event
	KindNote           // free text for the reader
	NumKinds
)

// KindEnum is the name table of Kind.
var KindEnum = Enum[Kind]{Type: "Kind", Noun: "event kind", First: KindNode, Names: []string{
	KindBad:       "bad",
	KindNode:      "node",
	KindEnter:     "enter",
	KindLeave:     "leave",
	KindEval:      "eval",
	KindValue:     "value",
	KindBounds:    "bounds",
	KindCut:       "cut",
	KindSelect:    "select",
	KindExpand:    "expand",
	KindPlayout:   "playout",
	KindBackprop:  "backprop",
	KindBeam:      "beam",
	KindIteration: "iteration",
	KindDecision:  "decision",
	KindNote:      "note",
}}

// String returns the kind's name as it appears in trace files.
func (k Kind) String() string { return KindEnum.Name(k) }

// NodeType says who is to move at a node.
type NodeType uint8

// Node types. A max node belongs to the root player, a min node to the opponent.
const (
	TypeBad    NodeType = iota
	TypeMax             // the root player moves
	TypeMin             // the opponent moves
	TypeChance          // a chance event (dice) decides
	TypeSingle          // a single-player state
	TypeJoint           // both players move at once
)

// NodeTypeEnum is the name table of NodeType.
var NodeTypeEnum = Enum[NodeType]{Type: "NodeType", Noun: "node type", First: TypeMax,
	Names: []string{"bad", "max", "min", "chance", "single", "joint"}}

// String returns the node type's name as it appears in trace files.
func (t NodeType) String() string { return NodeTypeEnum.Name(t) }

// CutKind names an alpha-beta cut in the root player's terms: a cut at a
// max node is a beta cut, a cut at a min node is an alpha cut.
type CutKind uint8

// Cut kinds.
const (
	CutBad   CutKind = iota
	CutAlpha         // at a min node: its value fell to <= alpha, MAX above will avoid it
	CutBeta          // at a max node: its value reached >= beta, MIN above will avoid it
	// CutForward is the research paper's forward cut: moves whose value at
	// a shallower depth fell below a threshold (Alpha) are dropped before
	// the deeper search; Value is the best move's value then.
	CutForward
)

// CutKindEnum is the name table of CutKind.
var CutKindEnum = Enum[CutKind]{Type: "CutKind", Noun: "cut", First: CutAlpha,
	Names: []string{CutAlpha: "alpha", CutBeta: "beta", CutForward: "forward"}}

// String returns "alpha", "beta" or "forward".
func (c CutKind) String() string { return CutKindEnum.Name(c) }

// CutFor returns the cut kind for a cut at a node of type t.
func CutFor(t NodeType) CutKind {
	if t == TypeMin {
		return CutAlpha
	}
	return CutBeta
}

// Truncation names the budget whose reaching cut a trace short, in the
// note a Limiter passes on when it stops recording (Event.Truncated).
type Truncation uint8

// Truncations. New ones are only ever appended.
const (
	NotTruncated    Truncation = iota // the note is not about a trace cut short
	TruncatedNodes                    // the node budget was reached
	TruncatedEvents                   // the event budget was reached
	TruncatedBytes                    // the byte budget was reached
	NumTruncations
)

// TruncationEnum is the name table of Truncation.
var TruncationEnum = Enum[Truncation]{Type: "Truncation", Noun: "truncation", First: TruncatedNodes,
	Names: []string{"none", "nodes", "events", "bytes"}}

// String returns the truncation's name as it appears in trace files:
// "nodes", "events" or "bytes", or "none" for NotTruncated, which files
// never hold (they omit the field).
func (t Truncation) String() string { return TruncationEnum.Name(t) }

// TruncatedNote begins the text of the note a Limiter passes on when it
// reaches one of its budgets. The note's Truncated field says which
// budget; programs read that, people the text.
const TruncatedNote = "trace truncated"

// TruncationWords follow TruncatedNote and ": " in the text of a
// Limiter's note, by the budget it reached.
var TruncationWords = [NumTruncations]string{
	TruncatedNodes:  "node budget",
	TruncatedEvents: "event budget",
	TruncatedBytes:  "byte budget",
}

// TruncationOfText returns the budget that a note's text names the way a
// Limiter words it, or NotTruncated: notes written before they had a
// Truncated field say it only so.
func TruncationOfText(text string) Truncation {
	rest, ok := strings.CutPrefix(text, TruncatedNote+": ")
	if !ok {
		return NotTruncated
	}
	for t := NotTruncated + 1; t < NumTruncations; t++ {
		if strings.HasPrefix(rest, TruncationWords[t]+" ") {
			return t
		}
	}
	return NotTruncated
}

// Move is one player's part of a joint action.
type Move struct {
	Action int    // the action, as the game numbers that player's actions
	Label  string // its human label, e.g. "up"
}

// JointAction is the pair of moves, player 0's then player 1's, that leads
// from a joint node (TypeJoint: both players move at once) to one of its
// children.
type JointAction [2]Move

// NodeID identifies a node within one trace. The root is 0; ids are dense and
// assigned in creation order. NoNode marks "no node" (the root's parent).
type NodeID int32

// NoNode is the parent of the root and the best child of a node with none.
const NoNode NodeID = -1

// Score is one candidate's statistics in a select event.
type Score struct {
	Child  NodeID
	Action int
	W      float64 // total value, from the view of the player choosing at the parent
	N      int     // visits
	UCB    float64 // w/n + c*sqrt(2 ln t / n); NaN for an unvisited child (null in files)
}

// Counters are the totals a search reports in its decision event.
type Counters struct {
	Nodes   int           // nodes created
	Evals   int           // static evaluations and terminal outcomes
	Cuts    int           // alpha-beta cuts
	Elapsed time.Duration // wall-clock time of the search
}

// Event is one trace event, flat, as the codec and engines handle it. Which
// fields are meaningful depends on Kind; the table returned by Spec lists
// them. Consumers read an event through the view of its kind (NodeCreated,
// Eval, Cutoff, ...), whose fields each mean one thing. Values (Value, Alpha, Beta) are from the
// point of view of the side to move at Node, except in a decision event,
// where Value is from the root player's point of view. Values may be
// infinite (an open alpha-beta window).
type Event struct {
	Step int  // the event's index in its trace, from 0
	Kind Kind // never KindBad in a valid trace

	Node NodeID // the node the event concerns (the root for a decision)

	// KindNode.
	Parent NodeID   // NoNode for the root
	Action int      // the action from the parent; also the chosen action of a decision; -1 for the root
	Label  string   // the action's human label ("b2", "up"); also the decision's
	Depth  int      // plies from the root; also a beam's depth and an iteration's depth
	Type   NodeType // who is to move
	Board  string   // the position's text form, when tracing with boards
	// Joint is, for a child of a joint node, both players' moves, which
	// Action and Label combine for display; nil for any other node. Like
	// the slices below, the Writer and Recorder are done with it when Emit
	// returns.
	Joint *JointAction
	// Prob is, for a child of a chance node, the probability of the
	// outcome that leads to it, in (0, 1]; 0 for any other node.
	Prob float64

	// KindEval, KindValue, KindCut, KindDecision.
	Value    float64
	Terminal bool   // KindEval: the game is over at Node and Value is its outcome
	Best     NodeID // KindValue: the best child so far, or NoNode
	// Same is, on a KindEval that is a transposition table's hit, the
	// earlier node of the same position, searched to the same depth,
	// whose stored value Value is; 0 on any other event. The root cannot
	// be one, as it is left after every other node.
	Same NodeID

	// KindBounds, KindCut.
	Alpha, Beta float64

	// KindCut.
	Cut          CutKind
	Pruned       []int    // the actions left unsearched, in move order
	PrunedLabels []string // their labels

	// KindSelect.
	Child  NodeID
	Scores []Score
	// Visits is t in the scores' UCB1, the visits their ln t counts, and
	// Explore is C; both 0 when the writer did not give them.
	Visits  int
	Explore float64

	// KindExpand.
	Children []NodeID

	// KindPlayout.
	Result float64 // 1 win, 0.5 draw, 0 loss for the root player
	Length int     // plies played

	// KindBackprop.
	Path   []NodeID  // from the leaf up to the root
	Values []float64 // the value added at each node of Path, in that node's view

	// KindBeam.
	Kept    []NodeID
	Dropped []NodeID

	// KindIteration.
	Iteration int  // from 1
	Discarded bool // cut short by the clock and not used

	// KindDecision.
	Counters Counters

	// KindNote.
	Text      string
	Truncated Truncation // the budget a Limiter's note says was reached, or NotTruncated
}
