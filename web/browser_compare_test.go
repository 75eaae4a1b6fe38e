package web_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/searchviz/searchviz/trace"
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
// gallery and again once both searches have ended: both viewers show
// their decisions, the app's header shown once, and with "step both"
// unticked each steps on its own: stepping back in DUCT's viewer leaves
// AlphaBeta's where it was.
func TestBrowserCompareTwinMaze(t *testing.T) {
	t.Parallel()
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
	b.doWithin("waiting for the table", time.Minute, chromedp.WaitVisible(chromedp.CSS(`[data-testid=compare-table]`)))
	b.open("/compare/twin-maze")
	b.waitSideLeaves("side1", -1)
	b.waitSideLeaves("side2", -1)
	turns, duct := b.side("side1"), b.side("side2")
	// DUCT's decision is player A's move: both move at once.
	decisions := map[string]string{"AlphaBeta's": "Decision: play ", "DUCT's": "Decision: player A plays "}
	for name, s := range map[string]sideShown{"AlphaBeta's": turns, "DUCT's": duct} {
		if !strings.HasPrefix(s.Decision, decisions[name]) {
			t.Errorf("%s viewer shows the decision %q", name, s.Decision)
		}
		if s.Topbar {
			t.Errorf("%s viewer repeats the app's header", name)
		}
	}
	b.screenshot("compare-twin-maze.png")

	b.click("#step-both")
	from, err := strconv.Atoi(duct.Step)
	if err != nil || from == 0 {
		t.Fatalf("DUCT's viewer opens at step %q, from which it cannot step back", duct.Step)
	}
	b.clickBack("side2")
	b.waitSide("side2", from-1)
	time.Sleep(300 * time.Millisecond)
	if again := b.side("side1"); again.Step != turns.Step {
		t.Errorf("stepping back in DUCT's viewer moved AlphaBeta's from step %s to %s", turns.Step, again.Step)
	}
}

// traceOf downloads trace id from the app and folds it.
func traceOf(t *testing.T, base, id string) *trace.Tree {
	t.Helper()
	_, events, err := trace.ReadAll(strings.NewReader(fetch(t, base, "/t/"+id+"/trace")))
	if err != nil {
		t.Fatalf("reading trace %s: %v", id, err)
	}
	tree, err := trace.NewTree(events)
	if err != nil {
		t.Fatalf("folding trace %s: %v", id, err)
	}
	return tree
}

// movesOf returns the actions from the root of t to node id.
func movesOf(t *trace.Tree, id trace.NodeID) string {
	var p []string
	for ; id != t.Root(); id = t.Node(id).Parent {
		p = append([]string{t.Node(id).Label}, p...)
	}
	return strings.Join(p, " ")
}

// samePosition says what is wrong, or "", with step m of trace to as the
// match of step k of trace from under "step both"'s rule for two searches
// of one position: to's step m makes the node that from made last by step
// k, the same moves from the root, or cuts a move on the way to it.
func samePosition(from *trace.Tree, k int, to *trace.Tree, m int) string {
	var made trace.NodeID
	for j := k; j >= 0; j-- {
		if e := from.Event(j); e.Kind == trace.KindNode {
			made = e.Node
			break
		}
	}
	want := movesOf(from, made)
	switch e := to.Event(m); e.Kind {
	case trace.KindNode:
		if got := movesOf(to, e.Node); got != want {
			return fmt.Sprintf("step %d reaches %q, the other's step %d %q", k, want, m, got)
		}
		return ""
	case trace.KindCut:
		cut := e.Cutoff()
		at := movesOf(to, e.Node)
		for _, l := range cut.PrunedLabels {
			if p := strings.TrimSpace(at + " " + l); want == p || strings.HasPrefix(want, p+" ") {
				return ""
			}
		}
		return fmt.Sprintf("step %d reaches %q; the other's step %d cuts %v after %q", k, want, m, cut.PrunedLabels, at)
	}
	return fmt.Sprintf("step %d reaches %q; the other's step %d is a %s event", k, want, m, to.Event(m).Kind)
}

// side reads what viewer frame name shows now.
func (b *browser) side(name string) sideShown {
	b.t.Helper()
	return get(b, "reading viewer "+name, chromedp.Evaluate[sideShown](fmt.Sprintf(sideJS, name)))
}

// clickBack scrolls viewer frame name's step back button into view and
// clicks it as a person would.
func (b *browser) clickBack(name string) {
	b.t.Helper()
	b.do("scrolling to "+name+"'s controls", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
		`document.querySelector('iframe[name=%q]').contentDocument.getElementById("back").scrollIntoView({block: "center"})`, name)))
	s := b.side(name)
	b.do("clicking "+name+"'s step back", chromedp.MouseClickXY(s.Back[0], s.Back[1]))
}

// waitSideLeaves waits until viewer frame name shows a step other than
// from, and returns it.
func (b *browser) waitSideLeaves(name string, from int) int {
	b.t.Helper()
	deadline := time.Now().Add(waitFor)
	for {
		s := b.side(name)
		if k, err := strconv.Atoi(s.Step); err == nil && k != from && s.Drawn {
			return k
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("viewer %s stays at step %d", name, from)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBrowserCompareStepBoth opens MiniMax vs AlphaBeta from the gallery:
// the page opens with its sentence and its table; opened again once both
// searches have ended, as a class opens it after its teacher, both
// viewers show the same early moment, MiniMax's first backup and the step
// of AlphaBeta that reaches the same position, with "step both" ticked;
// stepping back in one viewer moves the other to the same position: the
// node of the same moves, or the cut that skipped it. Unticked, each
// steps on its own again.
func TestBrowserCompareStepBoth(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	b.open("/")
	b.click(`a[href="/compare/ttt-minimax-alphabeta"]`)
	b.doWithin("waiting for the comparison", 3*time.Minute, chromedp.WaitVisible(chromedp.CSS(`[data-testid=compare-point]`)))
	b.doWithin("waiting for the table", time.Minute, chromedp.WaitVisible(chromedp.CSS(`[data-testid=compare-table]`)))
	table := b.text(`[data-testid=compare-table]`)
	for _, want := range []string{"MiniMax", "AlphaBeta", "Nodes", "Cuts", "a draw"} {
		if !strings.Contains(table, want) {
			t.Errorf("the table lacks %q: %q", want, table)
		}
	}
	b.open("/compare/ttt-minimax-alphabeta")
	k, m := b.waitSideLeaves("side1", -1), b.waitSideLeaves("side2", -1)
	ids := get(b, "reading the traces", chromedp.Evaluate[[]string](`[...document.querySelectorAll("iframe[data-trace]")].map((f) => f.dataset.trace)`))
	if len(ids) != 2 {
		t.Fatalf("the viewers show traces %v", ids)
	}
	left, right := traceOf(t, app.URL, ids[0]), traceOf(t, app.URL, ids[1])
	if mm, ab := b.side("side1"), b.side("side2"); mm.Last != strconv.Itoa(left.Len()-1) || ab.Last != strconv.Itoa(right.Len()-1) {
		t.Fatalf("the viewers end at steps %s and %s, the traces at %d and %d", mm.Last, ab.Last, left.Len()-1, right.Len()-1)
	}
	if !get(b, "reading step both", chromedp.Evaluate[bool](`document.getElementById("step-both").checked`)) {
		t.Error(`"step both" is not ticked on a page whose viewers open matched`)
	}
	if k <= 0 || k >= left.Len()-1 || firstValueBack(left) != k {
		t.Errorf("MiniMax's viewer opens at step %d; want its first backup, step %d, of 0 to %d", k, firstValueBack(left), left.Len()-1)
	}
	if msg := samePosition(left, k, right, m); msg != "" {
		t.Errorf("as the page opens: %s", msg)
	}
	b.screenshot("compare-minimax-alphabeta.png")

	b.clickBack("side1")
	b.waitSide("side1", k-1)
	m = b.waitSideMatches("side2", left, k-1, right)
	// The other way: AlphaBeta leads, MiniMax follows.
	b.clickBack("side2")
	b.waitSide("side2", m-1)
	k = b.waitSideMatches("side1", right, m-1, left)
	time.Sleep(300 * time.Millisecond) // a follower that moved the leader again would show by now
	if s := b.side("side2"); s.Step != strconv.Itoa(m-1) {
		t.Errorf("AlphaBeta's viewer moved on to step %s after MiniMax's followed it", s.Step)
	}

	b.click("#step-both")
	b.clickBack("side1")
	b.waitSide("side1", k-1)
	time.Sleep(300 * time.Millisecond)
	if s := b.side("side2"); s.Step != strconv.Itoa(m-1) {
		t.Errorf("with step both unticked, stepping MiniMax moved AlphaBeta from %d to %s", m-1, s.Step)
	}
}

// firstValueBack returns the step of t's first value event that names a
// best child: where a value first comes back up the tree, 0 if none does.
func firstValueBack(t *trace.Tree) int {
	for k := range t.Len() {
		if e := t.Event(k); e.Kind == trace.KindValue && e.Best != trace.NoNode {
			return k
		}
	}
	return 0
}

// waitSideMatches waits until viewer frame name, the follower, shows the
// step of trace to that matches step k of trace from, and returns it.
func (b *browser) waitSideMatches(name string, from *trace.Tree, k int, to *trace.Tree) int {
	b.t.Helper()
	deadline := time.Now().Add(waitFor)
	for {
		s := b.side(name)
		m, err := strconv.Atoi(s.Step)
		msg := "no step shown"
		if err == nil {
			if msg = samePosition(from, k, to, m); msg == "" && s.Drawn {
				return m
			}
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("viewer %s does not follow step %d of the other: %s", name, k, msg)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
