package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/searchviz/searchviz/web"
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

// arenaMarks counts the marks on the replayed board.
const arenaMarks = `document.querySelectorAll("#arena-board td.kind-piece").length`

// TestBrowserArenaSPRTAndReplay plays perfect tic-tac-toe (AlphaBeta to
// depth 9), which never loses, against PMC under an SPRT of 0 against +50
// Elo of pairs of games typed in the form: the page shows the pairs, the log-likelihood ratio with its
// bounds, charts it, and stops the match at H1 accepted before its 200
// games. Then it replays a game on its board: every move of tic-tac-toe
// puts down one mark, so ▶, → and ◀ show one mark more, one more and one
// fewer, the new one outlined, until the end.
func TestBrowserArenaSPRTAndReplay(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	b.open("/arena")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=arena-form]`)))
	b.choose("game", "tictactoe")
	b.typeInto("engine-b", "pmc playouts=10")
	b.typeInto("games", "200")
	b.typeInto("seed", "1")
	b.typeInto("elo0", "0")
	b.typeInto("elo1", "50")
	b.click("#pairs")
	b.screenshot("arena-form.png")
	b.click(`[data-testid=arena-run]`)
	b.do("waiting for the match page", chromedp.WaitVisible(chromedp.CSS(`#arena-match`)))
	b.waitFor("the match to end", `document.getElementById("arena-match").dataset.finished === "true"`, 60*time.Second)
	if d := b.text("#arena-decision"); !strings.HasPrefix(d, "H1 accepted: the games favour Elo +50 over +0") {
		t.Errorf("the decision reads %q", d)
	}
	if llr := b.text("#arena-llr"); !strings.Contains(llr, "bounds −2.94 and 2.94") || !strings.HasPrefix(llr, "LLR ") {
		t.Errorf("the LLR reads %q, want it with its bounds ∓log(19)", llr)
	}
	// Perfect play loses no game, so no pair scores 0 or ½ points.
	if pairs := strings.Split(b.text("#arena-pairs"), " / "); len(pairs) != 5 || pairs[0] != "0" || pairs[1] != "0" {
		t.Errorf("the pairs read %q, want five counts, none of 0 or ½ points", b.text("#arena-pairs"))
	}
	if done := b.text("#arena-done"); done == "200 of 200 games" || !strings.HasSuffix(done, " of 200 games") {
		t.Errorf("the match reads %q, want it stopped by the SPRT before game 200", done)
	}
	if state := b.text("#arena-state"); !strings.Contains(state, "H1 accepted") {
		t.Errorf("the state reads %q", state)
	}
	if lines := get(b, "finding the LLR's line", chromedp.Evaluate[int](`document.querySelectorAll("#arena-llr-chart svg polyline.llr, #arena-llr-chart svg line.bound").length`)); lines != 3 {
		t.Errorf("the LLR chart has %d of its line and two bounds", lines)
	}
	if hidden := get(b, "reading the Stop button", chromedp.Evaluate[bool](`document.getElementById("arena-stop-form").hidden`)); !hidden {
		t.Error("an ended match still offers Stop")
	}

	b.click(`#arena-games tr[data-game="1"] button`)
	b.waitFor("the replay", `!document.getElementById("arena-replay").hidden && document.getElementById("arena-board").dataset.k === "0"`, waitFor)
	moves := get(b, "counting the moves", chromedp.Evaluate[int](`document.querySelectorAll("#arena-moves-body tr").length`))
	if marks := get(b, "counting the marks", chromedp.Evaluate[int](arenaMarks)); marks != 0 || b.text("#arena-ply") != "start (of "+strconv.Itoa(moves)+" moves)" {
		t.Fatalf("the start shows %d marks and reads %q", marks, b.text("#arena-ply"))
	}
	if prev := get(b, "reading ◀", chromedp.Evaluate[bool](`document.getElementById("arena-prev").disabled`)); !prev {
		t.Error("◀ is enabled at the start")
	}
	step := func(what string, act func(), k int) {
		t.Helper()
		act()
		b.waitFor(what, `document.getElementById("arena-board").dataset.k === "`+strconv.Itoa(k)+`"`, waitFor)
		if marks := get(b, "counting the marks", chromedp.Evaluate[int](arenaMarks)); marks != k {
			t.Errorf("after %s: %d marks, want %d", what, marks, k)
		}
		changed := get(b, "counting the changed cells", chromedp.Evaluate[int](`document.querySelectorAll("#arena-board td.changed").length`))
		if want := min(k, 1); changed != want {
			t.Errorf("after %s: %d cells outlined, want %d", what, changed, want)
		}
		if ply := b.text("#arena-ply"); k > 0 && ply != "after move "+strconv.Itoa(k)+" of "+strconv.Itoa(moves) {
			t.Errorf("after %s: the ply reads %q", what, ply)
		}
	}
	step("▶", func() { b.click("#arena-next") }, 1)
	// Game 1's first move is B's: the replay says who played what.
	if last := b.text("#arena-last"); !strings.HasPrefix(last, "B (side 0) played ") {
		t.Errorf("after B's first move the replay says %q", last)
	}
	step("→", func() { b.do("pressing →", chromedp.KeyEvent(kb.ArrowRight)) }, 2)
	step("◀", func() { b.click("#arena-prev") }, 1)
	step("←", func() { b.do("pressing ←", chromedp.KeyEvent(kb.ArrowLeft)) }, 0)
	for k := 1; k <= moves; k++ {
		b.click("#arena-next")
	}
	b.waitFor("the end", `document.getElementById("arena-board").dataset.k === "`+strconv.Itoa(moves)+`"`, waitFor)
	if last := b.text("#arena-last"); !strings.Contains(last, "The game is over: A's result is a ") {
		t.Errorf("the end reads %q", last)
	}
	if next := get(b, "reading ▶", chromedp.Evaluate[bool](`document.getElementById("arena-next").disabled`)); !next {
		t.Error("▶ is enabled at the end")
	}
	step("◀ from the end", func() { b.click("#arena-prev") }, moves-1)
	for _, size := range [][2]int64{{1440, 900}, {1280, 720}} {
		b.do("sizing the window", chromedp.EmulateViewport(size[0], size[1]))
		b.screenshot(fmt.Sprintf("arena-sprt-replay-%dx%d.png", size[0], size[1]))
	}
}

// TestBrowserArenaStop stops a long match with its Stop button once a
// game has ended: the page says it stopped, after how many games and
// why, lists those games, and offers Stop no more.
func TestBrowserArenaStop(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	b.open("/arena")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=arena-form]`)))
	b.choose("game", "tictactoe")
	b.typeInto("engine-b", "mcts playouts=20000") // some 20 s for the 200 games
	b.typeInto("games", "200")
	b.click(`[data-testid=arena-run]`)
	b.do("waiting for the match page", chromedp.WaitVisible(chromedp.CSS(`#arena-match`)))
	b.waitFor("a game to end", `document.querySelectorAll("#arena-games tr").length > 0`, 60*time.Second)
	b.screenshot("arena-running.png")
	b.click(`[data-testid=arena-stop]`)
	b.waitFor("the match to stop", `document.getElementById("arena-match").dataset.finished === "true"`, 30*time.Second)
	if stopped := get(b, "reading the match", chromedp.Evaluate[string](`document.getElementById("arena-match").dataset.stopped`)); stopped != "true" {
		t.Errorf("the match is not marked stopped: %q", stopped)
	}
	done := b.text("#arena-done")
	n, _, _ := strings.Cut(done, " of ")
	games, err := strconv.Atoi(n)
	if err != nil || games == 0 || games == 200 {
		t.Fatalf("the stopped match reads %q, want some of its 200 games", done)
	}
	if note := b.text("#arena-note"); note != "Stopped after "+n+" of 200 games: the match's Stop button was pressed. The results are those of the games that ended." {
		t.Errorf("the note reads %q", note)
	}
	if rows := get(b, "counting the games", chromedp.Evaluate[int](`document.querySelectorAll("#arena-games tr").length`)); rows != games {
		t.Errorf("%d games listed, want the %d that ended", rows, games)
	}
	if hidden := get(b, "reading the Stop button", chromedp.Evaluate[bool](`document.getElementById("arena-stop-form").hidden`)); !hidden {
		t.Error("a stopped match still offers Stop")
	}
	if state := b.text("#arena-state"); state != "stopped" {
		t.Errorf("the state reads %q", state)
	}
	b.screenshot("arena-stopped.png")
}

// TestBrowserArenaAfterRestart plays a match on a server, stops the
// server, and starts another on the same data directory: its arena page
// lists the match, whose page shows its games and replays them.
func TestBrowserArenaAfterRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	first := newAppOn(t, dir)
	path := startMatch(t, first.app.URL, url.Values{"game": {"tictactoe"}, "a": {"alphabeta depth=9"}, "b": {"pmc playouts=10"}, "games": {"4"}})
	deadline := time.Now().Add(60 * time.Second)
	for !strings.Contains(fetch(t, first.app.URL, path+"/status"), `"finished":true`) {
		if time.Now().After(deadline) {
			t.Fatal("the match did not end in a minute")
		}
		time.Sleep(50 * time.Millisecond)
	}
	first.stop(t)

	second := newAppOn(t, dir)
	b := newBrowser(t, second.app)
	b.open("/arena")
	b.do("waiting for the list of matches", chromedp.WaitVisible(chromedp.CSS(`[data-testid=arena-recent]`)))
	row := b.text(`[data-testid=arena-recent-match]`)
	for _, want := range []string{"tictactoe", "alphabeta depth=9", "pmc playouts=10", "4 of 4 games", "done"} {
		if !strings.Contains(row, want) {
			t.Errorf("the listed match reads %q, want %q in it", row, want)
		}
	}
	b.screenshot("arena-list-after-restart.png")
	b.click(`[data-testid=arena-recent-match] a`)
	b.do("waiting for the match page", chromedp.WaitVisible(chromedp.CSS(`#arena-match`)))
	b.waitFor("the match's status", `document.getElementById("arena-match").dataset.finished === "true"`, waitFor)
	if loc := get(b, "reading the location", chromedp.Location()); !strings.HasSuffix(loc, path) || b.text("#arena-done") != "4 of 4 games" {
		t.Errorf("the listed match opens %s reading %q, want %s with its 4 games", loc, b.text("#arena-done"), path)
	}
	b.click(`#arena-games tr[data-game="2"] button`)
	b.waitFor("the replay", `!document.getElementById("arena-replay").hidden && document.getElementById("arena-board").dataset.k === "0"`, waitFor)
	b.click("#arena-next")
	b.waitFor("the first move", `document.querySelectorAll("#arena-board td.kind-piece").length === 1`, waitFor)
}

// appOn is an app serving a data directory, which a test stops to start
// another on the same directory.
type appOn struct {
	app    *httptest.Server
	srv    *web.Server
	cancel context.CancelFunc
}

// newAppOn serves an app on the data directory dir until stop or the end
// of t.
func newAppOn(t *testing.T, dir string) *appOn {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	srv, err := web.New(ctx, web.Config{DataDir: dir, Layouter: web.SharedLayouter, Program: "test"})
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	a := &appOn{app: httptest.NewServer(srv), srv: srv, cancel: cancel}
	t.Cleanup(func() { a.stop(t) })
	return a
}

// stop stops the app as viz serve stops: its context ends, and it waits
// for what it runs to be kept.
func (a *appOn) stop(t *testing.T) {
	t.Helper()
	a.cancel()
	a.app.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := a.srv.Wait(ctx); err != nil {
		t.Error(err)
	}
}

// startMatch posts the arena form to app and returns the match's path.
func startMatch(t *testing.T, base string, form url.Values) string {
	t.Helper()
	res, err := web.NoRedirect.PostForm(base+"/arena", form)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	path := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || path == "" {
		t.Fatalf("POST /arena: %s, location %q", res.Status, path)
	}
	return path
}
