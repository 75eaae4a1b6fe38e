package web_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// sideShown is what one viewer of a comparison page shows.
type sideShown struct {
	Step     string     `json:"step"`     // the viewer's data-shown-step
	Last     string     `json:"last"`     // the last step, as its counter says
	Decision string     `json:"decision"` // the decision's text
	Drawn    bool       `json:"drawn"`    // the tree is drawn
	Topbar   bool       `json:"topbar"`   // the app's header is shown inside the viewer
	Back     [2]float64 `json:"back"`     // the centre of its step-back button, in the page's coordinates
}

// sideJS reads viewer frame %q of the comparison page: the frames are of
// the page's own origin, so the page can read into them.
const sideJS = `(() => {
	const f = document.querySelector('iframe[name=%q]');
	const d = f && f.contentDocument;
	if (!d) return {};
	const v = d.getElementById("viewer"), last = d.getElementById("steps"), dec = d.getElementById("decision");
	const back = d.getElementById("back");
	const fr = f.getBoundingClientRect(), br = back ? back.getBoundingClientRect() : {left: 0, top: 0, width: 0, height: 0};
	return {
		step: (v && v.dataset.shownStep) || "",
		last: last ? last.textContent.trim() : "",
		decision: dec ? dec.textContent : "",
		drawn: !!d.querySelector("#tree svg"),
		topbar: !!d.querySelector(".topbar"),
		back: [fr.left + f.clientLeft + br.left + br.width / 2, fr.top + f.clientTop + br.top + br.height / 2],
	};
})()`

// waitSide waits until viewer frame name of the comparison page has drawn
// its tree and shows its last step, or step k if k >= 0.
func (b *browser) waitSide(name string, k int) sideShown {
	b.t.Helper()
	var s sideShown
	deadline := time.Now().Add(3 * waitFor)
	for {
		s = get(b, "reading viewer "+name, chromedp.Evaluate[sideShown](fmt.Sprintf(sideJS, name)))
		want := s.Last
		if k >= 0 {
			want = fmt.Sprint(k)
		}
		if s.Drawn && s.Step != "" && s.Step == want {
			return s
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("viewer %s does not show step %s: it shows %+v", name, want, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBrowserCompareTwinMaze opens the twin maze comparison from the
// gallery: both viewers open at their last step with their decisions, the
// app's header shown once, and each steps on its own: stepping back in
// DUCT's viewer leaves AlphaBeta's where it was.
func TestBrowserCompareTwinMaze(t *testing.T) {
	app := newApp(t)
	b := newBrowser(t, app)
	b.open("/")
	b.click(`a[href="/compare/twin-maze"]`)
	// The page runs both searches and lays out both trees before it shows:
	// allow a cold, busy machine under the race detector.
	b.doWithin("waiting for the comparison", 3*time.Minute, chromedp.WaitVisible(chromedp.CSS(`[data-testid=compare-about]`)))
	if about := b.text(`[data-testid=compare-about]`); !strings.Contains(about, "steal") || !strings.Contains(about, "DUCT") {
		t.Errorf("the comparison's paragraph does not explain the model: %q", about)
	}
	turns, duct := b.waitSide("side1", -1), b.waitSide("side2", -1)
	for name, s := range map[string]sideShown{"AlphaBeta's": turns, "DUCT's": duct} {
		if !strings.HasPrefix(s.Decision, "Decision: play ") {
			t.Errorf("%s viewer shows the decision %q", name, s.Decision)
		}
		if s.Topbar {
			t.Errorf("%s viewer repeats the app's header", name)
		}
	}
	b.screenshot("compare-twin-maze.png")

	b.do("scrolling to DUCT's controls", chromedp.Evaluate[chromedp.Void](
		`document.querySelector('iframe[name="side2"]').contentDocument.getElementById("back").scrollIntoView({block: "center"})`))
	duct = b.waitSide("side2", -1)
	b.do("clicking DUCT's step back", chromedp.MouseClickXY(duct.Back[0], duct.Back[1]))
	last, err := strconv.Atoi(duct.Last)
	if err != nil {
		t.Fatalf("DUCT's viewer says its last step is %q", duct.Last)
	}
	b.waitSide("side2", last-1)
	if again := b.waitSide("side1", -1); again.Step != turns.Step {
		t.Errorf("stepping back in DUCT's viewer moved AlphaBeta's from step %s to %s", turns.Step, again.Step)
	}
}
