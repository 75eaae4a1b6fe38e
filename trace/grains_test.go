package trace

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

// grainBeamEvents returns a beam search's trace with no iteration event:
// two depths, each ended by its beam event, then the answer.
func grainBeamEvents() []Event {
	return foldNumbered(
		Event{Kind: KindNode, Node: 0, Parent: NoNode, Action: -1, Type: TypeSingle},     // 0: depth 1 from here
		Event{Kind: KindEnter, Node: 0},                                                  // 1
		Event{Kind: KindNode, Node: 1, Parent: 0, Action: 0, Depth: 1, Type: TypeSingle}, // 2
		Event{Kind: KindNode, Node: 2, Parent: 0, Action: 1, Depth: 1, Type: TypeSingle}, // 3
		Event{Kind: KindLeave, Node: 0},                                                  // 4
		Event{Kind: KindBeam, Depth: 1, Kept: []NodeID{1}, Dropped: []NodeID{2}},         // 5: depth 1 ends
		Event{Kind: KindEnter, Node: 1},                                                  // 6: depth 2 from here
		Event{Kind: KindNode, Node: 3, Parent: 1, Action: 0, Depth: 2, Type: TypeSingle}, // 7
		Event{Kind: KindLeave, Node: 1},                                                  // 8
		Event{Kind: KindBeam, Depth: 2, Kept: []NodeID{3}},                               // 9: depth 2 ends
		Event{Kind: KindValue, Node: 0, Value: 5, Best: 1},                               // 10: in no depth
		Event{Kind: KindDecision, Node: 0, Action: 0, Value: 5},                          // 11
	)
}

// grainDeepeningEvents returns an iterative deepening trace whose second
// depth is cut short: its discarded iteration event goes on with depth 2.
func grainDeepeningEvents() []Event {
	return foldNumbered(
		Event{Kind: KindNode, Node: 0, Parent: NoNode, Action: -1, Type: TypeMax},      // 0
		Event{Kind: KindEnter, Node: 0},                                                // 1
		Event{Kind: KindIteration, Iteration: 1, Depth: 1},                             // 2: depth 1
		Event{Kind: KindNode, Node: 1, Parent: 0, Action: -1, Depth: 1, Type: TypeMax}, // 3
		Event{Kind: KindEnter, Node: 1},                                                // 4
		Event{Kind: KindLeave, Node: 1},                                                // 5
		Event{Kind: KindValue, Node: 0, Value: 1, Best: 1},                             // 6: a backup, a decision change
		Event{Kind: KindIteration, Iteration: 2, Depth: 2},                             // 7: depth 2
		Event{Kind: KindNode, Node: 2, Parent: 0, Action: -1, Depth: 1, Type: TypeMax}, // 8
		Event{Kind: KindEnter, Node: 2},                                                // 9
		Event{Kind: KindIteration, Iteration: 2, Depth: 2, Discarded: true},            // 10: still depth 2
		Event{Kind: KindNote, Node: 2, Text: "discarded"},                              // 11
		Event{Kind: KindLeave, Node: 2},                                                // 12
		Event{Kind: KindValue, Node: 0, Value: 1, Best: 1},                             // 13: a backup, the same best
		Event{Kind: KindLeave, Node: 0},                                                // 14
		Event{Kind: KindDecision, Node: 0, Action: 0, Value: 1},                        // 15
	)
}

// grainTraces returns the traces the grain tests run on, by name.
func grainTraces() map[string][]Event {
	traces := foldTraces()
	traces["monte carlo and beams"] = queryEvents()
	traces["beam"] = grainBeamEvents()
	traces["deepening"] = grainDeepeningEvents()
	return traces
}

// grainSteps lists the steps grain g stops at, as GrainStep numbers them.
func grainSteps(tr *Tree, g Grain) []int32 {
	var out []int32
	for i := range tr.GrainCount(g) {
		out = append(out, int32(tr.GrainStep(g, i)))
	}
	return out
}

func newGrainTree(t *testing.T, events []Event) *Tree {
	t.Helper()
	tr, err := NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestGrainsByHand checks where each grain stops in small traces, worked
// out by hand, from either end and from the middle.
func TestGrainsByHand(t *testing.T) {
	testenv.SkipUnderRace(t, "queries a Tree in the test goroutine")
	t.Parallel()
	type move struct {
		k, dir int
		want   int // -2 for none
	}
	tests := []struct {
		name   string
		events []Event
		grain  Grain
		steps  []int32 // GrainSteps
		moves  []move
	}{
		{"textbook cuts", foldTextbookEvents(), GrainCut, []int32{35},
			[]move{{-1, 1, 35}, {34, 1, 35}, {35, 1, -2}, {62, -1, 35}, {36, -1, 35}, {35, -1, -2}, {0, -1, -2}}},
		{"textbook backups", foldTextbookEvents(), GrainBackup, []int32{11, 24, 34, 45, 52, 59},
			[]move{{-1, 1, 11}, {11, 1, 24}, {59, 1, -2}, {62, -1, 59}, {24, -1, 11}, {11, -1, -2}}},
		{"textbook decision changes", foldTextbookEvents(), GrainDecision, []int32{24},
			[]move{{-1, 1, 24}, {24, 1, -2}, {62, -1, 24}, {24, -1, -2}}},
		{"textbook nodes", foldTextbookEvents(), GrainNode, nil,
			[]move{{-1, 1, 1}, {1, 1, 4}, {4, 1, 7}, {59, 1, 60}, {61, 1, -2}, {62, -1, 61}, {4, -1, 1}, {1, -1, -2}, {-1, -1, -2}}},
		{"textbook events", foldTextbookEvents(), GrainEvent, nil,
			[]move{{-1, 1, 0}, {61, 1, 62}, {62, 1, -2}, {0, -1, -1}, {-1, -1, -2}}},
		{"monte carlo iterations", queryEvents(), GrainIteration, []int32{1, 7, 16},
			[]move{{-1, 1, 1}, {0, 1, 1}, {1, 1, 7}, {7, 1, 16}, {16, 1, -2}, {18, -1, 16}, {16, -1, 7}, {8, -1, 7}, {7, -1, 1}, {1, -1, -2}}},
		{"monte carlo backups", queryEvents(), GrainBackup, []int32{5, 11, 12, 13, 14},
			[]move{{-1, 1, 5}, {12, 1, 13}, {14, 1, -2}, {18, -1, 14}, {5, -1, -2}}},
		{"monte carlo has no decision change", queryEvents(), GrainDecision, nil,
			[]move{{-1, 1, -2}, {18, -1, -2}}},
		{"beam depths", grainBeamEvents(), GrainIteration, []int32{0, 6},
			[]move{{-1, 1, 0}, {0, 1, 6}, {6, 1, -2}, {11, -1, 6}, {6, -1, 0}, {0, -1, -2}}},
		{"deepening depths", grainDeepeningEvents(), GrainIteration, []int32{2, 7},
			[]move{{-1, 1, 2}, {7, 1, -2}, {15, -1, 7}, {7, -1, 2}}},
		{"deepening decision changes", grainDeepeningEvents(), GrainDecision, []int32{6},
			[]move{{-1, 1, 6}, {6, 1, -2}, {15, -1, 6}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr := newGrainTree(t, tt.events)
			if got := grainSteps(tr, tt.grain); !slices.Equal(got, tt.steps) {
				t.Errorf("grain %v stops at %v, want %v", tt.grain, got, tt.steps)
			}
			if got, want := tr.HasGrain(tt.grain), tt.grain <= GrainNode || len(tt.steps) > 0; got != want {
				t.Errorf("HasGrain(%v) = %v, want %v", tt.grain, got, want)
			}
			for _, m := range tt.moves {
				got, ok := tr.NextStep(m.k, tt.grain, m.dir)
				switch {
				case m.want == -2 && (ok || got != m.k):
					t.Errorf("NextStep(%d, %v, %d) = %d, %v; want %d, false", m.k, tt.grain, m.dir, got, ok, m.k)
				case m.want != -2 && (!ok || got != m.want):
					t.Errorf("NextStep(%d, %v, %d) = %d, %v; want %d, true", m.k, tt.grain, m.dir, got, ok, m.want)
				}
			}
		})
	}
}

// TestIterationSpanByHand checks the iterations of a Monte Carlo, a beam
// and an iterative deepening trace, step by step from -1.
func TestIterationSpanByHand(t *testing.T) {
	testenv.SkipUnderRace(t, "queries a Tree in the test goroutine")
	t.Parallel()
	type span struct{ n, first, steps int }
	none := span{}
	mc := func(n int) span { return [...]span{none, {1, 1, 6}, {2, 7, 9}, {3, 16, 3}}[n] }
	bm := func(n int) span { return [...]span{none, {1, 0, 6}, {2, 6, 4}}[n] }
	id := func(n int) span { return [...]span{none, {1, 2, 5}, {2, 7, 9}}[n] }
	tests := []struct {
		name    string
		events  []Event
		n       int
		byDepth bool
		spans   []span // by step from -1
	}{
		{"monte carlo", queryEvents(), 3, false, []span{
			none, none, mc(1), mc(1), mc(1), mc(1), mc(1), mc(1),
			mc(2), mc(2), mc(2), mc(2), mc(2), mc(2), mc(2), mc(2), mc(2), mc(3), mc(3), mc(3)}},
		{"beam", grainBeamEvents(), 2, true, []span{
			none, bm(1), bm(1), bm(1), bm(1), bm(1), bm(1), bm(2), bm(2), bm(2), bm(2), none, none}},
		{"deepening", grainDeepeningEvents(), 2, false, []span{
			none, none, none, id(1), id(1), id(1), id(1), id(1),
			id(2), id(2), id(2), id(2), id(2), id(2), id(2), id(2), id(2)}},
		{"textbook", foldTextbookEvents(), 0, false, slices.Repeat([]span{none}, 64)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr := newGrainTree(t, tt.events)
			if len(tt.spans) != tr.Len()+1 {
				t.Fatalf("the test has %d spans for %d steps from -1", len(tt.spans), tr.Len()+1)
			}
			if got := tr.Iterations(); got != tt.n {
				t.Errorf("Iterations() = %d, want %d", got, tt.n)
			}
			if got := tr.IterationsByDepth(); got != tt.byDepth {
				t.Errorf("IterationsByDepth() = %v, want %v", got, tt.byDepth)
			}
			for i, want := range tt.spans {
				k := i - 1
				var got span
				got.n, got.first, got.steps = tr.IterationSpan(k)
				if got != want {
					t.Errorf("IterationSpan(%d) = %+v, want %+v", k, got, want)
				}
			}
		})
	}
}

// grainRef says, by brute force over the events, at which steps each
// grain stops: a step counts if its event is of the grain's kind, and for
// GrainDecision if the root's best child, followed through the value
// events, changes there.
func grainRef(events []Event) map[Grain][]bool {
	ref := map[Grain][]bool{}
	for _, g := range Grains() {
		ref[g] = make([]bool, len(events))
	}
	var starts, beams []int
	best := NoNode
	for k, e := range events {
		ref[GrainEvent][k] = true
		ref[GrainNode][k] = e.Kind == KindEnter || e.Kind == KindLeave
		ref[GrainCut][k] = e.Kind == KindCut
		ref[GrainBackup][k] = e.Kind == KindBackprop || e.Kind == KindValue && e.Best != NoNode
		if e.Kind == KindValue && e.Node == 0 && e.Best != best {
			ref[GrainDecision][k], best = true, e.Best
		}
		if e.Kind == KindIteration && !e.Discarded {
			starts = append(starts, k)
		}
		if e.Kind == KindBeam {
			beams = append(beams, k)
		}
	}
	if len(starts) == 0 && len(beams) > 0 {
		starts = append(starts, 0)
		for _, b := range beams[:len(beams)-1] {
			starts = append(starts, b+1)
		}
	}
	for _, k := range starts {
		ref[GrainIteration][k] = true
	}
	return ref
}

// TestGrainsMatchScan checks every grain, from every step, both ways,
// against a scan of the events, and IterationSpan against a count of the
// iteration starts before each step.
func TestGrainsMatchScan(t *testing.T) {
	testenv.SkipUnderRace(t, "queries a Tree in the test goroutine")
	t.Parallel()
	for name, events := range grainTraces() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tr := newGrainTree(t, events)
			ref := grainRef(events)
			n := len(events)
			for _, g := range Grains() {
				stops := ref[g]
				var want []int32
				for k, ok := range stops {
					if ok {
						want = append(want, int32(k))
					}
				}
				if g > GrainNode && !slices.Equal(grainSteps(tr, g), want) {
					t.Errorf("grain %v stops at %v, want %v", g, grainSteps(tr, g), want)
				}
				if got := tr.HasGrain(g); got != (len(want) > 0) {
					t.Errorf("HasGrain(%v) = %v, want %v", g, got, len(want) > 0)
				}
				for k := -1; k < n; k++ {
					for _, dir := range []int{1, -1} {
						wantK, wantOK := k, false
						for j := k + dir; j >= 0 && j < n; j += dir {
							if stops[j] {
								wantK, wantOK = j, true
								break
							}
						}
						if g == GrainEvent && k == 0 && dir < 0 {
							wantK, wantOK = -1, true
						}
						if got, ok := tr.NextStep(k, g, dir); got != wantK || ok != wantOK {
							t.Fatalf("NextStep(%d, %v, %d) = %d, %v; a scan finds %d, %v", k, g, dir, got, ok, wantK, wantOK)
						}
					}
				}
			}
			// The spans: the latest start at or before k, to the next.
			starts := grainSteps(tr, GrainIteration)
			for k := -1; k < n; k++ {
				num, first, steps := tr.IterationSpan(k)
				if num == 0 {
					continue
				}
				if int(starts[num-1]) != first || first > k || k >= first+steps {
					t.Fatalf("IterationSpan(%d) = %d, %d, %d: not the span of a start at or before it (%v)", k, num, first, steps, starts)
				}
				if num < len(starts) && first+steps != int(starts[num]) {
					t.Fatalf("IterationSpan(%d) = %d, %d, %d: does not run to the next start, %d", k, num, first, steps, starts[num])
				}
			}
		})
	}
}

// TestGrainNodeScanLimit crosses nodeScan: with more events than it
// between two enters, a node step stops after nodeScan events each way.
func TestGrainNodeScanLimit(t *testing.T) {
	testenv.SkipUnderRace(t, "queries a Tree in the test goroutine")
	t.Parallel()
	evs := []Event{
		{Kind: KindNode, Node: 0, Parent: NoNode, Action: -1, Type: TypeMax}, // 0
		{Kind: KindEnter, Node: 0}, // 1
	}
	const gap = nodeScan + 500
	for range gap {
		evs = append(evs, Event{Kind: KindEval, Node: 0, Value: 1})
	}
	evs = append(evs, Event{Kind: KindLeave, Node: 0}) // gap + 2
	for range 10 {
		evs = append(evs, Event{Kind: KindNote, Text: "after"})
	}
	tr := newGrainTree(t, foldNumbered(evs...))
	leave := gap + 2
	tests := []struct {
		k, dir, want int
		ok           bool
	}{
		{-1, 1, 1, true},
		{1, 1, 1 + nodeScan, true}, // nothing within nodeScan: stops there
		{1 + nodeScan, 1, leave, true},
		{leave - nodeScan, 1, leave, true}, // the leave is just within reach
		{leave, 1, leave, false},           // notes only, to the end
		{leave, -1, leave - nodeScan, true},
		{1 + nodeScan, -1, 1, true}, // the enter is just within reach
		{2 + nodeScan, -1, 2, true}, // it is not: stops nodeScan steps away
		{tr.Len() - 1, -1, leave, true},
		{1, -1, 1, false},
	}
	// The cases share tr, which is not safe for concurrent use.
	for _, tt := range tests {
		t.Run(fmt.Sprintf("from %d dir %d", tt.k, tt.dir), func(t *testing.T) {
			if got, ok := tr.NextStep(tt.k, GrainNode, tt.dir); got != tt.want || ok != tt.ok {
				t.Errorf("NextStep(%d, node, %d) = %d, %v; want %d, %v", tt.k, tt.dir, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestParseGrain(t *testing.T) {
	testenv.SkipUnderRace(t, "parses grain names")
	t.Parallel()
	var names []string
	for _, g := range Grains() {
		names = append(names, g.String())
		if got, err := ParseGrain(g.String()); err != nil || got != g {
			t.Errorf("ParseGrain(%q) = %v, %v", g.String(), got, err)
		}
	}
	if want := []string{"event", "node", "iteration", "cut", "backup", "decision"}; !slices.Equal(names, want) {
		t.Errorf("the grains are %v, want %v", names, want)
	}
	for _, bad := range []string{"", "bad", "Event", "iterations"} {
		_, err := ParseGrain(bad)
		if err == nil || !strings.Contains(err.Error(), "event, node, iteration, cut, backup or decision") {
			t.Errorf("ParseGrain(%q) = %v, want an error that lists the grains", bad, err)
		}
	}
}

func TestGrainsPanic(t *testing.T) {
	testenv.SkipUnderRace(t, "queries a Tree in the test goroutine")
	t.Parallel()
	tr := newGrainTree(t, queryEvents())
	n := tr.Len()
	tests := []struct {
		name string
		call func()
	}{
		{"NextStep(-2)", func() { tr.NextStep(-2, GrainEvent, 1) }},
		{"NextStep(Len())", func() { tr.NextStep(n, GrainCut, -1) }},
		{"NextStep(dir 0)", func() { tr.NextStep(0, GrainCut, 0) }},
		{"NextStep(GrainBad)", func() { tr.NextStep(0, GrainBad, 1) }},
		{"IterationSpan(-2)", func() { tr.IterationSpan(-2) }},
		{"IterationSpan(Len())", func() { tr.IterationSpan(n) }},
		{"GrainCount(GrainBad)", func() { tr.GrainCount(GrainBad) }},
		{"GrainStep(cut, -1)", func() { tr.GrainStep(GrainCut, -1) }},
		{"GrainStep(cut, GrainCount)", func() { tr.GrainStep(GrainCut, tr.GrainCount(GrainCut)) }},
		{"GrainStep(event, 0)", func() { tr.GrainStep(GrainEvent, 0) }},
		{"HasGrain(numGrains)", func() { tr.HasGrain(numGrains) }},
	}
	// The cases share tr, which is not safe for concurrent use.
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if p := recover(); p == nil {
					t.Errorf("%s did not panic", tt.name)
				} else if s := fmt.Sprint(p); !strings.HasPrefix(s, "trace: ") {
					t.Errorf("%s panicked with %q, want a message from package trace", tt.name, s)
				}
			}()
			tt.call()
		})
	}
}

// TestGrainsAllocate checks that the grain queries allocate nothing. It is
// not parallel: AllocsPerRun counts the process's allocations.
func TestGrainsAllocate(t *testing.T) {
	testenv.SkipUnderRace(t, "queries a Tree in the test goroutine")
	tr := newGrainTree(t, foldTextbookEvents())
	allocs := testing.AllocsPerRun(100, func() {
		for _, g := range Grains() {
			tr.NextStep(30, g, 1)
			tr.NextStep(30, g, -1)
		}
		tr.IterationSpan(30)
		tr.GrainStep(GrainBackup, 3)
	})
	if allocs != 0 {
		t.Errorf("the grain queries allocate %v times a run, want none", allocs)
	}
}

// TestStepSet checks a stepSet's counts and members against a list, in
// sets sparse and dense, across many rank blocks.
func TestStepSet(t *testing.T) {
	testenv.SkipUnderRace(t, "checks step sets")
	t.Parallel()
	const n = 5000
	rng := rand.New(rand.NewPCG(1, 2))
	for _, density := range []float64{0, 0.001, 0.05, 0.5, 1} {
		var list []int
		for k := range n {
			if rng.Float64() < density {
				list = append(list, k)
			}
		}
		t.Run(fmt.Sprint("density ", density), func(t *testing.T) {
			t.Parallel()
			var s stepSet
			for _, k := range list {
				s.add(k)
			}
			s = s.clip()
			if s.n != len(list) {
				t.Fatalf("%d members, want %d", s.n, len(list))
			}
			for i, k := range list {
				if got := s.at(i); got != k {
					t.Fatalf("member %d is %d, want %d", i, got, k)
				}
			}
			for k := -1; k < n+100; k++ {
				want, _ := slices.BinarySearch(list, k+1)
				if got := s.rank(k); got != want {
					t.Fatalf("rank(%d) = %d, want %d", k, got, want)
				}
			}
		})
	}
}
