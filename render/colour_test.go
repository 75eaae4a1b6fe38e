package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/trace"
)

// lookApart says how two looks differ other than in colour, for a person
// who cannot tell their colours apart: in line width, in line pattern,
// in fill or none, or in cut corners; "" when only colour tells them.
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
	}
	return ""
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
