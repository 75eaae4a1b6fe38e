package exercise_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/exercise"
)

// TestMCTSAgainstReference checks generated MCTS exercises of every level
// against the tests' own iteration: the leaf selected, whether it is
// expanded, and every visit count and total on the path after the
// backup. The trees are ones a search could hold: a node with children
// has the threshold's visits as a leaf and its children's, and its total
// is its own as a leaf plus its children's seen from the other side; a
// leaf has fewer visits than the threshold. Its solved answer is graded
// right, and the answer of a student who picks the best mean at the root
// is graded wrong on every item.
func TestMCTSAgainstReference(t *testing.T) {
	t.Parallel()
	for _, l := range exercise.LevelsOf(exercise.MCTS) {
		t.Run(l.Name, func(t *testing.T) {
			t.Parallel()
			expanded, draws := 0, 0
			for seed := range int64(300) {
				ex, err := exercise.Generate(exercise.MCTS, l.Difficulty, seed)
				if err != nil {
					t.Fatal(err)
				}
				checkMCTSTree(t, ex)
				path, after, exp := refMCTS(ex.Nodes, ex.C, ex.Threshold, ex.Result)
				got, err := exercise.Solve(ex)
				if err != nil {
					t.Fatal(err)
				}
				leaf := path[len(path)-1]
				wantExp := ""
				if exp {
					wantExp = leaf
					expanded++
				}
				if ex.Result == 0.5 {
					draws++
				}
				if got.Selected != leaf || got.Expanded != wantExp || len(got.Stats) != len(after) {
					t.Fatalf("seed %d: %s; want selected %s, expanded %q, %v", seed, got, leaf, wantExp, after)
				}
				for name, st := range got.Stats {
					if text := statText(st); text != after[name] {
						t.Errorf("seed %d: %s=%s, want %s", seed, name, text, after[name])
					}
				}
				if r := grade(t, ex, got.String()); !r.Correct {
					t.Errorf("seed %d: the solution %s is graded wrong: %s", seed, got, r.Feedback)
				}
				greedy := bestMeanChild(ex)
				if r := grade(t, ex, "selected: "+greedy+"; expanded: none"); r.Correct || r.Mistakes[0].Kind != exercise.WrongSelected {
					t.Errorf("seed %d: the best mean's %s is graded %v, %v", seed, greedy, r.Correct, r.Mistakes)
				}
			}
			if expanded == 0 || expanded == 300 {
				t.Errorf("%d of 300 items expand their leaf: want some of each", expanded)
			}
			if l.Difficulty.Draws != (draws > 0) {
				t.Errorf("%d of 300 items end in a draw, draws asked %v", draws, l.Difficulty.Draws)
			}
		})
	}
}

// statText writes st as refMCTS does.
func statText(st exercise.Stat) string {
	if !st.HasW {
		return fmt.Sprint(st.N)
	}
	return fmt.Sprint(st.W) + "/" + fmt.Sprint(st.N)
}

// bestMeanChild returns the root's child of greatest w/n, the first of
// equal ones: where a student who ignores exploration goes first.
func bestMeanChild(ex exercise.Exercise) string {
	best, mean := "", -1.0
	for _, nd := range ex.Nodes {
		if nd.Parent == 0 && nd.N > 0 && nd.W/float64(nd.N) > mean {
			best, mean = nd.Name, nd.W/float64(nd.N)
		}
	}
	return best
}

// checkMCTSTree checks that ex's tree is one MCTS could hold.
func checkMCTSTree(t *testing.T, ex exercise.Exercise) {
	t.Helper()
	for i, nd := range ex.Nodes {
		n, w, kids := 0, 0.0, 0
		for _, k := range ex.Nodes {
			if k.Parent == i {
				kids++
				n += k.N
				w += float64(k.N) - k.W
			}
		}
		switch {
		case kids == 0 && nd.N >= ex.Threshold:
			t.Fatalf("leaf %s has %d visits, the threshold %d: it would have been expanded", nd.Name, nd.N, ex.Threshold)
		case kids > 0 && i == 0 && nd.N != n:
			t.Fatalf("the root has %d visits, its children %d", nd.N, n)
		case kids > 0 && i > 0 && nd.N != n+ex.Threshold:
			t.Fatalf("%s has %d visits, its children %d and the threshold %d", nd.Name, nd.N, n, ex.Threshold)
		case kids > 0 && i > 0 && (nd.W-w < 0 || nd.W-w > float64(ex.Threshold)):
			t.Fatalf("%s has a total of %v, its children %v from its side, leaving %v for its %d visits as a leaf", nd.Name, nd.W, w, nd.W-w, ex.Threshold)
		}
	}
}

// TestGradeMCTS checks the grade and feedback of answers to a tree worked
// by hand. A (MAX to move, 14 visits) has B 3/8 and C 2/6; C has G 0/2
// and H 1/1; threshold 3, C = 1, and the playout is a loss for MAX. At A,
// t = 14: B scores 3/8 + √(2 ln 14 / 8) ≈ 1.187, C 2/6 + √(2 ln 14 / 6)
// ≈ 1.271, so C. At C, t = 3: G 0 + √(ln 3) ≈ 1.048, H 1 + √(2 ln 3) ≈
// 2.482, so H. MAX moved into C and lost: C = 2/7; MIN moved into H and
// won: H = 2/2; A = 15. H has 2 visits, under 3: nothing is expanded.
func TestGradeMCTS(t *testing.T) {
	t.Parallel()
	ex := exercise.Exercise{Kind: exercise.MCTS, C: 1, Threshold: 3, Result: 0, Nodes: []exercise.MCTSNode{
		{Name: "A", Parent: -1, W: 9, N: 14}, {Name: "B", Parent: 0, W: 3, N: 8}, {Name: "C", Parent: 0, W: 2, N: 6},
		{Name: "D", Parent: 1, W: 1, N: 1}, {Name: "E", Parent: 1, W: 0, N: 2}, {Name: "F", Parent: 1, W: 2, N: 2},
		{Name: "G", Parent: 2, W: 0, N: 2}, {Name: "H", Parent: 2, W: 1, N: 1},
	}}
	tests := []struct {
		name, text, key string
		says            []string
	}{
		{"right", "selected: H; expanded: none; A=15 C=2/7 H=2/2", "", []string{"Correct."}},
		{"spaces and case", "Selected: h\\nexpanded: NONE\\na = 15, c = 2/7, h=2/2", "", nil},
		{"best mean at A", "selected: E; expanded: none; A=15 B=3/9 E=1/3", "selected E",
			[]string{"At A, UCB1 picks C", "= 1.271 is the greatest of A's children"}},
		{"stops at C", "selected: C; expanded: none; A=15 C=2/7", "selected C", []string{"C has children: selection goes on below it, down to the leaf H"}},
		{"expands H", "selected: H; expanded: H; A=15 C=2/7 H=2/2", "expanded H", []string{"H has 2 visits after the backup, fewer than the threshold 3"}},
		{"same result everywhere", "selected: H; expanded: none; A=15 C=2/7 H=1/2", "value H",
			[]string{"MIN moved into H and the playout gives it 1, so H=2/2", "not 1/2"}},
		{"forgot the root", "selected: H; expanded: none; C=2/7 H=2/2", "missing-value A", []string{"the root A counts one more visit: A=15"}},
		{"a node off the path", "selected: H; expanded: none; A=15 B=3/8 C=2/7 H=2/2", "extra-value B", []string{"B is not on the path from the root to H"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := grade(t, ex, strings.ReplaceAll(tt.text, `\n`, "\n"))
			if r.MistakeKey() != tt.key {
				t.Errorf("first mistake %q, want %q: %s", r.MistakeKey(), tt.key, r.Feedback)
			}
			for _, want := range tt.says {
				if !strings.Contains(r.Feedback, want) {
					t.Errorf("the feedback %q does not say %q", r.Feedback, want)
				}
			}
		})
	}
}
