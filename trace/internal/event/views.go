package event

import "fmt"

// The views of this file are how consumers read an event: one small struct
// per kind, whose fields each mean one thing, where the flat Event reuses a
// field for several (Depth is a node's depth, a beam's depth and an
// iteration's depth limit). Each accessor is valid only for its kind and
// panics on an event of another kind: calling it so is a programming
// error, as with the Go execution tracer's Event.Range and Event.Metric.
// A view shares the event's slices and JointAction, which must not be
// modified. An accessor copies the event, so code that reads millions of
// events, as NewTree does, reads the flat fields instead.

// NodeCreated is the view of a node event (KindNode): a node was created,
// just before the search visits it.
type NodeCreated struct {
	Node   NodeID   // the new node: 0 for the root, then dense in creation order
	Parent NodeID   // NoNode for the root
	Action int      // the action from the parent; -1 for the root
	Label  string   // the action's human label; "" for the root
	Depth  int      // the node's plies from the root
	Type   NodeType // who is to move at the node
	Board  string   // the position's text form, or "" when traced without boards

	// Joint is, for a child of a joint node, both players' moves, which
	// Action and Label combine; nil for any other node.
	Joint *JointAction
	// Prob is, for a child of a chance node, the probability of the
	// outcome that leads to it; 0 for any other node.
	Prob float64
}

// NodeCreated returns the view of a node event. It panics if e.Kind is
// not KindNode.
func (e Event) NodeCreated() NodeCreated {
	e.must(KindNode, "NodeCreated")
	return NodeCreated{Node: e.Node, Parent: e.Parent, Action: e.Action, Label: e.Label,
		Depth: e.Depth, Type: e.Type, Board: e.Board, Joint: e.Joint, Prob: e.Prob}
}

// Eval is the view of an eval event (KindEval): a static evaluation or a
// terminal outcome.
type Eval struct {
	Node     NodeID  // the node evaluated
	Value    float64 // in the view of the side to move at Node
	Terminal bool    // the game is over at Node and Value is its outcome
	// Same is, on a transposition table's hit, the earlier node of the
	// same position and depth whose stored value Value is; 0 otherwise.
	Same NodeID
}

// Eval returns the view of an eval event. It panics if e.Kind is not
// KindEval.
func (e Event) Eval() Eval {
	e.must(KindEval, "Eval")
	return Eval{Node: e.Node, Value: e.Value, Terminal: e.Terminal, Same: e.Same}
}

// ValueUpdate is the view of a value event (KindValue): a node's backed-up
// value so far and the child it comes from.
type ValueUpdate struct {
	Node  NodeID  // the node whose value changed
	Value float64 // in the view of the side to move at Node
	Best  NodeID  // the child the value comes from, or NoNode
}

// ValueUpdate returns the view of a value event. It panics if e.Kind is
// not KindValue.
func (e Event) ValueUpdate() ValueUpdate {
	e.must(KindValue, "ValueUpdate")
	return ValueUpdate{Node: e.Node, Value: e.Value, Best: e.Best}
}

// Bounds is the view of a bounds event (KindBounds): the alpha-beta
// window at a node.
type Bounds struct {
	Node        NodeID
	Alpha, Beta float64 // in the view of the side to move at Node
}

// Bounds returns the view of a bounds event. It panics if e.Kind is not
// KindBounds.
func (e Event) Bounds() Bounds {
	e.must(KindBounds, "Bounds")
	return Bounds{Node: e.Node, Alpha: e.Alpha, Beta: e.Beta}
}

// Cutoff is the view of a cut event (KindCut): an alpha or beta cut, after
// which the rest of a node's children are pruned.
type Cutoff struct {
	Node         NodeID   // the node that stops looking at children
	Kind         CutKind  // CutBeta at a max node, CutAlpha at a min node
	Value        float64  // the value that reached beta, in the view of the side to move at Node
	Alpha, Beta  float64  // the window at the cut, in the same view
	Pruned       []int    // the actions left unsearched, in move order
	PrunedLabels []string // their labels
}

// Cutoff returns the view of a cut event. It panics if e.Kind is not
// KindCut.
func (e Event) Cutoff() Cutoff {
	e.must(KindCut, "Cutoff")
	return Cutoff{Node: e.Node, Kind: e.Cut, Value: e.Value, Alpha: e.Alpha, Beta: e.Beta,
		Pruned: e.Pruned, PrunedLabels: e.PrunedLabels}
}

// Selection is the view of a select event (KindSelect): an MCTS or DUCT
// selection step. At a joint node each player's choice is one select
// event, player 0's first, whose scores are that player's actions, with
// no child each.
type Selection struct {
	Node   NodeID  // the node choosing a child
	Chosen NodeID  // the child walked to
	Scores []Score // every candidate's statistics
}

// Selection returns the view of a select event. It panics if e.Kind is
// not KindSelect.
func (e Event) Selection() Selection {
	e.must(KindSelect, "Selection")
	return Selection{Node: e.Node, Chosen: e.Child, Scores: e.Scores}
}

// Expansion is the view of an expand event (KindExpand): children added to
// a node.
type Expansion struct {
	Node     NodeID
	Children []NodeID
}

// Expansion returns the view of an expand event. It panics if e.Kind is
// not KindExpand.
func (e Event) Expansion() Expansion {
	e.must(KindExpand, "Expansion")
	return Expansion{Node: e.Node, Children: e.Children}
}

// Playout is the view of a playout event (KindPlayout): a random playout
// from a node.
type Playout struct {
	Node   NodeID  // the node the playout started from
	Result float64 // 1 win, 0.5 draw, 0 loss, for the root player
	Length int     // the turns played
}

// Playout returns the view of a playout event. It panics if e.Kind is not
// KindPlayout.
func (e Event) Playout() Playout {
	e.must(KindPlayout, "Playout")
	return Playout{Node: e.Node, Result: e.Result, Length: e.Length}
}

// Backprop is the view of a backprop event (KindBackprop): results added
// along a path.
type Backprop struct {
	Path   []NodeID  // from the leaf up to the root
	Values []float64 // the value added at each node of Path, in that node's view
}

// Backprop returns the view of a backprop event. It panics if e.Kind is
// not KindBackprop.
func (e Event) Backprop() Backprop {
	e.must(KindBackprop, "Backprop")
	return Backprop{Path: e.Path, Values: e.Values}
}

// Beam is the view of a beam event (KindBeam): the states a beam search
// kept and dropped at one depth.
type Beam struct {
	Depth   int // the depth of the states ranked, in plies from the root
	Kept    []NodeID
	Dropped []NodeID
}

// Beam returns the view of a beam event. It panics if e.Kind is not
// KindBeam.
func (e Event) Beam() Beam {
	e.must(KindBeam, "Beam")
	return Beam{Depth: e.Depth, Kept: e.Kept, Dropped: e.Dropped}
}

// IterationInfo is the view of an iteration event (KindIteration): one
// iteration of an iterative-deepening search, of MCTS, or a Chokudai pass.
type IterationInfo struct {
	Number     int  // from 1
	DepthLimit int  // an iterative-deepening iteration's depth limit; 0 for others
	Discarded  bool // cut short by the clock, and its result not used
}

// IterationInfo returns the view of an iteration event. It panics if
// e.Kind is not KindIteration.
func (e Event) IterationInfo() IterationInfo {
	e.must(KindIteration, "IterationInfo")
	return IterationInfo{Number: e.Iteration, DepthLimit: e.Depth, Discarded: e.Discarded}
}

// Decision is the view of a decision event (KindDecision): the search's
// final choice.
type Decision struct {
	Root     NodeID
	Action   int     // the chosen action, or -1 if there was none
	Label    string  // the chosen action's label
	Value    float64 // the root's value in the root player's view, unlike other events' values
	Counters Counters
}

// Decision returns the view of a decision event. It panics if e.Kind is
// not KindDecision.
func (e Event) Decision() Decision {
	e.must(KindDecision, "Decision")
	return Decision{Root: e.Node, Action: e.Action, Label: e.Label, Value: e.Value, Counters: e.Counters}
}

// Note is the view of a note event (KindNote): text for the reader.
type Note struct {
	Node      NodeID // the node the note is about, or NoNode
	Text      string
	Truncated Truncation // the budget whose reaching the note reports, or NotTruncated
}

// Note returns the view of a note event. It panics if e.Kind is not
// KindNote.
func (e Event) Note() Note {
	e.must(KindNote, "Note")
	return Note{Node: e.Node, Text: e.Text, Truncated: e.Truncated}
}

// must panics with a kindError unless e is of kind want; method names the
// accessor that calls it.
func (e *Event) must(want Kind, method string) {
	if e.Kind != want {
		panic(kindError{method, e.Kind, want})
	}
}

// kindError is the panic of an accessor called on an event of another
// kind; a plain value, so that the accessors stay small enough to inline.
type kindError struct {
	method    string
	got, want Kind
}

func (e kindError) Error() string {
	return fmt.Sprintf("trace: Event.%s called on a %v event, want a %v event", e.method, e.got, e.want)
}
