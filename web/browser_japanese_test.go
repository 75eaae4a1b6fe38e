package web_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// englishOnPageJS lists the English words a reader of the page sees or
// hears: words of three letters or more in Latin letters, in the visible
// text and in the labels, titles and placeholders of visible elements.
// Code (code, kbd, samp, pre), what the page marks translate="no"
// (names, positions, move labels) and the tree's edge labels (moves) are
// not words; nor are the names in allowedWords.
const englishOnPageJS = `((allowed) => {
	const skip = "code, kbd, samp, pre, script, style, textarea, [translate=no], g.edge text";
	const shown = (el) => { for (let e = el; e; e = e.parentElement) { if (e.matches && e.matches(skip)) return false; } const r = el.getClientRects(); return r.length > 0 && getComputedStyle(el).visibility !== "hidden"; };
	const found = new Map();
	const note = (text, where) => {
		for (const w of text.match(/[A-Za-z][A-Za-z']{2,}/g) || []) {
			if (allowed.has(w) || found.has(w)) continue;
			found.set(w, where + ": " + text.trim().slice(0, 80));
		}
	};
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		if (n.parentElement && shown(n.parentElement)) note(n.textContent, n.parentElement.tagName.toLowerCase() + (n.parentElement.id ? "#" + n.parentElement.id : ""));
	}
	for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
		if (!shown(el)) continue;
		for (const a of ["aria-label", "title", "placeholder", "alt"]) { const v = el.getAttribute(a); if (v) note(v, el.tagName.toLowerCase() + "[" + a + "]"); }
	}
	for (const opt of document.querySelectorAll("select option")) { if (shown(opt.parentElement)) note(opt.textContent, "option"); }
	return [...found.entries()].map(([w, where]) => w + " (" + where + ")");
})(new Set(%s))`

// allowedWords are the names a Japanese page writes in Latin letters: the
// program's, the algorithms' and formats' own, the references' authors',
// and the language switch's "English", which names the language in
// itself.
var allowedWords = []string{
	"searchviz", "English", "MAX", "MIN", "UCB", "UCB1", "MCTS", "DUCT", "NegaMax", "Chokudai",
	"AIMA", "Russell", "Norvig", "Graphviz", "SVG", "DOT", "JSON", "JSONL", "NATS", "CSV", "PNG",
	"HTML", "ZIP", "URL", "KiB", "MiB", "SPRT", "Elo",
}

// TestBrowserJapanesePages walks the app's pages in Japanese, as a reader
// who chose Japanese with the switch meets them, and finds no English
// word outside code, move labels and names.
func TestBrowserJapanesePages(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	allowed := `["` + strings.Join(allowedWords, `","`) + `"]`
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
			words := get(b, "reading the page's words", chromedp.Evaluate[[]string](fmt.Sprintf(englishOnPageJS, allowed)))
			slices.Sort(words)
			if len(words) > 0 {
				b.screenshot("japanese-" + strings.ReplaceAll(p.name, " ", "-") + ".png")
				t.Errorf("%s in Japanese shows %d English words:\n  %s", p.path, len(words), strings.Join(words, "\n  "))
			}
		})
	}
}
