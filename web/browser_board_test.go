package web_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// coordinatesJS reads the column and row names drawn around the board in
// element %[1]s, each with whether it lines up with its column's or
// row's cells, and the smallest of their font sizes in px.
const coordinatesJS = `(() => {
	const table = document.querySelector(%[1]q + " table");
	if (!table) return null;
	const mid = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
	const rows = [...table.rows];
	const out = {cols: [], rows: [], aligned: true, least: 1e9};
	for (const th of table.querySelectorAll("th.coord")) {
		if (th.textContent) out.least = Math.min(out.least, parseFloat(getComputedStyle(th).fontSize));
	}
	[...rows[0].cells].slice(1).forEach((th, j) => {
		out.cols.push(th.textContent);
		const cell = rows[1].cells[j + 1];
		if (Math.abs(mid(th.getBoundingClientRect())[0] - mid(cell.getBoundingClientRect())[0]) > 1) out.aligned = false;
	});
	rows.slice(1).forEach((tr) => {
		const th = tr.cells[0];
		out.rows.push(th.textContent);
		if (Math.abs(mid(th.getBoundingClientRect())[1] - mid(tr.cells[1].getBoundingClientRect())[1]) > 1) out.aligned = false;
	});
	return out;
})()`

// coordinates is what coordinatesJS reads.
type coordinates struct {
	Cols, Rows []string
	Aligned    bool
	Least      float64
}

// readCoordinates waits for the board in element sel to be drawn with its
// names and reads them.
func readCoordinates(b *browser, sel string) coordinates {
	b.t.Helper()
	b.waitJS("the board's coordinates", fmt.Sprintf(`!!document.querySelector(%q + " table th.coord")`, sel))
	return get(b, "reading the coordinates", chromedp.Evaluate[coordinates](fmt.Sprintf(coordinatesJS, sel)))
}

// TestBrowserBoardCoordinates looks for the names of the columns and rows
// around the boards of the games that name their squares, in the viewer,
// on the play page and in the new-search form's editor, as a student reading
// "Black plays f5" looks for f5: the names must be the moves' names, in
// line with the cells and readable.
func TestBrowserBoardCoordinates(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	othelloCols := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	othelloRows := []string{"1", "2", "3", "4", "5", "6", "7", "8"}
	check := func(t *testing.T, c coordinates, cols, rows []string) {
		t.Helper()
		if !slices.Equal(c.Cols, cols) || !slices.Equal(c.Rows, rows) {
			t.Errorf("the board is named %v by %v, want %v by %v", c.Cols, c.Rows, cols, rows)
		}
		if !c.Aligned {
			t.Errorf("a name does not line up with its column's or row's cells")
		}
		if c.Least < 12 {
			t.Errorf("the names are %.1f px, want at least 12", c.Least)
		}
	}

	t.Run("viewer", func(t *testing.T) {
		t.Parallel()
		b := newBrowser(t, app)
		b.open("/example/othello-alphabeta?step=0")
		check(t, readCoordinates(b, "#board"), othelloCols, othelloRows)
		b.screenshot("board-viewer-othello.png")
	})

	t.Run("play", func(t *testing.T) {
		t.Parallel()
		b := newBrowser(t, app)
		b.open("/play")
		b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=play-form]`)))
		b.click(`[data-testid=play-start]`)
		b.waitFor("the start", yourMove+` && document.querySelectorAll("#play-board button.legal").length === 4`, 10*time.Second)
		check(t, readCoordinates(b, "#play-board"), othelloCols, othelloRows)
		b.screenshot("board-play-othello.png")
		// Black's four first moves lie where the names say they do.
		at := get(b, "finding the moves' squares", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#play-board button.legal")].map((e) => {
			const td = e.closest("td"), tr = td.parentElement, table = tr.closest("table");
			return e.getAttribute("aria-label") + "=" + table.rows[0].cells[td.cellIndex].textContent + tr.cells[0].textContent;
		}).sort()`))
		if want := []string{"play c4=c4", "play d3=d3", "play e6=e6", "play f5=f5"}; !slices.Equal(at, want) {
			t.Errorf("Black's first moves stand under the names %v, want %v", at, want)
		}
	})

	t.Run("editor", func(t *testing.T) {
		t.Parallel()
		b := newBrowser(t, app)
		b.open("/new")
		b.choose("game", "connectfour")
		b.waitJS("the Connect Four board", `document.querySelectorAll("#board-editor td").length === 42`)
		check(t, readCoordinates(b, "#board-editor"), []string{"a", "b", "c", "d", "e", "f", "g"}, []string{"6", "5", "4", "3", "2", "1"})
		b.screenshot("board-editor-connectfour.png")
	})
}
