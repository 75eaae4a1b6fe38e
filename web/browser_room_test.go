package web_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/searchviz/searchviz/exercise"
	"github.com/searchviz/searchviz/web"
)

// tab opens another tab of b's browser, for another person in the room.
func (b *browser) tab() *browser {
	b.t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	b.t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		b.t.Fatalf("opening a tab: %v", err)
	}
	return &browser{t: b.t, ctx: ctx, base: b.base}
}

// waitJS waits until the expression js is true on b's page, through
// the page's navigations: a room moves its followers to other pages.
func (b *browser) waitJS(what, js string) {
	b.t.Helper()
	deadline := time.Now().Add(waitFor)
	for {
		ctx, cancel := context.WithDeadline(b.ctx, deadline)
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(time.Until(deadline))))
		cancel()
		if err == nil {
			return
		}
		if navigating(err) && time.Now().Before(deadline) {
			continue
		}
		status := get(b, "reading the status", chromedp.Evaluate[string](`[(document.getElementById("status") || {}).textContent, (document.getElementById("room-status") || {}).textContent].join(" | ")`))
		b.t.Fatalf("waiting for %s: %v; the page says %q", what, err, status)
	}
}

// TestBrowserRoom runs a lecture in one Chromium: the presenter opens a
// room from the viewer of the textbook tree, three followers join by its
// address; the presenter's steps and selection show on every follower;
// a follower who detaches stays where they are while the others follow,
// and catches up when they attach again; the presenter switches the room
// to another example and everyone follows; ending the room tells them.
func TestBrowserRoom(t *testing.T) {
	t.Parallel()
	p := openExample(t, "rn-alphabeta")
	p.click("#room-open")
	p.waitJS("the room's code", `document.getElementById("room-code").textContent.length === 6`)
	code := p.text("#room-code")
	join := p.text("#room-join")
	if !strings.HasSuffix(join, "/r/"+code) {
		t.Fatalf("the room's address is %q, its code %q", join, code)
	}
	if strings.Contains(get(p, "reading the address", chromedp.Evaluate[string](`location.href`)), "key") {
		t.Error("the presenter's address shows the room's key")
	}
	p.waitJS("the QR code", `document.getElementById("room-qr").complete && document.getElementById("room-qr").naturalWidth > 0`)

	var fs []*browser
	for range 3 {
		f := p.tab()
		f.open("/r/" + code)
		f.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
		f.waitJS("following", `document.getElementById("viewer").dataset.room === "attached"`)
		fs = append(fs, f)
	}
	p.waitJS("3 followers", `document.getElementById("room-count").textContent === "3 following"`)

	for range 4 {
		p.do("pressing →", chromedp.KeyEvent(kb.ArrowRight))
	}
	at := p.waitStep(4)
	for i, f := range fs {
		if got := f.waitStep(4); got.Node != at.Node || got.Lit != at.Lit {
			t.Errorf("follower %d at step 4 shows node %q, line %q; the presenter %q, %q", i, got.Node, got.Lit, at.Node, at.Lit)
		}
	}
	p.do("selecting node 2", chromedp.Evaluate[chromedp.Void](`document.getElementById("n2").dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	p.do("waiting for the node panel", chromedp.WaitVisible(chromedp.ID("node-panel")))
	title := p.text("#node-title")
	for _, f := range fs {
		f.waitJS("the presenter's selection", `!document.getElementById("node-panel").hidden && document.getElementById("node-title").textContent === `+jsString(title))
	}
	p.screenshot("room-presenter.png")
	fs[0].screenshot("room-follower.png")

	fs[0].click("#room-attach")
	fs[0].waitJS("detached", `document.getElementById("viewer").dataset.room === "detached"`)
	for range 3 {
		p.do("pressing →", chromedp.KeyEvent(kb.ArrowRight))
	}
	p.waitStep(7)
	fs[1].waitStep(7)
	fs[2].waitStep(7)
	time.Sleep(300 * time.Millisecond)
	if s := fs[0].shown(); s.Step != "4" {
		t.Errorf("the detached follower moved to step %s", s.Step)
	}
	fs[0].click("#room-attach")
	fs[0].waitStep(7)

	p.open("/example/rn-minimax")
	p.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	p.waitJS("presenting again", `document.getElementById("viewer").dataset.room === "presenter"`)
	p.waitStep(0)
	p.do("pressing →", chromedp.KeyEvent(kb.ArrowRight))
	p.waitStep(1)
	for _, f := range fs {
		f.waitJS("the new example", `new URLSearchParams(location.search).get("example") === "rn-minimax"`)
		f.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
		f.waitStep(1)
	}

	p.do("ending the room", chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`))
	p.click("#room-end")
	for _, f := range fs {
		f.waitJS("the room's end", `!document.getElementById("room-ended").hidden && document.getElementById("room-ended").textContent.includes("The presenter ended the room.")`)
	}
	p.waitJS("the presenter's end", `!document.getElementById("room-ended").hidden && document.getElementById("room-ended").textContent.startsWith("You ended the room.")`)
	fs[1].screenshot("room-ended.png")
}

// evaluateThrough evaluates js on b's page and returns its string value,
// or false when the page was navigating away as it ran: a page that
// moves on its own (an upload that opens its viewer) is read through it.
func (b *browser) evaluateThrough(what, js string) (string, bool) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, waitFor)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		if navigating(err) {
			return "", false
		}
		b.t.Fatalf("%s: %v", what, err)
	}
	return s, true
}

// navigating reports whether err says the page was navigating away as
// an action ran.
func navigating(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "navigated or closed") || strings.Contains(msg, "Cannot find context") || strings.Contains(msg, "Execution context was destroyed")
}

// jsString quotes s for JavaScript.
func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// TestBrowserRoomExercise sets an exercise to a room: two followers join
// by the start page's code box, one answers right and one wrong, and the
// presenter's tally shows one of each, the mistake in words; a new
// exercise on the presenter's page moves the followers to it.
func TestBrowserRoomExercise(t *testing.T) {
	t.Parallel()
	p := newBrowser(t, newApp(t))
	p.open("/exercise?kind=alphabeta&level=easy&seed=5")
	p.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
	p.click("#room-open")
	p.waitJS("the room's code", `document.getElementById("room-code").textContent.length === 6`)
	code := p.text("#room-code")

	var fs []*browser
	for range 2 {
		f := p.tab()
		f.open("/")
		f.typeInto("join-code", strings.ToLower(code))
		f.click(`[data-testid="join"]`)
		f.do("waiting for the exercise", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
		f.waitJS("in the room", `document.getElementById("room-status").textContent.includes("`+code+`")`)
		fs = append(fs, f)
	}
	p.waitJS("2 followers", `document.getElementById("room-count").textContent === "2 following"`)

	ex, err := exercise.Generate(exercise.AlphaBeta, exercise.Easy, 5)
	if err != nil {
		t.Fatal(err)
	}
	right, err := exercise.Solve(ex)
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range []string{right.String(), "pruned: none; A=100"} {
		fs[i].typeInto("answer", text)
		fs[i].click(`[data-testid="check"]`)
		fs[i].do("waiting for the grade", chromedp.WaitVisible(chromedp.CSS(`[data-testid="grade"]`)))
		fs[i].waitJS("still in the room", `document.getElementById("room-status").textContent.includes("`+code+`")`)
	}
	p.waitJS("the tally", `document.querySelectorAll("#room-answers-bars li").length === 2`)
	bars := p.text("#room-answers-bars")
	if !strings.Contains(bars, "right: 1") || strings.Count(bars, ": 1") != 2 {
		t.Errorf("the tally reads %q, want one right and one mistake", bars)
	}
	if common := p.text("#room-answers-common"); !strings.HasPrefix(common, "The most common mistake: ") || !strings.HasSuffix(common, "(1 of 2).") {
		t.Errorf("the most common mistake reads %q", common)
	}
	p.screenshot("room-exercise-tally.png")

	p.do("setting seed 6", chromedp.SetValue(chromedp.ID("exercise-seed"), "6"))
	p.click(`[data-testid="exercise-pick"] button[type="submit"]`)
	p.waitJS("the new exercise", `new URLSearchParams(location.search).get("seed") === "6"`)
	for _, f := range fs {
		f.waitJS("the new exercise", `new URLSearchParams(location.search).get("seed") === "6"`)
	}
}

// TestBrowserRoomTally has followers answer an exercise in a room and
// reads the presenter's words for the most common mistake as the tally
// grows: one mistake is named with its count; two tied for the most are
// both named, as tied, not one of them as the most common.
func TestBrowserRoomTally(t *testing.T) {
	t.Parallel()
	p := newBrowser(t, newApp(t))
	p.open("/exercise?kind=alphabeta&level=easy&seed=5")
	p.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
	p.click("#room-open")
	p.waitJS("the room's code", `document.getElementById("room-code").textContent.length === 6`)

	ex, err := exercise.Generate(exercise.AlphaBeta, exercise.Easy, 5)
	if err != nil {
		t.Fatal(err)
	}
	solved, err := exercise.Solve(ex)
	if err != nil {
		t.Fatal(err)
	}
	right := solved.String()
	// Two mistakes whose first wrong part differs: no value for B, and a
	// wrong value for A with everything else right.
	noB, wrongA := "pruned: none; A=100", regexp.MustCompile(`\bA=-?\d+`).ReplaceAllString(right, "A=100")
	if wrongA == right {
		t.Fatalf("the answer %q gives no value for A", right)
	}

	// Each follower is a socket of the presenter's page, which joins the
	// room as a follower tab does and posts its answer with its ticket.
	p.do("making followers", chromedp.Evaluate[chromedp.Void](`window.answered = 0;
window.follow = (who, answer) => {
  const code = document.getElementById("room-code").textContent;
  const ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/rooms/" + code + "/ws");
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", role: "follower", who }));
  ws.onmessage = async (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type !== "ticket") return;
    const res = await fetch("/rooms/" + code + "/answers", {
      method: "POST",
      body: new URLSearchParams({ path: document.getElementById("exercise").dataset.roomPath, answer, who, ticket: m.ticket }),
    });
    if (res.ok) window.answered++;
    else window.failed = await res.text();
  };
};`))
	for i, tt := range []struct {
		answer string
		want   string
	}{
		{right, "No mistakes so far."},
		{noB, "The most common mistake: no value for B (1 of 2)."},
		{wrongA, "The most common mistakes, tied at 1 of 3 each: no value for B; a wrong value for A."},
		{wrongA, "The most common mistake: a wrong value for A (2 of 4)."},
		{noB, "The most common mistakes, tied at 2 of 5 each: no value for B; a wrong value for A."},
	} {
		p.do("answering", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.follow("abcdef%02d", %s)`, i, jsString(tt.answer))))
		p.waitJS(fmt.Sprintf("answer %d counted", i+1), fmt.Sprintf(`window.answered === %d || !!window.failed`, i+1))
		if failed := get(p, "reading the refusal", chromedp.Evaluate[string](`window.failed || ""`)); failed != "" {
			t.Fatalf("answer %d refused: %s", i+1, failed)
		}
		p.waitJS(fmt.Sprintf("the tally of %d answers", i+1), fmt.Sprintf(`document.getElementById("room-answers-total").textContent === "%d answer%s"`, i+1, map[bool]string{true: "", false: "s"}[i == 0]))
		if got := p.text("#room-answers-common"); got != tt.want {
			t.Errorf("after answer %d (%s), the presenter reads %q, want %q", i+1, tt.answer, got, tt.want)
		}
	}
}

// TestBrowserRoomLink shows a room's pages the connection between
// servers going down and coming back: the presenter is told that its
// followers on other servers miss its moves, while a follower on its
// server follows on; once the presenter has left, the follower is told
// that the room is paused, and no longer that it follows the presenter;
// when the connection returns, the notice goes.
func TestBrowserRoomLink(t *testing.T) {
	t.Parallel()
	var srv *web.Server
	p := newBrowser(t, newApp(t, func(s *web.Server) { srv = s }))
	p.open("/example/rn-alphabeta")
	p.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	p.click("#room-open")
	p.waitJS("the room's code", `document.getElementById("room-code").textContent.length === 6`)
	code := p.text("#room-code")
	f := p.tab()
	f.open("/r/" + code)
	f.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	const following = `document.getElementById("room-status").textContent.startsWith("Following the presenter in room")`
	f.waitJS("following", following)

	web.SetRoomLink(srv, false)
	p.waitJS("the presenter's notice", `!document.getElementById("room-link").hidden && document.getElementById("room-link").textContent.includes("followers on other servers see your moves when it returns")`)
	if !get(f, "reading the follower's room bar", chromedp.Evaluate[bool](`document.getElementById("room-link").hidden && `+following)) {
		t.Error("the follower on the presenter's server was told the room is paused")
	}
	p.open("/")
	f.waitJS("the follower's notice", `!document.getElementById("room-link").hidden
		&& document.getElementById("room-link").textContent === "The connection between servers is down; the room resumes when it returns."
		&& document.getElementById("viewer").dataset.roomLink === "down"
		&& !document.getElementById("room-status").textContent.includes("Following")`)
	f.screenshot("room-link-down.png")

	web.SetRoomLink(srv, true)
	f.waitJS("the notice gone", `document.getElementById("room-link").hidden
		&& document.getElementById("viewer").dataset.roomLink === "up"
		&& document.getElementById("room-status").textContent.startsWith("Following the presenter (away for now)")`)
}
