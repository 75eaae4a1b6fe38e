package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// NodeDisplay is what a drawing shows of one node at one step, apart from
// its geometry: the SVG class of its status, the texts of its value and
// α-β window slots, and the weight of the edge into it. Two steps that
// give a node the same NodeDisplay draw it the same, so a page holding a
// Patchable drawing needs only the changes.
type NodeDisplay struct {
	Class  string // "st_current", "st_pruned", ...
	Value  string // the value in the drawing's view, "" when unknown
	Window string // "α=3 β=∞" on the current path, else ""
	// Weight is the width in points, 2 to 6, of the edge into a node of a
	// Monte Carlo search by the share of the iterations through the node,
	// where that is wider than the node's status draws it; the edge then
	// has the SVG class "vw<Weight>", "vw4" for example. It is 0 otherwise.
	Weight int
}

// Display returns how node id of tree t is drawn at t's current step in
// view v. A node that results were backed up through (an MCTS node) shows
// its mean result (MeanResult) and its visits; at the step of a playout,
// the node it starts from shows the playout's result (PlayoutResult) in
// place of its visits. Display panics if id is not in [0, t.Size()).
func Display(t *trace.Tree, id trace.NodeID, v View) NodeDisplay {
	return DisplayIn(explain.English, t, id, v)
}

// DisplayIn is Display with its words, a playout's, in language l.
func DisplayIn(l explain.Lang, t *trace.Tree, id trace.NodeID, v View) NodeDisplay {
	n := t.Node(id)
	d := NodeDisplay{Class: lookOf(n.Status).class, Weight: weight(n, t.Node(t.Root()).Visits)}
	mean, visited := MeanResult(n, v)
	if r, ok := PlayoutResult(t, id, v); ok {
		if visited {
			d.Value = formatValue(mean)
		}
		d.Window = l.F("playout → %s", formatValue(r))
		return d
	}
	if visited {
		d.Value = formatValue(mean)
		d.Window = "n=" + strconv.Itoa(n.Visits)
		return d
	}
	if n.HasValue {
		d.Value = formatValue(explain.ValueIn(t, id, v, n.Value))
		// A one-player state shows its own score, as its siblings do:
		// the value events at the decision give the best line's states
		// the best score found below them instead, which the best line's
		// style and its leaf show.
		if score, ok := t.FirstEval(id); ok && n.Type == trace.TypeSingle {
			d.Value = formatValue(score)
		}
	}
	if n.HasBounds && (n.Status == trace.StatusCurrent || n.Status == trace.StatusPath) {
		d.Window = windowText(n, v)
	}
	return d
}

// display is Display in opts's view, with the node's name from
// opts.Names where it has no value to show.
func (opts Options) display(t *trace.Tree, id trace.NodeID) NodeDisplay {
	d := DisplayIn(opts.Lang, t, id, opts.View)
	if d.Value == "" && int(id) < len(opts.Names) {
		d.Value = opts.Names[id]
	}
	return d
}

// MeanResult returns the mean of the results backed up through n in view
// v, and false if none were. Results are between 0 and 1, so the other
// player's view of a mean r is 1 − r, not −r; a node holds its results in
// its own side to move's view.
func MeanResult(n trace.NodeState, v View) (float64, bool) {
	if n.Visits <= 0 {
		return 0, false
	}
	mean := n.Total / float64(n.Visits)
	if v == ViewRoot && n.Type == trace.TypeMin {
		mean = 1 - mean
	}
	return mean, true
}

// PlayoutResult returns the result, in view v, of the playout that starts
// from node id at t's current step, and false if the step is not a
// playout from it. Playout events give results in the root player's view.
func PlayoutResult(t *trace.Tree, id trace.NodeID, v View) (float64, bool) {
	k := t.Step()
	if k < 0 || k >= t.Len() {
		return 0, false
	}
	e := t.Event(k)
	if e.Kind != trace.KindPlayout {
		return 0, false
	}
	p := e.Playout()
	if p.Node != id {
		return 0, false
	}
	if v == ViewSide && t.Node(id).Type == trace.TypeMin {
		return 1 - p.Result, true
	}
	return p.Result, true
}

// maxVisitWidth is the width in points of the edge into a node that every
// iteration of a Monte Carlo search went through.
const maxVisitWidth = 6

// visitWidth returns the width in points, 1 to maxVisitWidth, of the edge
// into a node that visits of the root's rootVisits iterations went
// through, or 0 if none did. The width follows the square root of the
// share, as a bubble chart's area does, so that a move tried in one
// iteration of 25 is already wider than one never tried, while the
// favourite stays the widest: shares of 1/25, 1/4 and 1 draw 2, 4 and 6
// points. A share over 1, from a trace whose backprop paths skip the
// root, counts as 1.
func visitWidth(visits, rootVisits int) int {
	if visits <= 0 || rootVisits <= 0 {
		return 0
	}
	share := min(float64(visits)/float64(rootVisits), 1)
	return 1 + int(math.Round((maxVisitWidth-1)*math.Sqrt(share)))
}

// weight returns the visit width of the edge into n, in a tree whose root
// has rootVisits visits, where it is wider than n's status draws the edge,
// or 0: the thick lines of the current path and the best line stay as in
// other searches, and become wider only for a move that a quarter of the
// iterations or more went through. The root has no edge and no weight.
func weight(n trace.NodeState, rootVisits int) int {
	if n.Parent == trace.NoNode {
		return 0
	}
	w := visitWidth(n.Visits, rootVisits)
	if float64(w) <= lookOf(n.Status).edgePen() {
		return 0
	}
	return w
}

// weightClass returns the SVG class of an edge drawn w points wide by its
// node's visits (NodeDisplay.Weight).
func weightClass(w int) string {
	return "vw" + strconv.Itoa(w)
}

// StyleSheet returns CSS that draws each status of a Patchable drawing as
// WriteDOT does, keyed by the st_ classes alone, so that a page can show
// any step by setting classes on the nodes ("n<i>") and edges ("e<i>").
// Its rules override the colours Graphviz wrote for the step it laid out.
// The rules for the weight classes ("vw<k>", see NodeDisplay.Weight) come
// after the status rules, so that at equal specificity an edge's weight
// sets its width, as in WriteDOT. A display set's placeholder ("m<p>",
// see Options.Shown) and its edge have the classes "more st_more" when
// drawn and "more st_not_reached" when hidden. It also draws what the tidy
// layout's drawing for a page leaves to it (see WriteTidySVG): the fonts
// of its texts, by class, and the lines of its edges.
func StyleSheet() string {
	var b strings.Builder
	// Not drawn at all, rather than drawn invisible, so that a browser
	// neither lays out nor paints what a step has not reached.
	b.WriteString(".node.st_not_reached, .edge.st_not_reached, ." + linkClass + ".st_not_reached { display: none; }\n")
	// A Patchable drawing writes a cut's reason in both views (see
	// classRootView): the page shows its view's, as the data-view
	// attribute of an element around the drawing names it.
	b.WriteString(`[data-view="side"] .` + classRootView + `, [data-view="root"] .` + classSideView + ` { display: none; }` + "\n")
	for s, lk := range looks {
		if trace.Status(s) == trace.StatusNotReached || lk.class == "" {
			continue
		}
		fill := "white"
		if lk.fillcolor != "" {
			fill = lk.fillcolor
		}
		shape := fmt.Sprintf(".node.%s > polygon:first-of-type, .node.%s > ellipse:first-of-type", lk.class, lk.class)
		fmt.Fprintf(&b, "%s { visibility: visible; fill: %s; stroke: %s; stroke-width: %g; stroke-dasharray: %s; }\n",
			shape, fill, lk.color, lk.penwidth, dashArray(lk.style))
		fmt.Fprintf(&b, ".node.%s { visibility: visible; }\n", lk.class)
		fmt.Fprintf(&b, ".node.%s text { fill: %s; }\n", lk.class, lk.fontcolor)
		fmt.Fprintf(&b, ".edge.%s { visibility: visible; }\n", lk.class)
		fmt.Fprintf(&b, ".edge.%s path { stroke: %s; stroke-width: %g; stroke-dasharray: %s; }\n",
			lk.class, lk.color, lk.edgePen(), dashArray(lk.edgeStyle))
		fmt.Fprintf(&b, ".edge.%s text { fill: %s; }\n", lk.class, lk.fontcolor)
	}
	// A node's ring (see ringClass), drawn only for the statuses that
	// have one.
	fmt.Fprintf(&b, ".node > .%s { display: none; }\n", ringClass)
	for _, lk := range looks {
		if lk.ringed() {
			fmt.Fprintf(&b, ".node.%s > .%s { display: inline; stroke: %s; stroke-width: %d; }\n", lk.class, ringClass, lk.color, ringWidth)
		}
	}
	// A display set's placeholders and their edges, visible unless they
	// stand for no node yet.
	fmt.Fprintf(&b, ".node.%s.%s { visibility: visible; cursor: pointer; }\n", moreClass, moreStatus)
	fmt.Fprintf(&b, ".node.%s.%s > polygon:first-of-type { fill: %s; stroke: %s; stroke-width: 1; stroke-dasharray: %s; }\n",
		moreClass, moreStatus, colorMore, colorGrey, dashArray("dashed"))
	fmt.Fprintf(&b, ".edge.%s.%s { visibility: visible; }\n", moreClass, moreStatus)
	fmt.Fprintf(&b, ".edge.%s.%s path { stroke: %s; stroke-dasharray: %s; }\n", moreClass, moreStatus, colorGrey, dashArray("dashed"))
	// Transposition links, whatever the status of their node.
	fmt.Fprintf(&b, ".%s > path { fill: none; stroke: %s; stroke-width: 1.5; stroke-dasharray: %s; }\n", linkClass, colorPurple, dashArray("dashed"))
	fmt.Fprintf(&b, ".%s > polygon { fill: %s; stroke: none; }\n", linkClass, colorPurple)
	// The texts and lines of the tidy layout's drawing for a page, which
	// carry classes instead of the presentation attributes that Graphviz
	// and a drawing for a file write (see WriteTidySVG).
	fmt.Fprintf(&b, ".edge > path { fill: none; }\n")
	fmt.Fprintf(&b, "text.%s, text.%s, text.%s, text.%s { font-family: %s; text-anchor: middle; }\n", classValue, classWindow, classMore, classLabel, fontFamily)
	fmt.Fprintf(&b, "text.%s { font-weight: bold; font-size: %dpx; }\n", classValue, fontValue)
	fmt.Fprintf(&b, "text.%s { font-size: %dpx; }\n", classWindow, fontWindow)
	fmt.Fprintf(&b, "text.%s { font-weight: bold; font-size: %dpx; }\n", classMore, moreFontBold)
	fmt.Fprintf(&b, "text.%s { font-size: %dpx; stroke: white; stroke-width: %d; paint-order: stroke; }\n", classLabel, fontEdge, labelHalo)
	// Graphviz writes edge labels at the size they were laid out at
	// (Options.edgeFont), larger than the normal view draws them.
	fmt.Fprintf(&b, ".edge > text { font-size: %dpx; }\n", fontEdge)
	// A weight is wider than the thinnest status line, 1 point.
	done := lookOf(trace.StatusDone).class
	for w := 2; w <= maxVisitWidth; w++ {
		fmt.Fprintf(&b, ".edge.%s path { stroke-width: %d; }\n", weightClass(w), w)
		fmt.Fprintf(&b, ".edge.%s.%s path { stroke: %s; }\n", done, weightClass(w), colorVisits)
	}
	return b.String()
}

// dashArray is the SVG stroke-dasharray that draws a DOT style's line.
func dashArray(style string) string {
	switch {
	case strings.Contains(style, "dashed"):
		return "5,2"
	case strings.Contains(style, "dotted"):
		return "1,3"
	}
	return "none"
}

// Title is the title `viz render` gives the drawing of step of a trace
// with header h whose last step is last, in explain's words
// (explain.DrawingTitle).
func Title(h trace.Header, step, last int) string { return TitleIn(explain.English, h, step, last) }

// TitleIn is Title in language l.
func TitleIn(l explain.Lang, h trace.Header, step, last int) string {
	return l.DrawingTitle(h, step, last)
}
