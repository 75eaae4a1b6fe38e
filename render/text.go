package render

import (
	"math"
	"strconv"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// MaxLabelRunes caps the characters of a move's label in a drawing: a
// longer label is drawn as its first MaxLabelRunes-1 characters and "…",
// so that labels of up to trace.MaxString bytes cannot make each edge
// thousands of points wide and a page of a few thousand nodes over 100 MB.
// The viewer's node details give the label whole.
const MaxLabelRunes = 40

// maxValueLen is the most characters a value takes in a node, so that it
// fits the node's fixed width.
const maxValueLen = 7

// formatValue formats a value compactly: as explain.Number does (3,
// -2.5, ∞, 0.683 for a mean of 41/60) when that fits maxValueLen
// characters, else as a whole number when that fits (12346), and
// otherwise in exponent form (1.23e+06).
func formatValue(v float64) string {
	if s := explain.Number(v); len(s) <= maxValueLen {
		return s
	}
	if s := strconv.FormatFloat(v, 'f', 0, 64); len(s) <= maxValueLen && math.Abs(v) >= 1 {
		return s
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// windowText returns a node's α-β window in view v, "α=3 β=∞".
func windowText(n trace.NodeState, v View) string {
	alpha, beta := v.Window(n.Type, n.Alpha, n.Beta)
	return "α=" + formatValue(alpha) + " β=" + formatValue(beta)
}

// CutReason says why node c cut, in view v as explain.CutIn reads it,
// with values as compact as a node's: in the root player's view as
// textbooks put it, "β-cut: 5 ≥ β=3" at a max node, "α-cut: 2 ≤ α=3" at a
// min node; in the side to move's view in the node's own numbers, as
// negamax tests it, "β-cut: -2 ≥ β=-3" at that min node. It returns "" if
// c made no cut.
func CutReason(c trace.NodeState, v View) string { return CutReasonIn(explain.English, c, v) }

// CutReasonIn is CutReason in language l.
func CutReasonIn(l explain.Lang, c trace.NodeState, v View) string {
	k, value, bound := explain.CutIn(c, v)
	return l.CutRule(k, formatValue(value), formatValue(bound))
}

// legendView is the view a drawing's legend words its node types for:
// its own, or in a Patchable drawing, which a page shows in both views,
// the side to move's, whose words say which view they are about.
func (o Options) legendView() View {
	if o.Patchable {
		return ViewSide
	}
	return o.View
}

// edgeFont is the size a drawing lays its edge labels out at: fontEdge,
// or in a Patchable drawing, which its page draws at fontEdge in the
// normal view and larger in presentation mode, fontEdgeRoom.
func (o Options) edgeFont() int {
	if o.Patchable {
		return fontEdgeRoom
	}
	return fontEdge
}

// cutLines is CutReason on two lines, as a drawing writes it under the
// edge into a pruned node: the cut's name, then its test, so that the
// label is about half as wide as the nodes beside it. It is nil if c made
// no cut.
func cutLines(l explain.Lang, c trace.NodeState, v View) []string {
	k, value, bound := explain.CutIn(c, v)
	name := l.CutName(k)
	if name == "" {
		return nil
	}
	return []string{name, l.CutTest(k, formatValue(value), formatValue(bound))}
}

// actionText is the label of the edge into n: its action's label, cut to
// MaxLabelRunes characters, or its action number if the trace gives no
// label, and for a chance outcome its probability, e.g. "3-6 (2/3)".
func actionText(n trace.NodeState) string { return actionTextIn(explain.English, n) }

// actionTextIn is actionText in language l, whose words name an
// iteration's copy of the root (explain.Lang.NodeLabel).
func actionTextIn(l explain.Lang, n trace.NodeState) string {
	label := elideLabel(l.NodeLabel(n))
	if label == "" {
		label = strconv.Itoa(n.Action)
	}
	if n.Prob != 0 {
		label += " (" + explain.Probability(n.Prob) + ")" // a chance outcome and its probability
	}
	return label
}

// elideLabel returns s if it has at most MaxLabelRunes characters, else
// its first MaxLabelRunes-1 characters and "…". It reads no further than
// that, however long s is; an invalid byte counts as one character.
func elideLabel(s string) string {
	if len(s) <= MaxLabelRunes {
		return s
	}
	n, cut := 0, 0
	for i := range s {
		switch n {
		case MaxLabelRunes - 1:
			cut = i
		case MaxLabelRunes:
			return s[:cut] + "…"
		}
		n++
	}
	return s
}
