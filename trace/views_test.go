package trace_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// full returns an event of kind k with every field of Event set to a value
// of its own, so that a view that reads the wrong field shows it.
func full(k trace.Kind) trace.Event {
	return trace.Event{
		Step: 1, Kind: k, Node: 2, Parent: 3, Action: 4, Label: "label", Depth: 5, Type: trace.TypeMin, Board: "board",
		Joint: &trace.JointAction{{Action: 6, Label: "up"}, {Action: 7, Label: "left"}},
		Value: 8, Terminal: true, Best: 9, Alpha: 10, Beta: 11, Cut: trace.CutAlpha,
		Pruned: []int{12}, PrunedLabels: []string{"pruned"}, Child: 13, Scores: []trace.Score{{Child: 14}},
		Children: []trace.NodeID{15}, Result: 0.25, Length: 16, Path: []trace.NodeID{17}, Values: []float64{18},
		Kept: []trace.NodeID{19}, Dropped: []trace.NodeID{20}, Iteration: 21, Discarded: true,
		Counters: trace.Counters{Nodes: 22, Evals: 23, Cuts: 24, Elapsed: 25 * time.Nanosecond}, Text: "text",
		Truncated: trace.TruncatedBytes,
	}
}

// accessors lists every view accessor with the kind it is valid for.
var accessors = []struct {
	name string
	kind trace.Kind
	view func(trace.Event) any
	want any // the view of full(kind)
}{
	{"NodeCreated", trace.KindNode, func(e trace.Event) any { return e.NodeCreated() }, trace.NodeCreated{
		Node: 2, Parent: 3, Action: 4, Label: "label", Depth: 5, Type: trace.TypeMin, Board: "board",
		Joint: &trace.JointAction{{Action: 6, Label: "up"}, {Action: 7, Label: "left"}}}},
	{"Eval", trace.KindEval, func(e trace.Event) any { return e.Eval() }, trace.Eval{Node: 2, Value: 8, Terminal: true}},
	{"ValueUpdate", trace.KindValue, func(e trace.Event) any { return e.ValueUpdate() }, trace.ValueUpdate{Node: 2, Value: 8, Best: 9}},
	{"Bounds", trace.KindBounds, func(e trace.Event) any { return e.Bounds() }, trace.Bounds{Node: 2, Alpha: 10, Beta: 11}},
	{"Cutoff", trace.KindCut, func(e trace.Event) any { return e.Cutoff() }, trace.Cutoff{
		Node: 2, Kind: trace.CutAlpha, Value: 8, Alpha: 10, Beta: 11, Pruned: []int{12}, PrunedLabels: []string{"pruned"}}},
	{"Selection", trace.KindSelect, func(e trace.Event) any { return e.Selection() }, trace.Selection{
		Node: 2, Chosen: 13, Scores: []trace.Score{{Child: 14}}}},
	{"Expansion", trace.KindExpand, func(e trace.Event) any { return e.Expansion() }, trace.Expansion{Node: 2, Children: []trace.NodeID{15}}},
	{"Playout", trace.KindPlayout, func(e trace.Event) any { return e.Playout() }, trace.Playout{Node: 2, Result: 0.25, Length: 16}},
	{"Backprop", trace.KindBackprop, func(e trace.Event) any { return e.Backprop() }, trace.Backprop{
		Path: []trace.NodeID{17}, Values: []float64{18}}},
	{"Beam", trace.KindBeam, func(e trace.Event) any { return e.Beam() }, trace.Beam{
		Depth: 5, Kept: []trace.NodeID{19}, Dropped: []trace.NodeID{20}}},
	{"IterationInfo", trace.KindIteration, func(e trace.Event) any { return e.IterationInfo() }, trace.IterationInfo{
		Number: 21, DepthLimit: 5, Discarded: true}},
	{"Decision", trace.KindDecision, func(e trace.Event) any { return e.Decision() }, trace.Decision{
		Root: 2, Action: 4, Label: "label", Value: 8, Counters: trace.Counters{Nodes: 22, Evals: 23, Cuts: 24, Elapsed: 25}}},
	{"Note", trace.KindNote, func(e trace.Event) any { return e.Note() }, trace.Note{Node: 2, Text: "text", Truncated: trace.TruncatedBytes}},
}

// TestViews checks that each view carries the members of Event that its
// kind uses, each from the right one: full gives every member its own
// value.
func TestViews(t *testing.T) {
	testenv.SkipUnderRace(t, "reads events through their views")
	t.Parallel()
	for _, a := range accessors {
		t.Run(a.name, func(t *testing.T) {
			t.Parallel()
			if got := a.view(full(a.kind)); !reflect.DeepEqual(got, a.want) {
				t.Errorf("\n got %+v\nwant %+v", got, a.want)
			}
		})
	}
}

// TestViewsCoverKinds checks that every kind whose fields mean different
// things in different kinds has a view: all but enter and leave, which
// name only their node.
func TestViewsCoverKinds(t *testing.T) {
	testenv.SkipUnderRace(t, "reads events through their views")
	t.Parallel()
	has := map[trace.Kind]bool{trace.KindEnter: true, trace.KindLeave: true}
	for _, a := range accessors {
		has[a.kind] = true
	}
	for _, k := range trace.Kinds() {
		if !has[k] {
			t.Errorf("kind %v has no view", k)
		}
	}
}

// TestViewsPanicOnOtherKinds calls every accessor on an event of every
// other kind, the invalid one included: each must panic, naming itself and
// both kinds, which a caller that forgot to check Kind needs to know.
func TestViewsPanicOnOtherKinds(t *testing.T) {
	testenv.SkipUnderRace(t, "reads events through their views")
	t.Parallel()
	kinds := append([]trace.Kind{trace.KindBad}, trace.Kinds()...)
	for _, a := range accessors {
		t.Run(a.name, func(t *testing.T) {
			t.Parallel()
			for _, k := range kinds {
				if k == a.kind {
					continue
				}
				msg := func() (msg string) {
					defer func() { msg = fmt.Sprint(recover()) }()
					a.view(full(k))
					return "no panic"
				}()
				want := fmt.Sprintf("trace: Event.%s called on a %v event, want a %v event", a.name, k, a.kind)
				if msg != want {
					t.Errorf("on a %v event: panic %q, want %q", k, msg, want)
				}
			}
		})
	}
}

// TestViewsOfATrace reads every event of the example traces through its
// view without a panic, and checks views against facts of the textbook
// trace.
func TestViewsOfATrace(t *testing.T) {
	testenv.SkipUnderRace(t, "reads events through their views")
	t.Parallel()
	byKind := map[trace.Kind]func(trace.Event) any{}
	for _, a := range accessors {
		byKind[a.kind] = a.view
	}
	for _, e := range append(tracetest.AlphaBeta(), tracetest.EveryKind()...) {
		if view := byKind[e.Kind]; view != nil {
			view(e)
		}
	}
	ab := tracetest.AlphaBeta()
	if c := ab[35].Cutoff(); c.Node != 5 || c.Kind != trace.CutAlpha || strings.Join(c.PrunedLabels, " ") != "c2 c3" {
		t.Errorf("the textbook cut is %+v, want an alpha cut at node 5 pruning c2 and c3", c)
	}
	if d := ab[62].Decision(); d.Root != 0 || d.Label != "a1" || d.Value != 3 || d.Counters.Nodes != 11 {
		t.Errorf("the textbook decision is %+v, want a1 with value 3 after 11 nodes", d)
	}
}
