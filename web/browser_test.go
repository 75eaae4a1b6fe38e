package web_test

import (
	"bufio"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/web"
)

// The browser tests drive the app in a headless Chromium as a person would:
// they fill in the forms, click the controls and read what the page shows.
// They skip when no Chromium is installed and in -short mode. Each opens
// its own tabs on its own app, in the binary's one Chromium.

// waitFor bounds each wait for the page; a longer one is a failure. It is
// generous, as the browser tests run in parallel beside other packages'
// tests that keep every core busy.
const waitFor = 15 * time.Second

// screenshotsEnv names a directory the tests write screenshots to; unset,
// they write none.
const screenshotsEnv = "SEARCHVIZ_SCREENSHOTS"

// requireBrowserEnv, set to 1 (as CI does), turns a missing Chromium from
// a skip into a failure, so that CI cannot pass without the browser tests.
const requireBrowserEnv = "SEARCHVIZ_REQUIRE_BROWSER"

// raceBrowserTests are the browser tests run under the race detector:
// those that drive the server's goroutines hardest, a live search and a
// room's presenter and followers. The others would add the detector's
// cost to the browser's and check nothing more: a game's socket, say, is
// driven under the detector by the TestPlay tests.
var raceBrowserTests = map[string]bool{
	"TestBrowserLiveSearch": true,
	"TestBrowserRoom":       true,
}

// newApp serves a fresh app with its own data directory until t ends,
// after applying each of setup to it. Its drawings come from the
// binary's one Graphviz.
func newApp(t testing.TB, setup ...func(*web.Server)) *httptest.Server {
	t.Helper()
	return newAppBehind(t, nil, setup...)
}

// newAppBehind is newApp whose requests pass through wrap, if it is not
// nil, on their way to the app.
func newAppBehind(t testing.TB, wrap func(http.Handler) http.Handler, setup ...func(*web.Server)) *httptest.Server {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	srv, err := web.New(ctx, web.Config{DataDir: t.TempDir(), Layouter: web.SharedLayouter, Program: "test"})
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	for _, f := range setup {
		f(srv)
	}
	var h http.Handler = srv
	if wrap != nil {
		h = wrap(srv)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(func() {
		cancel() // ends the websockets, so that Close need not wait for them
		ts.Close()
	})
	return ts
}

// do runs actions, failing the test with what if they do not finish within
// waitFor.
func (b *browser) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	b.doWithin(what, waitFor, actions...)
}

// doWithin runs actions, failing the test with what if they do not finish
// within timeout: for pages that run searches before they show.
func (b *browser) doWithin(what string, timeout time.Duration, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, timeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// get runs an action that returns a value, as do does.
//
// A page that replaces the element between finding and reading it (a
// form sent again as the page loads its answer) is read again, on the new
// element, as click does.
func get[T any](b *browser, what string, a chromedp.Action[T]) T {
	b.t.Helper()
	for try := 0; ; try++ {
		ctx, cancel := context.WithTimeout(b.ctx, waitFor)
		v, err := chromedp.Run(ctx, a)
		cancel()
		if err == nil {
			return v
		}
		if try < 3 && goneNode(err) {
			continue
		}
		b.t.Fatalf("%s: %v", what, err)
	}
}

// goneNode reports whether err says the element acted on left the page
// between being found and being used.
func goneNode(err error) bool {
	return strings.Contains(err.Error(), "Could not find node with given id") || strings.Contains(err.Error(), "No node with given id found")
}

// open navigates to path on the app.
func (b *browser) open(path string) {
	b.t.Helper()
	b.do("opening "+path, chromedp.Navigate(b.base+path))
}

// openExample serves a fresh app and opens the viewer of example name on
// it at step 0, its tree drawn.
func openExample(t *testing.T, name string) *browser {
	t.Helper()
	b := newBrowser(t, newApp(t))
	b.open("/example/" + name)
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.waitStep(0)
	return b
}

// choose picks value in a select, and tells the page as a person's choice
// would.
func (b *browser) choose(id, value string) {
	b.t.Helper()
	b.do(fmt.Sprintf("choosing %s in #%s", value, id),
		chromedp.SetValue(chromedp.ID(id), value),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById(%q).dispatchEvent(new Event("change", {bubbles: true}))`, id)),
	)
	if got := get(b, "reading #"+id, chromedp.Value(chromedp.ID(id))); got != value {
		b.t.Fatalf("#%s has %q after choosing %q: no such option?", id, got, value)
	}
}

// typeInto replaces the text of an input as a person typing would; an
// input the page replaces meanwhile (a form drawn again as the page
// settles) is typed into again.
func (b *browser) typeInto(id, text string) {
	b.t.Helper()
	for try := 0; ; try++ {
		ctx, cancel := context.WithTimeout(b.ctx, waitFor)
		err := chromedp.Do(ctx,
			chromedp.Click(chromedp.ID(id)),
			chromedp.KeyEvent("a", chromedp.KeyModifiers(kb.ModifierCtrl)), // select what is there, to type over it
			chromedp.SendKeys(chromedp.ID(id), text),
		)
		cancel()
		if err != nil && try < 3 && goneNode(err) {
			continue
		}
		if err != nil {
			b.t.Fatalf("typing into #%s: %v", id, err)
		}
		got := get(b, "reading #"+id, chromedp.Value(chromedp.ID(id)))
		if got == text {
			return
		}
		// A page that has just loaded may still move the focus, so that
		// the select-all missed the field: type it over once more.
		if try < 3 {
			continue
		}
		b.t.Fatalf("#%s holds %q after typing %q", id, got, text)
	}
}

// click clicks the element sel selects with the mouse.
//
// A page that redraws the element between finding and clicking it (a
// board redrawn as a state arrives) is clicked again on the new one.
func (b *browser) click(sel string) {
	b.t.Helper()
	for try := 0; ; try++ {
		ctx, cancel := context.WithTimeout(b.ctx, waitFor)
		_, err := chromedp.Run(ctx, chromedp.Click(chromedp.CSS(sel)))
		cancel()
		if err == nil {
			return
		}
		if try < 3 && goneNode(err) {
			continue
		}
		b.t.Fatalf("clicking %s: %v", sel, err)
	}
}

// text returns the visible text of the element sel selects.
func (b *browser) text(sel string) string {
	b.t.Helper()
	return get(b, "reading "+sel, chromedp.Text(chromedp.CSS(sel)))
}

// shown is what the viewer shows of the current step.
type shown struct {
	Step    string `json:"step"`    // main#viewer's data-shown-step
	Current string `json:"current"` // main#viewer's data-current
	Counter string `json:"counter"` // the step counter's text
	Node    string `json:"node"`    // the id of the g.node drawn as current
	Lit     string `json:"lit"`     // the id of the lit pseudocode line
	Nodes   int    `json:"nodes"`   // nodes of the tree drawn, the legend aside
}

const shownJS = `(() => {
	const v = document.getElementById("viewer");
	const node = document.querySelector("#tree g.node.st_current");
	const lit = document.querySelector("#code li.lit");
	const step = document.getElementById("step");
	return {
		step: (v && v.dataset.shownStep) || "",
		current: (v && v.dataset.current) || "",
		counter: step ? step.textContent : "",
		node: node ? node.id : "",
		lit: lit ? lit.id : "",
		nodes: document.querySelectorAll('#tree g.node[id^="n"]').length,
	};
})()`

// shown reads what the viewer shows.
func (b *browser) shown() shown {
	b.t.Helper()
	return get(b, "reading the viewer", chromedp.Evaluate[shown](shownJS))
}

// waitStep waits until the viewer shows step k: the tree is drawn and
// the frame of step k applied to it, also to the nodes far from the view
// that a big frame restyles a moment later (viewer.js, farPatches).
func (b *browser) waitStep(k int) shown {
	b.t.Helper()
	return b.waitStepFor(k, waitFor)
}

// waitStepFor is waitStep with a timeout of its own.
func (b *browser) waitStepFor(k int, timeout time.Duration) shown {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, timeout)
	defer cancel()
	expr := fmt.Sprintf(`(() => { const v = document.getElementById("viewer"); return !!v && v.dataset.shownStep === "%d" && !v.dataset.drawing && !!document.querySelector("#tree svg"); })()`, k)
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(timeout)))
	if err != nil {
		status := get(b, "reading the status", chromedp.Evaluate[string](`(document.getElementById("status") || {}).textContent || ""`))
		b.t.Fatalf("waiting for the viewer to show step %d: %v; it shows %+v, status %q", k, err, b.shown(), status)
	}
	s := b.shown()
	if s.Counter != strconv.Itoa(k) {
		b.t.Errorf("at step %d the counter says %q", k, s.Counter)
	}
	return s
}

// lastStep returns the viewer's last step, the end of its scrubber.
func (b *browser) lastStep() int {
	b.t.Helper()
	text := get(b, "reading the scrubber", chromedp.Evaluate[string](`document.getElementById("scrubber").max`))
	n, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil {
		b.t.Fatalf("the scrubber's last step is %q", text)
	}
	return n
}

// toLastStep clicks ▶▶ and waits until the viewer shows the last step,
// which it returns.
func (b *browser) toLastStep() int {
	b.t.Helper()
	last := b.lastStep()
	b.click("#last")
	b.waitStep(last)
	return last
}

// settleDrawings waits until the page has been sent no new drawing for
// half a second: once a drawing's texts set the readable scale, the page
// tells the server its panel's size again, and a drawing fitted to it may
// follow.
func (b *browser) settleDrawings() {
	b.t.Helper()
	const js = `new Promise((done) => {
		const v = document.getElementById("viewer");
		let last = v.dataset.layouts, calm = 0;
		const t = setInterval(() => {
			if (v.dataset.layouts === last && !v.dataset.drawing) calm++; else { calm = 0; last = v.dataset.layouts; }
			if (calm >= 5) { clearInterval(t); done(true); }
		}, 100);
	})`
	get(b, "waiting for the drawings to settle", chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise))
}

// screenshot saves the page as name in $SEARCHVIZ_SCREENSHOTS, if it is set.
func (b *browser) screenshot(name string) {
	b.t.Helper()
	dir := os.Getenv(screenshotsEnv)
	if dir == "" {
		return
	}
	png := get(b, "taking a screenshot", chromedp.FullScreenshot(100))
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s", path)
}

// fetch GETs path (absolute, or relative to the app) with net/http.
func fetch(t *testing.T, base, path string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := url.Parse(path)
	if err != nil {
		t.Fatalf("bad link %q: %v", path, err)
	}
	code, body := web.HTTPGet(t, u.ResolveReference(ref).String())
	if code != http.StatusOK {
		t.Fatalf("GET %s: status %d: %s", path, code, body)
	}
	return body
}

// traceID returns the id of the trace the viewer shows.
func (b *browser) traceID() string {
	b.t.Helper()
	loc := get(b, "reading the location", chromedp.Location())
	u, err := url.Parse(loc)
	if err != nil || !strings.HasPrefix(u.Path, "/t/") {
		b.t.Fatalf("the page is %s, not a viewer", loc)
	}
	return strings.TrimPrefix(u.Path, "/t/")
}

func TestBrowserSearchAndStep(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)

	b.open("/new")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=new-search]`)))
	b.choose("game", "tictactoe")
	b.typeInto("position", "x.o/.x./..o")
	b.choose("algo", "alphabeta")
	b.click(`[data-testid=run]`)
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	at := []shown{b.waitStep(0)}
	if h1 := b.text("h1"); !strings.Contains(h1, "alphabeta") || !strings.Contains(h1, "tictactoe") {
		t.Errorf("the viewer's title is %q, want alphabeta on tictactoe", h1)
	}

	const forward = 20 // the lit line first moves at step 18, an eval
	for k := 1; k <= forward; k++ {
		b.click("#forward")
		at = append(at, b.waitStep(k))
	}
	var nodes, lines []string
	for k, s := range at {
		if s.Current != "-1" && s.Node != "n"+s.Current {
			t.Errorf("step %d: data-current is %s but the node drawn as current is %q", k, s.Current, s.Node)
		}
		nodes = append(nodes, s.Node)
		lines = append(lines, s.Lit)
	}
	if len(slices.Compact(slices.Clone(nodes))) < 3 {
		t.Errorf("the current node hardly moved over steps 0..%d: %q", forward, nodes)
	}
	if len(slices.Compact(slices.Clone(lines))) < 2 {
		t.Errorf("the lit pseudocode line never moved over steps 0..%d: %q", forward, lines)
	}

	b.click("#back")
	back := b.waitStep(forward - 1)
	if want := at[forward-1]; back.Node != want.Node || back.Lit != want.Lit {
		t.Errorf("back to step %d shows current node %q and line %q, want %q and %q as before", forward-1, back.Node, back.Lit, want.Node, want.Lit)
	}

	b.do("pressing →", chromedp.KeyEvent(kb.ArrowRight))
	if again := b.waitStep(forward); again.Node != at[forward].Node {
		t.Errorf("→ to step %d shows current node %q, want %q as before", forward, again.Node, at[forward].Node)
	}
	b.screenshot("viewer-ttt.png")
}

func TestBrowserPrunedNode(t *testing.T) {
	t.Parallel()
	b := openExample(t, "rn-alphabeta")
	last := b.toLastStep()

	pruned := get(b, "finding the pruned nodes", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#tree g.node.st_pruned")].map((g) => g.id)`))
	if len(pruned) != 2 {
		t.Fatalf("at the last step the pruned nodes are %v, want the two leaves 4 and 6", pruned)
	}
	b.click("#" + pruned[0])
	b.do("waiting for the node panel", chromedp.WaitVisible(chromedp.ID("node-panel")))
	title, reason := b.text("#node-title"), b.text("#node-reason")
	t.Logf("selected %s: %q: %q; facts %q", pruned[0], title, reason, b.text("#node-facts"))
	for _, want := range []string{"α-cut", "2 ≤ α=3"} {
		if !strings.Contains(reason, want) {
			t.Errorf("the reason %s is pruned is %q, want it to say %q", title, reason, want)
		}
	}
	if cls := get(b, "reading the node's class", chromedp.AttributeValue(chromedp.ID(pruned[0]), "class")); !strings.Contains(cls.Value, "selected") {
		t.Errorf("the clicked node's class is %q, want it marked selected", cls.Value)
	}

	href := get(b, "reading the export link", chromedp.AttributeValue(chromedp.ID("export-svg"), "href"))
	if !href.Exists {
		t.Fatal("the SVG export link has no href")
	}
	if want := fmt.Sprintf("step=%d", last); !strings.Contains(href.Value, want) {
		t.Errorf("the export link is %q, want it at %s", href.Value, want)
	}
	svg := fetch(t, b.base, href.Value)
	if !strings.Contains(svg, "<svg") {
		t.Errorf("the export is not an SVG: %.200s", svg)
	}
	if want := fmt.Sprintf("step %d of %d", last, last); !strings.Contains(svg, want) {
		t.Errorf("the export's title does not say %q", want)
	}
	direct := fetch(t, b.base, fmt.Sprintf("/t/%s/export.svg?step=%d", b.traceID(), last))
	if svg != direct {
		t.Errorf("the export link's SVG (%d bytes) differs from the export of step %d (%d bytes)", len(svg), last, len(direct))
	}
	b.screenshot("viewer-pruned.png")
}

func TestBrowserUploadReplay(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	dir := t.TempDir()
	good := filepath.Join(dir, "minimax.jsonl")
	web.WriteTrace(t, good, catalog.Request{Game: "tree", Algo: "minimax", Position: "[[1,2],[3,4]]", Program: "test"})

	b.open("/")
	b.do("choosing the trace file", chromedp.SetUploadFiles(chromedp.ID("trace-file"), []string{good}))
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.waitStep(0)
	if h1 := b.text("h1"); !strings.Contains(h1, "minimax") {
		t.Errorf("the viewer's title is %q, want it to name minimax", h1)
	}
	b.toLastStep()
	if d := b.text(`[data-testid=decision]`); !strings.Contains(d, "value 3") {
		t.Errorf("the decision says %q, want value 3 (max of min(1,2) and min(3,4))", d)
	}

	// A file with a good header and a bad event.
	f, err := os.Open(good)
	if err != nil {
		t.Fatal(err)
	}
	header, err := bufio.NewReader(f).ReadString('\n')
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte(header+`{"step":0,"kind":"nonsense"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b.open("/")
	b.do("choosing the bad file", chromedp.SetUploadFiles(chromedp.ID("trace-file"), []string{bad}))
	b.do("waiting for the upload error", chromedp.WaitVisible(chromedp.CSS(`[data-testid=upload-error]`)))
	msg := b.text(`[data-testid=upload-error]`)
	t.Logf("upload error: %q", msg)
	for _, want := range []string{"bad.jsonl", "line"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the upload error %q does not mention %q", msg, want)
		}
	}
	b.do("looking for the start page", chromedp.WaitVisible(chromedp.CSS(`[data-testid=lessons]`)), chromedp.WaitVisible(chromedp.CSS(`[data-testid=new-search-link]`)))
	if lessons := get(b, "counting the lessons", chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=lesson]").length`)); lessons < 2 {
		t.Errorf("after the bad upload the start page lists %d lessons", lessons)
	}
	b.screenshot("upload-error.png")
}

// TestBrowserLiveSearch watches a search from the page while it runs: the
// page says it is live, the step counter grows as snapshots arrive, the
// person steps back through what has arrived, and when the search ends
// the page shows its decision and is no longer live.
func TestBrowserLiveSearch(t *testing.T) {
	t.Parallel()
	// The search makes 5 of its 13 nodes 100 ms apart, several snapshots,
	// and waits there until the test has seen it live.
	release := make(chan struct{})
	app := newApp(t, func(s *web.Server) { web.HoldSearches(s, 5, 100*time.Millisecond, release) })
	var once sync.Once
	resume := func() { once.Do(func() { close(release) }) }
	t.Cleanup(resume)
	b := newBrowser(t, app)
	b.open("/new")
	b.choose("game", "tree")
	b.typeInto("position", "[[3,12,8],[2,4,6],[14,5,2]]")
	b.choose("algo", "alphabeta")
	b.click(`[data-testid=run]`)
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.waitStep(0)
	if live := get(b, "reading the live mark", chromedp.Evaluate[bool](`!document.getElementById("live").hidden`)); !live {
		t.Fatal("the page of a running search does not say it is live")
	}
	first := b.lastStep()

	// Step forward, then back, while the search goes on.
	b.click("#forward")
	b.waitStep(1)
	b.click("#back")
	b.waitStep(0)

	resume()
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("live").hidden`,
		chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(15*time.Second)))
	if err != nil {
		t.Fatalf("the page still says live after 15 s: %v", err)
	}
	last := b.lastStep()
	if last <= first {
		t.Errorf("the trace did not grow on the page: %d steps at first, %d at the end", first, last)
	}
	if got := b.shown().Step; got != "0" {
		t.Errorf("the page moved from step 0 to %s by itself while the search ran", got)
	}
	if d := b.text(`[data-testid=decision]`); !strings.Contains(d, "value 3") {
		t.Errorf("decision after the search: %q, want value 3", d)
	}
	b.click("#last")
	s := b.waitStep(last)
	if s.Nodes != 13 {
		t.Errorf("the final drawing has %d nodes, want the textbook tree's 13", s.Nodes)
	}
	b.screenshot("viewer-live-done.png")
}

// waitValue waits until the input id holds want, as the position field
// does once the server has written an edited board back as text; it
// fails the test with what the input holds instead.
func (b *browser) waitValue(id, want string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, waitFor)
	defer cancel()
	expr := fmt.Sprintf(`document.getElementById(%q).value === %q`, id, want)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(waitFor))); err != nil {
		b.t.Fatalf("#%s holds %q, want %q", id, get(b, "reading #"+id, chromedp.Value(chromedp.ID(id))), want)
	}
}

// editorCell is one cell of the board editor, as the page shows it.
type editorCell struct {
	Label string `json:"label"` // "cell a1: the first player's x"
	Class string `json:"class"` // "cell kind-piece owner-first"
	Text  string `json:"text"`
}

// waitTreeNamed waits until the tree editor names its root, as the
// server's answer does a moment after each change; the names widen the
// rows, moving their buttons, so a person clicks after them.
func (b *browser) waitTreeNamed() {
	b.t.Helper()
	b.waitJS("the tree editor's names", `((document.querySelector('#tree-editor .tree-node[data-path="r"]') || {}).textContent || "").startsWith("A (")`)
}

// editorCells reads the board editor's cells, row by row.
func (b *browser) editorCells() []editorCell {
	b.t.Helper()
	return get(b, "reading the board editor", chromedp.Evaluate[[]editorCell](`[...document.querySelectorAll("#board-editor td button")].map((e) => ({
		label: e.getAttribute("aria-label"), class: e.className, text: e.textContent,
	}))`))
}

// TestBrowserPositionEditors edits positions by clicking, as a teacher
// preparing an exercise would: a tic-tac-toe cell, a maze's walls,
// points and player, and a typed tree's leaf, child and removal. The
// position text must follow each edit, the editors show the games' own
// boards and names, and a board that is no position yet says why.
func TestBrowserPositionEditors(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	b.open("/new")
	b.choose("game", "tictactoe")
	b.typeInto("position", ".../.../...")
	// Cells in text order; a1 is the bottom-left cell, the 7th.
	b.click(`#board-editor button[aria-label^="cell a1"]`)
	b.waitValue("position", ".../.../x..")
	b.click(`#board-editor button[aria-label^="cell b2"]`)
	b.click(`#board-editor button[aria-label^="cell b2"]`)
	b.waitValue("position", ".../.o./x..")
	cells := b.editorCells()
	if len(cells) != 9 || cells[6].Label != "cell a1: the first player's x" || cells[4].Text != "o" || !strings.Contains(cells[4].Class, "owner-second") {
		t.Errorf("after x on a1 and o on b2 the editor shows %+v", cells)
	}
	b.screenshot("editor-ttt.png")

	b.choose("game", "tree")
	b.typeInto("position", "[[1,2],[3,4]]")
	b.waitTreeNamed()
	b.do("changing the first leaf",
		chromedp.SetValue(chromedp.CSS(`#tree-editor input[type=number]`), "7"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#tree-editor input[type=number]").dispatchEvent(new Event("change"))`),
	)
	b.waitTreeNamed()
	b.click(`#tree-editor > ul > li:first-child > ul > li:last-child > button`) // "+ leaf" under B
	b.waitTreeNamed()
	b.click(`#tree-editor > ul > li:nth-child(2) > button[aria-label="remove this child"]`)
	b.waitValue("position", "[[7,2,0]]")
	// The names are the game's: A the root, its child B, B's moves b1 to b3.
	names := `[...document.querySelectorAll("#tree-editor .tree-node, #tree-editor .tree-edge")].map((e) => e.textContent).join(" ")`
	ctx, cancel := context.WithTimeout(b.ctx, waitFor)
	defer cancel()
	const want = "A (MAX, the root) a1 B (MIN) b1 b2 b3"
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](names+` === "`+want+`"`, chromedp.WithPollingTimeout(waitFor))); err != nil {
		t.Errorf("the tree editor names %q, want %q", get(b, "reading the names", chromedp.Evaluate[string](names)), want)
	}
	b.screenshot("editor-tree.png")
}

// TestBrowserTreeParseError types malformed trees into the new-search
// form's position field, as a teacher writing one by hand would: why the text is
// not a tree shows under the field as it is typed, before the search is
// asked for, and goes once the text is a tree again.
func TestBrowserTreeParseError(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	for _, tt := range []struct {
		game, bad, want, good string
	}{
		{"tree", "[[1,2],", "position: tree: at offset 7: expected a number or '[', found end of input", "[[1,2],[3]]"},
		{"tree", "[[1,x]]", "position: tree: at offset 4:", "[[1,2]]"},
		{"chancetree", "[{0.5:3", "position: tree: at offset 7: expected ',' or '}', found end of input", "[{0.5:3,0.5:4}]"},
	} {
		b.open("/new?game=" + tt.game)
		b.typeInto("position", tt.bad)
		problem := `document.getElementById("position-problem")`
		b.waitJS("why "+tt.bad+" is no "+tt.game, problem+`.textContent.startsWith(`+jsString(tt.want)+`) && `+problem+`.offsetHeight > 0`)
		if path := get(b, "reading the address", chromedp.Evaluate[string](`location.pathname`)); path != "/new" {
			t.Errorf("%s %s: the page is %s, not the form's: the search was asked for", tt.game, tt.bad, path)
		}
		b.screenshot("tree-parse-error-" + tt.game + ".png")
		b.typeInto("position", tt.good)
		b.waitJS("the problem gone after "+tt.good, problem+`.textContent === "" && `+problem+`.offsetHeight === 0`)
	}
}

// TestBrowserMazeEditor edits the maze's board by clicking: a generated
// board is shown when the position is empty, a wall becomes the player
// (two players: the editor says the board is no position yet), the old
// player becomes points, a picked wall is painted, and shift-click
// cycles back.
func TestBrowserMazeEditor(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	b.open("/new")
	b.choose("game", "maze")
	// No position: the board the parameters and seed make, the primer's.
	b.do("waiting for the generated board", chromedp.WaitVisible(chromedp.CSS(`#board-editor button[aria-label^="cell row 5, column 5"]`)))
	if caption := b.text("#board-editor .caption"); caption != "4 turns left" {
		t.Errorf("the generated board's caption is %q, want 4 turns left", caption)
	}
	if cells := b.editorCells(); len(cells) != 25 || cells[12].Text != "@" || cells[6].Label != "cell row 2, column 2: wall" {
		t.Errorf("the generated board shows %+v, want the primer's 5x5 with @ in the middle", cells)
	}
	if got := get(b, "reading the position", chromedp.Value(chromedp.ID("position"))); got != "" {
		t.Errorf("showing the generated board wrote %q into the position", got)
	}

	b.typeInto("position", "3:#.5#/.@18/3#..")
	b.do("waiting for the typed board", chromedp.WaitVisible(chromedp.CSS(`#board-editor button[aria-label="cell row 3, column 4: empty"]`)))
	b.click(`#board-editor button[aria-label^="cell row 1, column 1"]`) // a wall: next comes the player
	b.waitValue("position", "3:@.5#/.@18/3#..")
	if p := b.text(`[data-testid=board-problem]`); !strings.Contains(p, "a second '@'") {
		t.Errorf("with two players the editor says %q, want why it is no position", p)
	}
	b.click(`#board-editor button[aria-label^="cell row 2, column 2"]`) // the old player: next come 1 point
	b.waitValue("position", "3:@.5#/.118/3#..")
	b.click(`#board-editor .palette button[aria-label="clicks paint wall"]`)
	b.click(`#board-editor button[aria-label^="cell row 3, column 3"]`)
	b.waitValue("position", "3:@.5#/.118/3##.")
	b.click(`#board-editor .palette button[aria-label="clicks cycle a cell"]`)
	b.do("shift-clicking row 1, column 2", chromedp.Evaluate[chromedp.Void](
		`document.querySelector('#board-editor button[aria-label^="cell row 1, column 2"]').dispatchEvent(new MouseEvent("click", {bubbles: true, shiftKey: true}))`))
	b.waitValue("position", "3:@95#/.118/3##.") // back from empty floor to 9 points
	if p := b.text(`[data-testid=board-problem]`); p != "" {
		t.Errorf("the board is a position again, yet the editor says %q", p)
	}
	cells := b.editorCells()
	if len(cells) != 12 || !strings.Contains(cells[10].Class, "kind-wall") || cells[1].Label != "cell row 1, column 2: 9 points" || cells[0].Label != "cell row 1, column 1: the first player's @" {
		t.Errorf("after the edits the editor shows %+v", cells)
	}
	b.screenshot("editor-maze.png")
}

// TestBrowserTwinMazeTurnsBoard opens the twin maze played in turns: its
// boards, in the tree and in the panels, have the grid's five rows only,
// with the side to move in the caption, and a node after A's move marks
// the two cells A's move changed.
func TestBrowserTwinMazeTurnsBoard(t *testing.T) {
	t.Parallel()
	b := openExample(t, "twin-turns")
	read := func(sel string) boardShown { return readBoard(b, sel) }
	root := read("#board")
	if root.Rows != 5 || len(root.Texts) != 25 || root.Caption != "20 turns left, A to move" {
		t.Errorf("the root's board has %d rows, %d cells, caption %q; want 5, 25, 20 turns left, A to move", root.Rows, len(root.Texts), root.Caption)
	}
	if i := slices.Index(root.Texts, "A"); i < 0 || !strings.Contains(root.Classes[i], "kind-piece owner-first") {
		t.Errorf("the root's board has no cell A of the first player: %q %q", root.Texts, root.Classes)
	}
	stray := get(b, "reading the tree's boards", chromedp.Evaluate[int](`[...document.querySelectorAll("#tree g.node text")].filter((e) => e.textContent === ";").length`))
	if stray != 0 {
		t.Errorf("%d cells of the tree's boards hold ';'", stray)
	}
	b.toLastStep()
	// The move chosen, which the last step shows under the root: A has moved.
	b.click("#tree g.node.st_best:not(#n0)")
	b.do("waiting for the node panel", chromedp.WaitVisible(chromedp.CSS("#node-board td")))
	after := read("#node-board")
	var changed []string
	for _, i := range after.Changed {
		changed = append(changed, after.Texts[i])
	}
	if after.Rows != 5 || !strings.HasSuffix(after.Caption, "B to move") || len(changed) != 2 || !slices.Contains(changed, "A") {
		t.Errorf("after A's first move the board has %d rows, caption %q, changed cells %q; want 5 rows, B to move, A's two cells", after.Rows, after.Caption, changed)
	}
	b.screenshot("viewer-twin-turns.png")
}

// boardShown is a board as the page shows it.
type boardShown struct {
	Rows    int      `json:"rows"`
	Caption string   `json:"caption"`
	Texts   []string `json:"texts"`   // each cell's text, row by row
	Changed []int    `json:"changed"` // the indexes of the cells marked as the move just played
	Classes []string `json:"classes"` // each cell's CSS classes
}

// readBoard reads the board drawn in the element sel.
func readBoard(b *browser, sel string) boardShown {
	b.t.Helper()
	return get(b, "reading "+sel, chromedp.Evaluate[boardShown](fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		const cells = [...el.querySelectorAll("td")];
		return {
			rows: [...el.querySelectorAll("tr")].filter((tr) => tr.querySelector("td")).length, // not the columns' names
			caption: (el.querySelector(".caption") || {}).textContent || "",
			texts: cells.map((c) => c.textContent),
			changed: cells.map((c, i) => c.classList.contains("changed") ? i : -1).filter((i) => i >= 0),
			classes: cells.map((c) => c.className),
		};
	})()`, sel)))
}

// TestBrowserConnectFour opens the Connect Four example: the board beside
// the tree is the game's 6×7 grid with x's open three on the bottom row,
// AlphaBeta chooses the block at a, and the root's child a shows o's disc
// landed in the bottom-left cell, the move just played.
func TestBrowserConnectFour(t *testing.T) {
	t.Parallel()
	b := openExample(t, "c4-alphabeta")
	read := func(sel string) boardShown { return readBoard(b, sel) }
	root := read("#board")
	if root.Rows != 6 || len(root.Texts) != 42 || root.Caption != "o to move" {
		t.Fatalf("the root's board has %d rows, %d cells, caption %q; want 6, 42, o to move", root.Rows, len(root.Texts), root.Caption)
	}
	if got := strings.Join(root.Texts[35:], ""); got != "xxxoo" {
		t.Errorf("the bottom row reads %q, want the discs xxxoo", got)
	}
	b.toLastStep()
	if d := b.text("#decision"); !strings.Contains(d, "play a") {
		t.Errorf("the decision reads %q, want the block at a", d)
	}
	// The root's first child, o's drop into column a, lies left of the
	// view the page opens with: click it where it is.
	b.do("clicking node a", chromedp.Evaluate[chromedp.Void](`document.querySelector("#n1").dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	b.do("waiting for the node panel", chromedp.WaitVisible(chromedp.CSS("#node-board td")))
	after := read("#node-board")
	if after.Caption != "x to move" || len(after.Changed) != 1 || after.Changed[0] != 35 || after.Texts[35] != "o" {
		t.Errorf("after o's move a the board has caption %q, changed cells %v, bottom-left %q; want x to move, [35], o", after.Caption, after.Changed, after.Texts[35])
	}
	b.screenshot("viewer-connectfour.png")
}

// TestBrowserBeamOnMaze opens the beam example on the primer's maze: at
// the last step the beam panel ranks the kept states above the dropped,
// best first, and a dropped state clicked in the list is selected in the
// tree with its board, path and score.
func TestBrowserBeamOnMaze(t *testing.T) {
	t.Parallel()
	b := openExample(t, "maze-beam")
	b.toLastStep()
	type ranked struct {
		Kept    []string `json:"kept"`
		Dropped []string `json:"dropped"`
		Title   string   `json:"title"`
	}
	r := get(b, "reading the beam panel", chromedp.Evaluate[ranked](`({
		kept: [...document.querySelectorAll("#beam-kept li[data-node] b")].map((e) => e.textContent),
		dropped: [...document.querySelectorAll("#beam-dropped li[data-node] b")].map((e) => e.textContent),
		title: document.getElementById("beam-title").textContent,
	})`))
	if len(r.Kept) != 3 || !strings.Contains(r.Title, "depth 5") {
		t.Fatalf("the last beam (%q) keeps %v, want the 3 best of depth 5", r.Title, r.Kept)
	}
	scores := append(slices.Clone(r.Kept), r.Dropped...)
	for i := 1; i < len(scores); i++ {
		prev, _ := strconv.ParseFloat(scores[i-1], 64)
		cur, _ := strconv.ParseFloat(scores[i], 64)
		if cur > prev {
			t.Errorf("the beam is not ranked best first: %v", scores)
			break
		}
	}
	if dec := b.text(`[data-testid=decision]`); !strings.Contains(dec, "best score found, "+r.Kept[0]) {
		t.Errorf("the decision %q does not give the best kept score %s", dec, r.Kept[0])
	}
	if len(r.Dropped) > 0 {
		b.click("#beam-dropped li[data-node]")
		b.do("waiting for the selection", chromedp.WaitVisible(chromedp.ID("node-panel")))
		facts := b.text("#node-facts")
		if !strings.Contains(facts, "dropped by the beam") {
			t.Errorf("the selected dropped state's facts say %q", facts)
		}
		if n := get(b, "counting the trail", chromedp.Evaluate[int](`document.querySelectorAll("#node-board td.trail").length`)); n == 0 {
			t.Error("the selected state's board does not show the path taken")
		}
	}
	b.screenshot("viewer-maze-beam.png")
}

// TestBrowserMCTSVisits opens the MCTS example: at the last step the chart
// of the root's visits marks the most visited move, which is the move the
// search chose, and its visits add up to the iterations; stepping back to
// the first iterations shows fewer.
func TestBrowserMCTSVisits(t *testing.T) {
	t.Parallel()
	b := openExample(t, "ttt-mcts")
	b.toLastStep()
	type visits struct {
		Labels []string `json:"labels"`
		Counts []int    `json:"counts"`
		Most   string   `json:"most"`
	}
	read := func() visits {
		return get(b, "reading the visits", chromedp.Evaluate[visits](`({
			labels: [...document.querySelectorAll("#visits-bars .bar-label")].map((e) => e.textContent),
			counts: [...document.querySelectorAll("#visits-bars .bar-count")].map((e) => parseInt(e.textContent, 10)),
			most: ((document.querySelector("#visits-bars .bar.most") || {}).parentElement || {querySelector: () => ({})}).querySelector(".bar-label").textContent || "",
		})`))
	}
	v := read()
	total := 0
	for _, n := range v.Counts {
		total += n
	}
	if total != 300 {
		t.Errorf("the root's moves have %d visits in all, want the 300 iterations (%v)", total, v.Counts)
	}
	if dec := b.text(`[data-testid=decision]`); v.Most == "" || !strings.Contains(dec, "play "+v.Most+",") {
		t.Errorf("the most visited move is %q, the decision %q", v.Most, dec)
	}
	b.screenshot("viewer-mcts.png")
	b.click("#first")
	b.waitStep(0)
	if get(b, "reading the visits panel", chromedp.Evaluate[bool](`document.getElementById("visits-panel").hidden`)) {
		return // no result backed up yet at step 0: the panel waits
	}
	if early := read(); slices.Max(early.Counts) >= slices.Max(v.Counts) {
		t.Errorf("at step 0 the visits are %v, as many as at the end", early.Counts)
	}
}

// TestRaceBrowserTestsExist fails when raceBrowserTests names a test that
// is not declared, renamed say, which the race stage would silently skip.
func TestRaceBrowserTestsExist(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("browser*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil {
				declared[fn.Name.Name] = true
			}
		}
	}
	for name := range raceBrowserTests {
		if !declared[name] {
			t.Errorf("raceBrowserTests names %s, which no browser test file declares", name)
		}
	}
}
