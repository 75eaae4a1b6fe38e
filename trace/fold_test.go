package trace

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace/internal/event"
)

// foldNumbered sets every event's Step to its index.
func foldNumbered(events ...Event) []Event {
	for i := range events {
		events[i].Step = i
	}
	return events
}

// foldTextbookEvents returns the alpha-beta trace of the textbook tree
// [[3,12,8],[2,4,6],[14,5,2]], worked out by hand: root A (max), B, C, D
// (min), actions a1..a3, b1..b3, c1..c3, d1..d3. Every leaf is a terminal
// position of the max player. After c1 = 2 the min node C is worth at most
// -2 in its own view, which reaches its beta of -3, so c2 and c3 are pruned.
func foldTextbookEvents() []Event {
	inf := math.Inf(1)
	var evs []Event
	add := func(e Event) { evs = append(evs, e) }
	node := func(id, parent NodeID, action int, label string, depth int, typ NodeType) {
		add(Event{Kind: KindNode, Node: id, Parent: parent, Action: action, Label: label, Depth: depth, Type: typ})
	}
	enter := func(id NodeID) { add(Event{Kind: KindEnter, Node: id}) }
	leave := func(id NodeID) { add(Event{Kind: KindLeave, Node: id}) }
	bounds := func(id NodeID, alpha, beta float64) {
		add(Event{Kind: KindBounds, Node: id, Alpha: alpha, Beta: beta})
	}
	value := func(id NodeID, v float64, best NodeID) {
		add(Event{Kind: KindValue, Node: id, Value: v, Best: best})
	}
	leaf := func(id, parent NodeID, action int, label string, alpha, beta, v float64) {
		node(id, parent, action, label, 2, TypeMax)
		enter(id)
		bounds(id, alpha, beta)
		add(Event{Kind: KindEval, Node: id, Value: v, Terminal: true})
		leave(id)
	}

	node(0, NoNode, -1, "", 0, TypeMax) // 0
	enter(0)                            // 1
	bounds(0, -inf, inf)                // 2
	node(1, 0, 0, "a1", 1, TypeMin)     // 3
	enter(1)                            // 4
	bounds(1, -inf, inf)                // 5
	leaf(2, 1, 0, "b1", -inf, inf, 3)   // 6-10
	value(1, -3, 2)                     // 11
	bounds(1, -3, inf)                  // 12
	leaf(3, 1, 1, "b2", -inf, 3, 12)    // 13-17: -12 does not improve on -3
	leaf(4, 1, 2, "b3", -inf, 3, 8)     // 18-22: nor does -8
	leave(1)                            // 23
	value(0, 3, 1)                      // 24
	bounds(0, 3, inf)                   // 25
	node(5, 0, 1, "a2", 1, TypeMin)     // 26
	enter(5)                            // 27
	bounds(5, -inf, -3)                 // 28
	leaf(6, 5, 0, "c1", 3, inf, 2)      // 29-33
	value(5, -2, 6)                     // 34
	add(Event{                          // 35
		Kind: KindCut, Node: 5, Cut: CutAlpha, Value: -2, Alpha: -inf, Beta: -3,
		Pruned: []int{1, 2}, PrunedLabels: []string{"c2", "c3"},
	})
	leave(5)                                                                  // 36: 2 does not improve on 3 at the root
	node(7, 0, 2, "a3", 1, TypeMin)                                           // 37
	enter(7)                                                                  // 38
	bounds(7, -inf, -3)                                                       // 39
	leaf(8, 7, 0, "d1", 3, inf, 14)                                           // 40-44
	value(7, -14, 8)                                                          // 45
	bounds(7, -14, -3)                                                        // 46
	leaf(9, 7, 1, "d2", 3, 14, 5)                                             // 47-51
	value(7, -5, 9)                                                           // 52
	bounds(7, -5, -3)                                                         // 53
	leaf(10, 7, 2, "d3", 3, 5, 2)                                             // 54-58
	value(7, -2, 10)                                                          // 59: reaches beta, but no child is left to prune
	leave(7)                                                                  // 60
	leave(0)                                                                  // 61
	add(Event{Kind: KindDecision, Node: 0, Action: 0, Label: "a1", Value: 3}) // 62
	return foldNumbered(evs...)
}

// foldBrief describes a node's changing fields in a line.
func foldBrief(n NodeState) string {
	var b strings.Builder
	b.WriteString(n.Status.String())
	if n.HasValue {
		fmt.Fprintf(&b, " value=%v", n.Value)
	}
	if n.Terminal {
		b.WriteString(" terminal")
	}
	if n.Best != NoNode {
		fmt.Fprintf(&b, " best=%d", n.Best)
	}
	if n.HasBounds {
		fmt.Fprintf(&b, " bounds=[%v,%v]", n.Alpha, n.Beta)
	}
	if n.Cut != CutBad {
		fmt.Fprintf(&b, " cut=%v(value=%v window=[%v,%v])", n.Cut, n.CutValue, n.CutAlpha, n.CutBeta)
	}
	if n.PrunedBy != NoNode {
		fmt.Fprintf(&b, " prunedby=%d", n.PrunedBy)
	}
	return b.String()
}

func TestTreeTextbookStates(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	const cutC = " cut=alpha(value=-2 window=[-Inf,-3])"
	tests := []struct {
		step int
		node NodeID
		want string
	}{
		{-1, 0, "not-reached"},
		{-1, 11, "not-reached"},
		{0, 0, "generated"},
		{0, 1, "not-reached"},
		{1, 0, "current"},
		{2, 0, "current bounds=[-Inf,+Inf]"},
		{3, 1, "generated"},
		{4, 0, "path bounds=[-Inf,+Inf]"},
		{4, 1, "current"},
		{9, 2, "current value=3 terminal bounds=[-Inf,+Inf]"},
		{9, 1, "path bounds=[-Inf,+Inf]"},
		{9, 0, "path bounds=[-Inf,+Inf]"},
		{10, 2, "done value=3 terminal bounds=[-Inf,+Inf]"},
		{10, 1, "current bounds=[-Inf,+Inf]"},
		{11, 1, "current value=-3 best=2 bounds=[-Inf,+Inf]"},
		{12, 1, "current value=-3 best=2 bounds=[-3,+Inf]"},
		{15, 3, "current bounds=[-Inf,3]"},
		{15, 1, "path value=-3 best=2 bounds=[-3,+Inf]"},
		{22, 4, "done value=8 terminal bounds=[-Inf,3]"},
		{23, 1, "done value=-3 best=2 bounds=[-3,+Inf]"},
		{23, 0, "current bounds=[-Inf,+Inf]"},
		{24, 0, "current value=3 best=1 bounds=[-Inf,+Inf]"},
		{25, 0, "current value=3 best=1 bounds=[3,+Inf]"},
		{28, 5, "current bounds=[-Inf,-3]"},
		{31, 6, "current bounds=[3,+Inf]"},
		{34, 5, "current value=-2 best=6 bounds=[-Inf,-3]"},
		{34, 11, "not-reached"},
		{34, 12, "not-reached"},
		{35, 5, "current value=-2 best=6 bounds=[-Inf,-3]" + cutC},
		{35, 11, "pruned prunedby=5"},
		{35, 12, "pruned prunedby=5"},
		{36, 5, "done value=-2 best=6 bounds=[-Inf,-3]" + cutC},
		{36, 0, "current value=3 best=1 bounds=[3,+Inf]"},
		{53, 7, "current value=-5 best=9 bounds=[-5,-3]"},
		{59, 7, "current value=-2 best=10 bounds=[-5,-3]"},
		{60, 0, "current value=3 best=1 bounds=[3,+Inf]"},
		{61, 0, "done value=3 best=1 bounds=[3,+Inf]"},
		{62, 0, "best value=3 best=1 bounds=[3,+Inf]"},
		{62, 1, "best value=-3 best=2 bounds=[-3,+Inf]"},
		{62, 2, "best value=3 terminal bounds=[-Inf,+Inf]"},
		{62, 3, "done value=12 terminal bounds=[-Inf,3]"},
		{62, 5, "done value=-2 best=6 bounds=[-Inf,-3]" + cutC},
		{62, 6, "done value=2 terminal bounds=[3,+Inf]"},
		{62, 7, "done value=-2 best=10 bounds=[-5,-3]"},
		{62, 10, "done value=2 terminal bounds=[3,5]"},
		{62, 11, "pruned prunedby=5"},
		{62, 12, "pruned prunedby=5"},
	}
	// Forwards in table order, then backwards, so both directions of
	// every transition are seen.
	for _, order := range []string{"forwards", "backwards"} {
		t.Run(order, func(t *testing.T) {
			t.Parallel()
			tr, err := NewTree(foldTextbookEvents())
			if err != nil {
				t.Fatal(err)
			}
			for i := range tests {
				tt := tests[i]
				if order == "backwards" {
					tt = tests[len(tests)-1-i]
				}
				if err := tr.Seek(tt.step); err != nil {
					t.Fatal(err)
				}
				if got := foldBrief(tr.Node(tt.node)); got != tt.want {
					t.Errorf("step %d node %d: %q, want %q", tt.step, tt.node, got, tt.want)
				}
			}
		})
	}
}

func TestTreeTextbookShape(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	tr, err := NewTree(foldTextbookEvents())
	if err != nil {
		t.Fatal(err)
	}
	if tr.Len() != 63 || tr.Size() != 13 || tr.Root() != 0 || tr.Step() != -1 {
		t.Fatalf("Len, Size, Root, Step = %d, %d, %d, %d, want 63, 13, 0, -1", tr.Len(), tr.Size(), tr.Root(), tr.Step())
	}
	tests := []struct {
		id          NodeID
		parent      NodeID
		action      int
		label       string
		depth       int
		typ         NodeType
		placeholder bool
		children    []NodeID
	}{
		{0, NoNode, -1, "", 0, TypeMax, false, []NodeID{1, 5, 7}},
		{1, 0, 0, "a1", 1, TypeMin, false, []NodeID{2, 3, 4}},
		{2, 1, 0, "b1", 2, TypeMax, false, nil},
		{5, 0, 1, "a2", 1, TypeMin, false, []NodeID{6, 11, 12}},
		{6, 5, 0, "c1", 2, TypeMax, false, nil},
		{7, 0, 2, "a3", 1, TypeMin, false, []NodeID{8, 9, 10}},
		{10, 7, 2, "d3", 2, TypeMax, false, nil},
		{11, 5, 1, "c2", 2, TypeMax, true, nil},
		{12, 5, 2, "c3", 2, TypeMax, true, nil},
	}
	for _, step := range []int{-1, 30, 62} {
		tr := tr.Clone()
		t.Run(fmt.Sprintf("step %d", step), func(t *testing.T) {
			t.Parallel()
			if err := tr.Seek(step); err != nil {
				t.Fatal(err)
			}
			for _, tt := range tests {
				n := tr.Node(tt.id)
				if n.ID != tt.id || n.Parent != tt.parent || n.Action != tt.action || n.Label != tt.label ||
					n.Depth != tt.depth || n.Type != tt.typ || n.Placeholder != tt.placeholder || !slices.Equal(n.Children, tt.children) {
					t.Errorf("node %d = {ID %d Parent %d Action %d Label %q Depth %d Type %v Placeholder %v Children %v}, want %+v",
						tt.id, n.ID, n.Parent, n.Action, n.Label, n.Depth, n.Type, n.Placeholder, n.Children, tt)
				}
			}
		})
	}
	d, ok := tr.Decision()
	if !ok || d.Kind != KindDecision || d.Step != 62 || d.Label != "a1" {
		t.Errorf("Decision() = %+v, %v, want the a1 decision at step 62", d, ok)
	}
}

func TestTreeTextbookFocusAndTouched(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	tests := []struct {
		step    int
		current NodeID
		touched []NodeID // nil for the initial position, which has no event
	}{
		{-1, NoNode, nil},
		{0, NoNode, []NodeID{0}},
		{1, 0, []NodeID{0}},
		{2, 0, []NodeID{0}},
		{4, 1, []NodeID{0, 1}},
		{9, 2, []NodeID{2}},
		{10, 1, []NodeID{1, 2}},
		{11, 1, []NodeID{1}},
		{17, 1, []NodeID{1, 3}},
		{23, 0, []NodeID{0, 1}},
		{34, 5, []NodeID{5}},
		{35, 5, []NodeID{5, 11, 12}},
		{36, 0, []NodeID{0, 5}},
		{60, 0, []NodeID{0, 7}},
		{61, NoNode, []NodeID{0}},
		{62, NoNode, []NodeID{0, 1, 2}},
	}
	tr, err := NewTree(foldTextbookEvents())
	if err != nil {
		t.Fatal(err)
	}
	// The cases move one Tree forwards from step to step, in order.
	for _, tt := range tests {
		t.Run(fmt.Sprintf("step %d", tt.step), func(t *testing.T) {
			if err := tr.Seek(tt.step); err != nil {
				t.Fatal(err)
			}
			if got := tr.Current(); got != tt.current {
				t.Errorf("Current() = %d, want %d", got, tt.current)
			}
			if tt.step >= 0 {
				if got := tr.Touched(tt.step); !slices.Equal(got, tt.touched) {
					t.Errorf("Touched(%d) = %v, want %v", tt.step, got, tt.touched)
				}
			}
		})
	}
}

// TestTreeOtherKinds checks the kinds of the other algorithms: nodes that
// are created but never entered, beam statuses, and kinds that change no
// node.
func TestTreeOtherKinds(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	events := foldNumbered(
		Event{Kind: KindNode, Node: 0, Parent: NoNode, Action: -1, Type: TypeSingle},                              // 0
		Event{Kind: KindNode, Node: 1, Parent: 0, Action: 0, Label: "x", Depth: 1, Type: TypeSingle},              // 1
		Event{Kind: KindNode, Node: 2, Parent: 0, Action: 1, Label: "y", Depth: 1, Type: TypeSingle},              // 2
		Event{Kind: KindExpand, Node: 0, Children: []NodeID{1, 2}},                                                // 3
		Event{Kind: KindSelect, Node: 0, Child: 1, Scores: []Score{{Child: 1, N: 1}, {Child: NoNode, Action: 1}}}, // 4
		Event{Kind: KindPlayout, Node: 1, Result: 1, Length: 3},                                                   // 5
		Event{Kind: KindBackprop, Path: []NodeID{1, 0}, Values: []float64{1, -1}},                                 // 6
		Event{Kind: KindIteration, Iteration: 1},                                                                  // 7
		Event{Kind: KindNote, Text: "hello"},                                                                      // 8
		Event{Kind: event.NumKinds + 3, Node: 99},                                                                 // 9: a kind from a later version
		Event{Kind: KindBeam, Depth: 1, Kept: []NodeID{1}, Dropped: []NodeID{2}},                                  // 10
		Event{Kind: KindBeam, Depth: 1, Kept: []NodeID{2}, Dropped: []NodeID{1, 2}},                               // 11: 2 ends dropped, as it was
		Event{Kind: KindEnter, Node: 1},                                                                           // 12
		Event{Kind: KindLeave, Node: 1},                                                                           // 13
	)
	tests := []struct {
		step    int
		status  [3]Status
		current NodeID
		touched []NodeID
	}{
		{2, [3]Status{StatusGenerated, StatusGenerated, StatusGenerated}, NoNode, []NodeID{2}},
		{3, [3]Status{StatusGenerated, StatusGenerated, StatusGenerated}, NoNode, nil},
		{5, [3]Status{StatusGenerated, StatusGenerated, StatusGenerated}, NoNode, nil},
		{6, [3]Status{StatusGenerated, StatusGenerated, StatusGenerated}, NoNode, []NodeID{0, 1}},
		{9, [3]Status{StatusGenerated, StatusGenerated, StatusGenerated}, NoNode, nil},
		{10, [3]Status{StatusGenerated, StatusKept, StatusDropped}, NoNode, []NodeID{1, 2}},
		{11, [3]Status{StatusGenerated, StatusDropped, StatusDropped}, NoNode, []NodeID{1}},
		{12, [3]Status{StatusGenerated, StatusCurrent, StatusDropped}, 1, []NodeID{1}},
		{13, [3]Status{StatusGenerated, StatusDone, StatusDropped}, NoNode, []NodeID{1}},
	}
	tr, err := NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := tr.Decision(); ok {
		t.Error("Decision() reports a decision in a trace without one")
	}
	for _, order := range []string{"forwards", "backwards"} {
		tr := tr.Clone()
		t.Run(order, func(t *testing.T) {
			t.Parallel()
			for i := range tests {
				tt := tests[i]
				if order == "backwards" {
					tt = tests[len(tests)-1-i]
				}
				if err := tr.Seek(tt.step); err != nil {
					t.Fatal(err)
				}
				for id, want := range tt.status {
					if got := tr.Node(NodeID(id)).Status; got != want {
						t.Errorf("step %d: node %d is %v, want %v", tt.step, id, got, want)
					}
				}
				if got := tr.Current(); got != tt.current {
					t.Errorf("step %d: Current() = %d, want %d", tt.step, got, tt.current)
				}
				if got := tr.Touched(tt.step); !slices.Equal(got, tt.touched) {
					t.Errorf("Touched(%d) = %v, want %v", tt.step, got, tt.touched)
				}
			}
		})
	}
}

func TestTreeDecisionAtLeafRoot(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	tr, err := NewTree(foldNumbered(
		Event{Kind: KindNode, Node: 0, Parent: NoNode, Action: -1, Type: TypeMax},
		Event{Kind: KindEnter, Node: 0},
		Event{Kind: KindEval, Node: 0, Value: 5},
		Event{Kind: KindLeave, Node: 0},
		Event{Kind: KindDecision, Node: 0, Action: -1, Value: 5},
	))
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Seek(4); err != nil {
		t.Fatal(err)
	}
	if got, want := foldBrief(tr.Node(0)), "best value=5"; got != want {
		t.Errorf("root after the decision: %q, want %q", got, want)
	}
	if got := tr.Touched(4); !slices.Equal(got, []NodeID{0}) {
		t.Errorf("Touched(4) = %v, want [0]", got)
	}
}

func TestTreeEnds(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	tr, err := NewTree(foldTextbookEvents())
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{-2, 63, 1000} {
		err := tr.Seek(k)
		if err == nil || !strings.HasPrefix(err.Error(), "trace: ") || !strings.Contains(err.Error(), "-1 to 62") {
			t.Errorf("Seek(%d) = %v, want an error naming the range -1 to 62", k, err)
		}
	}
	if tr.Back() || tr.Step() != -1 {
		t.Errorf("Back() at step -1 moved to step %d", tr.Step())
	}
	if err := tr.Seek(62); err != nil {
		t.Fatal(err)
	}
	if tr.Forward() || tr.Step() != 62 {
		t.Errorf("Forward() at the last step moved to step %d", tr.Step())
	}
}

// TestNewTreeNoNode checks that NewTree refuses a trace that creates no
// node, which has no root to show; it used to fold into an empty Tree.
func TestNewTreeNoNode(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	const want = "trace: the trace creates no node; a trace's first node event is its root, node 0"
	tests := []struct {
		name   string
		events []Event
	}{
		{"nil", nil},
		{"no events", []Event{}},
		{"a note", []Event{{Kind: KindNote, Node: NoNode, Text: "hello"}}},
		{"iterations and notes", []Event{{Kind: KindIteration, Iteration: 1}, {Kind: KindNote, Node: NoNode}, {Kind: KindIteration, Iteration: 2}}},
		{"an empty beam and backprop", []Event{{Kind: KindBeam, Depth: 1}, {Kind: KindBackprop}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr, err := NewTree(foldNumbered(tt.events...))
			if err == nil {
				t.Fatalf("NewTree accepted a trace of no node: Len %d, Size %d", tr.Len(), tr.Size())
			}
			if err.Error() != want {
				t.Errorf("NewTree: %q, want %q", err, want)
			}
		})
	}
	// A node after notes is the root, and the trace folds.
	tr, err := NewTree(foldNumbered(Event{Kind: KindNote, Node: NoNode}, Event{Kind: KindNode, Node: 0, Parent: NoNode, Type: TypeMax}))
	if err != nil {
		t.Fatal(err)
	}
	if tr.Root() != 0 || tr.Size() != 1 {
		t.Errorf("Root, Size = %d, %d, want 0, 1", tr.Root(), tr.Size())
	}
}

func TestNewTreeErrors(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	root := Event{Kind: KindNode, Node: 0, Parent: NoNode, Action: -1, Type: TypeMax}
	child := func(id, parent NodeID) Event {
		return Event{Kind: KindNode, Node: id, Parent: parent, Depth: 1, Type: TypeMin}
	}
	enter := func(id NodeID) Event { return Event{Kind: KindEnter, Node: id} }
	leave := func(id NodeID) Event { return Event{Kind: KindLeave, Node: id} }
	tests := []struct {
		name   string
		events []Event
		step   int    // the event the error must name
		want   string // and what it must say
	}{
		{"root with a parent", []Event{{Kind: KindNode, Node: 0, Parent: 3}}, 0, "root node 0 has parent 3"},
		{"id not dense", []Event{root, child(2, 0)}, 1, "node id 2, want 1"},
		{"id repeated", []Event{root, child(1, 0), child(1, 0)}, 2, "node id 1, want 2"},
		{"negative id", []Event{{Kind: KindNode, Node: -1, Parent: NoNode}}, 0, "node id -1, want 0"},
		{"parent that does not exist", []Event{root, child(1, 4)}, 1, "parent 4, which does not exist"},
		{"node its own parent", []Event{root, child(1, 1)}, 1, "parent 1, which does not exist"},
		{"second root", []Event{root, child(1, NoNode)}, 1, "node 1 has no parent"},
		{"event before any node", []Event{{Kind: KindBounds, Node: 0}}, 0, "node 0 does not exist"},
		{"enter a missing node", []Event{root, enter(1)}, 1, "node 1 does not exist"},
		{"eval a negative node", []Event{root, {Kind: KindEval, Node: -1}}, 1, "node -1 does not exist"},
		{"value at a missing node", []Event{root, {Kind: KindValue, Node: 2, Best: NoNode}}, 1, "node 2 does not exist"},
		{"playout at a missing node", []Event{root, {Kind: KindPlayout, Node: 1}}, 1, "node 1 does not exist"},
		{"decision without a root", []Event{{Kind: KindDecision}}, 0, "node 0 does not exist"},
		{"leave without enter", []Event{root, leave(0)}, 1, "node 0 is not entered"},
		{"leave twice", []Event{root, enter(0), leave(0), leave(0)}, 3, "node 0 is not entered"},
		{"leaves cross", []Event{root, enter(0), child(1, 0), enter(1), leave(0)}, 4, "node 0 is left before node 1"},
		{"enter twice", []Event{root, enter(0), enter(0)}, 2, "node 0 is entered already"},
		{"best child missing", []Event{root, {Kind: KindValue, Node: 0, Best: 5}}, 1, "best child 5 is not a child of node 0"},
		{"best is a grandchild", []Event{root, child(1, 0), child(2, 1), {Kind: KindValue, Node: 0, Best: 2}}, 3, "best child 2 is not a child of node 0"},
		{"best is the node", []Event{root, {Kind: KindValue, Node: 0, Best: 0}}, 1, "best child 0 is not a child of node 0"},
		{"cut without a kind", []Event{root, {Kind: KindCut, Node: 0, Pruned: []int{1}}}, 1, "cut kind CutKind(0), want alpha, beta or forward"},
		{"cut labels do not match", []Event{root, {Kind: KindCut, Node: 0, Cut: CutBeta, Pruned: []int{1, 2}, PrunedLabels: []string{"x"}}}, 1, "1 pruned labels for 2 pruned actions"},
		{"cut at a missing node", []Event{root, {Kind: KindCut, Node: 3, Cut: CutBeta}}, 1, "node 3 does not exist"},
		{"beam keeps a missing node", []Event{root, {Kind: KindBeam, Kept: []NodeID{0, 7}}}, 1, "kept node 7 does not exist"},
		{"beam drops a missing node", []Event{root, {Kind: KindBeam, Dropped: []NodeID{-4}}}, 1, "dropped node -4 does not exist"},
		{"backprop through a missing node", []Event{root, {Kind: KindBackprop, Path: []NodeID{3, 0}}}, 1, "path node 3 does not exist"},
		{"expand a missing child", []Event{root, {Kind: KindExpand, Node: 0, Children: []NodeID{1}}}, 1, "child 1 does not exist"},
		{"select a missing child", []Event{root, {Kind: KindSelect, Node: 0, Child: 4}}, 1, "child 4 does not exist"},
		{"score a missing child", []Event{root, {Kind: KindSelect, Node: 0, Child: NoNode, Scores: []Score{{Child: 2}}}}, 1, "scored child 2 does not exist"},
		{"decision not last", []Event{root, {Kind: KindDecision}, {Kind: KindNote}}, 1, "decision is not the last event"},
		{"invalid kind", []Event{root, {Kind: KindBad}}, 1, "invalid kind"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr, err := NewTree(foldNumbered(tt.events...))
			if err == nil {
				t.Fatalf("NewTree succeeded with %d nodes, want an error", tr.Size())
			}
			prefix := fmt.Sprintf("trace: event %d (%v): ", tt.step, tt.events[tt.step].Kind)
			if msg := err.Error(); !strings.HasPrefix(msg, prefix) || !strings.Contains(msg, tt.want) {
				t.Errorf("NewTree: %q, want %q followed by %q", msg, prefix, tt.want)
			}
		})
	}

	t.Run("step not the index", func(t *testing.T) {
		t.Parallel()
		events := foldNumbered(root, enter(0), leave(0))
		events[1].Step = 5
		_, err := NewTree(events)
		if want := "trace: event 1 (enter): step is 5, want the event's index 1"; err == nil || err.Error() != want {
			t.Errorf("NewTree: %v, want %q", err, want)
		}
	})
}

// foldRef folds events 0 through k from nothing, the slow and obvious way,
// by the rules of the event contract, and returns every node's state and
// the focus. It is the model that Tree must agree with at every step.
func foldRef(events []Event, k int) ([]NodeState, NodeID) {
	var nodes, holders []NodeState
	iteration := 0
	for _, e := range events {
		switch e.Kind {
		case KindIteration:
			iteration = e.Iteration
		case KindNode:
			nodes = append(nodes, NodeState{
				ID: e.Node, Parent: e.Parent, Action: e.Action, Label: e.Label, Depth: e.Depth,
				Type: e.Type, Board: e.Board, Best: NoNode, PrunedBy: NoNode, Iteration: iteration,
			})
		case KindCut:
			p := nodes[e.Node]
			typ := map[NodeType]NodeType{TypeMax: TypeMin, TypeMin: TypeMax}[p.Type]
			if typ == TypeBad {
				typ = p.Type
			}
			for j, a := range e.Pruned {
				h := NodeState{
					Parent: e.Node, Action: a, Depth: p.Depth + 1, Type: typ,
					Placeholder: true, Best: NoNode, PrunedBy: NoNode,
				}
				if len(e.PrunedLabels) > 0 {
					h.Label = e.PrunedLabels[j]
				}
				holders = append(holders, h)
			}
		}
	}
	created := len(nodes)
	for i, h := range holders {
		h.ID = NodeID(created + i)
		nodes = append(nodes, h)
	}
	for _, n := range nodes {
		if n.Parent != NoNode {
			nodes[n.Parent].Children = append(nodes[n.Parent].Children, n.ID)
		}
	}

	var stack []NodeID
	nextHolder := created
	for _, e := range events[:k+1] {
		switch e.Kind {
		case KindNode:
			nodes[e.Node].Status = StatusGenerated
		case KindEnter:
			if len(stack) > 0 {
				nodes[stack[len(stack)-1]].Status = StatusPath
			}
			stack = append(stack, e.Node)
			nodes[e.Node].Status = StatusCurrent
		case KindLeave:
			stack = stack[:len(stack)-1]
			nodes[e.Node].Status = StatusDone
			if len(stack) > 0 {
				nodes[stack[len(stack)-1]].Status = StatusCurrent
			}
		case KindEval:
			n := &nodes[e.Node]
			n.HasValue, n.Value, n.Terminal = true, e.Value, e.Terminal
		case KindValue:
			n := &nodes[e.Node]
			n.HasValue, n.Value, n.Best = true, e.Value, e.Best
		case KindBounds:
			n := &nodes[e.Node]
			n.HasBounds, n.Alpha, n.Beta = true, e.Alpha, e.Beta
		case KindCut:
			n := &nodes[e.Node]
			n.Cut, n.CutValue, n.CutAlpha, n.CutBeta = e.Cut, e.Value, e.Alpha, e.Beta
			for range e.Pruned {
				nodes[nextHolder].Status = StatusPruned
				nodes[nextHolder].PrunedBy = e.Node
				nextHolder++
			}
		case KindBeam:
			for _, id := range e.Kept {
				nodes[id].Status = StatusKept
			}
			for _, id := range e.Dropped {
				nodes[id].Status = StatusDropped
			}
		case KindBackprop:
			for j, id := range e.Path {
				nodes[id].Visits++
				nodes[id].Total += e.Values[j]
			}
		case KindDecision:
			for id := NodeID(0); id != NoNode; id = nodes[id].Best {
				nodes[id].Status = StatusBest
			}
		}
	}
	focus := NoNode
	if len(stack) > 0 {
		focus = stack[len(stack)-1]
	}
	return nodes, focus
}

// foldSame reports whether a and b are the same state, comparing floats
// bit for bit.
func foldSame(a, b NodeState) bool {
	same := func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) }
	return a.ID == b.ID && a.Parent == b.Parent && a.Action == b.Action && a.Label == b.Label &&
		a.Depth == b.Depth && a.Type == b.Type && a.Board == b.Board && a.Placeholder == b.Placeholder &&
		a.Status == b.Status && a.HasValue == b.HasValue && same(a.Value, b.Value) &&
		a.Terminal == b.Terminal && a.Best == b.Best && a.HasBounds == b.HasBounds &&
		same(a.Alpha, b.Alpha) && same(a.Beta, b.Beta) && a.Cut == b.Cut &&
		same(a.CutValue, b.CutValue) && same(a.CutAlpha, b.CutAlpha) && same(a.CutBeta, b.CutBeta) &&
		a.PrunedBy == b.PrunedBy && slices.Equal(a.Children, b.Children) &&
		a.Iteration == b.Iteration && a.Visits == b.Visits && same(a.Total, b.Total)
}

// foldGen writes random but valid traces: a negamax or alpha-beta search of
// a random game tree that emits events as the engines do, optionally with
// the other algorithms' events and some unusual but valid moves mixed in.
type foldGen struct {
	rng       *rand.Rand
	prune     bool // alpha-beta rather than plain negamax
	extras    bool // mix in other kinds, detours, second cuts and unentered nodes
	maxDepth  int
	minKids   int // the fewest children of an inner node below the root, at most 4
	maxEvents int // create no node once the trace is this long

	events  []Event
	types   []NodeType // by node id
	depths  []int
	entered []bool
}

func (g *foldGen) emit(e Event) {
	e.Step = len(g.events)
	g.events = append(g.events, e)
	switch e.Kind {
	case KindEnter:
		g.entered[e.Node] = true
	case KindLeave:
		g.entered[e.Node] = false
	}
}

func (g *foldGen) create(parent NodeID, action, depth int) NodeID {
	id := NodeID(len(g.types))
	typ := TypeMax
	if depth%2 == 1 {
		typ = TypeMin
	}
	g.types = append(g.types, typ)
	g.depths = append(g.depths, depth)
	g.entered = append(g.entered, false)
	g.emit(Event{Kind: KindNode, Node: id, Parent: parent, Action: action, Label: fmt.Sprintf("m%d", action), Depth: depth, Type: typ})
	return id
}

func (g *foldGen) trace() []Event {
	if g.events == nil {
		// A little over maxEvents: the search ends the nodes it is in.
		g.events = make([]Event, 0, g.maxEvents+16*g.maxDepth)
	}
	g.create(NoNode, -1, 0)
	g.emit(Event{Kind: KindEnter, Node: 0})
	v, a := g.search(0, 0, math.Inf(-1), math.Inf(1))
	g.emit(Event{Kind: KindDecision, Node: 0, Action: a, Label: fmt.Sprintf("m%d", a), Value: v})
	return g.events
}

// search returns the value of entered node id in its own view and its best
// action, and leaves the node.
func (g *foldGen) search(id NodeID, depth int, alpha, beta float64) (float64, int) {
	if g.prune {
		g.emit(Event{Kind: KindBounds, Node: id, Alpha: alpha, Beta: beta})
	}
	n := 0
	if depth == 0 {
		n = 2 + g.rng.IntN(3)
	} else if depth < g.maxDepth {
		n = g.minKids + g.rng.IntN(5-g.minKids)
	}
	if n == 0 || len(g.events) >= g.maxEvents {
		v := float64(g.rng.IntN(21) - 10)
		g.emit(Event{Kind: KindEval, Node: id, Value: v, Terminal: n == 0})
		g.emit(Event{Kind: KindLeave, Node: id})
		return v, -1
	}
	best, bestAction := math.Inf(-1), -1
	for a := range n {
		if g.extras && g.rng.IntN(4) == 0 {
			g.extra(id)
		}
		if len(g.events) >= g.maxEvents {
			break
		}
		c := g.create(id, a, depth+1)
		g.emit(Event{Kind: KindEnter, Node: c})
		v, _ := g.search(c, depth+1, -beta, -alpha)
		if v = -v; v > best {
			best, bestAction = v, a
			g.emit(Event{Kind: KindValue, Node: id, Value: best, Best: c})
			if g.prune && best >= beta {
				if a+1 < n {
					var pruned []int
					var labels []string
					for r := a + 1; r < n; r++ {
						pruned = append(pruned, r)
						labels = append(labels, fmt.Sprintf("m%d", r))
					}
					g.emit(Event{Kind: KindCut, Node: id, Cut: CutFor(g.types[id]), Value: best, Alpha: alpha, Beta: beta, Pruned: pruned, PrunedLabels: labels})
				}
				break
			}
			if g.prune && best > alpha {
				alpha = best
				g.emit(Event{Kind: KindBounds, Node: id, Alpha: alpha, Beta: beta})
			}
		}
	}
	g.emit(Event{Kind: KindLeave, Node: id})
	return best, bestAction
}

// extra emits one event of another kind, or a valid detour, at node id.
func (g *foldGen) extra(id NodeID) {
	some := func() NodeID { return NodeID(g.rng.IntN(len(g.types))) }
	switch g.rng.IntN(9) {
	case 0:
		g.emit(Event{Kind: KindNote, Text: "note"})
	case 1:
		g.emit(Event{Kind: KindIteration, Iteration: 1 + g.rng.IntN(3), Depth: g.rng.IntN(4)})
	case 2:
		g.emit(Event{Kind: KindBeam, Depth: 1, Kept: []NodeID{some(), some()}, Dropped: []NodeID{some()}})
	case 3:
		g.emit(Event{Kind: KindSelect, Node: id, Child: some(), Scores: []Score{{Child: some(), N: 1, W: 0.5, UCB: 1}, {Child: NoNode, UCB: math.NaN()}}})
	case 4:
		g.emit(Event{Kind: KindExpand, Node: id, Children: []NodeID{some()}})
		g.emit(Event{Kind: KindPlayout, Node: id, Result: 0.5, Length: 4})
		g.emit(Event{Kind: KindBackprop, Path: []NodeID{id, 0}, Values: []float64{0.5, -0.5}})
	case 5:
		// A second cut at the same node, without labels.
		g.emit(Event{Kind: KindCut, Node: id, Cut: CutFor(g.types[id]), Value: 1, Alpha: -1, Beta: 1, Pruned: []int{90 + g.rng.IntN(9)}})
	case 6:
		// A node created and never entered, as in MCTS.
		g.create(id, 50+g.rng.IntN(9), g.depths[id]+1)
	case 7:
		// A detour into a node that is not entered, such as one already left.
		if r := some(); !g.entered[r] {
			g.emit(Event{Kind: KindEnter, Node: r})
			g.emit(Event{Kind: KindBounds, Node: r, Alpha: -2, Beta: 2})
			g.emit(Event{Kind: KindLeave, Node: r})
		}
	case 8:
		g.emit(Event{Kind: KindEval, Node: some(), Value: math.Copysign(0, -1)})
	}
}

// foldTraces returns the traces the model is checked on: the textbook trace
// and generated ones of every flavour.
func foldTraces() map[string][]Event {
	traces := map[string][]Event{"textbook": foldTextbookEvents()}
	for seed := range uint64(6) {
		g := &foldGen{
			rng:       rand.New(rand.NewPCG(seed, 1)),
			prune:     seed%2 == 0,
			extras:    seed >= 2,
			maxDepth:  3 + int(seed%3),
			maxEvents: 400,
		}
		traces[fmt.Sprintf("generated/seed=%d/prune=%v/extras=%v", seed, g.prune, g.extras)] = g.trace()
	}
	return traces
}

// TestTreeMatchesRefold compares the Tree with a refold from nothing at
// every step, visited forwards, backwards and in random jumps, with the
// default checkpoints and with checkpoints after nearly every change.
func TestTreeMatchesRefold(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	for name, events := range foldTraces() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			want := make([][]NodeState, len(events)+1)
			focus := make([]NodeID, len(events)+1)
			for k := -1; k < len(events); k++ {
				want[k+1], focus[k+1] = foldRef(events, k)
			}
			check := func(t *testing.T, tr *Tree, how string) {
				t.Helper()
				k := tr.Step()
				if tr.Size() != len(want[k+1]) {
					t.Fatalf("%s: Size() = %d, want %d", how, tr.Size(), len(want[k+1]))
				}
				for id, w := range want[k+1] {
					if got := tr.Node(NodeID(id)); !foldSame(got, w) {
						t.Fatalf("%s: step %d (%v): node %d:\n got %+v\nwant %+v", how, k, events[max(k, 0)].Kind, id, got, w)
					}
				}
				if got := tr.Current(); got != focus[k+1] {
					t.Fatalf("%s: step %d: Current() = %d, want %d", how, k, got, focus[k+1])
				}
			}
			tr, err := NewTree(events)
			if err != nil {
				t.Fatal(err)
			}
			for k := range events {
				var changed []NodeID
				for id := range want[k+1] {
					if !foldSame(want[k][id], want[k+1][id]) {
						changed = append(changed, NodeID(id))
					}
				}
				if got := tr.Touched(k); !slices.Equal(got, changed) {
					t.Fatalf("Touched(%d) (%v) = %v, want %v", k, events[k].Kind, got, changed)
				}
			}
			for _, spacing := range []int{0, 1, 7} {
				how := fmt.Sprintf("spacing %d", spacing)
				t.Run(how, func(t *testing.T) {
					t.Parallel()
					tr, err := newTree(events, spacing)
					if err != nil {
						t.Fatal(err)
					}
					check(t, tr, "new")
					for tr.Forward() {
						check(t, tr, "forwards")
					}
					if tr.Step() != len(events)-1 {
						t.Fatalf("Forward stopped at step %d of %d", tr.Step(), len(events))
					}
					for tr.Back() {
						check(t, tr, "backwards")
					}
					if tr.Step() != -1 {
						t.Fatalf("Back stopped at step %d", tr.Step())
					}
					rng := rand.New(rand.NewPCG(uint64(spacing), 2))
					for range 3 * len(events) {
						k := rng.IntN(len(events)+1) - 1
						if err := tr.Seek(k); err != nil {
							t.Fatal(err)
						}
						if tr.Step() != k {
							t.Fatalf("Seek(%d) moved to step %d", k, tr.Step())
						}
						check(t, tr, "jumps")
						if rng.IntN(8) == 0 {
							c := tr.Clone()
							if err := c.Seek(rng.IntN(len(events))); err != nil {
								t.Fatal(err)
							}
							check(t, c, "clone")
							c.Back()
							check(t, c, "clone")
							check(t, tr, "original of a clone")
						}
					}
				})
			}
		})
	}
}

// TestNewTreeMutated feeds NewTree damaged copies of valid traces: it must
// return an error or a Tree that agrees with the refold, never panic.
func TestNewTreeMutated(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	traces := foldTraces()
	names := slices.Sorted(maps.Keys(traces))
	rng := rand.New(rand.NewPCG(7, 7))
	type mutant struct {
		name   string
		events []Event
	}
	mutants := make([]mutant, 600)
	for i := range mutants {
		base := traces[names[i%len(names)]]
		events := slices.Clone(base)
		j := rng.IntN(len(events))
		how := rng.IntN(8)
		switch how {
		case 0:
			events = slices.Delete(events, j, j+1)
		case 1:
			l := rng.IntN(len(events))
			events[j], events[l] = events[l], events[j]
		case 2:
			events[j].Node = NodeID(rng.IntN(40) - 3)
		case 3:
			events[j].Parent = NodeID(rng.IntN(40) - 3)
		case 4:
			events[j].Best = NodeID(rng.IntN(40) - 3)
		case 5:
			events[j].Kind = Kind(rng.IntN(int(event.NumKinds) + 2))
		case 6:
			events = slices.Insert(events, j, events[rng.IntN(len(events))])
		case 7:
			events = events[:j]
		}
		kind := [...]string{"delete", "swap", "node", "parent", "best", "kind", "repeat", "cut"}[how]
		mutants[i] = mutant{fmt.Sprintf("%d %s at %d", i, kind, j), foldNumbered(events...)}
	}
	var accepted atomic.Int32
	t.Run("mutants", func(t *testing.T) {
		for _, m := range mutants {
			t.Run(m.name, func(t *testing.T) {
				t.Parallel()
				events := m.events
				tr, err := NewTree(events)
				if err != nil {
					if !strings.HasPrefix(err.Error(), "trace: ") {
						t.Errorf("error %q lacks the package prefix", err)
					}
					return
				}
				accepted.Add(1)
				for _, k := range []int{len(events) - 1, len(events)/2 - 1, -1} {
					if err := tr.Seek(k); err != nil {
						t.Fatal(err)
					}
					want, focus := foldRef(events, k)
					for id, w := range want {
						if got := tr.Node(NodeID(id)); !foldSame(got, w) {
							t.Fatalf("step %d: node %d:\n got %+v\nwant %+v", k, id, got, w)
						}
					}
					if tr.Current() != focus {
						t.Fatalf("step %d: Current() = %d, want %d", k, tr.Current(), focus)
					}
				}
			})
		}
	})
	if accepted.Load() == 0 {
		t.Error("every mutated trace was refused; the test checks nothing about accepted ones")
	}
}

// foldBenchEvents returns an alpha-beta trace of a little over 100,000
// events.
func foldBenchEvents(b *testing.B) []Event {
	b.Helper()
	g := &foldGen{rng: rand.New(rand.NewPCG(1, 1)), prune: true, maxDepth: 14, minKids: 2, maxEvents: 100_000}
	events := g.trace()
	if len(events) < 100_000 {
		b.Fatalf("the trace has %d events, want 100,000", len(events))
	}
	return events
}

func foldBenchTree(b *testing.B) *Tree {
	b.Helper()
	tr, err := NewTree(foldBenchEvents(b))
	if err != nil {
		b.Fatal(err)
	}
	return tr
}

func BenchmarkTreeForward(b *testing.B) {
	tr := foldBenchTree(b)
	b.ReportAllocs()
	for b.Loop() {
		if !tr.Forward() {
			tr.Seek(-1)
		}
	}
}

func BenchmarkTreeBack(b *testing.B) {
	tr := foldBenchTree(b)
	tr.Seek(tr.Len() - 1)
	b.ReportAllocs()
	for b.Loop() {
		if !tr.Back() {
			tr.Seek(tr.Len() - 1)
		}
	}
}

// BenchmarkTreeSeek jumps from the first step to the last and back.
func BenchmarkTreeSeek(b *testing.B) {
	tr := foldBenchTree(b)
	b.ReportAllocs()
	for b.Loop() {
		tr.Seek(tr.Len() - 1)
		tr.Seek(0)
	}
}

func BenchmarkNewTree(b *testing.B) {
	events := foldBenchEvents(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewTree(events); err != nil {
			b.Fatal(err)
		}
	}
}

func TestTreeIterationOfNodes(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	// Nodes remember the iteration under way when they were created: none
	// before the first iteration event, then the latest one's number.
	events := []Event{
		{Kind: KindNode, Node: 0, Parent: NoNode, Action: -1, Type: TypeSingle},
		{Kind: KindIteration, Iteration: 1},
		{Kind: KindNode, Node: 1, Parent: 0, Action: 0, Depth: 1, Type: TypeSingle},
		{Kind: KindNode, Node: 2, Parent: 0, Action: 1, Depth: 1, Type: TypeSingle},
		{Kind: KindIteration, Iteration: 2},
		{Kind: KindNode, Node: 3, Parent: 1, Action: 0, Depth: 2, Type: TypeSingle},
		{Kind: KindDecision, Node: 0, Action: 0},
	}
	for i := range events {
		events[i].Step = i
	}
	tr, err := NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range []int{0, 1, 1, 2} {
		if got := tr.Node(NodeID(id)).Iteration; got != want {
			t.Errorf("node %d: iteration %d, want %d", id, got, want)
		}
	}
}

// TestNewTreePrunedCaps folds cuts at and over MaxPrunedPerCut and
// MaxPlaceholders. A trace over a cap is refused before the tree is
// allocated, which for MaxPlaceholders+1 placeholders would take over
// 50 MB.
func TestNewTreePrunedCaps(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	root := Event{Kind: KindNode, Node: 0, Parent: NoNode, Action: -1, Type: TypeMax}
	perCut := make([]int, MaxPrunedPerCut) // shared by the cuts: they cost no memory
	cut := func(n int) Event {
		return Event{Kind: KindCut, Node: 0, Cut: CutBeta, Value: 1, Beta: 1, Pruned: perCut[:n:n]}
	}
	cuts := func(n int, last Event) []Event {
		events := []Event{root}
		for range n {
			events = append(events, cut(MaxPrunedPerCut))
		}
		return foldNumbered(append(events, last)...)
	}
	over := append(slices.Clone(perCut), 0)
	tests := []struct {
		name   string
		events []Event
		want   string // "" if NewTree accepts the trace
	}{
		{"a cut at the cap", foldNumbered(root, cut(MaxPrunedPerCut)), ""},
		{"a cut over the cap", foldNumbered(root, cut(1), Event{Kind: KindCut, Node: 0, Cut: CutBeta, Pruned: over}),
			"trace: event 2 (cut): 1025 pruned actions, over the limit of 1024 per cut"},
		{"placeholders at the cap", cuts(MaxPlaceholders/MaxPrunedPerCut-1, cut(MaxPrunedPerCut)), ""},
		{"placeholders over the cap", cuts(MaxPlaceholders/MaxPrunedPerCut, cut(1)), fmt.Sprintf(
			"trace: event %d (cut): the cuts up to here prune 262145 actions, over the limit of 262144 placeholder nodes per trace",
			MaxPlaceholders/MaxPrunedPerCut+1)},
	}
	// Not parallel: the subtests measure what the process allocates.
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			tr, err := NewTree(tt.events)
			runtime.ReadMemStats(&after)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if pruned := countPruned(tt.events); tr.Size() != 1+pruned {
					t.Errorf("Size() = %d, want the root and %d placeholders", tr.Size(), pruned)
				}
				return
			}
			if err == nil || err.Error() != tt.want {
				t.Fatalf("NewTree: %v, want %q", err, tt.want)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<10 {
				t.Errorf("NewTree allocated %d bytes before refusing the trace", alloc)
			}
		})
	}
}

func countPruned(events []Event) int {
	n := 0
	for _, e := range events {
		n += len(e.Pruned)
	}
	return n
}

// TestTreeMemSize checks that MemSize grows with the trace and agrees,
// within a factor of two, with the heap a trace and its Tree take. It is
// not parallel: it measures the process's heap.
func TestTreeMemSize(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	gen := func(n int) []Event {
		g := &foldGen{rng: rand.New(rand.NewPCG(3, 3)), prune: true, extras: true, maxDepth: 14, minKids: 2, maxEvents: n}
		return g.trace()
	}
	size := func(n int) int64 {
		tr, err := NewTree(gen(n))
		if err != nil {
			t.Fatal(err)
		}
		return tr.MemSize()
	}
	small, large := size(40_000), size(80_000)
	if r := float64(large) / float64(small); r < 1.7 || r > 2.3 {
		t.Errorf("MemSize: %d for 40,000 events, %d for 80,000: %.2f times as much, want about twice", small, large, r)
	}

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	tr, err := NewTree(gen(100_000))
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	heap := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	got := tr.MemSize()
	t.Logf("%d events, %d nodes: MemSize %d, heap growth %d (%.2f)", tr.Len(), tr.Size(), got, heap, float64(got)/float64(heap))
	if heap <= 0 || got < heap/2 || got > 2*heap {
		t.Errorf("MemSize() = %d, heap growth %d: not within a factor of 2", got, heap)
	}
	if c := tr.Clone(); c.MemSize() != got {
		t.Errorf("a clone's MemSize() = %d, want the original's %d", c.MemSize(), got)
	}
	runtime.KeepAlive(tr)
}

// TestClonesSharePages checks that clones of a Tree at its last step share
// its nodes' states: each holds its page table and no page of its own,
// and a clone that steps back copies only the pages its steps change,
// leaving the Tree and the other clones as they were.
func TestClonesSharePages(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	g := &foldGen{rng: rand.New(rand.NewPCG(5, 5)), prune: true, extras: true, maxDepth: 14, minKids: 2, maxEvents: 60_000}
	events := g.trace()
	tr, err := NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	last := tr.Len() - 1
	if err := tr.Seek(last); err != nil {
		t.Fatal(err)
	}
	pages := (tr.Size() + statePage - 1) / statePage
	table := int64(pages) * 25 * 2 // a page table and its flags, with room for rounding
	for range 3 {
		if c := tr.Clone(); c.cur.mem() > table {
			t.Fatalf("a clone at the last step holds %d bytes of %d nodes' states, want only its page table (about %d)", c.cur.mem(), tr.Size(), table)
		}
	}
	c := tr.Clone()
	if err := c.Seek(last - 50); err != nil {
		t.Fatal(err)
	}
	if own := c.cur.mem() - table; own > int64(50*4*statePage*120) {
		t.Errorf("a clone 50 steps back holds %d bytes of pages, more than 4 pages a step", own)
	}
	want, err := NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{last, last - 50} {
		if err := want.Seek(k); err != nil {
			t.Fatal(err)
		}
		got := tr
		if k != last {
			got = c
		}
		for id := range NodeID(tr.Size()) {
			if !reflect.DeepEqual(got.Node(id), want.Node(id)) {
				t.Fatalf("at step %d, node %d: %+v, want %+v", k, id, got.Node(id), want.Node(id))
			}
		}
	}
}

// TestClonesStepConcurrently clones one Tree from several goroutines at
// once, as a server's pages do, and steps each clone: clones share pages
// and must never write one another's (run it with -race).
func TestClonesStepConcurrently(t *testing.T) {
	t.Parallel()
	g := &foldGen{rng: rand.New(rand.NewPCG(6, 6)), prune: true, extras: true, maxDepth: 10, minKids: 2, maxEvents: 5_000}
	events := g.trace()
	tr, err := NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Seek(tr.Len() - 1); err != nil {
		t.Fatal(err)
	}
	want := make([]NodeState, 0, tr.Size())
	for id := range NodeID(tr.Size()) {
		want = append(want, tr.Node(id))
	}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			c := tr.Clone()
			rng := rand.New(rand.NewPCG(uint64(w), 1))
			for range 20 {
				if err := c.Seek(rng.IntN(c.Len())); err != nil {
					t.Error(err)
					return
				}
			}
			if err := c.Seek(c.Len() - 1); err != nil {
				t.Error(err)
				return
			}
			for id, n := range want {
				if !reflect.DeepEqual(c.Node(NodeID(id)), n) {
					t.Errorf("clone %d back at the last step: node %d differs", w, id)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestSteppingTreeHoldsFewPages steps a clone of a trace of more than
// bigStates nodes back from its last step, one Seek a step, as a viewer
// does, and checks that it never holds more pages of its own than twice
// maxDirtyPages and those one step changes, and that it agrees with a
// refold where it ends.
func TestSteppingTreeHoldsFewPages(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	g := &foldGen{rng: rand.New(rand.NewPCG(7, 7)), prune: true, extras: true, maxDepth: 16, minKids: 2, maxEvents: 300_000}
	events := g.trace()
	tr, err := NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Size() <= bigStates {
		t.Fatalf("the trace has %d nodes, want more than %d", tr.Size(), bigStates)
	}
	c := tr.Clone()
	most := 0
	for k := tr.Len() - 1; k >= tr.Len()-30_000; k-- {
		if err := c.Seek(k); err != nil {
			t.Fatal(err)
		}
		most = max(most, c.cur.ownPages())
	}
	if limit := 2*maxDirtyPages + 16; most > limit {
		t.Errorf("stepping back 30,000 steps, the clone held up to %d pages of its own, want at most %d", most, limit)
	}
	want, err := NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	if err := want.Seek(c.Step()); err != nil {
		t.Fatal(err)
	}
	for id := range NodeID(tr.Size()) {
		if !reflect.DeepEqual(c.Node(id), want.Node(id)) {
			t.Fatalf("at step %d, node %d: %+v, want %+v", c.Step(), id, c.Node(id), want.Node(id))
		}
	}
}
