package web_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// countsShown is what a counts view shows.
type countsShown struct {
	Words  []string `json:"words"`  // the totals in words
	Charts []string `json:"charts"` // the charts' titles
	// Bars are the nodes chart's bars: of each series, the count each bar
	// stands for, and whether it is drawn wider than a pixel on screen.
	Bars   [][]int  `json:"bars"`
	Drawn  [][]bool `json:"drawn"`
	Legend []string `json:"legend"` // the nodes chart's legend
	Axis   string   `json:"axis"`   // the nodes chart's axis caption
	Table  bool     `json:"table"`  // a table is shown
}

// countsJS reads the counts view inside the element sel selects.
const countsJS = `(() => {
	const root = document.querySelector(%q);
	if (!root) return {};
	const texts = (sel) => [...root.querySelectorAll(sel)].map((e) => e.textContent.trim());
	const bars = [], drawn = [];
	for (const g of root.querySelectorAll("#counts-nodes g.bar")) {
		const s = +g.dataset.series;
		(bars[s] = bars[s] || []).push(+g.dataset.value);
		const r = g.querySelector("rect");
		(drawn[s] = drawn[s] || []).push(!!r && r.getBoundingClientRect().width > 1);
	}
	const axis = root.querySelector("#counts-nodes text:last-of-type");
	const table = root.querySelector("table.counts-table");
	return {
		words: texts("[data-testid=counts-words]"),
		charts: texts("svg.counts-chart > title"),
		bars, drawn,
		legend: [...root.querySelectorAll("#counts-nodes > text")].slice(1, 3).map((e) => e.textContent),
		axis: axis ? axis.textContent : "",
		table: !!table && table.checkVisibility(),
	};
})()`

// counts reads the counts view inside sel.
func (b *browser) counts(sel string) countsShown {
	b.t.Helper()
	return get(b, "reading the counts", chromedp.Evaluate[countsShown](fmt.Sprintf(countsJS, sel)))
}

// TestBrowserCounts compares the counts of the textbook tree searched by
// MiniMax and by AlphaBeta on their own page, as a student would read
// them: the words, a bar per depth and trace for nodes, cuts and
// evaluations, and the tables once asked for; then the counts panel of
// AlphaBeta's viewer, switched to a linear scale.
func TestBrowserCounts(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	var ids []string
	for _, name := range []string{"rn-minimax", "rn-alphabeta"} {
		b.open("/example/" + name)
		b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
		ids = append(ids, b.traceID())
	}

	b.open("/counts?t=" + ids[0] + "&t=" + ids[1])
	b.do("waiting for the counts", chromedp.WaitVisible(chromedp.CSS(`[data-testid=counts-chart]`)))
	c := b.counts("main")
	if len(c.Words) < 2 || !strings.HasPrefix(c.Words[0], "MiniMax looked at 13 nodes") || !strings.HasPrefix(c.Words[1], "AlphaBeta looked at 11 nodes, 85% of MiniMax's 13") {
		t.Errorf("the counts say %q", c.Words)
	}
	if want := []string{"Nodes searched per depth", "Cuts per depth (α and β)", "Evaluations per depth"}; !slices.Equal(c.Charts, want) {
		t.Errorf("the charts are %q, want %q", c.Charts, want)
	}
	// The textbook tree: a root, 3 MIN nodes, 9 leaves; AlphaBeta prunes 2.
	if want := [][]int{{1, 3, 9}, {1, 3, 7}}; fmt.Sprint(c.Bars) != fmt.Sprint(want) {
		t.Errorf("the nodes chart's bars stand for %v, want %v", c.Bars, want)
	}
	for s, drawn := range c.Drawn {
		if slices.Contains(drawn, false) {
			t.Errorf("series %d has bars not drawn: %v", s, drawn)
		}
	}
	if want := []string{"MiniMax", "AlphaBeta"}; !slices.Equal(c.Legend, want) {
		t.Errorf("the legend says %q, want %q", c.Legend, want)
	}
	if c.Table {
		t.Error("the tables are shown before they are asked for")
	}
	b.click(`[data-testid=counts-tables] > summary`)
	if !b.counts("main").Table {
		t.Error("the tables are not shown when asked for")
	}
	if total := b.text(`table.counts-table:nth-of-type(2) tfoot`); !strings.HasPrefix(strings.Join(strings.Fields(total), " "), "all 11 85% 2 1 0 7") {
		t.Errorf("AlphaBeta's totals row reads %q", total)
	}
	b.screenshot("counts-page.png")

	b.open("/t/" + ids[1])
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.click(`[data-testid=counts-panel] > summary`)
	b.do("waiting for the panel's counts", chromedp.WaitVisible(chromedp.CSS(`.counts-body [data-testid=counts-chart]`)))
	p := b.counts(".counts-body")
	if len(p.Words) != 1 || !strings.HasPrefix(p.Words[0], "AlphaBeta looked at 11 nodes") {
		t.Errorf("the viewer's panel says %q", p.Words)
	}
	b.screenshot("counts-panel.png")
	b.click(`.counts-body a[data-counts-scale][href*="scale=linear"]`)
	get(b, "waiting for the linear scale", chromedp.Poll[bool](`(() => {
		const t = document.querySelector(".counts-body #counts-nodes text:last-of-type");
		return !!t && t.textContent === "nodes, linear scale";
	})()`))
	if loc := get(b, "reading the location", chromedp.Location()); !strings.Contains(loc, "/t/"+ids[1]) {
		t.Errorf("changing the scale left the viewer for %s", loc)
	}
}

// TestBrowserCompareCounts opens the twin maze comparison, whose panel
// fetches the counts of both searches once they end: AlphaBeta's nodes and
// cuts, DUCT's visits, and DUCT's 300 playouts through its root.
func TestBrowserCompareCounts(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	b.open("/")
	b.click(`a[href="/compare/twin-maze"]`)
	// Both searches run before the counts show: allow a cold, busy machine
	// under the race detector.
	b.doWithin("waiting for the counts", 3*time.Minute, chromedp.WaitVisible(chromedp.CSS(`[data-testid=compare-counts] [data-testid=counts-chart]`)))
	c := b.counts(`[data-testid=compare-counts]`)
	if len(c.Words) < 2 || !strings.HasPrefix(c.Words[0], "AlphaBeta depth=4 looked at") || !strings.Contains(c.Words[1], "300 results of playouts and finished games went through its root") {
		t.Errorf("the counts say %q", c.Words)
	}
	if !slices.Contains(c.Charts, "Monte Carlo visits per depth") || !slices.Contains(c.Charts, "Cuts per depth (α and β)") {
		t.Errorf("the charts are %q, want AlphaBeta's cuts and DUCT's visits among them", c.Charts)
	}
	b.screenshot("compare-counts.png")
}
