package search

import (
	"strings"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// Code is an algorithm's pseudocode as the lecture and the primer write
// it. The engine follows it line by line, and each line names the events
// that run it, so the viewer can light the line of every step. As an
// algorithm declares it, it lists every option's lines; For gives the
// listing of one run.
type Code []Line

// Line is one line of pseudocode and the events that light it.
type Line struct {
	Text   string
	Lights []Light
	// If, when set, is the option the line's Text belongs to: a run
	// without it lists the line as Else, or not at all when Else is "".
	// The line's lights are the same either way; the events that light
	// only an option's lines happen only in runs with the option.
	If   Option
	Else string
}

// Option is a condition on a run's resolved parameters, such as "the
// transposition table is on".
type Option func(v spec.Values) bool

// For returns the listing of c for a run with parameters v: the lines of
// the options v has on, without those of the options it has off, so that
// the pseudocode shown is the algorithm that ran and a line's number is
// the same at every step of the run.
func (c Code) For(v spec.Values) Code {
	var out Code
	for _, l := range c {
		if l.If != nil && !l.If(v) {
			if l.Else == "" {
				continue
			}
			l.Text = l.Else
		}
		l.If, l.Else = nil, ""
		out = append(out, l)
	}
	return out
}

// Light says which events light a line: those of Kind for which When, if
// set, holds.
type Light struct {
	Kind trace.Kind
	When Cond
}

// Cond is a condition on event e, the event at t's current step, and its
// node: an event at no node (a note on the whole search) meets none.
type Cond func(t *trace.Tree, e trace.Event) bool

// Text returns the lines' text, nil when there are none.
func (c Code) Text() []string {
	if len(c) == 0 {
		return nil
	}
	out := make([]string, len(c))
	for i, l := range c {
		out[i] = l.Text
	}
	return out
}

// Lit returns the 1-based number of the first line that the event at t's
// current step lights, or 0 when it lights none (or t is before step 0).
func (c Code) Lit(t *trace.Tree) int {
	k := t.Step()
	if k < 0 {
		return 0
	}
	e := t.Event(k)
	for i, l := range c {
		if l.lit(t, e) {
			return i + 1
		}
	}
	return 0
}

// Lighting returns the 1-based numbers of every line the event at t's
// current step lights: one, or none, in a well-written Code.
func (c Code) Lighting(t *trace.Tree) []int {
	k := t.Step()
	if k < 0 {
		return nil
	}
	e := t.Event(k)
	var out []int
	for i, l := range c {
		if l.lit(t, e) {
			out = append(out, i+1)
		}
	}
	return out
}

// lit reports whether e lights l. A condition asks about e's node, so it
// holds for no event outside the tree's nodes: a note at no node (-1), or
// an event of a kind whose node the fold does not check.
func (l Line) lit(t *trace.Tree, e trace.Event) bool {
	inTree := e.Node >= 0 && int(e.Node) < t.Size()
	for _, x := range l.Lights {
		if x.Kind == e.Kind && (x.When == nil || inTree && x.When(t, e)) {
			return true
		}
	}
	return false
}

// line is a line of pseudocode lit by lights.
func line(text string, lights ...Light) Line { return Line{Text: text, Lights: lights} }

// only lists l in the runs with option o alone.
func (l Line) only(o Option) Line {
	l.If = o
	return l
}

// plain lists l as text, without what option o adds to it, in the runs
// without o.
func (l Line) plain(o Option, text string) Line {
	l.If, l.Else = o, text
	return l
}

// set holds for the runs whose parameter p is not 0: a switch turned on,
// a choice other than the first.
func set(p spec.Param) Option { return func(v spec.Values) bool { return v[p.Name] != 0 } }

// on lights a line at every event of kind k.
func on(k trace.Kind) Light { return Light{Kind: k} }

// onIf lights a line at the events of kind k for which c holds.
func onIf(k trace.Kind, c Cond) Light { return Light{Kind: k, When: c} }

// not returns the negation of c.
func not(c Cond) Cond { return func(t *trace.Tree, e trace.Event) bool { return !c(t, e) } }

// both returns the conjunction of a and b.
func both(a, b Cond) Cond {
	return func(t *trace.Tree, e trace.Event) bool { return a(t, e) && b(t, e) }
}

// either returns the disjunction of a and b.
func either(a, b Cond) Cond {
	return func(t *trace.Tree, e trace.Event) bool { return a(t, e) || b(t, e) }
}

// noteSays holds for a note whose text has words in it: the notes an
// engine writes for an option are told apart by the words it writes.
func noteSays(words string) Cond {
	return func(_ *trace.Tree, e trace.Event) bool { return strings.Contains(e.Text, words) }
}

// atRoot holds when the event concerns the root.
func atRoot(t *trace.Tree, e trace.Event) bool { return e.Node == t.Root() }

// newRoot holds for the node event that creates the root.
func newRoot(_ *trace.Tree, e trace.Event) bool {
	return e.Kind == trace.KindNode && e.Parent == trace.NoNode
}

// atMin holds when the event's node is a min node.
func atMin(t *trace.Tree, e trace.Event) bool { return isType(t, e, trace.TypeMin) }

// atMax holds when the event's node is a max node.
func atMax(t *trace.Tree, e trace.Event) bool { return isType(t, e, trace.TypeMax) }

// isType reports whether the event's node is of type typ.
func isType(t *trace.Tree, e trace.Event, typ trace.NodeType) bool {
	return e.Node >= 0 && int(e.Node) < t.Size() && t.Node(e.Node).Type == typ
}

// calls returns the lights of the call that searches a node for which c
// holds: the node's event ("play b1 from a1"), the focus entering it,
// and, in alphabeta, the window it is searched with. A teacher points at
// the line that makes the call: the loop's recursive call for a child,
// the first call for the root.
func calls(c Cond) []Light {
	return []Light{onIf(trace.KindNode, c), onIf(trace.KindEnter, c), onIf(trace.KindBounds, both(entering, c))}
}

// below holds when c holds and the event's node is not the root: a node
// searched by a recursive call.
func below(c Cond) Cond { return both(c, not(atRoot)) }

// lights joins lists of lights, for a line lit by calls and by more.
func lights(ls ...[]Light) []Light {
	var out []Light
	for _, l := range ls {
		out = append(out, l...)
	}
	return out
}

// atLeaf holds when the event's node was evaluated rather than searched:
// it has no child but pruned placeholders.
func atLeaf(t *trace.Tree, e trace.Event) bool {
	for _, c := range t.Node(e.Node).Children {
		if !t.Node(c).Placeholder {
			return false
		}
	}
	return true
}

// standing reports whether node id stood pat in a quiescence search: it
// was evaluated and then searched on (its children may all be pruned).
func standing(t *trace.Tree, id trace.NodeID) bool {
	_, ok := t.FirstEval(id)
	return ok && len(t.Node(id).Children) > 0
}

// quiescing holds for the events of a node a quiescence search handles:
// one that stood pat, or a child of one.
func quiescing(t *trace.Tree, e trace.Event) bool {
	return standing(t, e.Node) || calledByQuiesce(t, e)
}

// calledByQuiesce holds for the events of a node whose parent stood pat:
// QUIESCE searched it, where ALPHABETA searched the others.
func calledByQuiesce(t *trace.Tree, e trace.Event) bool {
	p := t.Node(e.Node).Parent
	return p != trace.NoNode && standing(t, p)
}

// fromTable holds for the events of a node whose value a transposition
// table gave.
func fromTable(t *trace.Tree, e trace.Event) bool { return t.Node(e.Node).Same != 0 }

// entering holds for the bounds event that gives a node the window it is
// searched with, right after the focus enters it, rather than a raised
// alpha.
func entering(t *trace.Tree, e trace.Event) bool {
	prev, ok := previous(t)
	return ok && prev.Kind == trace.KindEnter && prev.Node == e.Node
}

// discarded holds for an iteration event of an iteration cut short.
func discarded(_ *trace.Tree, e trace.Event) bool { return e.Discarded }

// afterDiscarded holds for the event right after a discarded iteration's.
func afterDiscarded(t *trace.Tree, e trace.Event) bool {
	prev, ok := previous(t)
	return ok && prev.Kind == trace.KindIteration && prev.Discarded
}

// secondSelect holds for the second of two select events at one node: in
// DUCT, player B's choice after player A's.
func secondSelect(t *trace.Tree, e trace.Event) bool {
	prev, ok := previous(t)
	return ok && prev.Kind == trace.KindSelect && prev.Node == e.Node
}

// previous returns the event before the current step's.
func previous(t *trace.Tree) (trace.Event, bool) {
	if t.Step() < 1 {
		return trace.Event{}, false
	}
	return t.Event(t.Step() - 1), true
}
