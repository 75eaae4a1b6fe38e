package web_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/searchviz/searchviz/web"
)

// readJapanese makes b's tab ask for pages in Japanese, as a Japanese
// browser does, until the test ends: a header of the tab, not the
// switch's cookie, which the browser would send to every test's app on
// the same host.
func readJapanese(b *browser) {
	b.t.Helper()
	setAccept := func(value string) error {
		ctx := b.ctx
		if value == "" {
			// The tab goes back to the pool at the end: it is reset on a
			// context the test's end has not cancelled yet.
			ctx = context.WithoutCancel(b.ctx)
		}
		if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": value}})
		return err
	}
	if err := setAccept("ja-JP,ja;q=0.9"); err != nil {
		b.t.Fatalf("asking for Japanese: %v", err)
	}
	b.t.Cleanup(func() {
		if err := setAccept(""); err != nil {
			b.t.Errorf("asking for no language again: %v", err)
		}
	})
}

// TestJapaneseScreens opens the start page and the new-search form as a
// Japanese reader: they are in Japanese, the header's language switch is
// in the first screen and legible, and with $SEARCHVIZ_SCREENSHOTS set
// they are saved for a person to look at.
func TestJapaneseScreens(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	readJapanese(b)
	b.do("sizing the window", chromedp.EmulateViewport(1280, 800))
	for _, p := range []struct{ path, name, want string }{
		{"/", "ja-landing.png", "ゲーム木探索を1ステップずつ"},
		{"/new", "ja-new.png", "探索を実行"},
	} {
		b.open(p.path)
		if got := b.text("main"); !containsText(got, p.want) {
			t.Errorf("%s: the page lacks %q: %s", p.path, p.want, got)
		}
		sw := get(b, "measuring the language switch", chromedp.Evaluate[switchLook](switchLookJS))
		if !sw.InFirstScreen || sw.Current != "日本語" || sw.Other != "English" {
			t.Errorf("%s: the language switch reads %+v, want 日本語 current and a link to English in the first screen", p.path, sw)
		}
		if sw.Contrast < 4.5 {
			t.Errorf("%s: the switch's link has a contrast of %.1f with the header, want 4.5 at least", p.path, sw.Contrast)
		}
		if words := web.EnglishWords(get(b, "reading the page's text", chromedp.Evaluate[string](visibleTextJS))); len(words) > 0 {
			t.Errorf("%s: English on the Japanese page: %q", p.path, words)
		}
		b.screenshot(p.name)
	}
	b.open("/example/ttt-alphabeta")
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.settleDrawings()
	if got := b.text(".code-panel h2"); !containsText(got, "擬似コード") {
		t.Errorf("the viewer's pseudocode panel is headed %q", got)
	}
	b.screenshot("ja-viewer.png")
	b.open("/compare/ttt-minimax-alphabeta")
	b.do("waiting for the table", chromedp.WaitVisible(chromedp.CSS("[data-testid=compare-table]")))
	if got := b.text("[data-testid=compare-table] thead"); !containsText(got, "探索") {
		t.Errorf("the comparison's table is headed %q", got)
	}
	b.screenshot("ja-compare.png")
}

// switchLook is what switchLookJS measures of the header's language
// switch.
type switchLook struct {
	Current       string  `json:"current"`       // the language shown, not a link
	Other         string  `json:"other"`         // the link to the other language
	InFirstScreen bool    `json:"inFirstScreen"` // both wholly in the window, unscrolled
	Contrast      float64 `json:"contrast"`      // the link's text against the header's background
}

// switchLookJS measures the language switch: its texts, whether it is in
// the first screen, and the contrast ratio (WCAG) of its link's colour
// with the header's.
const switchLookJS = `(() => {
	const sw = document.querySelector("[data-testid=lang-switch]");
	const cur = sw.querySelector("[aria-current]"), other = sw.querySelector("a");
	const inWindow = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; };
	const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
	const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
	const fg = lum(rgb(getComputedStyle(other).color));
	const bg = lum(rgb(getComputedStyle(document.querySelector(".topbar")).backgroundColor));
	return {
		current: cur.innerText.trim(), other: other.innerText.trim(),
		inFirstScreen: window.scrollY === 0 && inWindow(cur) && inWindow(other),
		contrast: (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05),
	};
})()`

// visibleTextJS is the text of the page a reader sees, leaving out code,
// keys and sample output, drawings, and the brand: every visible text
// node's, after the page's scripts have filled it. The board and tree
// editors are the scripts' own words, which script.json's tests check.
const visibleTextJS = `(() => {
	const skip = "code, kbd, samp, svg, script, style, .brand, #board-editor, #tree-editor";
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	const out = [];
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		const e = n.parentElement;
		if (e.closest(skip) || !e.checkVisibility()) continue;
		out.push(n.textContent);
	}
	return out.join(" ");
})()`

// containsText reports whether text holds want.
func containsText(text, want string) bool { return strings.Contains(text, want) }
