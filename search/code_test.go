package search_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// The hand-worked trees of the pseudocode tests. The textbook tree
// (Russell & Norvig Fig. 5.2): MAX over three MIN nodes, root value 3;
// alpha-beta cuts at the second MIN node when its first leaf, 2, falls to
// α = 3. The deep tree adds a cut at a MAX node: under the first MIN node,
// the first MAX node is worth 5, so β = 5 for the second, whose first leaf,
// 6, reaches it (9 is pruned); the second MIN node's first MAX node is
// worth 2 ≤ α = 5 (its second is pruned). Root value 5.
const (
	textbookTree = "[[3,12,8],[2,4,6],[14,5,2]]"
	deepTree     = "[[[3,5],[6,9]],[[1,2],[0,-1]]]"
)

// lines names, for each situation an event can be in (see situation), the
// line each form of an algorithm's pseudocode lights, by its text (see
// lineNamed); "" means the event lights no line of the form.
type lines map[string]struct{ maxMin, negamax string }

// situation says what the event at t's step does in a depth-first search,
// worked out from the trace alone: the event's kind, then for the
// events at a node "root" or the node's type ("max", "min"). A bounds
// event right after the focus enters its node is the window the node is
// searched with, "window"; any other raises the node's own bound, "raise".
// A leave of a node that was evaluated is "leave leaf". evaluated holds
// the nodes evaluated so far.
func situation(t *trace.Tree, k int, evaluated map[trace.NodeID]bool) string {
	e := t.Event(k)
	kind := e.Kind.String()
	switch e.Kind {
	case trace.KindDecision, trace.KindIteration:
		return kind
	case trace.KindBounds:
		if k > 0 && t.Event(k-1).Kind == trace.KindEnter && t.Event(k-1).Node == e.Node {
			kind = "window"
		} else {
			kind = "raise"
		}
	case trace.KindEval:
		evaluated[e.Node] = true
	case trace.KindLeave:
		if evaluated[e.Node] {
			kind = "leave leaf"
		}
	}
	if e.Node == t.Root() {
		return kind + " root"
	}
	return kind + " " + t.Node(e.Node).Type.String()
}

// checkLines runs the checks of the pseudocode tests on one trace of
// algorithm a: every event lights the line want names for its situation
// in each form, and no other. It returns the situations met.
func checkLines(t *testing.T, name string, a search.Algorithm, events []trace.Event, want lines) map[string]bool {
	t.Helper()
	tr, err := trace.NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	forms := []struct {
		name  string
		code  search.Code
		piece func(string) string
	}{
		{"MAX/MIN form", a.MaxMin, func(s string) string { return want[s].maxMin }},
		{"negamax form", a.Code, func(s string) string { return want[s].negamax }},
	}
	met := map[string]bool{}
	evaluated := map[trace.NodeID]bool{}
	for k := range tr.Len() {
		if err := tr.Seek(k); err != nil {
			t.Fatal(err)
		}
		s := situation(tr, k, evaluated)
		met[s] = true
		if _, ok := want[s]; !ok {
			t.Errorf("%s, step %d: no line is named for %q", name, k, s)
			continue
		}
		for _, f := range forms {
			if len(f.code) == 0 {
				continue
			}
			wantLine := lineNamed(t, f.code, f.piece(s))
			got := f.code.Lighting(tr)
			switch {
			case wantLine == 0 && len(got) > 0:
				t.Errorf("%s, %s, step %d (%s): lights %s, want no line", name, f.name, k, s, texts(f.code, got))
			case wantLine > 0 && (len(got) != 1 || got[0] != wantLine):
				t.Errorf("%s, %s, step %d (%s): lights %s, want %q", name, f.name, k, s, texts(f.code, got), f.code[wantLine-1].Text)
			}
		}
	}
	return met
}

// lineNamed returns the number of the one line of code named name, or 0
// for an empty name; it fails t unless exactly one line has the name. A
// line's name is its text, spaces aside, and may be scoped to one function
// by a prefix "MAX-VALUE › ": the lines from the function's header to the
// next "function".
func lineNamed(t *testing.T, code search.Code, name string) int {
	t.Helper()
	if name == "" {
		return 0
	}
	fn, text, scoped := strings.Cut(name, " › ")
	if !scoped {
		text = name
	}
	text = strings.Join(strings.Fields(text), " ")
	n, in := 0, !scoped
	for i, l := range code {
		if scoped && strings.HasPrefix(l.Text, "function ") {
			in = strings.HasPrefix(l.Text, "function "+fn+"(")
		}
		if in && strings.Join(strings.Fields(l.Text), " ") == text {
			if n > 0 {
				t.Fatalf("lines %d and %d are both %q", n, i+1, name)
			}
			n = i + 1
		}
	}
	if n == 0 {
		t.Fatalf("no line is %q", name)
	}
	return n
}

func texts(code search.Code, nums []int) string {
	if len(nums) == 0 {
		return "no line"
	}
	var out []string
	for _, n := range nums {
		out = append(out, fmt.Sprintf("%q", code[n-1].Text))
	}
	return strings.Join(out, " and ")
}

// recordTree returns the events of run on the tree of text.
func recordTree(t *testing.T, text string, run func(context.Context, tree.State, search.Tracing) error) []trace.Event {
	t.Helper()
	rec := trace.NewRecorder(0)
	if err := run(context.Background(), mustTree(t, text), search.Tracing{Tracer: rec}); err != nil {
		t.Fatal(err)
	}
	return rec.Events()
}

// checkBothTrees checks the lines a's events light on the textbook tree
// and the deep tree, searched by run, and that the two together meet every
// situation of want.
func checkBothTrees(t *testing.T, a search.Algorithm, run func(context.Context, tree.State, search.Tracing) error, want lines) {
	t.Helper()
	checkCoverage(t, want,
		checkLines(t, "textbook tree", a, recordTree(t, textbookTree, run), want),
		checkLines(t, "deep tree", a, recordTree(t, deepTree, run), want))
}

// checkCoverage fails t for each situation of want that no trace met,
// so that no row of a table goes unchecked.
func checkCoverage(t *testing.T, want lines, met ...map[string]bool) {
	t.Helper()
	for s := range want {
		found := false
		for _, m := range met {
			found = found || m[s]
		}
		if !found {
			t.Errorf("no trace has a %q event: its line went unchecked", s)
		}
	}
}

// TestAlphaBetaLines checks the line of AlphaBeta's pseudocode, in each of
// its forms, that each kind of event lights on the hand-worked trees: the
// line a teacher points at. A child's node ("play b1 from a1"), its entry
// and its window light the recursive call in the loop, not the header;
// α is raised at MAX nodes and β lowered at MIN nodes in the MAX/MIN form.
func TestAlphaBetaLines(t *testing.T) {
	t.Parallel()
	const (
		search0  = "function ALPHA-BETA-SEARCH(state) ▷ values from MAX's view"
		first    = "v ← MAX-VALUE(state, −∞, +∞, depth)"
		decide   = "return the action in ACTIONS(state) with value v"
		maxEval  = "MAX-VALUE › if depth = 0 or TERMINAL-TEST(state) then return EVAL(state)"
		minEval  = "MIN-VALUE › if depth = 0 or TERMINAL-TEST(state) then return EVAL(state)"
		maxLoop  = "MAX-VALUE › for each a in ACTIONS(state) do ▷ ordering≥1: likely cuts first"
		maxCall  = "v ← MAX(v, MIN-VALUE(RESULT(state, a), α, β, depth − 1))"
		minCall  = "v ← MIN(v, MAX-VALUE(RESULT(state, a), α, β, depth − 1))"
		maxCut   = "if v ≥ β then return v ▷ β cut: prune the rest"
		minCut   = "if v ≤ α then return v ▷ α cut: prune the rest"
		raiseA   = "α ← MAX(α, v)"
		lowerB   = "β ← MIN(β, v)"
		maxRet   = "MAX-VALUE › return v"
		minRet   = "MIN-VALUE › return v"
		header   = "function ALPHABETA(node, depth, α, β)"
		evaluate = "return EVALUATE(node) ▷ from the side to move's view"
		loop     = "for each child of node do ▷ ordering≥1: likely cuts first"
		call     = "value ← max(value, −ALPHABETA(child, depth − 1, −β, −α))"
		cut      = "return value ▷ cut: the rest of the children are pruned"
		raise    = "α ← max(α, value)"
		ret      = "return value"
	)
	want := lines{
		"node root":      {search0, header},
		"enter root":     {first, header},
		"window root":    {first, header},
		"note root":      {maxLoop, loop},
		"node min":       {maxCall, call}, // a MIN child is made in MAX-VALUE's loop
		"enter min":      {maxCall, call},
		"window min":     {maxCall, call},
		"node max":       {minCall, call},
		"enter max":      {minCall, call},
		"window max":     {minCall, call},
		"eval max":       {maxEval, evaluate},
		"eval min":       {minEval, evaluate},
		"leave leaf max": {maxEval, evaluate},
		"leave leaf min": {minEval, evaluate},
		"value root":     {maxCall, call},
		"value max":      {maxCall, call},
		"value min":      {minCall, call},
		"cut max":        {maxCut, cut},
		"cut min":        {minCut, cut},
		"raise root":     {raiseA, raise},
		"raise max":      {raiseA, raise},
		"raise min":      {lowerB, raise},
		"leave root":     {maxRet, ret},
		"leave max":      {maxRet, ret},
		"leave min":      {minRet, ret},
		"decision":       {decide, ""},
	}
	a := search.AlphaBetaEntry[tree.State]().Algorithm
	run := func(ordering search.Ordering) func(context.Context, tree.State, search.Tracing) error {
		return func(ctx context.Context, s tree.State, tr search.Tracing) error {
			_, err := search.AlphaBeta(ctx, s, search.Options{Depth: search.MaxDepth, Ordering: ordering, Tracing: tr})
			return err
		}
	}
	met := []map[string]bool{
		checkLines(t, "textbook tree", a, recordTree(t, textbookTree, run(search.OrderNone)), want),
		checkLines(t, "deep tree", a, recordTree(t, deepTree, run(search.OrderNone)), want),
		checkLines(t, "textbook tree ordered", a, recordTree(t, textbookTree, run(search.OrderScore)), want),
	}
	checkCoverage(t, want, met...)
}

// TestMiniMaxLines checks the line of MiniMax's pseudocode, in each of its
// forms, that each kind of event lights on the textbook tree. In the
// negamax form MiniMax is NegaMax.
func TestMiniMaxLines(t *testing.T) {
	t.Parallel()
	const (
		decision = "function MINIMAX-DECISION(state) ▷ values from MAX's view"
		first    = "v ← MAX-VALUE(state, depth)"
		decide   = "return the action in ACTIONS(state) with value v"
		maxEval  = "MAX-VALUE › if depth = 0 or TERMINAL-TEST(state) then return EVAL(state)"
		minEval  = "MIN-VALUE › if depth = 0 or TERMINAL-TEST(state) then return EVAL(state)"
		maxCall  = "v ← MAX(v, MIN-VALUE(RESULT(state, a), depth − 1))"
		minCall  = "v ← MIN(v, MAX-VALUE(RESULT(state, a), depth − 1))"
		maxRet   = "MAX-VALUE › return v"
		minRet   = "MIN-VALUE › return v"
		header   = "function NEGAMAX(node, depth)"
		evaluate = "return EVALUATE(node) ▷ from the side to move's view"
		call     = "value ← max(value, −NEGAMAX(child, depth − 1))"
		ret      = "return value"
	)
	want := lines{
		"node root":      {decision, header},
		"enter root":     {first, header},
		"node min":       {maxCall, call},
		"enter min":      {maxCall, call},
		"node max":       {minCall, call},
		"enter max":      {minCall, call},
		"eval max":       {maxEval, evaluate},
		"eval min":       {minEval, evaluate},
		"leave leaf max": {maxEval, evaluate},
		"leave leaf min": {minEval, evaluate},
		"value root":     {maxCall, call},
		"value max":      {maxCall, call},
		"value min":      {minCall, call},
		"leave root":     {maxRet, ret},
		"leave max":      {maxRet, ret},
		"leave min":      {minRet, ret},
		"decision":       {decide, ""},
	}
	a := search.MiniMaxEntry[tree.State]().Algorithm
	run := func(ctx context.Context, s tree.State, tr search.Tracing) error {
		_, err := search.MiniMax(ctx, s, search.Options{Depth: search.MaxDepth, Tracing: tr})
		return err
	}
	checkBothTrees(t, a, run, want)
}

// TestNegaMaxLines checks the line of NegaMax's one form of pseudocode
// that each kind of event lights on the textbook tree.
func TestNegaMaxLines(t *testing.T) {
	t.Parallel()
	const (
		header   = "function NEGAMAX(node, depth)"
		evaluate = "return EVALUATE(node) ▷ from the side to move's view"
		call     = "value ← max(value, −NEGAMAX(child, depth − 1))"
		ret      = "return value"
	)
	want := lines{
		"node root":      {"", header},
		"enter root":     {"", header},
		"node min":       {"", call},
		"enter min":      {"", call},
		"node max":       {"", call},
		"enter max":      {"", call},
		"eval max":       {"", evaluate},
		"eval min":       {"", evaluate},
		"leave leaf max": {"", evaluate},
		"leave leaf min": {"", evaluate},
		"value root":     {"", call},
		"value max":      {"", call},
		"value min":      {"", call},
		"leave root":     {"", ret},
		"leave max":      {"", ret},
		"leave min":      {"", ret},
		"decision":       {"", ""},
	}
	a := search.NegaMaxEntry[tree.State]().Algorithm
	if a.Forms() {
		t.Fatalf("NegaMax has a MAX/MIN form: it is MiniMax's")
	}
	run := func(ctx context.Context, s tree.State, tr search.Tracing) error {
		_, err := search.NegaMax(ctx, s, search.Options{Depth: search.MaxDepth, Tracing: tr})
		return err
	}
	checkBothTrees(t, a, run, want)
}

// TestIterativeLines checks the line of iterative deepening's pseudocode,
// in each of its forms, that each kind of event lights on the textbook
// tree: the driver's lines, and the call of AlphaBeta for every event of
// an iteration's search.
func TestIterativeLines(t *testing.T) {
	t.Parallel()
	const (
		header  = "function ITERATIVEDEEPENING(root, time, cap)"
		loop    = "for depth ← 1 to cap do"
		maxMin  = "value, move ← MAX-VALUE(root, −∞, +∞, depth) ▷ last depth's best moves first"
		negamax = "value, move ← ALPHABETA(root, depth, −∞, +∞) ▷ last depth's best moves first"
		answer  = "answer ← move"
		ret     = "return answer"
	)
	want := lines{
		"node root":      {header, header},
		"enter root":     {header, header},
		"iteration":      {loop, loop},
		"value root":     {answer, answer},
		"note max":       {answer, answer}, // "depth 1: 4 nodes", on the iteration's root
		"leave root":     {ret, ret},
		"decision":       {ret, ret},
		"node max":       {maxMin, negamax},
		"enter max":      {maxMin, negamax},
		"window max":     {maxMin, negamax},
		"node min":       {maxMin, negamax},
		"enter min":      {maxMin, negamax},
		"window min":     {maxMin, negamax},
		"eval min":       {maxMin, negamax},
		"eval max":       {maxMin, negamax},
		"leave leaf min": {maxMin, negamax},
		"leave leaf max": {maxMin, negamax},
		"value max":      {maxMin, negamax},
		"value min":      {maxMin, negamax},
		"raise max":      {maxMin, negamax},
		"raise min":      {maxMin, negamax},
		"cut min":        {maxMin, negamax},
		"leave max":      {maxMin, negamax},
		"leave min":      {maxMin, negamax},
	}
	a := search.IterativeEntry[tree.State]().Algorithm
	run := func(ctx context.Context, s tree.State, tr search.Tracing) error {
		_, err := search.Iterative(ctx, s, search.IterativeOptions{Depth: 3, Ordering: true, Tracing: tr})
		return err
	}
	met := checkLines(t, "textbook tree", a, recordTree(t, textbookTree, run), want)
	checkCoverage(t, want, met)
}
