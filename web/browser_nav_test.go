package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
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
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web"
)

// bigTrace is a trace too big to draw whole, as a page shows it, with the
// facts the tests check the page against, read from its events.
type bigTrace struct {
	b      *browser
	parent []trace.NodeID // by node, from the node events and the cuts' placeholders
	events []trace.Event
}

// bigSearch is the search of the big trace: AlphaBeta's whole search of
// tic-tac-toe, 25,227 nodes with its pruned moves.
var bigSearch = catalog.Request{Game: "tictactoe", Algo: "alphabeta"}

// bigShared is the big trace, recorded once for every test that opens it,
// and the app that serves it: the search, its fold and its first drawings
// cost seconds of both cores, and the pages that open it each keep their
// own state on the server.
var bigShared struct {
	once   sync.Once
	err    error
	app    *httptest.Server
	viewer string         // the path of the trace's viewer on app
	parent []trace.NodeID // by node, from the node events and the cuts' placeholders
	events []trace.Event
}

// loadBigShared records bigSearch, reads it back and saves it on an app of
// its own, which it has stopped once every test has ended.
func loadBigShared() error {
	dir, err := os.MkdirTemp("", "searchviz-big-")
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	srv, err := web.New(ctx, web.Config{DataDir: filepath.Join(dir, "data"), Layouter: web.SharedLayouter, Program: "test"})
	if err != nil {
		cancel()
		return err
	}
	app := httptest.NewServer(srv)
	web.AfterTests(func() {
		cancel()
		app.Close()
		os.RemoveAll(dir)
	})
	path := filepath.Join(dir, "big.jsonl.gz")
	if err := web.SearchToFile(path, bigSearch); err != nil {
		return err
	}
	_, events, err := trace.ReadFile(path)
	if err != nil {
		return err
	}
	var parent, holders []trace.NodeID // holders: the parents of the placeholders, in cut order
	for _, e := range events {
		switch e.Kind {
		case trace.KindNode:
			parent = append(parent, e.Parent)
		case trace.KindCut:
			for range e.Pruned {
				holders = append(holders, e.Node)
			}
		}
	}
	parent = append(parent, holders...)
	if len(parent) <= render.DefaultBudget {
		return fmt.Errorf("the big trace has %d nodes, not more than the display budget", len(parent))
	}
	viewer, err := srv.Import(path)
	if err != nil {
		return err
	}
	bigShared.app, bigShared.viewer, bigShared.parent, bigShared.events = app, viewer, parent, events
	return nil
}

// openBigTrace opens the viewer of the big trace in a tab of its own and
// waits for the first drawing.
func openBigTrace(t testing.TB) *bigTrace {
	t.Helper()
	bigShared.once.Do(func() { bigShared.err = loadBigShared() })
	if bigShared.err != nil {
		t.Fatalf("recording and saving the big trace: %v", bigShared.err)
	}
	bt := &bigTrace{parent: bigShared.parent, events: bigShared.events}
	bt.b = newBrowser(t, bigShared.app)
	bt.b.doWithin("opening the big trace", 30*time.Second,
		chromedp.Navigate(bigShared.app.URL+bigShared.viewer),
		chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	bt.b.waitStepFor(0, 30*time.Second)
	return bt
}

// under reports whether node id lies in the subtree of top.
func (bt *bigTrace) under(id, top trace.NodeID) bool {
	for ; id != trace.NoNode; id = bt.parent[id] {
		if id == top {
			return true
		}
	}
	return false
}

// children returns the children of p.
func (bt *bigTrace) children(p trace.NodeID) []trace.NodeID {
	var out []trace.NodeID
	for id, q := range bt.parent {
		if q == p {
			out = append(out, trace.NodeID(id))
		}
	}
	return out
}

// drawing is what the tree panel draws.
type drawing struct {
	Nodes   []int    `json:"nodes"`   // the ids of the nodes drawn
	More    []int    `json:"more"`    // the parents of the placeholders shown
	Labels  []string `json:"labels"`  // their texts, "+6 more 2,345 nodes"
	Current []int    `json:"current"` // the nodes drawn as current
	Layouts string   `json:"layouts"` // the drawings the page was given
	Span    float64  `json:"span"`    // the width the drawn nodes span, in the drawing's units
	Panel   string   `json:"panel"`   // the tree panel's readable size the page told the server, "WxH"
	Folds   []int    `json:"folds"`   // the nodes under the folds of a path's run
}

const drawingJS = `(() => {
	const vis = (g) => !/st_not_reached/.test(g.getAttribute("class"));
	const nodes = [...document.querySelectorAll('#tree g.node[id^="n"]')];
	const more = [...document.querySelectorAll('#tree g.node.more:not(.fold)')].filter(vis);
	return {
		folds: [...document.querySelectorAll('#tree g.node.fold')].map((g) => Number(g.id.slice(1))),
		nodes: nodes.map((g) => Number(g.id.slice(1))),
		more: more.map((g) => Number(g.id.slice(1))),
		labels: more.map((g) => g.textContent.replace(/\s+/g, " ").trim()),
		current: nodes.filter((g) => g.classList.contains("st_current")).map((g) => Number(g.id.slice(1))),
		layouts: document.getElementById("viewer").dataset.layouts || "0",
		span: (() => {
			const boxes = nodes.filter(vis).map((g) => g.getBBox());
			return boxes.length ? Math.max(...boxes.map((b) => b.x + b.width)) - Math.min(...boxes.map((b) => b.x)) : 0;
		})(),
		panel: document.getElementById("viewer").dataset.panel || "",
	};
})()`

// drawnWhole is true once the tree panel draws the whole of its drawing:
// the server sends a new big drawing in two parts, the part around the
// node the page centres on first, and the page adds the rest a moment
// after it has shown the first.
const drawnWhole = `!document.getElementById("viewer").dataset.drawing`

// drawing reads what the tree panel draws, once it draws the whole of its
// drawing.
func (bt *bigTrace) drawing() drawing {
	bt.b.t.Helper()
	get(bt.b, "waiting for the rest of the drawing", chromedp.Poll[bool](drawnWhole, chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(waitFor)))
	return get(bt.b, "reading the drawing", chromedp.Evaluate[drawing](drawingJS))
}

// waitLayouts waits until the page has been given more than n drawings.
func (bt *bigTrace) waitLayouts(n string) drawing {
	bt.b.t.Helper()
	ctx, cancel := context.WithTimeout(bt.b.ctx, 2*waitFor)
	defer cancel()
	expr := fmt.Sprintf(`Number(document.getElementById("viewer").dataset.layouts || "0") > %s && !!document.querySelector("#tree svg")`, n)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(2*waitFor))); err != nil {
		bt.b.t.Fatalf("waiting for a new drawing after %s: %v", n, err)
	}
	return bt.drawing()
}

// folded reports whether drawing d leaves node id out under a fold: id
// or an ancestor lies in a fold's run, the nodes not drawn from the
// fold's node (its Bottom, drawn, or its last node folded) up to the
// nearest ancestor drawn.
func (bt *bigTrace) folded(d drawing, id trace.NodeID) bool {
	for _, b := range d.Folds {
		start := trace.NodeID(b)
		if slices.Contains(d.Nodes, b) {
			start = bt.parent[b]
		}
		for r := start; r != trace.NoNode && !slices.Contains(d.Nodes, int(r)); r = bt.parent[r] {
			for a := id; a != trace.NoNode; a = bt.parent[a] {
				if a == r {
					return true
				}
			}
		}
	}
	return false
}

// checkCore checks that the page draws the node the search is at, the
// path to it and the best line so far, as the events of steps 0 to k
// make them.
func (bt *bigTrace) checkCore(k int) {
	bt.b.t.Helper()
	d := bt.drawing()
	core := bt.coreAt(k)
	for _, id := range core {
		if !slices.Contains(d.Nodes, int(id)) && !bt.folded(d, id) {
			bt.b.t.Errorf("step %d: node %d, on the path to the current node or the best line, is not drawn", k, id)
		}
	}
	var stack []trace.NodeID
	for _, e := range bt.events[:k+1] {
		switch e.Kind {
		case trace.KindEnter:
			stack = append(stack, e.Node)
		case trace.KindLeave:
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) > 0 && !slices.Equal(d.Current, []int{int(stack[len(stack)-1])}) {
		bt.b.t.Errorf("step %d: the nodes drawn as current are %v, want node %d", k, d.Current, stack[len(stack)-1])
	}
}

// TestBrowserNavigateBigTree opens AlphaBeta's whole search of tic-tac-toe
// (25,227 nodes with its pruned moves), more than the page draws: it draws
// at most the display budget and placeholders, always the current node and
// the path to it, at the first step, a few steps on and after a jump; a
// placeholder clicked shows the children it stood for; viewing a node's
// subtree draws only it and the way down to it, until "up" and "root".
func TestBrowserNavigateBigTree(t *testing.T) {
	t.Parallel()
	bt := openBigTrace(t)
	b := bt.b
	first := bt.drawing()
	singles := bt.singles(first.Nodes)
	t.Logf("step 0: %d nodes drawn, %d of them leaves in the place of a placeholder", len(first.Nodes), singles)
	var panelW, panelH float64
	if _, err := fmt.Sscanf(first.Panel, "%gx%g", &panelW, &panelH); err != nil {
		t.Fatalf("the page told the server no panel size (%q): %v", first.Panel, err)
	}
	if n := len(first.Nodes) - singles; n > render.DefaultBudget || first.Span > panelW {
		t.Errorf("the page draws %d nodes of %d, spanning %.0f units, and %d leaves in the place of placeholders; want at most the budget of %d, within the panel's %.0f units", n, len(bt.parent), first.Span, singles, render.DefaultBudget, panelW)
	}
	pruned := 0
	for _, e := range bt.events {
		if e.Kind == trace.KindCut {
			pruned += len(e.Pruned)
		}
	}
	// The header counts the nodes searched; the tree holds the pruned moves too.
	want := fmt.Sprintf("of %s nodes (%s searched, %s pruned moves) drawn", explain.Thousands(len(bt.parent)), explain.Thousands(len(bt.parent)-pruned), explain.Thousands(pruned))
	if n := b.text(`[data-testid=nav-count]`); !strings.Contains(n, want) {
		t.Errorf("the tree's tools say %q, want how many %s", n, want)
	}
	for k := 1; k <= 12; k++ {
		b.do("pressing →", chromedp.KeyEvent(kb.ArrowRight))
		b.waitStep(k)
		bt.checkCore(k)
	}
	for _, k := range []int{40_000, 99_000, 7_777} {
		b.do("jumping", chromedp.SetValue(chromedp.ID("scrubber"), strconv.Itoa(k)),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("scrubber").dispatchEvent(new Event("input"))`))
		b.waitStep(k)
		bt.checkCore(k)
	}
	// On from there: the drawing keeps the nodes the search visits next.
	const k = 7_778
	b.do("pressing →", chromedp.KeyEvent(kb.ArrowRight))
	b.waitStep(k)
	bt.checkCore(k)
	b.screenshot("viewer-big-tree.png")

	// Fitted to the panel: no wider than it at a readable scale, yet more
	// than what it draws of the path to the current node and the best
	// line.
	d := bt.drawing()
	drawnCore := 0
	for _, id := range bt.coreAt(k) {
		if slices.Contains(d.Nodes, int(id)) {
			drawnCore++
		}
	}
	if shown := len(d.Nodes) - bt.singles(d.Nodes); d.Span > panelW || shown <= drawnCore {
		t.Errorf("at step %d the page draws %d nodes spanning %.0f units; want more than the %d it draws of the path and best line, within the panel's %.0f units", k, shown, d.Span, drawnCore, panelW)
	}

	// The path to the current node, seven moves deep, is folded to fit
	// the panel's height; a click on the fold draws it whole.
	if len(d.Folds) != 1 {
		t.Fatalf("at step %d the page draws folds over %v, want one: the path is 7 moves deep in a panel %.0f units high", k, d.Folds, panelH)
	}
	b.click("#tree g.node.fold")
	d = bt.waitLayouts(d.Layouts)
	bt.checkCore(k)
	if len(d.Folds) != 0 {
		t.Fatalf("a click on the fold left folds over %v", d.Folds)
	}

	// A placeholder: what it stands for, then clicked.
	var p trace.NodeID = -1
	for i, q := range d.More {
		if hidden := len(bt.childrenAt(trace.NodeID(q), k)) - countIn(d.Nodes, bt.childrenAt(trace.NodeID(q), k)); hidden > 1 && hidden <= render.ExpandStep {
			p = trace.NodeID(q)
			t.Logf("placeholder under node %d: %q", q, d.Labels[i])
			if want := fmt.Sprintf("+%d more", hidden); !strings.HasPrefix(d.Labels[i], want) {
				t.Errorf("the placeholder under node %d says %q, want %q: it hides %d of its children", q, d.Labels[i], want, hidden)
			}
			break
		}
	}
	if p < 0 {
		t.Fatalf("no placeholder of a few children among %v", d.More)
	}
	b.do("clicking the placeholder", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById("m%d").dispatchEvent(new MouseEvent("click", {bubbles: true}))`, p)))
	d = bt.waitLayouts(d.Layouts)
	for _, c := range bt.childrenAt(p, k) {
		if !slices.Contains(d.Nodes, int(c)) {
			t.Errorf("after the placeholder under node %d was clicked, its child %d is not drawn", p, c)
		}
	}
	if slices.Contains(d.More, int(p)) {
		t.Errorf("node %d still has a placeholder after all its children were shown", p)
	}

	// Viewing one subtree: a child of the root, then up and back.
	top := bt.children(p)[0] // a node the expansion showed
	b.do("selecting a node", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById("n%d").dispatchEvent(new MouseEvent("click", {bubbles: true}))`, top)))
	b.do("waiting for the node panel", chromedp.WaitVisible(chromedp.ID("node-reroot")))
	b.click("#node-reroot")
	d = bt.waitLayouts(d.Layouts)
	// Outside the subtree, only the root above it, and the search's path,
	// best line and the nodes it visits next, so that stepping on keeps
	// the drawing.
	allowed := map[trace.NodeID]bool{0: true}
	for _, id := range bt.coreAt(k) {
		allowed[id] = true
	}
	for _, e := range bt.events[k:] {
		if e.Kind == trace.KindEnter {
			for id := e.Node; id != trace.NoNode; id = bt.parent[id] {
				allowed[id] = true
			}
		}
	}
	inside := 0
	for _, id := range d.Nodes {
		if bt.under(trace.NodeID(id), top) {
			inside++
		} else if !allowed[trace.NodeID(id)] {
			t.Errorf("viewing the subtree of node %d at step %d, the page draws node %d, neither in it, above it, on the search's path or best line, nor visited later", top, k, id)
		}
	}
	if outside := len(d.Nodes) - inside; outside > len(allowed) || inside < 2 {
		t.Errorf("viewing the subtree of node %d, %d of the %d nodes drawn are in it, want the rest (%d) among the %d allowed outside", top, inside, len(d.Nodes), outside, len(allowed))
	}
	if trail := b.text(`[data-testid=nav-trail]`); !strings.HasPrefix(trail, "root › ") {
		t.Errorf("the way to the view's root reads %q", trail)
	}
	b.screenshot("viewer-big-tree-subtree.png")
	b.click("#nav-up")
	d = bt.waitLayouts(d.Layouts)
	if v := get(b, "reading the view's root", chromedp.Evaluate[string](`document.getElementById("viewer").dataset.viewRoot`)); v != strconv.Itoa(int(p)) {
		t.Errorf("after up from a child of node %d, the view's root is %s", p, v)
	}
}

// childrenAt returns the children of node p that the search has made by
// step k.
func (bt *bigTrace) childrenAt(p trace.NodeID, k int) []trace.NodeID {
	var out []trace.NodeID
	for _, e := range bt.events[:k+1] {
		if e.Kind == trace.KindNode && e.Parent == p {
			out = append(out, e.Node)
		}
	}
	return out
}

// singles counts the nodes drawn that are leaves whose siblings are all
// drawn: those the page may draw beyond its budget, in the place of a
// placeholder that would stand for one leaf.
func (bt *bigTrace) singles(nodes []int) int {
	kids := map[trace.NodeID]int{}
	for _, p := range bt.parent {
		if p != trace.NoNode {
			kids[p]++
		}
	}
	drawnKids := map[trace.NodeID]int{}
	for _, id := range nodes {
		if p := bt.parent[id]; p != trace.NoNode {
			drawnKids[p]++
		}
	}
	n := 0
	for _, id := range nodes {
		p := bt.parent[id]
		if p != trace.NoNode && kids[trace.NodeID(id)] == 0 && drawnKids[p] == kids[p] {
			n++
		}
	}
	return n
}

// countIn counts the ids among nodes.
func countIn(nodes []int, ids []trace.NodeID) int {
	n := 0
	for _, id := range ids {
		if slices.Contains(nodes, int(id)) {
			n++
		}
	}
	return n
}

// coreAt returns the nodes entered and not left by step k, and the best
// line then, from the root along each node's best child as the value
// events give it.
func (bt *bigTrace) coreAt(k int) []trace.NodeID {
	var stack []trace.NodeID
	best := map[trace.NodeID]trace.NodeID{}
	for _, e := range bt.events[:k+1] {
		switch e.Kind {
		case trace.KindEnter:
			stack = append(stack, e.Node)
		case trace.KindLeave:
			stack = stack[:len(stack)-1]
		case trace.KindValue:
			best[e.Node] = e.Best
		}
	}
	for id, ok := trace.NodeID(0), true; ok && id != trace.NoNode; id, ok = best[id] {
		stack = append(stack, id)
	}
	return stack
}

// TestBrowserBigTreeMinimapAndFilter clicks the minimap of AlphaBeta's
// whole search of tic-tac-toe: the view goes to the part clicked, its node
// selected; then the node panel's "Steps of this subtree" makes → and ←
// go only to the steps whose events change a node of that subtree.
func TestBrowserBigTreeMinimapAndFilter(t *testing.T) {
	t.Parallel()
	bt := openBigTrace(t)
	b := bt.b
	b.do("waiting for the minimap", chromedp.WaitVisible(chromedp.CSS(`[data-testid=minimap]`)))
	before := bt.drawing()
	// Three quarters across, near the bottom: a deep node of the root's
	// seventh or so subtree, where the whole tree has most of its nodes.
	b.do("clicking the minimap", chromedp.Evaluate[chromedp.Void](`(() => {
		const c = document.getElementById("minimap"), r = c.getBoundingClientRect();
		c.dispatchEvent(new MouseEvent("click", {bubbles: true, clientX: r.left + r.width * 0.75, clientY: r.top + r.height * 0.85}));
	})()`))
	d := bt.waitLayouts(before.Layouts)
	b.do("waiting for the node panel", chromedp.WaitVisible(chromedp.ID("node-panel")))
	root := get(b, "reading the view's root", chromedp.Evaluate[string](`document.getElementById("viewer").dataset.viewRoot`))
	title := b.text("#node-title")
	t.Logf("the minimap's click views node %s's subtree, selects %q; %d nodes drawn", root, title, len(d.Nodes))
	if root == "0" || title == "" || title == "root" {
		t.Fatalf("after a click on the minimap the view's root is %s and the selected node %q", root, title)
	}
	viewRoot, _ := strconv.Atoi(root)
	if !slices.Contains(d.Nodes, viewRoot) {
		t.Errorf("the view's root %d is not drawn", viewRoot)
	}
	// At step 0 the search has not reached that part: the page offers to
	// go to the step where it does.
	b.do("waiting for the way there", chromedp.WaitVisible(chromedp.CSS(`[data-testid=nav-reach]`)))
	reach := -1
	for k, e := range bt.events {
		if e.Kind == trace.KindNode && e.Node == trace.NodeID(viewRoot) {
			reach = k
		}
	}
	b.click(`[data-testid=nav-reach]`)
	b.waitStep(reach)
	if cls := get(b, "reading the view's root", chromedp.AttributeValue(chromedp.ID("n"+root), "class")); strings.Contains(cls.Value, "st_not_reached") {
		t.Errorf("at step %d, where node %s is made, it is drawn %q", reach, root, cls.Value)
	}
	b.screenshot("viewer-big-tree-minimap.png")

	// The steps of the view's root's subtree.
	b.do("selecting the view's root", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById("n%d").dispatchEvent(new MouseEvent("click", {bubbles: true}))`, viewRoot)))
	get(b, "waiting for its panel", chromedp.Poll[bool](fmt.Sprintf(`document.getElementById("node-title").textContent !== %q`, title), chromedp.WithPollingTimeout(waitFor)))
	b.click("#node-filter")
	b.do("waiting for the filter", chromedp.WaitVisible(chromedp.CSS(`[data-testid=filter]`)))
	fold, err := trace.NewTree(bt.events)
	if err != nil {
		t.Fatal(err)
	}
	touches := func(k int) bool {
		return slices.ContainsFunc(fold.Touched(k), func(id trace.NodeID) bool { return bt.under(id, trace.NodeID(viewRoot)) })
	}
	prev, _ := strconv.Atoi(b.shown().Step)
	for range 4 {
		b.do("pressing →", chromedp.KeyEvent(kb.ArrowRight))
		k := bt.waitNewStep(prev)
		if k <= prev || !touches(k) {
			t.Errorf("→ in the subtree of node %d went from step %d to %d, which does not touch it", viewRoot, prev, k)
		}
		for j := prev + 1; j < k; j++ {
			if touches(j) {
				t.Errorf("→ in the subtree of node %d skipped step %d, which touches it", viewRoot, j)
				break
			}
		}
		bt.checkCore(k)
		prev = k
	}
	b.do("pressing ←", chromedp.KeyEvent(kb.ArrowLeft))
	if k := bt.waitNewStep(prev); k >= prev || !touches(k) {
		t.Errorf("← in the subtree of node %d went from step %d to %d", viewRoot, prev, k)
	}
	b.screenshot("viewer-big-tree-filter.png")
	b.click("#filter-clear")
	b.do("waiting for the filter to go", chromedp.WaitNotVisible(chromedp.CSS(`[data-testid=filter]`)))
}

// waitNewStep waits until the viewer shows a step other than prev, and
// returns it.
func (bt *bigTrace) waitNewStep(prev int) int {
	bt.b.t.Helper()
	ctx, cancel := context.WithTimeout(bt.b.ctx, 2*waitFor)
	defer cancel()
	expr := fmt.Sprintf(`document.getElementById("viewer").dataset.shownStep !== "%d"`, prev)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(2*waitFor))); err != nil {
		bt.b.t.Fatalf("waiting for a step other than %d: %v", prev, err)
	}
	k, err := strconv.Atoi(bt.b.shown().Step)
	if err != nil {
		bt.b.t.Fatal(err)
	}
	return k
}
