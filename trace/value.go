package trace

import (
	"math"
	"strconv"
)

// FormatValue formats a value for people: as short as it can be exactly
// (3, -2.5, 1000000), and ∞ or -∞ for an open bound.
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
	return strconv.FormatFloat(v, 'f', -1, 64)
}
