package render

import (
	"fmt"
	"math"
)

// The tidy-tree layout is Reingold and Tilford's, in the linear-time form
// of Buchheim, Jünger and Leipert ("Improving Walker's algorithm to run in
// linear time", 2002), with boxes of different widths: every parent is
// centred over its first and last child, a subtree and its mirror image are
// drawn as mirror images, and subtrees are pushed together as closely as
// their contours allow. Both walks are loops over arrays, not recursions,
// so that a chain of a million nodes is laid out like any other tree.

// tidySpacing is the room the tidy layout leaves between boxes, in points.
type tidySpacing struct {
	sibling float64 // between the boxes of two children of one parent
	subtree float64 // between boxes on one layer with different parents
	layer   float64 // between the tallest box of a layer and the next layer
}

// tidyLayout is where the tidy layout put each box: the centre of node i's
// box is (x[i], y[i]), and every box lies in [0, width] × [0, height].
type tidyLayout struct {
	x, y          []float64
	width, height float64
	// steps counts the contour steps and shift sweeps the layout took; the
	// tests bound it by the number of nodes, the proof of linear time.
	steps int
}

// tidyNode is one node during the layout, named as in the paper.
type tidyNode struct {
	prelim, mod   float64 // preliminary x, and the shift still owed to the subtree below
	shift, change float64 // shifts to spread over the siblings between two moved subtrees
	parent        int32
	thread        int32 // the next node of a contour for a node without children, or -1
	ancestor      int32 // the node's greatest distinct ancestor, when it is a sibling
	defAncestor   int32 // the default ancestor of this node's children during apportion
	number        int32 // the index among its siblings
	first, count  int32 // the children are kids[first : first+count]
}

// tidy is one run of the layout over n nodes and a virtual root, n, whose
// children are the roots of the forest.
type tidy struct {
	nodes []tidyNode
	kids  []int32
	width []float64 // of the boxes; the virtual root's is 0
	sp    tidySpacing
	steps int
}

// layoutTidy lays out the forest in which node i has the parent parent[i],
// -1 for a root, and a box of width[i] by height[i] points. Children stand
// left to right in the order of their indices, and a parent's index must
// be lower than its children's, as in every trace. Depth d is one layer,
// as high as its tallest box, with boxes centred on the layer's middle.
func layoutTidy(parent []int32, width, height []float64, sp tidySpacing) (tidyLayout, error) {
	n := len(parent)
	if len(width) != n || len(height) != n {
		return tidyLayout{}, fmt.Errorf("render: tidy layout of %d nodes given %d widths and %d heights", n, len(width), len(height))
	}
	if n >= math.MaxInt32 {
		return tidyLayout{}, fmt.Errorf("render: tidy layout of %d nodes is over the limit of %d", n, math.MaxInt32-1)
	}
	if err := checkTidyInput(parent, width, height, sp); err != nil {
		return tidyLayout{}, err
	}
	l := &tidy{width: append(width[:n:n], 0), sp: sp} // a copy, with the virtual root's width
	l.link(parent)
	post := l.postorder()
	for _, v := range post {
		l.firstWalk(v)
	}
	x := l.secondWalk(post)
	out := tidyLayout{x: x, steps: l.steps}
	out.width = normalise(x, width)
	out.y, out.height = layers(parent, height, sp.layer)
	return out, nil
}

// checkTidyInput refuses what the layout cannot draw: a parent that is not
// an earlier node, and sizes or spacings that are negative or not numbers.
func checkTidyInput(parent []int32, width, height []float64, sp tidySpacing) error {
	for _, s := range []float64{sp.sibling, sp.subtree, sp.layer} {
		if !(s >= 0) || math.IsInf(s, 1) {
			return fmt.Errorf("render: tidy layout spacing %v is not a length", s)
		}
	}
	for i, p := range parent {
		if p < -1 || int(p) >= i {
			return fmt.Errorf("render: tidy layout node %d has parent %d; a parent must come before its children", i, p)
		}
		if !(width[i] >= 0) || !(height[i] >= 0) || math.IsInf(width[i], 1) || math.IsInf(height[i], 1) {
			return fmt.Errorf("render: tidy layout node %d has a box of %v by %v", i, width[i], height[i])
		}
	}
	return nil
}

// link builds the children lists, in index order, with the roots as the
// children of the virtual root.
func (l *tidy) link(parent []int32) {
	n := len(parent)
	l.nodes = make([]tidyNode, n+1)
	l.kids = make([]int32, n)
	for i := range l.nodes {
		l.nodes[i].thread = -1
		l.nodes[i].ancestor = int32(i)
		l.nodes[i].parent = -1
	}
	for i, p := range parent {
		if p < 0 {
			p = int32(n)
		}
		l.nodes[i].parent = p
		l.nodes[p].count++
	}
	next := int32(0)
	for i := range l.nodes {
		l.nodes[i].first = next
		next += l.nodes[i].count
		l.nodes[i].count = 0
	}
	for i := range parent {
		p := &l.nodes[l.nodes[i].parent]
		l.nodes[i].number = p.count
		l.kids[p.first+p.count] = int32(i)
		p.count++
	}
}

// postorder returns every node, the virtual root last, each after its
// children and its left siblings' subtrees: the reverse of a preorder that
// takes children right to left.
func (l *tidy) postorder() []int32 {
	n := int32(len(l.nodes) - 1)
	order := make([]int32, 0, len(l.nodes))
	stack := make([]int32, 0, 64)
	stack = append(stack, n)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, v)
		nd := &l.nodes[v]
		stack = append(stack, l.kids[nd.first:nd.first+nd.count]...)
	}
	for i, j := 0, len(order)-1; i < j; i, j = i+1, j-1 {
		order[i], order[j] = order[j], order[i]
	}
	return order
}

// leftSibling returns the sibling just left of v, or -1.
func (l *tidy) leftSibling(v int32) int32 {
	nd := &l.nodes[v]
	if nd.number == 0 || nd.parent < 0 {
		return -1
	}
	return l.kids[l.nodes[nd.parent].first+nd.number-1]
}

// nextLeft returns the node after v on the left contour of its subtree:
// its first child, or its thread.
func (l *tidy) nextLeft(v int32) int32 {
	nd := &l.nodes[v]
	if nd.count > 0 {
		return l.kids[nd.first]
	}
	return nd.thread
}

// nextRight returns the node after v on the right contour of its subtree.
func (l *tidy) nextRight(v int32) int32 {
	nd := &l.nodes[v]
	if nd.count > 0 {
		return l.kids[nd.first+nd.count-1]
	}
	return nd.thread
}

// distance is how far apart the centres of a and b, neighbours on a
// layer with a to the left, must be.
func (l *tidy) distance(a, b int32, siblings bool) float64 {
	gap := l.sp.subtree
	if siblings {
		gap = l.sp.sibling
	}
	return (l.width[a]+l.width[b])/2 + gap
}

// firstWalk gives v its preliminary place once its children and its left
// siblings' subtrees have theirs: centred over its children, and as far
// right of its left sibling as the contours of their subtrees require.
func (l *tidy) firstWalk(v int32) {
	nd := &l.nodes[v]
	w := l.leftSibling(v)
	if nd.count > 0 {
		l.executeShifts(v)
		first, last := &l.nodes[l.kids[nd.first]], &l.nodes[l.kids[nd.first+nd.count-1]]
		mid := (first.prelim + last.prelim) / 2
		nd.prelim = mid
		if w >= 0 {
			nd.prelim = l.nodes[w].prelim + l.distance(w, v, true)
			nd.mod = nd.prelim - mid
		}
	} else if w >= 0 {
		nd.prelim = l.nodes[w].prelim + l.distance(w, v, true)
	}
	if nd.parent < 0 {
		return
	}
	p := &l.nodes[nd.parent]
	if w < 0 {
		p.defAncestor = v
		return
	}
	p.defAncestor = l.apportion(v, w, p.defAncestor)
}

// apportion pushes v's subtree right, away from the subtrees of its left
// siblings, until the right contour of those and the left contour of v's
// subtree are far enough apart on every layer they share, and threads the
// shorter contour onto the longer. It returns the new default ancestor.
func (l *tidy) apportion(v, w, defAncestor int32) int32 {
	nodes := l.nodes
	vip, vop := v, v
	vim := w
	vom := l.kids[nodes[nodes[v].parent].first]
	sip, sop := nodes[vip].mod, nodes[vop].mod
	sim, som := nodes[vim].mod, nodes[vom].mod
	for {
		nr, nl := l.nextRight(vim), l.nextLeft(vip)
		if nr < 0 || nl < 0 {
			break
		}
		l.steps++
		vim, vip = nr, nl
		vom, vop = l.nextLeft(vom), l.nextRight(vop)
		nodes[vop].ancestor = v
		shift := nodes[vim].prelim + sim - (nodes[vip].prelim + sip) + l.distance(vim, vip, false)
		if shift > 0 {
			l.moveSubtree(l.greatestAncestor(vim, v, defAncestor), v, shift)
			sip += shift
			sop += shift
		}
		sim += nodes[vim].mod
		sip += nodes[vip].mod
		som += nodes[vom].mod
		sop += nodes[vop].mod
	}
	if nr := l.nextRight(vim); nr >= 0 && l.nextRight(vop) < 0 {
		nodes[vop].thread = nr
		nodes[vop].mod += sim - sop
	}
	if nl := l.nextLeft(vip); nl >= 0 && l.nextLeft(vom) < 0 {
		nodes[vom].thread = nl
		nodes[vom].mod += sip - som
		defAncestor = v
	}
	return defAncestor
}

// greatestAncestor returns the ancestor of vim that is a sibling of v, if
// the pointer kept for vim names one, or else defAncestor.
func (l *tidy) greatestAncestor(vim, v, defAncestor int32) int32 {
	a := l.nodes[vim].ancestor
	if l.nodes[a].parent == l.nodes[v].parent {
		return a
	}
	return defAncestor
}

// moveSubtree moves the subtree of wp right by shift, and records the
// shift so that executeShifts spreads it evenly over the subtrees between
// wm and wp.
func (l *tidy) moveSubtree(wm, wp int32, shift float64) {
	m, p := &l.nodes[wm], &l.nodes[wp]
	change := shift / float64(p.number-m.number)
	p.change -= change
	p.shift += shift
	m.change += change
	p.prelim += shift
	p.mod += shift
}

// executeShifts applies to v's children, in one sweep from the right, the
// shifts that moveSubtree recorded.
func (l *tidy) executeShifts(v int32) {
	nd := &l.nodes[v]
	shift, change := 0.0, 0.0
	for i := nd.first + nd.count - 1; i >= nd.first; i-- {
		w := &l.nodes[l.kids[i]]
		w.prelim += shift
		w.mod += shift
		change += w.change
		shift += w.shift + change
	}
	l.steps += int(nd.count)
}

// secondWalk returns each node's final x: its preliminary x plus the mods
// of its ancestors, summed from the root down in preorder.
func (l *tidy) secondWalk(post []int32) []float64 {
	n := len(l.nodes) - 1
	x := make([]float64, n)
	for i := len(post) - 1; i >= 0; i-- {
		v := post[i]
		nd := &l.nodes[v]
		if nd.parent < 0 {
			continue
		}
		p := &l.nodes[nd.parent]
		x[v] = nd.prelim + p.mod
		nd.mod += p.mod
	}
	return x
}

// normalise moves the boxes so that the leftmost starts at 0, and returns
// where the rightmost ends.
func normalise(x, width []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	left, right := math.Inf(1), math.Inf(-1)
	for i := range x {
		left = min(left, x[i]-width[i]/2)
		right = max(right, x[i]+width[i]/2)
	}
	for i := range x {
		x[i] -= left
	}
	return right - left
}

// layers returns the y of each box's centre, each depth a layer as high as
// its tallest box and gap below the one above, and the height of them all.
func layers(parent []int32, height []float64, gap float64) ([]float64, float64) {
	depth := make([]int32, len(parent))
	var tallest []float64
	for i, p := range parent {
		if p >= 0 {
			depth[i] = depth[p] + 1
		}
		if int(depth[i]) == len(tallest) {
			tallest = append(tallest, 0)
		}
		tallest[depth[i]] = max(tallest[depth[i]], height[i])
	}
	middle := make([]float64, len(tallest))
	top := 0.0
	for d, h := range tallest {
		middle[d] = top + h/2
		top += h + gap
	}
	y := make([]float64, len(parent))
	for i, d := range depth {
		y[i] = middle[d]
	}
	if len(tallest) == 0 {
		return y, 0
	}
	return y, top - gap
}
