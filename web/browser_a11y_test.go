package web_test

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The accessibility tests run axe-core, the accessibility engine browsers'
// own audits use, on every kind of page, and check that the pages a
// student works in can be used with the keyboard alone, with a screen
// reader and without motion or colour.

// axeEnv names the axe.min.js the tests inject into the pages; unset, they
// look for it where .ci/run installs it, axeDefault.
const axeEnv = "SEARCHVIZ_AXE"

// axeDefault is where .ci/run installs axe-core from npm, relative to the
// web package's directory; the directory is ignored by git.
const axeDefault = "../.cache/axe/node_modules/axe-core/axe.min.js"

// axeSource reads axe.min.js once for the binary.
var axeSource = sync.OnceValues(func() (string, error) {
	path := os.Getenv(axeEnv)
	if path == "" {
		path = axeDefault
	}
	data, err := os.ReadFile(path)
	return string(data), err
})

// axeScript returns the source of axe-core, or skips t without it; with
// requireBrowserEnv set, as CI sets it, a missing axe fails t instead.
func axeScript(t *testing.T) string {
	t.Helper()
	src, err := axeSource()
	if err == nil {
		return src
	}
	const install = "install it: npm install --no-save --prefix .cache/axe axe-core@4.14.1 (or set " + axeEnv + " to an axe.min.js)"
	if os.Getenv(requireBrowserEnv) == "1" {
		t.Fatalf("the accessibility tests need axe-core and %s=1 requires them: %v; %s", requireBrowserEnv, err, install)
	}
	t.Skipf("the accessibility tests need axe-core: %v; %s", err, install)
	return ""
}

// axeViolation is one rule axe-core found broken on a page, with the
// first element that breaks it.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Target string `json:"target"`
	HTML   string `json:"html"`
	Nodes  int    `json:"nodes"` // how many elements break it
}

// axeRunJS runs axe-core on the page, frames left out (each is checked
// as a page of its own), and returns its serious and critical
// violations.
const axeRunJS = `(async () => {
	const r = await axe.run(document, {iframes: false, resultTypes: ["violations"]});
	return r.violations.filter(v => v.impact === "serious" || v.impact === "critical").map(v => ({
		id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length,
		target: v.nodes[0].target.join(" "), html: v.nodes[0].html.slice(0, 160),
	}));
})()`

// axe injects axe-core into b's page and returns what it finds serious
// or critical there.
func (b *browser) axe(src string) []axeViolation {
	b.t.Helper()
	b.do("injecting axe-core", chromedp.Evaluate[chromedp.Void](src))
	return get(b, "running axe-core", chromedp.Evaluate[[]axeViolation](axeRunJS, chromedp.EvalAwaitPromise))
}

// a11yPage is a kind of page the axe walk checks: open takes b there,
// in the state the page is used in, and returns the paths of the page's
// frames, checked after it.
type a11yPage struct {
	name string
	open func(t *testing.T, b *browser) (frames []string)
}

// a11yPages are every kind of page the app serves a person.
var a11yPages = []a11yPage{
	{"landing", func(t *testing.T, b *browser) []string {
		b.open("/")
		b.do("waiting for the gallery", chromedp.WaitVisible(chromedp.CSS("main")))
		return nil
	}},
	{"new-search", func(t *testing.T, b *browser) []string {
		b.open("/new")
		b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS("form")))
		return nil
	}},
	{"saved-traces", func(t *testing.T, b *browser) []string {
		b.open("/example/rn-minimax")
		b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
		b.open("/traces")
		b.do("waiting for the list", chromedp.WaitVisible(chromedp.CSS(`[data-testid=saved-traces]`)))
		return nil
	}},
	{"viewer", func(t *testing.T, b *browser) []string {
		b.open("/example/rn-alphabeta")
		b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
		b.waitStep(0)
		for range 4 {
			b.do("pressing →", chromedp.KeyEvent(kb.ArrowRight))
		}
		b.waitStep(4)
		b.do("selecting node 2", chromedp.Evaluate[chromedp.Void](`document.getElementById("n2").dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
		b.do("waiting for the node panel", chromedp.WaitVisible(chromedp.ID("node-panel")))
		return nil
	}},
	{"viewer-present-keys", func(t *testing.T, b *browser) []string {
		b.open("/example/ttt-mcts?present=1")
		b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
		b.press(kb.End)
		b.press("?")
		b.do("waiting for the keys", chromedp.WaitVisible(chromedp.ID("keys")))
		return nil
	}},
	{"presenter", func(t *testing.T, b *browser) []string {
		b.open("/example/rn-alphabeta")
		b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
		b.click("#room-open")
		b.waitJS("the room's code", `document.getElementById("room-code").textContent.length === 6`)
		return nil
	}},
	{"follower", func(t *testing.T, b *browser) []string {
		openFollower(t, b, "rn-alphabeta")
		return nil
	}},
	{"compare", func(t *testing.T, b *browser) []string {
		b.open("/compare/ttt-minimax-alphabeta")
		b.do("waiting for the frames", chromedp.WaitVisible(chromedp.CSS(`[data-testid=compare-frame]`)))
		b.waitJS("the table", `!!document.querySelector("[data-testid=compare-table]")`)
		return get(b, "reading the frames", chromedp.Evaluate[[]string](`[...document.querySelectorAll("[data-testid=compare-frame]")].map(f => f.getAttribute("src"))`))
	}},
	{"exercise", func(t *testing.T, b *browser) []string {
		b.open("/exercise?kind=alphabeta&level=medium&seed=11")
		b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
		b.answerWrong("pruned: none; A=0")
		return nil
	}},
	{"exercise-ucb1", func(t *testing.T, b *browser) []string {
		b.open("/exercise?kind=ucb1&level=easy&seed=3")
		b.do("waiting for the form", chromedp.WaitVisible(chromedp.ID("answer")))
		return nil
	}},
	{"play", func(t *testing.T, b *browser) []string {
		b.open("/play")
		b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=play-form]`)))
		b.choose("play-game", "tictactoe")
		b.choose("play-side", "0")
		b.click(`[data-testid=play-start]`)
		b.waitFor("the empty board", yourMove+` && document.querySelectorAll("#play-board button.legal").length === 9`, 10*time.Second)
		b.click(`#play-board button[aria-label="play b2"]`)
		b.waitFor("the engine's answer", yourMove+` && document.querySelectorAll("[data-testid=play-ply]").length === 2`, 20*time.Second)
		return nil
	}},
	{"arena", func(t *testing.T, b *browser) []string {
		b.open("/arena")
		b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS("form")))
		return nil
	}},
	{"arena-match", func(t *testing.T, b *browser) []string {
		path := startMatch(t, b.base, url.Values{"game": {"tictactoe"}, "a": {"alphabeta depth=9"}, "b": {"pmc playouts=10"}, "games": {"2"}})
		deadline := time.Now().Add(60 * time.Second)
		for !strings.Contains(fetch(t, b.base, path+"/status"), `"finished":true`) {
			if time.Now().After(deadline) {
				t.Fatal("the match did not end in a minute")
			}
			time.Sleep(100 * time.Millisecond)
		}
		b.open(path)
		b.do("waiting for the games", chromedp.WaitVisible(chromedp.CSS("main")))
		return nil
	}},
	{"counts", func(t *testing.T, b *browser) []string {
		var ids []string
		for _, name := range []string{"rn-minimax", "rn-alphabeta"} {
			b.open("/example/" + name)
			b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
			ids = append(ids, b.traceID())
		}
		b.open("/counts?t=" + ids[0] + "&t=" + ids[1])
		b.do("waiting for the counts", chromedp.WaitVisible(chromedp.CSS(`[data-testid=counts-chart]`)))
		return nil
	}},
	{"message", func(t *testing.T, b *browser) []string {
		b.open("/r/nosuch")
		b.do("waiting for the message", chromedp.WaitVisible(chromedp.CSS(`[data-testid=message]`)))
		return nil
	}},
}

// openRoom opens a room on the viewer of example in a new tab of b's
// browser, and returns the presenter's tab and the room's code.
func openRoom(t *testing.T, b *browser, example string) (*browser, string) {
	t.Helper()
	p := b.tab()
	p.open("/example/" + example)
	p.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	p.click("#room-open")
	p.waitJS("the room's code", `document.getElementById("room-code").textContent.length === 6`)
	return p, p.text("#room-code")
}

// openFollower opens a room on the viewer of example in a tab of b's
// browser, and joins it in b as a follower by the address the room's QR
// code holds; it returns the presenter's tab.
func openFollower(t *testing.T, b *browser, example string) *browser {
	t.Helper()
	p, _ := openRoom(t, b, example)
	b.do("following the QR code's address", chromedp.Navigate(get(p, "reading the room's address", chromedp.Evaluate[string](`document.getElementById("room-join").href`))))
	b.waitFollowing()
	return p
}

// waitFollowing waits until b's page is a room's viewer that follows
// its presenter.
func (b *browser) waitFollowing() {
	b.t.Helper()
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.waitJS("following", `document.getElementById("viewer").dataset.room === "attached"`)
}

// TestBrowserA11yAxe runs axe-core on every kind of page, and its frames,
// as a person uses it: no rule may be broken seriously or critically, as
// each such break keeps someone out (a control a screen reader cannot
// name, text too faint to read, a page a keyboard cannot reach).
func TestBrowserA11yAxe(t *testing.T) {
	t.Parallel()
	src := axeScript(t)
	for _, page := range a11yPages {
		t.Run(page.name, func(t *testing.T) {
			t.Parallel()
			b := newBrowser(t, newApp(t))
			frames := page.open(t, b)
			report := func(where string) {
				for _, v := range b.axe(src) {
					t.Errorf("%s: %s (%s): %s; %d elements, the first %s: %s", where, v.ID, v.Impact, v.Help, v.Nodes, v.Target, v.HTML)
				}
			}
			report(page.name)
			for _, f := range frames {
				b.open(f)
				b.do("waiting for "+f, chromedp.WaitReady(chromedp.CSS("body")))
				time.Sleep(500 * time.Millisecond)
				report(fmt.Sprintf("%s's %s", page.name, f))
			}
		})
	}
}

// tabsMost is how many times tabTo presses Tab looking for an element:
// more than any page here has controls before the ones the tests want.
const tabsMost = 80

// tabTo presses Tab, as a person on the keyboard alone does, until the
// element that has the focus matches sel, failing the test if it never
// does within tabsMost presses.
func (b *browser) tabTo(sel string) {
	b.t.Helper()
	for range tabsMost {
		b.do("pressing Tab", chromedp.KeyEvent(kb.Tab))
		if get(b, "reading the focus", chromedp.Evaluate[bool](`!!document.activeElement && document.activeElement.matches(`+jsString(sel)+`)`)) {
			return
		}
	}
	b.t.Fatalf("%d presses of Tab never reached %s; the focus is on %s", tabsMost, sel, b.focused())
}

// focused describes the element that has the focus, for a failure.
func (b *browser) focused() string {
	b.t.Helper()
	return get(b, "reading the focus", chromedp.Evaluate[string](`(() => { const e = document.activeElement; return e ? e.outerHTML.slice(0, 120) : "nothing"; })()`))
}

// press presses key, one of kb's or a character, on the element that has
// the focus.
func (b *browser) press(key string) {
	b.t.Helper()
	b.do("pressing "+key, chromedp.KeyEvent(key))
}

// TestBrowserA11yKeyboard uses the viewer, the exercise page and the
// play page with the keyboard alone, as a person who cannot use a mouse
// does: Tab to reach a control, Enter, Space and the arrows to use it,
// no click anywhere.
func TestBrowserA11yKeyboard(t *testing.T) {
	t.Parallel()
	t.Run("viewer", func(t *testing.T) {
		t.Parallel()
		b := openExample(t, "rn-alphabeta")
		for range 3 {
			b.press(kb.ArrowRight)
		}
		b.waitStep(3)
		b.tabTo("#tree g.node")
		root := get(b, "reading the node", chromedp.Evaluate[string](`document.activeElement.id + " " + document.activeElement.getAttribute("aria-label")`))
		if !strings.HasPrefix(root, "n0 root") {
			t.Errorf("Tab enters the tree at %q, want the root, n0, named so", root)
		}
		outline := get(b, "reading the focus ring", chromedp.Evaluate[string](`getComputedStyle(document.activeElement).outlineStyle`))
		if outline == "none" {
			t.Error("the node with the focus has no outline")
		}
		b.press(kb.ArrowDown)
		child := get(b, "reading the node", chromedp.Evaluate[string](`document.activeElement.id`))
		if child == "n0" || !strings.HasPrefix(child, "n") {
			t.Fatalf("↓ from the root moves the focus to %q, want a child", child)
		}
		b.press(kb.Enter)
		b.do("waiting for the node panel", chromedp.WaitVisible(chromedp.ID("node-panel")))
		selected := get(b, "reading the selection", chromedp.Evaluate[string](`document.querySelector("#tree g.node.selected") ? document.querySelector("#tree g.node.selected").id : ""`))
		if selected != child {
			t.Errorf("Enter on %s selected %q", child, selected)
		}
		if s := b.shown(); s.Step != "3" {
			t.Errorf("the keys in the tree moved the viewer to step %s, want it left at 3", s.Step)
		}
		b.tabTo("#forward")
		b.press(kb.Enter)
		b.waitStep(4)
		b.screenshot("keyboard-viewer.png")
	})
	t.Run("exercise", func(t *testing.T) {
		t.Parallel()
		b, ex, want := openSeededExercise(t)
		b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
		b.tabTo(`[data-testid="exercise-tree-list"] summary`)
		b.press(kb.Enter)
		items := get(b, "reading the tree as a list", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#exercise-tree-list li")].map((li) => li.firstChild.textContent + (li.querySelector("ul") ? "" : " leaf"))`))
		if len(items) == 0 || !strings.HasPrefix(items[0], "A, MAX") {
			t.Fatalf("the tree as a list starts %q, want the root A, MAX", items)
		}
		var leaves []string
		for _, it := range items {
			if v, ok := strings.CutSuffix(it, " leaf"); ok {
				_, v, _ = strings.Cut(v, ": ")
				v, _, _ = strings.Cut(v, ",")
				leaves = append(leaves, v)
			}
		}
		if got, want := strings.Join(leaves, ","), leafValues(ex.Tree); got != want {
			t.Errorf("the list's leaves, in order, are %s; the exercise's tree %s has %s", got, ex.Tree, want)
		}
		b.screenshot("keyboard-exercise-list.png")
		b.tabTo("#answer")
		b.do("typing the answer", chromedp.KeyEvent(want.String()))
		b.tabTo(`[data-testid="check"]`)
		b.press(kb.Enter)
		b.do("waiting for the grade", chromedp.WaitVisible(chromedp.CSS(`.grade.correct`)))
	})
	t.Run("play", func(t *testing.T) {
		t.Parallel()
		b := newBrowser(t, newApp(t))
		b.open("/play?game=tictactoe")
		b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=play-form]`)))
		b.waitJS("the connection", `document.getElementById("play-status").textContent !== "Connecting…"`)
		b.tabTo(`[data-testid=play-start]`)
		b.press(kb.Enter)
		b.waitFor("the board", `document.getElementById("play-status").dataset.turn === "person" && document.querySelectorAll("#play-board button.legal").length > 0 || document.getElementById("play-status").dataset.turn === "engine"`, 20*time.Second)
		b.waitFor("the person's turn", yourMove, 20*time.Second)
		before := get(b, "counting the moves", chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=play-ply]").length`))
		b.tabTo("#play-board button.legal")
		b.press(kb.Enter)
		b.waitFor("the engine's answer", yourMove+` && document.querySelectorAll("[data-testid=play-ply]").length === `+fmt.Sprint(before+2), 20*time.Second)
		if on := get(b, "reading the focus", chromedp.Evaluate[bool](`document.activeElement.matches("#play-board button.legal")`)); !on {
			t.Fatalf("after the engine's answer the focus is on %s, not on the board", b.focused())
		}
		b.press(kb.Enter)
		b.waitFor("the engine's next answer", `(`+yourMove+` && document.querySelectorAll("[data-testid=play-ply]").length === `+fmt.Sprint(before+4)+`) || document.getElementById("play-status").dataset.turn === "over"`, 20*time.Second)
		b.tabTo("#play-open")
	})
}

// TestBrowserA11yAnnounce checks that each step's words reach a screen
// reader through the viewer's polite live region, and that the log's
// checkbox, kept across pages, stops them.
func TestBrowserA11yAnnounce(t *testing.T) {
	t.Parallel()
	b := openExample(t, "rn-alphabeta")
	const region = `(() => { const a = document.getElementById("announce"); return a.getAttribute("aria-live") + "|" + a.textContent; })()`
	b.press(kb.ArrowRight)
	b.waitStep(1)
	now := b.text("#log li.now")
	b.waitJS("the step's words", `document.getElementById("announce").textContent.startsWith("Step 1: ")`)
	if got := get(b, "reading the live region", chromedp.Evaluate[string](region)); got != "polite|Step 1: "+strings.TrimSpace(strings.TrimPrefix(now, "1")) {
		t.Errorf("the live region holds %q; the log's line of step 1 is %q", got, now)
	}
	b.tabTo("#announce-toggle")
	b.press(" ")
	b.press(kb.ArrowRight) // the checkbox takes no arrow keys: the viewer steps
	b.waitStep(2)
	if got := get(b, "reading the live region", chromedp.Evaluate[string](region)); got != "off|" {
		t.Errorf("announcing off, the live region is %q, want it off and empty", got)
	}
	b.open("/example/rn-minimax")
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.waitStep(0)
	if on := get(b, "reading the checkbox", chromedp.Evaluate[bool](`document.getElementById("announce-toggle").checked`)); on {
		t.Error("announcing, turned off, is on again on the next viewer")
	}
	b.press(kb.ArrowRight)
	b.waitStep(1)
	if got := get(b, "reading the live region", chromedp.Evaluate[string](region)); got != "off|" {
		t.Errorf("announcing off, the next viewer's live region is %q", got)
	}
}

// movingJS lists the elements of the page, a probe given a transition
// and an animation of its own among them, that would move: a transition
// or an animation that lasts, or smooth scrolling.
const movingJS = `(() => {
	const probe = document.body.appendChild(document.createElement("div"));
	probe.style.transition = "opacity 2s";
	probe.style.animation = "probe 2s infinite";
	probe.style.scrollBehavior = "smooth";
	const lasts = (d) => d.split(",").some((s) => parseFloat(s) > 0);
	const moving = [];
	for (const e of document.querySelectorAll("*")) {
		for (const pseudo of [null, "::before", "::after"]) {
			const s = getComputedStyle(e, pseudo);
			if (lasts(s.transitionDuration) || lasts(s.animationDuration) || s.scrollBehavior === "smooth") {
				moving.push((e === probe ? "the probe" : e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")) + (pseudo || ""));
			}
		}
	}
	probe.remove();
	return moving;
})()`

// TestBrowserA11yReducedMotion asks for reduced motion, as a person whom
// motion makes sick does in their system's settings, and checks that
// nothing on the viewer, the exercise page or the start page moves: no
// transition or animation lasts, not even one a rule gives an element
// on purpose, and nothing scrolls smoothly.
func TestBrowserA11yReducedMotion(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.keepTabOut() // the emulated media last as long as the tab
	b.do("asking for reduced motion", command(emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}}))
	for _, path := range []string{"/example/rn-alphabeta", "/exercise?kind=alphabeta&level=medium&seed=11", "/", "/play"} {
		b.open(path)
		b.do("waiting for "+path, chromedp.WaitVisible(chromedp.CSS("main")))
		if moving := get(b, "finding what moves", chromedp.Evaluate[[]string](movingJS)); len(moving) > 0 {
			t.Errorf("%s: with reduced motion asked for, these still move: %v", path, moving)
		}
	}
}

// TestBrowserA11yNotByColour checks what the pages say by colour is said
// by a shape or a word too, for a person who cannot tell the colours
// apart: an exercise's grade, right or wrong, carries a mark, and the
// log's line of the step shown is bold. (The tree's statuses are checked
// in render, TestStatusesApartBesidesColour.)
func TestBrowserA11yNotByColour(t *testing.T) {
	t.Parallel()
	b, _, want := openSeededExercise(t)
	const mark = `getComputedStyle(document.querySelector(%q), "::before").content`
	b.answerWrong("pruned: none; A=0")
	if got := get(b, "reading the mark", chromedp.Evaluate[string](fmt.Sprintf(mark, ".grade.wrong > p:first-child"))); got != `"✗"` {
		t.Errorf("a wrong answer's grade is marked %s, want ✗", got)
	}
	b.answerRight(want.String())
	if got := get(b, "reading the mark", chromedp.Evaluate[string](fmt.Sprintf(mark, ".grade.correct"))); got != `"✓"` {
		t.Errorf("a right answer's grade is marked %s, want ✓", got)
	}
	b.open("/example/rn-alphabeta")
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.press(kb.ArrowRight)
	b.waitStep(1)
	if w := get(b, "reading the log", chromedp.Evaluate[string](`getComputedStyle(document.querySelector("#log li.now")).fontWeight`)); w < "600" {
		t.Errorf("the log's line of the step shown has weight %s, as its neighbours: only its colour marks it", w)
	}
}

// command is the protocol command cmd, with params p, as an action.
func command[P any](cmd cdp.Command[P, cdp.Empty], p P) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, cmd, p)
		return err
	})
}

// phone is a phone's screen, in CSS pixels, held upright.
type phone struct {
	name          string
	width, height int64
}

// phones are two common phones' screens: a large and a small one.
var phones = []phone{
	{"390x844", 390, 844},
	{"360x800", 360, 800},
}

// emulatePhone makes b's tab a phone of size p: a mobile viewport, held
// upright, at twice the pixels, that takes touches.
func (b *browser) emulatePhone(p phone) {
	b.t.Helper()
	b.do("emulating a "+p.name+" phone", chromedp.EmulateViewport(p.width, p.height, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
}

// phoneShown is what a page shows on a phone, measured by phoneShownJS.
type phoneShown struct {
	ScrollWidth int     `json:"scrollWidth"` // the page's width, scrolled sideways
	InnerWidth  int     `json:"innerWidth"`  // the window's
	Widest      string  `json:"widest"`      // the element reaching furthest right, when the page is wider than the window
	Cell        float64 `json:"cell"`        // the board's smallest cell text, px; 1e9 when no board
	Cells       int     `json:"cells"`
}

// phoneShownJS measures the page's width against the window's, the
// element that widens it, and the board panel's cells' text.
const phoneShownJS = `(() => {
	const out = {scrollWidth: document.scrollingElement.scrollWidth, innerWidth: innerWidth, widest: "", cell: 1e9, cells: 0};
	if (out.scrollWidth > out.innerWidth) {
		let right = 0;
		for (const e of document.body.querySelectorAll("*")) {
			const r = e.getBoundingClientRect();
			if (r.right > right + 0.5 && r.width > 0) { right = r.right; out.widest = e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + e.className.split(" ").join(".") : "") + " to " + Math.round(r.right) + "px"; }
		}
	}
	for (const td of document.querySelectorAll("#board td")) {
		if (!td.textContent.trim()) continue;
		out.cell = Math.min(out.cell, parseFloat(getComputedStyle(td).fontSize));
		out.cells++;
	}
	return out;
})()`

// currentInTreeJS says whether the current node, or the root before the
// search enters it, is drawn whole inside the tree panel: a follower on a phone, which draws fewer nodes than its
// presenter and so places them elsewhere, must still show where the
// search is.
const currentInTreeJS = `(() => {
	const g = document.querySelector("#tree g.node.st_current") || document.querySelector("#tree g#n0");
	if (!g) return false;
	const n = g.getBoundingClientRect(), t = document.querySelector("#tree svg").getBoundingClientRect();
	return n.width > 0 && n.left >= t.left - 0.5 && n.right <= t.right + 0.5 && n.top >= t.top - 0.5 && n.bottom <= t.bottom + 0.5;
})()`

// TestBrowserA11yPhone opens what a student opens on a phone (the
// start page's join box, a room's follower viewer, an exercise) at two
// phones' sizes, with touch, and measures it: the page never scrolls
// sideways, and the board and the tree in view read at 12 px or more.
func TestBrowserA11yPhone(t *testing.T) {
	t.Parallel()
	for _, p := range phones {
		t.Run(p.name+"/join", func(t *testing.T) {
			t.Parallel()
			b := newBrowser(t, newApp(t))
			b.emulatePhone(p)
			_, code := openRoom(t, b, "rn-alphabeta")
			b.open("/#join")
			b.do("waiting for the join box", chromedp.WaitVisible(chromedp.ID("join-code")))
			b.checkPhone(p)
			b.tapOn("#join-code")
			b.do("typing the code", chromedp.KeyEvent(strings.ToLower(code)))
			b.screenshotWindow("phone-" + p.name + "-join.png")
			b.tapOn(`[data-testid="join"]`)
			b.waitFollowing()
			b.checkPhone(p)
		})
		t.Run(p.name+"/follower", func(t *testing.T) {
			t.Parallel()
			b := newBrowser(t, newApp(t))
			b.emulatePhone(p)
			presenter := openFollower(t, b, "ttt-alphabeta")
			presenter.waitJS("the follower", `document.getElementById("room-count").textContent === "1 following"`)
			b.waitJS("the root whole in the tree panel at step 0", currentInTreeJS)
			for k := 1; k <= 6; k++ {
				presenter.press(kb.ArrowRight)
				presenter.waitStep(k)
				b.waitStep(k)
				b.waitJS(fmt.Sprintf("the current node whole in the tree panel at step %d", k), currentInTreeJS)
			}
			// Steps further on draw other display sets on the phone
			// than on the presenter's screen, which place the nodes
			// elsewhere.
			for _, k := range []int{24, 48, 0, 6} {
				presenter.seek(k)
				b.waitStep(k)
				b.waitJS(fmt.Sprintf("the current node whole in the tree panel at step %d", k), currentInTreeJS)
			}
			b.settleDrawings()
			s := b.checkPhone(p)
			if s.Cells == 0 || s.Cell < 12 {
				t.Errorf("the board's cells read at %.1f px (%d cells), want 12 or more", s.Cell, s.Cells)
			}
			sizes := get(b, "measuring the tree", chromedp.Evaluate[sizesShown](sizesShownJS))
			if sizes.Values == 0 && sizes.Edges == 0 {
				t.Error("the tree panel shows no node's value and no move")
			}
			for _, m := range []struct {
				what string
				px   float64
				n    int
			}{{"values", sizes.Value, sizes.Values}, {"moves", sizes.Edge, sizes.Edges}, {"windows", sizes.Window, sizes.Windows}} {
				if m.n > 0 && m.px < 12 {
					t.Errorf("the tree's %s read at %.1f px, want 12 or more", m.what, m.px)
				}
			}
			b.screenshot("phone-" + p.name + "-follower.png")

			tap := get(b, "finding a node to tap", chromedp.Evaluate[[]float64](tappableJS))
			if len(tap) != 3 {
				t.Fatal("the tree panel shows no node")
			}
			b.do("tapping a node", chromedp.TapXY(tap[1], tap[2]))
			b.do("waiting for the node panel", chromedp.WaitVisible(chromedp.ID("node-panel")))
			b.screenshotWindow("phone-" + p.name + "-follower-tapped.png")
			if sel := get(b, "reading the selection", chromedp.Evaluate[float64](`document.querySelector("#tree g.node.selected") ? Number(document.querySelector("#tree g.node.selected").id.slice(1)) : -1`)); sel != tap[0] {
				t.Errorf("a tap on node %v selected node %v", tap[0], sel)
			}

			width := func() float64 {
				return get(b, "reading the view", chromedp.Evaluate[float64](`Number(document.querySelector("#tree svg").getAttribute("viewBox").split(" ")[2])`))
			}
			before := width()
			r := get(b, "reading the tree panel", chromedp.Evaluate[[]float64](`(() => { const t = document.getElementById("tree"); t.scrollIntoView({block: "center"}); const r = t.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`))
			b.pinch(r[0], r[1], 20, 80)
			if after := width(); after > before/2 {
				t.Errorf("two fingers spread from 40 to 160 px apart zoomed the view from %.1f to %.1f units wide, want it at least twice as near", before, after)
			}
		})
		t.Run(p.name+"/exercise", func(t *testing.T) {
			t.Parallel()
			b := newBrowser(t, newApp(t))
			b.emulatePhone(p)
			b.open("/exercise?kind=alphabeta&level=medium&seed=11")
			b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
			b.checkPhone(p)
			b.screenshot("phone-" + p.name + "-exercise.png")

			b.tapOn("#answer")
			b.waitJS("the answer's focus", `document.activeElement === document.getElementById("answer")`)
			keyboard := p.height * 4 / 10
			b.do("opening the on-screen keyboard", chromedp.EmulateViewport(p.width, p.height-keyboard, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
			b.waitJS("the answer and the Check button in view", `(() => {
				const a = document.getElementById("answer").getBoundingClientRect(), c = document.querySelector("[data-testid=check]").getBoundingClientRect();
				return innerHeight < `+fmt.Sprint(p.height)+` && a.top >= 0 && c.bottom <= innerHeight + 1;
			})()`)
			b.screenshotWindow("phone-" + p.name + "-exercise-keyboard.png")
			b.do("typing the answer", chromedp.KeyEvent("pruned: none; A=0"))
			b.tapOn(`[data-testid="check"]`)
			b.do("waiting for the grade", chromedp.WaitVisible(chromedp.CSS(`[data-testid="grade"]`)))
			b.waitJS("the grade in view", `(() => { const g = document.querySelector("[data-testid=grade]").getBoundingClientRect(); return g.top >= 0 && g.top < innerHeight; })()`)
			b.screenshotWindow("phone-" + p.name + "-exercise-graded.png")
		})
	}
}

// checkPhone measures b's page on phone p, failing the test if it
// scrolls sideways or, when axe-core is at hand (TestBrowserA11yAxe
// requires it), breaks a rule seriously at the phone's size; it returns
// what it measured.
func (b *browser) checkPhone(p phone) phoneShown {
	b.t.Helper()
	if src, err := axeSource(); err == nil {
		for _, v := range b.axe(src) {
			if v.ID == "label-content-name-mismatch" && strings.HasPrefix(v.Target, "#n") && v.Nodes == 1 {
				// A node the tree panel's edge cuts: axe takes the texts
				// inside the panel for the node's visible text, a part
				// of its name no name can match.
				continue
			}
			b.t.Errorf("on a %s phone: %s (%s): %s; %d elements, the first %s: %s", p.name, v.ID, v.Impact, v.Help, v.Nodes, v.Target, v.HTML)
		}
	}
	s := get(b, "measuring the page", chromedp.Evaluate[phoneShown](phoneShownJS))
	if s.InnerWidth != int(p.width) {
		b.t.Errorf("the window is %d px wide on a %s phone", s.InnerWidth, p.name)
	}
	if s.ScrollWidth > s.InnerWidth {
		b.t.Errorf("the page is %d px wide in a %d px window: it scrolls sideways; the widest element is %s", s.ScrollWidth, s.InnerWidth, s.Widest)
	}
	return s
}

// tappableJS scrolls the tree panel into the window, finds a node whose
// centre the panel shows, and returns its id and that centre on screen.
const tappableJS = `(() => {
	document.getElementById("tree").scrollIntoView({block: "center"});
	const panel = document.getElementById("tree").getBoundingClientRect();
	for (const g of document.querySelectorAll("#tree g.node[id^=n]:not(.st_not_reached)")) {
		const r = g.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
		if (r.width > 0 && x > panel.left && x < panel.right && y > panel.top && y < panel.bottom) {
			return [Number(g.id.slice(1)), x, y];
		}
	}
	return [];
})()`

// pinchSteps is how many moves a pinch takes from its start to its end.
const pinchSteps = 6

// pinch puts two fingers on the screen, from px either side of (x, y)
// across, moves them apart to to px either side, and lifts them.
func (b *browser) pinch(x, y, from, to float64) {
	b.t.Helper()
	fingers := func(d float64) []*input.TouchPoint {
		one, two := 1.0, 2.0
		return []*input.TouchPoint{{X: x - d, Y: y, ID: &one}, {X: x + d, Y: y, ID: &two}}
	}
	actions := []chromedp.Action[chromedp.Void]{command(input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: fingers(from)})}
	for i := 1; i <= pinchSteps; i++ {
		d := from + (to-from)*float64(i)/pinchSteps
		actions = append(actions, command(input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchMove, TouchPoints: fingers(d)}))
	}
	actions = append(actions, command(input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}))
	b.do("pinching", actions...)
}

// screenshotWindow saves what the window shows, not the whole page, as
// name in $SEARCHVIZ_SCREENSHOTS, if it is set: a phone's screen.
func (b *browser) screenshotWindow(name string) {
	b.t.Helper()
	dir := os.Getenv(screenshotsEnv)
	if dir == "" {
		return
	}
	png := get(b, "taking a screenshot", chromedp.CaptureScreenshot())
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s", path)
}

// tapOn scrolls the element sel selects into the window and taps its
// centre with a finger.
func (b *browser) tapOn(sel string) {
	b.t.Helper()
	at := get(b, "finding "+sel, chromedp.Evaluate[[]float64](`(() => {
		const e = document.querySelector(`+jsString(sel)+`);
		if (!e) return [];
		e.scrollIntoView({block: "center"});
		const r = e.getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`))
	if len(at) != 2 {
		b.t.Fatalf("no %s to tap", sel)
	}
	b.do("tapping "+sel, chromedp.TapXY(at[0], at[1]))
}

// leafValues returns the leaves of a typed tree, "[[3,12],[2,4]]", in
// order, joined by commas: "3,12,2,4".
func leafValues(tree string) string {
	return strings.Join(strings.FieldsFunc(tree, func(r rune) bool { return r == '[' || r == ']' || r == ',' || r == ' ' }), ",")
}

// seek moves b's viewer to step k with its scrubber, as a person drags it,
// and waits for the step.
func (b *browser) seek(k int) {
	b.t.Helper()
	b.do(fmt.Sprintf("dragging the scrubber to step %d", k), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.getElementById("scrubber"); s.value = "%d"; s.dispatchEvent(new Event("input", {bubbles: true})); })()`, k)))
	b.waitStep(k)
}
