package render

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// ttTree is a typed tree whose two MIN nodes have the same two subtrees,
// in other orders, so AlphaBeta's transposition table answers the second
// MIN node's children from the first's.
const ttTree = "[[[1,2],[3,4]],[[3,4],[1,2]]]"

// TestTranspositionLinks checks the dashed links from a node whose value
// a transposition table gave to the node first searched: a drawing for a
// file has one for each hit made by its step, from the hit's node to the
// node the eval event names, and none for a hit to come; a page's drawing
// has them all, hidden until their hit; DOT's do not constrain the layout.
func TestTranspositionLinks(t *testing.T) {
	testenv.SkipUnderRace(t, "draws in the test goroutine")
	t.Parallel()
	events := searchEvents(t, "tree", "alphabeta tt=1", ttTree)
	hits := map[trace.NodeID]trace.NodeID{}
	hitStep := map[trace.NodeID]int{}
	for k, e := range events {
		if e.Kind == trace.KindEval && e.Same != 0 {
			hits[e.Node], hitStep[e.Node] = e.Same, k
		}
	}
	if len(hits) == 0 {
		t.Fatal("the search made no table hit")
	}
	last := len(events) - 1
	first := last
	for _, k := range hitStep {
		first = min(first, k)
	}
	for _, step := range []int{first - 1, first, last} {
		for _, page := range []bool{false, true} {
			t.Run(fmt.Sprintf("step %d page %v", step, page), func(t *testing.T) {
				t.Parallel()
				elems := parseSVG(t, tidySVG(t, mustTree(t, events, step), Options{Patchable: page}))
				for id, same := range hits {
					sid := "s" + strconv.Itoa(int(id))
					el, ok := elems[sid]
					done := hitStep[id] <= step
					switch {
					case !ok && (done || page):
						t.Errorf("no link %s from node %d to node %d", sid, id, same)
					case ok && !done && !page:
						t.Errorf("link %s drawn before its hit at step %d", sid, hitStep[id])
					case ok && !strings.HasPrefix(el.class, linkClass+" "):
						t.Errorf("link %s has class %q", sid, el.class)
					case ok && done != !el.hidden:
						t.Errorf("link %s hidden %v, its hit at step %d", sid, el.hidden, hitStep[id])
					case ok && !page && el.title != "n"+strconv.Itoa(int(id))+" has the value of n"+strconv.Itoa(int(same)):
						t.Errorf("link %s has the title %q, want it to name node %d", sid, el.title, same)
					}
				}
			})
		}
	}
	var dot bytes.Buffer
	if err := WriteDOT(&dot, mustTree(t, events, last), Options{}); err != nil {
		t.Fatal(err)
	}
	for id, same := range hits {
		want := "\tn" + strconv.Itoa(int(id)) + " -> n" + strconv.Itoa(int(same)) + ` [id="s` + strconv.Itoa(int(id)) + `" class="link `
		i := strings.Index(dot.String(), want)
		if i < 0 {
			t.Errorf("DOT has no link from node %d to node %d", id, same)
			continue
		}
		if line := dot.String()[i:]; !strings.Contains(line[:strings.IndexByte(line, '\n')], `constraint="false"`) {
			t.Errorf("DOT's link from node %d constrains the layout", id)
		}
	}
}
