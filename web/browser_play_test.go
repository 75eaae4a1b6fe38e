package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/searchviz/searchviz/play"
)

// waitFor polls js until it is true, failing with what after timeout.
func (b *browser) waitFor(what, js string, timeout time.Duration) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, timeout)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(30*time.Millisecond), chromedp.WithPollingTimeout(timeout))); err != nil {
		b.t.Fatalf("waiting for %s: %v; the page says %q", what, err, b.text("#play-status"))
	}
}

// yourMove is true when the play page waits for the person.
const yourMove = `document.getElementById("play-status").dataset.turn === "person" && !document.querySelector("#play-board button:disabled")`

// TestBrowserPlayTicTacToe plays tic-tac-toe against AlphaBeta by
// clicking squares: a move, its undo, then a game to its end, which a
// person cannot win against perfect play; then opens an engine move's
// tree.
func TestBrowserPlayTicTacToe(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.open("/play")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=play-form]`)))
	b.choose("play-game", "tictactoe")
	if e := get(b, "reading the engine", chromedp.Value(chromedp.ID("play-engine"))); e != "alphabeta" {
		t.Errorf("the engine is %q after choosing tictactoe", e)
	}
	b.choose("play-side", "0")
	b.click(`[data-testid=play-start]`)
	b.waitFor("the empty board", yourMove+` && document.querySelectorAll("#play-board button.legal").length === 9`, 10*time.Second)

	b.click(`#play-board button[aria-label="play b2"]`)
	b.waitFor("the engine's answer", yourMove+` && document.querySelectorAll("[data-testid=play-ply]").length === 2`, 20*time.Second)
	if n := get(b, "counting legal squares", chromedp.Evaluate[int](`document.querySelectorAll("#play-board button.legal").length`)); n != 7 {
		t.Errorf("%d squares can be played after two moves, want 7", n)
	}
	if taken := get(b, "reading b2", chromedp.Evaluate[bool](`!!document.querySelector('#play-board button[aria-label="play b2"]')`)); taken {
		t.Error("b2, taken, can still be clicked")
	}
	row := b.text(`[data-testid=play-ply]:nth-child(2)`)
	if !strings.Contains(row, "o (engine)") || !strings.Contains(row, "nodes") {
		t.Errorf("the engine's move reads %q", row)
	}
	b.screenshot("play-tictactoe.png")

	b.click(`[data-testid=play-undo]`)
	b.waitFor("the undone board", yourMove+` && document.querySelectorAll("#play-board button.legal").length === 9`, 10*time.Second)

	for range 5 {
		if over := get(b, "reading the turn", chromedp.Evaluate[bool](`document.getElementById("play-status").dataset.turn === "over"`)); over {
			break
		}
		b.click(`#play-board button.legal`)
		b.waitFor("the engine's answer", `(`+yourMove+`) || document.getElementById("play-status").dataset.turn === "over"`, 20*time.Second)
	}
	status := b.text("#play-status")
	if !strings.HasPrefix(status, "The engine wins") && !strings.HasPrefix(status, "A draw") {
		t.Errorf("the game ended with %q, want the engine's win or a draw", status)
	}
	b.screenshot("play-tictactoe-over.png")

	// The tree opens in a new tab for a person; here in this one.
	b.do("opening trees here", chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("[data-testid=play-ply] form").forEach(f => f.target = "")`))
	b.click(`[data-testid=play-ply]:nth-child(2) [data-testid=play-tree]`)
	b.doWithin("waiting for the tree", 60*time.Second, chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	if d := b.text("h1"); !strings.Contains(d, "alphabeta on tictactoe") {
		t.Errorf("the tree's page is %q", d)
	}
	get(b, "waiting for the whole drawing", chromedp.Poll[bool](drawnWhole, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(waitFor)))
	if n := get(b, "counting the best line", chromedp.Evaluate[int](`document.querySelectorAll("#tree g.node.st_best").length`)); n < 2 {
		t.Errorf("%d nodes drawn on the best line at the decision, want the line the engine expects", n)
	}
	b.screenshot("play-tree.png")
}

// TestBrowserPlayTwinMaze plays the twin maze, where both move at once,
// by its move buttons.
func TestBrowserPlayTwinMaze(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.open("/play?game=twinmaze")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=play-form]`)))
	b.click(`[data-testid=play-start]`)
	b.waitFor("the first move", `document.getElementById("play-status").dataset.turn === "person" && document.querySelectorAll("[data-testid=play-move]").length > 0`, 10*time.Second)
	b.click(`[data-testid=play-move]`)
	b.waitFor("both moves", `document.querySelectorAll("[data-testid=play-ply]").length === 1`, 20*time.Second)
	row := b.text(`[data-testid=play-ply]`)
	if !strings.Contains(row, "A (you) + B (engine)") {
		t.Errorf("the first move reads %q, want both sides", row)
	}
	// A, on the first of the maze's buttons (right), stepped onto the 6.
	if caption := b.text("#play-board .caption"); !strings.HasPrefix(caption, "19 turns left, A 6 – B ") {
		t.Errorf("the board says %q, want the turns left and the scores, A's 6", caption)
	}
	b.screenshot("play-twinmaze.png")
}

// TestBrowserPlayOthello plays the chapter's game: the person Black, the
// engine White searching 5 plies with MiniMax.
func TestBrowserPlayOthello(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.open("/play")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=play-form]`)))
	if g := get(b, "reading the game", chromedp.Value(chromedp.ID("play-game"))); g != "othello" {
		t.Errorf("the play page opens on %q, want othello, the flagship", g)
	}
	if e := get(b, "reading the engine", chromedp.Value(chromedp.ID("play-engine"))); e != "minimax depth=5" {
		t.Errorf("the default engine is %q, want the chapter's minimax depth=5", e)
	}
	b.click(`[data-testid=play-start]`)
	b.waitFor("the start", yourMove+` && document.querySelectorAll("#play-board button.legal").length === 4`, 10*time.Second)
	b.click(`#play-board button[aria-label="play f5"]`)
	b.waitFor("White's answer", yourMove+` && document.querySelectorAll("[data-testid=play-ply]").length === 2`, 30*time.Second)
	row := b.text(`[data-testid=play-ply]:nth-child(2)`)
	if !strings.Contains(row, "White (engine)") || !strings.Contains(row, "1,713 nodes") && !strings.Contains(row, "nodes") {
		t.Errorf("White's move reads %q", row)
	}
	if !strings.Contains(row, "(White's view)") {
		t.Errorf("White's move reads %q, want its value said to be from White's view", row)
	}
	// After f5 White answers d6, f4 or f6; then Black has moves again.
	if n := get(b, "counting legal squares", chromedp.Evaluate[int](`document.querySelectorAll("#play-board button.legal").length`)); n < 3 {
		t.Errorf("%d squares marked legal for Black's second move", n)
	}
	b.screenshot("play-othello.png")
}

// TestBrowserPlayBudgetCutEngine plays Othello as White against an
// AlphaBeta whose node budget runs out inside the subtree of its first
// move: it still moves, its first legal move, and the record says why,
// where the page used to say the engine could not move.
func TestBrowserPlayBudgetCutEngine(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.open("/play")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=play-form]`)))
	b.choose("play-game", "othello")
	b.typeInto("play-engine", "alphabeta nodes=100")
	b.choose("play-side", "1")
	b.click(`[data-testid=play-start]`)
	b.waitFor("the engine's first move", yourMove+` && document.querySelectorAll("[data-testid=play-ply]").length === 1`, 20*time.Second)
	row := b.text(`[data-testid=play-ply]:nth-child(1)`)
	if !strings.Contains(row, "d3") || !strings.Contains(row, "node budget ran out before it searched any move to the end, so it played its first legal move") {
		t.Errorf("the engine's move reads %q, want d3 and why it was played", row)
	}
	b.screenshot("play-budget-cut.png")
}

// TestBrowserPlayOpenRecordSetsTheForm opens a game record, as a person
// who saved one would, and checks that the form then says that game (a
// twin maze of parameters no option names, B, its engine and its seed)
// and that New game starts it again: a 7x7 board with B for the person.
func TestBrowserPlayOpenRecordSetsTheForm(t *testing.T) {
	t.Parallel()
	record := filepath.Join(t.TempDir(), "game.json")
	data := fmt.Sprintf(`{"format":%q,"version":%d,"game":"twinmaze h=7 w=7","engine":"duct playouts=50","person":1,"seed":7,"plies":[]}`, play.RecordFormat, play.RecordVersion)
	if err := os.WriteFile(record, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, newApp(t))
	b.open("/play")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=play-form]`)))
	b.waitFor("the page's socket", `document.getElementById("play-status").textContent !== "Connecting…"`, 10*time.Second)
	b.do("opening the record", chromedp.SetUploadFiles(chromedp.ID("play-open"), []string{record}))
	b.waitFor("the opened game", `document.getElementById("play-game").value === "twinmaze h=7 w=7"`, 10*time.Second)
	form := get(b, "reading the form", chromedp.Evaluate[[]string](`["play-game", "play-side", "play-engine", "play-seed"].map((id) => document.getElementById(id).value)`))
	if want := []string{"twinmaze h=7 w=7", "1", "duct playouts=50", "7"}; !slices.Equal(form, want) {
		t.Errorf("after opening the record the form says %q, want %q", form, want)
	}
	b.click(`[data-testid=play-start]`)
	b.waitFor("the new game's board", `document.querySelectorAll("#play-board tr").length === 7 && document.getElementById("play-status").textContent.includes("you play B")`, 20*time.Second)
}
