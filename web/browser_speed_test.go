package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/searchviz/searchviz/web"
)

// How fast the viewer shows a step is measured in the page, from the
// person's click to the frame shown, so that the round trips of the test
// driving it do not count. The tests here log those times; the benchmarks
// below are where the claims about them live, since a test's wall clock
// on a shared machine says little.

// armStepTimer makes the page time the next click on #id: from the click
// to the viewer showing another step, in window.stepTimed (ms).
func (b *browser) armStepTimer(id string) {
	b.t.Helper()
	const arm = `((id) => {
		const v = document.getElementById("viewer");
		const before = v.dataset.shownStep;
		window.stepTimed = null;
		let started = 0;
		document.getElementById(id).addEventListener("click", () => { started = performance.now(); }, {capture: true, once: true});
		const obs = new MutationObserver(() => {
			if (v.dataset.shownStep !== before) {
				obs.disconnect();
				window.stepTimed = performance.now() - started;
			}
		});
		obs.observe(v, {attributes: true, attributeFilter: ["data-shown-step"]});
	})`
	b.do("arming the step timer", chromedp.Evaluate[chromedp.Void](fmt.Sprintf("%s(%q)", arm, id)))
}

// stepTimed waits for the time armStepTimer measured and returns it.
func (b *browser) stepTimed() time.Duration {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 4*waitFor)
	defer cancel()
	ms, err := chromedp.Run(ctx, chromedp.Poll[float64](`window.stepTimed`, chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(4*waitFor)))
	if err != nil {
		b.t.Fatalf("waiting for the timed step: %v", err)
	}
	return time.Duration(ms * float64(time.Millisecond))
}

// stepForwardTimed clicks ▶▮, waits until the viewer shows step k, and
// returns the time the page took.
func (b *browser) stepForwardTimed(k int) time.Duration {
	b.t.Helper()
	b.armStepTimer("forward")
	b.click("#forward")
	took := b.stepTimed()
	b.waitStep(k)
	return took
}

// jumpTimed jumps to step k as a click on the log's line of step k does,
// waits until the viewer shows it, and returns the time the page took.
func (b *browser) jumpTimed(k int) time.Duration {
	b.t.Helper()
	b.armStepTimer("log")
	b.do("jumping", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const li = document.createElement("li"); li.dataset.step = "%d";
		document.getElementById("log").appendChild(li);
		li.dispatchEvent(new MouseEvent("click", {bubbles: true}));
	})()`, k)))
	took := b.stepTimed()
	b.waitStep(k)
	return took
}

// median returns the middle of times, which it sorts.
func median(times []time.Duration) time.Duration {
	slices.Sort(times)
	return times[len(times)/2]
}

// speedSearch is AlphaBeta solving a tic-tac-toe position: 844 nodes
// searched, under the page's budget, and about 300 more pruned.
var speedSearch = url.Values{"game": {"tictactoe"}, "position": {"x../.o./..."}, "algo": {"alphabeta"}}

// runSpeedSearch runs speedSearch on app through the form and returns its
// viewer's path.
func runSpeedSearch(t testing.TB, base string) string {
	t.Helper()
	return runForm(t, base, speedSearch)
}

// runForm runs the search form asks for on app through the start page's
// form and returns its viewer's path.
func runForm(t testing.TB, base string, form url.Values) string {
	t.Helper()
	res, err := web.NoRedirect.PostForm(base+"/run", form)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	viewer := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || viewer == "" {
		t.Fatalf("POST /run: %s, location %q", res.Status, viewer)
	}
	return viewer
}

// TestBrowserSpeed opens a tree of about 1,000 nodes twice (the second
// time the server has its layouts) and steps through it, checking that
// each view draws the part of it that fits the panel, more than the root,
// and logging how long the page took: from the navigation to the tree
// inserted and the first frame shown, and each step.
// BenchmarkBrowserFirstView and BenchmarkBrowserStep measure them.
func TestBrowserSpeed(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	b.keepTabOut() // its script runs on every page the tab opens
	viewer := runSpeedSearch(t, app.URL)

	// The page notes when the tree is inserted and when the first frame is
	// shown, in ms since the navigation started.
	const marks = `addEventListener("DOMContentLoaded", () => {
		const v = document.getElementById("viewer"), tree = document.getElementById("tree");
		if (!v || !tree) return;
		const marks = window.viewMarks = {svg: 0, shown: 0};
		new MutationObserver((_, obs) => {
			if (tree.querySelector("svg")) { marks.svg = performance.now(); obs.disconnect(); }
		}).observe(tree, {childList: true});
		new MutationObserver((_, obs) => {
			if (v.dataset.shownStep) { marks.shown = performance.now(); obs.disconnect(); }
		}).observe(v, {attributes: true, attributeFilter: ["data-shown-step"]});
	})`
	ctx, cancel := context.WithTimeout(b.ctx, waitFor)
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: marks})
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	type viewMarks struct {
		SVG   float64 `json:"svg"`
		Shown float64 `json:"shown"`
	}
	for _, when := range []string{"first view", "second view (layout cached by the server)"} {
		start := time.Now()
		b.open(viewer)
		first := b.waitStepFor(0, 60*time.Second)
		took := time.Since(start)
		m := get(b, "reading the marks", chromedp.Evaluate[viewMarks](`window.viewMarks`))
		t.Logf("%s of %d nodes: %v; in the page: tree inserted at %.0f ms, first frame shown at %.0f ms", when, first.Nodes, took.Round(time.Millisecond), m.SVG, m.Shown)
		if first.Nodes < 2 || first.Nodes > 1000 {
			t.Errorf("the %s draws %d nodes, want a display set fitted to the panel, of more than the root", when, first.Nodes)
		}
	}

	var times []time.Duration
	for k := 1; k <= 5; k++ {
		times = append(times, b.stepForwardTimed(k))
	}
	t.Logf("one step, click to frame shown: median %v, max %v (all %v)", median(times).Round(time.Microsecond), times[len(times)-1].Round(time.Microsecond), times)

	last := b.lastStep()
	start := time.Now()
	b.click("#last")
	b.waitStep(last)
	t.Logf("jump to the last step %d: %v", last, time.Since(start).Round(time.Millisecond))
	b.screenshot("viewer-speed.png")
}

// TestBrowserBigTreeSpeed steps and jumps through AlphaBeta's whole search
// of tic-tac-toe in the page, checking at every jump that the page draws
// the node the search is at, the path to it and the best line so far, and
// logging the time from each action to the frame shown.
// BenchmarkBrowserBigTreeStep and BenchmarkBrowserBigTreeJump measure them.
func TestBrowserBigTreeSpeed(t *testing.T) {
	t.Parallel()
	bt := openBigTrace(t)
	b := bt.b
	start := time.Now()
	b.open("/t/" + b.traceID() + "?step=30000")
	b.waitStepFor(30_000, 30*time.Second)
	t.Logf("first view of 25,227 nodes, the trace folded: %v", time.Since(start).Round(time.Millisecond))

	var steps, jumps []time.Duration
	for k := 30_001; k <= 30_020; k++ {
		steps = append(steps, b.stepForwardTimed(k))
	}
	for _, k := range []int{5_000, 80_000, 45_000, 99_000, 12_345} {
		jumps = append(jumps, b.jumpTimed(k))
		bt.checkCore(k)
	}
	t.Logf("a step, click to frame shown: median %v, max %v", median(steps).Round(time.Microsecond), steps[len(steps)-1].Round(time.Microsecond))
	t.Logf("a jump, click to frame shown: median %v, max %v", median(jumps).Round(time.Millisecond), jumps[len(jumps)-1].Round(time.Millisecond))
}

// reportPageTime reports the mean of the times the page took, in ms, as
// the benchmark's page-ms/op.
func reportPageTime(b *testing.B, times []time.Duration) {
	var sum time.Duration
	for _, d := range times {
		sum += d
	}
	b.ReportMetric(float64(sum.Microseconds())/1000/float64(len(times)), "page-ms/op")
	b.ReportMetric(float64(median(times).Microseconds())/1000, "page-median-ms")
}

// BenchmarkBrowserFirstView opens the viewer of a drawing of about 1,000
// nodes, its layout cached by the server, and waits for its first frame.
func BenchmarkBrowserFirstView(b *testing.B) {
	app := newApp(b)
	br := newBrowser(b, app)
	viewer := runSpeedSearch(b, app.URL)
	br.open(viewer)
	br.waitStepFor(0, 60*time.Second)
	b.ReportAllocs()
	for b.Loop() {
		br.open(viewer)
		br.waitStepFor(0, 60*time.Second)
	}
}

// BenchmarkBrowserStep steps forward through a drawing of about 1,000
// nodes, from the start; page-ms/op is the page's own time a step.
func BenchmarkBrowserStep(b *testing.B) {
	app := newApp(b)
	br := newBrowser(b, app)
	br.open(runSpeedSearch(b, app.URL))
	br.waitStepFor(0, 60*time.Second)
	last := br.lastStep()
	var times []time.Duration
	k := 0
	for b.Loop() {
		if k == last {
			b.StopTimer()
			br.open(runSpeedSearch(b, app.URL))
			br.waitStepFor(0, 60*time.Second)
			k = 0
			b.StartTimer()
		}
		k++
		times = append(times, br.stepForwardTimed(k))
	}
	reportPageTime(b, times)
}

// BenchmarkBrowserBigTreeStep steps forward through AlphaBeta's whole
// search of tic-tac-toe (25,227 nodes, too many to draw whole) from step
// 30,000; page-ms/op is the page's own time a step.
func BenchmarkBrowserBigTreeStep(b *testing.B) {
	bt := openBigTrace(b)
	br := bt.b
	br.open("/t/" + br.traceID() + "?step=30000")
	br.waitStepFor(30_000, 30*time.Second)
	var times []time.Duration
	k := 30_000
	for b.Loop() {
		k++
		times = append(times, br.stepForwardTimed(k))
	}
	reportPageTime(b, times)
}

// BenchmarkBrowserBigTreeJump jumps around AlphaBeta's whole search of
// tic-tac-toe as clicks on the log do; page-ms/op is the page's own time
// a jump.
func BenchmarkBrowserBigTreeJump(b *testing.B) {
	bt := openBigTrace(b)
	br := bt.b
	targets := []int{5_000, 80_000, 45_000, 99_000, 12_345}
	var times []time.Duration
	i := 0
	for b.Loop() {
		times = append(times, br.jumpTimed(targets[i%len(targets)]))
		i++
	}
	reportPageTime(b, times)
}
