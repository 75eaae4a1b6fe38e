package render

import (
	"cmp"
	"errors"
	"math"
	"slices"

	"github.com/searchviz/searchviz/trace"
)

// Outline is what the display policy (Pick) knows of a whole trace, taken
// once from its final tree: the size of every subtree, a preorder that
// tells whether one node lies under another, the step at which each node
// appears, and each node's rank among its siblings by interest. It holds
// about 24 bytes a node and never changes, so that every viewer of a trace
// shares one; it is safe for concurrent use.
//
// A node's rank orders the children of one parent, most interesting
// first. In a Monte Carlo search (one that backs results up through the
// root) it is by visits, most first; in any other search the best child
// comes first, then the children with values, best for the player to move
// first, then the children never valued and last the placeholders of
// pruned moves, each group in the order the search reached them.
type Outline struct {
	parents []int32 // by node, its parent, -1 for the root
	depth   []int32 // by node, its depth, 0 for the root
	size    []int32 // by node, the nodes of its subtree, itself included
	pre     []int32 // by node, its place in a preorder walk of the final tree
	appear  []int32 // by node, the step whose event makes it
	rank    []int32 // by node, its place among its siblings by interest; 0 for the root
	visits  []int32 // by node, its visits in the final tree; nil unless Monte Carlo
	// created counts the nodes the trace's node events create: ids
	// [0, created) in creation order, then the placeholders of pruned
	// moves in the order of the cuts.
	created int
}

// NewOutline returns the outline of final, a tree at its last step. It
// reads every node and event once.
func NewOutline(final *trace.Tree) (*Outline, error) {
	if final == nil {
		return nil, errors.New("render: no tree to outline; pass the *trace.Tree that trace.NewTree returns")
	}
	if final.Step() != final.Len()-1 {
		return nil, errors.New("render: an outline is of a tree at its last step")
	}
	n := final.Size()
	if n >= math.MaxInt32 {
		return nil, errors.New("render: too many nodes to outline")
	}
	o := &Outline{parents: make([]int32, n), depth: make([]int32, n), size: make([]int32, n), pre: make([]int32, n), appear: make([]int32, n), rank: make([]int32, n)}
	if final.Node(final.Root()).Visits > 0 {
		o.visits = make([]int32, n)
		for id := range n {
			o.visits[id] = int32(min(final.Node(trace.NodeID(id)).Visits, math.MaxInt32))
		}
	}
	o.appearances(final)
	for id := range n {
		o.parents[id] = int32(final.Node(trace.NodeID(id)).Parent)
		if p := o.parents[id]; p >= 0 {
			o.depth[id] = o.depth[p] + 1
		}
	}
	for id := n - 1; id >= 0; id-- {
		o.size[id]++
		if p := o.parents[id]; p >= 0 {
			o.size[p] += o.size[id]
		}
	}
	o.preorder(final)
	var kids []trace.NodeState
	for id := range n {
		kids = o.rankChildren(final, trace.NodeID(id), kids)
	}
	return o, nil
}

// appearances sets the step at which each node appears: its node event's,
// or for the placeholder of a pruned move, its cut's.
func (o *Outline) appearances(final *trace.Tree) {
	var cuts []int32 // the step of each placeholder, in id order
	for k := range final.Len() {
		switch e := final.Event(k); e.Kind {
		case trace.KindNode:
			o.appear[e.Node] = int32(k)
			o.created++
		case trace.KindCut:
			for range e.Pruned {
				cuts = append(cuts, int32(k))
			}
		}
	}
	copy(o.appear[o.created:], cuts)
}

// preorder numbers the nodes in a preorder walk that takes children in id
// order, so that the subtree of x is the nodes numbered from pre[x] to
// pre[x]+size[x]-1.
func (o *Outline) preorder(final *trace.Tree) {
	stack := []trace.NodeID{0}
	next := int32(0)
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		o.pre[id] = next
		next++
		kids := final.Node(id).Children
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
}

// rankChildren ranks the children of node p by interest (see Outline),
// with kids as scratch space.
func (o *Outline) rankChildren(final *trace.Tree, p trace.NodeID, kids []trace.NodeState) []trace.NodeState {
	parent := final.Node(p)
	if len(parent.Children) == 0 {
		return kids
	}
	kids = kids[:0]
	for _, c := range parent.Children {
		kids = append(kids, final.Node(c))
	}
	if o.visits != nil {
		slices.SortStableFunc(kids, func(a, b trace.NodeState) int { return cmp.Compare(b.Visits, a.Visits) })
	} else {
		group := func(n trace.NodeState) int {
			switch {
			case n.ID == parent.Best:
				return 0
			case n.Placeholder:
				return 3
			case n.HasValue:
				return 1
			}
			return 2
		}
		slices.SortStableFunc(kids, func(a, b trace.NodeState) int {
			ga, gb := group(a), group(b)
			if ga != gb || ga != 1 {
				return cmp.Compare(ga, gb)
			}
			return cmp.Compare(goodness(parent, b), goodness(parent, a))
		})
	}
	for i, c := range kids {
		o.rank[c.ID] = int32(i)
	}
	return kids
}

// goodness is how good child c is for the player to move at parent p, by
// its value: higher is better. Where no one player moves, at a chance or
// a joint node, every child is as good.
func goodness(p, c trace.NodeState) float64 {
	v := trace.ViewRoot.Value(c.Type, c.Value)
	switch p.Type {
	case trace.TypeMax, trace.TypeSingle:
		return v
	case trace.TypeMin:
		return -v
	}
	return 0
}

// Len returns the number of nodes of the outlined tree.
func (o *Outline) Len() int { return len(o.size) }

// Subtree returns the number of nodes under id, itself included, in the
// final tree.
func (o *Outline) Subtree(id trace.NodeID) int { return int(o.size[id]) }

// Under reports whether node id lies in the subtree of node top, top
// itself included.
func (o *Outline) Under(id, top trace.NodeID) bool {
	return o.pre[top] <= o.pre[id] && o.pre[id] < o.pre[top]+o.size[top]
}

// Depth returns node id's depth: 0 for the root, 1 for its children.
func (o *Outline) Depth(id trace.NodeID) int { return int(o.depth[id]) }

// parent returns node id's parent, or trace.NoNode for the root.
func (o *Outline) parent(id trace.NodeID) trace.NodeID { return trace.NodeID(o.parents[id]) }

// Rank returns node id's place among its siblings, most interesting
// first, from 0.
func (o *Outline) Rank(id trace.NodeID) int { return int(o.rank[id]) }

// MonteCarlo reports whether the trace backs results up through the root,
// so that its nodes are ranked by visits.
func (o *Outline) MonteCarlo() bool { return o.visits != nil }

// Appear returns the step whose event makes node id: a node exists at
// step k, and is drawn, if Appear(id) <= k.
func (o *Outline) Appear(id trace.NodeID) int { return int(o.appear[id]) }

// appeared returns how many of the created nodes and how many of the
// placeholders exist at step k: the nodes [0, c) and [created,
// created+h).
func (o *Outline) appeared(k int) (c, h int) {
	c, _ = slices.BinarySearch(o.appear[:o.created], int32(k+1))
	h, _ = slices.BinarySearch(o.appear[o.created:], int32(k+1))
	return c, h
}

// MemSize returns the bytes the outline holds.
func (o *Outline) MemSize() int64 {
	n := int64(len(o.parents)+len(o.depth)+len(o.size)+len(o.pre)+len(o.appear)+len(o.rank)+len(o.visits)) * 4
	return n + 96
}
