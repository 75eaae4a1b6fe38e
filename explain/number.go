package explain

import (
	"math"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/trace"
)

// numberDecimals is the most decimals Number keeps of a value it shows
// exactly: the leaf values people type and the win rates of a few
// playouts (0.75, -2.5, 0.125) read as they are.
const numberDecimals = 3

// Number formats a value for people: exactly when it is a whole number or
// has at most three decimals (3, -2.5, 0.125, ∞), and otherwise to three
// significant digits (0.683 for 41/60, 12.3), a whole number from 1000
// up. Win rates and means are ratios of playouts whose sixth digit says
// nothing; trace.FormatValue keeps six, for exact records.
func Number(v float64) string {
	s := trace.FormatValue(v)
	if math.IsInf(v, 0) || math.IsNaN(v) || v == math.Trunc(v) {
		return s
	}
	if i := strings.IndexByte(s, '.'); i >= 0 && !strings.ContainsRune(s, 'e') && len(s)-i-1 <= numberDecimals {
		return s
	}
	if math.Abs(v) >= 1000 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}
