package codec

import (
	"math"

	"github.com/searchviz/searchviz/trace/internal/event"
	"github.com/searchviz/searchviz/trace/internal/store"
)

// Version 2 of the file format writes each event as a JSON list: a
// one-letter code for the kind, then fields by position, then, if any
// field is given by name, an object of them last. A field left out, or
// given as null, takes its default, which follows from the events before
// it (compactState): a new node's id is the next one, its parent the node
// the search is in, its depth one more than its parent's; a leave leaves
// the innermost node entered; a select's every score is worked out from
// the statistics that changed since that node's previous select. Writers
// leave out every field equal to its default, which makes a depth-first
// search's trace about a tenth of version 1's size.

// compactKind is how version 2 writes the lines of one event kind.
type compactKind struct {
	code byte            // the line's first element, a one-letter string
	pos  []event.FieldID // the fields written by position, those most often given first
}

// compactKinds is the table of version 2's lines. Every field of a kind's
// spec not listed in pos is given by name, in the trailing object, when
// it is not its default. A select line has a layout of its own (see
// appendSelect).
var compactKinds = [event.NumKinds]compactKind{
	event.KindNode:      {'n', []event.FieldID{event.FAction, event.FLabel, event.FParent}},
	event.KindEnter:     {'e', []event.FieldID{event.FNode}},
	event.KindLeave:     {'l', []event.FieldID{event.FNode}},
	event.KindEval:      {'v', []event.FieldID{event.FValue, event.FTerminal, event.FNode}},
	event.KindValue:     {'u', []event.FieldID{event.FValue, event.FBest, event.FNode}},
	event.KindBounds:    {'w', []event.FieldID{event.FAlpha, event.FBeta, event.FNode}},
	event.KindCut:       {'c', []event.FieldID{event.FValue, event.FPruned, event.FAlpha, event.FBeta, event.FPrunedLabels, event.FCut, event.FNode}},
	event.KindSelect:    {'s', nil},
	event.KindExpand:    {'x', []event.FieldID{event.FChildren, event.FNode}},
	event.KindPlayout:   {'p', []event.FieldID{event.FResult, event.FLength, event.FNode}},
	event.KindBackprop:  {'b', []event.FieldID{event.FValues, event.FPath}},
	event.KindBeam:      {'m', []event.FieldID{event.FDepth, event.FKept, event.FDropped}},
	event.KindIteration: {'i', []event.FieldID{event.FIteration, event.FDepth, event.FDiscarded}},
	event.KindDecision:  {'d', []event.FieldID{event.FAction, event.FValue, event.FLabel, event.FNode}},
	event.KindNote:      {'t', []event.FieldID{event.FText, event.FNode, event.FTruncated}},
}

// Layout returns how versions 2 and 3 write a line of kind k: its code
// and the fields it gives by position, for the JSON Schema.
func Layout(k event.Kind) (code byte, pos []event.FieldID) {
	return compactKinds[k].code, compactKinds[k].pos
}

// codeKinds maps a line's code back to its kind.
var codeKinds = func() (m [128]event.Kind) {
	for k, c := range compactKinds {
		if c.code != 0 {
			m[c.code] = event.Kind(k)
		}
	}
	return m
}()

// compactState is what a version 2 writer, and its reader, know from the
// events before the current one: the defaults of its fields follow from
// it. Both update it with observe after each event, so they agree.
type compactState struct {
	depth    store.Chunked[int32]          // each node's depth, by id, for the nodes created in id order
	typ      store.Chunked[event.NodeType] // each node's type, likewise
	labels   actionLabels                  // the last label given to each action
	joints   map[int]event.JointAction     // the last pair of moves given to each action from a joint node
	stack    []frame                       // the nodes entered and not left, innermost last
	entered  frameCounts                   // how many frames of each node the stack holds
	lastNode event.NodeID                  // the last node created
	lastLeft event.NodeID                  // the last node left
	prev     event.Kind                    // the previous event's kind
	selected [2]event.NodeID               // the previous select's node and child
	run      nodeRun                       // the node events just before, if prev is KindNode
	iter     int                           // the last iteration's number
	result   float64                       // the last playout's or terminal evaluation's result, in the root player's view
	terminal bool                          // the last event was a terminal evaluation of a known node
	kids     map[event.NodeID]nodeRun      // each expanded node's children, when their ids follow each other
	explore  float64                       // the last select's c, NaN before the first
	selects  selectStates
	predict  bool                               // version 3: a select's changes default to what the backprops since predict
	jointOf  map[event.NodeID]event.JointAction // with predict, each joint node's pair of moves

	nodes  []event.NodeID // scratch for a default list of nodes
	texts  []string       // scratch for default pruned labels
	values []float64      // scratch for default backed-up values
	joint  event.JointAction
	scores []event.Score // scratch for a select's scores
}

// frame is a node entered and not left, with the last window a bounds
// event gave it.
type frame struct {
	node        event.NodeID
	alpha, beta float64
	bounded     bool
}

// nodeRun is a run of node events with one parent and consecutive ids.
type nodeRun struct {
	parent, first event.NodeID
	count         int
}

// selectKey names the statistics one select event shows: those of a
// node's chooser, or, for the second of two selects in a row at one node
// (DUCT's player B), the other player's.
type selectKey struct {
	node   event.NodeID
	second bool
}

// selectState is what the last select of a key showed: its candidates and
// their statistics, and how far t was from the sum of their visits.
type selectState struct {
	children []event.NodeID
	actions  []int
	w        []float64
	n        []int
	offset   int

	// With predict: the candidate the select chose, or -1, and what the
	// backprops since then added to the candidates, as bumps.
	chosen  int
	pending []bump
}

// bump is one more visit of a select's candidate i, and dw more value.
type bump struct {
	i  int
	dw float64
}

// newCompactState returns the state before the first event; with predict,
// version 3's, whose select lines leave out the changes that the
// backprops since the previous select predict.
func newCompactState(predict bool) *compactState {
	return &compactState{
		labels: actionLabels{other: map[int]string{}}, joints: map[int]event.JointAction{}, selects: selectStates{other: map[selectKey]*selectState{}}, kids: map[event.NodeID]nodeRun{},
		entered: frameCounts{other: map[event.NodeID]int{}}, predict: predict, jointOf: map[event.NodeID]event.JointAction{},
		lastNode: event.NoNode, lastLeft: event.NoNode, selected: [2]event.NodeID{event.NoNode, event.NoNode}, explore: math.NaN(),
	}
}

// top returns the innermost node entered and not left, or NoNode.
func (s *compactState) top() event.NodeID {
	if len(s.stack) == 0 {
		return event.NoNode
	}
	return s.stack[len(s.stack)-1].node
}

// known reports whether node id was created in id order, so that its
// depth and type are known.
func (s *compactState) known(id event.NodeID) bool { return id >= 0 && int(id) < s.depth.Len() }

// setDefault sets the member of e that field f carries to its default,
// from the state and from e's fields that come before f in its kind's
// spec, or reports false if the field has none here and must be given.
// An optional field without a case of its own defaults to its zero value.
// Lists it sets may share the state's scratch memory.
func (s *compactState) setDefault(f *event.LineField, e *event.Event) bool {
	switch id := f.ID; id {
	case event.FNode:
		e.Node = s.defaultNode(e.Kind)
	case event.FParent:
		e.Parent = s.top()
	case event.FLabel:
		e.Label, _ = s.labels.get(e.Action)
	case event.FDepth:
		e.Depth = 0
		if e.Kind == event.KindNode && e.Parent != event.NoNode {
			if !s.known(e.Parent) {
				return false
			}
			e.Depth = int(*s.depth.At(int(e.Parent))) + 1
		}
	case event.FNodeKind:
		return s.defaultType(e)
	case event.FJoint:
		e.Joint = nil
		if j, ok := s.joints[e.Action]; ok && s.known(e.Parent) && *s.typ.At(int(e.Parent)) == event.TypeJoint {
			s.joint = j
			e.Joint = &s.joint
		}
	case event.FTerminal:
		e.Terminal = false
	case event.FBest:
		e.Best = s.lastLeft
	case event.FAlpha, event.FBeta:
		alpha, beta, ok := s.defaultWindow(e)
		if !ok {
			return false
		}
		if id == event.FAlpha {
			e.Alpha = alpha
		} else {
			e.Beta = beta
		}
	case event.FCut:
		if !s.known(e.Node) {
			return false
		}
		e.Cut = event.CutFor(*s.typ.At(int(e.Node)))
	case event.FPrunedLabels:
		s.texts = s.texts[:0]
		for _, a := range e.Pruned {
			l, ok := s.labels.get(a)
			if !ok {
				return false
			}
			s.texts = append(s.texts, l)
		}
		e.PrunedLabels = s.texts
	case event.FChildren:
		if s.prev != event.KindNode || s.run.parent != e.Node {
			return false
		}
		s.nodes = s.nodes[:0]
		for i := range s.run.count {
			s.nodes = append(s.nodes, s.run.first+event.NodeID(i))
		}
		e.Children = s.nodes
	case event.FPath:
		s.nodes = s.nodes[:0]
		for i := len(s.stack) - 1; i >= 0; i-- {
			s.nodes = append(s.nodes, s.stack[i].node)
		}
		e.Path = s.nodes
	case event.FValues:
		return s.defaultValues(e)
	case event.FIteration:
		e.Iteration = s.iter + 1
	default:
		if !f.Optional {
			return false
		}
		event.SetZero(id, e)
	}
	return true
}

// defaultNode is the node an event of kind k concerns by default.
func (s *compactState) defaultNode(k event.Kind) event.NodeID {
	switch k {
	case event.KindNode:
		return event.NodeID(s.depth.Len())
	case event.KindEnter:
		switch s.prev {
		case event.KindSelect:
			return s.selected[1]
		case event.KindIteration:
			return 0
		}
		return s.lastNode
	case event.KindExpand:
		if s.prev == event.KindNode {
			return s.run.parent
		}
	case event.KindDecision:
		return 0
	case event.KindNote:
		return event.NoNode
	}
	return s.top()
}

// defaultType sets a new node's type to the root player's at the root
// and, below it, to whoever moves after its parent's mover: max and min
// alternate, single and joint nodes have children of their own type.
// A chance node's children have no default.
func (s *compactState) defaultType(e *event.Event) bool {
	if e.Parent == event.NoNode {
		e.Type = event.TypeMax
		return true
	}
	if !s.known(e.Parent) {
		return false
	}
	switch t := *s.typ.At(int(e.Parent)); t {
	case event.TypeMax:
		e.Type = event.TypeMin
	case event.TypeMin:
		e.Type = event.TypeMax
	case event.TypeSingle, event.TypeJoint:
		e.Type = t
	default:
		return false
	}
	return true
}

// defaultWindow returns the window a bounds or cut event at the innermost
// node has by default: the last one it was given, or for a bounds event
// at a node given none yet, its parent's window seen from the other side,
// [-β, -α], as alpha-beta passes it down (the open window at the root).
func (s *compactState) defaultWindow(e *event.Event) (alpha, beta float64, ok bool) {
	f := s.frameOf(e.Node)
	n := len(s.stack)
	switch {
	case f == nil:
		return 0, 0, false
	case f.bounded:
		return f.alpha, f.beta, true
	case e.Kind != event.KindBounds:
		return 0, 0, false
	case n == 1:
		return math.Inf(-1), math.Inf(1), true
	case s.stack[n-2].bounded:
		return -s.stack[n-2].beta, -s.stack[n-2].alpha, true
	}
	return 0, 0, false
}

// defaultValues sets the values of a backprop event just after a playout
// or a terminal evaluation to its result in the view of each node of the
// path: the result in the root player's view at max, single and joint
// nodes, one minus it at min nodes. A terminal evaluation's result is 1,
// 0.5 or 0 as its value is above, at or below 0.
func (s *compactState) defaultValues(e *event.Event) bool {
	if s.prev != event.KindPlayout && !s.terminal {
		return false
	}
	s.values = s.values[:0]
	for _, id := range e.Path {
		if !s.known(id) {
			return false
		}
		v := s.result
		if *s.typ.At(int(id)) == event.TypeMin {
			v = 1 - v
		}
		s.values = append(s.values, v)
	}
	e.Values = s.values
	return true
}

// frameOf returns the innermost frame of node id, or nil.
func (s *compactState) frameOf(id event.NodeID) *frame {
	if n := len(s.stack); n > 0 && s.stack[n-1].node == id {
		return &s.stack[n-1]
	}
	return nil
}

// observe updates the state with e, the event just written or read.
func (s *compactState) observe(e *event.Event) {
	switch e.Kind {
	case event.KindNode:
		if int(e.Node) == s.depth.Len() && e.Node >= 0 {
			s.depth.Add(int32(e.Depth))
			s.typ.Add(e.Type)
			s.entered.known.Add(0)
			s.selects.known.Add([2]*selectState{})
		}
		s.lastNode = e.Node
		s.labels.set(e.Action, e.Label)
		if e.Joint != nil {
			s.joints[e.Action] = *e.Joint
			if s.predict {
				s.jointOf[e.Node] = *e.Joint
			}
		}
		if r := &s.run; s.prev == event.KindNode && e.Parent == r.parent && e.Node == r.first+event.NodeID(r.count) {
			r.count++
		} else {
			s.run = nodeRun{parent: e.Parent, first: e.Node, count: 1}
		}
	case event.KindEnter:
		s.stack = append(s.stack, frame{node: e.Node})
		s.entered.add(e.Node)
	case event.KindLeave:
		s.leave(e.Node)
	case event.KindBounds:
		if f := s.frameOf(e.Node); f != nil {
			f.alpha, f.beta, f.bounded = e.Alpha, e.Beta, true
		}
	case event.KindIteration:
		s.iter = e.Iteration
	case event.KindPlayout:
		s.result = e.Result
	case event.KindEval:
		s.terminal = e.Terminal && s.known(e.Node)
		if s.terminal {
			s.result = 0.5
			if e.Value != 0 {
				s.result = float64(max(0, math.Copysign(1, e.Value)))
			}
			if *s.typ.At(int(e.Node)) == event.TypeMin {
				s.result = 1 - s.result
			}
		}
	case event.KindExpand:
		if n := len(e.Children); n > 0 && e.Children[n-1]-e.Children[0] == event.NodeID(n-1) {
			s.kids[e.Node] = nodeRun{parent: e.Node, first: e.Children[0], count: n}
		}
	case event.KindSelect:
		s.observeSelect(e)
	case event.KindBackprop:
		if s.predict {
			s.observeBackprop(e)
		}
	}
	if e.Kind != event.KindEval {
		s.terminal = false
	}
	s.prev = e.Kind
}

// leave pops the innermost frame of node id and every frame inside it. A
// node that is not entered pops nothing; the count of each node's frames
// keeps that check from scanning the stack.
func (s *compactState) leave(id event.NodeID) {
	s.lastLeft = id
	if s.entered.count(id) == 0 {
		return
	}
	for {
		f := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		s.entered.drop(f.node)
		if f.node == id {
			return
		}
	}
}
