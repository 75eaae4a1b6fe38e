package web_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
)

// linksJS lists the transposition links the tree shows: the ids of the
// groups of class link not hidden by st_not_reached.
const linksJS = `[...document.querySelectorAll("#tree g.link")].filter((g) => !g.classList.contains("st_not_reached") && getComputedStyle(g).display !== "none").map((g) => g.id)`

// TestBrowserTranspositionLinks opens the gallery's AlphaBeta with a
// transposition table: at the start no link shows; at the last step one
// dashed link shows for each hit the search made whose two nodes are
// drawn, from the node the hit gave its value to; clicking that node says
// whose value it took.
func TestBrowserTranspositionLinks(t *testing.T) {
	t.Parallel()
	run, err := catalog.Prepare(catalog.Request{Game: "tictactoe", Algo: "alphabeta tt=1", Position: "x.o/.x./..o"})
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := run.Search(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	hits := map[string]int{} // "s<node>" to the node searched first
	for _, e := range rec.Events() {
		if e.Kind == trace.KindEval && e.Same != 0 {
			hits["s"+strconv.Itoa(int(e.Node))] = int(e.Same)
		}
	}
	if len(hits) == 0 {
		t.Fatal("the search made no hit")
	}

	b := openExample(t, "ttt-alphabeta-tt")
	if links := get(b, "listing the links", chromedp.Evaluate[[]string](linksJS)); len(links) != 0 {
		t.Errorf("at step 0 the tree shows links %v", links)
	}
	b.toLastStep()
	// The best line under the decision is folded to fit the panel's
	// height: drawn whole, its nodes are answered from the table.
	if get(b, "counting folds", chromedp.Evaluate[int](`document.querySelectorAll("#tree g.node.fold").length`)) > 0 {
		b.click("#tree g.node.fold")
		b.waitJS("the line unfolded", `document.querySelectorAll("#tree g.node.fold").length === 0`)
	}
	// The tree is drawn in part, as it fits the panel: a link shows for
	// each hit whose two nodes are drawn.
	drawn := map[string]bool{}
	for _, id := range get(b, "listing the nodes drawn", chromedp.Evaluate[[]string](`[...document.querySelectorAll('#tree g.node[id^="n"]:not(.st_not_reached)')].map((g) => g.id)`)) {
		drawn[id] = true
	}
	want := map[string]bool{}
	var from string // a node drawn that took its value from the table
	for id, same := range hits {
		if n := "n" + strings.TrimPrefix(id, "s"); drawn[n] {
			from = n
			if drawn["n"+strconv.Itoa(same)] {
				want[id] = true
			}
		}
	}
	if from == "" {
		t.Fatalf("the last step draws no node of the %d the table answered", len(hits))
	}
	links := get(b, "listing the links", chromedp.Evaluate[[]string](linksJS))
	if len(links) != len(want) {
		t.Errorf("at the last step the tree shows %d links %v, want one for each of the %d hits whose nodes are drawn", len(links), links, len(want))
	}
	for _, id := range links {
		if !want[id] {
			t.Errorf("link %s is not from a drawn node the table answered", id)
		}
	}
	b.screenshot("viewer-transpositions.png")

	b.do("selecting "+from, chromedp.Evaluate[chromedp.Void](`document.getElementById("`+from+`").dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	b.do("waiting for the node panel", chromedp.WaitVisible(chromedp.ID("node-panel")))
	facts := b.text("#node-facts")
	if !strings.Contains(facts, "from the table") || !strings.Contains(facts, "the same position searched to the same depth") {
		t.Errorf("node %s's facts %q do not say its value came from the table", from, facts)
	}
	b.screenshot("viewer-transposition-selected.png")
	b.do("pressing Home", chromedp.KeyEvent(kb.Home))
	b.waitStep(0)
	if links := get(b, "listing the links", chromedp.Evaluate[[]string](linksJS)); len(links) != 0 {
		t.Errorf("back at step 0 the tree shows links %v", links)
	}
}
