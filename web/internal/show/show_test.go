package show

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
)

// BenchmarkLoadShow folds a trace of about 1,000 nodes (4,671 events) for
// viewing. A search's page waits for it once.
func BenchmarkLoadShow(b *testing.B) {
	h, t := record(b, catalog.Request{Game: "tictactoe", Algo: "alphabeta", Position: "x../.o./..."})
	events := make([]trace.Event, t.Len())
	for k := range events {
		events[k] = t.Event(k)
	}
	b.ReportAllocs()
	for b.Loop() {
		tree, err := trace.NewTree(events)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := New("bench", h, tree); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(events)), "events/op")
}

// TestShowKeepsAtMostMaxShownDrawings crosses the cap on the drawings of
// display sets, and on the tally indexes, a show keeps.
func TestShowKeepsAtMostMaxShownDrawings(t *testing.T) {
	t.Parallel()
	sh := recordShow(t, "drawings", catalog.Request{Game: "tictactoe", Algo: "alphabeta", Position: "x../.o./..."})
	o, _, err := sh.Navigation()
	if err != nil {
		t.Fatal(err)
	}
	tree := sh.Tree()
	for c := range trace.NodeID(MaxShownDrawings + 3) {
		set, err := o.Pick(tree, render.Choices{Root: c, Budget: 20})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sh.DrawShown(context.Background(), &render.Graphviz{}, explain.English, set, trace.ViewRoot, false, time.Minute); err != nil {
			t.Fatal(err)
		}
		if _, err := sh.TallyIndex(set, o); err != nil {
			t.Fatal(err)
		}
	}
	if n := sh.KeptDrawings(); n != MaxShownDrawings {
		t.Errorf("the show keeps %d drawings, want its cap of %d", n, MaxShownDrawings)
	}
	if n := sh.tallies.kept(); n != MaxShownDrawings {
		t.Errorf("the show keeps %d tally indexes, want its cap of %d", n, MaxShownDrawings)
	}
}

// TestNotesAreCapped crosses MaxNotesShown and maxNoteRunes: the notes
// past the cap are counted in a last note, and a long note is cut.
func TestNotesAreCapped(t *testing.T) {
	t.Parallel()
	h, tree := record(t, textbook)
	var events []trace.Event
	long := strings.Repeat("é", maxNoteRunes+5)
	for k := range tree.Len() {
		e := tree.Event(k)
		if k == 1 {
			for range MaxNotesShown + 3 {
				events = append(events, trace.Event{Kind: trace.KindNote, Node: trace.NoNode, Text: long})
			}
		}
		events = append(events, e)
	}
	for k := range events {
		events[k].Step = k
	}
	folded, err := trace.NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := New("notes", h, folded)
	if err != nil {
		t.Fatal(err)
	}
	notes := sh.Notes()
	if len(notes) != MaxNotesShown+1 || !strings.Contains(notes[MaxNotesShown], "3 more notes") {
		t.Fatalf("got %d notes, the last %q; want MaxNotesShown and one saying 3 more", len(notes), notes[len(notes)-1])
	}
	if r := []rune(notes[0]); len(r) != maxNoteRunes+1 || r[maxNoteRunes] != '…' {
		t.Errorf("a note of %d runes is shown as %d, want cut to maxNoteRunes and marked", maxNoteRunes+5, len(r))
	}
}
