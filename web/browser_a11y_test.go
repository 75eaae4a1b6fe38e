package web_test

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/searchviz/searchviz/exercise"
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
	{"presenter", func(t *testing.T, b *browser) []string {
		b.open("/example/rn-alphabeta")
		b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
		b.click("#room-open")
		b.waitJS("the room's code", `document.getElementById("room-code").textContent.length === 6`)
		return nil
	}},
	{"follower", func(t *testing.T, b *browser) []string {
		openFollower(t, b)
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

// openFollower opens a room on the textbook tree's viewer in a tab of
// b's browser, and joins it in b as a follower by the room's address.
func openFollower(t *testing.T, b *browser) {
	t.Helper()
	p := b.tab()
	p.open("/example/rn-alphabeta")
	p.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	p.click("#room-open")
	p.waitJS("the room's code", `document.getElementById("room-code").textContent.length === 6`)
	b.open("/r/" + p.text("#room-code"))
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
		ex, err := exercise.Generate(exercise.AlphaBeta, exercise.Medium, 11)
		if err != nil {
			t.Fatal(err)
		}
		want, err := exercise.Solve(ex)
		if err != nil {
			t.Fatal(err)
		}
		b := newBrowser(t, newApp(t))
		b.open("/exercise?kind=alphabeta&level=medium&seed=11")
		b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
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
	ex, err := exercise.Generate(exercise.AlphaBeta, exercise.Medium, 11)
	if err != nil {
		t.Fatal(err)
	}
	want, err := exercise.Solve(ex)
	if err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, newApp(t))
	b.open("/exercise?kind=alphabeta&level=medium&seed=11")
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
