package render

import (
	"container/heap"
	"fmt"
	"slices"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// The display policy's sizes. A big tree is navigated, not drawn whole:
// Pick chooses at most a budget of its nodes, as Card and Nation's
// degree-of-interest trees do (2002).
const (
	// DefaultBudget is the most nodes a display set shows unless a
	// viewer asks for another budget: what the tidy layout draws and a
	// browser restyles step by step without a pause.
	DefaultBudget = 2_000
	// TopChildren is the most children of one node that Pick shows
	// unasked, the most interesting first; the rest are one placeholder.
	TopChildren = 10
	// ExpandStep is how many more children of a node each expansion
	// (Choices.Expanded) shows.
	ExpandStep = 25
	// maxWindowEvents bounds the events Pick reads ahead of the step for
	// the nodes the search will visit next.
	maxWindowEvents = 100_000
	// MaxAlwaysShown is the most nodes Pick shows whatever the budget:
	// the paths down to the view's root and the current node and the best
	// line. A trace whose paths are longer (a chain a million deep, say)
	// is refused with a *PathTooLongError rather than drawn for minutes.
	MaxAlwaysShown = 10 * DefaultBudget
)

// PathTooLongError refuses a display set whose always-shown nodes are
// more than MaxAlwaysShown: paths too long to draw.
type PathTooLongError struct {
	// Depth is the depth of the node whose path was too long.
	Depth int
}

func (e *PathTooLongError) Error() string {
	return fmt.Sprintf("render: the path to this step's node is %s levels deep, more than the %s nodes a drawing shows of the paths to the view's root and the current node and of the best line (render.MaxAlwaysShown)",
		explain.Thousands(e.Depth), explain.Thousands(MaxAlwaysShown))
}

// Choices are what a viewer asked to see of a big tree, and the way it
// is stepping.
type Choices struct {
	// Budget is the most nodes shown, placeholders aside, but for the
	// nodes Pick always shows (see Pick); 0 means DefaultBudget.
	Budget int
	// Root is the view's root: the budget goes to its subtree, and of
	// the rest of the tree only the path down to it and the nodes Pick
	// always shows are shown. The zero value is the tree's root.
	Root trace.NodeID
	// Expanded lists nodes whose placeholders were clicked, first click
	// first: each time a node is listed, ExpandStep more of its children
	// are shown, beyond TopChildren, while the budget allows.
	Expanded []trace.NodeID
	// Collapsed lists nodes whose children are hidden, but for the nodes
	// Pick always shows and those the search visits next.
	Collapsed []trace.NodeID
	// Ahead is the way the viewer steps: 1 forwards, -1 backwards, 0
	// neither. Pick keeps up to half the budget for the nodes the search
	// visits in the next steps that way, so that a viewer stepping on
	// keeps its display set for many steps.
	Ahead int
	// Ranks is the most ranks, root to leaves, that the viewer's panel
	// holds at a readable scale; 0 means any number. Where the path from
	// the root to the current node (or, with none, to the best line's
	// end), with the current node's children, needs more, Pick folds a
	// run of it into one box (see Fold): the root, the box and the end of
	// the path down to the current node's children take Ranks ranks.
	Ranks int
}

// Pick chooses the display set of t at its current step, a tree of the
// trace that o outlines, as c asks:
//
//   - always, whatever the budget: the view's root and the path down to
//     it, the current node and the path to it, and the best line so far
//     (from the root along each node's best child);
//   - while the budget allows, in this order: the children that
//     expansions ask for; the siblings of the nodes always shown; the
//     nodes the search
//     visits in the coming steps, each with the path to it, up to half
//     the budget (an eighth outside the view's subtree); then the most
//     interesting others under the view's root, best first: in a Monte
//     Carlo search the most visited, in any other the shallowest, each
//     child counting as deeper by its rank among its siblings (see
//     Outline), and at most TopChildren children of a node unless it
//     was expanded.
//
// A fold asked for by c.Ranks leaves out the run it folds and every node
// under it off the path, whatever else would show them, and its Top shows
// no children but those it must (the search's coming nodes among them)
// and single leaves. Collapsed nodes show no children but the first two
// kinds and the search's coming nodes. A view's subtree that fits the
// budget whole, collapsed parts aside, is shown whole, as is a whole tree
// that fits.
// Last, a placeholder under a node whose children may be shown never
// stands for a single leaf: the leaf is shown in its place, beyond the
// budget, since it takes no more room.
func (o *Outline) Pick(t *trace.Tree, c Choices) (*Shown, error) {
	if t == nil || t.Size() != o.Len() {
		return nil, fmt.Errorf("render: a tree of %d nodes is not the outlined tree of %d", sizeOf(t), o.Len())
	}
	if c.Root < 0 || int(c.Root) >= o.Len() {
		return nil, fmt.Errorf("render: the view's root %d is not a node (0..%d)", c.Root, o.Len()-1)
	}
	if c.Budget <= 0 {
		c.Budget = DefaultBudget
	}
	p := &picker{o: o, t: t, c: c, set: make(map[trace.NodeID]bool, c.Budget+64), collapsed: map[trace.NodeID]bool{}, extra: map[trace.NodeID]int{}, open: map[trace.NodeID]bool{}}
	for _, id := range c.Collapsed {
		if id >= 0 && int(id) < o.Len() {
			p.collapsed[id] = true
		}
	}
	var expanded []trace.NodeID
	for _, id := range c.Expanded {
		if id >= 0 && int(id) < o.Len() {
			if p.extra[id] == 0 {
				expanded = append(expanded, id)
			}
			p.extra[id]++
		}
	}
	p.fold = p.foldFor(c.Ranks)
	var lines []trace.NodeID
	p.add(c.Root)
	core(t, func(id trace.NodeID) bool {
		p.add(id)
		lines = append(lines, id)
		return len(p.set) <= MaxAlwaysShown
	})
	if len(p.set) > MaxAlwaysShown {
		return nil, &PathTooLongError{Depth: o.Depth(lines[len(lines)-1])}
	}
	if len(p.set)+p.regionSize() <= c.Budget {
		p.addRegion()
		p.window(c.Budget - len(p.set))
		if p.fold != nil {
			p.singles() // the fold's Top and what the window adds under it
		}
		return p.shown(), nil
	}
	// What the viewer asked to see comes before what Pick chooses for it.
	for _, id := range expanded {
		if p.opened(id) && len(p.set)+p.missing(id) <= c.Budget {
			p.add(id)
			p.children(id)
		}
	}
	for _, id := range lines {
		if par := o.parent(id); par != trace.NoNode {
			p.children(par)
		}
	}
	p.window(c.Budget / 2)
	p.fill()
	p.singles()
	return p.shown(), nil
}

func sizeOf(t *trace.Tree) int {
	if t == nil {
		return 0
	}
	return t.Size()
}

// core calls fn with each node Pick always shows at t's step but the
// view's: the current node and its ancestors, then the best line from
// the root, until fn returns false. A node may come twice.
func core(t *trace.Tree, fn func(trace.NodeID) bool) {
	for id := t.Current(); id != trace.NoNode; id = t.Node(id).Parent {
		if !fn(id) {
			return
		}
	}
	for id := t.Root(); id != trace.NoNode; id = t.Node(id).Best {
		if !fn(id) {
			return
		}
	}
}

// PathEnd returns the node the path a drawing must hold leads to at t's
// step: the current node, or with none the best line's last node.
func PathEnd(t *trace.Tree) trace.NodeID {
	if id := t.Current(); id != trace.NoNode {
		return id
	}
	id := t.Root()
	for t.Node(id).Best != trace.NoNode {
		id = t.Node(id).Best
	}
	return id
}

// kidRank returns the ranks node id's children take under it: 1 if it
// has any in the final tree, else 0.
func kidRank(t *trace.Tree, id trace.NodeID) int {
	if len(t.Node(id).Children) > 0 {
		return 1
	}
	return 0
}

// picker is one run of Pick.
type picker struct {
	o         *Outline
	t         *trace.Tree
	c         Choices
	set       map[trace.NodeID]bool
	collapsed map[trace.NodeID]bool
	extra     map[trace.NodeID]int  // expansions by node
	open      map[trace.NodeID]bool // memo of opened
	fold      *Fold                 // the run folded, or nil
	head      trace.NodeID          // the fold's first node folded
}

// shown returns the display set picked.
func (p *picker) shown() *Shown {
	s := newShown(p.t, p.o, p.set, p.fold)
	if end := PathEnd(p.t); p.c.Ranks > 0 && s.Has(end) {
		// Where no fold brings the path within the ranks asked for, the
		// set holds as many as it draws, so that Covers keeps it.
		s.ranks = max(p.c.Ranks, s.rankOf(p.t, end)+1+kidRank(p.t, end))
	}
	return s
}

// foldFor returns the fold that draws the path to PathEnd in ranks
// ranks, or nil if it fits them, ranks is 0, or no run can be folded:
// the root, the root's child on the path when there is no current node
// (the decision, even past ranks), the box, and the path's last nodes,
// one at least, down to the end's children; or, with no current node and
// too few ranks for those, the root, the decision and a box ending the
// line. A fold never hides the view's root.
func (p *picker) foldFor(ranks int) *Fold {
	t := p.t
	end := PathEnd(t)
	depth, kids := t.Node(end).Depth, kidRank(t, end)
	if ranks <= 0 || depth+1+kids <= ranks {
		return nil
	}
	top := 0
	if t.Current() == trace.NoNode {
		top = 1
	}
	path := make([]trace.NodeID, depth+1)
	for id := end; id != trace.NoNode; id = t.Node(id).Parent {
		path[t.Node(id).Depth] = id
	}
	if top == 1 && ranks-3-kids < 1 && depth >= 2 && p.c.Root == t.Root() {
		// Too few ranks for the line's end under the box: the box ends it.
		p.head = path[2]
		return &Fold{Top: path[1], Bottom: trace.NoNode}
	}
	tail := max(1, ranks-2-top-kids) // the path's last nodes drawn, the end included
	bottomDepth := depth - tail + 1
	if p.c.Root != t.Root() {
		if !p.o.Under(end, p.c.Root) {
			return nil
		}
		bottomDepth = min(bottomDepth, t.Node(p.c.Root).Depth)
	}
	if bottomDepth-top < 2 {
		return nil
	}
	p.head = path[top+1]
	return &Fold{Top: path[top], Bottom: path[bottomDepth]}
}

// blocked reports whether id lies in what the fold stands for: under the
// run's first node but not under its Bottom.
func (p *picker) blocked(id trace.NodeID) bool {
	return p.fold != nil && p.o.Under(id, p.head) && (p.fold.Bottom == trace.NoNode || !p.o.Under(id, p.fold.Bottom))
}

// foldTop reports whether id is the fold's Top, whose children Pick
// shows only where it must: the fold's box takes their rank, which a
// board in each would make as tall as a node's.
func (p *picker) foldTop(id trace.NodeID) bool { return p.fold != nil && id == p.fold.Top }

// up returns the node drawn over id: its parent, or the fold's Top for
// the fold's Bottom.
func (p *picker) up(id trace.NodeID) trace.NodeID {
	if p.fold != nil && id == p.fold.Bottom {
		return p.fold.Top
	}
	return p.o.parent(id)
}

// room reports whether the budget has room for another node.
func (p *picker) room() bool { return len(p.set) < p.c.Budget }

// add shows id and every node drawn over it not shown yet, unless the
// fold stands for id.
func (p *picker) add(id trace.NodeID) {
	if p.blocked(id) {
		return
	}
	for ; id != trace.NoNode && !p.set[id]; id = p.up(id) {
		p.set[id] = true
	}
}

// missing returns how many nodes add(id) would add.
func (p *picker) missing(id trace.NodeID) int {
	n := 0
	for ; id != trace.NoNode && !p.set[id]; id = p.up(id) {
		n++
	}
	return n
}

// opened reports whether the children of id may be shown beyond the nodes
// Pick always shows: id lies in the view's subtree and neither it nor any
// node between it and the view's root is collapsed.
func (p *picker) opened(id trace.NodeID) bool {
	if ok, seen := p.open[id]; seen {
		return ok
	}
	ok := !p.collapsed[id] && !p.blocked(id) && p.o.Under(id, p.c.Root) && (id == p.c.Root || p.opened(p.up(id)))
	p.open[id] = ok
	return ok
}

// limit returns the most children of id shown by rank.
func (p *picker) limit(id trace.NodeID) int {
	return TopChildren + ExpandStep*p.extra[id]
}

// ranked returns the children of id in order of rank.
func (p *picker) ranked(id trace.NodeID) []trace.NodeID {
	kids := slices.Clone(p.t.Node(id).Children)
	slices.SortFunc(kids, func(a, b trace.NodeID) int { return p.o.Rank(a) - p.o.Rank(b) })
	return kids
}

// children shows the children of id within its limit, best first, while
// the budget allows, if id is opened and not the fold's Top.
func (p *picker) children(id trace.NodeID) {
	if !p.opened(id) || p.foldTop(id) {
		return
	}
	for i, c := range p.ranked(id) {
		if i >= p.limit(id) || !p.room() {
			return
		}
		if !p.blocked(c) {
			p.set[c] = true
		}
	}
}

// regionSize returns the number of nodes under the view's root that are
// not under a collapsed node, collapsed nodes included.
func (p *picker) regionSize() int {
	n := p.o.Subtree(p.c.Root)
	for c := range p.collapsed {
		if !p.o.Under(c, p.c.Root) {
			continue
		}
		inner := false
		for a := p.o.parent(c); a != trace.NoNode && p.o.Under(a, p.c.Root); a = p.o.parent(a) {
			inner = inner || p.collapsed[a]
		}
		if !inner {
			n -= p.o.Subtree(c) - 1
		}
	}
	return n
}

// addRegion shows every node under the view's root but those under a
// collapsed node.
func (p *picker) addRegion() {
	stack := []trace.NodeID{p.c.Root}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p.blocked(id) {
			continue
		}
		p.set[id] = true
		if !p.collapsed[id] && !p.foldTop(id) {
			stack = append(stack, p.t.Node(id).Children...)
		}
		if p.foldTop(id) && p.fold.Bottom != trace.NoNode {
			stack = append(stack, p.fold.Bottom)
		}
	}
}

// window shows the nodes the search enters or leaves in the steps after
// t's (or before it, stepping backwards), each with its path, until share
// nodes were added, an eighth of them outside the view's subtree, or the
// budget is full.
func (p *picker) window(share int) {
	dir := p.c.Ahead
	if dir == 0 || share <= 0 {
		return
	}
	added, outside := 0, 0
	last := p.t.Len() - 1
	for k, read := p.t.Step()+dir, 0; k >= 0 && k <= last && read < maxWindowEvents; k, read = k+dir, read+1 {
		e := p.t.Event(k)
		if e.Kind != trace.KindEnter && e.Kind != trace.KindLeave {
			continue
		}
		if p.set[e.Node] || p.blocked(e.Node) {
			continue
		}
		if !p.room() || added >= share {
			return
		}
		in := p.o.Under(e.Node, p.c.Root)
		n := p.missing(e.Node)
		if len(p.set)+n > p.c.Budget || (!in && outside+n > share/8) {
			continue
		}
		p.add(e.Node)
		added += n
		if !in {
			outside += n
		}
	}
}

// singles shows in the place of each placeholder that would stand for a
// single leaf that leaf: the drawing has as many boxes, and one says more.
func (p *picker) singles() {
	var add []trace.NodeID
	for id := range p.set {
		if !p.opened(id) {
			continue
		}
		var hidden []trace.NodeID
		for _, c := range p.t.Node(id).Children {
			if !p.set[c] && !p.blocked(c) {
				hidden = append(hidden, c)
				if len(hidden) > 1 {
					break
				}
			}
		}
		if len(hidden) == 1 && p.o.Subtree(hidden[0]) == 1 {
			add = append(add, hidden[0])
		}
	}
	for _, id := range add {
		p.set[id] = true
	}
}

// fill shows the most interesting nodes under the view's root, best
// first, until the budget is full.
func (p *picker) fill() {
	var q candidates
	for id := range p.set {
		p.push(&q, id)
	}
	heap.Init(&q)
	for q.Len() > 0 && p.room() {
		c := heap.Pop(&q).(candidate)
		if p.set[c.id] {
			continue
		}
		p.set[c.id] = true
		for _, k := range p.pushable(c.id) {
			heap.Push(&q, k)
		}
	}
}

// push appends the candidates among the children of id to q, unordered.
func (p *picker) push(q *candidates, id trace.NodeID) {
	*q = append(*q, p.pushable(id)...)
}

// pushable returns the children of id that fill may show: not shown yet,
// within id's limit, if id is opened.
func (p *picker) pushable(id trace.NodeID) []candidate {
	if !p.opened(id) || p.foldTop(id) {
		return nil
	}
	var out []candidate
	depth := p.t.Node(id).Depth - p.t.Node(p.c.Root).Depth + 1
	for _, c := range p.t.Node(id).Children {
		r := p.o.Rank(c)
		if p.set[c] || r >= p.limit(id) || p.blocked(c) {
			continue
		}
		k := candidate{id: c, cost: depth + r, tie: depth}
		if p.o.MonteCarlo() {
			k.cost = -int(p.o.visits[c])
		}
		out = append(out, k)
	}
	return out
}

// candidate is a node fill may show, at a cost: lower comes first, then
// shallower, then the earlier node.
type candidate struct {
	id        trace.NodeID
	cost, tie int
}

// candidates is a min-heap of candidates.
type candidates []candidate

func (q candidates) Len() int { return len(q) }
func (q candidates) Less(i, j int) bool {
	a, b := q[i], q[j]
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	if a.tie != b.tie {
		return a.tie < b.tie
	}
	return a.id < b.id
}
func (q candidates) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *candidates) Push(x any)   { *q = append(*q, x.(candidate)) }
func (q *candidates) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}
