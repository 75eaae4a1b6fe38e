package explain

import (
	"context"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/maze"
	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

func textbook(t *testing.T) *trace.Tree {
	t.Helper()
	tr, err := trace.NewTree(tracetest.AlphaBeta())
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestDescribeTextbook(t *testing.T) {
	tr := textbook(t)
	tests := []struct {
		step int
		view trace.View
		want string
	}{
		{0, trace.ViewRoot, "Start at the root (MAX to move)."},
		{3, trace.ViewRoot, "Play a1 from the root: a MIN node at depth 1."},
		{9, trace.ViewRoot, "Game over at b1: 3 (MAX's view)."},
		{11, trace.ViewRoot, "a1's best so far: 3 (MAX's view), through b1."},
		{11, trace.ViewSide, "a1's best so far: -3 (MIN's view, MIN to move), through b1."},
		{12, trace.ViewRoot, "a1's window: α = -∞, β = 3 (MAX's view)."},
		{12, trace.ViewSide, "a1's window: α = -3, β = ∞ (MIN's view, MIN to move)."},
		{23, trace.ViewRoot, "Return from a1 with value 3 (MAX's view)."},
		{35, trace.ViewRoot, "α-cut at a2: value 2 ≤ α 3 — MAX above will never allow this line, so c2 and c3 are skipped."},
		{35, trace.ViewSide, "α-cut at a2: value 2 ≤ α 3 — MAX above will never allow this line, so c2 and c3 are skipped."},
		{62, trace.ViewRoot, "Decision: play a1, value 3 for the root player. 11 nodes, 7 evaluations, 1 cut."},
	}
	for _, tt := range tests {
		if err := tr.Seek(tt.step); err != nil {
			t.Fatal(err)
		}
		if got := Describe(tr, tt.view); got != tt.want {
			t.Errorf("step %d, %v view:\n got %q\nwant %q", tt.step, tt.view, got, tt.want)
		}
	}
}

func TestLineTextbook(t *testing.T) {
	tr := textbook(t)
	lines := Pseudocode("alphabeta")
	tests := []struct {
		step int
		want int
		text string // a piece of the line, to show the mapping is meant
	}{
		{0, 1, "function ALPHABETA"},
		{2, 1, "function ALPHABETA"},
		{9, 3, "return EVALUATE"},
		{10, 3, "return EVALUATE"},
		{11, 6, "value ← max(value, −ALPHABETA"},
		{12, 9, "α ← max(α, value)"},
		{23, 10, "return value"},
		{35, 8, "cut"},
		{62, 0, ""},
	}
	for _, tt := range tests {
		if err := tr.Seek(tt.step); err != nil {
			t.Fatal(err)
		}
		got := Line("alphabeta", tr)
		if got != tt.want {
			t.Errorf("step %d (%s): line %d, want %d", tt.step, tr.Event(tt.step).Kind, got, tt.want)
			continue
		}
		if got > 0 && !strings.Contains(lines[got-1], tt.text) {
			t.Errorf("step %d: line %d is %q, want one about %q", tt.step, got, lines[got-1], tt.text)
		}
	}
}

// TestEveryStepHasALine runs each algorithm on the textbook tree and checks
// that every event but the decision lights a line that exists, and that
// MiniMax lights the min branch at min nodes.
func TestEveryStepHasALine(t *testing.T) {
	root, err := tree.Parse("[[3,12,8],[2,4,6],[14,5,2]]")
	if err != nil {
		t.Fatal(err)
	}
	for _, algo := range search.Algorithms() {
		if algo.Family != search.FamilyAlternating {
			continue
		}
		rec := trace.NewRecorder(0)
		params := spec.Values{}
		for _, p := range algo.Params {
			params[p.Name] = p.Default
		}
		v, err := search.RunAlternating(context.Background(), algo, params, root, rec, false)
		if err != nil {
			t.Fatalf("%s: %v", algo.Name, err)
		}
		// The depth-first engines find the textbook's value, 3; the Monte
		// Carlo ones its best move, a1, by playouts.
		if algo.Name != "pmc" && algo.Name != "mcts" && v.Value != 3 || v.Label != "a1" {
			t.Errorf("%s: %+v, want a1 (value 3)", algo.Name, v)
		}
		tr, err := trace.NewTree(rec.Events())
		if err != nil {
			t.Fatal(err)
		}
		lines := Pseudocode(algo.Name)
		if len(lines) == 0 {
			t.Fatalf("%s has no pseudocode", algo.Name)
		}
		for k := 0; k < tr.Len(); k++ {
			tr.Forward()
			e := tr.Event(k)
			got := Line(algo.Name, tr)
			if e.Kind == trace.KindDecision {
				if got != 0 {
					t.Errorf("%s step %d: the decision lights line %d", algo.Name, k, got)
				}
				continue
			}
			if got < 1 || got > len(lines) {
				t.Errorf("%s step %d (%s): line %d of %d", algo.Name, k, e.Kind, got, len(lines))
			}
			if algo.Name == "minimax" && e.Kind == trace.KindValue && tr.Node(e.Node).Type == trace.TypeMin && !strings.Contains(lines[got-1], "min(") {
				t.Errorf("minimax step %d: a value at a MIN node lights %q", k, lines[got-1])
			}
			if Describe(tr, trace.ViewRoot) == "" {
				t.Errorf("%s step %d: empty description", algo.Name, k)
			}
		}
	}
}

// TestSingleLines runs the one-player algorithms on the primer's 5x5 maze
// (seed 0) and checks that every event lights a line that exists and is
// described, and that the lines lit are the ones the events execute.
func TestSingleLines(t *testing.T) {
	root, err := maze.Generate(5, 5, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	wantLine := map[string]map[trace.Kind]string{
		"greedy":   {trace.KindEval: "SCORE(next) > best", trace.KindBeam: "choice ← action"},
		"beam":     {trace.KindBeam: "the best width are kept", trace.KindEnter: "best width states"},
		"chokudai": {trace.KindIteration: "repeat passes times", trace.KindBeam: "repeat width times", trace.KindNode: "put state after action"},
	}
	for _, algo := range search.Algorithms() {
		if algo.Family != search.FamilySingle {
			continue
		}
		v := spec.Values{}
		for _, p := range algo.Params {
			v[p.Name] = p.Default
		}
		rec := trace.NewRecorder(0)
		if _, err := search.RunSingle(context.Background(), algo, v, root, rec, true); err != nil {
			t.Fatalf("%s: %v", algo.Name, err)
		}
		tr, err := trace.NewTree(rec.Events())
		if err != nil {
			t.Fatal(err)
		}
		lines := Pseudocode(algo.Name)
		if len(lines) == 0 {
			t.Fatalf("%s has no pseudocode", algo.Name)
		}
		for k := 0; k < tr.Len(); k++ {
			tr.Forward()
			e := tr.Event(k)
			got := Line(algo.Name, tr)
			if got < 1 || got > len(lines) {
				t.Errorf("%s step %d (%s): line %d of %d", algo.Name, k, e.Kind, got, len(lines))
				continue
			}
			root := (e.Kind == trace.KindNode || e.Kind == trace.KindEval) && e.Node == tr.Root()
			if want, ok := wantLine[algo.Name][e.Kind]; ok && !root && !strings.Contains(lines[got-1], want) {
				t.Errorf("%s step %d (%s) lights %q, want the line with %q", algo.Name, k, e.Kind, lines[got-1], want)
			}
			if Describe(tr, trace.ViewRoot) == "" {
				t.Errorf("%s step %d: empty description", algo.Name, k)
			}
		}
	}
}
