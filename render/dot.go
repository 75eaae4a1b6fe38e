package render

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/trace"
)

// WriteDOT writes tree t, as it stands at its current step, to w as a
// Graphviz DOT digraph drawn with opts. The output is deterministic: nodes
// in id order, then the edge into each node in id order, then the legend.
//
// Every node of the final tree is in the output, at every step, with the
// same geometry, so that Graphviz places each node at the same spot at
// every step of one trace; nodes not reached yet are invisible. With
// Options.Shown, the nodes are the display set's, each node's edges to
// its children in id order, then the edge to its placeholder.
//
// WriteDOT reads t and does not move it; like every use of a trace.Tree,
// it must not run concurrently with calls that move t.
func WriteDOT(w io.Writer, t *trace.Tree, opts Options) error {
	_, err := dotAndReasons(w, t, opts)
	return err
}

// dotAndReasons is WriteDOT, returning the reasons for cuts, by the node the
// edge they label goes into, that a Patchable drawing holds in both views
// once Graphviz has drawn it (see patchReasons).
func dotAndReasons(w io.Writer, t *trace.Tree, opts Options) (map[trace.NodeID]*viewLines, error) {
	sc, err := newScene(t, opts)
	if err != nil {
		return nil, err
	}
	dr := sc.drawn
	d := &drawing{scene: sc, w: bufio.NewWriter(w), shown: make([]NodeDisplay, dr.nodes()), reasons: map[trace.NodeID]*viewLines{}}
	d.header()
	for i := range dr.nodes() {
		d.node(i)
	}
	for g := range dr.groups() {
		d.more(g)
	}
	d.fold()
	for i := range dr.nodes() {
		d.edge(i)
	}
	for g := range dr.groups() {
		d.moreEdge(g)
	}
	d.foldEdge()
	for i := range dr.nodes() {
		d.link(i)
	}
	if opts.Legend {
		d.legend()
	}
	d.w.WriteString("}\n")
	if err := d.w.Flush(); err != nil {
		return nil, fmt.Errorf("render: writing DOT: %w", err)
	}
	return d.reasons, nil
}

// drawing is one run of WriteDOT. Its writer keeps the first error, which
// Flush returns, so the methods do not check each write.
type drawing struct {
	scene
	w       *bufio.Writer
	shown   []NodeDisplay               // by box, what node writes, for edge
	reasons map[trace.NodeID]*viewLines // by the node its edge goes into, reasons that read differently in each view
}

func (d *drawing) header() {
	d.w.WriteString("digraph searchtree {\n")
	d.w.WriteString("\tgraph [charset=\"UTF-8\" ordering=\"out\" splines=\"polyline\" outputorder=\"edgesfirst\" nodesep=\"0.2\" ranksep=\"0.35\" pad=\"" + inches(ringRoom) + "\"" +
		" fontname=\"Helvetica\" fontsize=\"12\" labelloc=\"t\" label=" + d.graphLabel() + "];\n")
	d.w.WriteString("\tnode [fontname=\"Helvetica\" fontsize=\"10\" fixedsize=\"true\"];\n")
	d.w.WriteString("\tedge [fontname=\"Helvetica\" fontsize=\"" + strconv.Itoa(d.opts.edgeFont()) + "\" arrowhead=\"none\"];\n")
}

// graphLabel returns the label over the tree: the title's lines and the
// caption. In a Patchable drawing the caption has a slot of its own, a
// cell as wide as the widest view's caption (see sizingCaption), so that
// its words never move the tree.
func (d *drawing) graphLabel() string {
	caption := d.caption()
	if !d.opts.Patchable {
		if d.opts.Title != "" {
			caption = d.opts.Title + "\n" + caption
		}
		return dotString(caption)
	}
	var b strings.Builder
	b.WriteString(`<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0">`)
	for _, l := range lines(d.opts.Title) {
		b.WriteString(`<TR><TD>` + htmlText(l) + `</TD></TR>`)
	}
	width := int(textWidth(sizingCaption(d.t.Node(d.t.Root()).Type, d.opts), fontTitle) + 0.5)
	b.WriteString(`<TR><TD ALIGN="LEFT" ID="` + captionSlot + `" HREF="#` + captionSlot + `" FIXEDSIZE="TRUE" WIDTH="` + strconv.Itoa(width) +
		`" HEIGHT="` + strconv.Itoa(captionLineHeight) + `">` + htmlText(caption) + `</TD></TR></TABLE>>`)
	return b.String()
}

// caption says whose values the drawing shows: a view of two players',
// or the one player's score.
func (d *drawing) caption() string {
	return captionOf(d.t.Node(d.t.Root()).Type, d.opts)
}

// node writes the node of box i: its geometry from what it is in the
// final tree, its look and text from its state at the current step.
func (d *drawing) node(i int) {
	id := d.drawn.node(i)
	n := d.t.Node(id)
	lk := lookOf(n.Status)
	g := d.geometryAt(id)
	w := d.w
	w.WriteString("\tn")
	w.WriteString(strconv.Itoa(int(id)))
	w.WriteString(` [id="n` + strconv.Itoa(int(id)) + `" class="` + lk.class + ` ` + typeClass(n.Type) + `"`)
	w.WriteString(` shape="` + dotShape(g.shape) + `" width="` + inches(g.width) + `" height="` + inches(g.height) + `"`)
	d.lookAttrs(lk, lk.style)
	if lk.fillcolor != "" {
		w.WriteString(` fillcolor="` + lk.fillcolor + `"`)
	}
	w.WriteString(` label=`)
	d.shown[i] = d.opts.display(d.t, id)
	w.WriteString(nodeLabel(id, d.shown[i], g, boardBefore(d.t, d.boards, id), d.opts))
	w.WriteString("];\n")
}

// edge writes the edge into the node of box i, if it has a parent. Its
// label, the action and for the first pruned node of a cut the reason for
// it (drawn.reasonOn), is taken from the final tree, so that it is the
// same at every step. Its width is its status's or, where that is wider,
// its weight by visits (see NodeDisplay.Weight), which a weight class
// names for StyleSheet; a searched node's widened edge is slate grey
// (colorVisits).
func (d *drawing) edge(i int) {
	id := d.drawn.node(i)
	n := d.t.Node(id)
	if n.Parent == trace.NoNode {
		return
	}
	label := actionTextIn(d.opts.Lang, n)
	if d.passes && n.Iteration > 0 {
		label += " · " + d.opts.Lang.T("pass") + " " + strconv.Itoa(n.Iteration)
	}
	if d.drawn.reasonOn(d.final, id) {
		lines, both := d.opts.cutReasons(d.final.Node(d.final.Node(id).PrunedBy))
		for _, r := range lines {
			label += "\n" + r
		}
		if both != nil {
			d.reasons[id] = both
		}
	}
	lk := lookOf(n.Status)
	lk.penwidth = lk.edgePen()
	class := lk.class
	if k := d.shown[i].Weight; k > 0 {
		class += " " + weightClass(k)
		lk.penwidth = float64(k)
		if n.Status == trace.StatusDone {
			lk.color = colorVisits
		}
	}
	w := d.w
	w.WriteString("\t" + d.drawn.parentID(id) + " -> n" + strconv.Itoa(int(id)))
	w.WriteString(` [id="e` + strconv.Itoa(int(id)) + `" class="` + class + `"` + treePorts + ` label=` + dotString(label))
	d.lookAttrs(lk, lk.edgeStyle)
	w.WriteString("];\n")
}

// more writes placeholder g, "m<p>" under node p: a dashed box saying "+N
// more" over "M nodes" at the current step, a size fixed by the final
// tree's counts, invisible when it stands for no node yet.
func (d *drawing) more(g int) {
	p := d.drawn.group(g)
	geo := moreGeometry(d.opts.Lang, d.drawn.shown.final[g])
	id := moreID(p)
	style := moreLook.style
	more, nodes := d.drawn.more[g].LabelIn(d.opts.Lang)
	if d.drawn.hidden(g) {
		style, more, nodes = "invis", "", ""
	}
	d.moreNode(id, d.drawn.moreStatusClass(g), geo, style, moreLabel("m", p, more, nodes, int(geo.width)-2*moreMargin, d.opts.Patchable))
}

// moreNode writes the box id as a placeholder is drawn, with the classes
// "more" and classes, geometry geo, style and label.
func (d *drawing) moreNode(id, classes string, geo geometry, style, label string) {
	w := d.w
	w.WriteString("\t" + id + ` [id="` + id + `" class="` + moreClass + ` ` + classes + `"`)
	w.WriteString(` shape="box" width="` + inches(geo.width) + `" height="` + inches(geo.height) + `"`)
	d.lookAttrs(moreLook, style)
	w.WriteString(` fillcolor="` + moreLook.fillcolor + `" label=`)
	w.WriteString(label)
	w.WriteString("];\n")
}

// moreEdge writes the edge into placeholder g, "em<p>", dashed grey.
func (d *drawing) moreEdge(g int) {
	p := d.drawn.group(g)
	style := moreLook.edgeStyle
	if d.drawn.hidden(g) {
		style = "invis"
	}
	d.moreEdgeTo(p, moreID(p), d.drawn.moreStatusClass(g), style)
}

// moreEdgeTo writes the edge from node p to the box id as a placeholder's
// edge is drawn, "e<id>", with the classes "more" and classes, in style.
func (d *drawing) moreEdgeTo(p trace.NodeID, id, classes, style string) {
	w := d.w
	w.WriteString("\tn" + strconv.Itoa(int(p)) + " -> " + id)
	w.WriteString(` [id="e` + id + `" class="` + moreClass + ` ` + classes + `"` + treePorts)
	d.lookAttrs(moreLook, style)
	w.WriteString("];\n")
}

// link writes the transposition link of box i, if it has one (see
// linkClass): a dashed purple edge to the node first searched that does
// not constrain the layout, invisible before the hit.
func (d *drawing) link(i int) {
	j, id, status, ok := d.linkOf(i)
	if !ok {
		return
	}
	style := "dashed"
	if status == trace.StatusNotReached {
		style = "invis"
	}
	sid := strconv.Itoa(int(id))
	w := d.w
	w.WriteString("\tn" + sid + " -> n" + strconv.Itoa(int(d.drawn.node(j))))
	w.WriteString(` [id="s` + sid + `" class="` + linkClass + ` ` + lookOf(status).class + `" constraint="false"`)
	w.WriteString(` style="` + style + `" color="` + colorPurple + `" penwidth="1.5" arrowhead="normal" arrowsize="0.6"];` + "\n")
}

// treePorts join a tree edge to the middle of its parent's bottom and its
// child's top, a house's apex or an inverted house's point, as the tidy
// layout joins them.
const treePorts = ` tailport="s" headport="n"`

// lookAttrs writes the attributes of a look that nodes and edges share.
func (d *drawing) lookAttrs(lk look, style string) {
	d.w.WriteString(` style="` + style + `" penwidth="` + strconv.FormatFloat(lk.penwidth, 'f', -1, 64) + `"`)
	d.w.WriteString(` color="` + lk.color + `" fontcolor="` + lk.fontcolor + `"`)
}

// typeClass returns the SVG class of a node type, "ty_max" for example.
func typeClass(typ trace.NodeType) string {
	switch typ {
	case trace.TypeMax, trace.TypeMin, trace.TypeChance, trace.TypeSingle, trace.TypeJoint:
		return "ty_" + typ.String()
	}
	return "ty_unknown"
}

// inches formats a length in points as inches, Graphviz's unit for sizes.
func inches(points float64) string {
	return strconv.FormatFloat(points/72, 'f', 4, 64)
}
