package check

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/searchviz/searchviz/trace"
)

// nodeInfo is what the validator knows about one created node.
type nodeInfo struct {
	parent trace.NodeID
	depth  int
	typ    trace.NodeType
	visits int // the last visit count a select event gave it, or -1
}

// A Validator checks the invariants of a trace one event at a time, so
// that a trace of any length is checked without holding its events: it
// keeps a few words per node. It checks that:
//
//   - steps count 0, 1, 2, ... and every kind is valid;
//   - node ids are dense in creation order, the root (id 0) first with
//     parent NoNode and depth 0, every other node's parent already exists
//     and its depth is one more than its parent's;
//   - a node has a joint action exactly when its parent is a joint node,
//     and a probability, in (0, 1], only when its parent is a chance node;
//   - every node an event names (node, child, best, scores, children,
//     path, kept, dropped) exists when the event happens;
//   - enter and leave nest like a stack: a leave names the innermost node
//     entered and not yet left;
//   - a bounds or cut window has alpha <= beta;
//   - a cut is "beta" at a max node and "alpha" at a min node, its value
//     is >= beta, and it prunes at least one action, with one label each;
//     a forward cut may be at any node, its threshold (alpha) at most its
//     value;
//   - a value event's best, a select event's child and every score's child
//     are children of the event's node, and a child's visit count never
//     decreases from one select event to the next;
//   - a backprop path goes from child to parent, with one value per node;
//   - a playout's result is in [0, 1];
//   - there is at most one decision, and it is the last event.
//
// A Validator is not safe for concurrent use.
type Validator struct {
	nodes    []nodeInfo
	stack    []trace.NodeID // entered and not yet left, innermost last
	decision int            // the decision's index, or -1
	steps    int            // the events added
	errs     []error        // the violations of the event being added
}

// NewValidator returns a Validator of a trace with no events yet.
func NewValidator() *Validator { return &Validator{decision: -1} }

// Violation is one broken invariant: the step of the event that breaks
// it, from 0, and what is wrong, in words.
type Violation struct {
	Step int
	Msg  string
}

// Error says the step and what is wrong.
func (e *Violation) Error() string { return fmt.Sprintf("step %d: %s", e.Step, e.Msg) }

// Add checks e, the trace's next event, against the events added before
// it, and returns its violations, each a *Violation, joined with
// errors.Join; nil means e keeps every invariant. Add does not keep e.
func (v *Validator) Add(e *trace.Event) error {
	v.errs = v.errs[:0]
	v.event(v.steps, e)
	v.steps++
	if len(v.errs) == 0 {
		return nil
	}
	return errors.Join(slices.Clone(v.errs)...)
}

// Split returns the violations an error of Add joins, or err alone.
func Split(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func (v *Validator) errorf(step int, format string, args ...any) {
	v.errs = append(v.errs, &Violation{Step: step, Msg: fmt.Sprintf(format, args...)})
}

func (v *Validator) exists(id trace.NodeID) bool { return id >= 0 && int(id) < len(v.nodes) }

// known checks that the node the field names exists.
func (v *Validator) known(i int, field string, id trace.NodeID) bool {
	if !v.exists(id) {
		v.errorf(i, "%s %d does not exist (%d nodes so far)", field, id, len(v.nodes))
		return false
	}
	return true
}

// childOf checks that child is a child of parent, both existing.
func (v *Validator) childOf(i int, field string, child, parent trace.NodeID) bool {
	if !v.known(i, field, child) {
		return false
	}
	if p := v.nodes[child].parent; p != parent {
		v.errorf(i, "%s %d is a child of %d, not of node %d", field, child, p, parent)
		return false
	}
	return true
}

func (v *Validator) event(i int, e *trace.Event) {
	if e.Step != i {
		v.errorf(i, "step is %d, want %d", e.Step, i)
	}
	if trace.Spec(e.Kind).Kind != e.Kind || e.Kind == trace.KindBad {
		v.errorf(i, "invalid kind %v", e.Kind)
		return
	}
	if v.decision >= 0 {
		v.errorf(i, "%v event after the decision at step %d", e.Kind, v.decision)
	}
	switch e.Kind {
	case trace.KindNode:
		v.node(i, e)
	case trace.KindEnter:
		if v.known(i, "node", e.Node) {
			v.stack = append(v.stack, e.Node)
		}
	case trace.KindLeave:
		if !v.known(i, "node", e.Node) {
			return
		}
		switch n := len(v.stack); {
		case n == 0:
			v.errorf(i, "leave %d with no node entered", e.Node)
		case v.stack[n-1] != e.Node:
			v.errorf(i, "leave %d, but the innermost entered node is %d", e.Node, v.stack[n-1])
		default:
			v.stack = v.stack[:n-1]
		}
	case trace.KindEval:
		v.known(i, "node", e.Node)
	case trace.KindValue:
		if v.known(i, "node", e.Node) && e.Best != trace.NoNode {
			v.childOf(i, "best", e.Best, e.Node)
		}
	case trace.KindBounds:
		v.known(i, "node", e.Node)
		if !(e.Alpha <= e.Beta) {
			v.errorf(i, "bounds of node %d: alpha %v > beta %v", e.Node, e.Alpha, e.Beta)
		}
	case trace.KindCut:
		v.cut(i, e)
	case trace.KindSelect:
		v.selection(i, e)
	case trace.KindExpand:
		if v.known(i, "node", e.Node) {
			for _, c := range e.Children {
				v.childOf(i, "expanded child", c, e.Node)
			}
		}
	case trace.KindPlayout:
		v.known(i, "node", e.Node)
		if !(e.Result >= 0 && e.Result <= 1) {
			v.errorf(i, "playout result %v, want a number in [0, 1]", e.Result)
		}
	case trace.KindBackprop:
		if len(e.Path) != len(e.Values) {
			v.errorf(i, "backprop has %d nodes in path but %d values", len(e.Path), len(e.Values))
		}
		for j, id := range e.Path {
			if v.known(i, "path node", id) && j > 0 && v.exists(e.Path[j-1]) && v.nodes[e.Path[j-1]].parent != id {
				v.errorf(i, "backprop path goes from %d to %d, which is not its parent", e.Path[j-1], id)
			}
		}
	case trace.KindBeam:
		for _, id := range e.Kept {
			v.known(i, "kept node", id)
		}
		for _, id := range e.Dropped {
			v.known(i, "dropped node", id)
		}
	case trace.KindDecision:
		v.known(i, "node", e.Node)
		v.decision = i
	case trace.KindNote:
		if e.Node != trace.NoNode {
			v.known(i, "node", e.Node)
		}
	}
}

func (v *Validator) node(i int, e *trace.Event) {
	want := trace.NodeID(len(v.nodes))
	if e.Node != want {
		v.errorf(i, "node id %d, want %d (ids are dense in creation order)", e.Node, want)
		return
	}
	if _, err := trace.ParseNodeType(e.Type.String()); err != nil {
		v.errorf(i, "node %d has invalid node kind %v", e.Node, e.Type)
	}
	depth := 0
	if want == 0 {
		if e.Parent != trace.NoNode || e.Depth != 0 {
			v.errorf(i, "root has parent %d and depth %d, want parent -1 and depth 0", e.Parent, e.Depth)
		}
		if e.Joint != nil {
			v.errorf(i, "root has a joint action, which only a child of a joint node has")
		}
	} else if !v.exists(e.Parent) {
		v.errorf(i, "node %d has parent %d, which does not exist", e.Node, e.Parent)
	} else {
		if depth = v.nodes[e.Parent].depth + 1; e.Depth != depth {
			v.errorf(i, "node %d has depth %d, want %d (its parent's depth plus one)", e.Node, e.Depth, depth)
		}
		switch t := v.nodes[e.Parent].typ; {
		case e.Prob < 0 || e.Prob > 1 || math.IsNaN(e.Prob):
			v.errorf(i, "node %d has probability %v, want one in (0, 1]", e.Node, e.Prob)
		case e.Prob != 0 && t != trace.TypeChance:
			v.errorf(i, "node %d has a probability, but its parent %d is a %v node, not a chance one", e.Node, e.Parent, t)
		case t == trace.TypeJoint && e.Joint == nil:
			v.errorf(i, "node %d is a child of joint node %d but has no joint action", e.Node, e.Parent)
		case t != trace.TypeJoint && e.Joint != nil:
			v.errorf(i, "node %d has a joint action, but its parent %d is a %v node, not a joint one", e.Node, e.Parent, t)
		}
	}
	v.nodes = append(v.nodes, nodeInfo{parent: e.Parent, depth: e.Depth, typ: e.Type, visits: -1})
}

func (v *Validator) cut(i int, e *trace.Event) {
	if e.Cut == trace.CutForward {
		v.known(i, "node", e.Node)
		if !(e.Alpha <= e.Value) {
			v.errorf(i, "forward cut at node %d: threshold %v above the best value %v", e.Node, e.Alpha, e.Value)
		}
	} else {
		if v.known(i, "node", e.Node) {
			if t := v.nodes[e.Node].typ; e.Cut != trace.CutFor(t) {
				v.errorf(i, "%v cut at %v node %d, want %v", e.Cut, t, e.Node, trace.CutFor(t))
			}
		}
		if !(e.Alpha <= e.Beta) {
			v.errorf(i, "cut at node %d: alpha %v > beta %v", e.Node, e.Alpha, e.Beta)
		}
		if !(e.Value >= e.Beta) {
			v.errorf(i, "cut at node %d with value %v < beta %v", e.Node, e.Value, e.Beta)
		}
	}
	if len(e.Pruned) == 0 {
		v.errorf(i, "cut at node %d prunes no action", e.Node)
	}
	if len(e.Pruned) != len(e.PrunedLabels) {
		v.errorf(i, "cut at node %d has %d pruned actions but %d labels", e.Node, len(e.Pruned), len(e.PrunedLabels))
	}
}

func (v *Validator) selection(i int, e *trace.Event) {
	if !v.known(i, "node", e.Node) {
		return
	}
	v.childOf(i, "child", e.Child, e.Node)
	for _, s := range e.Scores {
		// A score with no child is one player's action at a simultaneous-
		// move node, whose children are pairs of actions (DUCT).
		if s.Child == trace.NoNode {
			if v.nodes[e.Node].typ != trace.TypeJoint {
				v.errorf(i, "a score with no child at node %d, which is not a simultaneous-move node", e.Node)
			}
			continue
		}
		if !v.childOf(i, "score child", s.Child, e.Node) {
			continue
		}
		n := &v.nodes[s.Child]
		if s.N < n.visits {
			v.errorf(i, "visits of node %d fell from %d to %d", s.Child, n.visits, s.N)
		}
		n.visits = s.N
	}
}
