package trace

import (
	"bytes"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace/internal/event"
)

// randomEvent returns an event of a random kind with each field set, or
// left zero, at random, with the values that packing treats apart: whole
// and fractional numbers, negative zero, infinities, NaN, huge values, nil
// and empty slices, long and repeated strings.
func randomEvent(rng *rand.Rand) Event {
	pick := func() bool { return rng.IntN(2) == 0 }
	floats := []float64{0, 1, -1, 3, 100, -100, 0.5, -2.75, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1e300, 1 << 53, -(1 << 60), 4503599627370495}
	num := func() float64 { return floats[rng.IntN(len(floats))] }
	ints := []int{0, 1, -1, 63, 64, -65, 1 << 20, -(1 << 40), math.MaxInt64, math.MinInt64}
	integer := func() int { return ints[rng.IntN(len(ints))] }
	strs := []string{"", "a1", "b2", "up", "x.o/.x./..o", string(bytes.Repeat([]byte("long "), 30)), "é ∞"}
	str := func() string { return strs[rng.IntN(len(strs))] }
	ids := func() []NodeID {
		switch rng.IntN(3) {
		case 0:
			return nil
		case 1:
			return []NodeID{}
		}
		s := make([]NodeID, 1+rng.IntN(4))
		for i := range s {
			s[i] = NodeID(rng.IntN(1000) - 1)
		}
		return s
	}
	e := Event{Kind: Kind(1 + rng.IntN(int(event.NumKinds)-1))}
	if pick() {
		e.Node = NodeID(integer())
	}
	if pick() {
		e.Parent = NodeID(rng.IntN(50) - 1)
	}
	if pick() {
		e.Action = integer()
	}
	if pick() {
		e.Label = str()
	}
	if pick() {
		e.Depth = integer()
	}
	if pick() {
		e.Type = NodeType(rng.IntN(6))
	}
	if pick() {
		e.Board = str()
	}
	if pick() {
		e.Joint = &JointAction{{Action: integer(), Label: str()}, {Action: integer(), Label: str()}}
	}
	if pick() {
		e.Value = num()
	}
	e.Terminal = pick()
	if pick() {
		e.Best = NodeID(rng.IntN(50) - 1)
	}
	if pick() {
		e.Alpha, e.Beta = num(), num()
	}
	if pick() {
		e.Cut = CutKind(rng.IntN(3))
	}
	if pick() {
		e.Pruned = []int{integer(), integer()}
		e.PrunedLabels = []string{str(), str()}
	}
	if pick() {
		e.Child = NodeID(rng.IntN(50) - 1)
	}
	if pick() {
		e.Scores = []Score{{Child: 3, Action: integer(), W: num(), N: integer(), UCB: num()}}
	}
	if pick() {
		e.Visits, e.Explore = integer(), num()
	}
	e.Children, e.Path, e.Kept, e.Dropped = ids(), ids(), ids(), ids()
	if pick() {
		e.Values = []float64{num(), num()}
	}
	if pick() {
		e.Result, e.Length = num(), integer()
	}
	if pick() {
		e.Iteration = integer()
	}
	e.Discarded = pick()
	if pick() {
		e.Counters = Counters{Nodes: integer(), Evals: integer(), Cuts: integer(), Elapsed: time.Duration(integer())}
	}
	if pick() {
		e.Text = str()
	}
	if pick() {
		e.Truncated = Truncation(rng.IntN(4))
	}
	return e
}

// sameEvent reports whether two events are equal, taking NaN as equal to
// itself and telling negative zero from zero, as packing must.
func sameEvent(a, b Event) bool {
	same := func(x, y float64) bool {
		return math.Float64bits(x) == math.Float64bits(y) || math.IsNaN(x) && math.IsNaN(y)
	}
	sameAll := func(x, y []float64) bool {
		if len(x) != len(y) || (x == nil) != (y == nil) {
			return false
		}
		for i := range x {
			if !same(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	if !same(a.Value, b.Value) || !same(a.Alpha, b.Alpha) || !same(a.Beta, b.Beta) || !same(a.Explore, b.Explore) || !same(a.Result, b.Result) || !sameAll(a.Values, b.Values) {
		return false
	}
	if len(a.Scores) != len(b.Scores) || (a.Scores == nil) != (b.Scores == nil) {
		return false
	}
	for i := range a.Scores {
		x, y := a.Scores[i], b.Scores[i]
		if !same(x.W, y.W) || !same(x.UCB, y.UCB) {
			return false
		}
		x.W, y.W, x.UCB, y.UCB = 0, 0, 0, 0
		if x != y {
			return false
		}
	}
	a.Value, a.Alpha, a.Beta, a.Explore, a.Result, a.Values, a.Scores = 0, 0, 0, 0, 0, nil, nil
	b.Value, b.Alpha, b.Beta, b.Explore, b.Result, b.Values, b.Scores = 0, 0, 0, 0, 0, nil, nil
	return reflect.DeepEqual(a, b)
}

// TestPackRoundTrip packs random events and checks that each unpacks to
// itself, afresh and into an event whose slices are reused.
func TestPackRoundTrip(t *testing.T) {
	testenv.SkipUnderRace(t, "packs events in the test goroutine")
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	strs := newStrTable()
	var reused Event
	for i := range 5000 {
		e := randomEvent(rng)
		rec := packEvent(nil, &e, &strs)
		var got Event
		unpackEvent(rec, &got, strs.strs, false)
		if !sameEvent(got, e) {
			t.Fatalf("event %d:\n got %+v\nwant %+v", i, got, e)
		}
		unpackEvent(rec, &reused, strs.strs, true)
		if !sameEvent(reused, e) {
			t.Fatalf("event %d, unpacked into a used event:\n got %+v\nwant %+v", i, reused, e)
		}
	}
	short := 0
	for _, s := range strs.strs {
		if len(s) <= maxInternedLen {
			short++
		}
	}
	if short != 6 {
		t.Errorf("the string table holds %d short strings, want each of the 6 (the empty one included) once", short)
	}
}

// TestPackSize checks that the events a depth-first search makes most pack
// into a few bytes, which is what lets a Tree hold millions of them.
func TestPackSize(t *testing.T) {
	testenv.SkipUnderRace(t, "packs events in the test goroutine")
	t.Parallel()
	tests := []struct {
		name string
		e    Event
		max  int
	}{
		{"enter", Event{Kind: KindEnter, Node: 1000}, 4},
		{"leave", Event{Kind: KindLeave, Node: 549945}, 5},
		{"node", Event{Kind: KindNode, Node: 549945, Parent: 549944, Action: 8, Label: "c1", Depth: 9, Type: TypeMin}, 12},
		{"eval", Event{Kind: KindEval, Node: 549945, Value: -100, Terminal: true}, 8},
		{"value", Event{Kind: KindValue, Node: 549944, Value: 100, Best: 549945}, 12},
		{"bounds", Event{Kind: KindBounds, Node: 10, Alpha: math.Inf(-1), Beta: math.Inf(1)}, 22},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			strs := newStrTable()
			if n := len(packEvent(nil, &tt.e, &strs)); n > tt.max {
				t.Errorf("packs into %d bytes, want at most %d", n, tt.max)
			}
		})
	}
}
