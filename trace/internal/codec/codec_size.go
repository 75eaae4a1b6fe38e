package codec

import (
	"math"

	"github.com/searchviz/searchviz/trace/internal/event"
)

// maxIntLen is the longest an int is written: "-9223372036854775808".
const maxIntLen = 20

// maxFloatLen is the longest appendNumber writes a finite float64, as
// strconv's shortest 'g' format does: a sign, 17 digits, a point, and an
// exponent "e-308", as in -2.2250738585072014e-308; or, in the plain form
// it takes for exponents -4 to 5, a sign, "0.000" and 17 digits.
const maxFloatLen = 24

// SizeBound returns an upper bound on the length of the line appendEvent
// writes for e with the given step, newline included, without encoding
// it: exact but for numbers, which count as at most the longest a float
// can be written (see floatLen). It walks the spec table as
// appendEvent does; TestSizeBound checks the two agree. An event that
// appendEvent cannot encode has some bound, of no meaning.
func SizeBound(step int, e *event.Event) int {
	if !event.KindEnum.Valid(e.Kind) {
		return 0
	}
	n := 2 // "}\n"
	for i := range event.Specs[e.Kind].Fields {
		f := &event.Specs[e.Kind].Fields[i]
		if f.Optional && isZero(f.ID, e) {
			continue
		}
		n += len(f.Key)
		switch f.FieldType {
		case event.TStep:
			n += intLen(int64(step))
		case event.TInteger:
			n += intLen(int64(*event.IntMember(f.ID, e)))
		case event.TNode:
			n += intLen(int64(*event.NodeMember(f.ID, e)))
		case event.TNumber:
			n += floatLen(*event.NumberMember(f.ID, e))
		case event.TString:
			n += QuotedLen(*event.StringMember(f.ID, e))
		case event.TBoolean:
			n += boolLen(*event.BoolMember(f.ID, e))
		case event.TNodes:
			n += intsLen(*event.NodesMember(f.ID, e))
		case event.TKind:
			n += nameLen(&event.KindEnum, e.Kind)
		case event.TNodeKind:
			n += nameLen(&event.NodeTypeEnum, e.Type)
		case event.TCut:
			n += nameLen(&event.CutKindEnum, e.Cut)
		case event.TTruncation:
			n += nameLen(&event.TruncationEnum, e.Truncated)
		case event.TIntegers:
			n += intsLen(e.Pruned)
		case event.TStrings:
			n += listLen(e.PrunedLabels, QuotedLen)
		case event.TNumbers:
			n += listLen(e.Values, floatLen)
		case event.TScores:
			// {"child":,"action":,"w":,"n":,"ucb":} and a comma between.
			const fixed = len(`{"child":,"action":,"w":,"n":,"ucb":}`)
			n += 2 + max(len(e.Scores)-1, 0)
			for i := range e.Scores {
				s := &e.Scores[i]
				n += fixed + intLen(int64(s.Child)) + intLen(int64(s.Action)) + floatLen(s.W) + intLen(int64(s.N))
				if math.IsNaN(s.UCB) {
					n += len("null")
				} else {
					n += floatLen(s.UCB)
				}
			}
		case event.TCounters:
			const fixed = len(`{"nodes":,"evals":,"cuts":,"elapsed_ns":}`)
			c := &e.Counters
			n += fixed + intLen(int64(c.Nodes)) + intLen(int64(c.Evals)) + intLen(int64(c.Cuts)) + intLen(int64(c.Elapsed))
		case event.TJoint:
			const fixed = len(`[{"action":,"label":},{"action":,"label":}]`)
			n += fixed
			for _, m := range e.Joint {
				n += intLen(int64(m.Action)) + QuotedLen(m.Label)
			}
		}
	}
	return n
}

// intLen returns the length of x in decimal, its sign included.
func intLen(x int64) int {
	n := 1
	if x < 0 {
		if x == math.MinInt64 {
			return maxIntLen
		}
		n, x = 2, -x
	}
	for x >= 10 {
		x /= 10
		n++
	}
	return n
}

// floatLen returns an upper bound on the length of v as appendNumber
// writes it: exact for infinities, and for numbers below a million in
// magnitude that are integers or have at most four binary digits after
// the point (0.5, -0.25, 3.0625), which the shortest 'g' format writes
// plainly, with at most as many decimals; maxFloatLen for the rest. NaN,
// which appendNumber refuses, counts as "null".
func floatLen(v float64) int {
	switch {
	case math.IsInf(v, 1):
		return len(`"inf"`)
	case math.IsInf(v, -1):
		return len(`"-inf"`)
	case math.IsNaN(v):
		return len("null")
	}
	a := math.Abs(v)
	if a >= 1e6 {
		return maxFloatLen
	}
	n := 0
	if math.Signbit(v) {
		n++ // including "-0"
	}
	ip := math.Floor(a)
	n += intLen(int64(ip))
	frac := a - ip
	if frac == 0 {
		return n
	}
	// m/2^k is written with k decimals: "." and k digits.
	for k := 1; k <= 4; k++ {
		if frac *= 2; frac == math.Trunc(frac) {
			return n + 1 + k
		}
	}
	return maxFloatLen
}

func boolLen(b bool) int {
	if b {
		return len("true")
	}
	return len("false")
}

// intsLen returns the length of xs as appendInts writes them.
func intsLen[T ~int | ~int32](xs []T) int {
	return listLen(xs, func(x T) int { return intLen(int64(x)) })
}

// nameLen returns the length of v's name as appendName writes it, or 0
// for a value it refuses.
func nameLen[E ~uint8](t *event.Enum[E], v E) int {
	if !t.Valid(v) {
		return 0
	}
	return len(t.Names[v]) + 2
}

// listLen returns the length of a JSON list of xs, each element of the
// length size gives: the brackets, the commas and the elements.
func listLen[T any](xs []T, size func(T) int) int {
	n := 2 + max(len(xs)-1, 0)
	for _, x := range xs {
		n += size(x)
	}
	return n
}
