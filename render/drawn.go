package render

import (
	"strconv"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/trace"
)

// drawn is what one drawing draws: every node of a tree, or the nodes
// and placeholders of a display set (Options.Shown). Its boxes are
// numbered from 0: the nodes first, in id order, then the placeholders,
// in the order of their parents, so that a parent's box comes before its
// children's and a placeholder comes after its siblings.
type drawn struct {
	t     *trace.Tree
	shown *Shown   // nil for the whole tree
	more  []Elided // by placeholder, what it stands for at t's step
}

// newDrawn returns what a drawing of t with display set s draws.
func newDrawn(t *trace.Tree, s *Shown) (drawn, error) {
	d := drawn{t: t, shown: s}
	if s == nil {
		return d, nil
	}
	if err := s.check(t); err != nil {
		return drawn{}, err
	}
	d.more = elidedAt(t, s)
	return d, nil
}

// elidedAt returns what each placeholder of s stands for at t's step: the
// nodes under it that exist then.
func elidedAt(t *trace.Tree, s *Shown) []Elided {
	if t.Step() == t.Len()-1 {
		return s.final
	}
	out := make([]Elided, len(s.groups))
	var stack []trace.NodeID
	for g, p := range s.groups {
		for _, c := range t.Node(p).Children {
			if s.Has(c) || s.foldHead(c) || t.Node(c).Status == trace.StatusNotReached {
				continue
			}
			out[g].Children++
			stack = append(stack[:0], c)
			for len(stack) > 0 {
				id := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				n := t.Node(id)
				if n.Status == trace.StatusNotReached {
					continue
				}
				out[g].Nodes++
				stack = append(stack, n.Children...)
			}
		}
	}
	return out
}

// nodes returns the number of nodes drawn.
func (d drawn) nodes() int {
	if d.shown == nil {
		return d.t.Size()
	}
	return len(d.shown.nodes)
}

// node returns the node of box i, which must be a node's.
func (d drawn) node(i int) trace.NodeID {
	if d.shown == nil {
		return trace.NodeID(i)
	}
	return d.shown.nodes[i]
}

// box returns the box of node id, which must be drawn.
func (d drawn) box(id trace.NodeID) int {
	if d.shown == nil {
		return int(id)
	}
	i, _ := d.shown.Index(id)
	return i
}

// find returns the box of node id and whether it is drawn.
func (d drawn) find(id trace.NodeID) (int, bool) {
	if d.shown == nil {
		return int(id), id >= 0 && int(id) < d.t.Size()
	}
	return d.shown.Index(id)
}

// reasonOn reports whether the edge into node id carries the reason for
// the cut that pruned it, as final says: id is the first of its parent's
// children, in the final tree, that the cut pruned and the drawing draws,
// so that a cut's reason is written once, however many moves it pruned.
func (d drawn) reasonOn(final *trace.Tree, id trace.NodeID) bool {
	n := final.Node(id)
	if !n.Placeholder || n.PrunedBy == trace.NoNode || n.Parent == trace.NoNode {
		return false
	}
	for _, c := range final.Node(n.Parent).Children {
		if s := final.Node(c); s.Placeholder && s.PrunedBy == n.PrunedBy {
			if _, ok := d.find(c); ok {
				return c == id
			}
		}
	}
	return false
}

// linked returns the boxes of node i's transposition link, from i to
// the node first searched, and whether it is drawn: the node's value came
// from a transposition table, in the final tree, and both ends are drawn.
func (d drawn) linked(i int, final *trace.Tree) (to int, ok bool) {
	same := final.Node(d.node(i)).Same
	if same == 0 {
		return 0, false
	}
	return d.find(same)
}

// linkStatus is the status a transposition link from node n is drawn in:
// n's, once n has its value from the table, else not reached.
func linkStatus(n trace.NodeState) trace.Status {
	if !n.HasValue {
		return trace.StatusNotReached
	}
	return n.Status
}

// groups returns the number of placeholders drawn.
func (d drawn) groups() int {
	if d.shown == nil {
		return 0
	}
	return len(d.shown.groups)
}

// group returns the parent of placeholder g.
func (d drawn) group(g int) trace.NodeID { return d.shown.groups[g] }

// boxes returns the number of boxes drawn: nodes, placeholders and the
// fold, if any.
func (d drawn) boxes() int {
	if d.fold() != nil {
		return d.nodes() + d.groups() + 1
	}
	return d.nodes() + d.groups()
}

// each calls fn with every node drawn, in id order.
func (d drawn) each(fn func(id trace.NodeID)) {
	for i := range d.nodes() {
		fn(d.node(i))
	}
}

// hidden reports whether placeholder g stands for no node at the step
// drawn, and is drawn hidden.
func (d drawn) hidden(g int) bool { return d.more[g].Children == 0 }

// readBoards reads the board of every node d draws once, with the game's
// reader read; it returns nil, no boards, for a nil read. A chance node
// gets none: its position is its parent's, the roll still to come.
func (d drawn) readBoards(l explain.Lang, read func(string) (board.Board, bool)) map[trace.NodeID]*board.Board {
	if read == nil {
		return nil
	}
	boards := map[trace.NodeID]*board.Board{}
	d.each(func(id trace.NodeID) {
		if n := d.t.Node(id); n.Type != trace.TypeChance {
			if b := readBoard(l, read, n.Board); b != nil {
				boards[id] = b
			}
		}
	})
	return boards
}

// boardBefore returns the board of the position before node id's move,
// against which its own board marks the move: its parent's or, under a
// chance node, which draws none, the chance node's parent's.
func boardBefore(t *trace.Tree, boards map[trace.NodeID]*board.Board, id trace.NodeID) *board.Board {
	p := t.Node(id).Parent
	if p != trace.NoNode && t.Node(p).Type == trace.TypeChance {
		p = t.Node(p).Parent
	}
	if p == trace.NoNode {
		return nil
	}
	return boards[p]
}

// Placeholders of a display set are drawn as boxes of two lines, "+N
// more" over "M nodes", a little wider than their text for the final
// tree's counts, so that no count moves them.
const (
	moreClass    = "more"    // the SVG class of a placeholder and its edge
	moreStatus   = "st_more" // the status class of a placeholder drawn
	moreHeight   = 28        // a placeholder's height, in points
	moreMargin   = 6         // between a placeholder's text and its sides
	moreFontBold = 10        // "+N more"
	moreFont     = 10        // "M nodes"
	// moreFontRoom is the size a placeholder's and a fold's texts are
	// given room for: presentation mode draws them at 12.5
	// (--present-window in static/app.css), larger than they are written.
	moreFontRoom = 12.5
	colorMore    = "#F2F2F2" // a placeholder's fill, a light grey
)

// moreID returns the SVG id of the placeholder under node p: "m<p>".
func moreID(p trace.NodeID) string { return "m" + strconv.Itoa(int(p)) }

// moreGeometry returns the geometry of a placeholder standing for e.
func moreGeometry(l explain.Lang, e Elided) geometry {
	more, nodes := e.LabelIn(l)
	w := max(textWidth(more, moreFontRoom)*boldWidening, textWidth(nodes, moreFontRoom)) + 2*moreMargin
	return geometry{shape: "box", width: max(w, placeholderSize*2), height: moreHeight}
}

// moreStatusClass returns the status class of placeholder g: st_more, or
// st_not_reached when it stands for no node yet.
func (d drawn) moreStatusClass(g int) string {
	if d.hidden(g) {
		return lookOf(trace.StatusNotReached).class
	}
	return moreStatus
}
