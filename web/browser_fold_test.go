package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// foldShown is what the tree panel shows of a fold and the path through
// it.
type foldShown struct {
	Folds int     // fold boxes drawn
	Text  float64 // the smallest text in them, in pixels on screen
	Path  int     // nodes drawn on the path to the current node, itself included
	Root  bool    // the root node lies within the tree panel
	Cur   bool    // the current node lies within the tree panel
}

const foldJS = `(() => {
	const panel = document.getElementById("tree").getBoundingClientRect();
	const inPanel = (e) => { const r = e && e.getBoundingClientRect(); return !!r && r.width > 0 && r.top >= panel.top - 0.5 && r.bottom <= panel.bottom + 0.5 && r.left >= panel.left - 0.5 && r.right <= panel.right + 0.5; };
	const svg = document.querySelector("#tree svg");
	const folds = [...document.querySelectorAll("#tree g.node.fold")];
	let text = 1e9;
	for (const f of folds) for (const t of f.querySelectorAll("text")) {
		if (t.textContent.trim()) text = Math.min(text, parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a);
	}
	return {Folds: folds.length, Text: folds.length ? text : 0,
		Path: document.querySelectorAll("#tree g.node.st_path, #tree g.node.st_current").length,
		Root: inPanel(document.getElementById("n0")), Cur: inPanel(document.querySelector("#tree g.node.st_current"))};
})()`

// TestBrowserFoldUnfolds opens the tic-tac-toe AlphaBeta example at a
// step whose current node, three moves deep, and the root do not fit the
// panel at a readable size: the path's middle is one box, readable, with
// the root and the current node in the panel; clicking the box draws the
// whole path, root to current node, four nodes.
func TestBrowserFoldUnfolds(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.do("setting the window", chromedp.EmulateViewport(1440, 900))
	b.open("/example/ttt-alphabeta?step=247")
	b.waitJS("a fold", `document.querySelectorAll("#tree g.node.fold").length === 1`)
	got := get(b, "measuring the fold", chromedp.Evaluate[foldShown](foldJS))
	if got.Text < 12 || !got.Root || !got.Cur || got.Path != 2 {
		t.Errorf("folded: %+v, want text of 12 px or more, the root and the current node in the panel, and the two of them drawn of the path", got)
	}
	b.click("#tree g.node.fold")
	b.waitJS("the path unfolded", `document.querySelectorAll("#tree g.node.fold").length === 0 && document.querySelectorAll("#tree g.node.st_path, #tree g.node.st_current").length > 2`)
	got = get(b, "measuring the path", chromedp.Evaluate[foldShown](foldJS))
	if got.Path != 4 || !got.Cur {
		t.Errorf("unfolded: %+v, want the root, c2, a2 and a1 drawn, and the current node in the panel", got)
	}
}
