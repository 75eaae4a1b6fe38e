package exercise

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// MCTSNode is one node of an MCTS exercise's tree, as the search holds it
// before the iteration asked about.
type MCTSNode struct {
	Name   string  // A for the root, then B, C, ... breadth-first
	Parent int     // the index of its parent in Exercise.Nodes; -1 for the root
	W      float64 // the results backed up through it, in the view of the player who moved into it; the root's is unused
	N      int     // its visits
}

// Limits on MCTS exercises, typed or generated.
const (
	// MaxMCTSNodes is the most nodes an MCTS exercise's tree may have.
	MaxMCTSNodes = 40
	// MaxThreshold is the greatest expansion threshold of an MCTS
	// exercise.
	MaxThreshold = 10
	// maxMCTSDepth is the deepest tree a generated MCTS exercise has.
	maxMCTSDepth = 3
)

// mctsIteration is what one iteration of MCTS does to an exercise's tree,
// as search.MCTS does it: selection by UCB1 from the root, the first
// unvisited child first; the playout's result backed up along the path;
// and the leaf expanded when its visits reach the threshold.
type mctsIteration struct {
	path     []int      // the nodes selection passes, from the root to the leaf
	expanded bool       // the leaf reaches the threshold and is expanded
	after    []MCTSNode // the tree's statistics after the backup
}

// mctsChildren returns the indices of node i's children in ex's tree.
func (ex *Exercise) mctsChildren(i int) []int {
	var out []int
	for j, nd := range ex.Nodes {
		if nd.Parent == i {
			out = append(out, j)
		}
	}
	return out
}

// mctsScore returns child j's UCB1 score as its parent, of t visits in
// its children, sees it: NaN if j has not been visited.
func (ex *Exercise) mctsScore(j, t int) float64 {
	nd := ex.Nodes[j]
	return trace.UCB1(nd.W, nd.N, t, ex.C)
}

// mctsPick returns the child of node i that UCB1 selects, the first
// unvisited one if any, and the children's visits t.
func (ex *Exercise) mctsPick(i int) (int, int) {
	kids := ex.mctsChildren(i)
	t := 0
	for _, j := range kids {
		t += ex.Nodes[j].N
	}
	best := -1
	for _, j := range kids {
		if ex.Nodes[j].N == 0 {
			return j, t
		}
		if best < 0 || ex.mctsScore(j, t) > ex.mctsScore(best, t) {
			best = j
		}
	}
	return best, t
}

// mctsDepth returns the depth of node i: 0 at the root.
func (ex *Exercise) mctsDepth(i int) int {
	d := 0
	for ; ex.Nodes[i].Parent >= 0; i = ex.Nodes[i].Parent {
		d++
	}
	return d
}

// mctsGain returns what the backup adds to the total of a node at depth
// d: the result for MAX where MAX moved into it (odd depths), the result
// for MIN where MIN did.
func (ex *Exercise) mctsGain(d int) float64 {
	if d%2 == 1 {
		return ex.Result
	}
	return 1 - ex.Result
}

// iterate runs one iteration of MCTS on ex's tree.
func (ex *Exercise) iterate() mctsIteration {
	it := mctsIteration{path: []int{0}, after: append([]MCTSNode(nil), ex.Nodes...)}
	for cur := 0; len(ex.mctsChildren(cur)) > 0; {
		cur, _ = ex.mctsPick(cur)
		it.path = append(it.path, cur)
	}
	for d, i := range it.path {
		it.after[i].N++
		if d > 0 {
			it.after[i].W += ex.mctsGain(d)
		}
	}
	leaf := it.path[len(it.path)-1]
	it.expanded = it.after[leaf].N == ex.Threshold
	return it
}

// checkMCTS refuses an MCTS exercise that no search could hold.
func (ex *Exercise) checkMCTS() error {
	switch {
	case len(ex.Nodes) == 0 || len(ex.Nodes) > MaxMCTSNodes:
		return fmt.Errorf("exercise: an mcts exercise has 1 to %d nodes, not %d", MaxMCTSNodes, len(ex.Nodes))
	case ex.Threshold < 1 || ex.Threshold > MaxThreshold:
		return fmt.Errorf("exercise: an mcts exercise's threshold is from 1 to %d, not %d", MaxThreshold, ex.Threshold)
	case ex.Result != 0 && ex.Result != 0.5 && ex.Result != 1:
		return fmt.Errorf("exercise: a playout's result is 0, 0.5 or 1 for MAX, not %v", ex.Result)
	case !(ex.C >= 0) || math.IsInf(ex.C, 0):
		return fmt.Errorf("exercise: an mcts exercise's C is %v: want a finite C ≥ 0", ex.C)
	}
	for i, nd := range ex.Nodes {
		switch {
		case nd.Name != letters(i):
			return fmt.Errorf("exercise: node %d of an mcts exercise is named %q, want %s", i, nd.Name, letters(i))
		case (i == 0) != (nd.Parent < 0) || nd.Parent >= i:
			return fmt.Errorf("exercise: node %s's parent is %d: a node's parent comes before it, and only the root has none", nd.Name, nd.Parent)
		case nd.N < 0 || nd.W < 0 || nd.W > float64(nd.N) || math.IsNaN(nd.W):
			return fmt.Errorf("exercise: node %s has %d visits and a total of %v: want a total from 0 to its visits", nd.Name, nd.N, nd.W)
		}
	}
	return nil
}

// letters returns the k-th node name from 0: A, ..., Z, AA, AB, ...
func letters(k int) string {
	if k < 26 {
		return string(rune('A' + k))
	}
	return letters(k/26-1) + string(rune('A'+k%26))
}

// drawMCTS fills ex with a random tree, as an MCTS with ex's threshold
// could hold it after some iterations, and a playout's result, and
// reports whether it makes a fair item: selection is UCB1's at every node
// it passes, by at least minUCBGap, and differs at the root from the
// child of the best mean and from the most visited child.
func (ex *Exercise) drawMCTS(r *rand.Rand) bool {
	d := ex.Difficulty
	ex.Threshold = d.Threshold
	ex.C = d.C
	if ex.C == 0 {
		ex.C = ucbConstants[r.IntN(len(ucbConstants))]
	}
	ex.Result = float64(r.IntN(2)) // a loss or a win for MAX
	if d.Draws && r.IntN(4) == 0 {
		ex.Result = 0.5
	}
	ex.Nodes = []MCTSNode{{Name: "A", Parent: -1}}
	// Breadth-first: a queue of nodes still to fill, each with its depth.
	type item struct{ i, depth int }
	queue := []item{{0, 0}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		expand := it.i == 0 || (it.depth < d.Depth && r.IntN(3) > 0)
		if !expand {
			continue
		}
		for range children(r, d.Branching) {
			ex.Nodes = append(ex.Nodes, MCTSNode{Name: letters(len(ex.Nodes)), Parent: it.i})
			queue = append(queue, item{len(ex.Nodes) - 1, it.depth + 1})
		}
	}
	if len(ex.Nodes) > MaxMCTSNodes {
		return false
	}
	// Statistics bottom-up: a leaf has fewer visits than the threshold,
	// at least one (none, now and then, where unvisited ones are asked);
	// a node with children has the threshold's visits as a leaf, and the
	// results of its children seen from the other side.
	for i := len(ex.Nodes) - 1; i >= 0; i-- {
		kids := ex.mctsChildren(i)
		if len(kids) == 0 {
			n := 1 + r.IntN(ex.Threshold-1)
			if d.Unvisited && r.IntN(6) == 0 {
				n = 0
			}
			ex.Nodes[i].N, ex.Nodes[i].W = n, float64(r.IntN(n+1))
			continue
		}
		n, w := 0, 0.0
		if i > 0 {
			n, w = ex.Threshold, float64(r.IntN(ex.Threshold+1))
		}
		for _, j := range kids {
			n += ex.Nodes[j].N
			w += float64(ex.Nodes[j].N) - ex.Nodes[j].W
		}
		ex.Nodes[i].N, ex.Nodes[i].W = n, w
	}
	return ex.fairMCTS()
}

// fairMCTS reports whether ex's iteration selects clearly, at every node
// it passes, and whether at the root the best mean and the most visits
// both point elsewhere, so that neither guess passes for UCB1.
func (ex *Exercise) fairMCTS() bool {
	it := ex.iterate()
	if len(it.path) < 3 && ex.Difficulty.Depth >= 2 {
		return false
	}
	for k, i := range it.path[:len(it.path)-1] {
		next, t := ex.mctsPick(i)
		if ex.Nodes[next].N == 0 {
			continue
		}
		for _, j := range ex.mctsChildren(i) {
			if j != next && ex.mctsScore(next, t)-ex.mctsScore(j, t) < minUCBGap {
				return false
			}
		}
		if k > 0 {
			continue
		}
		kids := ex.mctsChildren(i)
		arms := make([]Arm, len(kids))
		for k, j := range kids {
			arms[k] = Arm{W: ex.Nodes[j].W, N: ex.Nodes[j].N}
		}
		mean := bestOf(arms, func(a Arm) float64 { return a.W / float64(a.N) }, minUCBGap)
		most := bestOf(arms, func(a Arm) float64 { return float64(a.N) }, 0)
		for _, m := range append(mean, most...) {
			if kids[m] == next {
				return false
			}
		}
	}
	return true
}

// solveMCTS checks an MCTS exercise and runs its iteration.
func solveMCTS(ex Exercise) (*solution, error) {
	if err := ex.checkMCTS(); err != nil {
		return nil, err
	}
	it := ex.iterate()
	sol := &solution{ex: ex, iteration: &it}
	leaf := it.path[len(it.path)-1]
	sol.want.Selected = ex.Nodes[leaf].Name
	if it.expanded {
		sol.want.Expanded = ex.Nodes[leaf].Name
	}
	sol.want.ExpandedSaid = true
	sol.want.Stats = map[string]Stat{}
	for _, i := range it.path {
		sol.want.Stats[ex.Nodes[i].Name] = Stat{W: it.after[i].W, N: it.after[i].N, HasW: i > 0}
	}
	return sol, nil
}

// gradeMCTS compares an answer to an MCTS exercise with the iteration,
// phase by phase: selection, expansion, then the backup.
func (sol *solution) gradeMCTS(r *Result, ans Answer) {
	ex, it, l := sol.ex, sol.iteration, sol.l
	leaf := it.path[len(it.path)-1]
	if got := strings.ToUpper(ans.Selected); got != sol.want.Selected {
		r.add(WrongSelected, orNone(got), 0, sol.selectionReason(got))
	}
	if ans.Expanded != sol.want.Expanded || !ans.ExpandedSaid {
		after := it.after[leaf].N
		if it.expanded {
			r.add(WrongExpanded, orNone(ans.Expanded), 1, l.F("%s has %d visits after the backup, the threshold %d: it is expanded, all its children added with no visits.", ex.Nodes[leaf].Name, after, ex.Threshold))
		} else {
			r.add(WrongExpanded, orNone(ans.Expanded), 1, l.F("%s has %d visits after the backup, fewer than the threshold %d: nothing is expanded (\"expanded: none\").", ex.Nodes[leaf].Name, after, ex.Threshold))
		}
	}
	on := map[string]bool{}
	for d, i := range it.path {
		nd, want := ex.Nodes[i], it.after[i]
		on[nd.Name] = true
		got, ok := ans.Stats[nd.Name]
		switch {
		case !ok:
			r.ValuesMissing++
			r.add(MissingValue, nd.Name, 2+d, l.F("Give %s's visits and total after the backup too: %s.", nd.Name, sol.backupRule(i, d)))
		case got.N != want.N || (d > 0 && (!got.HasW || math.Abs(got.W-want.W) > ValueTolerance)):
			r.ValuesWrong++
			r.add(WrongValue, nd.Name, 2+d, l.F("%s, not %s.", sol.backupRule(i, d), got.text()))
		default:
			r.ValuesRight++
		}
	}
	for name := range ans.Stats {
		if !on[name] {
			r.ValuesExtra++
			r.add(ExtraValue, name, 2+len(it.path), l.F("%s is not on the path from the root to %s: the backup leaves its visits and total as they were; give only the nodes on the path.", name, sol.want.Selected))
		}
	}
}

// orNone returns name, or "none" for "".
func orNone(name string) string {
	if name == "" {
		return "none"
	}
	return name
}

// selectionReason says where selection goes instead of to got: past got
// if it is on the path, else, at the first node of the path whose right
// child got is not under, the child UCB1 picks and why.
func (sol *solution) selectionReason(got string) string {
	ex, it, l := sol.ex, sol.iteration, sol.l
	leaf := ex.Nodes[it.path[len(it.path)-1]].Name
	for _, i := range it.path[:len(it.path)-1] {
		if ex.Nodes[i].Name == got {
			return l.F("%s has children: selection goes on below it, down to the leaf %s.", got, leaf)
		}
	}
	for _, i := range it.path[:len(it.path)-1] {
		next, t := ex.mctsPick(i)
		if got != "" && ex.mctsUnder(got, next) {
			continue
		}
		name := ex.Nodes[i].Name
		if ex.Nodes[next].N == 0 {
			return l.F("At %s, selection takes %s: it has not been visited yet, and the first unvisited child comes before any score.", name, ex.Nodes[next].Name)
		}
		nd := ex.Nodes[next]
		return l.F("At %s, UCB1 picks %s: its score w/n + C·√(2·ln t / n) = %s/%d + %s·√(2·ln %d / %d) = %s is the greatest of %s's children.",
			name, nd.Name, explain.Number(nd.W), nd.N, explain.Number(ex.C), t, nd.N, scoreText(ex.mctsScore(next, t)), name)
	}
	return l.F("Selection ends at the leaf %s.", leaf)
}

// mctsUnder reports whether the node named name is node i or below it.
func (ex *Exercise) mctsUnder(name string, i int) bool {
	for j, nd := range ex.Nodes {
		if nd.Name == name {
			for ; j >= 0; j = ex.Nodes[j].Parent {
				if j == i {
					return true
				}
			}
			return false
		}
	}
	return false
}

// backupRule says how the backup changes node i, at depth d on the path.
func (sol *solution) backupRule(i, d int) string {
	ex, after, l := sol.ex, sol.iteration.after[i], sol.l
	nd := ex.Nodes[i]
	if d == 0 {
		return l.F("the root %s counts one more visit: %s=%d", nd.Name, nd.Name, after.N)
	}
	mover := explain.Player(trace.TypeMax)
	if d%2 == 0 {
		mover = explain.Player(trace.TypeMin)
	}
	return l.F("%s moved into %s and the playout gives it %s, so %s=%s/%d (%s + %s over %d + 1 visits)",
		l.T(mover), nd.Name, explain.Number(ex.mctsGain(d)), nd.Name, explain.Number(after.W), after.N, explain.Number(nd.W), explain.Number(ex.mctsGain(d)), nd.N)
}
