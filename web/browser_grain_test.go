package web_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/searchviz/searchviz/trace"
)

// waitCounter waits until the step counter says want.
func (b *browser) waitCounter(want string) {
	b.t.Helper()
	expr := fmt.Sprintf(`(document.getElementById("counter-text") || {}).textContent === %q`, want)
	if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(waitFor))); err != nil {
		b.t.Fatalf("waiting for the counter to say %q: it says %q (%v)", want, b.text("#counter-text"), err)
	}
}

// TestBrowserStepByIteration steps the MCTS example by iteration as a
// teacher would: chooses "iteration", presses → three times, and reads
// the counter; then jumps with a mark of the scrubber.
func TestBrowserStepByIteration(t *testing.T) {
	t.Parallel()
	b := openExample(t, "ttt-mcts")
	_, events, err := trace.ReadAll(strings.NewReader(fetch(t, b.base, "/t/"+b.traceID()+"/trace")))
	if err != nil {
		t.Fatal(err)
	}
	var its []int // the iterations' first steps
	for _, e := range events {
		if e.Kind == trace.KindIteration {
			its = append(its, e.Step)
		}
	}
	if len(its) != 300 {
		t.Fatalf("the example has %d iterations, want 300", len(its))
	}
	if got := b.text("#counter-text"); got != "before iteration 1 of 300" {
		t.Errorf("at step 0 the counter says %q", got)
	}
	options := get(b, "reading the grains offered", chromedp.Evaluate[[]string](
		`[...document.querySelectorAll("#grain option")].filter(o => !o.hidden).map(o => o.value)`))
	if want := []string{"event", "node", "iteration", "backup", "decision"}; fmt.Sprint(options) != fmt.Sprint(want) {
		t.Errorf("the step-by selector offers %v, want %v", options, want)
	}
	b.choose("grain", "iteration")
	for i := 1; i <= 3; i++ {
		b.do("pressing →", chromedp.KeyEvent(kb.ArrowRight))
		b.waitStep(its[i-1])
		b.waitCounter(fmt.Sprintf("iteration %d of 300 · step 1 of its %d", i, its[i]-its[i-1]))
	}
	if got := b.text("#counter-steps"); got != fmt.Sprintf("(step %d of %d)", its[2], len(events)-1) {
		t.Errorf("the counter's step in the whole trace says %q", got)
	}
	b.do("pressing ←", chromedp.KeyEvent(kb.ArrowLeft))
	b.waitStep(its[1])

	// The scrubber marks the iterations, thinned to 200, and no cut; a
	// click on a mark goes to its step (clicks land on whole pixels: to
	// the mark nearest the pixel).
	type marks struct {
		N, Cuts, Len int
		X, Y         float64
		Step         int
	}
	m := get(b, "reading the marks", chromedp.Evaluate[marks](`(() => {
		const its = [...document.querySelectorAll("#marks i.it")];
		const r = its[100].getBoundingClientRect(), x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
		const centre = (i) => { const q = i.getBoundingClientRect(); return q.left + q.width / 2; };
		const near = its.reduce((a, i) => Math.abs(centre(i) - x) < Math.abs(centre(a) - x) ? i : a);
		return {n: its.length, cuts: document.querySelectorAll("#marks i.cut").length, len: Math.round(r.height), x: x, y: y, step: Number(near.dataset.step)};
	})()`))
	if m.N != 200 || m.Cuts != 0 || m.Len <= 0 {
		t.Fatalf("the scrubber shows %d iteration marks %dpx long and %d cut marks, want 200 and none", m.N, m.Len, m.Cuts)
	}
	if !slices.Contains(its, m.Step) {
		t.Fatalf("the mark nearest (%v, %v) is at step %d, not an iteration's first", m.X, m.Y, m.Step)
	}
	b.do("clicking a mark", chromedp.MouseClickXY(m.X, m.Y))
	b.waitStep(m.Step)
	b.screenshot("grain-iteration.png")
}
