package trace

import (
	"math"
)

// maxIntLen is the longest an int is written: "-9223372036854775808".
const maxIntLen = 20

// maxFloatLen is the longest appendNumber writes a finite float64, as
// strconv's shortest 'g' format does: a sign, 17 digits, a point, and an
// exponent "e-308", as in -2.2250738585072014e-308; or, in the plain form
// it takes for exponents -4 to 5, a sign, "0.000" and 17 digits.
const maxFloatLen = 24

// sizeBound returns an upper bound on the length of the line appendEvent
// writes for e with the given step, newline included, without encoding
// it: exact but for numbers, which count as at most the longest a float
// can be written (see floatLen). It walks the spec table as
// appendEvent does; TestSizeBound checks the two agree. An event that
// appendEvent cannot encode has some bound, of no meaning.
func sizeBound(step int, e *Event) int {
	if e.Kind == KindBad || e.Kind >= numKinds {
		return 0
	}
	n := 2 // "}\n"
	for i := range specs[e.Kind].fields {
		f := &specs[e.Kind].fields[i]
		if f.Optional && isZero(f.id, e) {
			continue
		}
		n += len(f.key) // `{"step":` is as long as `,"step":`
		switch f.id {
		case fStep:
			n += intLen(int64(step))
		case fKind:
			n += len(kindNames[e.Kind]) + 2
		case fNode:
			n += intLen(int64(e.Node))
		case fParent:
			n += intLen(int64(e.Parent))
		case fAction:
			n += intLen(int64(e.Action))
		case fLabel:
			n += quotedLen(e.Label)
		case fDepth:
			n += intLen(int64(e.Depth))
		case fNodeKind:
			if e.Type < numTypes {
				n += len(typeNames[e.Type]) + 2
			}
		case fBoard:
			n += quotedLen(e.Board)
		case fValue:
			n += floatLen(e.Value)
		case fTerminal:
			n += boolLen(e.Terminal)
		case fBest:
			n += intLen(int64(e.Best))
		case fAlpha:
			n += floatLen(e.Alpha)
		case fBeta:
			n += floatLen(e.Beta)
		case fCut:
			n += len(`"alpha"`)
		case fPruned:
			n += listLen(e.Pruned, func(a int) int { return intLen(int64(a)) })
		case fPrunedLabels:
			n += listLen(e.PrunedLabels, quotedLen)
		case fChild:
			n += intLen(int64(e.Child))
		case fScores:
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
		case fChildren:
			n += nodesLen(e.Children)
		case fResult:
			n += floatLen(e.Result)
		case fLength:
			n += intLen(int64(e.Length))
		case fPath:
			n += nodesLen(e.Path)
		case fValues:
			n += listLen(e.Values, floatLen)
		case fKept:
			n += nodesLen(e.Kept)
		case fDropped:
			n += nodesLen(e.Dropped)
		case fIteration:
			n += intLen(int64(e.Iteration))
		case fDiscarded:
			n += boolLen(e.Discarded)
		case fCounters:
			const fixed = len(`{"nodes":,"evals":,"cuts":,"elapsed_ns":}`)
			c := &e.Counters
			n += fixed + intLen(int64(c.Nodes)) + intLen(int64(c.Evals)) + intLen(int64(c.Cuts)) + intLen(int64(c.Elapsed))
		case fText:
			n += quotedLen(e.Text)
		case fJoint:
			const fixed = len(`[{"action":,"label":},{"action":,"label":}]`)
			n += fixed
			for _, m := range e.Joint {
				n += intLen(int64(m.Action)) + quotedLen(m.Label)
			}
		case fTruncated:
			if e.Truncated < numTruncations {
				n += len(truncationNames[e.Truncated]) + 2
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

// nodesLen returns the length of ids as appendNodes writes them.
func nodesLen(ids []NodeID) int {
	return listLen(ids, func(id NodeID) int { return intLen(int64(id)) })
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
