package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserArena plays a small tic-tac-toe match from the arena page,
// watches it to its end, and opens the tree of one of its moves.
func TestBrowserArena(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	b.open("/arena")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=arena-form]`)))
	// Choosing a game puts its default engines in the fields.
	b.choose("game", "dice")
	if a := get(b, "reading engine A", chromedp.Value(chromedp.ID("engine-a"))); a != "expectimax depth=1 eval=typeA" {
		t.Errorf("engine A is %q after choosing dice", a)
	}
	b.choose("game", "tictactoe")
	if a := get(b, "reading engine A", chromedp.Value(chromedp.ID("engine-a"))); a != "alphabeta depth=9" {
		t.Errorf("engine A is %q after choosing tictactoe", a)
	}
	b.typeInto("games", "6")
	b.click(`[data-testid=arena-run]`)
	b.do("waiting for the match page", chromedp.WaitVisible(chromedp.CSS(`#arena-match`)))
	ended := `document.getElementById("arena-done").textContent === "6 of 6 games" && document.getElementById("arena-match").dataset.finished === "true"`
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](ended, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatalf("waiting for the match to end: %v; the page says %q", err, b.text("#arena-done"))
	}
	if wdl := b.text("#arena-wdl"); len(strings.Split(wdl, "/")) != 3 {
		t.Errorf("W/D/L reads %q", wdl)
	}
	if s := b.text("#arena-score"); !strings.Contains(s, "[") {
		t.Errorf("the score reads %q, want an interval", s)
	}
	if e := b.text("#arena-elo"); !strings.Contains(e, "[") {
		t.Errorf("the Elo reads %q, want an interval", e)
	}
	points := get(b, "counting the chart's points", chromedp.Evaluate[int](`document.querySelectorAll("#arena-chart svg circle.point").length`))
	if points != 6 {
		t.Errorf("the chart has %d points, want one per game, 6", points)
	}
	if band := get(b, "finding the band", chromedp.Evaluate[int](`document.querySelectorAll("#arena-chart svg polygon.band").length`)); band != 1 {
		t.Errorf("the chart has %d interval bands, want 1", band)
	}
	rows := get(b, "counting the games", chromedp.Evaluate[int](`document.querySelectorAll("#arena-games tr").length`))
	if rows != 6 {
		t.Errorf("the games list has %d rows, want 6", rows)
	}
	b.click(`#arena-games tr[data-game="1"] button`)
	b.do("waiting for the moves", chromedp.WaitVisible(chromedp.CSS(`[data-testid=arena-tree]`)))
	if title := b.text("#arena-moves-title"); title != "Game 1" {
		t.Errorf("the moves are titled %q", title)
	}
	first := b.text(`#arena-moves-body tr:first-child`)
	if !strings.Contains(first, "B") || !strings.Contains(first, "mcts playouts=1000") {
		t.Errorf("game 1's first move reads %q, want B's mcts", first)
	}
	b.screenshot("arena-match.png")
	// The tree opens in a new tab for a person, as the play page's does;
	// here in this one.
	if blank := get(b, "reading the trees' targets", chromedp.Evaluate[bool](`[...document.querySelectorAll("#arena-moves-body form")].every((f) => f.target === "_blank")`)); !blank {
		t.Error("a move's tree opens in the match's tab, want a new tab")
	}
	b.do("opening trees here", chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#arena-moves-body form").forEach((f) => f.target = "")`))
	b.click(`#arena-moves-body tr:nth-child(2) [data-testid=arena-tree]`)
	b.doWithin("waiting for the tree", 60*time.Second, chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	if id := b.traceID(); id == "" {
		t.Error("the tree opened no viewer")
	}
	if at := get(b, "reading the step", chromedp.Evaluate[bool](`(() => { const v = document.getElementById("viewer"); return v.dataset.step === String(Number(v.dataset.steps) - 1); })()`)); !at {
		t.Error("the tree opened before the decision, want it at the search's last step")
	}
	b.screenshot("arena-tree.png")
}
