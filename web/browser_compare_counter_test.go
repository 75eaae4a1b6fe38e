package web_test

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// counterShown is where a comparison's viewer shows its step counter.
type counterShown struct {
	Text    string `json:"text"`
	Inside  bool   `json:"inside"`  // its box lies within its frame and the page's viewport
	Whole   bool   `json:"whole"`   // its text is not cut: scrollWidth <= clientWidth
	Where   string `json:"where"`   // its box on the page, and the page's width
	Visible bool   `json:"visible"` // it is shown
}

// countersShownJS measures the step counter of each viewer of a
// comparison page: its box, on the page, against its frame's and the
// page's viewport, and its text against the room its box gives it.
const countersShownJS = `[...document.querySelectorAll("iframe[data-trace]")].map((f) => {
	const d = f.contentDocument, c = d && d.querySelector(".counter");
	if (!c) return {text: "", inside: false, whole: false, where: "no counter", visible: false};
	const fr = f.getBoundingClientRect(), r = c.getBoundingClientRect(), e = 0.5;
	const left = fr.left + f.clientLeft + r.left, right = fr.left + f.clientLeft + r.right;
	const top = fr.top + f.clientTop + r.top, bottom = fr.top + f.clientTop + r.bottom;
	const inFrame = r.left >= -e && r.right <= f.contentWindow.innerWidth + e && r.top >= -e && r.bottom <= f.contentWindow.innerHeight + e;
	const inPage = left >= -e && right <= innerWidth + e && top >= -e && bottom <= innerHeight + e;
	return {text: (d.getElementById("counter-text") || c).textContent.trim(), inside: inFrame && inPage, whole: c.scrollWidth <= c.clientWidth,
		where: [left, top, right, bottom].map((v) => v.toFixed(1)).join(",") + " of " + innerWidth + "x" + innerHeight, visible: c.checkVisibility() && r.width > 0};
})`

// TestBrowserPresentedCompareCounter opens both comparisons in
// presentation mode at 1280x720, in English and in Japanese, and checks
// each viewer's step counter: shown whole, its box within its frame and
// the screen, its text not cut ("step 776 of 776", not "step 776 of 77").
func TestBrowserPresentedCompareCounter(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "ja"} {
		for _, name := range []string{"ttt-minimax-alphabeta", "ttt-mcts-pmc"} {
			t.Run(lang+"/"+name, func(t *testing.T) {
				t.Parallel()
				b := newBrowser(t, newApp(t))
				b.do("setting the window to a projector's", chromedp.EmulateViewport(1280, 720))
				path := "/compare/" + name + "?present=1"
				if lang == "ja" {
					b.keepTabOut() // its cookie keeps Japanese, which another test must not inherit
					path = "/lang/ja?back=" + url.QueryEscape(path)
				}
				b.open(path)
				b.do("waiting for the page", chromedp.WaitVisible(chromedp.CSS("main.compare")))
				// A counter squeezed to nothing never shows: the wait ends,
				// and the measurement says so.
				ready := fmt.Sprintf(`(() => { const c = %s; return c.length === 2 && c.every((s) => s.visible && s.text !== "") && [...document.querySelectorAll("iframe[data-trace]")].every((f) => f.contentDocument.documentElement.classList.contains("present")); })()`, countersShownJS)
				_, _ = chromedp.Run(b.ctx, chromedp.Poll[bool](ready, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(waitFor)))
				b.do("letting the viewers settle", chromedp.Sleep(300*time.Millisecond))
				b.screenshot("present-compare-counter-" + lang + "-" + name + ".png")
				counters := get(b, "measuring the counters", chromedp.Evaluate[[]counterShown](countersShownJS))
				if len(counters) != 2 {
					t.Fatalf("the page has %d viewers with a counter, want 2", len(counters))
				}
				for i, c := range counters {
					if !c.Visible || c.Text == "" {
						t.Errorf("viewer %d's counter %q is not shown (at %s)", i, c.Text, c.Where)
					}
					if lang == "ja" && !hasJapanese(c.Text) {
						t.Errorf("viewer %d's counter reads %q, not Japanese", i, c.Text)
					}
					if !c.Inside {
						t.Errorf("viewer %d's counter %q is at %s: not within its frame and the screen", i, c.Text, c.Where)
					}
					if !c.Whole {
						t.Errorf("viewer %d's counter %q is cut: its text is wider than its box", i, c.Text)
					}
				}
			})
		}
	}
}

// hasJapanese reports whether s has a kana or a kanji.
func hasJapanese(s string) bool {
	for _, r := range s {
		if (r >= 0x3040 && r <= 0x30ff) || (r >= 0x4e00 && r <= 0x9fff) {
			return true
		}
	}
	return false
}
