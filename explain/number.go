package explain

import (
	"fmt"
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

// maxDenominator is the largest denominator Probability writes a fraction
// with: dice and coins give sixths, halves and thirds.
const maxDenominator = 12

// Probability formats a probability for people: as its decimal when that
// is short (0.5, 0.25, 1), as the teacher typed it, else as a fraction in
// lowest terms with a denominator of at most 12 (1/6, 2/3), as dice give,
// else as Number does (0.0769).
func Probability(p float64) string {
	if s := trace.FormatValue(p); len(s) <= len("0.125") {
		return s
	}
	for d := 2; d <= maxDenominator; d++ {
		n := math.Round(p * float64(d))
		if math.Abs(p-n/float64(d)) < 1e-9 {
			return strconv.Itoa(int(n)) + "/" + strconv.Itoa(d)
		}
	}
	return Number(p)
}

// Thousands writes a whole number with a comma between groups of three
// digits, "18,297" and "-1,000", so that the node counts of a big search
// can be read at a glance.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Plural returns one when n is 1 and many otherwise: the noun, or the
// noun with its verb ("move is", "moves are"), that goes with a count
// written separately. English plurals are irregular (ply, plies), so the
// caller spells both.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Plural returns, in language l, one when n is 1 and many otherwise, as
// the package's Plural does; Japanese has one form, many's translation.
func (l Lang) Plural(n int, one, many string) string {
	if l.isJapanese() {
		return l.T(many)
	}
	return Plural(n, one, many)
}

// Count is Lang.Count in English.
func Count(n int, one, many string) string { return English.Count(n, one, many) }

// Count writes n things in language l, the number grouped as Thousands does: "1 node",
// "18,297 nodes".
func (l Lang) Count(n int, one, many string) string {
	return Thousands(n) + " " + l.Plural(n, one, many)
}

// Bytes writes a size in bytes for people, in binary units with one
// decimal from a KiB up: "512 B", "1.5 KiB", "3.0 MiB". MiB is the
// largest unit, as the files and drawings it sizes stay far below a GiB.
func Bytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
