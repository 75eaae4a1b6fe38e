package exercise_test

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/exercise"
)

// textbook is Russell and Norvig's Figure 5.2. By hand: B = min(3, 12, 8)
// = 3; at C, c1 gives 2 ≤ α = 3, so c2 and c3 are pruned and C = 2; D =
// min(14, 5, 2) = 2 with no cut (14 and 5 stay above α = 3); A = 3.
const textbook = "[[3,12,8],[2,4,6],[14,5,2]]"

// difficulties are those the tests generate with.
var difficulties = []exercise.Difficulty{
	exercise.Easy, exercise.Medium, exercise.Hard,
	{Depth: 5, Branching: 2, Cuts: 3},
	{Depth: 4, Branching: 4, Cuts: 5},
}

// mustParse reads a tree with the tests' own parser.
func mustParse(t *testing.T, text string) *rnode {
	t.Helper()
	n, err := parseRef(text)
	if err != nil {
		t.Fatalf("parseRef(%q): %v", text, err)
	}
	return n
}

// sameValues reports whether two value maps have the same names and
// values within 1e-9.
func sameValues(a, b map[string]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || math.Abs(v-w) > 1e-9 {
			return false
		}
	}
	return true
}

// TestAlphaBetaAgainstReference solves 1,000 generated trees and checks
// every pruned edge and every value against the tests' own alpha-beta,
// and the number of cuts against the difficulty.
func TestAlphaBetaAgainstReference(t *testing.T) {
	t.Parallel()
	trees := 0
	for _, d := range difficulties {
		for seed := range int64(100) {
			for _, kind := range []exercise.Kind{exercise.AlphaBeta, exercise.MiniMax} {
				t.Run(fmt.Sprintf("%s/%s/seed%d", difficultyName(d), kind, seed), func(t *testing.T) {
					t.Parallel()
					ex, err := exercise.Generate(kind, d, seed)
					if err != nil {
						t.Fatalf("Generate(%s, %+v, %d): %v", kind, d, seed, err)
					}
					ex.Kind = exercise.AlphaBeta // minimax's trees have any number of cuts
					got, err := exercise.Solve(ex)
					if err != nil {
						t.Fatalf("Solve(%s): %v", ex.Tree, err)
					}
					ref := refAlphaBeta{values: map[string]float64{}}
					ref.search(mustParse(t, ex.Tree), true, math.Inf(-1), math.Inf(1))
					if !slices.Equal(got.Pruned, ref.pruned) {
						t.Errorf("%s: pruned %v, want %v", ex.Tree, got.Pruned, ref.pruned)
					}
					if !sameValues(got.Values, ref.values) {
						t.Errorf("%s: values %v, want %v", ex.Tree, got.Values, ref.values)
					}
					if kind == exercise.AlphaBeta && ref.cuts != d.Cuts {
						t.Errorf("%s: %d cuts, want %d", ex.Tree, ref.cuts, d.Cuts)
					}
				})
				trees++
			}
		}
	}
	if trees < 1000 {
		t.Errorf("checked %d trees, want at least 1000", trees)
	}
}

// difficultyName names d in a subtest's name: its depth, branching and
// cuts.
func difficultyName(d exercise.Difficulty) string {
	return fmt.Sprintf("d%db%dc%d", d.Depth, d.Branching, d.Cuts)
}

// TestLeafRange checks that generated leaves are whole numbers from
// MinLeaf to MaxLeaf, both ends met.
func TestLeafRange(t *testing.T) {
	t.Parallel()
	seen := map[float64]bool{}
	var walk func(n *rnode)
	walk = func(n *rnode) {
		if len(n.kids) == 0 {
			if n.value != math.Trunc(n.value) || n.value < exercise.MinLeaf || n.value > exercise.MaxLeaf {
				t.Errorf("leaf %v is outside %d..%d", n.value, exercise.MinLeaf, exercise.MaxLeaf)
			}
			seen[n.value] = true
		}
		for _, k := range n.kids {
			walk(k)
		}
	}
	for seed := range int64(20) {
		ex, err := exercise.Generate(exercise.Expectimax, exercise.Hard, seed)
		if err != nil {
			t.Fatal(err)
		}
		walk(mustParse(t, ex.Tree))
	}
	if !seen[exercise.MinLeaf] || !seen[exercise.MaxLeaf] {
		t.Errorf("leaves %v miss an end of %d..%d", seen, exercise.MinLeaf, exercise.MaxLeaf)
	}
}

// TestParseKind checks kind names.
func TestParseKind(t *testing.T) {
	t.Parallel()
	if k, err := exercise.ParseKind(" AlphaBeta "); k != exercise.AlphaBeta || err != nil {
		t.Errorf("ParseKind(AlphaBeta) = %q, %v", k, err)
	}
	if _, err := exercise.ParseKind("chess"); err == nil {
		t.Error("ParseKind(chess) succeeded")
	}
}

// TestValuesAgainstReference checks MiniMax, NegaMax and Expectimax
// values on generated trees against the tests' own searches.
func TestValuesAgainstReference(t *testing.T) {
	t.Parallel()
	for _, d := range difficulties {
		for seed := range int64(40) {
			for _, kind := range []exercise.Kind{exercise.MiniMax, exercise.NegaMax, exercise.Expectimax} {
				t.Run(fmt.Sprintf("%s/%s/seed%d", difficultyName(d), kind, seed), func(t *testing.T) {
					t.Parallel()
					ex, err := exercise.Generate(kind, d, seed)
					if err != nil {
						t.Fatalf("Generate(%s, %+v, %d): %v", kind, d, seed, err)
					}
					got, err := exercise.Solve(ex)
					if err != nil {
						t.Fatalf("Solve(%s): %v", ex.Tree, err)
					}
					want := map[string]float64{}
					root := mustParse(t, ex.Tree)
					switch kind {
					case exercise.MiniMax:
						refMiniMax(root, true, want)
					case exercise.NegaMax:
						refNegaMax(root, 1, want)
						// NegaMax's values are MiniMax's, negated where MIN moves.
						mm := map[string]float64{}
						refMiniMax(root, true, mm)
						for name, v := range want {
							if v != mm[name] && v != -mm[name] {
								t.Errorf("%s: negamax %s=%v is not ±minimax %v", ex.Tree, name, v, mm[name])
							}
						}
					default:
						refExpectimax(root, true, want)
					}
					if !sameValues(got.Values, want) {
						t.Errorf("%s %s: values %v, want %v", kind, ex.Tree, got.Values, want)
					}
				})
			}
		}
	}
}

// TestUCB1AgainstReference checks the child picked in generated UCB1
// exercises of every level against the tests' own UCB1, and that the
// items discriminate: over a thousand items of each level, each classic
// mistake, modelled here on its own, gives UCB1's child on at most 5% of
// them (a tie that includes it counts as giving it), and no item has an
// unvisited child, which UCB1 picks whatever the scores. Each item keeps
// to what its level's label says.
func TestUCB1AgainstReference(t *testing.T) {
	t.Parallel()
	mean := func(w float64, n int) float64 { return w / float64(n) }
	mistakes := []struct {
		name  string
		score func(t int, c, w float64, n int) float64
	}{
		{"best mean", func(_ int, _, w float64, n int) float64 { return mean(w, n) }},
		{"most visited", func(_ int, _, _ float64, n int) float64 { return float64(n) }},
		{"least visited", func(_ int, _, _ float64, n int) float64 { return -float64(n) }},
		{"no square root", func(t int, c, w float64, n int) float64 {
			return mean(w, n) + c*2*math.Log(float64(t))/float64(n)
		}},
		{"no logarithm", func(t int, c, w float64, n int) float64 { return mean(w, n) + c*math.Sqrt(2*float64(t)/float64(n)) }},
		{"child's visits for t", func(_ int, c, w float64, n int) float64 {
			return mean(w, n) + c*math.Sqrt(2*math.Log(float64(n))/float64(n))
		}},
	}
	const items = 1000
	tables := map[string][]string{}
	for _, l := range exercise.LevelsOf(exercise.UCB1) {
		t.Run(l.Name, func(t *testing.T) {
			right := make([]int, len(mistakes))
			var first []string
			for seed := range int64(items) {
				ex, err := exercise.Generate(exercise.UCB1, l.Difficulty, seed)
				if err != nil {
					t.Fatal(err)
				}
				if seed < 40 {
					first = append(first, fmt.Sprint(ex.Arms, ex.C))
				}
				w := make([]float64, len(ex.Arms))
				n := make([]int, len(ex.Arms))
				for i, a := range ex.Arms {
					w[i], n[i] = a.W, a.N
					if a.N == 0 || a.N > l.Difficulty.MaxVisits || a.W < 0 || a.W > float64(a.N) {
						t.Fatalf("seed %d: child %+v: want 1 to %d visits and a total of wins from 0 to its visits", seed, a, l.Difficulty.MaxVisits)
					}
				}
				if len(ex.Arms) != l.Difficulty.Branching || !strings.Contains(l.Label, fmt.Sprintf("%d children", len(ex.Arms))) ||
					!strings.Contains(l.Label, fmt.Sprintf("up to %d visits", l.Difficulty.MaxVisits)) {
					t.Fatalf("seed %d: %d children, visits up to %d, under the label %q", seed, len(ex.Arms), l.Difficulty.MaxVisits, l.Label)
				}
				if l.Difficulty.C != 0 && ex.C != l.Difficulty.C {
					t.Fatalf("seed %d: C = %v, want the level's %v", seed, ex.C, l.Difficulty.C)
				}
				want := refUCB1(ex.Visits, ex.C, w, n)
				got, err := exercise.Solve(ex)
				if err != nil {
					t.Fatal(err)
				}
				if got.Child != ex.Arms[want].Label {
					t.Errorf("seed %d %+v: child %s, want %s", seed, ex, got.Child, ex.Arms[want].Label)
				}
				for k, m := range mistakes {
					top := math.Inf(-1)
					for i := range w {
						top = max(top, m.score(ex.Visits, ex.C, w[i], n[i]))
					}
					if m.score(ex.Visits, ex.C, w[want], n[want]) >= top-1e-9 {
						right[k]++
					}
				}
			}
			for k, m := range mistakes {
				if right[k] > items/20 {
					t.Errorf("the mistake %q gives UCB1's child in %d of %d items, more than 5%%", m.name, right[k], items)
				}
			}
			tables[l.Name] = first
		})
	}
	if reflect.DeepEqual(tables["easy"], tables["medium"]) || reflect.DeepEqual(tables["medium"], tables["hard"]) {
		t.Error("two levels give the same tables for seeds 0 to 39")
	}
}

// TestTextbook checks Figure 5.2 of Russell and Norvig by hand.
func TestTextbook(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind   exercise.Kind
		pruned []string
		values map[string]float64
	}{
		{exercise.AlphaBeta, []string{"c2", "c3"}, map[string]float64{"A": 3, "B": 3, "C": 2, "D": 2}},
		{exercise.MiniMax, nil, map[string]float64{"A": 3, "B": 3, "C": 2, "D": 2}},
		{exercise.NegaMax, nil, map[string]float64{"A": 3, "B": -3, "C": -2, "D": -2}},
	}
	for _, tt := range tests {
		got, err := exercise.Solve(exercise.Exercise{Kind: tt.kind, Tree: textbook})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Pruned, tt.pruned) || !sameValues(got.Values, tt.values) {
			t.Errorf("%s: got %v, want pruned %v values %v", tt.kind, got, tt.pruned, tt.values)
		}
	}
}

// TestExpectimaxByHand checks the chance tree of games/tree's
// documentation: D = min(3, 12) = 3, E = min(2, 4) = 2, B = 0.5×3 +
// 0.5×2 = 2.5, C = 9/6 - 5/6 = 2/3, A = max(2.5, 2/3) = 2.5.
func TestExpectimaxByHand(t *testing.T) {
	t.Parallel()
	ex := exercise.Exercise{Kind: exercise.Expectimax, Tree: "[{0.5:[3,12],0.5:[2,4]},{1/6:9,5/6:-1}]"}
	got, err := exercise.Solve(ex)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"A": 2.5, "B": 2.5, "C": 2.0 / 3, "D": 3, "E": 2}
	for name, v := range want {
		if math.Abs(got.Values[name]-v) > 1e-9 {
			t.Errorf("%s = %v, want %v", name, got.Values[name], v)
		}
	}
	r := grade(t, ex, "A=2.5 B=2.5 C=0.67 D=3 E=2")
	if !r.Correct {
		t.Errorf("two decimals: %+v", r)
	}
	r = grade(t, ex, "A=2.5 B=2.5 C=0.6 D=3 E=2")
	if r.MistakeKey() != "value C" || !strings.Contains(r.Feedback, "1/6×9 + 5/6×-1 = 0.667, not 0.6") {
		t.Errorf("wrong C: %s: %s", r.MistakeKey(), r.Feedback)
	}
}

// grade parses and grades an answer.
func grade(t *testing.T, ex exercise.Exercise, text string) exercise.Result {
	t.Helper()
	ans, err := exercise.ParseAnswer(ex.Kind, text)
	if err != nil {
		t.Fatalf("ParseAnswer(%q): %v", text, err)
	}
	r, err := exercise.Grade(ex, ans)
	if err != nil {
		t.Fatalf("Grade(%q): %v", text, err)
	}
	return r
}

// TestGrade checks the grade and feedback of answers to hand-checked
// trees, one mistake or a few at a time.
func TestGrade(t *testing.T) {
	t.Parallel()
	ab := exercise.Exercise{Kind: exercise.AlphaBeta, Tree: textbook}
	// In deep, C's first child D = max(1, 2) = 2 ≤ α = 3 prunes c2, the
	// edge to E = [9,9], whose edges are e1 and e2.
	deep := exercise.Exercise{Kind: exercise.AlphaBeta, Tree: "[[3,5],[[1,2],[9,9]]]"}
	beta := exercise.Exercise{Kind: exercise.AlphaBeta, Tree: "[[5,[6,9]],3]"}
	tests := []struct {
		name string
		ex   exercise.Exercise
		text string
		key  string   // the first mistake's key; "" for a correct answer
		says []string // what the feedback says
	}{
		{"perfect", ab, "pruned: c2 c3; B=3 C=2 D=2; A=3", "", []string{"Correct."}},
		{"other order and case", ab, "a=3, d = 2\nb=3 c=2; Pruned: C3, c2", "", nil},
		{"missed c3", ab, "pruned: c2; B=3 C=2 D=2; A=3", "missed-prune c3",
			[]string{"At C, after c1 the value is 2", "α-cut: 2 ≤ α=3", "MAX above", "(c2 and c3) are pruned", "c3 is one of them"}},
		{"missed both", ab, "B=3 C=2 D=2; A=3", "missed-prune c2", []string{"c2 is one of them"}},
		{"extra d2", ab, "pruned: c2 c3 d2; B=3 C=2 D=2; A=3", "extra-prune d2",
			[]string{"d2 is not pruned: at D, after d1 the value is 14, still above α=3"}},
		{"extra d3", ab, "pruned: c2 c3 d3; B=3 C=2 D=2; A=3", "extra-prune d3",
			[]string{"after d2 the value is 5, still above α=3"}},
		{"first child", ab, "pruned: b1 c2 c3; B=3 C=2 D=2; A=3", "extra-prune b1", []string{"always looks at B's first child"}},
		{"no such edge", ab, "pruned: c2 c3 z9; B=3 C=2 D=2; A=3", "extra-prune z9", []string{"no edge z9"}},
		{"wrong B", ab, "pruned: c2 c3; B=12 C=2 D=2; A=3", "value B",
			[]string{"B is a MIN node", "min(3, 12, 8) = 3, not 12."}},
		{"wrong C, fail-soft", ab, "pruned: c2 c3; B=3 C=4 D=2; A=3", "value C",
			[]string{"children searched before the cut", "min(2) = 2, not 4"}},
		{"wrong A", ab, "pruned: c2 c3; B=3 C=2 D=2; A=2", "value A", []string{"A is a MAX node", "max(3, 2, 2) = 3, not 2"}},
		{"missing D", ab, "pruned: c2 c3; B=3 C=2; A=3", "missing-value D", []string{"Give D's value too"}},
		{"unknown node", ab, "pruned: c2 c3; B=3 C=2 D=2 Q=1; A=3", "extra-value Q", []string{"no interior node Q"}},
		// Search order: B is left before C cuts, and C cuts before D is left.
		{"B before the cut", ab, "pruned: c3; B=4 C=2 D=2; A=3", "value B", nil},
		{"cut before D", ab, "pruned: c3; B=3 C=2 D=5; A=3", "missed-prune c2", nil},
		{"cut before extra d2", ab, "pruned: d2; B=3 C=2 D=2; A=3", "missed-prune c2", nil},
		{"deep perfect", deep, "pruned: c2; A=3 B=3 C=2 D=2", "", nil},
		{"below a pruned edge", deep, "pruned: c2 e1; A=3 B=3 C=2 D=2", "extra-prune e1", []string{"e1 is below c2, which is pruned"}},
		{"missed a lone prune", deep, "pruned: none; A=3 B=3 C=2 D=2", "missed-prune c2",
			[]string{"At C, after c1 the value is 2", "so C's last child, c2, is pruned."}},
		{"value below a pruned edge", deep, "pruned: c2; A=3 B=3 C=2 D=2 E=9", "extra-value E", []string{"never computes its value"}},
		{"minimax", exercise.Exercise{Kind: exercise.MiniMax, Tree: textbook}, "A=3 B=3 C=6 D=2", "value C",
			[]string{"min(2, 4, 6) = 2, not 6"}},
		{"negamax sign", exercise.Exercise{Kind: exercise.NegaMax, Tree: textbook}, "A=3 B=3 C=-2 D=-2", "value B",
			[]string{"view of MIN", "max(-3, -12, -8) = -3, not 3"}},
		{"extra a2", ab, "pruned: a2 c2 c3; B=3 C=2 D=2; A=3", "extra-prune a2",
			[]string{"a2 is not pruned: at A, after a1 the value is 3, still below β=∞"}},
		{"twice extra", ab, "pruned: c2 c3 d2 d2; B=3 C=2 D=2; A=3", "extra-prune d2", nil},
		// In beta, B = min(5, C) with C = [6,9]: at C, c1 gives 6 ≥ β = 5,
		// a β-cut that prunes c2; fail-soft, C = 6.
		{"beta perfect", beta, "pruned: c2; A=5 B=5 C=6", "", nil},
		{"beta missed", beta, "A=5 B=5 C=6", "missed-prune c2",
			[]string{"At C, after c1 the value is 6 (β-cut: 6 ≥ β=5): MIN above is sure of 5 elsewhere"}},
		{"beta fail-soft", beta, "pruned: c2; A=5 B=5 C=9", "value C", []string{"max(6) = 6, not 9"}},
		{"negamax perfect", exercise.Exercise{Kind: exercise.NegaMax, Tree: textbook}, "A=3 B=-3 C=-2 D=-2", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := grade(t, tt.ex, tt.text)
			if got := r.MistakeKey(); got != tt.key {
				t.Errorf("key %q, want %q; feedback: %s", got, tt.key, r.Feedback)
			}
			if r.Correct != (tt.key == "") {
				t.Errorf("Correct = %v with mistakes %v", r.Correct, r.Mistakes)
			}
			for _, s := range tt.says {
				if !strings.Contains(r.Feedback, s) {
					t.Errorf("feedback %q does not say %q", r.Feedback, s)
				}
			}
		})
	}
}

// TestGradeCounts checks the counts of a grade with one of each mistake.
func TestGradeCounts(t *testing.T) {
	t.Parallel()
	ex := exercise.Exercise{Kind: exercise.AlphaBeta, Tree: textbook}
	r := grade(t, ex, "pruned: c2 d2; A=3 B=4 C=2 Q=1")
	want := exercise.Result{ValuesRight: 2, ValuesWrong: 1, ValuesMissing: 1, ValuesExtra: 1, PrunedRight: 1, PrunedMissing: 1, PrunedExtra: 1}
	got := r
	got.Mistakes, got.Feedback = nil, ""
	if !reflect.DeepEqual(got, want) {
		t.Errorf("counts %+v, want %+v", got, want)
	}
	if len(r.Mistakes) != 5 {
		t.Errorf("%d mistakes, want 5: %v", len(r.Mistakes), r.Mistakes)
	}
	// Search order: Q does not exist (before the search), B is left, C
	// cuts (c3 missed), d2 is searched, D is left.
	var keys []string
	for _, m := range r.Mistakes {
		keys = append(keys, m.Key())
	}
	wantKeys := []string{"extra-value Q", "value B", "missed-prune c3", "extra-prune d2", "missing-value D"}
	if !slices.Equal(keys, wantKeys) {
		t.Errorf("mistakes %v, want %v", keys, wantKeys)
	}
}

// TestGradeUCB1 checks UCB1's grades by hand. With t = 10 and C = 1:
// a1 scores 3/5 + √(2 ln 10 / 5) ≈ 1.560, a2 scores 4/4 + √(2 ln 10 / 4)
// ≈ 2.073, a3 scores 0/1 + √(2 ln 10) ≈ 2.146, so UCB1 picks a3.
func TestGradeUCB1(t *testing.T) {
	t.Parallel()
	ex := exercise.Exercise{Kind: exercise.UCB1, Visits: 10, C: 1,
		Arms: []exercise.Arm{{Label: "a1", W: 3, N: 5}, {Label: "a2", W: 4, N: 4}, {Label: "a3", W: 0, N: 1}}}
	if r := grade(t, ex, "child: a3"); !r.Correct {
		t.Errorf("a3: %+v", r)
	}
	if r := grade(t, ex, "A3"); !r.Correct {
		t.Errorf("bare A3: %+v", r)
	}
	r := grade(t, ex, "child: a2")
	if r.MistakeKey() != "child a2" || !strings.Contains(r.Feedback, "UCB1 picks a3") ||
		!strings.Contains(r.Feedback, "= 2.146") || !strings.Contains(r.Feedback, "a2 scores 2.073") {
		t.Errorf("a2: %s: %s", r.MistakeKey(), r.Feedback)
	}
	// a2 has the best mean, 4/4 against 3/5 and 0/1: the feedback names
	// the mistake.
	if !strings.Contains(r.Feedback, "a2 has the best mean w/n") {
		t.Errorf("a2, the best mean: the feedback does not name the mistake: %s", r.Feedback)
	}
	// a1 has the most visits, 5.
	if r := grade(t, ex, "child: a1"); !strings.Contains(r.Feedback, "a1 has the most visits") {
		t.Errorf("a1, the most visits: the feedback does not name the mistake: %s", r.Feedback)
	}
	ex.Arms[1].N, ex.Arms[1].W = 0, 0
	r = grade(t, ex, "child: a3")
	if r.MistakeKey() != "child a3" || !strings.Contains(r.Feedback, "a2: it has not been visited") {
		t.Errorf("unvisited: %s: %s", r.MistakeKey(), r.Feedback)
	}
}

// TestGenerateDeterministic checks that a seed makes one exercise.
func TestGenerateDeterministic(t *testing.T) {
	t.Parallel()
	for _, kind := range []exercise.Kind{exercise.AlphaBeta, exercise.MiniMax, exercise.NegaMax, exercise.UCB1, exercise.Expectimax} {
		a, err := exercise.Generate(kind, exercise.Medium, 42)
		if err != nil {
			t.Fatal(err)
		}
		b, err := exercise.Generate(kind, exercise.Medium, 42)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: seed 42 made %+v and %+v", kind, a, b)
		}
		c, err := exercise.Generate(kind, exercise.Medium, 43)
		if err != nil {
			t.Fatal(err)
		}
		if reflect.DeepEqual(a, c) {
			t.Errorf("%s: seeds 42 and 43 made the same exercise", kind)
		}
		if a.Kind != kind || a.Seed != 42 || a.Difficulty != exercise.Medium {
			t.Errorf("%s: exercise %+v", kind, a)
		}
	}
}

// TestGenerateLimits checks that Generate refuses difficulties beyond
// its limits and accepts those at them.
func TestGenerateLimits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind exercise.Kind
		d    exercise.Difficulty
		ok   bool
	}{
		{exercise.MiniMax, exercise.Difficulty{Depth: exercise.MaxDepth, Branching: 2}, true},
		{exercise.MiniMax, exercise.Difficulty{Depth: exercise.MaxDepth + 1, Branching: 2}, false},
		{exercise.MiniMax, exercise.Difficulty{Depth: 0, Branching: 2}, false},
		{exercise.MiniMax, exercise.Difficulty{Depth: 2, Branching: exercise.MaxBranching}, true},
		{exercise.MiniMax, exercise.Difficulty{Depth: 2, Branching: exercise.MaxBranching + 1}, false},
		{exercise.MiniMax, exercise.Difficulty{Depth: 2, Branching: 1}, false},
		{exercise.MiniMax, exercise.Difficulty{Depth: 4, Branching: 4}, true},  // 256 leaves, MaxLeaves
		{exercise.MiniMax, exercise.Difficulty{Depth: 5, Branching: 4}, false}, // 1024 leaves
		{exercise.Expectimax, exercise.Difficulty{Depth: 5, Branching: 4}, false},
		{exercise.AlphaBeta, exercise.Difficulty{Depth: 2, Branching: 2, Cuts: -1}, false},
		{exercise.UCB1, exercise.Difficulty{Branching: exercise.MaxGeneratedArms}, true},
		{exercise.UCB1, exercise.Difficulty{Branching: exercise.MaxGeneratedArms + 1}, false},
		{exercise.UCB1, exercise.Difficulty{Branching: 1}, false},
		{exercise.UCB1, exercise.Difficulty{Branching: 4, MaxVisits: exercise.MaxGeneratedVisits}, true},
		{exercise.UCB1, exercise.Difficulty{Branching: 4, MaxVisits: exercise.MaxGeneratedVisits + 1}, false},
		{exercise.UCB1, exercise.Difficulty{Branching: 4, C: exercise.MaxGeneratedC}, true},
		{exercise.UCB1, exercise.Difficulty{Branching: 4, C: exercise.MaxGeneratedC + 1}, false},
		{exercise.UCB1, exercise.Difficulty{Branching: 4, C: -1}, false},
		{exercise.Kind("chess"), exercise.Easy, false},
	}
	for _, tt := range tests {
		_, err := exercise.Generate(tt.kind, tt.d, 1)
		if (err == nil) != tt.ok {
			t.Errorf("Generate(%s, %+v): error %v, want ok %v", tt.kind, tt.d, err, tt.ok)
		}
	}
	if 4*4*4*4 != exercise.MaxLeaves {
		t.Errorf("the test's 4⁴ leaves is not MaxLeaves %d", exercise.MaxLeaves)
	}
}

// TestGenerateNoFit checks that cuts no tree can make exhaust
// MaxAttempts: the root of a tree of depth 1 has an open window and
// never cuts.
func TestGenerateNoFit(t *testing.T) {
	t.Parallel()
	_, err := exercise.Generate(exercise.AlphaBeta, exercise.Difficulty{Depth: 1, Branching: 3, Cuts: 1}, 1)
	if !errors.Is(err, exercise.ErrNoFit) {
		t.Errorf("error %v, want ErrNoFit", err)
	}
}

// TestSolveErrors checks that Solve refuses broken exercises typed by
// hand, limits crossed included, without panicking.
func TestSolveErrors(t *testing.T) {
	t.Parallel()
	arms := make([]exercise.Arm, exercise.MaxArms+1)
	for i := range arms {
		arms[i] = exercise.Arm{Label: "a" + strconv.Itoa(i+1), N: 1}
	}
	tests := []struct {
		name string
		ex   exercise.Exercise
	}{
		{"unknown kind", exercise.Exercise{Kind: "chess", Tree: textbook}},
		{"bad tree", exercise.Exercise{Kind: exercise.AlphaBeta, Tree: "[[3,12"}},
		{"chance in alphabeta", exercise.Exercise{Kind: exercise.AlphaBeta, Tree: "[{0.5:1,0.5:2}]"}},
		{"bad probabilities", exercise.Exercise{Kind: exercise.Expectimax, Tree: "[{0.5:1,0.4:2}]"}},
		{"no arms", exercise.Exercise{Kind: exercise.UCB1, Visits: 1, C: 1}},
		{"too many arms", exercise.Exercise{Kind: exercise.UCB1, Visits: 100, C: 1, Arms: arms}},
		{"no visits", exercise.Exercise{Kind: exercise.UCB1, C: 1, Arms: []exercise.Arm{{Label: "a1"}}}},
		{"bad C", exercise.Exercise{Kind: exercise.UCB1, Visits: 1, C: math.NaN(), Arms: []exercise.Arm{{Label: "a1"}}}},
		{"bad label", exercise.Exercise{Kind: exercise.UCB1, Visits: 1, C: 1, Arms: []exercise.Arm{{Label: "A-1"}}}},
		{"twice", exercise.Exercise{Kind: exercise.UCB1, Visits: 1, C: 1, Arms: []exercise.Arm{{Label: "a1"}, {Label: "a1"}}}},
		{"negative visits", exercise.Exercise{Kind: exercise.UCB1, Visits: 1, C: 1, Arms: []exercise.Arm{{Label: "a1", N: -1}}}},
	}
	for _, tt := range tests {
		if _, err := exercise.Solve(tt.ex); err == nil {
			t.Errorf("%s: Solve succeeded", tt.name)
		}
		if _, err := exercise.Grade(tt.ex, exercise.Answer{}); err == nil {
			t.Errorf("%s: Grade succeeded", tt.name)
		}
	}
	ok := arms[:exercise.MaxArms]
	if _, err := exercise.Solve(exercise.Exercise{Kind: exercise.UCB1, Visits: 100, C: 1, Arms: ok}); err != nil {
		t.Errorf("MaxArms arms: %v", err)
	}
}
