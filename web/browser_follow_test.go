package web_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The bursts a follow test's presenter steps in: followBursts bursts of
// followBurst key presses, followGap apart, as a teacher taps an arrow
// key; after each the presenter must show the step pressed to, and the
// follower the presenter's, within followSettle. A step lost in a burst
// is lost for good, so a longer wait would not save it.
const (
	followBursts = 24
	followBurst  = 4
	followGap    = 40 * time.Millisecond
	followSettle = 5 * time.Second
)

// TestBrowserRoomFollowBursts has a presenter step through a tree in fast
// bursts, forwards and then back, while a follower on a phone (touch, a
// mobile viewport, the slowest screen a class has) or on a laptop
// follows: after each burst the presenter shows every step pressed, and
// the follower settles on exactly the presenter's step, its counter, its
// current node and its lit line of pseudocode. The tree is drawn as
// display sets, so that some steps come with a new drawing: a press
// while one came was lost, and both screens stayed a step short of the
// presses.
func TestBrowserRoomFollowBursts(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		phone bool
	}{{"phone", true}, {"laptop", false}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newBrowser(t, newApp(t))
			if c.phone {
				f.emulatePhone(phones[0])
			}
			p := openFollower(t, f, "ttt-alphabeta")
			p.waitJS("the follower", `document.getElementById("room-count").textContent === "1 following"`)
			last := p.lastStep()
			at := 0
			for burst := range followBursts {
				key, by := kb.ArrowRight, 1
				if burst >= followBursts/2 {
					key, by = kb.ArrowLeft, -1
				}
				for range followBurst {
					p.press(key)
					time.Sleep(followGap)
				}
				at = min(max(at+by*followBurst, 0), last)
				want, ok := p.followsWithin(at, followSettle)
				if !ok {
					// Each press asks for the step after the one asked
					// for before, whichever frames have come.
					t.Errorf("burst %d: the presenter pressed on to step %d, and shows %+v", burst, at, want)
					if at, ok = shownStep(want); !ok {
						t.Fatalf("burst %d: the presenter shows no step", burst)
					}
				}
				got, ok := f.followsWithin(at, followSettle)
				switch {
				case !ok:
					t.Errorf("burst %d: the presenter shows step %d, the follower %+v after %v", burst, at, got, followSettle)
				case got.Node != want.Node || got.Lit != want.Lit || got.Counter != want.Counter:
					t.Errorf("burst %d at step %d: the follower shows node %q, line %q, counter %q; the presenter %q, %q, %q",
						burst, at, got.Node, got.Lit, got.Counter, want.Node, want.Lit, want.Counter)
				}
			}
			f.screenshot("follow-" + c.name + ".png")
		})
	}
}

// shownStep returns the step s shows, if any.
func shownStep(s shown) (int, bool) {
	k, err := strconv.Atoi(s.Step)
	return k, err == nil
}

// followsWithin waits up to timeout for b's viewer to show step k, its
// drawing whole, and returns what it shows then, or at the timeout with
// false.
func (b *browser) followsWithin(k int, timeout time.Duration) (shown, bool) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, timeout)
	defer cancel()
	expr := fmt.Sprintf(`(() => { const v = document.getElementById("viewer"); return v.dataset.shownStep === "%d" && !v.dataset.drawing; })()`, k)
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(timeout)))
	return b.shown(), err == nil
}
