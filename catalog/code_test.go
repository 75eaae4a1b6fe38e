package catalog_test

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"sync"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// record runs algo on game from position and returns its trace as a tree.
func record(t *testing.T, game, algo, position string) *trace.Tree {
	t.Helper()
	r, err := catalog.Prepare(catalog.Request{Game: game, Algo: algo, Position: position, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := r.Search(context.Background(), rec); err != nil {
		t.Fatalf("%s %s %q: %v", game, algo, position, err)
	}
	tr, err := trace.NewTree(rec.Events())
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestEveryEventHasALineAndWords runs every algorithm on every game of its
// family from every test position, and checks at every step that the event
// lights at most one line of each form of the algorithm's pseudocode,
// exactly one unless it is the decision, and is described in words from
// both points of view. It also checks that each family's runs produced every event
// kind its algorithms emit, so no kind goes unexamined.
func TestEveryEventHasALineAndWords(t *testing.T) {
	t.Parallel()
	// The kinds each family's algorithms emit, together.
	wantKinds := map[search.Family][]trace.Kind{
		search.FamilyAlternating: {
			trace.KindNode, trace.KindEnter, trace.KindLeave, trace.KindEval, trace.KindValue, trace.KindBounds, trace.KindCut,
			trace.KindSelect, trace.KindExpand, trace.KindPlayout, trace.KindBackprop, trace.KindIteration, trace.KindDecision, trace.KindNote,
		},
		search.FamilySingle: {
			trace.KindNode, trace.KindEnter, trace.KindLeave, trace.KindEval, trace.KindValue, trace.KindBeam, trace.KindIteration, trace.KindDecision,
		},
		search.FamilySimultaneous: {
			trace.KindNode, trace.KindEnter, trace.KindLeave, trace.KindEval, trace.KindValue,
			trace.KindSelect, trace.KindExpand, trace.KindPlayout, trace.KindBackprop, trace.KindIteration, trace.KindDecision,
		},
		search.FamilyChance: {
			trace.KindNode, trace.KindEnter, trace.KindLeave, trace.KindEval, trace.KindValue, trace.KindCut,
			trace.KindExpand, trace.KindPlayout, trace.KindBackprop, trace.KindIteration, trace.KindDecision, trace.KindNote,
		},
	}
	var (
		mu         sync.Mutex
		seen       = map[search.Family]map[trace.Kind]bool{}
		cells, ran int
	)
	for _, g := range catalog.Games() {
		for _, a := range catalog.Algorithms() {
			if a.Family != g.Family {
				continue
			}
			if len(a.Code) == 0 {
				t.Errorf("%s has no pseudocode", a.Name)
				continue
			}
			specs := []string{specAtDepth(a, testDepth(g))}
			specs = append(specs, moreSpecs[g.Name+" "+a.Name]...)
			for i, pos := range testPositions(g) {
				for _, algo := range specs {
					cells++
					t.Run(g.Name+"/"+algo+"/"+positionName(i), func(t *testing.T) {
						t.Parallel()
						kinds := checkLinesAndWords(t, g, a, algo, pos)
						mu.Lock()
						defer mu.Unlock()
						if seen[g.Family] == nil {
							seen[g.Family] = map[trace.Kind]bool{}
						}
						maps.Copy(seen[g.Family], kinds)
						ran++
					})
				}
			}
		}
	}
	// Cleanup runs once the parallel runs above have ended.
	t.Cleanup(func() {
		if ran < cells {
			return // -run chose some runs, or one stopped early: only all of them emit every kind
		}
		for fam, kinds := range wantKinds {
			for _, k := range kinds {
				if !seen[fam][k] {
					t.Errorf("no %s game's run emitted a %s event, so its words and lines went unchecked", fam, k)
				}
			}
		}
	})
}

// moreSpecs are the runs of an algorithm on a game, "game algorithm", that
// the tests make beside its defaults, for the events only some parameters
// bring about: the forward cut's, and a random opponent's chance nodes.
var moreSpecs = map[string][]string{
	"chancetree expectimax": {"expectimax depth=3 cut=1 margin=0", "expectimax opponent=random"},
	"dice expectimax":       {"expectimax depth=2 cut=1 margin=30 obvious=1"},
}

// checkLinesAndWords records algo, a spec of algorithm a, on game g from
// pos and checks that every step lights one line of each form of its
// pseudocode and has words in both views. It returns the kinds seen.
func checkLinesAndWords(t *testing.T, g catalog.Game, a search.Algorithm, algo, pos string) map[trace.Kind]bool {
	t.Helper()
	tr := record(t, g.Name, algo, pos)
	seen := map[trace.Kind]bool{}
	for k := range tr.Len() {
		if err := tr.Seek(k); err != nil {
			t.Fatal(err)
		}
		e := tr.Event(k)
		seen[e.Kind] = true
		for form, code := range forms(a) {
			lit := code.Lighting(tr)
			if len(lit) > 1 || len(lit) == 0 && e.Kind != trace.KindDecision {
				t.Errorf("%s (%s) on %s %q, step %d (%s): lights lines %v, want one", a.Name, form, g.Name, pos, k, e.Kind, lit)
			}
		}
		for _, v := range []trace.View{trace.ViewRoot, trace.ViewSide} {
			if strings.TrimSpace(explain.Describe(tr, v)) == "" {
				t.Errorf("%s on %s %q, step %d (%s): no words in the %s view", a.Name, g.Name, pos, k, e.Kind, v)
			}
		}
	}
	return seen
}

// forms returns the forms of a's pseudocode by name: "code" and, when a
// has it, "maxmin".
func forms(a search.Algorithm) map[string]search.Code {
	out := map[string]search.Code{"code": a.Code}
	if a.Forms() {
		out["maxmin"] = a.MaxMin
	}
	return out
}

// TestLitLinesAreTheLinesRun checks, on real runs, that events light the
// line that does what they record, as the lecture's pseudocode says, in
// the form of the pseudocode shown with the test's view (the zero view is
// the root player's: the MAX/MIN form where there is one).
func TestLitLinesAreTheLinesRun(t *testing.T) {
	t.Parallel()
	tests := []struct {
		game, algo, position string
		kind                 trace.Kind
		when                 func(tr *trace.Tree, e trace.Event) bool // nil: every event of kind
		want                 string                                   // a piece of the line lit
		view                 trace.View                               // the form's view
	}{
		{"tree", "minimax", "", trace.KindValue, atType(trace.TypeMin), "v ← MIN(v", trace.ViewRoot},
		{"tree", "minimax", "", trace.KindValue, atType(trace.TypeMax), "v ← MAX(v", trace.ViewRoot},
		{"tree", "minimax", "", trace.KindValue, nil, "max(value, −NEGAMAX", trace.ViewSide},
		{"tree", "alphabeta", "", trace.KindCut, nil, "cut:", trace.ViewSide},
		{"tree", "alphabeta", "", trace.KindCut, nil, "if v ≤ α then return v", trace.ViewRoot},
		{"tree", "alphabeta", "", trace.KindEval, nil, "EVALUATE", trace.ViewSide},
		{"tree", "alphabeta", "", trace.KindEval, nil, "return EVAL(state)", trace.ViewRoot},
		{"tree", "alphabeta", "", trace.KindNode, notRoot, "−ALPHABETA(child", trace.ViewSide},
		{"tree", "alphabeta", "", trace.KindNode, atType(trace.TypeMin), "MIN-VALUE(RESULT", trace.ViewRoot},
		{"tictactoe", "alphabeta ordering=1", "x.o/.x./..o", trace.KindNote, nil, "for each child", trace.ViewSide},
		{"tictactoe", "alphabeta ordering=1", "x.o/.x./..o", trace.KindNote, nil, "for each a in ACTIONS", trace.ViewRoot},
		{"tictactoe", "alphabeta", "x.o/.x./..o", trace.KindCut, atType(trace.TypeMax), "if v ≥ β then return v", trace.ViewRoot},
		{"tictactoe", "iterative depth=3", "x.o/.x./..o", trace.KindIteration, nil, "for depth", trace.ViewRoot},
		{"tictactoe", "iterative depth=3", "x.o/.x./..o", trace.KindNode, notRoot, "MAX-VALUE(root", trace.ViewRoot},
		{"tictactoe", "iterative depth=3", "x.o/.x./..o", trace.KindNode, notRoot, "ALPHABETA(root", trace.ViewSide},
		{"tictactoe", "iterative depth=3", "x.o/.x./..o", trace.KindDecision, nil, "return answer", trace.ViewSide},
		{"tictactoe", "mcts playouts=30", "x.o/.x./..o", trace.KindSelect, nil, "best UCB1", trace.ViewRoot},
		{"tictactoe", "mcts playouts=30", "x.o/.x./..o", trace.KindBackprop, nil, "n ← n + 1", trace.ViewRoot},
		{"tictactoe", "pmc playouts=3", "x.o/.x./..o", trace.KindPlayout, nil, "PLAYOUT", trace.ViewRoot},
		{"maze", "greedy", "", trace.KindEval, notRoot, "SCORE(next) > best", trace.ViewRoot},
		{"maze", "greedy", "", trace.KindBeam, nil, "choice ← action", trace.ViewRoot},
		{"maze", "beam", "", trace.KindBeam, nil, "the best width are kept", trace.ViewRoot},
		{"maze", "beam", "", trace.KindEnter, nil, "best width states", trace.ViewRoot},
		{"maze", "chokudai", "", trace.KindIteration, nil, "repeat passes times", trace.ViewRoot},
		{"maze", "chokudai", "", trace.KindBeam, nil, "repeat width times", trace.ViewRoot},
		{"maze", "chokudai", "", trace.KindNode, notRoot, "put state after action", trace.ViewRoot},
		{"twinmaze", "duct playouts=30", "", trace.KindSelect, nil, "UCB1 over", trace.ViewRoot},
		{"twinmaze", "duct playouts=30", "", trace.KindBackprop, nil, "gain", trace.ViewRoot},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%s/%v/%v", tt.game, tt.algo, tt.kind, tt.view), func(t *testing.T) {
			t.Parallel()
			a, err := catalog.LookupAlgorithm(strings.Fields(tt.algo)[0])
			if err != nil {
				t.Fatal(err)
			}
			tr := record(t, tt.game, tt.algo, tt.position)
			found := false
			for k := range tr.Len() {
				if err := tr.Seek(k); err != nil {
					t.Fatal(err)
				}
				e := tr.Event(k)
				if e.Kind != tt.kind || tt.when != nil && !tt.when(tr, e) {
					continue
				}
				found = true
				code := a.CodeFor(tt.view)
				if n := code.Lit(tr); n == 0 || !strings.Contains(code[n-1].Text, tt.want) {
					t.Errorf("%s on %s in the %s view, step %d (%s): lights line %d, want the line with %q", tt.algo, tt.game, tt.view, k, e.Kind, n, tt.want)
				}
			}
			if !found {
				t.Errorf("%s on %s: no %s event to check", tt.algo, tt.game, tt.kind)
			}
		})
	}
}

func atType(typ trace.NodeType) func(*trace.Tree, trace.Event) bool {
	return func(tr *trace.Tree, e trace.Event) bool { return tr.Node(e.Node).Type == typ }
}

func notRoot(tr *trace.Tree, e trace.Event) bool { return e.Node != tr.Root() }

// TestLitLinesOfTheTextbook checks the lines AlphaBeta's steps light on the
// textbook tree built by hand from the lecture (tracetest.AlphaBeta).
func TestLitLinesOfTheTextbook(t *testing.T) {
	t.Parallel()
	a, err := catalog.LookupAlgorithm("alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := trace.NewTree(tracetest.AlphaBeta())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		step int
		want int
		text string // a piece of the line, to show the mapping is meant
	}{
		{0, 1, "function ALPHABETA"},
		{2, 1, "function ALPHABETA"},
		{9, 3, "return EVALUATE"},
		{10, 3, "return EVALUATE"},
		{11, 7, "value ← max(value, −ALPHABETA"},
		{12, 10, "α ← max(α, value)"},
		{23, 12, "return value"},
		{35, 9, "cut"},
		{62, 0, ""},
	}
	for _, tt := range tests {
		if err := tr.Seek(tt.step); err != nil {
			t.Fatal(err)
		}
		got := a.Code.Lit(tr)
		if got != tt.want {
			t.Errorf("step %d (%s): line %d, want %d", tt.step, tr.Event(tt.step).Kind, got, tt.want)
			continue
		}
		if got > 0 && !strings.Contains(a.Code[got-1].Text, tt.text) {
			t.Errorf("step %d: line %d is %q, want one about %q", tt.step, got, a.Code[got-1].Text, tt.text)
		}
	}
}

// TestLitLinesOfATableHit checks that a transposition table's hit lights
// the table's line, in both forms of AlphaBeta's pseudocode, and not the
// evaluation's: the tree's second MIN node has the first's MAX children.
func TestLitLinesOfATableHit(t *testing.T) {
	t.Parallel()
	a, err := catalog.LookupAlgorithm("alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	r, err := catalog.Prepare(catalog.Request{Game: "tree", Algo: "alphabeta tt=1", Position: "[[[1,2],[3,4]],[[3,4],[1,2]]]"})
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := r.Search(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	tr, err := rec.Tree()
	if err != nil {
		t.Fatal(err)
	}
	hits := 0
	for k := range tr.Len() {
		e := tr.Event(k)
		if e.Kind != trace.KindEval || e.Same == 0 {
			continue
		}
		hits++
		for _, step := range []int{k, k + 1} { // the hit and the leave after it
			if err := tr.Seek(step); err != nil {
				t.Fatal(err)
			}
			for name, code := range map[string]search.Code{"negamax": a.Code, "max/min": a.MaxMin} {
				if got := code.Lit(tr); got == 0 || !strings.Contains(code[got-1].Text, "if TABLE[") {
					t.Errorf("%s form, step %d (%s of a hit): line %d lit, want the table's", name, step, tr.Event(step).Kind, got)
				}
			}
		}
	}
	if hits == 0 {
		t.Fatal("no table hit to check")
	}
}

// TestNodelessNoteLightsSafely cuts a recorded run of every algorithm on
// every game of its family short halfway with a note made at no node, as
// a budget cuts a search, and checks that each form of the pseudocode
// lights at most one line there and that the step has words in both
// views, rather than a line's condition asking about node -1.
func TestNodelessNoteLightsSafely(t *testing.T) {
	t.Parallel()
	for _, g := range catalog.Games() {
		for _, a := range catalog.Algorithms() {
			if a.Family != g.Family {
				continue
			}
			algo := specAtDepth(a, 2)
			t.Run(g.Name+"/"+a.Name, func(t *testing.T) {
				t.Parallel()
				// Cut short halfway, as a budget cuts a search.
				_, events := recordRun(t, catalog.Request{Game: g.Name, Algo: algo, Seed: 1}, false)
				events = append(events[:len(events)/2:len(events)/2], trace.Event{Step: len(events) / 2, Kind: trace.KindNote, Node: trace.NoNode, Text: "the search was cut short"})
				tr, err := trace.NewTree(events)
				if err != nil {
					t.Fatal(err)
				}
				if err := tr.Seek(tr.Len() - 1); err != nil {
					t.Fatal(err)
				}
				for form, code := range forms(a) {
					if lit := code.Lighting(tr); len(lit) > 1 {
						t.Errorf("%s (%s) on %s: the note at no node lights lines %v, want at most one", a.Name, form, g.Name, lit)
					}
				}
				for _, v := range []trace.View{trace.ViewRoot, trace.ViewSide} {
					if strings.TrimSpace(explain.Describe(tr, v)) == "" {
						t.Errorf("%s on %s: the note at no node has no words in the %s view", a.Name, g.Name, v)
					}
				}
			})
		}
	}
}
