package render

import (
	"strconv"

	"github.com/searchviz/searchviz/trace"
)

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
	lk.penwidth = lk.edgePen()
	class := "edge " + lk.class
	if k := weight(n, d.rootVisits); k > 0 {
		class += " " + weightClass(k)
		lk.penwidth = float64(k)
		if n.Status == trace.StatusDone {
			lk.color = colorVisits
		}
	}
	sid := strconv.Itoa(int(id))
	w := d.w
	d.group("e"+sid, class, n.Status, d.drawn.parentID(id)+"-&gt;n"+sid)
	from, to := d.boxOf(d.drawn.parentBox(id)), d.boxOf(i)
	x0, y0, x1, y1 := from.x, from.bottom(), to.x, to.top()
	d.line(lk, x0, y0, x1, y1)
	action, reasons, both := d.edgeLabels(id)
	mid := y1 - edgeLabelLift - fontEdge/3
	x := x1
	if y1 > y0 {
		x = x0 + (x1-x0)*(mid-y0)/(y1-y0)
	}
	d.edgeText(x, y1-edgeLabelLift, lk.fontcolor, action)
	for i, r := range reasons {
		y := to.bottom() + reasonDrop + float64(i)*reasonLine
		if both == nil {
			d.edgeText(x1, y, lk.fontcolor, r)
			continue
		}
		d.classText("", classLabel+" "+classRootView, x1, y, both.root[i])
		d.classText("", classLabel+" "+classSideView, x1, y, both.side[i])
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
	j, id, status, ok := d.linkOf(i)
	if !ok {
		return
	}
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
	d.moreLine(p, i, moreID(p), d.drawn.moreStatusClass(g), status)
}

// moreLine writes the edge from node p to box i, whose id is id, as a
// placeholder's edge is drawn: the group "e<id>" with the classes "edge
// more" and classes, a dashed grey line.
func (d *svgDrawing) moreLine(p trace.NodeID, i int, id, classes string, status trace.Status) {
	d.group("e"+id, "edge "+moreClass+" "+classes, status, "n"+strconv.Itoa(int(p))+"-&gt;"+id)
	from, to := d.boxOf(d.drawn.box(p)), d.boxOf(i)
	d.line(moreLook, from.x, from.bottom(), to.x, to.top())
	d.w.WriteString("</g>\n")
}
