package trace

// Status is what a node is at one step of a trace.
type Status uint8

// Node statuses.
const (
	StatusNotReached Status = iota // not created yet at this step
	StatusGenerated                // created but never entered (e.g. MCTS children)
	StatusCurrent                  // the search's focus
	StatusPath                     // on the path from the root to the focus
	StatusDone                     // left for good; its value is final
	StatusPruned                   // cut off by an alpha-beta cut (or never to be searched)
	StatusBest                     // on the chosen line, after the decision
	StatusKept                     // kept by a beam at its depth
	StatusDropped                  // dropped by a beam at its depth
)

var statusNames = [...]string{"not-reached", "generated", "current", "path", "done", "pruned", "best", "kept", "dropped"}

// String returns the status's name, e.g. "not-reached".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "status?"
}

// NodeState is everything known about one node at one step.
type NodeState struct {
	ID     NodeID
	Parent NodeID
	Action int
	Label  string
	Depth  int
	Type   NodeType
	Board  string

	// Joint is, for a child of a joint node, both players' moves, which
	// Label combines; nil for any other node. It is the node event's,
	// shared, and must not be modified.
	Joint *JointAction
	// Prob is, for a child of a chance node, the probability of the
	// outcome that leads to it; 0 for any other node.
	Prob float64

	// Iteration is the iteration under way when the search created the
	// node (an iteration event's Iteration: a Chokudai pass, an iterative
	// deepening depth's iteration, an MCTS iteration), or 0 before the first.
	Iteration int

	// Placeholder marks a child the search never created because a cut
	// pruned it; the tree makes one per pruned action so it can be drawn.
	Placeholder bool

	Status Status

	HasValue bool    // Value is known (from an eval or value event)
	Value    float64 // side-to-move view of this node
	Terminal bool    // Value is a terminal outcome
	Best     NodeID  // best child so far, or NoNode

	HasBounds   bool // Alpha and Beta are known
	Alpha, Beta float64

	// Cut describes the cut made at this node, if one was (Cut != CutBad):
	// the value that caused it and the window at that moment.
	Cut                         CutKind
	CutValue, CutAlpha, CutBeta float64

	// Visits and Total are what backprop events added up at this node:
	// how many results passed through it (MCTS's n) and their sum, in
	// the view of the side to move at the node.
	Visits int
	Total  float64

	// Same is the earlier node of the same position and depth whose value
	// a transposition table gave this one, sparing its search (the eval
	// event's Same), or 0 if none did. It is the final tree's: whether
	// the hit has happened at the current step, HasValue says.
	Same NodeID

	// PrunedBy is the node whose cut pruned this one, or NoNode.
	PrunedBy NodeID

	// Children are the node's children in the final tree, in creation order
	// (placeholders after the searched children, in move order).
	Children []NodeID
}
