package tree_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/search"
)

var _ search.Alternating[tree.State] = tree.State{}

// rn is the tree of Russell and Norvig's Figure 5.2.
const rn = "[[3,12,8],[2,4,6],[14,5,2]]"

func mustParse(t *testing.T, text string) tree.State {
	t.Helper()
	s, err := tree.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%.40q): %v", text, err)
	}
	return s
}

// at plays the actions in turn from s.
func at(s tree.State, actions ...int) tree.State {
	for _, a := range actions {
		s = s.Play(a)
	}
	return s
}

// minimax returns the value of s from MAX's view with explicit max and min
// levels, turning each leaf's score back into MAX's view.
func minimax(s tree.State) float64 {
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
		if v := minimax(s.Play(a)); s.MaxToMove() {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// negamax returns the value of s from the side to move's view.
func negamax(s tree.State) float64 {
	if s.Done() {
		return s.Score()
	}
	best := math.Inf(-1)
	for _, a := range s.Legal(nil) {
		best = max(best, -negamax(s.Play(a)))
	}
	return best
}

func TestMinimax(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want float64 // worked by hand
	}{
		{rn, 3},                      // min(3,12,8)=3, min(2,4,6)=2, min(14,5,2)=2
		{"[[[1,2],3],[4,[5,6]]]", 4}, // max(min(max(1,2),3), min(4,max(5,6))) = max(2,4)
		{"[[-1.5],0.25]", 0.25},      // max(min(-1.5), 0.25)
		{"-7", -7},
	}
	for _, tt := range tests {
		root := mustParse(t, tt.text)
		if got := minimax(root); got != tt.want {
			t.Errorf("minimax(%s) = %v, want %v", tt.text, got, tt.want)
		}
		if got := negamax(root); got != tt.want {
			t.Errorf("negamax(%s) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

func TestScoreSigns(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text    string
		path    []int
		depth   int
		maxMove bool
		score   float64
	}{
		{"5", nil, 0, true, 5},
		{"[1,2]", nil, 0, true, 0},
		{"[1,2]", []int{0}, 1, false, -1},
		{"[1,2]", []int{1}, 1, false, -2},
		{rn, []int{0}, 1, false, 0},
		{rn, []int{0, 1}, 2, true, 12},
		{rn, []int{2, 2}, 2, true, 2},
		{"[[-1.5],0.25]", []int{0, 0}, 2, true, -1.5},
		{"[[-1.5],0.25]", []int{1}, 1, false, -0.25},
		{"[[[-4]]]", []int{0, 0, 0}, 3, false, 4},
	}
	for _, tt := range tests {
		s := at(mustParse(t, tt.text), tt.path...)
		if s.Depth() != tt.depth || s.MaxToMove() != tt.maxMove || s.Score() != tt.score {
			t.Errorf("%s at %v: depth %d, MAX to move %t, score %v; want %d, %t, %v",
				tt.text, tt.path, s.Depth(), s.MaxToMove(), s.Score(), tt.depth, tt.maxMove, tt.score)
		}
	}
}

func TestRussellNorvigLabels(t *testing.T) {
	t.Parallel()
	root := mustParse(t, rn)
	tests := []struct {
		path   []int
		name   string
		labels []string
	}{
		{nil, "A", []string{"a1", "a2", "a3"}},
		{[]int{0}, "B", []string{"b1", "b2", "b3"}},
		{[]int{1}, "C", []string{"c1", "c2", "c3"}},
		{[]int{2}, "D", []string{"d1", "d2", "d3"}},
		{[]int{0, 1}, "12", nil},
		{[]int{2, 0}, "14", nil},
	}
	for _, tt := range tests {
		s := at(root, tt.path...)
		var labels []string
		for _, a := range s.Legal(nil) {
			labels = append(labels, s.Label(a))
		}
		if s.Name() != tt.name || !slices.Equal(labels, tt.labels) {
			t.Errorf("at %v: name %q, labels %q; want %q, %q", tt.path, s.Name(), labels, tt.name, tt.labels)
		}
	}
	for a, want := range map[int]string{-1: "?-1", 3: "?3"} {
		if got := root.Label(a); got != want {
			t.Errorf("Label(%d) = %q, want %q", a, got, want)
		}
	}
}

func TestNamesBreadthFirst(t *testing.T) {
	t.Parallel()
	many := "[" + strings.Repeat("[1],", 701) + "[1]]" // a root over 702 interior nodes
	tests := []struct {
		text  string
		path  []int
		name  string
		label string // of action 0
	}{
		// Depth 1 holds B and C; depth 2 holds D (under B) and E (under C).
		{"[[[1,2],3],[4,[5,6]]]", []int{0}, "B", "b1"},
		{"[[[1,2],3],[4,[5,6]]]", []int{1}, "C", "c1"},
		{"[[[1,2],3],[4,[5,6]]]", []int{0, 0}, "D", "d1"},
		{"[[[1,2],3],[4,[5,6]]]", []int{1, 1}, "E", "e1"},
		{"[[[1,2],3],[4,[5,6]]]", []int{1, 0}, "4", "?0"},
		// The root is A, its children B..Z, then AA, AB, ..., ZZ, AAA.
		{many, []int{24}, "Z", "z1"},
		{many, []int{25}, "AA", "aa1"},
		{many, []int{29}, "AE", "ae1"},
		{many, []int{50}, "AZ", "az1"},
		{many, []int{51}, "BA", "ba1"},
		{many, []int{700}, "ZZ", "zz1"},
		{many, []int{701}, "AAA", "aaa1"},
	}
	for _, tt := range tests {
		s := at(mustParse(t, tt.text), tt.path...)
		if s.Name() != tt.name || s.Label(0) != tt.label {
			t.Errorf("%.30s at %v: name %q, label %q; want %q, %q", tt.text, tt.path, s.Name(), s.Label(0), tt.name, tt.label)
		}
	}
	if got := mustParse(t, many).Label(701); got != "a702" {
		t.Errorf("root's last label %q, want a702", got)
	}
}

func TestZeroState(t *testing.T) {
	t.Parallel()
	var s tree.State
	if !s.Done() || s.Score() != 0 || s.String() != "0" || s.Depth() != 0 || !s.MaxToMove() || len(s.Legal(nil)) != 0 || s.Tree() != nil {
		t.Errorf("zero State: done %t, score %v, text %q; want a leaf of value 0", s.Done(), s.Score(), s.String())
	}
}

func TestPlayDoesNotMutate(t *testing.T) {
	t.Parallel()
	root := mustParse(t, rn)
	b := at(root, 0)
	before := b
	for _, a := range b.Legal(nil) {
		if leaf := b.Play(a); leaf.Depth() != 2 {
			t.Errorf("b.Play(%d) at depth %d, want 2", a, leaf.Depth())
		}
	}
	if b != before || b.String() != "[3,12,8]" || root.String() != rn || root.Tree().Len() != 13 {
		t.Errorf("after playing, B is %s and the root %s", b, root)
	}
}

func TestPlayPanicsOnIllegalAction(t *testing.T) {
	t.Parallel()
	tests := []struct {
		path   []int
		action int
		want   string
	}{
		{nil, 3, "tree: Play(3) at node A: want an action in 0..2"},
		{[]int{1}, -1, "tree: Play(-1) at node C: want an action in 0..2"},
		{[]int{1, 0}, 0, "tree: Play(0) at leaf 2: a leaf has no actions"},
	}
	for _, tt := range tests {
		s := at(mustParse(t, rn), tt.path...)
		func() {
			defer func() {
				if got := recover(); got != tt.want {
					t.Errorf("Play(%d) at %v panics with %v, want %q", tt.action, tt.path, got, tt.want)
				}
			}()
			s.Play(tt.action)
		}()
	}
}

// sided is a tree state whose text also says who is to move: "min " before
// the subtree's text when MIN is. The tree's own text gives only the shape,
// so parsed again a subtree has MAX to move and the conformance suite would
// find that a leaf at odd depth scores the opposite from its text.
type sided struct{ tree.State }

func (s sided) Play(action int) sided { return sided{s.State.Play(action)} }

func (s sided) String() string {
	if s.MaxToMove() {
		return s.State.String()
	}
	return "min " + s.State.String()
}

// parseSided reads a sided text: a subtree with MIN to move is the only
// child of a MAX root.
func parseSided(text string) (sided, error) {
	if sub, ok := strings.CutPrefix(text, "min "); ok {
		s, err := tree.Parse("[" + sub + "]")
		if err != nil {
			return sided{}, err
		}
		return sided{s.Play(0)}, nil
	}
	s, err := tree.Parse(text)
	return sided{s}, err
}

func TestConformance(t *testing.T) {
	t.Parallel()
	var roots []sided
	for _, text := range []string{rn, "[[[1,2],3],[4,[5,6]]]", "7", "[[-1.5],0.25]", "[1,[2,[3,[4,[5]]]]]", "[[1],[1],[[1]]]"} {
		roots = append(roots, sided{mustParse(t, text)})
	}
	gametest.Alternating(t, roots, parseSided, 0)
}
