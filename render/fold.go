package render

import (
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// A display set's fold (Shown.Fold) is drawn as a placeholder is, a
// dashed grey box, "f<b>" over its Bottom b (or, for a fold that ends the
// line, b its last node folded), saying the moves it folds over how
// many: "b2 a1 c3" over "3 moves folded". Its edges run from its Top to
// it and from it to its Bottom, the latter the Bottom's own edge "e<b>"
// with the Bottom's move.
const (
	foldClass = "fold" // the SVG class of a fold's box and edge, with moreClass
	// foldMoves is the most moves a fold's box names: of a longer run,
	// the first and the last two around "…".
	foldMoves = 4
)

// id returns the number in the fold's SVG id: its Bottom's, or for a
// fold that ends the line, its last node's.
func (f *folded) id() trace.NodeID {
	if f.Bottom == trace.NoNode {
		return f.last()
	}
	return f.Bottom
}

// foldID returns the SVG id of fold f: "f<id>".
func foldID(f *folded) string { return "f" + strconv.Itoa(int(f.id())) }

// label returns the two lines of the fold's box: its moves and how many.
func (f *folded) label(l explain.Lang) (moves, count string) {
	a := f.actions
	if len(a) > foldMoves {
		a = append(append(append([]string{}, a[:2]...), "…"), a[len(a)-2:]...)
	}
	n := explain.Thousands(len(f.actions))
	if len(f.actions) == 1 {
		return strings.Join(a, " "), l.F("%s move folded", n)
	}
	return strings.Join(a, " "), l.F("%s moves folded", n)
}

// foldGeometry returns the geometry of fold f's box.
func foldGeometry(l explain.Lang, f *folded) geometry {
	moves, count := f.label(l)
	w := max(textWidth(moves, moreFontRoom)*boldWidening, textWidth(count, moreFontRoom)) + 2*moreMargin
	return geometry{shape: "box", width: max(w, placeholderSize*2), height: moreHeight}
}

// fold returns the display set's fold, or nil.
func (d drawn) fold() *folded {
	if d.shown == nil {
		return nil
	}
	return d.shown.fold
}

// foldBox returns the box of the fold, which must be drawn: the last.
func (d drawn) foldBox() int { return d.nodes() + d.groups() }

// parentBox returns the box drawn over node id, which must be drawn and
// not the root: its parent's or, for a fold's Bottom, the fold's.
func (d drawn) parentBox(id trace.NodeID) int {
	if f := d.fold(); f != nil && f.Bottom == id {
		return d.foldBox()
	}
	return d.box(d.t.Node(id).Parent)
}

// parentID returns the SVG id of what is drawn over node id, which must
// not be the root: "n<parent>", or the fold's.
func (d drawn) parentID(id trace.NodeID) string {
	if f := d.fold(); f != nil && f.Bottom == id {
		return foldID(f)
	}
	return "n" + strconv.Itoa(int(d.t.Node(id).Parent))
}

// layoutOrder returns, by box, its place in the order the tidy layout
// takes boxes in, parents first: the boxes' own, but for the fold's box,
// which comes just before its Bottom's, among its Top's children where
// its run's first node was. It returns nil when that is the boxes' order,
// as for a fold that ends the line, which has no box under it.
func (d drawn) layoutOrder() []int32 {
	f := d.fold()
	if f == nil || f.Bottom == trace.NoNode {
		return nil
	}
	bottom := d.box(f.Bottom)
	order := make([]int32, d.boxes())
	for i := range order {
		switch {
		case i == d.foldBox():
			order[i] = int32(bottom)
		case i >= bottom:
			order[i] = int32(i + 1)
		default:
			order[i] = int32(i)
		}
	}
	return order
}

// layoutInOrder lays out with the tidy layout the boxes whose parents
// and sizes are given by box, taking them in order (layoutOrder), and
// returns their places by box.
func layoutInOrder(order, parent []int32, width, height []float64) (tidyLayout, error) {
	if order == nil {
		return layoutTidy(parent, width, height, tidyGaps)
	}
	n := len(order)
	p, w, h := make([]int32, n), make([]float64, n), make([]float64, n)
	for i, at := range order {
		p[at], w[at], h[at] = -1, width[i], height[i]
		if parent[i] >= 0 {
			p[at] = order[parent[i]]
		}
	}
	pos, err := layoutTidy(p, w, h, tidyGaps)
	if err != nil {
		return tidyLayout{}, err
	}
	x, y := make([]float64, n), make([]float64, n)
	for i, at := range order {
		x[i], y[i] = pos.x[at], pos.y[at]
	}
	pos.x, pos.y = x, y
	return pos, nil
}

// writeFold writes the fold's box, if there is one.
func (d *svgDrawing) writeFold() {
	f := d.drawn.fold()
	if f == nil {
		return
	}
	moves, count := f.label(d.opts.Lang)
	d.moreBox(d.drawn.foldBox(), "f", f.id(), foldClass+" "+moreStatus, trace.StatusGenerated, moves, count)
}

// writeFoldEdge writes the edge from the fold's Top to its box, if there
// is one, dashed grey.
func (d *svgDrawing) writeFoldEdge() {
	f := d.drawn.fold()
	if f == nil {
		return
	}
	d.moreLine(f.Top, d.drawn.foldBox(), foldID(f), foldClass+" "+moreStatus, trace.StatusGenerated)
}

// fold writes the fold's box in DOT, if there is one.
func (d *drawing) fold() {
	f := d.drawn.fold()
	if f == nil {
		return
	}
	geo := foldGeometry(d.opts.Lang, f)
	moves, count := f.label(d.opts.Lang)
	d.moreNode(foldID(f), foldClass+" "+moreStatus, geo, moreLook.style, moreLabel("f", f.id(), moves, count, int(geo.width)-2*moreMargin, d.opts.Patchable))
}

// foldEdge writes the edge from the fold's Top to its box in DOT, if
// there is one.
func (d *drawing) foldEdge() {
	f := d.drawn.fold()
	if f == nil {
		return
	}
	d.moreEdgeTo(f.Top, foldID(f), foldClass+" "+moreStatus, moreLook.edgeStyle)
}
