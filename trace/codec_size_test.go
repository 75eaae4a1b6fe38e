package trace_test

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// sizeEvents returns hand-made events that are hard on a size estimate:
// long strings that escape, long lists, and numbers of every length.
func sizeEvents() []trace.Event {
	nasty := "\x00\x01\"\\\n\t\r\u2028\u2029é♞😀\xff\xfe<>&" + strings.Repeat("\x1f", 300) + strings.Repeat("\"", 300)
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 0.25, 0.75, -0.125, 3.0625, 1.0 / 3, -2.0 / 3,
		999999, -999999, 999999.5, 1e6, -1e6, 123456.789, 1e-4, 1.5e-4, 9.99e-5, 1e-7, 5e-324, -math.MaxFloat64,
		math.SmallestNonzeroFloat64, -2.2250738585072014e-308, math.Inf(1), math.Inf(-1), 0.1, 0.2 + 0.1, 1e21, 1e20, 12345678901234567}
	ints := []int{0, -1, 9, 10, -10, 99, 100, math.MaxInt32, math.MinInt32, math.MaxInt, math.MinInt}
	var pruned []int
	var labels []string
	for i := range trace.MaxPrunedPerCut {
		pruned = append(pruned, ints[i%len(ints)])
		labels = append(labels, nasty[:i%len(nasty)])
	}
	var scores []trace.Score
	var ids []trace.NodeID
	for i, v := range floats {
		scores = append(scores, trace.Score{Child: trace.NodeID(ints[i%len(ints)]), Action: ints[(i+3)%len(ints)], W: v, N: ints[(i+5)%len(ints)], UCB: floats[(i+7)%len(floats)]})
		ids = append(ids, trace.NodeID(ints[i%len(ints)]))
	}
	scores = append(scores, trace.Score{UCB: math.NaN()})
	var events []trace.Event
	for _, v := range floats {
		events = append(events,
			trace.Event{Kind: trace.KindEval, Node: 3, Value: v, Terminal: true},
			trace.Event{Kind: trace.KindBounds, Node: math.MinInt32, Alpha: v, Beta: -v},
			trace.Event{Kind: trace.KindPlayout, Node: 7, Result: v, Length: math.MaxInt},
		)
	}
	for _, x := range ints {
		events = append(events,
			trace.Event{Kind: trace.KindNode, Node: trace.NodeID(x), Parent: trace.NodeID(-x), Action: x, Depth: x, Type: trace.TypeChance, Label: nasty, Board: nasty},
			trace.Event{Kind: trace.KindNode, Node: trace.NodeID(x), Parent: trace.NodeID(-x), Action: x, Depth: x, Type: trace.TypeJoint, Label: nasty,
				Joint: &trace.JointAction{{Action: x, Label: nasty}, {Action: -x, Label: ""}}},
			trace.Event{Kind: trace.KindIteration, Iteration: x, Depth: x, Discarded: x%2 == 0},
			trace.Event{Kind: trace.KindValue, Node: trace.NodeID(x), Value: float64(x), Best: trace.NodeID(x)},
			trace.Event{Kind: trace.KindDecision, Node: 0, Action: x, Label: nasty, Value: 0.1,
				Counters: trace.Counters{Nodes: x, Evals: -x, Cuts: x, Elapsed: math.MinInt64}},
		)
	}
	return append(events,
		trace.Event{Kind: trace.KindCut, Node: 5, Cut: trace.CutAlpha, Value: 1.0 / 7, Alpha: math.Inf(-1), Beta: 1e-300, Pruned: pruned, PrunedLabels: labels},
		trace.Event{Kind: trace.KindCut, Node: 5, Cut: trace.CutBeta, Pruned: []int{}, PrunedLabels: []string{}},
		trace.Event{Kind: trace.KindSelect, Node: 1, Child: 2, Scores: scores},
		trace.Event{Kind: trace.KindSelect, Node: 1, Child: trace.NoNode},
		trace.Event{Kind: trace.KindExpand, Node: 1, Children: ids},
		trace.Event{Kind: trace.KindBackprop, Path: ids, Values: floats},
		trace.Event{Kind: trace.KindBackprop},
		trace.Event{Kind: trace.KindBeam, Depth: 3, Kept: ids, Dropped: ids[:3]},
		trace.Event{Kind: trace.KindNote, Node: trace.NoNode, Text: nasty + strings.Repeat("\x00", trace.MaxString-len(nasty)-4)}, // \xff\xfe count 3 bytes each
		trace.Event{Kind: trace.KindNote, Node: 4, Text: ""},
		trace.Event{Kind: trace.KindNote, Node: trace.NoNode, Text: nasty, Truncated: trace.TruncatedNodes},
		trace.Event{Kind: trace.KindNote, Node: 4, Text: "", Truncated: trace.TruncatedEvents},
		trace.Event{Kind: trace.KindNote, Node: trace.NoNode, Text: "", Truncated: trace.TruncatedBytes},
	)
}

// TestSizeBound checks the Limiter's size estimate against the Writer's
// encoding: never less, and not far more, for the events of the traces in
// testdata and tracetest, a long MCTS-like stream, and hand-made events
// with long strings and lists and numbers of every length.
func TestSizeBound(t *testing.T) {
	testenv.SkipUnderRace(t, "estimates and encodes in the test goroutine")
	t.Parallel()
	_, golden, err := trace.ReadFile(filepath.Join("testdata", "alphabeta-rn.jsonl.golden"))
	if err != nil {
		t.Fatal(err)
	}
	sources := []struct {
		name     string
		events   []trace.Event
		ordinary bool // the estimate must be within 3x + 64 bytes
	}{
		{"testdata golden", golden, true},
		{"alphabeta", tracetest.AlphaBeta(), true},
		{"every kind", tracetest.EveryKind(), true},
		{"mcts stream", mctsStream(2000, 20), true},
		{"hand-made", sizeEvents(), false},
	}
	for _, src := range sources {
		t.Run(src.name, func(t *testing.T) {
			t.Parallel()
			var total, bound int
			for i := range src.events {
				e := &src.events[i]
				for _, step := range []int{e.Step, 0, 9, 10, 123456789, math.MaxInt} {
					line, err := trace.AppendEvent(nil, step, e)
					if err != nil {
						t.Fatalf("event %d (%v): %v", i, e.Kind, err)
					}
					got := trace.SizeBound(step, e)
					if got < len(line) {
						t.Fatalf("event %d at step %d: bound %d < the %d bytes of %s", i, step, got, len(line), line)
					}
					if src.ordinary && got > 3*len(line)+64 {
						t.Errorf("event %d at step %d: bound %d, far over the %d bytes of %s", i, step, got, len(line), line)
					}
					if step == e.Step {
						total, bound = total+len(line), bound+got
					}
				}
			}
			t.Logf("%d events: %d bytes, bound %d (%.2fx)", len(src.events), total, bound, float64(bound)/float64(total))
		})
	}
}

// FuzzSizeBound checks the size estimate on random events.
func FuzzSizeBound(f *testing.F) {
	f.Add(uint8(trace.KindEval), int64(3), 0.5, -1.25, "b2", 7)
	f.Add(uint8(trace.KindNode), int64(-1), 1.0/3, 1e300, "\x00\xff\u2028é", 1)
	f.Add(uint8(trace.KindBackprop), int64(math.MaxInt32), math.Inf(1), 5e-324, "", 30)
	f.Fuzz(func(t *testing.T, kind uint8, x int64, v, w float64, s string, n int) {
		k := trace.Kind(kind%uint8(len(trace.Kinds()))) + 1
		if math.IsNaN(v) || math.IsNaN(w) || len(s) > trace.MaxString {
			return
		}
		n = min(max(n, 0), 50)
		e := trace.Event{Kind: k, Node: trace.NodeID(x), Parent: trace.NodeID(x >> 3), Action: int(x), Label: s, Depth: int(x >> 7),
			Type: trace.TypeMin, Board: s, Value: v, Terminal: x%2 == 0, Best: trace.NodeID(-x), Alpha: v, Beta: w, Cut: trace.CutBeta,
			Child: trace.NodeID(x), Result: w, Length: int(x), Iteration: int(x), Discarded: x%3 == 0, Text: s,
			Counters: trace.Counters{Nodes: int(x), Evals: int(-x), Cuts: n, Elapsed: 0}, Truncated: trace.Truncation(n % 4)}
		if x%2 == 0 {
			e.Joint = &trace.JointAction{{Action: int(x), Label: s}, {Action: n, Label: s[:len(s)/2]}}
		}
		for i := range n {
			e.Pruned = append(e.Pruned, int(x)+i)
			e.PrunedLabels = append(e.PrunedLabels, s)
			e.Scores = append(e.Scores, trace.Score{Child: trace.NodeID(i), Action: int(x), W: v * float64(i), N: i, UCB: w / float64(i)})
			e.Path = append(e.Path, trace.NodeID(x)+trace.NodeID(i))
			e.Values = append(e.Values, v/float64(i+1))
			e.Children, e.Kept, e.Dropped = e.Path, e.Path, e.Path
		}
		for _, x := range e.Values {
			if math.IsNaN(x) {
				return
			}
		}
		for _, sc := range e.Scores {
			if math.IsNaN(sc.W) {
				return
			}
		}
		step := int(x & math.MaxInt32)
		line, err := trace.AppendEvent(nil, step, &e)
		if err != nil {
			t.Fatal(err)
		}
		if got := trace.SizeBound(step, &e); got < len(line) {
			t.Fatalf("bound %d < the %d bytes of %s", got, len(line), line)
		}
	})
}
