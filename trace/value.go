package trace

import (
	"math"
	"strconv"

	"github.com/searchviz/searchviz/trace/internal/event"
)

// FormatValue formats a value for people: as short as it can be exactly
// (3, -2.5, 1000000), and ∞ or -∞ for an open bound. A value that needs
// more than maxExact characters, such as a win rate of 57/109, is rounded
// to six significant digits (0.522936).
func FormatValue(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "-∞"
	case math.IsNaN(v):
		return "?"
	case v == 0:
		return "0"
	}
	if s := strconv.FormatFloat(v, 'f', -1, 64); len(s) <= maxExact {
		return s
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// maxExact is the longest a value is written exactly by FormatValue.
const maxExact = 10

// View says from whose point of view values are shown. Traces store every
// value in the view of the side to move at its node; a viewer may show
// them that way or from the root player's view, as textbooks do.
type View uint8

// Views. The zero value is ViewRoot, the view textbooks use.
const (
	// ViewRoot shows values from the root player's (MAX's) point of view:
	// values at min nodes are negated, and their window [α, β] becomes
	// [-β, -α].
	ViewRoot View = iota
	// ViewSide shows values as traces store them, from the point of view
	// of the side to move at each node (the negamax view).
	ViewSide
)

var views = event.Enum[View]{Type: "View", Noun: "view", First: ViewRoot, Names: []string{"root", "side"}}

// String returns "root" or "side".
func (v View) String() string { return views.Name(v) }

// ParseView returns the view named "root" or "side".
func ParseView(name string) (View, error) { return views.Parse(name) }

// Caption says in words whose view values are in.
func (v View) Caption() string {
	if v == ViewSide {
		return "values: side to move's view"
	}
	return "values: root player's view (MAX)"
}

// Value converts x, stored at a node of type t, into view v.
func (v View) Value(t NodeType, x float64) float64 {
	if v == ViewRoot && t == TypeMin {
		return -x
	}
	return x
}

// Window converts the window (alpha, beta), stored at a node of type t,
// into view v: at a min node the root player's window is (-beta, -alpha).
func (v View) Window(t NodeType, alpha, beta float64) (float64, float64) {
	if v == ViewRoot && t == TypeMin {
		return -beta, -alpha
	}
	return alpha, beta
}
