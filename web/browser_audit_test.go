package web_test

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/searchviz/searchviz/web/internal/gallery"
)

// The browser audit walks the whole gallery as a student meets it, every
// example at its first, middle and last step and every comparison as it
// opens, in the normal view on a laptop and in presentation mode on a
// projector, and measures what the page shows: the tree's text large
// enough to read, the side panels' text too, the nodes that matter in
// the tree panel, the lines that explain the step on screen, no texts
// drawn over one another, no caption cut by the panel's edge and no
// legend over the tree.
//
// Some views still fall short. The golden file auditKnownFile lists those
// failures, each with what was measured: the audit fails on any failure
// it does not list, and -audit.update rewrites the file from what the
// audit saw, so that a fix shows as lines leaving it.

// auditKnownFile is the golden list of the checks that fail today, one
// per line: the key, a tab and why. A key is the view's name (an
// example's, or a comparison's with the side, "ttt-whole:left"), its
// mode (normal, present), its step (start, middle, end; a comparison's
// open) and the check (text, page, root, current, best, code, log,
// overlap, caption, legend; see auditChecks): "ttt-mcts/present/end/text".
const auditKnownFile = "testdata/audit/known.txt"

var (
	// auditShots names a directory to save a screenshot of every view in.
	auditShots = flag.String("audit.shots", "", "save a screenshot of each view of the browser audit in `dir`")
	// auditUpdate rewrites auditKnownFile from the audit's measurements.
	auditUpdate = flag.Bool("audit.update", false, "rewrite "+auditKnownFile+" with the failures the browser audit finds")
)

// readAuditKnown reads auditKnownFile into a map from key to why.
func readAuditKnown(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(auditKnownFile)
	if err != nil {
		t.Fatalf("reading the audit's known failures: %v", err)
	}
	known := map[string]string{}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" {
			continue
		}
		key, why, ok := strings.Cut(line, "\t")
		if !ok || key == "" {
			t.Fatalf("%s:%d: want a key, a tab and why, got %q", auditKnownFile, i+1, line)
		}
		known[key] = why
	}
	return known
}

// writeAuditKnown writes failures, key to why, to auditKnownFile, sorted.
func writeAuditKnown(t *testing.T, failures map[string]string) {
	t.Helper()
	var b strings.Builder
	for _, key := range slices.Sorted(maps.Keys(failures)) {
		fmt.Fprintf(&b, "%s\t%s\n", key, failures[key])
	}
	if err := os.WriteFile(auditKnownFile, []byte(b.String()), 0o644); err != nil {
		t.Fatalf("writing the audit's known failures: %v", err)
	}
}

// auditMode is one way a student sees the app: a window size and whether
// presentation mode is on, with the least sizes that mode promises.
type auditMode struct {
	name          string
	width, height int64
	present       bool
	leastBig      float64 // node values, edge actions and pruning reasons, in px on screen
	leastSmall    float64 // every other text of the tree, and a board's cell
	leastPage     float64 // the side panels' text
}

// auditModes are the normal view on a laptop and presentation mode on a
// projector.
var auditModes = []auditMode{
	{name: "normal", width: 1440, height: 900, leastBig: 12, leastSmall: 12, leastPage: 12},
	{name: "present", width: 1280, height: 720, present: true, leastBig: 16, leastSmall: 14, leastPage: 14},
}

// auditShown is what one view shows, measured by auditJS.
type auditShown struct {
	Ready   bool   `json:"ready"`   // the viewer shows the step asked for, its tree drawn
	At      string `json:"at"`      // the step it shows
	Drawing string `json:"drawing"` // what it is drawing still, if anything
	Status  string `json:"status"`  // what its status line says

	Big       float64 `json:"big"`       // the smallest node value or edge text in the panel, px; 1e9 when none
	BigText   string  `json:"bigText"`   // that text
	Bigs      int     `json:"bigs"`      // how many were measured
	Small     float64 `json:"small"`     // the smallest other tree text or board cell, px
	SmallText string  `json:"smallText"` // that text, or "cell"
	Smalls    int     `json:"smalls"`
	Page      float64 `json:"page"`     // the smallest visible text outside the tree, px
	PageText  string  `json:"pageText"` // that text

	Root        bool   `json:"root"`        // the root is within the panel
	Current     string `json:"current"`     // the current node's id, "" when none
	CurrentIn   bool   `json:"currentIn"`   // it is within the panel
	Best        int    `json:"best"`        // nodes of the best line
	BestOut     string `json:"bestOut"`     // the first of them outside the panel, or ""
	Lit         bool   `json:"lit"`         // a pseudocode line is lit
	LitIn       bool   `json:"litIn"`       // and on screen
	Now         bool   `json:"now"`         // the log has a current line
	NowIn       bool   `json:"nowIn"`       // and on screen
	Overlaps    int    `json:"overlaps"`    // pairs of texts of different nodes or edges drawn over one another
	Overlap     string `json:"overlap"`     // the first pair, "n3 'x' / e7 'b1'"
	CaptionCut  bool   `json:"captionCut"`  // the caption over the tree is part in the panel, part out
	Legend      bool   `json:"legend"`      // the legend box is shown
	LegendOver  int    `json:"legendOver"`  // nodes it covers
	LegendFirst string `json:"legendFirst"` // the first of them
}

// auditJS measures the view in document %[1]s, the page's or an embedded
// viewer's, at step %[2]d. Sizes are as sizesShownJS takes them: a text's
// computed size times the drawing's scale on screen, for what lies within
// the tree panel. Lines "on screen" lie within the window (the top
// window's too, for a frame) and within every box that clips them.
const auditJS = `(() => {
	const D = %[1]s;
	const out = {ready: false};
	if (!D) return out;
	const W = D.defaultView;
	const v = D.getElementById("viewer");
	const svg = D.querySelector("#tree svg");
	if (v) Object.assign(out, {at: v.dataset.shownStep || "", drawing: v.dataset.drawing || "", status: (D.getElementById("status") || {}).textContent || ""});
	if (!v || !svg || v.dataset.shownStep !== "%[2]d" || v.dataset.drawing) return out;
	out.ready = true;
	const panel = D.getElementById("tree").getBoundingClientRect();
	const slack = 0.5; // rounding of boxes on screen
	const within = (r, b) => r.width > 0 && r.left >= b.left - slack && r.right <= b.right + slack && r.top >= b.top - slack && r.bottom <= b.bottom + slack;
	const inPanel = (r) => within(r, panel);
	const meets = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
	const shown = (e) => !e.closest(".st_not_reached") && e.checkVisibility({visibilityProperty: true, opacityProperty: true});
	const scale = svg.getScreenCTM().a;

	// 1. The tree's texts: a node's value and an edge's texts are the big
	// kind; windows, placeholders, board marks and captions the small.
	Object.assign(out, {big: 1e9, bigText: "", bigs: 0, small: 1e9, smallText: "", smalls: 0});
	const texts = [];
	for (const t of svg.querySelectorAll("text")) {
		const s = t.textContent.trim();
		if (!s || !shown(t)) continue;
		const r = t.getBoundingClientRect();
		if (!inPanel(r)) continue;
		const px = parseFloat(W.getComputedStyle(t).fontSize) * scale;
		const node = t.closest("g.node");
		const big = !!t.closest("g.edge") || (!!node && (t.matches(".tv") || !!t.closest('[id^="a_v"]')));
		if (big) { out.bigs++; if (px < out.big) { out.big = px; out.bigText = s; } }
		else { out.smalls++; if (px < out.small) { out.small = px; out.smallText = s; } }
		const owner = node || t.closest("g.edge");
		if (owner) texts.push({node: owner.id, s: s, r: r});
	}
	for (const c of svg.querySelectorAll("g.node polygon, g.node rect")) {
		if (!shown(c)) continue;
		const r = c.getBoundingClientRect(), b = c.getBBox();
		if (!inPanel(r) || Math.abs(b.width - b.height) > 0.5 || b.width > 16 || b.width < 4) continue;
		out.smalls++;
		if (r.width < out.small) { out.small = r.width; out.smallText = "a board cell"; }
	}

	// 2. The side panels' text, as sizesShownJS reads the page's.
	out.page = 1e9; out.pageText = "";
	const walker = D.createTreeWalker(v, NodeFilter.SHOW_TEXT);
	for (let n = walker.nextNode(); n; n = walker.nextNode()) {
		const el = n.parentElement;
		if (!n.textContent.trim() || el.closest("#tree, dialog, svg, option")) continue;
		const r = el.getBoundingClientRect();
		if (!el.checkVisibility() || r.width === 0 || r.bottom <= 0 || r.top >= W.innerHeight || r.right <= 0 || r.left >= W.innerWidth) continue;
		const px = parseFloat(W.getComputedStyle(el).fontSize);
		if (px < out.page) { out.page = px; out.pageText = n.textContent.trim(); }
	}

	// 3, 4. The root, the current node and the best line in the panel.
	const root = svg.querySelector("g.node#n0");
	out.root = !!root && inPanel(root.getBoundingClientRect());
	const cur = svg.querySelector("g.node.st_current");
	out.current = cur ? cur.id : "";
	out.currentIn = !!cur && inPanel(cur.getBoundingClientRect());
	const best = [...svg.querySelectorAll("g.node.st_best")];
	out.best = best.length;
	out.bestOut = (best.find((g) => !inPanel(g.getBoundingClientRect())) || {}).id || "";

	// 5. The lit line and the step in words on screen: within the
	// window, every box that clips them, and the top window for a frame.
	const onScreen = (e) => {
		let r = e.getBoundingClientRect();
		if (!within(r, {left: 0, top: 0, right: W.innerWidth, bottom: W.innerHeight})) return false;
		for (let p = e.parentElement; p; p = p.parentElement) {
			if (W.getComputedStyle(p).overflowY !== "visible" && p !== D.documentElement && p !== D.body && !within(r, p.getBoundingClientRect())) return false;
		}
		const f = W.frameElement;
		if (!f) return true;
		const fr = f.getBoundingClientRect();
		const dx = fr.left + f.clientLeft, dy = fr.top + f.clientTop;
		r = {width: r.width, left: r.left + dx, right: r.right + dx, top: r.top + dy, bottom: r.bottom + dy};
		return within(r, {left: 0, top: 0, right: innerWidth, bottom: innerHeight});
	};
	const lit = D.querySelector("#code li.lit"), now = D.querySelector("#log li.now");
	out.lit = !!lit; out.litIn = !!lit && lit.checkVisibility() && onScreen(lit);
	out.now = !!now; out.nowIn = !!now && now.checkVisibility() && onScreen(now);

	// 6. Texts of nodes and edges drawn over one another's, swept left to right.
	out.overlaps = 0; out.overlap = "";
	texts.sort((a, b) => a.r.left - b.r.left);
	for (let i = 0; i < texts.length; i++) {
		for (let j = i + 1; j < texts.length && texts[j].r.left < texts[i].r.right; j++) {
			const a = texts[i], b = texts[j];
			if (a.node === b.node || !meets(a.r, b.r)) continue;
			if (!out.overlaps++) out.overlap = a.node + " '" + a.s + "' / " + b.node + " '" + b.s + "'";
		}
	}

	// 7. The caption over the tree cut by the panel's edge.
	const cap = svg.querySelector("#a_caption");
	const capText = cap && (cap.tagName === "text" ? cap : cap.querySelector("text"));
	out.captionCut = !!capText && shown(capText) && meets(capText.getBoundingClientRect(), panel) && !inPanel(capText.getBoundingClientRect());

	// 8. The legend box over a node the panel shows.
	const legend = D.getElementById("legend-box");
	out.legend = !!legend && !legend.hidden && legend.checkVisibility();
	out.legendOver = 0; out.legendFirst = "";
	if (out.legend) {
		const lr = legend.getBoundingClientRect();
		for (const g of svg.querySelectorAll("g.node")) {
			if (!shown(g)) continue;
			const r = g.getBoundingClientRect();
			if (!meets(r, panel) || !meets(r, lr)) continue;
			if (!out.legendOver++) out.legendFirst = g.id;
		}
	}
	return out;
})()`

// auditView is one view measured: its key's first three parts, what it
// showed, and whether the step is the last and the mode's.
type auditView struct {
	key  string // "ttt-mcts/present/end"
	mode auditMode
	last bool // the view is at the trace's last step
	s    auditShown
}

// auditCheck is one of the audit's checks: its name, the last part of a
// failure's key, and what it finds wrong with a view, "" when nothing;
// it is asked only of the views auditApplies gives it.
type auditCheck struct {
	name  string
	wrong func(v auditView) string
}

// auditChecks are the audit's checks, those of the tree panel's nodes and
// of the lines on screen split by what they look for, so that a fix of
// one half shows.
var auditChecks = []auditCheck{
	{"text", func(v auditView) string {
		var bad []string
		if v.s.Bigs > 0 && v.s.Big < v.mode.leastBig {
			bad = append(bad, fmt.Sprintf("%q is %.1f px, want %v", v.s.BigText, v.s.Big, v.mode.leastBig))
		}
		if v.s.Smalls > 0 && v.s.Small < v.mode.leastSmall {
			bad = append(bad, fmt.Sprintf("%q is %.1f px, want %v", v.s.SmallText, v.s.Small, v.mode.leastSmall))
		}
		return strings.Join(bad, "; ")
	}},
	{"page", func(v auditView) string {
		if v.s.Page < v.mode.leastPage {
			return fmt.Sprintf("the side panels' %q is %.1f px, want %v", v.s.PageText, v.s.Page, v.mode.leastPage)
		}
		return ""
	}},
	{"root", func(v auditView) string {
		if !v.s.Root {
			return "the root n0 is not within the tree panel"
		}
		return ""
	}},
	{"current", func(v auditView) string {
		if v.s.Current != "" && !v.s.CurrentIn {
			return "the current node " + v.s.Current + " is not within the tree panel"
		}
		return ""
	}},
	{"best", func(v auditView) string {
		if v.s.BestOut != "" {
			return "the best line's " + v.s.BestOut + " is not within the tree panel"
		}
		return ""
	}},
	{"code", func(v auditView) string {
		if v.s.Lit && !v.s.LitIn {
			return "the lit pseudocode line is off screen"
		}
		return ""
	}},
	{"log", func(v auditView) string {
		if v.s.Now && !v.s.NowIn {
			return "the step in words (the log's current line) is off screen"
		}
		return ""
	}},
	{"overlap", func(v auditView) string {
		if v.s.Overlaps > 0 {
			return fmt.Sprintf("%d pairs of texts overlap, first %s", v.s.Overlaps, v.s.Overlap)
		}
		return ""
	}},
	{"caption", func(v auditView) string {
		if v.s.CaptionCut {
			return "the caption over the tree is cut by the panel's edge"
		}
		return ""
	}},
	{"legend", func(v auditView) string {
		if v.s.LegendOver > 0 {
			return fmt.Sprintf("the legend covers %d nodes, first %s", v.s.LegendOver, v.s.LegendFirst)
		}
		return ""
	}},
}

// auditApplies reports whether check name is asked of view v at all, so
// that a known failure of a check never made is not taken as fixed.
func auditApplies(name string, v auditView) bool {
	switch name {
	case "best":
		return v.last
	case "code", "log":
		return v.mode.present
	}
	return true
}

// auditLedger holds the known failures and records what the views
// visited and which checks failed, for -audit.update and for the entries
// that no longer fail.
type auditLedger struct {
	known map[string]string
	mu    sync.Mutex
	seen  map[string]bool   // keys of the checks made
	views map[string]bool   // keys of the views judged
	found map[string]string // keys of the checks that failed, to why
}

// judge checks view v, failing t for each check that fails unlisted, and
// logs its numbers on one line.
func (l *auditLedger) judge(t *testing.T, v auditView) {
	t.Helper()
	s := v.s
	t.Logf("%s: big %s (%d) small %s (%d) page %.1f | root %v current %q %v | best %d out %q | code %v/%v log %v/%v | overlaps %d | legend %v over %d",
		v.key, auditPx(s.Big), s.Bigs, auditPx(s.Small), s.Smalls, s.Page, s.Root, s.Current, s.CurrentIn,
		s.Best, s.BestOut, s.Lit, s.LitIn, s.Now, s.NowIn, s.Overlaps, s.Legend, s.LegendOver)
	l.mu.Lock()
	l.views[v.key] = true
	l.mu.Unlock()
	for _, c := range auditChecks {
		if !auditApplies(c.name, v) {
			continue
		}
		key := v.key + "/" + c.name
		wrong := c.wrong(v)
		l.mu.Lock()
		l.seen[key] = true
		if wrong != "" {
			l.found[key] = wrong
		}
		l.mu.Unlock()
		if _, known := l.known[key]; wrong != "" && !known && !*auditUpdate {
			t.Errorf("AUDIT %q: %s", key, wrong)
		}
	}
}

// auditPx shows a least size, or "-" when nothing of its kind was seen.
func auditPx(px float64) string {
	if px >= 1e9 {
		return "-"
	}
	return fmt.Sprintf("%.1f", px)
}

// auditSettle measures the view in document doc at step k once it has
// settled: the viewer shows step k, its tree drawn, and it shows the same
// 100 ms later.
func auditSettle(b *browser, doc string, k int) auditShown {
	b.t.Helper()
	// A cheap test first, polled often; the measurement lays out the page.
	ready := fmt.Sprintf(`(() => { const d = %s; const v = d && d.getElementById("viewer"); return !!v && v.dataset.shownStep === "%d" && !v.dataset.drawing && !v.dataset.resizing && !v.dataset.panelAsked && !!d.querySelector("#tree svg"); })()`, doc, k)
	ctx, cancel := context.WithTimeout(b.ctx, 2*waitFor)
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](ready, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(2*waitFor)))
	cancel()
	expr := fmt.Sprintf(auditJS, doc, k)
	measure := func() auditShown { return get(b, "measuring the view", chromedp.Evaluate[auditShown](expr)) }
	if err != nil {
		s := measure()
		b.t.Fatalf("the viewer did not show step %d within %v: it shows step %q, drawing %q, status %q", k, 2*waitFor, s.At, s.Drawing, s.Status)
	}
	// Settled: what the view shows, read cheaply, the same 100 ms apart,
	// with no resize of the panel waiting to be told or answered; the
	// frames of a big step and the camera's moves land a moment after the
	// step is shown. Then the measurement, once.
	shows := fmt.Sprintf(`(() => { const d = %s; const v = d.getElementById("viewer"), s = d.querySelector("#tree svg"); return [v.dataset.shownStep, v.dataset.drawing || "", v.dataset.resizing || "", v.dataset.panelAsked || "", s ? s.getAttribute("viewBox") : "", s ? s.querySelectorAll("g").length : 0, d.getElementById("tree").getBoundingClientRect().height, (d.querySelector("#code li.lit") || {}).id || "", (d.querySelector("g.node.st_current") || {}).id || ""].join("|"); })()`, doc)
	read := func() string { return get(b, "reading the view", chromedp.Evaluate[string](shows)) }
	last := read()
	for deadline := time.Now().Add(waitFor); ; {
		time.Sleep(100 * time.Millisecond)
		now := read()
		if now == last {
			break
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("the view at step %d did not settle within %v: it shows %s, before %s", k, waitFor, now, last)
		}
		last = now
	}
	s := measure()
	if !s.Ready {
		b.t.Fatalf("the view left step %d as it was measured: it shows step %q, drawing %q", k, s.At, s.Drawing)
	}
	return s
}

// auditOpen opens path on app in a tab of its own at mode's window size.
func auditOpen(t *testing.T, app *httptest.Server, mode auditMode, path string) *browser {
	t.Helper()
	b := newBrowser(t, app)
	b.do("setting the window", chromedp.EmulateViewport(mode.width, mode.height))
	b.open(path)
	return b
}

// auditSearchEnded waits until the viewer in document doc has drawn its
// tree and says its search is no longer live.
func auditSearchEnded(b *browser, doc string) {
	b.t.Helper()
	ended := fmt.Sprintf(`(() => { const d = %s; const l = d && d.getElementById("live"); return !!l && l.hidden && !!d.getElementById("scrubber") && !!d.querySelector("#tree svg"); })()`, doc)
	// The whole of tic-tac-toe takes seconds to search on a busy machine.
	ctx, cancel := context.WithTimeout(b.ctx, 4*waitFor)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](ended, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(4*waitFor))); err != nil {
		b.t.Fatalf("the viewer's search did not end within %v: %v", 4*waitFor, err)
	}
}

// auditShot saves a screenshot of b's page as name in the -audit.shots
// directory, if one is given.
func auditShot(b *browser, name string) {
	b.t.Helper()
	if *auditShots == "" {
		return
	}
	png := get(b, "taking a screenshot", chromedp.FullScreenshot(100))
	path := filepath.Join(*auditShots, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s", path)
}

// TestBrowserAudit walks every gallery example at its start, middle and
// end, and every comparison as it opens, in both modes, one page load per
// example or comparison and mode, and checks each view as the package
// comment says. The app is shared, so that each search runs once.
func TestBrowserAudit(t *testing.T) {
	t.Parallel()
	sharedChromium(t) // skips without a browser
	app := newApp(t)
	ledger := &auditLedger{known: readAuditKnown(t), seen: map[string]bool{}, views: map[string]bool{}, found: map[string]string{}}
	t.Run("views", func(t *testing.T) {
		for _, ex := range gallery.Examples() {
			for _, mode := range auditModes {
				t.Run(ex.Name+"/"+mode.name, func(t *testing.T) {
					t.Parallel()
					auditExample(t, ledger, app, ex.Name, mode)
				})
			}
		}
		for _, c := range gallery.Comparisons() {
			for _, mode := range auditModes {
				t.Run(c.Name+"/"+mode.name, func(t *testing.T) {
					t.Parallel()
					auditCompare(t, ledger, app, c.Name, mode)
				})
			}
		}
	})
	if *auditUpdate {
		// A view not visited (a -run pattern left it out) keeps its entries;
		// one visited keeps only the checks that failed.
		for key, why := range ledger.known {
			if !ledger.views[key[:strings.LastIndex(key, "/")]] {
				ledger.found[key] = why
			}
		}
		writeAuditKnown(t, ledger.found)
		return
	}
	var fixed []string
	for key := range ledger.known {
		if _, failed := ledger.found[key]; ledger.seen[key] && !failed {
			fixed = append(fixed, key)
		}
	}
	slices.Sort(fixed)
	for _, key := range fixed {
		t.Logf("AUDIT %q passes now; -audit.update drops it from %s", key, auditKnownFile)
	}
}

// auditExample opens example name in mode at step 0, moves to its middle
// step with the scrubber and to its last with End, as a person would, and
// judges each view.
func auditExample(t *testing.T, l *auditLedger, app *httptest.Server, name string, mode auditMode) {
	path := "/example/" + name + "?step=0"
	if mode.present {
		path += "&present=1"
	}
	b := auditOpen(t, app, mode, path)
	const doc = "document"
	// A search the gallery runs for the first time is live as the page
	// opens, its last step growing: the views wait until it ends.
	auditSearchEnded(b, doc)
	last := b.lastStep()
	view := func(step string, k int) {
		t.Helper()
		s := auditSettle(b, doc, k)
		l.judge(t, auditView{key: name + "/" + mode.name + "/" + step, mode: mode, last: k == last, s: s})
		auditShot(b, "audit-"+name+"-"+mode.name+"-"+step+".png")
	}
	view("start", 0)
	mid := last / 2
	b.do("dragging the scrubber to the middle", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
		`(() => { const s = document.getElementById("scrubber"); s.value = "%d"; s.dispatchEvent(new Event("input", {bubbles: true})); })()`, mid)))
	view("middle", mid)
	b.do("pressing End", chromedp.KeyEvent(kb.End))
	view("end", last)
}

// auditCompare opens comparison name in mode and judges each of its two
// viewers as they open, once both searches have ended.
func auditCompare(t *testing.T, l *auditLedger, app *httptest.Server, name string, mode auditMode) {
	path := "/compare/" + name
	if mode.present {
		path += "?present=1"
	}
	b := auditOpen(t, app, mode, path)
	docs := map[string]string{}
	for i, side := range []string{"left", "right"} {
		docs[side] = fmt.Sprintf(`((f) => f && f.contentDocument)(document.querySelector('iframe[name="side%d"]'))`, i+1)
	}
	// A page opened while a search still ran follows that search to its
	// last step; one opened after both ended opens them at matched early
	// steps, "step both" ticked. The first is opened again once both have
	// ended, as a student who came a moment later would see it.
	for _, doc := range docs {
		auditSearchEnded(b, doc)
	}
	if !get(b, "reading step both", chromedp.Evaluate[bool](`document.getElementById("step-both").checked`)) {
		b.open(path)
		for _, doc := range docs {
			auditSearchEnded(b, doc)
		}
	}
	for _, side := range []string{"left", "right"} {
		doc := docs[side]
		at := get(b, "reading the steps", chromedp.Evaluate[[]int](fmt.Sprintf(
			`(() => { const d = %s; return [Number(d.getElementById("viewer").dataset.step), Number(d.getElementById("scrubber").max)]; })()`, doc)))
		s := auditSettle(b, doc, at[0])
		l.judge(t, auditView{key: name + ":" + side + "/" + mode.name + "/open", mode: mode, last: at[0] == at[1], s: s})
	}
	auditShot(b, "audit-"+name+"-"+mode.name+"-open.png")
}
