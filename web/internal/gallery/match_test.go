package gallery

import (
	"context"
	"fmt"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
)

// TestMatcherNodeStepsCap checks that a Matcher keeps the node steps of at
// most maxNodeSteps traces, and that each node's step is the one that
// made it or the cut that pruned it.
func TestMatcherNodeStepsCap(t *testing.T) {
	t.Parallel()
	run, err := catalog.Prepare(catalog.Request{Game: "tree", Algo: "alphabeta", Position: "[[3,12,8],[2,4,6],[14,5,2]]"})
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := run.Search(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	tree, err := trace.NewTree(rec.Events())
	if err != nil {
		t.Fatal(err)
	}
	if err := tree.Seek(tree.Len() - 1); err != nil {
		t.Fatal(err)
	}
	var m Matcher
	for i := range maxNodeSteps + 3 {
		m.stepsOf(Side{ID: fmt.Sprintf("%012x", i), Tree: tree})
	}
	if n := m.steps.Len(); n != maxNodeSteps {
		t.Errorf("the matcher keeps the node steps of %d traces, want %d", n, maxNodeSteps)
	}
	ns := m.stepsOf(Side{ID: "000000000000", Tree: tree})
	// The textbook tree: 13 nodes made, the two leaves of the second MIN
	// node pruned by its cut, so placeholders with the cut's step.
	for id := range tree.Size() {
		n := tree.Node(trace.NodeID(id))
		if ns.steps[id] < 0 {
			t.Errorf("node %d (%s) has no step", id, n.Label)
			continue
		}
		e := tree.Event(int(ns.steps[id]))
		if n.Placeholder && e.Kind != trace.KindCut || !n.Placeholder && (e.Kind != trace.KindNode || e.Node != trace.NodeID(id)) {
			t.Errorf("node %d (placeholder %v) appears at step %d, a %s event", id, n.Placeholder, ns.steps[id], e.Kind)
		}
	}
}
