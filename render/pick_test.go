package render

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// outlineOf returns the outline of the trace of events, and a tree of it
// at step k.
func outlineOf(tb testing.TB, events []trace.Event, k int) (*Outline, *trace.Tree) {
	tb.Helper()
	o, err := NewOutline(mustTree(tb, events, lastStep))
	if err != nil {
		tb.Fatal(err)
	}
	return o, mustTree(tb, events, k)
}

// ids returns the shown nodes of s as ints, for messages.
func ids(s *Shown) []int {
	var out []int
	for _, id := range s.Nodes() {
		out = append(out, int(id))
	}
	return out
}

// corePath returns the nodes Pick must show at t's step, found by walking
// the tree's own links: the current node and its ancestors, and the best
// line from the root.
func corePath(t *trace.Tree) []trace.NodeID {
	var out []trace.NodeID
	for id := t.Current(); id != trace.NoNode; id = t.Node(id).Parent {
		out = append(out, id)
	}
	for id := t.Root(); id != trace.NoNode; id = t.Node(id).Best {
		out = append(out, id)
	}
	return out
}

// except returns the nodes 0 to n-1 but those listed.
func except(n int, hidden ...int) []int {
	var out []int
	for i := range n {
		if !slices.Contains(hidden, i) {
			out = append(out, i)
		}
	}
	return out
}

// wideEvents is a MAX root with n leaf children searched in order, child
// i worth (i*7)%n to MAX, the best of them chosen.
func wideEvents(n int) []trace.Event {
	evs := []trace.Event{nodeEv(0, trace.NoNode, -1, "", 0, trace.TypeMax, ""), enterEv(0)}
	best, bestValue := trace.NodeID(-1), -1.0
	for i := range n {
		id := trace.NodeID(i + 1)
		v := float64((i * 7) % n)
		evs = append(evs, nodeEv(id, 0, i, "m"+strconv.Itoa(i), 1, trace.TypeMin, ""), enterEv(id), evalEv(id, -v), leaveEv(id))
		if v > bestValue {
			best, bestValue = id, v
			evs = append(evs, valueEv(0, v, id))
		}
	}
	evs = append(evs, leaveEv(0), decisionEv(int(best)-1, "m"+strconv.Itoa(int(best)-1), bestValue))
	return numbered(evs)
}

func TestPickTable(t *testing.T) {
	testenv.SkipUnderRace(t, "picks display sets in the test goroutine")
	t.Parallel()
	all := func(n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	tests := []struct {
		name   string
		events []trace.Event
		step   int
		c      Choices
		nodes  []int    // shown
		groups []int    // parents of placeholders
		final  []Elided // by placeholder, in the final tree
	}{
		{name: "a whole tree within the budget is shown whole", events: textbookEvents(), step: lastStep,
			c: Choices{Budget: textbookSize}, nodes: all(textbookSize)},
		{name: "over the budget, the best line and placeholders", events: textbookEvents(), step: lastStep,
			c:     Choices{Budget: 3},
			nodes: []int{idA, idB, 2}, groups: []int{idA, idB},
			final: []Elided{{Children: 2, Nodes: 8}, {Children: 2, Nodes: 2}}},
		{name: "the current node and its path, beyond a budget of 1", events: textbookEvents(), step: 42,
			c:     Choices{Budget: 1},
			nodes: []int{idA, idB, 2, idD, 8}, groups: []int{idA, idB, idD},
			final: []Elided{{Children: 1, Nodes: 4}, {Children: 2, Nodes: 2}, {Children: 2, Nodes: 2}}},
		{name: "a collapsed node's children are hidden but the search's", events: textbookEvents(), step: 9,
			c:     Choices{Collapsed: []trace.NodeID{idB}},
			nodes: []int{idA, idB, 2, idC, 6, idD, 8, 9, 10, idC2, idC3}, groups: []int{idB},
			final: []Elided{{Children: 2, Nodes: 2}}},
		{name: "a view's root gets the budget", events: textbookEvents(), step: 42,
			c:     Choices{Root: idD},
			nodes: []int{idA, idB, 2, idD, 8, 9, 10}, groups: []int{idA, idB},
			final: []Elided{{Children: 1, Nodes: 4}, {Children: 2, Nodes: 2}}},
		// Child i of the wide tree, node i+1, is worth 7i mod 30: node 18
		// is worth 29, the best, then nodes 5, 22, 9, 26, 13, 30, 17, 4,
		// 21 are worth 28 down to 20, and nodes 1, 14, 27, 10, 23, 6 are
		// worth 0 to 5.
		{name: "at most TopChildren children unasked, the best first", events: wideEvents(30), step: lastStep,
			c:     Choices{Budget: 25},
			nodes: []int{0, 4, 5, 9, 13, 17, 18, 21, 22, 26, 30}, groups: []int{0},
			final: []Elided{{Children: 20, Nodes: 20}}},
		{name: "an expansion shows more children, up to the budget", events: wideEvents(30), step: lastStep,
			c:     Choices{Budget: 25, Expanded: []trace.NodeID{0}},
			nodes: except(31, 1, 6, 10, 14, 23, 27), groups: []int{0},
			final: []Elided{{Children: 6, Nodes: 6}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o, tr := outlineOf(t, tt.events, tt.step)
			s, err := o.Pick(tr, tt.c)
			if err != nil {
				t.Fatal(err)
			}
			if got := ids(s); !slices.Equal(got, tt.nodes) {
				t.Errorf("shown %v, want %v", got, tt.nodes)
			}
			var groups []int
			var final []Elided
			for i, p := range s.Groups() {
				groups = append(groups, int(p))
				final = append(final, s.Final(i))
			}
			if !slices.Equal(groups, tt.groups) || !slices.Equal(final, tt.final) {
				t.Errorf("placeholders under %v standing for %v, want under %v for %v", groups, final, tt.groups, tt.final)
			}
		})
	}
}

// TestPickRanksByValue checks the wide tree's top children against the
// values the trace gives them: the best first, then the highest for MAX.
func TestPickRanksByValue(t *testing.T) {
	testenv.SkipUnderRace(t, "picks display sets in the test goroutine")
	t.Parallel()
	const n = 30
	o, _ := outlineOf(t, wideEvents(n), lastStep)
	final := mustTree(t, wideEvents(n), lastStep)
	kids := slices.Clone(final.Node(0).Children)
	slices.SortStableFunc(kids, func(a, b trace.NodeID) int {
		va, vb := -final.Node(a).Value, -final.Node(b).Value // MIN nodes: MAX's view is the negation
		switch {
		case va > vb:
			return -1
		case va < vb:
			return 1
		}
		return 0
	})
	for i, id := range kids {
		if o.Rank(id) != i {
			t.Errorf("child %d worth %v to MAX ranks %d, want %d", id, -final.Node(id).Value, o.Rank(id), i)
		}
	}
}

// TestPickRanksByVisits checks MCTS's top children: the most visited.
func TestPickRanksByVisits(t *testing.T) {
	testenv.SkipUnderRace(t, "picks display sets in the test goroutine")
	t.Parallel()
	evs := searchEvents(t, "tictactoe", "mcts playouts=300", "")
	o, tr := outlineOf(t, evs, lastStep)
	if !o.MonteCarlo() {
		t.Fatal("an MCTS trace is not ranked by visits")
	}
	s, err := o.Pick(tr, Choices{Budget: 40})
	if err != nil {
		t.Fatal(err)
	}
	root := tr.Node(0)
	most := slices.Clone(root.Children)
	slices.SortStableFunc(most, func(a, b trace.NodeID) int { return tr.Node(b).Visits - tr.Node(a).Visits })
	for _, id := range root.Children {
		if s.Has(id) && tr.Node(id).Visits < tr.Node(most[min(TopChildren, len(most))-1]).Visits {
			t.Errorf("root child %d with %d visits is shown, but %d children have more", id, tr.Node(id).Visits, TopChildren)
		}
	}
	if !s.Has(most[0]) {
		t.Errorf("the most visited root child %d is not shown", most[0])
	}
}

// randomChoices returns choices a person could make on a tree of n nodes.
func randomChoices(rng *rand.Rand, n int) Choices {
	c := Choices{Budget: 1 + rng.IntN(2*n), Ahead: rng.IntN(3) - 1}
	if rng.IntN(3) == 0 {
		c.Root = trace.NodeID(rng.IntN(n))
	}
	for range rng.IntN(4) {
		c.Collapsed = append(c.Collapsed, trace.NodeID(rng.IntN(n)))
	}
	for range rng.IntN(4) {
		c.Expanded = append(c.Expanded, trace.NodeID(rng.IntN(n)))
	}
	if rng.IntN(2) == 0 {
		c.Ranks = 2 + rng.IntN(8)
	}
	return c
}

// randomTraces returns, by name, makers of traces of random trees,
// alpha-beta's with cuts and MCTS's, of a few dozen to a few thousand
// nodes.
func randomTraces() map[string]func(testing.TB) []trace.Event {
	out := map[string]func(testing.TB) []trace.Event{}
	for seed := range uint64(12) {
		n := 30 + int(seed*seed*25)
		out["alphabeta seed "+strconv.Itoa(int(seed))+" n "+strconv.Itoa(n)] = func(testing.TB) []trace.Event {
			return randomEvents(seed, n)
		}
	}
	for seed := range int64(3) {
		out["mcts seed "+strconv.Itoa(int(seed))] = func(tb testing.TB) []trace.Event {
			tb.Helper()
			r, err := catalog.Prepare(catalog.Request{Game: "tictactoe", Algo: "mcts playouts=200", Seed: seed})
			if err != nil {
				tb.Fatal(err)
			}
			rec := trace.NewRecorder(0)
			if _, err := r.Search(context.Background(), rec); err != nil {
				tb.Fatal(err)
			}
			return rec.Events()
		}
	}
	return out
}

// TestPickProperties checks, over random trees, steps and choices, what
// Pick promises: what is shown is one tree from the root; the current
// node, the path to it and the best line are never hidden, nor the view's
// root and the way to it; the nodes shown are at most the budget, but for
// those and the leaves shown in the place of one-leaf placeholders; and
// each placeholder stands for exactly what it hides, in the final tree
// and at every step, as a Tally follows it.
func TestPickProperties(t *testing.T) {
	testenv.SkipUnderRace(t, "picks display sets in the test goroutine")
	t.Parallel()
	for name, gen := range randomTraces() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			events := gen(t)
			rng := rand.New(rand.NewPCG(uint64(len(events)), 7))
			final := mustTree(t, events, lastStep)
			o, err := NewOutline(final)
			if err != nil {
				t.Fatal(err)
			}
			tr := final.Clone()
			for range 20 {
				k := rng.IntN(tr.Len())
				if err := tr.Seek(k); err != nil {
					t.Fatal(err)
				}
				c := randomChoices(rng, tr.Size())
				s, err := o.Pick(tr, c)
				if err != nil {
					t.Fatal(err)
				}
				checkShown(t, tr, final, s, c)
				checkTally(t, rng, tr, s, o)
			}
		})
	}
}

// checkShown checks a display set of tree t at its step, picked with c,
// against facts found from t's and final's own nodes.
func checkShown(t *testing.T, tr, final *trace.Tree, s *Shown, c Choices) {
	t.Helper()
	k := tr.Step()
	if !s.Has(0) {
		t.Fatalf("step %d, %+v: the root is not shown", k, c)
	}
	f, folds := s.Fold()
	for _, id := range s.Nodes() {
		if p := tr.Node(id).Parent; p != trace.NoNode && !s.Has(p) && !(folds && id == f.Bottom) {
			t.Errorf("step %d: node %d is shown without its parent %d", k, id, p)
		}
	}
	if folds {
		checkFold(t, tr, s, c, f)
	} else if end := PathEnd(tr); c.Ranks > 0 && c.Root == 0 && tr.Node(end).Depth > 1 {
		if need := tr.Node(end).Depth + 1 + kidRank(tr, end); need > c.Ranks {
			t.Errorf("step %d, %+v: the path to %d needs %d ranks, and is not folded", k, c, end, need)
		}
	}
	must := map[trace.NodeID]bool{}
	for _, id := range corePath(tr) {
		must[id] = true
	}
	for id := c.Root; id != trace.NoNode; id = tr.Node(id).Parent {
		must[id] = true
	}
	for id := range must {
		if !s.Has(id) && !(s.Folded(tr, id) && id != c.Root) {
			t.Errorf("step %d, %+v: node %d, on the current path, the best line or the way to the view's root, is hidden", k, c, id)
		}
	}
	if !s.Covers(tr) {
		t.Errorf("step %d: the set does not cover its own step", k)
	}
	// Leaves shown with every sibling: the most that can stand in the
	// place of one-leaf placeholders.
	singles := 0
	for _, id := range s.Nodes() {
		n := final.Node(id)
		if n.Parent == trace.NoNode || len(n.Children) > 0 {
			continue
		}
		if !slices.ContainsFunc(final.Node(n.Parent).Children, func(x trace.NodeID) bool { return !s.Has(x) }) {
			singles++
		}
	}
	budget := c.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	if s.Len() > max(budget, len(must))+singles {
		t.Errorf("step %d, %+v: %d nodes shown, over the budget %d (%d must be shown, %d leaves may stand for placeholders)", k, c, s.Len(), budget, len(must), singles)
	}
	for i, p := range s.Groups() {
		var want Elided
		for _, ch := range final.Node(p).Children {
			if !s.Has(ch) && !(folds && final.Node(ch).Parent == f.Top && isAncestor(final, ch, f.Bottom)) {
				want.Children++
				want.Nodes += subtreeSize(final, ch)
			}
		}
		if s.Final(i) != want || want.Children == 0 {
			t.Errorf("step %d: the placeholder under %d stands for %+v, it hides %+v", k, p, s.Final(i), want)
		}
		if want.Children == 1 && want.Nodes == 1 && !slices.Contains(c.Collapsed, p) && opensFor(tr, p, c) {
			t.Errorf("step %d, %+v: the placeholder under %d stands for a single leaf (shown %v, fold %+v %v, kids %v)", k, c, p, ids(s), f, folds, final.Node(p).Children)
		}
	}
	for _, id := range s.Nodes() {
		hides := slices.ContainsFunc(final.Node(id).Children, func(x trace.NodeID) bool {
			return !s.Has(x) && !(folds && id == f.Top && isAncestor(final, x, f.Bottom))
		})
		if _, ok := s.Group(id); ok != hides {
			t.Errorf("step %d: node %d hides children %v but has a placeholder %v", k, id, hides, ok)
		}
	}
}

// checkFold checks fold f of display set s of tr, picked with c, by
// walking the tree's own links: its run is a path of one node or more
// from Top down to Bottom, none of it shown, and it brings the path to
// the current node (or the best line's end) within c.Ranks, or to the
// least a fold draws: the root, the decision once the search is over, the
// fold and the end.
func checkFold(t *testing.T, tr *trace.Tree, s *Shown, c Choices, f Fold) {
	t.Helper()
	if f.Bottom == trace.NoNode {
		checkLineFold(t, tr, s, c, f)
		return
	}
	if !s.Has(f.Top) || !s.Has(f.Bottom) {
		t.Errorf("step %d: the fold's ends %+v are not both shown", tr.Step(), f)
	}
	run := 0
	for id := tr.Node(f.Bottom).Parent; id != f.Top; id = tr.Node(id).Parent {
		if id == trace.NoNode {
			t.Fatalf("step %d: the fold's Top %d is not above its Bottom %d", tr.Step(), f.Top, f.Bottom)
		}
		if s.Has(id) {
			t.Errorf("step %d: node %d of the fold's run is shown", tr.Step(), id)
		}
		run++
	}
	if run == 0 {
		t.Errorf("step %d: the fold %+v folds no node", tr.Step(), f)
	}
	end := PathEnd(tr)
	if c.Root != 0 || !isAncestor(tr, f.Bottom, end) {
		return
	}
	drawn := 1 // the end
	for id := end; id != f.Bottom; id = tr.Node(id).Parent {
		drawn++
	}
	drawn += 1 + tr.Node(f.Top).Depth + 1 // the fold, and the root down to its Top
	least := 3                            // the root, the fold and the end
	if tr.Current() == trace.NoNode {
		least++ // and the decision
	}
	if kids := kidRank(tr, end); drawn+kids > max(c.Ranks, least+kids) {
		t.Errorf("step %d, %+v: the folded path to %d takes %d ranks and its children one more", tr.Step(), c, end, drawn)
	}
}

// checkLineFold checks fold f of display set s of tr, picked with c, that
// ends the best line: the search is over, f's Top is the root's child on
// the best line, shown, and none of the line under it is shown; the
// ranks were too few for the line's end under a box.
func checkLineFold(t *testing.T, tr *trace.Tree, s *Shown, c Choices, f Fold) {
	t.Helper()
	if tr.Current() != trace.NoNode || f.Top != tr.Node(tr.Root()).Best || !s.Has(f.Top) {
		t.Errorf("step %d: a fold ending the line under %d while node %d is current", tr.Step(), f.Top, tr.Current())
	}
	run := 0
	for id := tr.Node(f.Top).Best; id != trace.NoNode; id = tr.Node(id).Best {
		if s.Has(id) {
			t.Errorf("step %d: node %d of the line folded is shown", tr.Step(), id)
		}
		run++
	}
	if run == 0 || c.Ranks >= 4+kidRank(tr, PathEnd(tr)) {
		t.Errorf("step %d, %+v: a fold ends the line of %d moves under %d", tr.Step(), c, run, f.Top)
	}
}

// isAncestor reports whether a lies on the path from the root to id, id
// itself included.
func isAncestor(t *trace.Tree, a, id trace.NodeID) bool {
	for ; id != trace.NoNode; id = t.Node(id).Parent {
		if id == a {
			return true
		}
	}
	return false
}

// opensFor reports whether Pick may show the children of p under c: p is
// under the view's root and nothing from the view's root down to p is
// collapsed.
func opensFor(tr *trace.Tree, p trace.NodeID, c Choices) bool {
	for id := p; id != trace.NoNode; id = tr.Node(id).Parent {
		if slices.Contains(c.Collapsed, id) {
			return false
		}
		if id == c.Root {
			return true
		}
	}
	return false
}

// subtreeSize counts the nodes under id, itself included.
func subtreeSize(t *trace.Tree, id trace.NodeID) int {
	n := 1
	for _, c := range t.Node(id).Children {
		n += subtreeSize(t, c)
	}
	return n
}

// elidedAtStep counts what each placeholder of s hides at t's step: the
// nodes under it that exist.
func elidedAtStep(t *trace.Tree, s *Shown) []Elided {
	var count func(id trace.NodeID) int
	count = func(id trace.NodeID) int {
		if t.Node(id).Status == trace.StatusNotReached {
			return 0
		}
		n := 1
		for _, c := range t.Node(id).Children {
			n += count(c)
		}
		return n
	}
	f, folds := s.Fold()
	out := make([]Elided, len(s.Groups()))
	for i, p := range s.Groups() {
		for _, c := range t.Node(p).Children {
			if s.Has(c) || folds && p == f.Top && isAncestor(t, c, f.Bottom) {
				continue
			}
			if m := count(c); m > 0 {
				out[i].Children++
				out[i].Nodes += m
			}
		}
	}
	return out
}

// checkTally walks a Tally of s to random steps, and back to t's, and
// checks its counts against the nodes that exist at each.
func checkTally(t *testing.T, rng *rand.Rand, tr *trace.Tree, s *Shown, o *Outline) {
	t.Helper()
	tally, err := NewTally(s, o)
	if err != nil {
		t.Fatal(err)
	}
	walk := tr.Clone()
	for _, k := range []int{rng.IntN(tr.Len()), rng.IntN(tr.Len()), tr.Len() - 1, 0, tr.Step()} {
		changed := map[int]bool{}
		before := make([]Elided, len(s.Groups()))
		for i := range before {
			before[i] = tally.Counts(i)
		}
		tally.Seek(k, func(i int) { changed[i] = true })
		if err := walk.Seek(k); err != nil {
			t.Fatal(err)
		}
		want := elidedAtStep(walk, s)
		for i := range want {
			if got := tally.Counts(i); got != want[i] {
				t.Errorf("at step %d the placeholder under %d counts %+v, %+v exist", k, s.Groups()[i], got, want[i])
			}
			if before[i] != want[i] && !changed[i] {
				t.Errorf("moving to step %d changed placeholder %d without saying so", k, i)
			}
		}
		if got := elidedAt(walk, s); !slices.Equal(got, want) {
			t.Errorf("at step %d a drawing's placeholders count %v, %v exist", k, got, want)
		}
	}
}

// TestPickLooksAhead checks that a display set picked while stepping
// forwards keeps the nodes the search visits next, so that a viewer keeps
// its drawing for many steps: more than a set picked with no way given.
func TestPickLooksAhead(t *testing.T) {
	testenv.SkipUnderRace(t, "picks display sets in the test goroutine")
	t.Parallel()
	events := randomEvents(3, 3000)
	o, tr := outlineOf(t, events, 1000)
	covered := func(ahead int) int {
		s, err := o.Pick(tr, Choices{Budget: 300, Ahead: ahead})
		if err != nil {
			t.Fatal(err)
		}
		walk := tr.Clone()
		n := 0
		for walk.Forward() && s.Covers(walk) {
			n++
		}
		return n
	}
	still, ahead := covered(0), covered(1)
	t.Logf("a set of 300 nodes covers %d steps on, %d picked looking ahead", still, ahead)
	if ahead < 100 || ahead <= still {
		t.Errorf("a set picked looking ahead covers %d steps on, want many more than %d", ahead, still)
	}
}

func TestPickRefusesAnotherTree(t *testing.T) {
	testenv.SkipUnderRace(t, "picks display sets in the test goroutine")
	t.Parallel()
	o, _ := outlineOf(t, textbookEvents(), lastStep)
	other := mustTree(t, tictactoeEvents(), lastStep)
	if _, err := o.Pick(other, Choices{}); err == nil {
		t.Error("a tree of another trace was picked from")
	}
	if _, err := o.Pick(mustTree(t, textbookEvents(), 3), Choices{Root: 99}); err == nil {
		t.Error("a view's root that is no node was accepted")
	}
}

// chainEvents is a chain of depth+1 MAX nodes, each entered as it is
// made, so that at the last step the current node is depth levels down.
func chainEvents(depth int) []trace.Event {
	evs := []trace.Event{nodeEv(0, trace.NoNode, -1, "", 0, trace.TypeMax, ""), enterEv(0)}
	for d := 1; d <= depth; d++ {
		id := trace.NodeID(d)
		evs = append(evs, nodeEv(id, id-1, 0, "", d, trace.TypeMax, ""), enterEv(id))
	}
	return numbered(evs)
}

// TestPickRefusesPathsPastTheLimit crosses MaxAlwaysShown: a current node
// whose path holds that many nodes is shown with it, one level deeper is
// refused with its depth, and RootOnly still gives a set to draw.
func TestPickRefusesPathsPastTheLimit(t *testing.T) {
	testenv.SkipUnderRace(t, "picks display sets in the test goroutine")
	t.Parallel()
	for _, tt := range []struct {
		depth int
		ok    bool
	}{{MaxAlwaysShown - 1, true}, {MaxAlwaysShown, false}} {
		o, tr := outlineOf(t, chainEvents(tt.depth), lastStep)
		s, err := o.Pick(tr, Choices{})
		var deep *PathTooLongError
		switch {
		case tt.ok && (err != nil || s.Len() != tt.depth+1):
			t.Errorf("a path of %d nodes: err %v, want all of them shown", tt.depth+1, err)
		case !tt.ok && (!errors.As(err, &deep) || deep.Depth != tt.depth):
			t.Errorf("a path of %d nodes: err %v, want a PathTooLongError at depth %d", tt.depth+1, err, tt.depth)
		}
		if tt.ok {
			continue
		}
		if s, err := o.RootOnly(tr); err != nil || !slices.Equal(ids(s), []int{0}) || s.Final(0).Nodes != tt.depth {
			t.Errorf("RootOnly: %v, %v; want the root over a placeholder of %d nodes", s, err, tt.depth)
		}
	}
}

// TestOverviewCellsByDepth checks that the overview puts every node of
// random trees in the row of its depth, counted by walking its parents.
func TestOverviewCellsByDepth(t *testing.T) {
	testenv.SkipUnderRace(t, "reads overviews in the test goroutine")
	t.Parallel()
	for name, gen := range randomTraces() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			final := mustTree(t, gen(t), lastStep)
			o, err := NewOutline(final)
			if err != nil {
				t.Fatal(err)
			}
			ov := o.Overview(40, 6)
			maxDepth := 0
			depths := make([]int, final.Size())
			for id := range final.Size() {
				for p := final.Node(trace.NodeID(id)).Parent; p != trace.NoNode; p = final.Node(p).Parent {
					depths[id]++
				}
				maxDepth = max(maxDepth, depths[id])
			}
			for id, d := range depths {
				want := d
				if maxDepth >= ov.Rows {
					want = d * ov.Rows / (maxDepth + 1)
				}
				if _, row := ov.Cell(trace.NodeID(id)); row != want || o.Depth(trace.NodeID(id)) != d {
					t.Fatalf("node %d at depth %d: row %d, depth %d; want row %d", id, d, row, o.Depth(trace.NodeID(id)), want)
				}
			}
		})
	}
}
