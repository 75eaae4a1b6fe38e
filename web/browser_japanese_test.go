package web_test

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/searchviz/searchviz/web"
)

// shownTextsJS lists what a reader of the page sees or hears, each with
// where it is: the visible texts, and the labels, titles and placeholders
// of visible elements. Code (code, kbd, samp, pre), what the page marks
// translate="no" and the tree's edge labels (moves) are left out.
const shownTextsJS = `(() => {
	const skip = "code, kbd, samp, pre, script, style, textarea, [translate=no], g.edge text";
	const shown = (el) => { for (let e = el; e; e = e.parentElement) { if (e.matches && e.matches(skip)) return false; } const r = el.getClientRects(); return r.length > 0 && getComputedStyle(el).visibility !== "hidden"; };
	const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "");
	const out = [];
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		const text = n.textContent.trim();
		if (text && n.parentElement && shown(n.parentElement)) out.push([name(n.parentElement), text]);
	}
	for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
		if (!shown(el)) continue;
		for (const a of ["aria-label", "title", "placeholder", "alt"]) { const v = el.getAttribute(a); if (v) out.push([name(el) + "[" + a + "]", v]); }
	}
	return out;
})()`

// quoted is what a Japanese text quotes as it is written: a name the
// reader typed, an answer's syntax.
var quoted = regexp.MustCompile(`「[^」]*」`)

// TestBrowserJapanesePages walks the app's pages in Japanese, as a reader
// who chose Japanese with the switch meets them, and finds no English
// word outside code, move labels and names (web.EnglishWords).
func TestBrowserJapanesePages(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	pages := []struct {
		name, path string
		viewer     bool // a viewer: its tree is drawn, and End shows the decision
	}{
		{"landing", "/", false},
		{"new search", "/new", false},
		{"saved traces", "/traces", false},
		{"viewer of the textbook tree", "/example/rn-alphabeta", true},
		{"viewer of MCTS", "/example/ttt-mcts", true},
		{"viewer of the dice game", "/example/dice-cut", true},
		{"viewer of a transposition table", "/example/ttt-alphabeta-tt", true},
		{"viewer of killer moves", "/example/ttt-whole-alphabeta-killer", true},
		{"viewer of quiescence", "/example/othello-horizon-quiescence", true},
		{"viewer of iterative deepening", "/example/ttt-iterative", true},
		{"viewer of Chokudai search", "/example/maze-chokudai", true},
		{"viewer of DUCT", "/example/twin-duct", true},
		{"exercise", "/exercise", false},
		{"play", "/play", false},
		{"arena", "/arena", false},
		{"join a room", "/r", false},
		{"no such page", "/example/no-such-example", false},
	}
	for _, p := range pages {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			b := newBrowser(t, app)
			b.keepTabOut() // the language's cookie stays with the tab
			b.open("/lang/ja?back=" + url.QueryEscape(p.path))
			if lang := get(b, "reading the page's language", chromedp.Evaluate[string](`document.documentElement.lang`)); lang != "ja" {
				t.Fatalf("the page is in %q after choosing Japanese", lang)
			}
			if p.viewer {
				b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
				b.waitStep(0)
				b.do("pressing End", chromedp.KeyEvent(kb.End))
				b.waitStep(b.lastStep())
				b.settleDrawings()
			}
			var words []string
			for _, shown := range get(b, "reading the page's texts", chromedp.Evaluate[[][2]string](shownTextsJS)) {
				for _, w := range web.EnglishWords(quoted.ReplaceAllString(shown[1], "")) {
					words = append(words, fmt.Sprintf("%s (%s: %.80s)", w, shown[0], shown[1]))
				}
			}
			slices.Sort(words)
			b.screenshot("japanese-" + strings.ReplaceAll(p.name, " ", "-") + ".png")
			if len(words) > 0 {
				t.Errorf("%s in Japanese shows %d English words:\n  %s", p.path, len(words), strings.Join(words, "\n  "))
			}
		})
	}
}
