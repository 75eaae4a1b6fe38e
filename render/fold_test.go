package render

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// combEvents is a path of depth MAX nodes, each but the last with a leaf
// beside the path's next node: path node d is 2d-1 (the root 0), its
// sibling leaf 2d. The search enters the path's nodes one by one and
// stops at the deepest, the current node.
func combEvents(depth int) []trace.Event {
	evs := []trace.Event{nodeEv(0, trace.NoNode, -1, "", 0, trace.TypeMax, ""), enterEv(0)}
	up := trace.NodeID(0)
	for d := 1; d <= depth; d++ {
		path, leaf := trace.NodeID(2*d-1), trace.NodeID(2*d)
		evs = append(evs,
			nodeEv(path, up, 0, "p"+string(rune('0'+d)), d, trace.TypeMax, ""),
			nodeEv(leaf, up, 1, "s"+string(rune('0'+d)), d, trace.TypeMax, ""),
			enterEv(path))
		up = path
	}
	return numbered(evs)
}

// endedCombEvents is combEvents with the search over: it leaves the path
// from the deepest node up, each path node the best child of its parent,
// so that the best line is the path and no node is current.
func endedCombEvents(depth int) []trace.Event {
	evs := combEvents(depth)
	for d := depth; d >= 1; d-- {
		path := trace.NodeID(2*d - 1)
		up := trace.NodeID(max(0, 2*d-3))
		evs = append(evs, leaveEv(path), valueEv(up, 1, path))
	}
	return numbered(append(evs, leaveEv(0)))
}

// TestPickFoldsTheEndsLine checks the fold of a comb 8 deep whose search
// is over: the root and its child on the best line, the decision, stay
// drawn over the fold, with the line's last nodes under it; worked by
// hand.
func TestPickFoldsTheEndsLine(t *testing.T) {
	t.Parallel()
	o, tr := outlineOf(t, endedCombEvents(8), lastStep)
	if tr.Current() != trace.NoNode || PathEnd(tr) != 15 {
		t.Fatalf("the ended comb's current node is %d and its best line ends at %d, want none and 15", tr.Current(), PathEnd(tr))
	}
	for _, tc := range []struct {
		ranks int
		fold  Fold
		shown []int
	}{
		// Root, 1, box, 13 and 15: 14 hangs from 11, folded.
		{5, Fold{Top: 1, Bottom: 13}, []int{0, 1, 2, 4, 13, 15, 16}},
		// Four ranks: root, 1, box, and 15.
		{4, Fold{Top: 1, Bottom: 15}, []int{0, 1, 2, 4, 15}},
		// Too few ranks for the line's end: the box ends the line under
		// the decision.
		{3, Fold{Top: 1, Bottom: trace.NoNode}, []int{0, 1, 2, 4}},
		{2, Fold{Top: 1, Bottom: trace.NoNode}, []int{0, 1, 2, 4}},
	} {
		s, err := o.Pick(tr, Choices{Ranks: tc.ranks})
		if err != nil {
			t.Fatal(err)
		}
		if f, ok := s.Fold(); !ok || f != tc.fold {
			t.Errorf("%d ranks: fold %+v (%v), want %+v", tc.ranks, f, ok, tc.fold)
		}
		if got := ids(s); !slices.Equal(got, tc.shown) {
			t.Errorf("%d ranks: shown %v, want %v", tc.ranks, got, tc.shown)
		}
		if !s.Covers(tr) {
			t.Errorf("%d ranks: the set does not cover its own step", tc.ranks)
		}
	}
}

// TestPickFoldsLongPaths checks folds on a comb 8 deep, its current node
// the deepest path node, 15, a leaf; worked by hand: the root, the fold's
// box, and the path's last nodes take the ranks asked for, and each drawn
// path node keeps its sibling leaf beside it.
func TestPickFoldsLongPaths(t *testing.T) {
	t.Parallel()
	o, tr := outlineOf(t, combEvents(8), lastStep)
	if tr.Current() != 15 {
		t.Fatalf("the comb's current node is %d, want 15", tr.Current())
	}
	for _, tc := range []struct {
		name  string
		c     Choices
		fold  *Fold // nil for none
		shown []int
	}{
		// Nine ranks hold the root and the eight levels under it.
		{"fits", Choices{Ranks: 9}, nil, except(17)},
		{"any number", Choices{}, nil, except(17)},
		// Five ranks: root, box, and 11, 13, 15 at depths 6 to 8.
		// The leaf beside 11, 12, hangs from 9, folded.
		{"five ranks", Choices{Ranks: 5}, &Fold{Top: 0, Bottom: 11}, []int{0, 2, 11, 13, 14, 15, 16}},
		// Two ranks are too few for anything but the least: root, box, 15.
		{"too few", Choices{Ranks: 2}, &Fold{Top: 0, Bottom: 15}, []int{0, 2, 15}},
		// A view's root on the path is never folded away; the budget goes
		// to its subtree, so the root's leaf 2 is not shown.
		{"view root", Choices{Ranks: 5, Root: 7}, &Fold{Top: 0, Bottom: 7}, []int{0, 7, 9, 10, 11, 12, 13, 14, 15, 16}},
		// A view's root off the path: no fold.
		{"view root elsewhere", Choices{Ranks: 5, Root: 8}, nil, []int{0, 1, 3, 5, 7, 8, 9, 11, 13, 15}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := o.Pick(tr, tc.c)
			if err != nil {
				t.Fatal(err)
			}
			f, ok := s.Fold()
			if ok != (tc.fold != nil) || ok && f != *tc.fold {
				t.Errorf("fold %+v (%v), want %+v", f, ok, tc.fold)
			}
			if got := ids(s); !slices.Equal(got, tc.shown) {
				t.Errorf("shown %v, want %v", got, tc.shown)
			}
			if !s.Covers(tr) {
				t.Error("the set does not cover its own step")
			}
		})
	}
}

// TestFoldCounts checks what a fold leaves out of the counts: the root's
// placeholder stands for its other children but not the fold's run, and
// a Tally counts nothing the fold stands for.
func TestFoldCounts(t *testing.T) {
	t.Parallel()
	o, tr := outlineOf(t, combEvents(8), lastStep)
	s, err := o.Pick(tr, Choices{Ranks: 5, Budget: 1})
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := s.Fold(); !ok || f != (Fold{Top: 0, Bottom: 11}) {
		t.Fatalf("fold %+v %v, want 0 to 11", f, ok)
	}
	// With a budget of one, the root shows no child but the fold's: its
	// placeholder stands for the leaf 2 alone, shown in its place.
	if _, ok := s.Group(0); ok {
		t.Errorf("the root has a placeholder; its one hidden leaf should be shown (%v)", ids(s))
	}
	tally, err := NewTally(s, o)
	if err != nil {
		t.Fatal(err)
	}
	tally.Seek(tr.Len()-1, nil)
	for i, p := range s.Groups() {
		if got := tally.Counts(i); got != s.Final(i) {
			t.Errorf("the placeholder under %d counts %+v at the end, %+v in the final tree", p, got, s.Final(i))
		}
	}
	if run := s.fold.run; !slices.Equal(run, []trace.NodeID{1, 3, 5, 7, 9}) {
		t.Errorf("the fold's run is %v, want the path nodes 1, 3, 5, 7, 9 at depths 1 to 5", run)
	}
	if moves, count := s.fold.label(explain.English); moves != "p1 p2 … p4 p5" || count != "5 moves folded" {
		t.Errorf("the fold says %q, %q", moves, count)
	}
}

// TestFoldDrawn checks both layouts draw a fold as a box between its Top
// and its Bottom, the Bottom's edge from the box with its move, and
// nothing of the run.
func TestFoldDrawn(t *testing.T) {
	t.Parallel()
	events := combEvents(8)
	o, tr := outlineOf(t, events, lastStep)
	s, err := o.Pick(tr, Choices{Ranks: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		opts Options
	}{
		{"tidy", Options{Layout: LayoutTidy, Shown: s, Patchable: true, Legend: true}},
		{"dot", Options{Layout: LayoutDot, Shown: s, Patchable: true, Legend: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if tc.name == "dot" {
				if err := WriteDOT(&b, tr, tc.opts); err != nil {
					t.Fatal(err)
				}
				dot := b.String()
				for _, want := range []string{"\tf11 [id=\"f11\"", "\tn0 -> f11 [id=\"ef11\"", "\tf11 -> n11 [id=\"e11\"", LegendFold} {
					if !strings.Contains(dot, want) {
						t.Errorf("the DOT has no %q:\n%s", want, dot)
					}
				}
				if strings.Contains(dot, "\tn9 ") || strings.Contains(dot, "-> n9 ") {
					t.Errorf("the DOT draws node 9, folded:\n%s", dot)
				}
				return
			}
			if err := Render(context.Background(), &b, tr, tc.opts, nil); err != nil {
				t.Fatal(err)
			}
			svg := b.String()
			for _, want := range []string{`id="f11"`, `id="ef11"`, `id="e11"`, LegendFold} {
				if !strings.Contains(svg, want) {
					t.Errorf("the SVG has no %s", want)
				}
			}
			if strings.Contains(svg, `id="n9"`) {
				t.Error("the SVG draws node 9, folded")
			}
			levels, tallest := Levels([]byte(svg))
			if tallest <= 0 || tallest > levels[1]-levels[0] {
				t.Errorf("the tallest box is %v high, ranks %v apart", tallest, levels)
			}
			if len(levels) != 5 {
				t.Errorf("the drawing has %d levels, want 5 (root, fold, three path nodes): %v", len(levels), levels)
			}
		})
	}
}

// FuzzLevels checks that Levels reads any bytes without panicking and
// gives heights that increase, more than levelTolerance apart.
func FuzzLevels(f *testing.F) {
	f.Add([]byte(`<g id="n0" class="node st_done"><polygon points="0,0 10,0 10,10 0,10"/></g><g id="f3" class="node more fold st_more"><ellipse cx="5" cy="40" rx="3" ry="3"/></g>`))
	f.Add([]byte(`<g id="n1" class="node "><polygon points="x"/>`))
	f.Fuzz(func(t *testing.T, svg []byte) {
		levels, tallest := Levels(svg)
		if tallest < 0 || len(levels) == 0 && tallest != 0 {
			t.Fatalf("no levels but a tallest box %v high", tallest)
		}
		for i := 1; i < len(levels); i++ {
			if !(levels[i]-levels[i-1] > levelTolerance) {
				t.Fatalf("levels %v do not increase by more than %v", levels, levelTolerance)
			}
		}
	})
}

// TestFoldCoversTheDecision checks that a set folded while the search was
// deep, the root's child folded, is not kept for the search's end, where
// the decision must be drawn, nor a set picked at the end, its line
// folded, for a step back where the current node lies in the fold.
func TestFoldCoversTheDecision(t *testing.T) {
	t.Parallel()
	events := endedCombEvents(8)
	o, deep := outlineOf(t, events, len(combEvents(8))-1)
	if deep.Current() != 15 {
		t.Fatalf("the comb's current node is %d, want 15", deep.Current())
	}
	s, err := o.Pick(deep, Choices{Ranks: 5})
	if err != nil {
		t.Fatal(err)
	}
	if f, _ := s.Fold(); f.Top != 0 {
		t.Fatalf("the deep set's fold %+v does not hang from the root", f)
	}
	end := mustTree(t, events, lastStep)
	if s.Covers(end) {
		t.Error("a set with the decision folded covers the search's end")
	}
	last, err := o.Pick(end, Choices{Ranks: 3})
	if err != nil {
		t.Fatal(err)
	}
	if f, _ := last.Fold(); f != (Fold{Top: 1, Bottom: trace.NoNode}) {
		t.Fatalf("the end's fold is %+v, want one ending the line under 1", f)
	}
	if !last.Covers(end) {
		t.Error("the end's set does not cover the end")
	}
	if last.Covers(deep) {
		t.Error("the end's set, node 15 folded, covers a step where 15 is current")
	}
}
