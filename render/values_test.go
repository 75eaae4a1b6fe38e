package render

import (
	"slices"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// TestDisplayOneMoveScores checks what the value on a one-player state
// means: its own score, on the best line as off it, after the decision's
// value events have given the best line's states the best score found
// below them; the best line's leaf still shows that score.
func TestDisplayOneMoveScores(t *testing.T) {
	testenv.SkipUnderRace(t, "draws in the test goroutine")
	t.Parallel()
	const maze = "3:39737/3#1#6/69@86/6#8#4/36914"
	for _, algo := range []string{"greedy", "beam width=2 depth=3", "chokudai width=1 depth=3 passes=3"} {
		t.Run(algo, func(t *testing.T) {
			t.Parallel()
			tr, err := trace.NewTree(searchEvents(t, "maze", algo, maze))
			if err != nil {
				t.Fatal(err)
			}
			tr.Seek(tr.Len() - 1)
			d, ok := tr.Decision()
			if !ok {
				t.Fatal("no decision")
			}
			best, leaf := 0, trace.NoNode
			for i := range tr.Size() {
				id := trace.NodeID(i)
				n := tr.Node(id)
				score, ok := tr.FirstEval(id)
				if !ok || !n.HasValue {
					continue
				}
				got := Display(tr, id, ViewRoot).Value
				if want := formatValue(score); got != want {
					t.Errorf("%s (status %s, value %v) shows %q, want its own score %q", n.Label, n.Status, n.Value, got, want)
				}
				if n.Status == trace.StatusBest {
					best++
					if !slices.ContainsFunc(n.Children, func(c trace.NodeID) bool { return tr.Node(c).Status == trace.StatusBest }) {
						leaf = id
					}
				}
			}
			if best < 2 || leaf == trace.NoNode {
				t.Fatalf("%d states on the best line, leaf %d", best, leaf)
			}
			if got, want := Display(tr, leaf, ViewRoot).Value, formatValue(d.Value); got != want {
				t.Errorf("the best line's leaf shows %q, want the decision's score %q", got, want)
			}
		})
	}
}
