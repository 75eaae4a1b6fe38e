package render

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// TestSplitPage cuts a page's drawing of a wide tree around nodes at its
// left, middle and right: the first part is a drawing that has the node
// and whatever comes within reach of it, the rest has only groups out of
// reach, and the two put together as a page puts them, the edges before
// the first node and the nodes before the legend, have every element of
// the whole drawing.
func TestSplitPage(t *testing.T) {
	testenv.SkipUnderRace(t, "draws and splits in the test goroutine")
	t.Parallel()
	tr := mustTree(t, randomEvents(3, 600), lastStep)
	whole := tidySVG(t, tr, Options{Patchable: true, Legend: true})
	want := parseSVG(t, whole)
	const reach = 300
	size := tr.Size()
	for _, focus := range []trace.NodeID{0, trace.NodeID(size / 2), trace.NodeID(size - 1)} {
		t.Run(fmt.Sprint("focus ", focus), func(t *testing.T) {
			t.Parallel()
			first, rest, ok := SplitPage(whole, focus, reach)
			if !ok {
				t.Fatalf("node %d: a drawing of %d nodes was not cut", focus, size)
			}
			got := parseSVG(t, first)
			id := "n" + strconv.Itoa(int(focus))
			if got[id] == nil {
				t.Errorf("node %d is not in the first part", focus)
			}
			lo, hi, _ := lineSpan(groupOf(t, whole, id))
			restLines := strings.Split(string(rest), "\n")
			for _, l := range restLines {
				x0, x1, ok := lineSpan([]byte(l))
				if !groupLine([]byte(l)) || !ok || (x1 >= lo-reach && x0 <= hi+reach) {
					t.Errorf("node %d: the rest has %.80s, within reach [%g, %g]", focus, l, lo-reach, hi+reach)
				}
			}
			if len(restLines) < 10 || len(got) < 10 {
				t.Errorf("node %d: %d elements first and %d groups after", focus, len(got), len(restLines))
			}
			// As a page puts them together.
			var edges, nodes []string
			for _, l := range restLines {
				if strings.HasPrefix(l, `<g id="e`) {
					edges = append(edges, l)
				} else {
					nodes = append(nodes, l)
				}
			}
			joined := string(first)
			i := strings.Index(joined, `<g id="n`)
			joined = joined[:i] + strings.Join(edges, "\n") + "\n" + joined[i:]
			i = strings.Index(joined, `<g id="legend"`)
			joined = joined[:i] + strings.Join(nodes, "\n") + "\n" + joined[i:]
			all := parseSVG(t, []byte(joined))
			if !slices.Equal(slices.Sorted(maps.Keys(all)), slices.Sorted(maps.Keys(want))) {
				t.Errorf("node %d: the parts put together have %d elements with ids, the whole drawing %d", focus, len(all), len(want))
			}
			if !strings.Contains(joined[:strings.Index(joined, `<g id="n`)], `<g id="e`) {
				t.Errorf("node %d: no edge under the nodes", focus)
			}
		})
	}
	if _, _, ok := SplitPage(whole, 0, 1e9); ok {
		t.Error("a drawing with everything within reach was cut")
	}
	if _, _, ok := SplitPage(whole, trace.NodeID(tr.Size()), reach); ok {
		t.Error("a drawing was cut around a node it does not draw")
	}
	if _, _, ok := SplitPage(tidySVG(t, tr, Options{Legend: true}), 0, reach); ok {
		t.Error("a drawing for a file was cut")
	}
}

// groupOf returns the line of svg that holds the group id.
func groupOf(tb testing.TB, svg []byte, id string) []byte {
	tb.Helper()
	for _, l := range bytes.Split(svg, []byte("\n")) {
		if bytes.HasPrefix(l, []byte(`<g id="`+id+`" `)) {
			return l
		}
	}
	tb.Fatalf("no line holds %s", id)
	return nil
}
