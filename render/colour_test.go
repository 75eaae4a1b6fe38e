package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/trace"
)

// lookApart says how the nodes of two looks differ other than in colour,
// for a person who cannot tell their colours apart: in line width, in
// line pattern, in fill or none, in cut corners, or in a second outline;
// "" when only colour tells them.
func lookApart(a, b look) string {
	switch {
	case a.penwidth != b.penwidth:
		return "width"
	case dashArray(a.style) != dashArray(b.style):
		return "pattern"
	case strings.Contains(a.style, "filled") != strings.Contains(b.style, "filled"):
		return "fill"
	case strings.Contains(a.style, "diagonals") != strings.Contains(b.style, "diagonals"):
		return "corners"
	case a.ringed() != b.ringed():
		return "outlines"
	}
	return ""
}

// edgeApart says how the edges into nodes of two looks differ other than
// in colour: in line width or line pattern; "same" when they are drawn
// alike in colour too, "" when only colour tells them.
func edgeApart(a, b look) string {
	switch {
	case a.edgePen() != b.edgePen():
		return "width"
	case dashArray(a.edgeStyle) != dashArray(b.edgeStyle):
		return "pattern"
	case a.color == b.color:
		return "same"
	}
	return ""
}

// TestLegendStatusesApartBesidesColour checks every two statuses that a
// legend can show, whether or not a search draws them at one step: their
// nodes differ in more than colour, and so do the edges into them unless
// they are drawn alike. The current node and the best line, never drawn
// together, are the pair a student most needs to tell apart on a
// washed-out projector.
func TestLegendStatusesApartBesidesColour(t *testing.T) {
	t.Parallel()
	statuses := append(append([]trace.Status(nil), legendStatuses...), beamStatuses...)
	for i, a := range statuses {
		for _, b := range statuses[i+1:] {
			if lookApart(lookOf(a), lookOf(b)) == "" {
				t.Errorf("the legend draws %s and %s nodes apart by colour alone", a, b)
			}
			if edgeApart(lookOf(a), lookOf(b)) == "" {
				t.Errorf("the legend draws the edges into %s and %s nodes apart by colour alone", a, b)
			}
		}
	}
	// What tells the current node from the best line, and the edges of
	// the best line from those of the current path.
	cur, path, best := lookOf(trace.StatusCurrent), lookOf(trace.StatusPath), lookOf(trace.StatusBest)
	if got := lookApart(cur, best); got != "outlines" {
		t.Errorf("the current node and the best line's nodes differ by %q, want by their outlines", got)
	}
	if got := edgeApart(path, best); got != "width" {
		t.Errorf("the edges of the current path and of the best line differ by %q, want by their width", got)
	}
}

// TestStatusesApartBesidesColour steps through searches of every kind of
// status, and at each step checks that any two statuses drawn together
// differ in more than colour: a student who sees no colour must still
// tell the current node from the best line, a pruned branch from a
// searched one.
func TestStatusesApartBesidesColour(t *testing.T) {
	t.Parallel()
	searches := []struct{ game, algo, position string }{
		{"tree", "alphabeta", rnTree},
		{"tree", "minimax", rnTree},
		{"tictactoe", "alphabeta", "x.o/.x./..o"},
		{"tictactoe", "mcts playouts=40", "x.o/.x./..o"},
		{"maze", "beam width=2 depth=3", "3:39737/3#1#6/69@86/6#8#4/36914"},
		{"maze", "chokudai width=1 depth=3 passes=3", "3:39737/3#1#6/69@86/6#8#4/36914"},
	}
	seen := map[[2]trace.Status]bool{}
	for _, s := range searches {
		tree, err := trace.NewTree(searchEvents(t, s.game, s.algo, s.position))
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < tree.Len(); k++ {
			if err := tree.Seek(k); err != nil {
				t.Fatal(err)
			}
			shown := map[trace.Status]bool{}
			for id := range tree.Size() {
				if st := tree.Node(trace.NodeID(id)).Status; st != trace.StatusNotReached {
					shown[st] = true
				}
			}
			for a := range shown {
				for b := range shown {
					if a >= b || seen[[2]trace.Status{a, b}] {
						continue
					}
					seen[[2]trace.Status{a, b}] = true
					if lookApart(lookOf(a), lookOf(b)) == "" {
						t.Errorf("%s %s at step %d draws %s and %s apart by colour alone", s.algo, s.game, k, a, b)
					}
				}
			}
		}
	}
	var pairs []string
	for p := range seen {
		pairs = append(pairs, fmt.Sprintf("%s/%s", p[0], p[1]))
	}
	if len(pairs) < 10 {
		t.Errorf("the searches drew only %d pairs of statuses together, %v: they no longer cover the statuses", len(pairs), pairs)
	}
}
