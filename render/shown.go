package render

import (
	"fmt"
	"slices"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// Shown is a display set: the nodes of a tree that a drawing shows, and
// for each shown node some of whose children are not shown, one
// placeholder that stands for those children and everything under them,
// drawn as "+N more" over "M nodes". The shown nodes always include the
// root and every shown node's parent, so that what is shown is one tree
// and every node left out lies under exactly one placeholder; but a
// display set may fold one run of a long path into a box of its own (see
// Fold), and then the node under the run hangs from that box, and the
// nodes of the run and those under them but off the path are left out
// under none. Pick makes display sets; a nil *Shown in Options draws the
// whole tree. A Shown never changes once made and is safe for concurrent
// use.
type Shown struct {
	size   int            // the nodes of the tree
	nodes  []trace.NodeID // the shown nodes, increasing
	groups []trace.NodeID // the parents of the placeholders, increasing
	final  []Elided       // by placeholder, what it stands for in the final tree
	fold   *folded        // the run of a path drawn as one box, or nil
	// ranks is the most ranks Pick was asked to draw the path to the
	// current node in (Choices.Ranks), or more where it could not fold
	// the path into them; 0 for any number.
	ranks int
}

// Fold is a run of a path that a display set draws as one box: the nodes
// strictly between Top and Bottom, each the parent of the next, and
// everything under them but Bottom's subtree. The box hangs from Top, and
// Bottom from the box. A fold with no Bottom (trace.NoNode) ends the
// path: it stands for the best line under Top, to its end, and what
// hangs from it, as the end of a search may draw it.
type Fold struct {
	Top, Bottom trace.NodeID
}

// folded is a display set's fold, with the nodes of its run.
type folded struct {
	Fold
	run     []trace.NodeID // the nodes folded, from Top's child down
	actions []string       // the moves into the run's nodes, in order
}

// Elided is what one placeholder stands for: Children children of its
// parent left out, and Nodes nodes in all under and including them.
type Elided struct {
	Children, Nodes int
}

// newShown returns the display set of the nodes in set, which must hold
// the root and the parent of each of its nodes, of a tree whose nodes t
// gives and whose subtree sizes o gives.
// A fold f, if not nil, draws the run between f.Top and f.Bottom, both
// in set, as one box: the run's first node counts in no placeholder.
func newShown(t *trace.Tree, o *Outline, set map[trace.NodeID]bool, f *Fold) *Shown {
	s := &Shown{size: t.Size(), nodes: make([]trace.NodeID, 0, len(set))}
	for id := range set {
		s.nodes = append(s.nodes, id)
	}
	slices.Sort(s.nodes)
	if f != nil {
		s.fold = newFolded(t, *f)
	}
	for _, id := range s.nodes {
		var e Elided
		for _, c := range t.Node(id).Children {
			if !set[c] && !s.foldHead(c) {
				e.Children++
				e.Nodes += o.Subtree(c)
			}
		}
		if e.Children > 0 {
			s.groups = append(s.groups, id)
			s.final = append(s.final, e)
		}
	}
	return s
}

// newFolded returns fold f of tree t, with its run.
func newFolded(t *trace.Tree, f Fold) *folded {
	fd := &folded{Fold: f}
	if f.Bottom == trace.NoNode {
		for id := t.Node(f.Top).Best; id != trace.NoNode; id = t.Node(id).Best {
			fd.run = append(fd.run, id)
		}
	} else {
		for id := t.Node(f.Bottom).Parent; id != f.Top; id = t.Node(id).Parent {
			fd.run = append(fd.run, id)
		}
		slices.Reverse(fd.run)
	}
	for _, id := range fd.run {
		fd.actions = append(fd.actions, actionText(t.Node(id)))
	}
	return fd
}

// last returns the fold's last node folded.
func (f *folded) last() trace.NodeID { return f.run[len(f.run)-1] }

// foldHead reports whether id is the first node of the fold's run.
func (s *Shown) foldHead(id trace.NodeID) bool {
	return s.fold != nil && s.fold.run[0] == id
}

// Fold returns the run of a path the display set draws as one box, and
// false if it folds none.
func (s *Shown) Fold() (Fold, bool) {
	if s.fold == nil {
		return Fold{}, false
	}
	return s.fold.Fold, true
}

// Folded reports whether node id lies in what the display set's fold
// stands for: a node of its run, or one under them off the path to the
// fold's Bottom.
func (s *Shown) Folded(t *trace.Tree, id trace.NodeID) bool {
	if s.fold == nil {
		return false
	}
	for ; id != trace.NoNode; id = t.Node(id).Parent {
		if s.foldHead(id) {
			return true
		}
		if id == s.fold.Bottom || s.Has(id) {
			return false
		}
	}
	return false
}

// RootOnly returns the display set of t, the outlined tree, that shows
// its root alone over one placeholder: what a viewer draws when Pick
// refuses a step's paths as too long (see PathTooLongError).
func (o *Outline) RootOnly(t *trace.Tree) (*Shown, error) {
	if t == nil || t.Size() != o.Len() {
		return nil, fmt.Errorf("render: a tree of %d nodes is not the outlined tree of %d", sizeOf(t), o.Len())
	}
	return newShown(t, o, map[trace.NodeID]bool{t.Root(): true}, nil), nil
}

// Len returns the number of nodes shown, placeholders aside.
func (s *Shown) Len() int { return len(s.nodes) }

// Nodes returns the shown nodes in increasing order. The slice is shared
// and must not be modified.
func (s *Shown) Nodes() []trace.NodeID { return s.nodes }

// Has reports whether node id is shown.
func (s *Shown) Has(id trace.NodeID) bool {
	_, ok := slices.BinarySearch(s.nodes, id)
	return ok
}

// Index returns the place of node id in Nodes and true, or false if it
// is not shown.
func (s *Shown) Index(id trace.NodeID) (int, bool) {
	return slices.BinarySearch(s.nodes, id)
}

// Groups returns the parents of the placeholders in increasing order:
// placeholder i stands for the children of Groups()[i] that are not
// shown. The slice is shared and must not be modified.
func (s *Shown) Groups() []trace.NodeID { return s.groups }

// Group returns the index of the placeholder under node p and true, or
// false if every child of p is shown.
func (s *Shown) Group(p trace.NodeID) (int, bool) {
	return slices.BinarySearch(s.groups, p)
}

// Final returns what placeholder i stands for in the final tree, when
// every node exists.
func (s *Shown) Final(i int) Elided { return s.final[i] }

// Drawn returns the number of boxes a drawing of s has: its nodes and its
// placeholders.
func (s *Shown) Drawn() int { return len(s.nodes) + len(s.groups) }

// Equal reports whether s and o show the same nodes and fold the same
// run.
func (s *Shown) Equal(o *Shown) bool {
	if s == nil || o == nil {
		return s == o
	}
	f, _ := s.Fold()
	g, _ := o.Fold()
	return s.size == o.size && slices.Equal(s.nodes, o.nodes) && f == g && (s.fold == nil) == (o.fold == nil)
}

// Covers reports whether s shows the current node of t at its step, the
// path to it, and the best line so far, from the root along each node's
// best child, each shown or folded but the current node; with no current
// node, the root's child on the best line unfolded; and, where Pick was
// asked for a number of ranks, whether the path to the current node
// still fits them. A viewer keeps a display set while it covers the
// step, so that the drawing does not change.
func (s *Shown) Covers(t *trace.Tree) bool {
	if cur := t.Current(); cur != trace.NoNode && !s.Has(cur) {
		return false
	}
	if t.Current() == trace.NoNode && s.fold != nil && s.fold.Top == t.Root() {
		return false
	}
	ok := true
	core(t, func(id trace.NodeID) bool {
		ok = s.Has(id) || s.Folded(t, id)
		return ok
	})
	if !ok {
		return false
	}
	if s.fold != nil && s.fold.Bottom != trace.NoNode && t.Node(s.fold.Bottom).Status == trace.StatusNotReached {
		return false
	}
	if s.ranks <= 0 {
		return true
	}
	end := PathEnd(t)
	return !s.Has(end) || s.rankOf(t, end)+1+kidRank(t, end) <= s.ranks
}

// rankOf returns the rank node id, which s shows, is drawn at: its depth,
// less the ranks a fold above it saves.
func (s *Shown) rankOf(t *trace.Tree, id trace.NodeID) int {
	d := t.Node(id).Depth
	if s.fold != nil && s.fold.Bottom != trace.NoNode && (id == s.fold.Bottom || t.Node(id).Depth > t.Node(s.fold.Bottom).Depth && s.under(t, id, s.fold.Bottom)) {
		d -= len(s.fold.run) - 1
	}
	return d
}

// under reports whether id lies under top, by walking up from id.
func (s *Shown) under(t *trace.Tree, id, top trace.NodeID) bool {
	for ; id != trace.NoNode; id = t.Node(id).Parent {
		if id == top {
			return true
		}
	}
	return false
}

// check returns an error if s is not a display set of t.
func (s *Shown) check(t *trace.Tree) error {
	if s.size != t.Size() {
		return fmt.Errorf("render: a display set of a tree of %d nodes cannot draw a tree of %d", s.size, t.Size())
	}
	return nil
}

// Label returns the two lines of placeholder text for e: "+N more" and
// "M nodes", with thousands separated by commas.
func (e Elided) Label() (more, nodes string) { return e.LabelIn(explain.English) }

// LabelIn returns the two lines of placeholder text for e in language l,
// as Label does: in Japanese "+N 件" and "M ノード".
func (e Elided) LabelIn(l explain.Lang) (more, nodes string) {
	more = l.F("+%s more", explain.Thousands(e.Children))
	if e.Nodes == 1 {
		return more, l.F("%s node", explain.Thousands(e.Nodes))
	}
	return more, l.F("%s nodes", explain.Thousands(e.Nodes))
}

// Tally follows what the placeholders of a display set stand for as a
// viewer steps through the trace: at step k, a placeholder counts only
// the nodes that exist at k, and a placeholder that stands for none is
// not drawn. Moving costs time in proportion to the nodes made or undone
// between the two steps. A Tally holds a count per placeholder, shares
// its display set's TallyIndex, and is used by one goroutine.
type Tally struct {
	idx    *TallyIndex
	step   int
	counts []Elided
}

// TallyIndex is what the Tallies of one display set share: the
// placeholder each node lies under. It holds 4 bytes a node of the tree,
// never changes once made, and is safe for concurrent use, so that the
// pages of a class that show the same display set hold it once.
type TallyIndex struct {
	shown *Shown
	o     *Outline
	// owner is, by node, -1 for a shown node, inFold for one the fold
	// stands for, or 2i+1 for a child of the parent of placeholder i, 2i
	// for a node deeper under it.
	owner []int32
}

// inFold is the owner of the nodes a display set's fold stands for, which
// no placeholder counts: the fold's box names its moves, not counts.
const inFold = -2

// NewTally returns a Tally of display set s of the trace that o outlines,
// at step -1, before any node exists, with an index of its own.
func NewTally(s *Shown, o *Outline) (*Tally, error) {
	x, err := NewTallyIndex(s, o)
	if err != nil {
		return nil, err
	}
	return x.Tally(), nil
}

// NewTallyIndex returns the index of display set s of the trace that o
// outlines, for its Tallies.
func NewTallyIndex(s *Shown, o *Outline) (*TallyIndex, error) {
	if s.size != o.Len() {
		return nil, fmt.Errorf("render: a display set of %d nodes does not belong to a trace of %d", s.size, o.Len())
	}
	x := &TallyIndex{shown: s, o: o, owner: make([]int32, s.size)}
	next := 0
	for id := range x.owner {
		if next < len(s.nodes) && s.nodes[next] == trace.NodeID(id) {
			x.owner[id] = -1
			next++
			continue
		}
		p := o.parent(trace.NodeID(id))
		if x.owner[p] >= 0 {
			x.owner[id] = x.owner[p] &^ 1
			continue
		}
		if x.owner[p] == inFold || s.foldHead(trace.NodeID(id)) {
			x.owner[id] = inFold
			continue
		}
		g, _ := s.Group(p)
		x.owner[id] = int32(2*g + 1)
	}
	return x, nil
}

// Shown returns the display set the index is of.
func (x *TallyIndex) Shown() *Shown { return x.shown }

// MemSize returns the bytes the index holds.
func (x *TallyIndex) MemSize() int64 { return int64(len(x.owner))*4 + 64 }

// Tally returns a new Tally of the index's display set at step -1.
func (x *TallyIndex) Tally() *Tally {
	return &Tally{idx: x, step: -1, counts: make([]Elided, len(x.shown.groups))}
}

// Step returns the step the counts are at.
func (c *Tally) Step() int { return c.step }

// Counts returns what placeholder i stands for at the current step.
func (c *Tally) Counts(i int) Elided { return c.counts[i] }

// Seek moves the counts to step k, from -1 to the last step, and calls
// changed with each placeholder whose counts changed, once or more.
func (c *Tally) Seek(k int, changed func(i int)) {
	if k == c.step {
		return
	}
	o := c.idx.o
	c0, h0 := o.appeared(c.step)
	c1, h1 := o.appeared(k)
	sign := 1
	if k < c.step {
		sign = -1
		c0, c1, h0, h1 = c1, c0, h1, h0
	}
	for id := c0; id < c1; id++ {
		c.count(id, sign, changed)
	}
	for id := o.created + h0; id < o.created+h1; id++ {
		c.count(id, sign, changed)
	}
	c.step = k
}

// count adds sign to the counts of the placeholder node id lies under.
func (c *Tally) count(id, sign int, changed func(int)) {
	w := c.idx.owner[id]
	if w < 0 {
		return
	}
	g := int(w >> 1)
	c.counts[g].Nodes += sign
	if w&1 == 1 {
		c.counts[g].Children += sign
	}
	if changed != nil {
		changed(g)
	}
}
