package viewer

import (
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/gallery"
)

// exampleViewer records the search of the example named name and returns
// a viewer of it in MAX's view.
func exampleViewer(t *testing.T, name string) *Viewer {
	t.Helper()
	ex := gallery.ExampleNamed(name)
	if ex == nil {
		t.Fatalf("no example %q", name)
	}
	h, events := recordSearch(t, ex.Req)
	sh, err := loadShow(name, h, events)
	if err != nil {
		t.Fatal(err)
	}
	return newViewer(sh, trace.ViewRoot)
}

// firstStep returns the first step at which the root's visits by move are
// want, or -1.
func firstStep(vw *Viewer, want []int) int {
	for k := range vw.tree.Len() {
		vw.tree.Seek(k)
		v := vw.visits(k)
		var counts []int
		for _, r := range v.Rows {
			counts = append(counts, r.Count)
		}
		if slices.Equal(counts, want) {
			return k
		}
	}
	return -1
}

// TestViewerVisitsPanelPerAlgorithm checks the panel of root moves against
// each search's own rule: Primitive Monte Carlo's bars are win rates and
// mark the move of the best win rate, which the decision takes, not the
// first of five equal playout counts; early MCTS ties are ties, not a
// "most visited" move; DUCT counts each player's own actions, and marks
// the action the decision names for player A.
func TestViewerVisitsPanelPerAlgorithm(t *testing.T) {
	testenv.SkipUnderRace(t, "reads the visits of folded searches")
	t.Parallel()
	tests := []struct {
		name    string
		example string
		at      []int // the visits by row of the step looked at; nil for the decision's step
		labels  []string
		marks   map[string]string // the marked rows, by label: every other row is unmarked
		text    map[string]string // what some rows' bars say
		help    string            // a phrase of the help text
		notHelp string            // a phrase it must not have
		chart   bool              // the panel charts visits over time
	}{
		{
			name: "PMC marks the best win rate it chooses", example: "ttt-pmc",
			labels: []string{"b3", "a2", "c2", "a1", "b1"},
			marks:  map[string]string{"c2": "chosen: best win rate"},
			text:   map[string]string{"c2": "0.683 · 60 playouts", "b3": "0.392 · 60 playouts"},
			help:   "best win rate", notHelp: "UCB1",
		},
		{
			name: "PMC before the last move's playouts", example: "ttt-pmc", at: []int{60, 60, 60, 60, 0},
			labels: []string{"b3", "a2", "c2", "a1", "b1"},
			marks:  map[string]string{"c2": "best win rate"},
			text:   map[string]string{"b1": "no playouts yet"},
			help:   "same number of random playouts",
		},
		{
			name: "MCTS's early ties are ties", example: "ttt-mcts", at: []int{1, 1, 1, 0, 0},
			labels: []string{"b3", "a2", "c2", "a1", "b1"},
			marks:  map[string]string{"b3": "tied for most visited", "a2": "tied for most visited", "c2": "tied for most visited"},
			help:   "UCB1", chart: true,
		},
		{
			name: "MCTS before any result marks nothing", example: "ttt-mcts", at: []int{0, 0, 0, 0, 0},
			labels: []string{"b3", "a2", "c2", "a1", "b1"},
			marks:  map[string]string{},
			help:   "most visited",
		},
		{
			name: "MCTS chooses the most visited", example: "ttt-mcts",
			labels: []string{"b3", "a2", "c2", "a1", "b1"},
			marks:  map[string]string{"c2": "chosen: most visited"},
			text:   map[string]string{"c2": "200"},
			help:   "most visited", chart: true,
		},
		{
			name: "DUCT counts each player's actions", example: "twin-duct",
			labels: []string{"A: right", "A: left", "B: right", "B: left"},
			marks:  map[string]string{"A: right": "chosen: most visited", "B: left": "most visited"},
			text:   map[string]string{"A: right": "163", "B: left": "246"},
			help:   "each player's visits of its own actions", notHelp: "UCB1 sends", chart: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			vw := exampleViewer(t, tt.example)
			k := vw.tree.Len() - 1
			if tt.at != nil {
				if k = firstStep(vw, tt.at); k < 0 {
					t.Fatalf("no step has the visits %v", tt.at)
				}
			}
			vw.tree.Seek(k)
			v := vw.visits(k)
			var labels []string
			marks := map[string]string{}
			for _, r := range v.Rows {
				labels = append(labels, r.Label)
				if r.Mark != "" {
					marks[r.Label] = r.Mark
				}
				if want, ok := tt.text[r.Label]; ok && r.Text != want {
					t.Errorf("step %d: %s's bar says %q, want %q", k, r.Label, r.Text, want)
				}
				if r.Width < 0 || r.Width > 1 {
					t.Errorf("step %d: %s's bar is %v long, outside 0..1", k, r.Label, r.Width)
				}
			}
			if !slices.Equal(labels, tt.labels) {
				t.Errorf("step %d: rows %q, want %q", k, labels, tt.labels)
			}
			if len(marks) != len(tt.marks) {
				t.Errorf("step %d: marks %q, want %q", k, marks, tt.marks)
			}
			for label, want := range tt.marks {
				if marks[label] != want {
					t.Errorf("step %d: %s is marked %q, want %q (all: %q)", k, label, marks[label], want, marks)
				}
			}
			if !strings.Contains(v.Help, tt.help) || (tt.notHelp != "" && strings.Contains(v.Help, tt.notHelp)) {
				t.Errorf("help %q: want %q in it and not %q", v.Help, tt.help, tt.notHelp)
			}
			if got := v.History != nil; got != tt.chart {
				t.Errorf("charted: %v, want %v", got, tt.chart)
			}
		})
	}
}

// TestViewerVisitsHistoryAddsUp checks the chart of DUCT's visits: each
// player's series add up, at every point, to the results backed up then.
func TestViewerVisitsHistoryAddsUp(t *testing.T) {
	testenv.SkipUnderRace(t, "reads the visits of a folded search")
	t.Parallel()
	vw := exampleViewer(t, "twin-duct")
	k := vw.tree.Len() - 1
	vw.tree.Seek(k)
	v := vw.visits(k)
	if len(v.At) == 0 || len(v.History) != len(v.Rows) {
		t.Fatalf("history of %d series at %d points, for %d rows", len(v.History), len(v.At), len(v.Rows))
	}
	for p, player := range []string{"A: ", "B: "} {
		for j, at := range v.At {
			sum := 0
			for i, r := range v.Rows {
				if strings.HasPrefix(r.Label, player) {
					sum += v.History[i][j]
				}
			}
			if sum != at {
				t.Errorf("player %d's series add up to %d at point %d, want %d results", p, sum, j, at)
			}
		}
	}
}
