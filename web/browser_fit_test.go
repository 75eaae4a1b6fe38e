package web_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// overflowJS returns, for the element the selector %q selects, what of it
// runs past its box: the element itself when its content is wider than
// it (scrollWidth past clientWidth) or it reaches past its parent, and
// each element inside it that reaches past its right edge; "" when
// everything fits, "missing" when there is no such element.
const overflowJS = `(() => {
	const panel = document.querySelector(%q);
	if (!panel) return "missing";
	const out = [];
	if (panel.scrollWidth > panel.clientWidth) out.push("the panel: scrollWidth " + panel.scrollWidth + " > clientWidth " + panel.clientWidth);
	const right = panel.getBoundingClientRect().right;
	const column = panel.parentElement.getBoundingClientRect().right;
	if (right > column + 0.5) out.push("the panel reaches " + Math.round(right - column) + " px past its column");
	// An element a box inside the panel scrolls or clips (a listing's
	// long lines) is that box's to show.
	const clipped = (e) => {
		for (let a = e.parentElement; a && a !== panel; a = a.parentElement) {
			if (getComputedStyle(a).overflowX !== "visible") return true;
		}
		return false;
	};
	for (const e of panel.querySelectorAll("*")) {
		if (clipped(e)) continue;
		const r = e.getBoundingClientRect();
		if (r.width > 0 && r.right > right + 0.5) out.push((e.id ? "#" + e.id : e.tagName.toLowerCase() + "." + e.className) + " " + JSON.stringify(e.textContent.slice(0, 40)) + " reaches " + Math.round(r.right - right) + " px past it");
		if (out.length >= 5) break;
	}
	return out.join("; ");
})()`

// TestBrowserPanelsFit checks, at a laptop's window and a projector's,
// that panels whose text ran past their edge hold it: the start page's
// recent traces, with long parameters and positions, and at the end of
// the twin maze's DUCT its root visits, each player's actions with their
// counts and marks, and the root's variables, its visits among them.
func TestBrowserPanelsFit(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.open("/")
	// Searches whose rows are long: every parameter of AlphaBeta, a wide
	// typed tree, a simultaneous-move search.
	runs := []url.Values{
		{"game": {"tictactoe"}, "algo": {"alphabeta"}, "alphabeta.depth": {"9"}, "alphabeta.ordering": {"1"}, "alphabeta.tt": {"1"}, "alphabeta.quiescence": {"1"}, "alphabeta.nodes": {"4000000"}},
		{"game": {"tree"}, "algo": {"alphabeta"}, "position": {"[[3,12,8],[2,4,6],[14,5,2],[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]]"}},
		{"game": {"twinmaze"}, "algo": {"duct"}, "duct.playouts": {"300"}},
	}
	for i, form := range runs {
		b.do("running a search", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
			`fetch("/run", {method: "POST", body: new URLSearchParams(%s), redirect: "manual"}).then(() => { window.ran = %d; })`, jsString(form.Encode()), i+1)))
		b.waitJS(fmt.Sprintf("search %d", i+1), fmt.Sprintf(`window.ran === %d`, i+1))
	}
	for _, size := range []struct {
		w, h    int64
		present bool // the viewer in presentation mode
	}{{1440, 900, false}, {1280, 720, false}, {1280, 720, true}} {
		b.do("sizing the window", chromedp.EmulateViewport(size.w, size.h))
		view := fmt.Sprintf("%dx%d", size.w, size.h)
		if !size.present {
			// The searches are saved as they finish: the page lists them
			// once they are.
			for try := 0; ; try++ {
				b.open("/")
				rows := get(b, "counting the recent traces", chromedp.Evaluate[int](`document.querySelectorAll('#recent [data-testid="saved-trace"]').length`))
				if rows >= len(runs) {
					break
				}
				if try == 50 {
					t.Fatalf("%d recent traces after %d searches", rows, len(runs))
				}
				time.Sleep(200 * time.Millisecond)
			}
			if got := get(b, "measuring the recent traces", chromedp.Evaluate[string](fmt.Sprintf(overflowJS, "#recent"))); got != "" {
				t.Errorf("%s: the recent traces overflow: %s", view, got)
			}
			b.screenshot("recent-" + view + ".png")
		}

		path := "/example/twin-duct"
		if size.present {
			path += "?present=1"
			view += " presenting"
		}
		b.open(path)
		b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
		b.toLastStep()
		b.waitJS("the root visits", `document.querySelectorAll("#visits-bars li").length > 0`)
		for _, panel := range []struct{ sel, name string }{
			{"#visits-panel", "the root visits"},
			// The variables panel grows with what it holds: it is measured
			// against the side column it is in.
			{".side", "the side column, the root's variables and visits in it"},
		} {
			if got := get(b, "measuring "+panel.name, chromedp.Evaluate[string](fmt.Sprintf(overflowJS, panel.sel))); got != "" {
				t.Errorf("%s: %s overflow: %s", view, panel.name, got)
			}
		}
		b.screenshot("duct-visits-" + strings.ReplaceAll(view, " ", "-") + ".png")
	}
}
