package exercise_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/exercise"
	"github.com/searchviz/searchviz/trace"
)

// TestFigure checks the figure of generated and typed trees against the
// tests' own reading of the tree, node by node in depth-first order: each
// interior node has its name and no value, each chance node is a chance
// node, each edge its label and each outcome its probability, each leaf
// its typed value in MAX's view, and every node is drawn done.
func TestFigure(t *testing.T) {
	t.Parallel()
	type tcase struct {
		name string
		ex   exercise.Exercise
	}
	cases := []tcase{
		{"textbook", exercise.Exercise{Kind: exercise.AlphaBeta, Tree: textbook}},
		{"chance", exercise.Exercise{Kind: exercise.Expectimax, Tree: "[{0.5:[3,12],0.5:[2,4]},{1/6:9,5/6:-1},7]"}},
	}
	for _, kind := range []exercise.Kind{exercise.AlphaBeta, exercise.MiniMax, exercise.NegaMax, exercise.Expectimax} {
		for _, d := range difficulties {
			for seed := range int64(5) {
				ex, err := exercise.Generate(kind, d, seed)
				if err != nil {
					t.Fatalf("Generate(%s, %+v, %d): %v", kind, d, seed, err)
				}
				cases = append(cases, tcase{fmt.Sprintf("%s/%s/seed%d", kind, difficultyName(d), seed), ex})
			}
		}
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := exercise.NewFigure(tt.ex)
			if err != nil {
				t.Fatalf("NewFigure(%s): %v", tt.ex.Tree, err)
			}
			if f.Tree.Size() != len(f.Names) {
				t.Fatalf("%d nodes, %d names", f.Tree.Size(), len(f.Names))
			}
			next := 0
			var walk func(n *rnode, parent trace.NodeID, label string, prob float64)
			walk = func(n *rnode, parent trace.NodeID, label string, prob float64) {
				id := trace.NodeID(next)
				next++
				if int(id) >= f.Tree.Size() {
					t.Fatalf("the figure has %d nodes, the tree more", f.Tree.Size())
				}
				got := f.Tree.Node(id)
				if got.Parent != parent || got.Label != label || math.Abs(got.Prob-prob) > 1e-9 || got.Status != trace.StatusDone {
					t.Errorf("node %d: parent %d, edge %q, probability %v, %v; want %d, %q, %v, done", id, got.Parent, got.Label, got.Prob, got.Status, parent, label, prob)
				}
				if len(n.kids) == 0 {
					if v := trace.ViewRoot.Value(got.Type, got.Value); f.Names[id] != "" || !got.HasValue || v != n.value {
						t.Errorf("leaf %d: name %q, value %v (%v); want %v", id, f.Names[id], v, got.HasValue, n.value)
					}
					return
				}
				if f.Names[id] != n.name || got.HasValue || n.chance != (got.Type == trace.TypeChance) {
					t.Errorf("node %d: name %q, has a value %v, %v; want %s with no value, chance %v", id, f.Names[id], got.HasValue, got.Type, n.name, n.chance)
				}
				for i, k := range n.kids {
					p := 0.0
					if n.chance {
						p = n.probs[i]
					}
					walk(k, id, n.label(i), p)
				}
			}
			walk(mustParse(t, tt.ex.Tree), trace.NoNode, "", 0)
			if next != f.Tree.Size() {
				t.Errorf("the figure has %d nodes, the tree %d", f.Tree.Size(), next)
			}
		})
	}
	ucb, err := exercise.Generate(exercise.UCB1, exercise.Easy, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exercise.NewFigure(ucb); !errors.Is(err, exercise.ErrNoTree) {
		t.Errorf("a UCB1 exercise's figure: %v, want ErrNoTree", err)
	}
	if _, err := exercise.NewFigure(exercise.Exercise{Kind: exercise.MiniMax, Tree: "[1,"}); err == nil {
		t.Error("a bad tree has a figure")
	}
}

// TestFigureAgreesWithGrader draws and grades random typed chance trees,
// chance nodes of one outcome and leaves under chance included: the nodes
// the figure names are the nodes the grader asks for, no more and no
// fewer; an answer that gives each the value the tests' own expectimax
// gives is graded right; and a chance node of one outcome, which the
// engine plays as the move it is, is neither drawn nor asked for, so
// that an answer naming it, as the tests' reading does, is told there is
// no such node.
func TestFigureAgreesWithGrader(t *testing.T) {
	t.Parallel()
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 1))
		text := randomChanceTree(r, 3)
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			t.Parallel()
			ex := exercise.Exercise{Kind: exercise.Expectimax, Tree: text}
			f, err := exercise.NewFigure(ex)
			if err != nil {
				t.Fatalf("NewFigure(%s): %v", text, err)
			}
			drawn := map[string]bool{}
			for _, name := range f.Names {
				if name != "" {
					drawn[name] = true
				}
			}
			root := mustParse(t, text)
			want := map[string]float64{}
			refExpectimax(root, true, want)
			lone := map[string]bool{}
			var walk func(n *rnode)
			walk = func(n *rnode) {
				if n.chance && len(n.kids) == 1 {
					lone[n.name] = true
				}
				for _, k := range n.kids {
					walk(k)
				}
			}
			walk(root)
			for name := range want {
				if drawn[name] == lone[name] {
					t.Errorf("%s: node %s drawn %v, a chance node of one outcome %v", text, name, drawn[name], lone[name])
				}
			}
			if len(drawn)+len(lone) != len(want) {
				t.Errorf("%s: %d nodes named in the figure, %d of one outcome, %d in the tree", text, len(drawn), len(lone), len(want))
			}
			var right, withLone []string
			for name, v := range want {
				entry := name + "=" + strconv.FormatFloat(v, 'g', -1, 64)
				if drawn[name] {
					right = append(right, entry)
				}
				withLone = append(withLone, entry)
			}
			if r := grade(t, ex, strings.Join(right, " ")); !r.Correct {
				t.Errorf("%s: the values of the drawn nodes %v are graded wrong: %s", text, right, r.Feedback)
			}
			if len(lone) > 0 {
				if r := grade(t, ex, strings.Join(withLone, " ")); r.Correct || !strings.Contains(r.Feedback, "There is no interior node") {
					t.Errorf("%s: an answer naming a chance node of one outcome is graded %v: %s", text, r.Correct, r.Feedback)
				}
			}
		})
	}
}

// randomChanceTree writes a random player node of a chance tree, of at
// most depth levels below it: each child a leaf, a player node or a
// chance node of one to three outcomes.
func randomChanceTree(r *rand.Rand, depth int) string {
	kids := make([]string, 1+r.IntN(3))
	for i := range kids {
		switch k := r.IntN(3); {
		case depth == 0 || k == 0:
			kids[i] = strconv.Itoa(r.IntN(19) - 9)
		case k == 1:
			kids[i] = randomChanceTree(r, depth-1)
		default:
			probs := [][]string{{"1"}, {"1/2", "1/2"}, {"1/4", "1/4", "1/2"}}[r.IntN(3)]
			outs := make([]string, len(probs))
			for j, p := range probs {
				out := strconv.Itoa(r.IntN(19) - 9)
				if depth > 1 && r.IntN(2) == 0 {
					out = randomChanceTree(r, depth-2)
				}
				outs[j] = p + ":" + out
			}
			kids[i] = "{" + strings.Join(outs, ",") + "}"
		}
	}
	return "[" + strings.Join(kids, ",") + "]"
}
