package viewer

import (
	"context"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// TestShallowValue checks, on the dice game's forward cut, that the value
// a dropped move is said to have had at the shallower depth is the one the
// engine's note gives it, and lies below the cut's threshold.
func TestShallowValue(t *testing.T) {
	testenv.SkipUnderRace(t, "reads a folded search's forward cut")
	t.Parallel()
	r, err := catalog.Prepare(catalog.Request{Game: "dice", Algo: "expectimax depth=2 cut=1 margin=10"})
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := r.Search(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	var note string
	for _, e := range rec.Events() {
		if e.Kind == trace.KindNote && strings.HasPrefix(e.Text, "forward cut") {
			note = e.Text
		}
	}
	_, dropped, ok := strings.Cut(note, "; dropped ")
	if !ok {
		t.Fatalf("the cut's note %q drops nothing", note)
	}
	tr, err := trace.NewTree(rec.Events())
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Seek(tr.Len() - 1); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for id := range trace.NodeID(tr.Size()) {
		n := tr.Node(id)
		if !n.Placeholder || n.PrunedBy == trace.NoNode {
			continue
		}
		cutter := tr.Node(n.PrunedBy)
		v, ok := shallowValue(tr, cutter, n.Action)
		if !ok {
			t.Errorf("no shallow value for the dropped %s", n.Label)
			continue
		}
		if want := n.Label + " " + trace.FormatValue(v); !strings.Contains(dropped, want) {
			t.Errorf("dropped %s has the shallow value %v, but the note's list of dropped moves is %q", n.Label, v, dropped)
		}
		if v >= cutter.CutAlpha {
			t.Errorf("dropped %s scored %v, not below the threshold %v", n.Label, v, cutter.CutAlpha)
		}
		if reason := explain.ForwardReason(cutter, "pass", n.Label, explain.Number(v)); !strings.Contains(reason, "scored "+explain.Number(v)) {
			t.Errorf("the reason %q does not give the move's value", reason)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("the cut dropped no move")
	}
}
