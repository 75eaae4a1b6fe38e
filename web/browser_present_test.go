package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The least sizes on screen, in CSS pixels at 1280x720, that presentation
// mode promises: a node's value and an edge's action, an α-β window, a
// board's cell drawn in a node, and the page's own text.
const (
	leastValuePx  = 16
	leastWindowPx = 14
	leastCellPx   = 14
	leastPagePx   = 16
)

// sizesShown are the smallest sizes on screen of each kind of text the
// tree panel shows, measured from the rendered drawing, and of the page's
// text outside the tree; a count of 0 says none of that kind is in view.
type sizesShown struct {
	Value    float64 `json:"value"`
	Values   int     `json:"values"`
	Window   float64 `json:"window"`
	Windows  int     `json:"windows"`
	Edge     float64 `json:"edge"`
	Edges    int     `json:"edges"`
	Cell     float64 `json:"cell"`
	Cells    int     `json:"cells"`
	Page     float64 `json:"page"`
	PageText string  `json:"pageText"` // the page's smallest text
	Present  bool    `json:"present"`
	Overview bool    `json:"overview"` // the overview of the whole drawing, or the minimap of the whole tree, is shown
}

// sizesShownJS measures what the tree panel shows: each text's computed
// size in the drawing's units times the drawing's scale on screen, for
// the texts whose box lies within the panel, and each board cell drawn in
// a node (the small squares of a node's table) likewise; then every
// visible text of the page outside the tree.
const sizesShownJS = `(() => {
	const panel = document.getElementById("tree").getBoundingClientRect();
	const svg = document.querySelector("#tree svg");
	const out = {value: 1e9, values: 0, window: 1e9, windows: 0, edge: 1e9, edges: 0, cell: 1e9, cells: 0, page: 1e9, pageText: "",
		present: document.documentElement.classList.contains("present"),
		overview: !document.getElementById("overview-box").hidden || !document.getElementById("minimap-box").hidden};
	const inView = (r) => r.width > 0 && r.left >= panel.left && r.right <= panel.right && r.top >= panel.top && r.bottom <= panel.bottom;
	const scale = svg.getScreenCTM().a;
	const measure = (sel, key, count) => {
		for (const t of svg.querySelectorAll(sel)) {
			if (!t.textContent.trim() || !inView(t.getBoundingClientRect())) continue;
			const px = parseFloat(getComputedStyle(t).fontSize) * scale;
			out[key] = Math.min(out[key], px);
			out[count]++;
		}
	};
	measure('g.node:not(.st_not_reached) [id^="a_v"] text, g.node:not(.st_not_reached) text.tv', "value", "values");
	measure('g.node:not(.st_not_reached) [id^="a_w"] text, g.node:not(.st_not_reached) text.tw', "window", "windows");
	measure('g.edge:not(.st_not_reached) > text:first-of-type, g.edge:not(.st_not_reached) text.tl', "edge", "edges");
	for (const s of svg.querySelectorAll("g.node:not(.st_not_reached) polygon, g.node:not(.st_not_reached) rect")) {
		const r = s.getBoundingClientRect();
		const b = s.getBBox();
		if (!inView(r) || Math.abs(b.width - b.height) > 0.5 || b.width > 16 || b.width < 4) continue;
		out.cell = Math.min(out.cell, r.width);
		out.cells++;
	}
	const walker = document.createTreeWalker(document.getElementById("viewer"), NodeFilter.SHOW_TEXT);
	for (let n = walker.nextNode(); n; n = walker.nextNode()) {
		const el = n.parentElement;
		if (!n.textContent.trim() || el.closest("#tree, dialog, svg, option")) continue;
		const r = el.getBoundingClientRect();
		if (!el.checkVisibility() || r.width === 0 || r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) continue;
		const px = parseFloat(getComputedStyle(el).fontSize);
		if (px < out.page) { out.page = px; out.pageText = n.textContent.trim(); }
	}
	return out;
})()`

// presentBrowser serves a fresh app and opens path at 1280x720, then
// waits until the element sel selects is visible.
func presentBrowser(t *testing.T, path, sel string) *browser {
	t.Helper()
	b := newBrowser(t, newApp(t))
	b.do("setting the window to a projector's", chromedp.EmulateViewport(1280, 720))
	b.open(path)
	b.do("waiting for "+sel, chromedp.WaitVisible(chromedp.CSS(sel)))
	return b
}

// waitCounterFrom waits until the step counter's text starts with want.
func (b *browser) waitCounterFrom(want string) {
	b.t.Helper()
	expr := fmt.Sprintf(`((document.getElementById("counter-text") || {}).textContent || "").startsWith(%q)`, want)
	if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(waitFor))); err != nil {
		b.t.Fatalf("waiting for the counter to start with %q: it says %q (%v)", want, b.text("#counter-text"), err)
	}
}

// sizes measures what the page shows once it has settled: 300 ms after
// the call, two measurements 150 ms apart agree, or waitFor has passed.
func (b *browser) sizes() sizesShown {
	b.t.Helper()
	measure := func() sizesShown {
		return get(b, "measuring the sizes on screen", chromedp.Evaluate[sizesShown](sizesShownJS))
	}
	b.do("letting the frames asked for arrive", chromedp.Sleep(300*time.Millisecond))
	last := measure()
	for deadline := time.Now().Add(waitFor); time.Now().Before(deadline); {
		b.do("letting the page settle", chromedp.Sleep(150*time.Millisecond))
		now := measure()
		if now == last {
			break
		}
		last = now
	}
	return last
}

// checkReadable fails the test if what b shows is smaller than
// presentation mode promises, or if it shows nothing of a kind it must.
func checkReadable(t *testing.T, what string, s sizesShown, windows, cells bool) {
	t.Helper()
	if !s.Present {
		t.Fatalf("%s: the page is not in presentation mode", what)
	}
	if s.Values == 0 || s.Edges == 0 {
		t.Errorf("%s: the tree panel shows %d values and %d edge labels; want some of each", what, s.Values, s.Edges)
	}
	if windows && s.Windows == 0 {
		t.Errorf("%s: the tree panel shows no α-β window", what)
	}
	if cells && s.Cells == 0 {
		t.Errorf("%s: the tree panel shows no board cell", what)
	}
	check := func(kind string, n int, got, least float64) {
		if n > 0 && got < least {
			t.Errorf("%s: the smallest %s is %.1f px on screen, want at least %v px", what, kind, got, least)
		}
	}
	check("node value", s.Values, s.Value, leastValuePx)
	check("edge label", s.Edges, s.Edge, leastValuePx)
	check("α-β window", s.Windows, s.Window, leastWindowPx)
	check("board cell", s.Cells, s.Cell, leastCellPx)
	if s.Page < leastPagePx {
		t.Errorf("%s: the page's smallest text, %q, is %.1f px, want at least %v px", what, s.PageText, s.Page, leastPagePx)
	}
}

// TestBrowserPresentationReadable opens, at 1280x720 in presentation
// mode, the textbook tree, a mid-game tic-tac-toe AlphaBeta and MCTS at
// its 30th iteration, and measures every text the tree panel and the page
// show: values and edge labels at least 16 px, windows and board cells at
// least 14 px, the page's text at least 16 px. Zooming out as far as the
// page lets and Fit keep them so; a tree too wide to read whole is shown
// in part, with the overview of the whole.
func TestBrowserPresentationReadable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		path      string
		iteration int // step by iteration to this one, or 0
		windows   bool
		cells     bool
		whole     bool // the whole tree is readable at once: no overview
	}{
		{"textbook tree", "/example/rn-alphabeta?present=1&step=20", 0, true, false, true},
		{"mid-game AlphaBeta", "/example/ttt-alphabeta?present=1&step=120", 0, true, true, false},
		{"MCTS at iteration 30", "/example/ttt-mcts?present=1", 30, false, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b := presentBrowser(t, tt.path, "#tree svg")
			if tt.iteration > 0 {
				b.choose("grain", "iteration")
				for k := 1; k <= tt.iteration; k++ {
					b.click("#forward")
					b.waitCounterFrom(fmt.Sprintf("iteration %d of", k))
				}
			}
			s := b.sizes()
			checkReadable(t, "as opened", s, tt.windows, tt.cells)
			if s.Overview == tt.whole {
				t.Errorf("the overview of the whole drawing or tree is shown: %v; want %v", s.Overview, !tt.whole)
			}
			b.screenshot("present-" + strings.ReplaceAll(tt.name, " ", "-") + ".png")

			for range 12 {
				b.do("zooming out", chromedp.KeyEvent("-"))
			}
			checkReadable(t, "zoomed out as far as it goes", b.sizes(), false, false)
			b.click("#zoom-fit")
			checkReadable(t, "after Fit", b.sizes(), false, false)
		})
	}
}

// TestBrowserPresentationToggle checks presentation mode's way in and
// out: the button, the p key and the address, and the list of keys that ?
// opens and Esc closes.
func TestBrowserPresentationToggle(t *testing.T) {
	t.Parallel()
	b := presentBrowser(t, "/example/ttt-alphabeta?step=40", "#tree svg")
	present := func() bool {
		return get(b, "reading the mode", chromedp.Evaluate[bool](`document.documentElement.classList.contains("present") && document.getElementById("present").getAttribute("aria-pressed") === "true" && location.search.includes("present=1")`))
	}
	if present() {
		t.Fatal("the viewer opens in presentation mode unasked")
	}
	if s := b.sizes(); s.Page >= leastPagePx {
		t.Errorf("outside presentation mode the smallest text is %.1f px; the test cannot tell the modes apart", s.Page)
	}
	b.click("#present")
	if !present() {
		t.Fatal("the Present button did not turn presentation mode on, in the page and its address")
	}
	checkReadable(t, "after the button", b.sizes(), false, true)
	b.do("pressing p", chromedp.KeyEvent("p"))
	if present() {
		t.Error("p did not turn presentation mode off")
	}

	b.do("pressing ?", chromedp.KeyEvent("?"))
	open := `document.getElementById("keys").open`
	if !get(b, "reading the list of keys", chromedp.Evaluate[bool](open)) {
		t.Fatal("? did not open the list of keys")
	}
	keys := b.text("#keys")
	for _, want := range []string{"Home", "End", "presentation mode", "fit", "legend", "this list"} {
		if !strings.Contains(keys, want) {
			t.Errorf("the list of keys does not mention %q:\n%s", want, keys)
		}
	}
	b.do("pressing Esc", chromedp.KeyEvent(kb.Escape))
	if get(b, "reading the list of keys", chromedp.Evaluate[bool](open)) {
		t.Error("Esc did not close the list of keys")
	}
}

// TestBrowserPresentationCompare opens both comparison pages in
// presentation mode: each embedded viewer follows it and keeps its tree
// readable; the page's p key turns it off in both.
func TestBrowserPresentationCompare(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"ttt-minimax-alphabeta", "ttt-mcts-pmc"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := presentBrowser(t, "/compare/"+name+"?present=1", "main.compare")
			frames := `[...document.querySelectorAll("iframe[data-trace]")]`
			inBoth := func(expr string) []bool {
				return get(b, "reading both viewers", chromedp.Evaluate[[]bool](frames+`.map((f) => { const d = f.contentDocument; return !!d && !!d.querySelector("#tree svg") && (`+expr+`); })`))
			}
			get(b, "waiting for both trees", chromedp.Poll[bool](frames+`.every((f) => f.contentDocument && f.contentDocument.querySelector("#tree svg g.node"))`,
				chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(waitFor)))
			// settled waits until expr holds in both viewers, which follow
			// the page's mode a frame or two after their trees appear, and
			// says where it holds; a timeout shows as a false, reported below.
			settled := func(expr string) []bool {
				all := frames + `.every((f) => { const d = f.contentDocument; return !!d && !!d.querySelector("#tree svg") && (` + expr + `); })`
				_, _ = chromedp.Run(b.ctx, chromedp.Poll[bool](all, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(waitFor)))
				return inBoth(expr)
			}
			for i, on := range settled(`d.documentElement.classList.contains("present")`) {
				if !on {
					t.Errorf("viewer %d is not in presentation mode", i)
				}
			}
			least := settled(fmt.Sprintf(`(() => { const svg = d.querySelector("#tree svg"); const t = svg.querySelector('g.node:not(.st_not_reached) [id^="a_v"] text, g.node:not(.st_not_reached) text.tv'); return !!t && parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a >= %d; })()`, leastValuePx))
			for i, ok := range least {
				if !ok {
					t.Errorf("viewer %d draws its values smaller than %d px", i, leastValuePx)
				}
			}
			b.screenshot("present-compare-" + name + ".png")
			b.do("pressing p", chromedp.KeyEvent("p"))
			for i, off := range settled(`!d.documentElement.classList.contains("present")`) {
				if !off {
					t.Errorf("after p, viewer %d is still in presentation mode", i)
				}
			}
		})
	}
}

// TestBrowserClickNearSmallNode fits the textbook tree, where a pruned
// move's node is the smallest shape, and clicks just beside one: the node
// is selected, its panel saying why it was pruned.
func TestBrowserClickNearSmallNode(t *testing.T) {
	t.Parallel()
	b := openExample(t, "rn-alphabeta")
	b.toLastStep()
	b.click("#zoom-fit")
	type target struct {
		ID    string  `json:"id"`
		X     float64 `json:"x"`
		Y     float64 `json:"y"`
		Width float64 `json:"width"`
	}
	// The pruned node nearest the panel's centre, and a point 6 px to the
	// right of its shape, where no other node is; found again until it
	// stays put, as the view settles after Fit.
	find := func() target {
		return get(b, "finding a pruned node", chromedp.Evaluate[target](findPrunedJS))
	}
	p := find()
	for deadline := time.Now().Add(waitFor); time.Now().Before(deadline); {
		b.do("letting the view settle", chromedp.Sleep(200*time.Millisecond))
		again := find()
		if again == p {
			break
		}
		p = again
	}
	if p.ID == "" {
		t.Fatal("the fitted tree shows no pruned node with room beside it")
	}
	if p.Width > 12 {
		t.Logf("the pruned node is %.1f px wide: the tree was fitted larger than this test needs", p.Width)
	}
	b.do("clicking beside "+p.ID, chromedp.MouseClickXY(p.X, p.Y))
	b.do("waiting for the node's panel", chromedp.WaitVisible(chromedp.CSS("[data-testid=node-panel]")))
	if reason := b.text("[data-testid=node-reason]"); !strings.Contains(reason, "cut") && !strings.Contains(reason, "prun") {
		t.Errorf("the panel of %s, clicked beside it, says %q; want why it was pruned", p.ID, reason)
	}
	if sel := get(b, "reading the selected node", chromedp.Evaluate[string](`(document.querySelector("#tree g.node.selected") || {}).id || ""`)); sel != p.ID {
		t.Errorf("clicking 6 px beside %s selected %q", p.ID, sel)
	}
}

// findPrunedJS finds the pruned node nearest the tree panel's centre with
// room 6 px to the right of its shape, where no other node is.
const findPrunedJS = `(() => {
	const panel = document.getElementById("tree").getBoundingClientRect();
	let best = null;
	for (const g of document.querySelectorAll("#tree g.node.st_pruned")) {
		const r = g.querySelector("polygon, ellipse").getBoundingClientRect();
		const x = r.right + 6, y = r.top + r.height / 2;
		const hit = document.elementFromPoint(x, y);
		if (hit && hit.closest("g.node")) continue;
		const d = Math.hypot(x - (panel.left + panel.width / 2), y - (panel.top + panel.height / 2));
		if (!best || d < best.d) best = {id: g.id, x: x, y: y, width: r.width, d: d};
	}
	return best || {id: ""};
})()`

// presentedStepJS measures what presentation mode must keep on screen:
// the lit pseudocode line and the step in words, each inside the window
// and inside its panel, and the controls, on one line.
const presentedStepJS = `(() => {
	const inside = (el, box) => { const r = el.getBoundingClientRect(); return r.height > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1; };
	const win = {top: 0, bottom: innerHeight};
	const lit = document.querySelector("#code li.lit"), now = document.querySelector("#log li.now");
	const tops = [...document.querySelectorAll(".controls > *")].filter((e) => e.checkVisibility()).map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0);
	return {
		lit: !!lit && inside(lit, win) && inside(lit, document.getElementById("code").getBoundingClientRect()),
		log: !!now && inside(now, win),
		rows: tops.length ? Math.max(...tops.map((r) => r.top)) < Math.min(...tops.map((r) => r.bottom)) : false,
	};
})()`

// TestBrowserPresentedStep opens examples whose side panels are tall
// (MCTS's visits, Othello's board) in presentation mode at 1280x720, at
// a step whose pseudocode line is far down the listing: the lit line and
// the step in words are on screen, and the controls fit one line.
func TestBrowserPresentedStep(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/example/othello-alphabeta?present=1&step=last", "/example/ttt-mcts?present=1&step=25", "/example/dice-cut?present=1&step=300"} {
		t.Run(path, func(t *testing.T) {
			t.Parallel()
			b := presentBrowser(t, path, "#tree svg")
			b.do("letting the page settle", chromedp.Sleep(500*time.Millisecond))
			type shown struct{ Lit, Log, Rows bool }
			s := get(b, "measuring the step's panels", chromedp.Evaluate[shown](presentedStepJS))
			if !s.Lit || !s.Log || !s.Rows {
				t.Errorf("lit line on screen %v, step in words on screen %v, controls on one line %v; want all", s.Lit, s.Log, s.Rows)
			}
		})
	}
}
