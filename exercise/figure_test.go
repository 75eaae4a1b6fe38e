package exercise_test

import (
	"errors"
	"fmt"
	"math"
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
