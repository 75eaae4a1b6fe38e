package trace

import "github.com/searchviz/searchviz/trace/internal/event"

// The views are how consumers read an event: one small struct per kind,
// whose fields each mean one thing, where the flat Event reuses a field
// for several (Depth is a node's depth, a beam's depth and an iteration's
// depth limit). Each of Event's accessors (Event.NodeCreated, Event.Eval,
// ...) is valid only for its kind and panics on an event of another kind.
// A view shares the event's slices and JointAction, which must not be
// modified.

// NodeCreated is the view of a node event (KindNode): a node was created,
// just before the search visits it.
type NodeCreated = event.NodeCreated

// Eval is the view of an eval event (KindEval): a static evaluation or a
// terminal outcome.
type Eval = event.Eval

// ValueUpdate is the view of a value event (KindValue): a node's backed-up
// value so far and the child it comes from.
type ValueUpdate = event.ValueUpdate

// Bounds is the view of a bounds event (KindBounds): the alpha-beta
// window at a node.
type Bounds = event.Bounds

// Cutoff is the view of a cut event (KindCut): an alpha or beta cut, after
// which the rest of a node's children are pruned.
type Cutoff = event.Cutoff

// Selection is the view of a select event (KindSelect): an MCTS or DUCT
// selection step. At a joint node each player's choice is one select
// event, player 0's first, whose scores are that player's actions, with
// no child each.
type Selection = event.Selection

// Expansion is the view of an expand event (KindExpand): children added to
// a node.
type Expansion = event.Expansion

// Playout is the view of a playout event (KindPlayout): a random playout
// from a node.
type Playout = event.Playout

// Backprop is the view of a backprop event (KindBackprop): results added
// along a path.
type Backprop = event.Backprop

// Beam is the view of a beam event (KindBeam): the states a beam search
// kept and dropped at one depth.
type Beam = event.Beam

// IterationInfo is the view of an iteration event (KindIteration): one
// iteration of an iterative-deepening search, of MCTS, or a Chokudai pass.
type IterationInfo = event.IterationInfo

// Decision is the view of a decision event (KindDecision): the search's
// final choice.
type Decision = event.Decision

// Note is the view of a note event (KindNote): text for the reader.
type Note = event.Note
