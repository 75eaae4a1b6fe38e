package web_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// leastBoardCellPx is the least side, in CSS pixels, of a board's cell in
// the side column in presentation mode (PRESENT_CELL_MIN in
// static/js/viewer/panels.js): smaller, a mark no longer reads at the
// back of a room.
const leastBoardCellPx = 24

// presentBoard is what the board panel shows, measured in the page.
type presentBoard struct {
	Cells    int     `json:"cells"`    // the board's cells
	Cut      int     `json:"cut"`      // cells not wholly in the viewport and in the boxes that clip them
	FirstCut string  `json:"firstCut"` // the first such cell's box and the box it should be in
	Cell     float64 `json:"cell"`     // the smallest cell's side
	Mark     float64 `json:"mark"`     // the smallest font size of a cell's mark
	Marks    int     `json:"marks"`    // the cells with a mark
	Lit      bool    `json:"lit"`      // the pseudocode's lit line is wholly on screen
	Now      bool    `json:"now"`      // the step in words is wholly on screen
}

// presentBoardJS measures the board panel: each cell's box against the
// viewport and the padding box of every ancestor that clips what
// overflows it, the panel itself included; the cells' sizes and their
// marks' font sizes; and whether the lit line of the pseudocode and the
// step in words are as wholly on screen.
const presentBoardJS = `(() => {
	const visible = (el) => {
		let box = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
		for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
			const s = getComputedStyle(a);
			if (s.overflowX === "visible" && s.overflowY === "visible") continue;
			const r = a.getBoundingClientRect();
			const left = r.left + a.clientLeft, top = r.top + a.clientTop;
			box = {left: Math.max(box.left, left), top: Math.max(box.top, top),
				right: Math.min(box.right, left + a.clientWidth), bottom: Math.min(box.bottom, top + a.clientHeight)};
		}
		return box;
	};
	const whole = (el) => {
		if (!el || !el.checkVisibility()) return [false, "not shown"];
		const r = el.getBoundingClientRect(), b = visible(el), e = 0.5;
		const ok = r.width > 0 && r.left >= b.left - e && r.right <= b.right + e && r.top >= b.top - e && r.bottom <= b.bottom + e;
		const fmt = (q) => [q.left, q.top, q.right, q.bottom].map((v) => v.toFixed(1)).join(",");
		return [ok, fmt(r) + " in " + fmt(b)];
	};
	const out = {cells: 0, cut: 0, firstCut: "", cell: 1e9, mark: 1e9, marks: 0};
	for (const td of document.querySelectorAll("#board td")) {
		out.cells++;
		const [ok, why] = whole(td);
		if (!ok) { out.cut++; out.firstCut = out.firstCut || why; }
		const r = td.getBoundingClientRect();
		out.cell = Math.min(out.cell, r.width, r.height);
		if (td.textContent.trim()) { out.marks++; out.mark = Math.min(out.mark, parseFloat(getComputedStyle(td).fontSize)); }
	}
	out.lit = whole(document.querySelector("#code li.lit"))[0];
	out.now = whole(document.querySelector("#log li.now"))[0];
	return out;
})()`

// TestBrowserPresentationBoardWhole opens a board game of each kind in
// presentation mode on a projector's screen and checks that the board
// panel shows the whole board, every cell inside the viewport and inside
// the panel's visible box, its cells and marks big enough to read, while
// the lit line of the pseudocode and the step in words stay on screen.
func TestBrowserPresentationBoardWhole(t *testing.T) {
	t.Parallel()
	screens := []struct{ w, h int64 }{{1280, 720}, {1920, 1080}}
	tests := []struct {
		example string
		cells   int // the board's cells; 0 for a maze, whose size its seed sets
	}{
		{"ttt-alphabeta", 9},
		{"c4-alphabeta", 42},
		{"othello-alphabeta", 64},
		{"maze-beam", 0},
	}
	for _, tt := range tests {
		for _, sc := range screens {
			name := fmt.Sprintf("%s-%dx%d", tt.example, sc.w, sc.h)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				b := newBrowser(t, newApp(t))
				b.do("setting the window size", chromedp.EmulateViewport(sc.w, sc.h))
				b.open("/example/" + tt.example + "?present=1&step=30")
				b.do("waiting for the board", chromedp.WaitVisible(chromedp.CSS("#board td")))
				b.waitStep(30)
				var s presentBoard
				settle := fmt.Sprintf(`(() => { const s = %s; return s.cells > 0 && s.cut === 0 && s.lit && s.now; })()`, presentBoardJS)
				_, _ = chromedp.Run(b.ctx, chromedp.Poll[bool](settle, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(waitFor)))
				s = get(b, "measuring the board", chromedp.Evaluate[presentBoard](presentBoardJS))
				b.screenshot("present-board-" + name + ".png")
				if tt.cells > 0 && s.Cells != tt.cells {
					t.Errorf("the board panel draws %d cells, want %d", s.Cells, tt.cells)
				}
				if s.Cells < 9 {
					t.Fatalf("the board panel draws %d cells; want a whole board", s.Cells)
				}
				if s.Cut > 0 {
					t.Errorf("%d of the board's %d cells are cut by the screen or a panel, the first %s", s.Cut, s.Cells, s.FirstCut)
				}
				if s.Cell < leastBoardCellPx {
					t.Errorf("the smallest cell is %.1f px, want at least %d px", s.Cell, leastBoardCellPx)
				}
				if s.Marks > 0 && s.Mark < leastPagePx {
					t.Errorf("the smallest mark on the board is %.1f px, want at least %d px", s.Mark, leastPagePx)
				}
				if !s.Lit {
					t.Error("the pseudocode's lit line is not wholly on screen")
				}
				if !s.Now {
					t.Error("the step in words is not wholly on screen")
				}
			})
		}
	}
}
