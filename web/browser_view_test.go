package web_test

import (
	"html"
	"net/url"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// pageTexts is what the viewer shows of its drawing: each node's value
// text by node id, the nodes not reached aside, the caption over the tree,
// and how many drawings it fetched and was sent.
type pageTexts struct {
	Values  map[string]string `json:"values"`
	Caption string            `json:"caption"`
	Fetches string            `json:"fetches"` // main#viewer's data-layout-fetches
	Layouts string            `json:"layouts"` // main#viewer's data-layouts
}

const pageTextsJS = `(() => {
	const v = document.getElementById("viewer");
	const text = (id) => {
		const a = document.getElementById(id);
		const t = a && (a instanceof SVGTextElement ? a : a.querySelector("text"));
		return t ? t.textContent : "";
	};
	const values = {};
	for (const g of document.querySelectorAll('#tree g.node[id^="n"]:not(.st_not_reached)')) {
		values[g.id.slice(1)] = text("a_v" + g.id.slice(1));
	}
	return {values, caption: text("a_caption"), fetches: v.dataset.layoutFetches || "0", layouts: v.dataset.layouts || "0"};
})()`

// svgValue finds each node's value slot and its text in a drawing: the
// text element itself in the tidy layout's, an anchor around it in
// Graphviz's.
var svgValue = regexp.MustCompile(`id="a_v(\d+)"[^>]*>(?:\s*<a[^>]*>\s*<text[^>]*>)?([^<]*)`)

// wonSearch is AlphaBeta on a tic-tac-toe position x wins: its values
// are wins and losses, which read otherwise in the other point of view.
var wonSearch = url.Values{"game": {"tictactoe"}, "position": {"x.x/oo./..."}, "algo": {"alphabeta"}}

// TestBrowserViewSwitchKeepsTheDrawing switches the point of view of a
// search's tree at its last step: every value drawn and the caption
// change to the other view's, as the server draws that view, and the page
// neither fetches the drawing again nor is sent one.
func TestBrowserViewSwitchKeepsTheDrawing(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	viewer := runForm(t, app.URL, wonSearch)
	b.open(viewer)
	b.waitStepFor(0, 60*time.Second)
	b.toLastStep()
	b.settleDrawings()
	before := get(b, "reading the drawing's texts", chromedp.Evaluate[pageTexts](pageTextsJS))
	if len(before.Values) < 2 {
		t.Fatalf("the page shows %d nodes; want the part of the tree that fits the panel", len(before.Values))
	}

	// Timed in the page, from the click to the caption rewritten, which
	// the frame that rewrites the values does last.
	b.do("switching the view", chromedp.Evaluate[chromedp.Void](`(() => {
		window.viewTimed = null;
		const a = document.getElementById("a_caption");
		const old = a.textContent;
		const start = performance.now();
		new MutationObserver((_, obs) => {
			if (a.textContent !== old) { obs.disconnect(); window.viewTimed = performance.now() - start; }
		}).observe(a, {childList: true, characterData: true, subtree: true});
		document.querySelector('.view-toggle button[data-view="side"]').click();
	})()`))
	get(b, "waiting for the new view", chromedp.Poll[bool](`window.viewTimed !== null`, chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(waitFor)))
	ms := get(b, "reading the time", chromedp.Evaluate[float64](`window.viewTimed`))
	after := get(b, "reading the drawing's texts", chromedp.Evaluate[pageTexts](pageTextsJS))
	t.Logf("switching the view of %d nodes: %.0f ms from the click to the texts rewritten", len(after.Values), ms)
	if after.Fetches != before.Fetches || after.Layouts != before.Layouts {
		t.Errorf("switching the view fetched the drawing %s times and was sent %s drawings; before, %s and %s", after.Fetches, after.Layouts, before.Fetches, before.Layouts)
	}
	if after.Caption == before.Caption || after.Caption != "values: side to move's view (each node's player to move, as in negamax)" {
		t.Errorf("the caption says %q after the switch, %q before", after.Caption, before.Caption)
	}

	// At the last step every node shows the final tree's value, as the
	// server draws it in the side to move's view.
	want := map[string]string{}
	for _, m := range svgValue.FindAllStringSubmatch(fetch(t, app.URL, viewer+"/layout.svg?view=side"), -1) {
		want[m[1]] = html.UnescapeString(m[2])
	}
	wantRoot := map[string]string{}
	for _, m := range svgValue.FindAllStringSubmatch(fetch(t, app.URL, viewer+"/layout.svg?view=root"), -1) {
		wantRoot[m[1]] = html.UnescapeString(m[2])
	}
	differ := 0 // nodes drawn whose value reads otherwise in the other view
	for id, got := range after.Values {
		if got != want[id] {
			t.Errorf("node %s shows %q in the side to move's view, want %q", id, got, want[id])
		}
		if before.Values[id] != wantRoot[id] {
			t.Errorf("node %s showed %q in MAX's view, want %q", id, before.Values[id], wantRoot[id])
		}
		if want[id] != wantRoot[id] {
			differ++
		}
	}
	if differ == 0 {
		t.Errorf("none of the %d nodes drawn has a value that differs between the views: the switch is not tested", len(after.Values))
	}
}
