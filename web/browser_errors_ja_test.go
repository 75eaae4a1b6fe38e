package web_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserSearchFormErrorJapanese types a position no game reaches in
// the new-search form as a Japanese student does: the field's live check
// and, once the search is asked for, the page's refusal say why in
// Japanese, the position as typed.
func TestBrowserSearchFormErrorJapanese(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.keepTabOut() // its cookie keeps Japanese, which another test must not inherit
	b.open("/lang/ja?back=" + url.QueryEscape("/new?game=tictactoe&algo=alphabeta"))
	b.do("waiting for the position field", chromedp.WaitVisible(chromedp.CSS(`[data-testid="position"]`)))
	get(b, "typing a position no game reaches", chromedp.Evaluate[bool](`(() => {
		const f = document.querySelector('[data-testid="position"]');
		f.value = "xxx/ooo/xx.";
		f.dispatchEvent(new Event("input", {bubbles: true}));
		return true;
	})()`))
	const want = "「xxx/ooo/xx.」はありえない局面です。"
	get(b, "waiting for the field's check", chromedp.Poll[bool](`(document.querySelector('[data-testid="position-problem"]')?.textContent || "").includes(`+jsString(want)+`)`, chromedp.WithPollingInterval(30*time.Millisecond)))
	if p := b.text(`[data-testid="position-problem"]`); !strings.Contains(p, "x の印は 5 個、o は 3 個ですが") {
		t.Errorf("the field's check reads %q", p)
	}
	b.screenshot("new-search-position-problem-ja.png")
	b.click(`[data-testid="run"]`)
	b.do("waiting for the refusal", chromedp.WaitVisible(chromedp.CSS(`[data-testid="form-error"]`)))
	if e := b.text(`[data-testid="form-error"]`); !strings.Contains(e, want) {
		t.Errorf("the refusal reads %q", e)
	}
	b.screenshot("new-search-error-ja.png")
}
