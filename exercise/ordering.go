package exercise

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/tree"
)

// onode is a node of an ordering exercise's tree, named as the tree as
// given names it.
type onode struct {
	name   string // an interior node's name; "" for a leaf
	label  string // the edge from its parent; "" for the root
	max    bool   // MAX is to move here
	value  float64
	kids   []*onode
	byName map[string]*onode // at the root: every interior node by name
}

// readOrdering reads an ordering exercise's tree, with each node's
// MiniMax value in MAX's view.
func readOrdering(text string) (*onode, error) {
	s, err := tree.Parse(text)
	if err != nil {
		return nil, fmt.Errorf("exercise: ordering tree: %w", err)
	}
	root := &onode{byName: map[string]*onode{}}
	var build func(n *onode, s tree.State)
	build = func(n *onode, s tree.State) {
		n.max = s.MaxToMove()
		if s.Done() {
			n.value = s.Score()
			if !n.max {
				n.value = -n.value
			}
			return
		}
		n.name = s.Name()
		root.byName[n.name] = n
		for _, a := range s.Legal(nil) {
			k := &onode{label: s.Label(a)}
			build(k, s.Play(a))
			n.kids = append(n.kids, k)
		}
		n.value = n.kids[0].value
		for _, k := range n.kids[1:] {
			if n.max == (k.value > n.value) && k.value != n.value {
				n.value = k.value
			}
		}
	}
	build(root, s)
	return root, nil
}

// bestOrder returns n's children, the best for the side to move first:
// the greatest value where MAX moves, the least where MIN does, equal
// values in the order given.
func (n *onode) bestOrder() []*onode {
	kids := slices.Clone(n.kids)
	slices.SortStableFunc(kids, func(a, b *onode) int {
		switch {
		case a.value == b.value:
			return 0
		case (a.value > b.value) == n.max:
			return -1
		}
		return 1
	})
	return kids
}

// search runs fail-soft alpha-beta, as search.AlphaBeta does, over n's
// subtree with each node's children in the order order gives (the order
// given where it gives none) and returns n's value in MAX's view and the
// nodes searched, n included; it appends the labels of the edges it
// prunes to pruned, if pruned is not nil.
func (n *onode) search(order map[*onode][]*onode, alpha, beta float64, pruned *[]string) (float64, int) {
	if len(n.kids) == 0 {
		return n.value, 1
	}
	kids := n.kids
	if o, ok := order[n]; ok {
		kids = o
	}
	nodes := 1
	v := math.Inf(1)
	if n.max {
		v = math.Inf(-1)
	}
	for i, k := range kids {
		x, m := k.search(order, alpha, beta, pruned)
		nodes += m
		if n.max {
			v = max(v, x)
		} else {
			v = min(v, x)
		}
		if n.max && v >= beta || !n.max && v <= alpha {
			if pruned != nil {
				for _, p := range kids[i+1:] {
					*pruned = append(*pruned, p.label)
				}
			}
			break
		}
		if n.max {
			alpha = max(alpha, v)
		} else {
			beta = min(beta, v)
		}
	}
	return v, nodes
}

// searched returns the nodes alpha-beta searches over the tree at n in
// order, and the edges it prunes.
func (n *onode) searched(order map[*onode][]*onode) (int, []string) {
	pruned := []string{}
	_, nodes := n.search(order, math.Inf(-1), math.Inf(1), &pruned)
	return nodes, pruned
}

// orderings returns how many orders of every node's children the tree
// at n has.
func (n *onode) orderings() float64 {
	total := 1.0
	for i := 2; i <= len(n.kids); i++ {
		total *= float64(i)
	}
	for _, k := range n.kids {
		total *= k.orderings()
	}
	return total
}

// bestOrdering tries every order of every node's children of the tree at
// n and returns the one alpha-beta searches the fewest nodes in, the
// first found of equal ones, with that count.
func (n *onode) bestOrdering() (map[*onode][]*onode, int) {
	var inner []*onode
	var collect func(m *onode)
	collect = func(m *onode) {
		if len(m.kids) > 0 {
			inner = append(inner, m)
		}
		for _, k := range m.kids {
			collect(k)
		}
	}
	collect(n)
	order := map[*onode][]*onode{}
	for _, m := range inner {
		order[m] = slices.Clone(m.kids)
	}
	best, bestNodes := map[*onode][]*onode{}, math.MaxInt
	var at func(i int)
	at = func(i int) {
		if i == len(inner) {
			if _, nodes := n.search(order, math.Inf(-1), math.Inf(1), nil); nodes < bestNodes {
				bestNodes = nodes
				for m, kids := range order {
					best[m] = slices.Clone(kids)
				}
			}
			return
		}
		permuteNodes(order[inner[i]], 0, func() { at(i + 1) })
	}
	at(0)
	return best, bestNodes
}

// permuteNodes calls fn with kids in every order of kids[k:], by swaps it
// undoes.
func permuteNodes(kids []*onode, k int, fn func()) {
	if k == len(kids) {
		fn()
		return
	}
	for i := k; i < len(kids); i++ {
		kids[k], kids[i] = kids[i], kids[k]
		permuteNodes(kids, k+1, fn)
		kids[k], kids[i] = kids[i], kids[k]
	}
}

// drawOrdering fills ex with a random tree and reports whether its order
// leaves something to do: AlphaBeta searches at least minOrderGain more
// nodes in the order given than in the best order.
func (ex *Exercise) drawOrdering(r *rand.Rand) (bool, error) {
	var b strings.Builder
	writeTree(&b, r, ex.Difficulty.Depth, ex.Difficulty.Branching)
	ex.Tree = b.String()
	root, err := readOrdering(ex.Tree)
	if err != nil {
		return false, err
	}
	if root.orderings() > MaxOrderings {
		return false, nil
	}
	given, _ := root.searched(nil)
	_, best := root.bestOrdering()
	return given-best >= minOrderGain, nil
}

// MaxOrderings is the most orders of its nodes' children an ordering
// exercise's tree may have: the grader tries every one.
const MaxOrderings = 50_000

// minOrderGain is how many nodes the best order of a generated ordering
// exercise must save over the order given.
const minOrderGain = 3

// solveOrdering tries every order of the tree's nodes' children and
// keeps the one alpha-beta searches the fewest nodes in.
func solveOrdering(ex Exercise) (*solution, error) {
	root, err := readOrdering(ex.Tree)
	if err != nil {
		return nil, err
	}
	if k := root.orderings(); k > MaxOrderings {
		return nil, fmt.Errorf("exercise: the tree's nodes have %.0f orders of their children, more than the %d an ordering exercise tries", k, MaxOrderings)
	}
	sol := &solution{ex: ex, ordered: root}
	best, nodes := root.bestOrdering()
	sol.bestNodes = nodes
	sol.want.Order = map[string][]string{}
	for n, kids := range best {
		for _, k := range kids {
			sol.want.Order[n.name] = append(sol.want.Order[n.name], k.label)
		}
	}
	return sol, nil
}

// gradeOrdering runs AlphaBeta in the answer's order and compares the
// nodes it searches with the best order's.
func (sol *solution) gradeOrdering(r *Result, got map[string][]string) {
	root := sol.ordered
	order := map[string][]*onode{}
	for _, name := range slices.SortedFunc(maps.Keys(got), byName) {
		n, ok := root.byName[name]
		if !ok {
			r.add(WrongOrder, name, -1, sol.l.F("There is no interior node %s in this tree.", name))
			continue
		}
		var kids []*onode
		for _, l := range got[name] {
			i := slices.IndexFunc(n.kids, func(k *onode) bool { return k.label == l })
			if i < 0 || slices.Contains(kids, n.kids[i]) {
				kids = nil
				break
			}
			kids = append(kids, n.kids[i])
		}
		if len(kids) != len(n.kids) {
			labels := make([]string, len(n.kids))
			for i, k := range n.kids {
				labels[i] = k.label
			}
			r.add(WrongOrder, name, -1, sol.l.F("%s's order lists each of its children once: %s, in the order to search them.", name, join(sol.l, labels)))
			continue
		}
		order[name] = kids
	}
	if len(r.Mistakes) > 0 {
		return
	}
	byNode := map[*onode][]*onode{}
	for name, kids := range order {
		byNode[root.byName[name]] = kids
	}
	nodes, pruned := root.searched(byNode)
	if nodes <= sol.bestNodes {
		return
	}
	why := sol.l.F("In your order AlphaBeta searches %d nodes, and prunes %s; the best order searches %d.", nodes, join(sol.l, pruned), sol.bestNodes)
	if len(pruned) == 0 {
		why = sol.l.F("In your order AlphaBeta searches %d nodes, and prunes none; the best order searches %d.", nodes, sol.bestNodes)
	}
	at, hint := sol.firstMisordered(byNode)
	r.add(WrongOrder, at, 0, sentences(sol.l, why, hint))
}

// firstMisordered finds, breadth-first, the first interior node whose
// first child in order is not one of its best, and says what to search
// first there.
func (sol *solution) firstMisordered(order map[*onode][]*onode) (string, string) {
	queue := []*onode{sol.ordered}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if len(n.kids) == 0 {
			continue
		}
		kids := n.kids
		if o, ok := order[n]; ok {
			kids = o
		}
		best := n.bestOrder()[0]
		if kids[0].value != best.value {
			if n.max {
				return n.name, sol.l.F("At %s, MAX moves: search first the child of greatest value, %s (%s), not %s (%s), so that the window it sets cuts its siblings.",
					n.name, best.label, explain.Number(best.value), kids[0].label, explain.Number(kids[0].value))
			}
			return n.name, sol.l.F("At %s, MIN moves: search first the child of least value, %s (%s), not %s (%s), so that the window it sets cuts its siblings.",
				n.name, best.label, explain.Number(best.value), kids[0].label, explain.Number(kids[0].value))
		}
		queue = append(queue, kids...)
	}
	return "", sol.l.T("Every node searches a best child first, but of children of equal value, search first the one whose subtree costs fewer nodes.")
}

// sentences joins sentences as the language l writes them: with a space
// between them in English, none in Japanese.
func sentences(l explain.Lang, s ...string) string {
	if l.Code() == "ja" {
		return strings.Join(s, "")
	}
	return strings.Join(s, " ")
}
