package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/trace"
)

// NodeDisplay is what a drawing shows of one node at one step, apart from
// its geometry: the SVG class of its status and the texts of its value and
// α-β window slots. Two steps that give a node the same NodeDisplay draw it
// the same, so a page holding a Patchable drawing needs only the changes.
type NodeDisplay struct {
	Class  string // "st_current", "st_pruned", ...
	Value  string // the value in the drawing's view, "" when unknown
	Window string // "α=3 β=∞" on the current path, else ""
}

// Display returns how node n is drawn in view v. A node that results were
// backed up through (an MCTS node) shows its mean result and its visits:
// results are between 0 and 1, so the other player's view of a mean r is
// 1 − r, not −r.
func Display(n trace.NodeState, v View) NodeDisplay {
	d := NodeDisplay{Class: lookOf(n.Status).class}
	if n.Visits > 0 {
		mean := n.Total / float64(n.Visits)
		if v == ViewRoot && n.Type == trace.TypeMin {
			mean = 1 - mean
		}
		d.Value = formatValue(mean)
		d.Window = "n=" + strconv.Itoa(n.Visits)
		return d
	}
	if n.HasValue {
		d.Value = formatValue(v.Value(n.Type, n.Value))
	}
	if n.HasBounds && (n.Status == trace.StatusCurrent || n.Status == trace.StatusPath) {
		d.Window = windowText(n, v)
	}
	return d
}

// StyleSheet returns CSS that draws each status of a Patchable drawing as
// WriteDOT does, keyed by the st_ classes alone, so that a page can show
// any step by setting classes on the nodes ("n<i>") and edges ("e<i>").
// Its rules override the colours Graphviz wrote for the step it laid out.
func StyleSheet() string {
	var b strings.Builder
	b.WriteString(".node.st_not_reached, .edge.st_not_reached { visibility: hidden; }\n")
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
			lk.class, lk.color, lk.penwidth, dashArray(lk.edgeStyle))
		fmt.Fprintf(&b, ".edge.%s text { fill: %s; }\n", lk.class, lk.fontcolor)
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

// Board is a position's text form read as a grid of cells, for display.
type Board struct {
	Prefix  string     // the text before ':', such as the maze's turns left
	Rows    [][]string // cell glyphs, top row first; "" is an empty cell
	Changed [][]bool   // the cells that differ from the parent's board; nil when unknown
}

// ParseBoard reads the board text of a node and, when it is not "", of its
// parent, whose differences mark the move just played. It reports false
// when text is not a grid this package can draw (see WriteDOT's boards).
func ParseBoard(text, parent string) (Board, bool) {
	b, ok := parseBoard(text)
	if !ok {
		return Board{}, false
	}
	out := Board{Prefix: b.prefix, Rows: b.rows}
	if p, ok := parseBoard(parent); ok {
		out.Changed = b.changed(p)
	}
	return out, true
}

// Title is the title `viz render` gives the drawing of step of a trace
// with header h whose last step is last.
func Title(h trace.Header, step, last int) string {
	return fmt.Sprintf("%s on %s %s — step %d of %d", h.Algorithm, h.Game, h.Position, step, last)
}
