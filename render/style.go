package render

import "github.com/searchviz/searchviz/trace"

// The Okabe-Ito palette, which people with any common colour-vision
// deficiency can tell apart.
const (
	colorOrange     = "#E69F00"
	colorSkyBlue    = "#56B4E9"
	colorGreen      = "#009E73"
	colorYellow     = "#F0E442"
	colorBlue       = "#0072B2"
	colorVermillion = "#D55E00"
	colorGrey       = "#999999"
	colorBlack      = "#000000"
	colorPurple     = "#CC79A7"
)

// linkClass is the class of a transposition link, the dashed arrow from a
// node whose value a transposition table gave to the node first searched
// (trace.NodeState.Same): group "s<id>" for node id, with the class of
// its status, or st_not_reached before the hit.
const linkClass = "link"

// colorVisits draws the edges of searched nodes that are widened by their
// visits (see NodeDisplay.Weight): a slate grey, so that among them the
// black lines of the current path still stand out.
const colorVisits = "#6E7B8B"

// look is how a node or edge of one status is drawn. Nothing in it
// changes layout, so a node can change status without moving.
type look struct {
	class       string  // the SVG class, "st_" and the status
	style       string  // the DOT style of the node
	edgeStyle   string  // the DOT style of the edge into the node
	penwidth    float64 // line width in points
	edgeWidth   float64 // the edge's line width in points, if not penwidth
	peripheries int     // outlines around the node: 2 adds a ring outside it (see ringGap); 0 is 1
	color       string  // line colour
	fillcolor   string  // used when style has "filled"
	fontcolor   string
	legend      string // the legend's words for how the status is drawn, after explain.Status's; "" if plain
}

// looks has one look per status. Every status differs from the others in
// more than colour: in line style, line width, fill, cut corners or a
// second outline; and so does the edge into it, in line style or width,
// unless the two edges are drawn alike in colour too.
var looks = [...]look{
	trace.StatusNotReached: {class: "st_not_reached", style: "invis", edgeStyle: "invis", penwidth: 1, color: colorBlack, fontcolor: colorBlack},
	trace.StatusGenerated:  {class: "st_generated", style: "dotted", edgeStyle: "dotted", penwidth: 1, color: colorBlack, fontcolor: colorBlack, legend: "dotted"},
	trace.StatusCurrent:    {class: "st_current", style: "filled", edgeStyle: "solid", penwidth: 3, peripheries: 2, color: colorBlack, fillcolor: colorOrange, fontcolor: colorBlack, legend: "thick double outline, filled orange"},
	trace.StatusPath:       {class: "st_path", style: "solid", edgeStyle: "solid", penwidth: 3, color: colorBlack, fontcolor: colorBlack, legend: "thick"},
	trace.StatusDone:       {class: "st_done", style: "solid", edgeStyle: "solid", penwidth: 1, color: colorBlack, fontcolor: colorBlack},
	trace.StatusPruned:     {class: "st_pruned", style: "dashed", edgeStyle: "dashed", penwidth: 1, color: colorGrey, fontcolor: colorGrey, legend: "dashed grey; the edge says why"},
	trace.StatusBest:       {class: "st_best", style: "filled", edgeStyle: "solid", penwidth: 3, edgeWidth: 5, color: colorBlue, fillcolor: colorSkyBlue, fontcolor: colorBlack, legend: "thick blue, filled; its edges wider"},
	trace.StatusKept:       {class: "st_kept", style: "solid", edgeStyle: "solid", penwidth: 2, color: colorGreen, fontcolor: colorBlack, legend: "green, medium"},
	trace.StatusDropped:    {class: "st_dropped", style: "dashed,diagonals", edgeStyle: "dashed", penwidth: 1, edgeWidth: 2, color: colorVermillion, fontcolor: colorVermillion, legend: "dashed, cut corners"},
}

// lookOf returns the look of status s, or of a done node if s is unknown
// to this package.
func lookOf(s trace.Status) look {
	if int(s) < len(looks) {
		return looks[s]
	}
	return looks[trace.StatusDone]
}

// edgePen returns the width in points of the edge into a node drawn in
// look lk.
func (lk look) edgePen() float64 {
	if lk.edgeWidth > 0 {
		return lk.edgeWidth
	}
	return lk.penwidth
}

// ringed reports whether a node drawn in look lk has a second outline.
func (lk look) ringed() bool {
	return lk.peripheries > 1
}
