package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/board"
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
	svgMargin   = 4  // around everything, as Graphviz leaves
	titleGap    = 8  // under the title and caption, over the root
	legendGap   = 20 // between the lowest layer and the legend
	labelMargin = 4  // beside an edge label, within its node's share of the layer
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
	final, dr, err := prepare(t, opts)
	if err != nil {
		return err
	}
	d := &svgDrawing{t: t, final: final, opts: opts, page: opts.Patchable, drawn: dr, boards: dr.readBoards(opts.Board), passes: passes(final), rootVisits: t.Node(t.Root()).Visits}
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
	t     *trace.Tree // at the step drawn
	final *trace.Tree // at the last step, for what must not change between steps
	opts  Options
	// page says the drawing is for a page, Options.Patchable, which
	// styles it (see WriteTidySVG): classes instead of presentation
	// attributes.
	page   bool
	drawn  drawn // the nodes and placeholders drawn, by box
	w      *svgWriter
	boards map[trace.NodeID]*board.Board // by node id, where a board is drawn
	passes bool                          // the trace's iterations are passes from the root, named on edges
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

// boardOf returns the board drawn in node id, or nil.
func (d *svgDrawing) boardOf(id trace.NodeID) *board.Board {
	return d.boards[id]
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
		g := geometryOf(nd, d.boardOf(id))
		d.geo[i] = g
		parent[i] = -1
		if nd.Parent != trace.NoNode {
			parent[i] = int32(dr.box(nd.Parent))
		}
		width[i], height[i] = d.room(id, g), g.height
	}
	for g := range dr.groups() {
		i := dr.nodes() + g
		d.geo[i] = moreGeometry(dr.shown.final[g])
		parent[i] = int32(dr.box(dr.group(g)))
		width[i], height[i] = d.geo[i].width, d.geo[i].height
	}
	pos, err := layoutTidy(parent, width, height, tidyGaps)
	if err != nil {
		return err
	}
	d.pos = pos
	d.title = lines(d.opts.Title)
	d.title = append(d.title, explain.Caption(d.t.Node(d.t.Root()).Type, d.opts.View))
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
	w := g.width
	action, reason := d.edgeLabels(id)
	if action != "" {
		// The label sits on the edge a little above the node, where
		// neighbouring edges are at least 2/3 as far apart as the nodes.
		w = max(w, 1.5*(textWidth(action, fontEdge)+2*labelMargin))
	}
	if reason != "" {
		w = max(w, textWidth(reason, fontEdge)+2*labelMargin)
	}
	return w
}

// edgeLabels returns the labels of the edge into node id, as WriteDOT
// writes them, from the final tree so that they are the same at every
// step: the action, with the pass that made it, and for a pruned node the
// reason for the cut. The root has neither.
func (d *svgDrawing) edgeLabels(id trace.NodeID) (action, reason string) {
	n := d.final.Node(id)
	if n.Parent == trace.NoNode {
		return "", ""
	}
	action = actionText(n)
	if d.passes && n.Iteration > 0 {
		action += " · pass " + strconv.Itoa(n.Iteration)
	}
	if n.Placeholder && n.PrunedBy != trace.NoNode {
		reason = CutReason(d.final.Node(n.PrunedBy))
	}
	return action, reason
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
	for i := range d.drawn.nodes() {
		d.link(i)
	}
	for i := range d.drawn.nodes() {
		d.node(i)
	}
	for g := range d.drawn.groups() {
		d.more(g)
	}
	if d.legend != nil {
		d.legend.write(d)
	}
	w.WriteString("</g>\n</svg>\n")
}

// text writes a text element at x, y (its baseline), with an optional
// weight and fill, on a line of its own.
func (d *svgDrawing) text(x, y float64, anchor string, size float64, weight, fill, s string) {
	d.textElem(x, y, anchor, size, weight, fill, s)
	d.w.WriteByte('\n')
}

// innerText is text for a text inside the group of a node, whose line
// it ends as eol does.
func (d *svgDrawing) innerText(x, y float64, anchor string, size float64, weight, fill, s string) {
	d.textElem(x, y, anchor, size, weight, fill, s)
	d.eol()
}

// slotText writes the text element of slot, with SVG id "a_"+slot as a
// Patchable drawing's slots have, on a line of its own.
func (d *svgDrawing) slotText(slot string, x, y float64, anchor string, size float64, s string) {
	d.w.WriteString(`<text id="a_` + slot + `"`)
	d.textAttrs(x, y, anchor, size, "", "", s)
	d.w.WriteByte('\n')
}

// textElem writes the text element of text and innerText.
func (d *svgDrawing) textElem(x, y float64, anchor string, size float64, weight, fill, s string) {
	d.w.WriteString(`<text`)
	d.textAttrs(x, y, anchor, size, weight, fill, s)
}

// textAttrs ends a text element that its caller opened: its attributes,
// text and end tag.
func (d *svgDrawing) textAttrs(x, y float64, anchor string, size float64, weight, fill, s string) {
	w := d.w
	w.WriteString(` text-anchor="` + anchor + `"`)
	w.numAttr("x", x)
	w.numAttr("y", y)
	w.WriteString(` font-family="` + fontFamily + `"`)
	if weight != "" {
		w.WriteString(` font-weight="` + weight + `"`)
	}
	w.numAttr("font-size", size)
	if fill != "" {
		w.WriteString(` fill="` + fill + `"`)
	}
	w.WriteByte('>')
	w.escaped(s)
	w.WriteString("</text>")
}

// group opens the group of a node or an edge, with its title: id,
// classes, and hidden if the node is not reached yet.
func (d *svgDrawing) group(id, class string, status trace.Status, title string) {
	w := d.w
	w.WriteString(`<g id="` + id + `" class="` + class + `"`)
	if status == trace.StatusNotReached {
		w.WriteString(` visibility="hidden"`)
	}
	w.WriteByte('>')
	d.eol()
	if !d.page {
		w.WriteString("<title>" + title + "</title>\n")
	}
}

// eol ends an element inside the group of a node or an edge: a line
// break in a drawing for a file, nothing in a page's, where it would be a
// text node.
func (d *svgDrawing) eol() {
	if !d.page {
		d.w.WriteByte('\n')
	}
}

// Classes of the texts of a page's drawing (see WriteTidySVG), which
// StyleSheet styles as a drawing for a file draws them.
const (
	classValue  = "tv" // a node's value: fontValue, bold
	classWindow = "tw" // a node's window, a placeholder's nodes: fontWindow
	classMore   = "tm" // a placeholder's "+N more": moreFontBold, bold
	classLabel  = "tl" // an edge's label: fontEdge, with a halo
)

// stroke writes the presentation attributes of a line: its colour, its
// width unless 1, and the dashes of its DOT style.
func (d *svgDrawing) stroke(color string, width float64, style string) {
	w := d.w
	w.WriteString(` stroke="` + color + `"`)
	if width != 1 {
		w.numAttr("stroke-width", width)
	}
	if dash := dashArray(style); dash != "none" {
		w.WriteString(` stroke-dasharray="` + dash + `"`)
	}
}

// node writes the node of box i: its shape and text as it stands at the
// current step, in the place the final tree gives it.
func (d *svgDrawing) node(i int) {
	id := d.drawn.node(i)
	n := d.t.Node(id)
	lk := lookOf(n.Status)
	g := d.geo[i]
	b := d.boxOf(i)
	sid := strconv.Itoa(int(id))
	w := d.w
	d.group("n"+sid, "node "+lk.class+" "+typeClass(n.Type), n.Status, "n"+sid)
	fill := "white"
	if strings.Contains(lk.style, "filled") {
		fill = lk.fillcolor
	}
	w.shape(g, b, func() {
		if !d.page {
			w.WriteString(` fill="` + fill + `"`)
			d.stroke(lk.color, lk.penwidth, lk.style)
		}
	})
	d.eol()
	if strings.Contains(lk.style, "diagonals") && g.shape == "box" {
		for _, l := range diagonals(b) {
			w.WriteString("<polyline fill=\"none\"")
			d.stroke(lk.color, lk.penwidth, lk.style)
			w.WriteString(` points="`)
			w.points(l[:])
			w.WriteString("\"/>")
			d.eol()
		}
	}
	if g.inner > 0 {
		d.label(id, g, b, d.opts.display(d.t, id), lk)
	}
	w.WriteString("</g>\n")
}

// label writes the text inside a node: its board, if drawn, then its value
// and window, each centred.
func (d *svgDrawing) label(id trace.NodeID, g geometry, b box, show NodeDisplay, lk look) {
	top := labelTop(g, b)
	if g.board != nil {
		if g.board.Caption != "" {
			d.innerText(b.x, top+captionHeight-2, "middle", fontWindow, "", lk.fontcolor, g.board.Caption)
			top += captionHeight
		}
		d.board(g.board, boardBefore(d.t, d.boards, id), b.x, top+1)
		top += boardHeight(g.board)
	}
	slot := strconv.Itoa(int(id))
	d.slot("v"+slot, classValue, show.Value, b.x, top+valueHeight-3.5, fontValue, "bold", lk.fontcolor)
	d.slot("w"+slot, classWindow, show.Window, b.x, top+valueHeight+windowHeight-2, fontWindow, "", lk.fontcolor)
}

// slot writes a value or window text: in a page's drawing, the text
// element "a_<slot>" of class class, there even when text is empty, so
// that a page can change the text without a new layout (Graphviz writes
// the slot as a group around an anchor around the text, a no-break space
// when empty); in a file's, the text, if any, in size, weight and fill.
func (d *svgDrawing) slot(slot, class, text string, x, y, size float64, weight, fill string) {
	if d.page {
		d.classText("a_"+slot, class, x, y, text)
		return
	}
	if text != "" {
		d.innerText(x, y, "middle", size, weight, fill, text)
	}
}

// classText writes a text element of a page's drawing, with an optional
// id, styled by its class; an empty s writes an empty element.
func (d *svgDrawing) classText(id, class string, x, y float64, s string) {
	w := d.w
	w.WriteString("<text")
	if id != "" {
		w.WriteString(` id="` + id + `"`)
	}
	w.WriteString(` class="` + class + `"`)
	w.numAttr("x", x)
	w.numAttr("y", y)
	if s == "" {
		w.WriteString("/>")
	} else {
		w.WriteByte('>')
		w.escaped(s)
		w.WriteString("</text>")
	}
	d.eol()
}

// board writes bd as a grid of cells centred on x0, its top at y0, each
// holding its mark, the cells that differ from parent in bold on yellow.
func (d *svgDrawing) board(bd, parent *board.Board, x0, y0 float64) {
	var changed []bool
	if parent != nil {
		changed = bd.Changed(*parent)
	}
	left := x0 - float64(bd.Cols*cellSize)/2
	w := d.w
	for i := range bd.Rows {
		for j := range bd.Cols {
			k := i*bd.Cols + j
			x, y := left+float64(j*cellSize), y0+float64(i*cellSize)
			fill, weight := "none", ""
			if changed != nil && changed[k] {
				fill, weight = colorYellow, "bold"
			}
			w.WriteString(`<rect fill="` + fill + `" stroke="` + colorGrey + `"`)
			w.numAttr("x", x)
			w.numAttr("y", y)
			w.WriteString(` width="` + strconv.Itoa(cellSize) + `" height="` + strconv.Itoa(cellSize) + "\"/>")
			d.eol()
			if mark := bd.Cells[k].Mark; mark != "" {
				d.innerText(x+cellSize/2, y+cellSize-2.5, "middle", fontMark, weight, colorBlack, mark)
			}
		}
	}
}

// edge writes the edge into the node of box i, if it has a parent: a
// line from the bottom of the parent's shape to the top of the node's,
// the action on it a little above the node, and for a pruned node the
// reason under it. Its width and colour are as WriteDOT draws them (see
// drawing.edge).
func (d *svgDrawing) edge(i int) {
	id := d.drawn.node(i)
	n := d.t.Node(id)
	if n.Parent == trace.NoNode {
		return
	}
	lk := lookOf(n.Status)
	class := "edge " + lk.class
	if k := weight(n, d.rootVisits); k > 0 {
		class += " " + weightClass(k)
		lk.penwidth = float64(k)
		if n.Status == trace.StatusDone {
			lk.color = colorVisits
		}
	}
	sid, pid := strconv.Itoa(int(id)), strconv.Itoa(int(n.Parent))
	w := d.w
	d.group("e"+sid, class, n.Status, "n"+pid+"-&gt;n"+sid)
	from, to := d.boxOf(d.drawn.box(n.Parent)), d.boxOf(i)
	x0, y0, x1, y1 := from.x, from.bottom(), to.x, to.top()
	d.line(lk, x0, y0, x1, y1)
	action, reason := d.edgeLabels(id)
	mid := y1 - edgeLabelLift - fontEdge/3
	x := x1
	if y1 > y0 {
		x = x0 + (x1-x0)*(mid-y0)/(y1-y0)
	}
	d.edgeText(x, y1-edgeLabelLift, lk.fontcolor, action)
	if reason != "" {
		d.edgeText(x1, to.bottom()+reasonDrop, lk.fontcolor, reason)
	}
	w.WriteString("</g>\n")
}

// linkRise is how far above its ends a transposition link's arc rises.
const linkRise = 24

// link writes the transposition link of box i (see linkClass), if it has
// one: an arc from the top of its node over to the top of the node first
// searched, dashed purple, with an arrowhead. A drawing for a page holds
// it hidden until the hit; one for a file, only from the hit on.
func (d *svgDrawing) link(i int) {
	j, ok := d.drawn.linked(i, d.final)
	if !ok {
		return
	}
	id := d.drawn.node(i)
	status := linkStatus(d.t.Node(id))
	if status == trace.StatusNotReached && !d.page {
		return
	}
	sid, tid := strconv.Itoa(int(id)), strconv.Itoa(int(d.drawn.node(j)))
	d.group("s"+sid, linkClass+" "+lookOf(status).class, status, "n"+sid+" has the value of n"+tid)
	from, to := d.boxOf(i), d.boxOf(j)
	x0, y0, x1, y1 := from.x, from.top(), to.x, to.top()-arrowLength
	top := min(y0, y1) - linkRise
	w := d.w
	w.WriteString(`<path`)
	if !d.page {
		w.WriteString(` fill="none"`)
		d.stroke(colorPurple, 1.5, "dashed")
	}
	w.WriteString(` d="M`)
	w.point(x0, y0)
	w.WriteByte('C')
	w.point(x0, top)
	w.WriteByte(' ')
	w.point(x1, top)
	w.WriteByte(' ')
	w.point(x1, y1)
	w.WriteString("\"/>")
	d.eol()
	w.WriteString(`<polygon`)
	if !d.page {
		w.WriteString(` fill="` + colorPurple + `" stroke="none"`)
	}
	w.WriteString(` points="`)
	w.points([]float64{x1 - arrowLength/2, y1, x1 + arrowLength/2, y1, x1, to.top()})
	w.WriteString("\"/>")
	d.eol()
	w.WriteString("</g>\n")
}

// arrowLength is the length of a transposition link's arrowhead.
const arrowLength = 6

// line writes an edge's line from x0, y0 to x1, y1 in look lk.
func (d *svgDrawing) line(lk look, x0, y0, x1, y1 float64) {
	w := d.w
	w.WriteString(`<path`)
	if !d.page {
		w.WriteString(` fill="none"`)
		d.stroke(lk.color, lk.penwidth, lk.edgeStyle)
	}
	w.WriteString(` d="M`)
	w.point(x0, y0)
	w.WriteByte('L')
	w.point(x1, y1)
	w.WriteString("\"/>")
	d.eol()
}

// moreLook is how a placeholder and its edge are drawn: dashed grey, the
// box filled light grey.
var moreLook = look{class: moreStatus, style: "dashed,filled", edgeStyle: "dashed", penwidth: 1, color: colorGrey, fillcolor: colorMore, fontcolor: colorBlack}

// moreEdge writes the edge into placeholder g, the group "em<p>" for the
// placeholder "m<p>", a dashed grey line.
func (d *svgDrawing) moreEdge(g int) {
	p := d.drawn.group(g)
	i := d.drawn.nodes() + g
	status := trace.StatusGenerated
	if d.drawn.hidden(g) {
		status = trace.StatusNotReached
	}
	d.group("e"+moreID(p), "edge "+moreClass+" "+d.drawn.moreStatusClass(g), status, "n"+strconv.Itoa(int(p))+"-&gt;"+moreID(p))
	from, to := d.boxOf(d.drawn.box(p)), d.boxOf(i)
	d.line(moreLook, from.x, from.bottom(), to.x, to.top())
	d.w.WriteString("</g>\n")
}

// more writes placeholder g, the group "m<p>" under node p: a dashed box
// saying "+N more" over "M nodes", the texts in the anchors "a_mv<p>" and
// "a_mw<p>" when Patchable.
func (d *svgDrawing) more(g int) {
	p := d.drawn.group(g)
	i := d.drawn.nodes() + g
	b := d.boxOf(i)
	status := trace.StatusGenerated
	if d.drawn.hidden(g) {
		status = trace.StatusNotReached
	}
	w := d.w
	id := moreID(p)
	d.group(id, "node "+moreClass+" "+d.drawn.moreStatusClass(g), status, id)
	w.shape(d.geo[i], b, func() {
		if !d.page {
			w.WriteString(` fill="` + moreLook.fillcolor + `"`)
			d.stroke(moreLook.color, moreLook.penwidth, moreLook.style)
		}
	})
	d.eol()
	more, nodes := d.drawn.more[g].Label()
	if d.drawn.hidden(g) {
		more, nodes = "", ""
	}
	d.slot("mv"+strconv.Itoa(int(p)), classMore, more, b.x, b.y-1, moreFontBold, "bold", colorBlack)
	d.slot("mw"+strconv.Itoa(int(p)), classWindow, nodes, b.x, b.y+9, moreFont, "", colorBlack)
	w.WriteString("</g>\n")
}

// edgeText writes an edge label centred at x with its baseline at y, with
// a white outline that keeps it readable where it crosses a line.
func (d *svgDrawing) edgeText(x, y float64, fill, s string) {
	if d.page {
		d.classText("", classLabel, x, y, s)
		return
	}
	w := d.w
	w.WriteString(`<text text-anchor="middle"`)
	w.numAttr("x", x)
	w.numAttr("y", y)
	w.WriteString(` font-family="` + fontFamily + `" font-size="` + strconv.Itoa(fontEdge) + `" fill="` + fill + `"`)
	w.WriteString(` stroke="white" stroke-width="` + strconv.Itoa(labelHalo) + `" paint-order="stroke">`)
	w.escaped(s)
	w.WriteString("</text>\n")
}
