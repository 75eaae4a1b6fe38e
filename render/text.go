package render

import (
	"math"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// maxValueLen is the most characters a value takes in a node, so that it
// fits the node's fixed width.
const maxValueLen = 7

// formatValue formats a value compactly: exactly when that fits
// maxValueLen characters (3, -2.5, ∞, -∞), else rounded to fit (0.33333),
// and in exponent form when rounding would hide it (1.23e+06).
func formatValue(v float64) string {
	if s := trace.FormatValue(v); len(s) <= maxValueLen {
		return s
	}
	a := math.Abs(v)
	if a >= 1e6 || a < 1e-3 {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	intDigits := len(strconv.FormatFloat(math.Trunc(a), 'f', 0, 64))
	prec := maxValueLen - intDigits - 1
	if v < 0 {
		prec--
	}
	s := strconv.FormatFloat(v, 'f', max(prec, 0), 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if len(s) > maxValueLen {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	return s
}

// windowText returns a node's α-β window in view v, "α=3 β=∞".
func windowText(n trace.NodeState, v View) string {
	alpha, beta := v.Window(n.Type, n.Alpha, n.Beta)
	return "α=" + formatValue(alpha) + " β=" + formatValue(beta)
}

// CutReason says why node c cut, always in MAX's terms whatever the
// drawing's view, as textbooks put it (explain.CutRule) with values as
// compact as a node's: "β-cut: 5 ≥ β=3" at a max node, "α-cut: 2 ≤ α=3"
// at a min node. It returns "" if c made no cut.
func CutReason(c trace.NodeState) string {
	value := trace.ViewRoot.Value(c.Type, c.CutValue)
	alpha, beta := trace.ViewRoot.Window(c.Type, c.CutAlpha, c.CutBeta)
	bound := alpha
	if c.Cut == trace.CutBeta {
		bound = beta
	}
	return explain.CutRule(c.Cut, formatValue(value), formatValue(bound))
}

// actionText is the label of the edge into n: its action's label, or its
// action number if the trace gives no label.
func actionText(n trace.NodeState) string {
	if n.Label != "" {
		return n.Label
	}
	return strconv.Itoa(n.Action)
}
