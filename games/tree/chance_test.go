package tree_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/search"
)

var _ search.Chance[tree.ChanceState] = tree.ChanceState{}

func mustParseChance(t *testing.T, text string) tree.ChanceState {
	t.Helper()
	return gametest.MustParse(t, tree.ParseChance, text)
}

// rolled plays and rolls the (action, outcome) pairs in turn from s.
func rolled(s tree.ChanceState, pairs ...[2]int) tree.ChanceState {
	for _, p := range pairs {
		s = s.Roll(p[0], p[1])
	}
	return s
}

// expectiminimax returns the value of s from MAX's view: MAX and MIN
// alternate by moves, and each move's value is the average of its
// outcomes' values weighted by their probabilities.
func expectiminimax(s tree.ChanceState) float64 {
	if s.Done() {
		if s.MaxToMove() {
			return s.Score()
		}
		return -s.Score()
	}
	best := math.Inf(-1)
	if !s.MaxToMove() {
		best = math.Inf(1)
	}
	for _, a := range s.Legal(nil) {
		v := 0.0
		for o, p := range s.Chances(a, nil) {
			v += p * expectiminimax(s.Roll(a, o))
		}
		if s.MaxToMove() {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// expectinegamax returns the value of s from the side to move's view, as
// the engines compute it from Score.
func expectinegamax(s tree.ChanceState) float64 {
	if s.Done() {
		return s.Score()
	}
	best := math.Inf(-1)
	for _, a := range s.Legal(nil) {
		v := 0.0
		for o, p := range s.Chances(a, nil) {
			v -= p * expectinegamax(s.Roll(a, o))
		}
		best = max(best, v)
	}
	return best
}

func TestExpectiminimax(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want float64 // worked by hand
	}{
		// max(0.5×3 + 0.5×12, 0.5×2 + 0.5×20) = max(7.5, 11)
		{"[{0.5:3,0.5:12},{0.5:2,0.5:20}]", 11},
		// MIN moves after the coin: max(0.5×min(3,12) + 0.5×min(2,4),
		// 9/6 - 5/6) = max(1.5 + 1, 2/3)
		{lecture, 2.5},
		// B and C are MIN's: min(0.5×3 + 0.5×5, 0.25×10 - 0.75×2) = min(4, 1)
		// and min(4, 7) = 4 (a chance node of one outcome is no chance).
		{"[[{0.5:3,0.5:5},{0.25:10,0.75:-2}],[{1:4},7]]", 4},
		// MIN moves after the coin either way, then MAX:
		// 0.5×min(max(1,2), max(3,4)) + 0.5×min(5,6) = 0.5×2 + 0.5×5
		{"[{0.5:[[1,2],[3,4]],0.5:[5,6]}]", 3.5},
		// max(3/3 + 6/3 + 9/3, 0.25×0 + 0.75×7) = max(6, 5.25)
		{"[{1/3:3,1/3:6,1/3:9},{.25:0,.75:7}]", 6},
		// B is MIN's, with a chance node among its moves: min(8,
		// 0.5×10 - 0.5×4) = min(8, 3) = 3, and max(3, 2) = 3.
		{"[[8,{0.5:10,0.5:-4}],2]", 3},
		// Plain trees are minimax.
		{rn, 3},
		{"[[[1,2],3],[4,[5,6]]]", 4},
		{"-7", -7},
	}
	for _, tt := range tests {
		root := mustParseChance(t, tt.text)
		if got := expectiminimax(root); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("expectiminimax(%s) = %v, want %v", tt.text, got, tt.want)
		}
		if got := expectinegamax(root); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("expectinegamax(%s) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

func TestChanceScoreSigns(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text    string
		path    [][2]int
		depth   int
		maxMove bool
		score   float64
	}{
		{lecture, nil, 0, true, 0},
		{lecture, [][2]int{{0, 0}}, 1, false, 0},
		{lecture, [][2]int{{0, 0}, {1, 0}}, 2, true, 12},
		{lecture, [][2]int{{1, 0}}, 1, false, -9},
		{lecture, [][2]int{{1, 1}}, 1, false, 1},
		{"[{0.5:[[1,2],[3,4]],0.5:[5,6]}]", [][2]int{{0, 0}, {1, 0}, {0, 0}}, 3, false, -3},
		{"[{0.5:[[1,2],[3,4]],0.5:[5,6]}]", [][2]int{{0, 1}, {1, 0}}, 2, true, 6},
		{"[[8,{0.5:10,0.5:-4}],2]", [][2]int{{0, 0}, {1, 1}}, 2, true, -4},
		{"[[{1:[{1:[-2]}]}]]", [][2]int{{0, 0}, {0, 0}, {0, 0}, {0, 0}}, 4, true, -2},
		{"[{1:[{1:[-2]}]}]", [][2]int{{0, 0}, {0, 0}, {0, 0}}, 3, false, 2},
	}
	for _, tt := range tests {
		s := rolled(mustParseChance(t, tt.text), tt.path...)
		if s.Depth() != tt.depth || s.MaxToMove() != tt.maxMove || s.Score() != tt.score {
			t.Errorf("%s at %v: depth %d, MAX to move %t, score %v; want %d, %t, %v",
				tt.text, tt.path, s.Depth(), s.MaxToMove(), s.Score(), tt.depth, tt.maxMove, tt.score)
		}
	}
}

func TestChanceNamesAndLabels(t *testing.T) {
	t.Parallel()
	// A is the root; B and C its chance nodes; D and E the lists under B.
	root := mustParseChance(t, lecture)
	tests := []struct {
		path     [][2]int
		name     string
		labels   []string
		outcomes [][]string // by action
	}{
		{nil, "A", []string{"a1", "a2"}, [][]string{{"b1", "b2"}, {"c1", "c2"}}},
		{[][2]int{{0, 0}}, "D", []string{"d1", "d2"}, [][]string{{""}, {""}}},
		{[][2]int{{0, 1}}, "E", []string{"e1", "e2"}, [][]string{{""}, {""}}},
		{[][2]int{{0, 1}, {1, 0}}, "4", nil, nil},
		{[][2]int{{1, 1}}, "-1", nil, nil},
	}
	for _, tt := range tests {
		s := rolled(root, tt.path...)
		var labels []string
		var outcomes [][]string
		for _, a := range s.Legal(nil) {
			labels = append(labels, s.Label(a))
			var os []string
			for o := range s.Chances(a, nil) {
				os = append(os, s.OutcomeLabel(a, o))
			}
			outcomes = append(outcomes, os)
		}
		if s.Name() != tt.name || !slices.Equal(labels, tt.labels) || !slices.EqualFunc(outcomes, tt.outcomes, slices.Equal) {
			t.Errorf("at %v: name %q, labels %q, outcomes %q; want %q, %q, %q", tt.path, s.Name(), labels, outcomes, tt.name, tt.labels, tt.outcomes)
		}
	}

	// Breadth first, depth 1 holds the list B and the chance node C, depth
	// 2 the chance node D under B, and depth 3 the list E under D.
	mixed := mustParseChance(t, "[[{1:[7]}],{0.5:1,0.5:2}]")
	if got := []string{mixed.Label(0), mixed.OutcomeLabel(1, 1), mixed.Roll(0, 0).Label(0), mixed.Roll(0, 0).OutcomeLabel(0, 0), rolled(mixed, [2]int{0, 0}, [2]int{0, 0}).Name()}; !slices.Equal(got, []string{"a1", "c2", "b1", "d1", "E"}) {
		t.Errorf("names in breadth-first order: %q, want a1 c2 b1 d1 E", got)
	}

	bad := []struct {
		action, outcome     int
		label, outcomeLabel string
	}{
		{2, 0, "?2", "?0"},
		{-1, 0, "?-1", "?0"},
		{0, 2, "a1", "?2"},
		{0, -1, "a1", "?-1"},
	}
	for _, tt := range bad {
		if l, o := root.Label(tt.action), root.OutcomeLabel(tt.action, tt.outcome); l != tt.label || o != tt.outcomeLabel {
			t.Errorf("Label(%d), OutcomeLabel(%d, %d) = %q, %q; want %q, %q", tt.action, tt.action, tt.outcome, l, o, tt.label, tt.outcomeLabel)
		}
	}
	if got := rolled(root, [2]int{0, 0}).OutcomeLabel(0, 1); got != "?1" {
		t.Errorf("OutcomeLabel(0, 1) of a move without chance = %q, want ?1", got)
	}
}

func TestChances(t *testing.T) {
	t.Parallel()
	s := mustParseChance(t, "[{1/6:9,5/6:-1},4,[1],{.25:0,0.75:7}]")
	tests := []struct {
		action int
		want   []float64
	}{
		{0, []float64{1.0 / 6, 5.0 / 6}},
		{1, []float64{1}},
		{2, []float64{1}},
		{3, []float64{0.25, 0.75}},
		{4, nil},
		{-1, nil},
	}
	for _, tt := range tests {
		buf := []float64{-1}
		got := s.Chances(tt.action, buf)
		if !sameBits(got, append([]float64{-1}, tt.want...)) {
			t.Errorf("Chances(%d, [-1]) = %v, want [-1] followed by %v", tt.action, got, tt.want)
		}
	}
}

func TestRollPanicsOnIllegalRoll(t *testing.T) {
	t.Parallel()
	tests := []struct {
		path            [][2]int
		action, outcome int
		want            string
	}{
		{nil, 2, 0, "tree: Roll(2, 0) at node A: want an action in 0..1"},
		{nil, -1, 0, "tree: Roll(-1, 0) at node A: want an action in 0..1"},
		{nil, 1, 2, "tree: Roll(1, 2) at node A: a2 has outcomes 0..1"},
		{nil, 0, -1, "tree: Roll(0, -1) at node A: a1 has outcomes 0..1"},
		{[][2]int{{0, 0}}, 0, 1, "tree: Roll(0, 1) at node D: d1 has outcomes 0..0"},
		{[][2]int{{1, 0}}, 0, 0, "tree: Roll(0, 0) at leaf 9: a leaf has no actions"},
	}
	for _, tt := range tests {
		s := rolled(mustParseChance(t, lecture), tt.path...)
		gametest.Panics(t, "Roll", tt.want, func() { s.Roll(tt.action, tt.outcome) })
	}
	var zero tree.ChanceState
	gametest.Panics(t, "Roll of the zero ChanceState", "tree: Roll(0, 0) at leaf 0: a leaf has no actions", func() { zero.Roll(0, 0) })
}

func TestChanceZeroState(t *testing.T) {
	t.Parallel()
	var s tree.ChanceState
	if !s.Done() || s.Score() != 0 || s.String() != "0" || s.Depth() != 0 || !s.MaxToMove() || s.Name() != "0" ||
		len(s.Legal(nil)) != 0 || len(s.Chances(0, nil)) != 0 || s.Label(0) != "?0" || s.OutcomeLabel(0, 0) != "?0" {
		t.Errorf("zero ChanceState: done %t, score %v, text %q; want a leaf of value 0", s.Done(), s.Score(), s.String())
	}
}

// TestChanceConformance walks at random from several roots and checks the
// rules of search.Chance at every state it meets.
func TestChanceConformance(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, text := range []string{
		lecture, rn, "7", "[{1:5}]",
		"[[{0.5:3,0.5:5},{0.25:10,0.75:-2}],[{1:4},7]]",
		"[{0.1:[1,{0.2:2,0.3:3,0.5:[4,{1/3:5,1/3:6,1/3:7}]}],0.2:8,0.7:[9,[10]]},{1/7:1,1/7:2,1/7:3,1/7:4,1/7:5,1/7:6,1/7:7}]",
	} {
		root := mustParseChance(t, text)
		for range 50 {
			for s := root; ; {
				checkChanceState(t, text, s)
				legal := s.Legal(nil)
				if len(legal) == 0 {
					break
				}
				a := legal[rng.IntN(len(legal))]
				s = s.Roll(a, rng.IntN(len(s.Chances(a, nil))))
			}
		}
		if root.String() != text {
			t.Errorf("after the walks, the root of %s reads %s", text, root)
		}
	}
}

// checkChanceState checks one state of the tree text: Done exactly at a
// leaf, Score 0 above the leaves, probabilities in (0, 1] summing to 1,
// distinct labels, and Roll leaving s as it was and giving the same state
// every time.
func checkChanceState(t *testing.T, text string, s tree.ChanceState) {
	t.Helper()
	before, beforeText := s, s.String()
	legal := s.Legal(nil)
	if s.Done() != (len(legal) == 0) || (!s.Done() && s.Score() != 0) {
		t.Errorf("%s at %s: done %t with %d actions, score %v", text, s, s.Done(), len(legal), s.Score())
	}
	labels := map[string]bool{}
	for _, a := range legal {
		labels[s.Label(a)] = true
		probs := s.Chances(a, nil)
		sum := 0.0
		outcomes := map[string]bool{}
		for o, p := range probs {
			sum += p
			if !(p > 0 && p <= 1) {
				t.Errorf("%s at %s: action %s outcome %d has probability %v", text, s, s.Label(a), o, p)
			}
			outcomes[s.OutcomeLabel(a, o)] = true
			if next := s.Roll(a, o); next != s.Roll(a, o) || next.Depth() != s.Depth()+1 || next.MaxToMove() == s.MaxToMove() {
				t.Errorf("%s at %s: Roll(%d, %d) gives %s at depth %d", text, s, a, o, next, next.Depth())
			}
		}
		if math.Abs(sum-1) > 1e-9 || len(outcomes) != len(probs) {
			t.Errorf("%s at %s: action %s has probabilities %v summing to %v and %d distinct labels", text, s, s.Label(a), probs, sum, len(outcomes))
		}
	}
	if len(labels) != len(legal) {
		t.Errorf("%s at %s: %d actions but %d distinct labels", text, s, len(legal), len(labels))
	}
	if s != before || s.String() != beforeText {
		t.Errorf("%s: rolling changed %s to %s", text, beforeText, s)
	}
}
