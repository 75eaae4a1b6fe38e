package exercise

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// TestOrderingSearchIsTheEngines checks the grader's own alpha-beta, which
// tries every order of an ordering exercise, against search.AlphaBeta on
// the tree rewritten in random orders: the same nodes searched and the
// same edges pruned, named as the tree as given names them.
func TestOrderingSearchIsTheEngines(t *testing.T) {
	t.Parallel()
	for _, l := range LevelsOf(Ordering) {
		for seed := range int64(20) {
			ex, err := Generate(Ordering, l.Difficulty, seed)
			if err != nil {
				t.Fatal(err)
			}
			root, err := readOrdering(ex.Tree)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(seed), 9))
			for try := range 10 {
				order := map[*onode][]*onode{}
				for _, n := range root.byName {
					kids := slices.Clone(n.kids)
					r.Shuffle(len(kids), func(i, j int) { kids[i], kids[j] = kids[j], kids[i] })
					order[n] = kids
				}
				nodes, pruned := root.searched(order)
				text, back := rewrite(root, order)
				s, err := tree.Parse(text)
				if err != nil {
					t.Fatal(err)
				}
				rec := trace.NewRecorder(0)
				res, err := search.AlphaBeta(context.Background(), s, search.Options{Depth: search.MaxDepth, Tracing: search.Tracing{Tracer: rec}})
				if err != nil {
					t.Fatal(err)
				}
				var enginePruned []string
				for _, e := range rec.Events() {
					if e.Kind == trace.KindCut {
						for _, lb := range e.PrunedLabels {
							enginePruned = append(enginePruned, back[lb])
						}
					}
				}
				if res.Nodes != nodes || fmt.Sprint(enginePruned) != fmt.Sprint(pruned) {
					t.Errorf("%s %s try %d, as %s: %d nodes, pruned %v; the engine %d, %v", l.Name, ex.Tree, try, text, nodes, pruned, res.Nodes, enginePruned)
				}
			}
		}
	}
}

// rewrite returns the text of the tree at root in order, and the labels
// of its edges mapped to the labels of the tree as given.
func rewrite(root *onode, order map[*onode][]*onode) (string, map[string]string) {
	var b strings.Builder
	var write func(n *onode)
	write = func(n *onode) {
		if len(n.kids) == 0 {
			b.WriteString(strconv.FormatFloat(n.value, 'g', -1, 64))
			return
		}
		b.WriteByte('[')
		for i, k := range order[n] {
			if i > 0 {
				b.WriteByte(',')
			}
			write(k)
		}
		b.WriteByte(']')
	}
	write(root)
	back := map[string]string{}
	s, err := tree.Parse(b.String())
	if err != nil {
		return b.String(), back
	}
	var walk func(n *onode, s tree.State)
	walk = func(n *onode, s tree.State) {
		for a, k := range order[n] {
			back[s.Label(a)] = k.label
			walk(k, s.Play(a))
		}
	}
	walk(root, s)
	return b.String(), back
}
