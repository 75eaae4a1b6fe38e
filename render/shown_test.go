package render

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// shownTextbook is the textbook tree at step 42, d1 just created and
// entered, with the display set of a budget of one node: the path to d1
// and the best line so far, A B b1, with placeholders under A (for C),
// under B (for b2 and b3) and under D (for d2 and d3, made at steps 47
// and 54, so hidden at step 42).
func shownTextbook(tb testing.TB, step int) (*trace.Tree, *Shown) {
	tb.Helper()
	o, err := NewOutline(mustTree(tb, textbookEvents(), lastStep))
	if err != nil {
		tb.Fatal(err)
	}
	s, err := o.Pick(mustTree(tb, textbookEvents(), 42), Choices{Budget: 1})
	if err != nil {
		tb.Fatal(err)
	}
	return mustTree(tb, textbookEvents(), step), s
}

func TestShownGolden(t *testing.T) {
	testenv.SkipUnderRace(t, "draws display sets in the test goroutine")
	t.Parallel()
	for _, g := range []struct {
		file string
		draw func(testing.TB, *trace.Tree, Options) []byte
	}{
		{"rn-alphabeta-shown-step42.dot", func(tb testing.TB, tr *trace.Tree, opts Options) []byte { return []byte(writeDOT(tb, tr, opts)) }},
		{"rn-alphabeta-shown-step42-tidy.svg", tidySVG},
	} {
		t.Run(g.file, func(t *testing.T) {
			t.Parallel()
			tr, s := shownTextbook(t, 42)
			checkGolden(t, g.file, g.draw(t, tr, Options{Legend: true, Patchable: true, Shown: s}))
		})
	}
}

// TestShownDrawings draws the textbook's display set through Graphviz and
// with the tidy layout, as a page does: both have the shown nodes and
// their edges with the ids of the whole tree's drawing and nothing of the
// hidden nodes, and a placeholder "m<p>" under each node with children
// left out, saying how many at the step drawn, hidden while none exists.
func TestShownDrawings(t *testing.T) {
	testenv.SkipUnderRace(t, "draws display sets in the test goroutine")
	t.Parallel()
	var g Graphviz
	t.Cleanup(func() { g.Close() }) // after the parallel subtests
	for _, step := range []int{42, lastStep} {
		t.Run(fmt.Sprint("step ", step), func(t *testing.T) {
			t.Parallel()
			checkShownDrawings(t, &g, step)
		})
	}
}

// checkShownDrawings checks TestShownDrawings' facts at one step.
func checkShownDrawings(t *testing.T, g *Graphviz, step int) {
	t.Helper()
	tr, s := shownTextbook(t, step)
	opts := Options{Legend: true, Patchable: true, Shown: s}
	var dot bytes.Buffer
	if err := Render(context.Background(), &dot, tr, opts, g); err != nil {
		t.Fatal(err)
	}
	drawings := map[string]map[string]*svgElem{"graphviz": parseSVG(t, dot.Bytes()), "tidy": parseSVG(t, tidySVG(t, tr, opts))}
	for name, elems := range drawings {
		var nodes []string
		for id := range elems {
			if strings.HasPrefix(id, "n") || strings.HasPrefix(id, "m") {
				nodes = append(nodes, id)
			}
		}
		slices.Sort(nodes)
		want := []string{"m0", "m1", "m7", "n0", "n1", "n2", "n7", "n8"}
		hiddenOmitted := name == "graphviz" && step == 42 // Graphviz writes nothing of an invisible node
		if hiddenOmitted {
			want = slices.DeleteFunc(want, func(id string) bool { return id == "m7" })
		}
		if !slices.Equal(nodes, want) {
			t.Errorf("step %d, %s: the nodes drawn are %v, want %v", step, name, nodes, want)
		}
		more := func(p, class, more, count string) {
			m := elems["m"+p]
			if m == nil || m.class != "node more "+class {
				t.Errorf("step %d, %s: placeholder m%s is %+v, want class %q", step, name, p, m, class)
				return
			}
			for slot, want := range map[string]string{"a_mv" + p: more, "a_mw" + p: count} {
				if want == "\u00a0" && name == "tidy" {
					want = "" // an empty text element, where Graphviz needs a character
				}
				if a := elems[slot]; a == nil || !slices.Equal(a.texts, []string{want}) {
					t.Errorf("step %d, %s: %s is %+v, want the text %q", step, name, slot, a, want)
				}
			}
			if e := elems["em"+p]; e == nil || e.class != "edge more "+class {
				t.Errorf("step %d, %s: the edge into m%s is %+v", step, name, p, e)
			}
		}
		more("0", "st_more", "+1 more", "4 nodes")
		more("1", "st_more", "+2 more", "2 nodes")
		switch {
		case step == lastStep:
			more("7", "st_more", "+2 more", "2 nodes")
		case !hiddenOmitted:
			more("7", "st_not_reached", "\u00a0", "\u00a0")
		}
		for _, id := range []string{"a_mv0", "a_mw0", "e1", "e2", "e7", "e8"} {
			if elems[id] == nil {
				t.Errorf("step %d, %s: no %q", step, name, id)
			}
		}
		if legend := elems["legend"]; legend == nil || !slices.Contains(legend.texts, LegendMore) {
			t.Errorf("step %d, %s: the legend does not explain placeholders", step, name)
		}
	}
	delete(drawings["graphviz"], "legend")
	delete(drawings["tidy"], "legend")
	for _, id := range slices.Sorted(maps.Keys(drawings["graphviz"])) {
		a, b := drawings["graphviz"][id], drawings["tidy"][id]
		if b == nil {
			t.Errorf("step %d: the tidy drawing has no %q", step, id)
			continue
		}
		a.shape, b.shape = "", ""
		if !samePageElems(t, id, b, a) {
			t.Errorf("step %d, %s: tidy %+v, Graphviz %+v", step, id, *b, *a)
		}
	}
}

// TestShownLayoutAuto checks that LayoutAuto chooses by the boxes drawn,
// a display set's nodes and placeholders, not by the tree's nodes.
func TestShownLayoutAuto(t *testing.T) {
	testenv.SkipUnderRace(t, "draws display sets in the test goroutine")
	t.Parallel()
	var g Graphviz
	t.Cleanup(func() { g.Close() }) // after the parallel subtests
	events := randomEvents(5, 3000)
	final := mustTree(t, events, lastStep)
	o, err := NewOutline(final)
	if err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int{100, 1500} {
		final := final.Clone()
		t.Run(fmt.Sprint("budget ", budget), func(t *testing.T) {
			t.Parallel()
			s, err := o.Pick(final, Choices{Budget: budget})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := Render(context.Background(), &out, final, Options{Layout: LayoutAuto, Shown: s, Legend: true}, &g); err != nil {
				t.Fatal(err)
			}
			tidy := strings.Contains(out.String(), "tidy-tree layout")
			if want := s.Drawn() > MaxDotNodes; tidy != want || Boxes(final, s) != s.Drawn() {
				t.Errorf("a display set of %d boxes of a tree of %d nodes is drawn by the tidy layout %v, want %v", s.Drawn(), final.Size(), tidy, want)
			}
		})
	}
}

// TestShownRefusesAnotherTree checks that a display set of one trace does
// not draw another.
func TestShownRefusesAnotherTree(t *testing.T) {
	testenv.SkipUnderRace(t, "draws display sets in the test goroutine")
	t.Parallel()
	_, s := shownTextbook(t, lastStep)
	other := mustTree(t, tictactoeEvents(), lastStep)
	if err := WriteTidySVG(&bytes.Buffer{}, other, Options{Shown: s}); err == nil {
		t.Error("a display set of 13 nodes drew a tree of another size")
	}
	if err := WriteDOT(&bytes.Buffer{}, other, Options{Shown: s}); err == nil {
		t.Error("a display set of 13 nodes wrote the DOT of a tree of another size")
	}
}
