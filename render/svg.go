package render

import (
	"fmt"
	"io"
	"strconv"

	"github.com/searchviz/searchviz/trace"
)

// Spacing of the tidy drawing, in points.
var tidyGaps = tidySpacing{
	sibling: 10, // Graphviz's nodesep is 14, but its edges take room we do not need
	subtree: 20,
	layer:   30, // room for an edge label over the node and a line down to it
}

// Margins of the tidy drawing, in points.
const (
	svgMargin   = ringRoom // around everything, as WriteDOT asks Graphviz to leave
	titleGap    = 8        // under the title and caption, over the root
	legendGap   = 20       // between the lowest layer and the legend
	labelMargin = 4        // beside an edge label, within its node's share of the layer
)

// WriteTidySVG writes tree t, as it stands at its current step, to w as SVG
// laid out by the tidy-tree layout, in time and memory linear in the
// nodes, with no Graphviz.
//
// The SVG is what Render writes through Graphviz, for a page and its
// StyleSheet: node i is the group "n<i>" with the classes "node st_<status>
// ty_<type>" and its shape as the group's first polygon or ellipse; the
// edge into it is the group "e<i>", classes "edge st_<status>" and a weight
// class "vw<k>", with a path and its labels; with Options.Patchable the
// value and window are the text elements "a_v<i>" and "a_w<i>"; the legend
// is the group "legend". Every node of the final tree is drawn in the place
// the final tree gives it, at every step: a node not reached yet is hidden
// by its class, st_not_reached, and by its visibility, so that a page can
// show it later by changing its class. Options.Layout only names the
// layout in the legend.
//
// A drawing for a file draws each node, edge and text with presentation
// attributes, as Graphviz does, so that it shows alone in any SVG viewer.
// A Patchable drawing is for a page that styles it with StyleSheet and
// restyles it step by step, and it is a third of the size: its nodes,
// edges and their texts carry classes only (the texts "tv", "tw", "tm"
// and "tl"), no <title> elements, and each node, placeholder and edge is
// one line, its group, with no line breaks inside, which a browser would
// keep as text nodes; so a page can also cut the drawing by lines and
// show a part of it first.
//
// WriteTidySVG reads t and does not move it; like every use of a
// trace.Tree, it must not run concurrently with calls that move t.
func WriteTidySVG(w io.Writer, t *trace.Tree, opts Options) error {
	sc, err := newScene(t, opts)
	if err != nil {
		return err
	}
	d := &svgDrawing{scene: sc, page: opts.Patchable, rootVisits: t.Node(t.Root()).Visits}
	if err := d.layout(); err != nil {
		return err
	}
	d.w = newSVGWriter(w)
	d.write()
	if err := d.w.Flush(); err != nil {
		return fmt.Errorf("render: writing SVG: %w", err)
	}
	return nil
}

// svgDrawing is one run of WriteTidySVG.
type svgDrawing struct {
	scene
	// page says the drawing is for a page, Options.Patchable, which
	// styles it (see WriteTidySVG): classes instead of presentation
	// attributes.
	page bool
	w    *svgWriter
	// rootVisits are the root's visits at the current step, by which edges
	// are widened (NodeDisplay.Weight).
	rootVisits int
	geo        []geometry // by box
	pos        tidyLayout // the centres of the boxes, the tree's size
	title      []string   // the lines over the tree
	legend     *svgLegend // nil without Options.Legend
	// The tree's top left corner, and the size of the whole drawing.
	dx, dy        float64
	width, height float64
}

// layout sizes every box from the final tree, lays the tree out, and
// places the title over it and the legend under it.
func (d *svgDrawing) layout() error {
	dr := d.drawn
	n := dr.boxes()
	parent := make([]int32, n)
	width, height := make([]float64, n), make([]float64, n)
	d.geo = make([]geometry, n)
	for i := range dr.nodes() {
		id := dr.node(i)
		nd := d.t.Node(id)
		g := d.geometryAt(id)
		d.geo[i] = g
		parent[i] = -1
		if nd.Parent != trace.NoNode {
			parent[i] = int32(dr.parentBox(id))
		}
		width[i], height[i] = d.room(id, g), g.height
	}
	for g := range dr.groups() {
		i := dr.nodes() + g
		d.geo[i] = moreGeometry(d.opts.Lang, dr.shown.final[g])
		parent[i] = int32(dr.box(dr.group(g)))
		width[i], height[i] = d.geo[i].width, d.geo[i].height
	}
	if f := dr.fold(); f != nil {
		i := dr.foldBox()
		d.geo[i] = foldGeometry(d.opts.Lang, f)
		parent[i] = int32(dr.box(f.Top))
		width[i], height[i] = d.geo[i].width, d.geo[i].height
	}
	pos, err := layoutInOrder(dr.layoutOrder(), parent, width, height)
	if err != nil {
		return err
	}
	d.pos = pos
	d.title = lines(d.opts.Title)
	d.title = append(d.title, captionOf(d.t.Node(d.t.Root()).Type, d.opts))
	titleWidth := textWidth(sizingCaption(d.t.Node(d.t.Root()).Type, d.opts), fontTitle)
	for _, l := range d.title {
		titleWidth = max(titleWidth, textWidth(l, fontTitle))
	}
	d.dy = float64(len(d.title))*titleLeading + titleGap
	d.width, d.height = max(pos.width, titleWidth), d.dy+pos.height
	d.dx = (d.width - pos.width) / 2
	if d.opts.Legend {
		d.legend = newSVGLegend(d)
		d.legend.x, d.legend.y = 0, d.height+legendGap
		d.width = max(d.width, d.legend.w)
		d.height = d.legend.y + d.legend.h
	}
	return nil
}

// room returns the width node id takes in its layer: its box, or more if
// the label of the edge into it needs more, so that labels of neighbours
// never overlap.
func (d *svgDrawing) room(id trace.NodeID, g geometry) float64 {
	w, size := g.width, float64(d.opts.edgeFont())
	action, reasons, _ := d.edgeLabels(id)
	if action != "" {
		// The label sits on the edge a little above the node, where
		// neighbouring edges are at least 2/3 as far apart as the nodes.
		w = max(w, 1.5*(textWidth(action, size)+2*labelMargin))
	}
	for _, r := range reasons {
		w = max(w, textWidth(r, size)+2*labelMargin)
	}
	return w
}

// edgeLabels returns the labels of the edge into node id, as WriteDOT
// writes them, from the final tree so that they are the same at every
// step: the action, with the pass that made it, and for the first pruned
// node of a cut the reasons for it (drawn.reasonOn, Options.cutReasons).
// The root has neither.
func (d *svgDrawing) edgeLabels(id trace.NodeID) (action string, reasons []string, both *viewLines) {
	n := d.final.Node(id)
	if n.Parent == trace.NoNode {
		return "", nil, nil
	}
	action = actionTextIn(d.opts.Lang, n)
	if d.passes && n.Iteration > 0 {
		action += " · " + d.opts.Lang.T("pass") + " " + strconv.Itoa(n.Iteration)
	}
	if d.drawn.reasonOn(d.final, id) {
		reasons, both = d.opts.cutReasons(d.final.Node(n.PrunedBy))
	}
	return action, reasons, both
}

// boxOf returns box i of the drawing.
func (d *svgDrawing) boxOf(i int) box {
	g := d.geo[i]
	return box{x: d.dx + d.pos.x[i], y: d.dy + d.pos.y[i], w: g.width, h: g.height}
}

// write writes the whole drawing: edges first, under the nodes, as
// Graphviz orders them, then nodes, then the legend.
func (d *svgDrawing) write() {
	w := d.w
	fullW, fullH := d.width+2*svgMargin, d.height+2*svgMargin
	w.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n")
	w.WriteString(tidyHead + "\n<svg")
	w.WriteString(` width="`)
	w.num(fullW)
	w.WriteString(`pt" height="`)
	w.num(fullH)
	w.WriteString(`pt" viewBox="0 0 `)
	w.num(fullW)
	w.WriteByte(' ')
	w.num(fullH)
	w.WriteString(`" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">` + "\n")
	w.WriteString(`<g id="graph0" class="graph" transform="translate(`)
	w.num(svgMargin)
	w.WriteByte(' ')
	w.num(svgMargin)
	w.WriteString(")\">\n<title>searchtree</title>\n<polygon fill=\"white\" stroke=\"none\" points=\"")
	w.points([]float64{-svgMargin, -svgMargin, d.width + svgMargin, -svgMargin, d.width + svgMargin, d.height + svgMargin, -svgMargin, d.height + svgMargin})
	w.WriteString("\"/>\n")
	for i, l := range d.title {
		if i == len(d.title)-1 && d.page {
			d.slotText(captionSlot, d.width/2, float64(i+1)*titleLeading-2, "middle", fontTitle, l)
			continue
		}
		d.text(d.width/2, float64(i+1)*titleLeading-2, "middle", fontTitle, "", "", l)
	}
	for i := range d.drawn.nodes() {
		d.edge(i)
	}
	for g := range d.drawn.groups() {
		d.moreEdge(g)
	}
	d.writeFoldEdge()
	for i := range d.drawn.nodes() {
		d.link(i)
	}
	for i := range d.drawn.nodes() {
		d.node(i)
	}
	for g := range d.drawn.groups() {
		d.more(g)
	}
	d.writeFold()
	if d.legend != nil {
		d.legend.write(d)
	}
	w.WriteString("</g>\n</svg>\n")
}
