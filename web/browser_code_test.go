package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// codeShown is what the pseudocode panel shows.
type codeShown struct {
	Text string `json:"text"` // every line
	Lit  string `json:"lit"`  // the lit line, "" for none
	Root bool   `json:"root"` // the MAX/MIN form's button is pressed
	Side bool   `json:"side"` // the negamax form's button is pressed
	View string `json:"view"` // the point of view whose toggle button is pressed
	Now  string `json:"now"`  // the words of the current step in the event log
}

const codeShownJS = `(() => {
	const code = document.getElementById("code");
	const lit = document.querySelector("#code li.lit");
	const pressed = (id) => { const b = document.getElementById(id); return !!b && b.getAttribute("aria-pressed") === "true"; };
	const view = document.querySelector('.tree-tools .view-toggle button[aria-pressed="true"]');
	const now = document.querySelector("#log li.now");
	return {
		text: code ? code.innerText : "",
		lit: lit ? lit.innerText : "",
		root: pressed("form-root"),
		side: pressed("form-side"),
		view: view ? view.dataset.view : "",
		now: now ? now.innerText : "",
	};
})()`

// codeShown reads the pseudocode panel.
func (b *browser) codeShown() codeShown {
	b.t.Helper()
	return get(b, "reading the pseudocode", chromedp.Evaluate[codeShown](codeShownJS))
}

// waitCode waits until the pseudocode panel shows the form whose text
// holds want, and returns what it shows.
func (b *browser) waitCode(want string) codeShown {
	b.t.Helper()
	expr := fmt.Sprintf(`(() => { const c = document.getElementById("code"); return !!c && c.innerText.includes(%q) && !!document.querySelector("#code li.lit"); })()`, want)
	if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(waitFor))); err != nil {
		b.t.Fatalf("waiting for the pseudocode with %q: %v; it shows %+v", want, err, b.codeShown())
	}
	return b.codeShown()
}

// TestBrowserPseudocodeForms opens the textbook tree with AlphaBeta and
// checks the pseudocode panel as a teacher uses it: in MAX's view it shows
// the lecture's MAX-VALUE / MIN-VALUE form, and at "Play b1 from a1" it
// lights the recursive call in MIN-VALUE's loop; a click on "negamax form"
// shows the primer's negamax form, lit at its recursive call, and switches
// the values to the side to move's view; the point-of-view toggle switches
// the form back.
func TestBrowserPseudocodeForms(t *testing.T) {
	t.Parallel()
	b := openExample(t, "rn-alphabeta")
	c := b.waitCode("MAX-VALUE")
	if !strings.Contains(c.Text, "function ALPHA-BETA-SEARCH(state)") || !strings.Contains(c.Text, "function MIN-VALUE(state, α, β, depth)") || strings.Contains(c.Text, "ALPHABETA(") {
		t.Errorf("in MAX's view the pseudocode is\n%s\nwant the MAX/MIN form", c.Text)
	}
	if !c.Root || c.Side || c.View != "root" {
		t.Errorf("in MAX's view the form buttons are pressed: MAX/MIN %v, negamax %v; the view pressed is %q", c.Root, c.Side, c.View)
	}

	const step = 6 // "Play b1 from a1": a node event
	for k := 1; k <= step; k++ {
		b.click("#forward")
		b.waitStep(k)
	}
	c = b.codeShown()
	if !strings.Contains(c.Now, "Play b1 from a1") {
		t.Fatalf("step %d says %q, want the node event of b1", step, c.Now)
	}
	if want := "v ← MIN(v, MAX-VALUE(RESULT(state, a), α, β, depth − 1))"; strings.TrimSpace(c.Lit) != want {
		t.Errorf("at %q the MAX/MIN form lights %q, want the recursive call %q", c.Now, c.Lit, want)
	}
	b.screenshot("code-maxmin.png")

	b.click("#form-side")
	c = b.waitCode("function ALPHABETA(node, depth, α, β)")
	if strings.Contains(c.Text, "MAX-VALUE") {
		t.Errorf("after choosing the negamax form the pseudocode is\n%s", c.Text)
	}
	if c.Root || !c.Side || c.View != "side" {
		t.Errorf("after choosing the negamax form, the form buttons pressed: MAX/MIN %v, negamax %v; the view pressed is %q, want side", c.Root, c.Side, c.View)
	}
	if loc := get(b, "reading the location", chromedp.Location()); !strings.Contains(loc, "view=side") {
		t.Errorf("after choosing the negamax form the page is %s, want view=side", loc)
	}
	if s := b.shown(); s.Step != fmt.Sprint(step) {
		t.Errorf("choosing the form moved the viewer to step %s, want %d", s.Step, step)
	}
	if want := "value ← max(value, −ALPHABETA(child, depth − 1, −β, −α))"; strings.TrimSpace(c.Lit) != want {
		t.Errorf("at %q the negamax form lights %q, want the recursive call %q", c.Now, c.Lit, want)
	}
	b.screenshot("code-negamax.png")

	b.click("#view-root")
	c = b.waitCode("MAX-VALUE")
	if !c.Root || c.Side || c.View != "root" {
		t.Errorf("back in MAX's view, the form buttons pressed: MAX/MIN %v, negamax %v; the view pressed is %q", c.Root, c.Side, c.View)
	}
}
