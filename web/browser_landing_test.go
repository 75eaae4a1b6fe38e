package web_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// lessonSubjects are the lessons the start page groups its gallery into,
// as issue 33 names them.
var lessonSubjects = []string{"MiniMax and AlphaBeta", "Move ordering and tables", "Monte Carlo", "Moving at once", "Chance", "One player"}

// inFirstScreenJS measures, without scrolling, the elements a selector
// selects: for each, its text and whether it is wholly inside the window
// and drawn (not hidden, not zero-sized), with the page not scrolled.
const inFirstScreenJS = `((sel) => [...document.querySelectorAll(sel)].map((e) => {
	const r = e.getBoundingClientRect(), st = getComputedStyle(e);
	const drawn = r.width > 0 && r.height > 0 && st.visibility !== "hidden" && e.checkVisibility();
	return {text: e.innerText.trim().split("\n")[0], in: drawn && window.scrollY === 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth};
}))(%q)`

// placed is what inFirstScreenJS says of one element.
type placed struct {
	Text string `json:"text"`
	In   bool   `json:"in"`
}

// smallTextJS lists the visible text of the page set smaller than 12 px,
// the least a projector or a phone keeps readable.
const smallTextJS = `(() => {
	const out = [];
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		const e = n.parentElement;
		if (!n.textContent.trim() || !e || !e.checkVisibility() || e.closest("svg")) continue;
		const px = parseFloat(getComputedStyle(e).fontSize);
		if (px < 12) out.push(JSON.stringify(n.textContent.trim().slice(0, 30)) + " at " + px + " px");
		if (out.length >= 5) break;
	}
	return out.join("; ");
})()`

// wideJS says how far the page reaches past the window's width.
const wideJS = `document.documentElement.scrollWidth - innerWidth`

// TestBrowserLanding checks the start page's first screen at a laptop's
// 1280x720, unscrolled: the sentence of what searchviz is, the six
// lessons, and the box to join a room with its button; that each example
// and comparison is shown in its lesson with a picture and its sentence,
// and a lesson's link takes the keyboard to it; and that the page reads on
// a phone.
func TestBrowserLanding(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.do("sizing the window", chromedp.EmulateViewport(1280, 720))
	b.open("/")
	for _, tt := range []struct {
		name, sel string
		want      []string // the texts, in order; nil for any one element
	}{
		{"the sentence", "[data-testid=what]", nil},
		{"the lessons", "[data-testid=lesson] strong", lessonSubjects},
		{"the join box's field", "[data-testid=join-code]", nil},
		{"the join box's button", "[data-testid=join]", []string{"Follow"}},
		{"the new search's link", "[data-testid=new-search-link]", []string{"New search"}},
		{"the trace file's input", "[data-testid=trace-file]", nil},
	} {
		got := get(b, "placing "+tt.name, chromedp.Evaluate[[]placed](fmt.Sprintf(inFirstScreenJS, tt.sel)))
		if len(got) == 0 || tt.want != nil && len(got) != len(tt.want) {
			t.Errorf("%s: %d elements, want %d", tt.name, len(got), max(1, len(tt.want)))
			continue
		}
		for i, p := range got {
			if !p.In {
				t.Errorf("%s: %q is not wholly in the first screen at 1280x720", tt.name, p.Text)
			}
			if tt.want != nil && p.Text != tt.want[i] {
				t.Errorf("%s: element %d says %q, want %q", tt.name, i, p.Text, tt.want[i])
			}
		}
	}
	if what := b.text("[data-testid=what]"); !strings.Contains(what, "search") || strings.Count(what, ". ") > 0 {
		t.Errorf("the start page says %q, want one sentence on search", what)
	}
	firstScreen(b, "landing-1280x720-first.png")
	b.screenshot("landing-1280x720.png")

	// Every example and comparison of the gallery's file is a card of its
	// lesson, with a drawn picture and a sentence.
	type card struct {
		Lesson, Title, Watch string
		W, H                 float64
	}
	cards := get(b, "reading the cards", chromedp.Evaluate[[]card](`[...document.querySelectorAll("[data-testid=lesson-section] .example-card")].map((c) => {
		const svg = c.querySelector("svg.thumb"), r = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
		return {lesson: c.closest("section").querySelector("h2").textContent, title: c.querySelector("a").textContent, watch: c.querySelector("p").textContent, w: r.width, h: r.height};
	})`))
	want := galleryCount(t)
	if len(cards) != want {
		t.Errorf("%d cards, want one per example and comparison of the gallery, %d", len(cards), want)
	}
	for _, c := range cards {
		if !slices.Contains(lessonSubjects, c.Lesson) || c.Watch == "" || c.W < 40 || c.H < 40 {
			t.Errorf("card %q: in lesson %q, sentence %q, picture %.0fx%.0f px; want one of the lessons, a sentence and a picture of 40 px or more", c.Title, c.Lesson, c.Watch, c.W, c.H)
		}
	}

	// A lesson's link, followed with the keyboard, brings its section's
	// heading into the window.
	b.do("following the third lesson's link with the keyboard",
		chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("[data-testid=lesson]")[2].focus()`),
		chromedp.KeyEvent(kb.Enter))
	b.waitJS("the third lesson in the window", `(() => {
		const r = document.querySelectorAll("[data-testid=lesson-section] h2")[2].getBoundingClientRect();
		return window.scrollY > 0 && r.top >= 0 && r.bottom <= innerHeight;
	})()`)
	firstScreen(b, "landing-lesson-1280x720.png")

	for _, size := range []struct{ w, h int64 }{{1440, 900}, {390, 844}} {
		view := fmt.Sprintf("%dx%d", size.w, size.h)
		b.do("sizing the window", chromedp.EmulateViewport(size.w, size.h))
		b.open("/")
		if small := get(b, "measuring the text", chromedp.Evaluate[string](smallTextJS)); small != "" {
			t.Errorf("%s: text under 12 px: %s", view, small)
		}
		if wide := get(b, "measuring the width", chromedp.Evaluate[float64](wideJS)); wide > 0 {
			t.Errorf("%s: the page is %.0f px wider than the window", view, wide)
		}
		firstScreen(b, "landing-"+view+"-first.png")
		b.screenshot("landing-" + view + ".png")
	}
}

// TestBrowserNewSearchRun checks the new-search form's page at 1280x720,
// unscrolled: the Run button is in the first screen whatever the game and
// algorithm chosen, what each parameter means is hidden until asked for,
// and the page reads on a phone.
func TestBrowserNewSearchRun(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.do("sizing the window", chromedp.EmulateViewport(1280, 720))
	b.open("/new")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS("[data-testid=run]")))
	// Each game, with each algorithm that searches it: the parameters
	// shown change, and Run must stay in the window.
	const everyChoiceJS = `(() => {
		const game = document.getElementById("game"), algo = document.getElementById("algo");
		const run = document.querySelector("[data-testid=run]"), out = [];
		let n = 0;
		for (const g of game.options) {
			game.value = g.value;
			game.dispatchEvent(new Event("change", {bubbles: true}));
			for (const a of algo.options) {
				if (a.disabled) continue;
				algo.value = a.value;
				algo.dispatchEvent(new Event("change", {bubbles: true}));
				n++;
				const r = run.getBoundingClientRect();
				if (window.scrollY !== 0 || r.height === 0 || r.bottom > innerHeight) out.push(g.value + " with " + a.value + ": Run's bottom at " + Math.round(r.bottom) + " px");
			}
		}
		return {tried: n, out: out.join("; ")};
	})()`
	type tried struct {
		Tried int
		Out   string
	}
	res := get(b, "choosing every game and algorithm", chromedp.Evaluate[tried](everyChoiceJS))
	if res.Tried < 10 || res.Out != "" {
		t.Errorf("of %d choices, Run is below the first screen at 1280x720 for: %s", res.Tried, res.Out)
	}
	b.open("/new")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS("[data-testid=run]")))
	if got := get(b, "placing Run", chromedp.Evaluate[[]placed](fmt.Sprintf(inFirstScreenJS, "[data-testid=run]"))); len(got) != 1 || !got[0].In || got[0].Text != "Run search" {
		t.Errorf("the Run button as the page opens: %+v, want it wholly in the first screen", got)
	}
	firstScreen(b, "new-search-1280x720-first.png")

	const helpShownJS = `[...document.querySelectorAll("fieldset.params:not([hidden]) .param > .help")].filter((e) => e.checkVisibility()).length`
	if n := get(b, "counting the help shown", chromedp.Evaluate[int](helpShownJS)); n != 0 {
		t.Errorf("%d parameters' help shown before it is asked for, want none", n)
	}
	b.do("asking for the help with the keyboard", chromedp.Focus(chromedp.ID("show-help")), chromedp.KeyEvent(" "))
	params := get(b, "counting the parameters", chromedp.Evaluate[int](`document.querySelectorAll("fieldset.params:not([hidden]) .param").length`))
	if n := get(b, "counting the help shown", chromedp.Evaluate[int](helpShownJS)); params == 0 || n != params {
		t.Errorf("%d parameters' help shown once asked for, want all %d", n, params)
	}
	firstScreen(b, "new-search-help-1280x720-first.png")

	for _, size := range []struct{ w, h int64 }{{1440, 900}, {390, 844}} {
		view := fmt.Sprintf("%dx%d", size.w, size.h)
		b.do("sizing the window", chromedp.EmulateViewport(size.w, size.h))
		b.open("/new")
		b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS("[data-testid=run]")))
		if small := get(b, "measuring the text", chromedp.Evaluate[string](smallTextJS)); small != "" {
			t.Errorf("%s: text under 12 px: %s", view, small)
		}
		if wide := get(b, "measuring the width", chromedp.Evaluate[float64](wideJS)); wide > 0 {
			t.Errorf("%s: the page is %.0f px wider than the window", view, wide)
		}
		b.screenshot("new-search-" + view + ".png")
	}
}

// firstScreen saves what the window shows, unscrolled, as name in
// $SEARCHVIZ_SCREENSHOTS, if it is set.
func firstScreen(b *browser, name string) {
	b.t.Helper()
	dir := os.Getenv(screenshotsEnv)
	if dir == "" {
		return
	}
	png := get(b, "taking a screenshot of the window", chromedp.CaptureScreenshot())
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// galleryCount counts the examples and comparisons in the gallery's
// file, read as JSON here rather than through the package that groups
// them.
func galleryCount(t *testing.T) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("internal", "gallery", "gallery.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g struct{ Examples, Comparisons []json.RawMessage }
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	return len(g.Examples) + len(g.Comparisons)
}
