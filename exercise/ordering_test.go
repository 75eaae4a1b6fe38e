package exercise_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/exercise"
)

// TestOrderingAgainstBruteForce checks easy ordering exercises against
// every order of every node's children, searched by the tests' own
// alpha-beta: the best order's count of nodes is the one the grader says
// the best order searches; Solve's order reaches it and is graded right;
// the worst order is graded wrong, naming the node to order first; and
// the order given searches at least three nodes more than the best.
func TestOrderingAgainstBruteForce(t *testing.T) {
	t.Parallel()
	level, _ := exercise.LevelOf(exercise.Ordering, "easy")
	for seed := range int64(60) {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			t.Parallel()
			ex, err := exercise.Generate(exercise.Ordering, level.Difficulty, seed)
			if err != nil {
				t.Fatal(err)
			}
			root := mustParse(t, ex.Tree)
			count := func() int {
				r := &refAlphaBeta{values: map[string]float64{}}
				r.search(root, true, math.Inf(-1), math.Inf(1))
				return r.searched
			}
			given := count()
			best, worst, worstOrder := math.MaxInt, -1, ""
			forEachOrder(root, func() {
				n := count()
				best = min(best, n)
				if n > worst {
					worst, worstOrder = n, orderText(root)
				}
			})
			if given-best < 3 {
				t.Errorf("%s: the order given searches %d nodes, the best %d: want at least 3 to save", ex.Tree, given, best)
			}
			want, err := exercise.Solve(ex)
			if err != nil {
				t.Fatal(err)
			}
			if r := grade(t, ex, want.String()); !r.Correct {
				t.Errorf("%s: Solve's order %s is graded wrong: %s", ex.Tree, want, r.Feedback)
			}
			r := grade(t, ex, worstOrder)
			if r.Correct || !strings.Contains(r.Feedback, fmt.Sprintf("In your order AlphaBeta searches %d nodes", worst)) ||
				!strings.Contains(r.Feedback, fmt.Sprintf("the best order searches %d.", best)) || !strings.Contains(r.Feedback, "search first the child of") {
				t.Errorf("%s: the worst order %s (%d nodes, best %d) is graded %v: %s", ex.Tree, worstOrder, worst, best, r.Correct, r.Feedback)
			}
		})
	}
}

// forEachOrder calls fn with root's tree in every order of every interior
// node's children, rearranging the tree in place and restoring it.
func forEachOrder(root *rnode, fn func()) {
	var nodes []*rnode
	var collect func(n *rnode)
	collect = func(n *rnode) {
		if len(n.kids) > 0 {
			nodes = append(nodes, n)
		}
		for _, k := range n.kids {
			collect(k)
		}
	}
	collect(root)
	var at func(i int)
	at = func(i int) {
		if i == len(nodes) {
			fn()
			return
		}
		permute(nodes[i].kids, 0, func() { at(i + 1) })
	}
	at(0)
}

// permute calls fn with kids in every order of kids[k:], by swaps that it
// undoes.
func permute(kids []*rnode, k int, fn func()) {
	if k == len(kids) {
		fn()
		return
	}
	for i := k; i < len(kids); i++ {
		kids[k], kids[i] = kids[i], kids[k]
		permute(kids, k+1, fn)
		kids[k], kids[i] = kids[i], kids[k]
	}
}

// orderText writes the order of root's tree as it stands as an answer,
// each node's children by their labels in the tree as given.
func orderText(root *rnode) string {
	var clauses []string
	var walk func(n *rnode)
	walk = func(n *rnode) {
		if len(n.kids) == 0 {
			return
		}
		labels := make([]string, len(n.kids))
		for i, k := range n.kids {
			labels[i] = k.edge
		}
		clauses = append(clauses, n.name+": "+strings.Join(labels, " "))
		for _, k := range n.kids {
			walk(k)
		}
	}
	walk(root)
	return strings.Join(clauses, "; ")
}
