package viewer

import (
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// numberedEvents sets each event's step to its index.
func numberedEvents(events ...trace.Event) []trace.Event {
	for i := range events {
		events[i].Step = i
	}
	return events
}

// TestShowNotesTruncation checks that the page explains a note by its
// typed truncation, not by what its text says.
func TestShowNotesTruncation(t *testing.T) {
	testenv.SkipUnderRace(t, "explains a folded trace's notes")
	t.Parallel()
	const limiterText = "trace truncated: node budget of 1 nodes reached; later nodes are not recorded"
	tests := []struct {
		name  string
		note  trace.Event
		guide bool // the page adds what to do about a drawing cut short
	}{
		{"a limiter's note", trace.Event{Kind: trace.KindNote, Node: trace.NoNode, Text: limiterText, Truncated: trace.TruncatedNodes}, true},
		{"a byte budget's note in other words", trace.Event{Kind: trace.KindNote, Node: trace.NoNode, Text: "cut", Truncated: trace.TruncatedBytes}, true},
		{"the words without the field", trace.Event{Kind: trace.KindNote, Node: trace.NoNode, Text: limiterText}, false},
		{"an ordinary note", trace.Event{Kind: trace.KindNote, Node: 0, Text: "player B would play up"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			events := numberedEvents(
				trace.Event{Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeMax},
				tt.note,
			)
			sh, err := loadShow("notes", trace.Header{Algorithm: "minimax"}, events)
			if err != nil {
				t.Fatal(err)
			}
			notes := sh.Notes()
			if len(notes) != 1 || !strings.Contains(notes[0], tt.note.Text) {
				t.Fatalf("notes %q, want one holding %q", notes, tt.note.Text)
			}
			if got := strings.Contains(notes[0], "shows only the start of the search"); got != tt.guide {
				t.Errorf("note %q: explained as a drawing cut short: %v, want %v", notes[0], got, tt.guide)
			}
		})
	}
}

// TestViewerMatrixFromJointActions lays out a joint node's children by
// their joint actions: labels with a "/" of their own, which splitting
// the combined label would get wrong, land in the right row and column.
func TestViewerMatrixFromJointActions(t *testing.T) {
	testenv.SkipUnderRace(t, "lays out a folded trace's joint actions")
	t.Parallel()
	child := func(id trace.NodeID, label string, a0 int, l0 string, a1 int, l1 string) trace.Event {
		return trace.Event{Kind: trace.KindNode, Node: id, Parent: 0, Action: int(id) - 1, Label: label, Depth: 1, Type: trace.TypeJoint,
			Joint: &trace.JointAction{{Action: a0, Label: l0}, {Action: a1, Label: l1}}}
	}
	events := numberedEvents(
		trace.Event{Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeJoint},
		child(1, "n/e/up", 0, "n/e", 0, "up"),
		child(2, "n/e/down", 0, "n/e", 1, "down"),
		child(3, "s/up", 1, "s", 0, "up"),
		child(4, "s/down", 1, "s", 1, "down"),
		trace.Event{Kind: trace.KindBackprop, Path: []trace.NodeID{2, 0}, Values: []float64{1, 1}},
		trace.Event{Kind: trace.KindBackprop, Path: []trace.NodeID{2, 0}, Values: []float64{0, 0}},
		trace.Event{Kind: trace.KindBackprop, Path: []trace.NodeID{3, 0}, Values: []float64{1, 1}},
	)
	sh, err := loadShow("matrix", trace.Header{Algorithm: "duct"}, events)
	if err != nil {
		t.Fatal(err)
	}
	vw := newViewer(sh, trace.ViewRoot)
	if err := vw.tree.Seek(vw.tree.Len() - 1); err != nil {
		t.Fatal(err)
	}
	m := vw.matrix(vw.tree.Node(0))
	if m == nil {
		t.Fatal("no matrix for a joint node whose children have joint actions")
	}
	if !slices.Equal(m.Rows, []string{"n/e", "s"}) || !slices.Equal(m.Cols, []string{"up", "down"}) {
		t.Errorf("rows %q, columns %q; want A's n/e and s by B's up and down", m.Rows, m.Cols)
	}
	if want := [][]int{{0, 2}, {1, 0}}; !slices.EqualFunc(m.N, want, slices.Equal) {
		t.Errorf("visits %v, want %v", m.N, want)
	}
	if !slices.Equal(m.RowN, []int{2, 1}) || !slices.Equal(m.ColN, []int{1, 2}) {
		t.Errorf("row visits %v, column visits %v; want [2 1] and [1 2]", m.RowN, m.ColN)
	}

	// A trace written before joint actions were recorded has no matrix,
	// rather than one guessed from the labels.
	old := slices.Clone(events)
	for i := range old {
		old[i].Joint = nil
	}
	sh, err = loadShow("old", trace.Header{Algorithm: "duct"}, old)
	if err != nil {
		t.Fatal(err)
	}
	if m := newViewer(sh, trace.ViewRoot).matrix(sh.Tree().Node(0)); m != nil {
		t.Errorf("matrix %+v for children without joint actions, want none", m)
	}
}
