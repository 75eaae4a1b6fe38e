package web_test

import (
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/searchviz/searchviz/exercise"
)

// openSeededExercise opens, in a browser of its own, the medium AlphaBeta
// exercise of seed 11, and returns the browser, the exercise and its
// solution, worked out apart from the page.
func openSeededExercise(t *testing.T) (*browser, exercise.Exercise, exercise.Answer) {
	t.Helper()
	ex, err := exercise.Generate(exercise.AlphaBeta, exercise.Medium, 11)
	if err != nil {
		t.Fatal(err)
	}
	want, err := exercise.Solve(ex)
	if err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, newApp(t))
	b.open("/exercise?kind=alphabeta&level=medium&seed=11")
	return b, ex, want
}

// TestBrowserExercise works an AlphaBeta exercise as a student does: reads
// the tree, types a wrong answer and is told the rule at the first
// mistake, then types the right one and is told so.
func TestBrowserExercise(t *testing.T) {
	t.Parallel()
	b, ex, want := openSeededExercise(t)
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
	nodes := get(b, "counting the nodes drawn", chromedp.Evaluate[int](`document.querySelectorAll(".exercise-tree .node").length`))
	if leaves := strings.Count(ex.Tree, ",") + 1; nodes < leaves {
		t.Errorf("%d nodes drawn, fewer than the tree's %d leaves", nodes, leaves)
	}

	b.typeInto("answer", "pruned: none; A=0")
	b.click(`[data-testid="check"]`)
	b.do("waiting for the grade", chromedp.WaitVisible(chromedp.CSS(`[data-testid="feedback"]`)))
	if fb := b.text(`[data-testid="feedback"]`); !strings.Contains(fb, "pruned") && !strings.Contains(fb, "value") {
		t.Errorf("the feedback %q names neither a pruned branch nor a value", fb)
	}
	b.screenshot("exercise-wrong.png")

	b.typeInto("answer", want.String())
	b.click(`[data-testid="check"]`)
	b.do("waiting for the grade", chromedp.WaitVisible(chromedp.CSS(`.grade.correct`)))
	if g := b.text(`[data-testid="grade"]`); !strings.HasPrefix(g, "Right") {
		t.Errorf("the right answer is graded %q", g)
	}
}

// TestBrowserExerciseUCB1 asks for a hard UCB1 exercise as a student
// does, from an AlphaBeta one: the difficulty menu relabels itself for
// UCB1 when the kind changes; the table has the six children the label
// promises; answering the child with the best mean, the classic mistake,
// is graded wrong and named; UCB1's child is graded right.
func TestBrowserExerciseUCB1(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.open("/exercise?kind=alphabeta&level=easy&seed=3")
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
	b.choose("exercise-kind", "ucb1")
	label := get(b, "reading the hard level's label", chromedp.Evaluate[string](`document.querySelector('#exercise-level option[value="hard"]').textContent`))
	if !strings.Contains(label, "6 children") {
		t.Errorf("after choosing UCB1, the hard level reads %q, want UCB1's 6 children", label)
	}
	b.choose("exercise-level", "hard")
	b.click(`.exercise-pick button[type="submit"]`)
	b.do("waiting for the table", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-arms"]`)))
	rows := get(b, "reading the table", chromedp.Evaluate[[][]string](`[...document.querySelectorAll('[data-testid="exercise-arms"] tbody tr')].map((r) => [...r.cells].map((c) => c.textContent))`))
	if len(rows) != 6 {
		t.Fatalf("the hard UCB1 table has %d children, want 6: %v", len(rows), rows)
	}
	bestMean, mean := "", -1.0
	for _, r := range rows {
		var w float64
		var n int
		if _, err := fmt.Sscan(r[1]+" "+r[2], &w, &n); err != nil || n == 0 {
			t.Fatalf("row %v: %v", r, err)
		}
		if w/float64(n) > mean {
			bestMean, mean = r[0], w/float64(n)
		}
	}
	if fb := b.answerWrong(bestMean); !strings.Contains(fb, bestMean+" has the best mean") {
		t.Errorf("answering %s, the best mean, gets %q", bestMean, fb)
	}
	b.screenshot("exercise-ucb1-wrong.png")
	q, err := url.ParseQuery(strings.SplitN(get(b, "reading the address", chromedp.Evaluate[string](`location.search`)), "?", 2)[1])
	if err != nil {
		t.Fatal(err)
	}
	seed, err := strconv.ParseInt(q.Get("seed"), 10, 64)
	if err != nil {
		t.Fatalf("the address's seed: %v", err)
	}
	level, _ := exercise.LevelOf(exercise.UCB1, "hard")
	ex, err := exercise.Generate(exercise.UCB1, level.Difficulty, seed)
	if err != nil {
		t.Fatal(err)
	}
	want, err := exercise.Solve(ex)
	if err != nil {
		t.Fatal(err)
	}
	b.answerRight(want.Child)
}

// TestBrowserExerciseMCTS works an MCTS exercise in presentation mode at
// a projector's 1280x720: the tree shows each node's total over its
// visits as the exercise holds them, the rules give the threshold, C and
// the playout's result; sending the root's child of best mean as the
// leaf is graded wrong with UCB1's pick at the root; the solution is
// graded right.
func TestBrowserExerciseMCTS(t *testing.T) {
	t.Parallel()
	b, ex, want := presentExercise(t, exercise.MCTS, "medium", 4)
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
	texts := get(b, "reading the nodes", chromedp.Evaluate[[]string](`[...document.querySelectorAll(".exercise-tree .node text")].map((t) => t.textContent.trim()).filter((s) => s)`))
	for _, nd := range ex.Nodes {
		label := fmt.Sprintf("%s %v/%d", nd.Name, nd.W, nd.N)
		if nd.Parent < 0 {
			label = fmt.Sprintf("%s n=%d", nd.Name, nd.N)
		}
		if !slices.Contains(texts, label) {
			t.Errorf("the tree does not show %q: %v", label, texts)
		}
	}
	if rules := b.text(`[data-testid="exercise-rules"]`); !strings.Contains(rules, fmt.Sprintf("Threshold %d", ex.Threshold)) {
		t.Errorf("the rules read %q, want the threshold %d", rules, ex.Threshold)
	}
	greedy, mean := "", -1.0
	for _, nd := range ex.Nodes {
		if nd.Parent == 0 && nd.N > 0 && nd.W/float64(nd.N) > mean {
			greedy, mean = nd.Name, nd.W/float64(nd.N)
		}
	}
	if fb := b.answerWrong("selected: " + greedy + "; expanded: none"); !strings.Contains(fb, "At A, UCB1 picks") {
		t.Errorf("selecting %s, the best mean, gets %q", greedy, fb)
	}
	b.screenshot("exercise-mcts-wrong.png")
	b.answerRight(want.String())
	b.screenshot("exercise-mcts-right.png")
}

// TestBrowserExerciseOrdering works an ordering exercise in presentation
// mode at 1280x720: the order drawn, sent back as it is, is graded wrong
// with the nodes it searches and the best order's; the solved order is
// graded right.
func TestBrowserExerciseOrdering(t *testing.T) {
	t.Parallel()
	b, _, want := presentExercise(t, exercise.Ordering, "easy", 2)
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
	if fb := b.answerWrong("A: a1 a2 a3"); !strings.Contains(fb, "In your order AlphaBeta searches") || !strings.Contains(fb, "the best order searches") {
		t.Errorf("the order drawn gets %q", fb)
	}
	b.screenshot("exercise-ordering-wrong.png")
	b.answerRight(want.String())
}

// TestBrowserExerciseBeam works a beam exercise in presentation mode at
// 1280x720: the maze is drawn cell by cell as the exercise holds it, its
// cells at least 16 px; keeping the right first depth and nothing more is
// graded wrong, naming a state the second depth keeps; the solution is
// graded right.
func TestBrowserExerciseBeam(t *testing.T) {
	t.Parallel()
	b, ex, want := presentExercise(t, exercise.Beam, "easy", 3)
	b.do("waiting for the maze", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-maze"]`)))
	rows := get(b, "reading the maze", chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid="exercise-maze"] tr')].map((r) => [...r.cells].map((c) => c.textContent).join(""))`))
	if got, wantRows := strings.Join(rows, "/"), ex.Maze[strings.IndexByte(ex.Maze, ':')+1:]; got != wantRows {
		t.Errorf("the maze drawn reads %q, want %q", got, wantRows)
	}
	if px := get(b, "measuring the maze's text", chromedp.Evaluate[float64](`parseFloat(getComputedStyle(document.querySelector('[data-testid="exercise-maze"] td')).fontSize)`)); px < 16 {
		t.Errorf("the maze's cells are %.1f px, want at least 16 in presentation mode", px)
	}
	if fb := b.answerWrong("1: " + strings.Join(want.Beams[0], ", ")); !strings.Contains(fb, "At depth 2 beam keeps") {
		t.Errorf("an answer without depth 2 gets %q", fb)
	}
	b.screenshot("exercise-beam-wrong.png")
	b.answerRight(want.String())
}

// TestBrowserTreeEditorExercise builds a tree in the start page's editor,
// follows its link to share it, then makes it an exercise: the exercise
// draws the edited tree and grades its AlphaBeta answer.
func TestBrowserTreeEditorExercise(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.open("/new?game=tree&position=" + url.QueryEscape("[[3,12],[2,4]]"))
	b.do("waiting for the tree editor", chromedp.WaitVisible(chromedp.ID("tree-editor")))
	b.waitTreeNamed()
	b.click(`#tree-editor > ul > li:last-child button[title="add a leaf"]`)
	b.waitJS("the edited text", `document.getElementById("position").value === "[[3,12],[2,4],0]"`)
	share := get(b, "reading the link", chromedp.Evaluate[string](`document.querySelector('[data-testid="tree-share"]').href`))
	if !strings.Contains(share, url.QueryEscape("[[3,12],[2,4],0]")) {
		t.Errorf("the link to the tree is %s", share)
	}
	b.click(`[data-testid="tree-exercise"]`)
	b.do("waiting for the exercise", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
	names := get(b, "reading the nodes drawn", chromedp.Evaluate[[]string](`[...document.querySelectorAll(".exercise-tree .node")].map((e) => e.querySelector("text").textContent)`))
	if strings.Join(names, " ") != "A B 3 12 C 2 4 0" {
		t.Errorf("the exercise draws %v", names)
	}
	b.typeInto("answer", "pruned: c2; B=3 C=2; A=3")
	b.click(`[data-testid="check"]`)
	b.do("waiting for the grade", chromedp.WaitVisible(chromedp.CSS(`.grade.correct`)))
}

// TestBrowserChanceTreeEditor edits a tree with chance nodes in the start
// page's editor: a chance node's probabilities and a new leaf change the
// text; made an exercise, the tree is drawn with its chance nodes and the
// expectimax answer worked by hand is graded right.
func TestBrowserChanceTreeEditor(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.open("/new?game=chancetree&position=" + url.QueryEscape("[{0.5:3,0.5:12},{0.5:2,0.5:20}]"))
	b.do("waiting for the tree editor", chromedp.WaitVisible(chromedp.ID("tree-editor")))
	for i, p := range []string{"1/4", "3/4"} {
		sel := fmt.Sprintf(`(document.querySelectorAll("#tree-editor input.prob")[%d])`, i)
		b.do("setting a probability", chromedp.Evaluate[chromedp.Void](sel+`.value = "`+p+`"; `+sel+`.dispatchEvent(new Event("change"))`))
	}
	b.click(`#tree-editor > ul > li:last-child button[title="add a leaf"]`)
	b.waitJS("the edited text", `document.getElementById("position").value === "[{1/4:3,3/4:12},{0.5:2,0.5:20},0]"`)
	b.click(`[data-testid="tree-exercise"]`)
	b.do("waiting for the exercise", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
	if n := get(b, "counting the chance nodes", chromedp.Evaluate[int](`document.querySelectorAll(".exercise-tree .node.ty_chance > ellipse").length`)); n != 2 {
		t.Errorf("%d chance nodes drawn, want 2", n)
	}
	// B = 1/4·3 + 3/4·12 = 9.75, C = (2 + 20)/2 = 11, A = max(9.75, 11, 0).
	b.typeInto("answer", "B=9.75 C=11; A=11")
	b.click(`[data-testid="check"]`)
	b.do("waiting for the grade", chromedp.WaitVisible(chromedp.CSS(`.grade.correct`)))
	b.screenshot("exercise-chance.png")
}

// treeShown is what the exercise page shows of its tree when it opens.
type treeShown struct {
	Least    float64 `json:"least"`    // the smallest text on screen, in CSS pixels
	Texts    int     `json:"texts"`    // the texts measured
	Drawn    float64 `json:"drawn"`    // the drawing's width on screen
	Box      float64 `json:"box"`      // the width of the box it scrolls in
	RootIn   bool    `json:"rootIn"`   // the root lies within the box and the window
	RootText string  `json:"rootText"` // the root's text
}

// treeShownJS measures the exercise's tree: each text's computed size in
// the drawing's units times the drawing's scale on screen, and where the
// root, render's node n0, lies.
const treeShownJS = `(() => {
	const box = document.querySelector('[data-testid="exercise-tree"]');
	const svg = box.querySelector("svg");
	// The drawing's units to the screen's pixels, CSS zoom included.
	const scale = svg.getScreenCTM().a;
	const out = {least: 1e9, texts: 0, drawn: svg.getBoundingClientRect().width, box: box.clientWidth, rootIn: false, rootText: ""};
	for (const t of svg.querySelectorAll("text")) {
		if (!t.textContent.trim()) continue;
		out.least = Math.min(out.least, parseFloat(getComputedStyle(t).fontSize) * scale);
		out.texts++;
	}
	const root = svg.querySelector("#n0");
	const r = root.getBoundingClientRect(), b = box.getBoundingClientRect();
	out.rootIn = r.width > 0 && r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom &&
		r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
	out.rootText = root.querySelector("text").textContent;
	return out;
})()`

// TestBrowserExerciseReadable opens an easy and a hard exercise at
// 1440x900, a laptop's screen, and measures the tree as shown: every text
// at least 12 px, and the root, named A, in view in the tree's box. The
// hard trees are wider than the box, so the page must scroll to the root.
// In presentation mode, at a projector's 1280x720, whether asked for by
// the address or by the Present button, every text is 16 px and more.
func TestBrowserExerciseReadable(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		kind    exercise.Kind
		level   string
		wider   bool // the drawing is wider than its box
		present string
	}{
		{"easy alphabeta", exercise.AlphaBeta, "easy", false, ""},
		{"hard alphabeta", exercise.AlphaBeta, "hard", true, ""},
		{"hard expectimax", exercise.Expectimax, "hard", true, ""},
		{"easy alphabeta presented", exercise.AlphaBeta, "easy", false, "address"},
		{"hard alphabeta presented", exercise.AlphaBeta, "hard", true, "button"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			leastPx, w, h := 12.0, int64(1440), int64(900)
			q := url.Values{"kind": {string(tt.kind)}, "level": {tt.level}, "seed": {"5"}}
			if tt.present != "" {
				leastPx, w, h = 16, 1280, 720
			}
			if tt.present == "address" {
				q.Set("present", "1")
			}
			b := newBrowser(t, newApp(t))
			b.do("setting the window", chromedp.EmulateViewport(w, h))
			b.open("/exercise?" + q.Encode())
			if tt.present == "button" {
				b.click(`[data-testid="exercise-present"]`)
				if got := get(b, "reading the address", chromedp.Evaluate[string](`location.search`)); !strings.Contains(got, "present=1") {
					t.Errorf("after Present, the address is %q, want present=1 in it", got)
				}
			}
			b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
			got := get(b, "measuring the tree", chromedp.Evaluate[treeShown](treeShownJS))
			t.Logf("%s: smallest of %d texts %.2f px; drawing %.0f px wide in a %.0f px box; root %q in view: %v",
				tt.name, got.Texts, got.Least, got.Drawn, got.Box, got.RootText, got.RootIn)
			// To a hundredth of a pixel: 9-point labels at 4/3 px a point
			// are 12 px, which the browser's floats make 11.999999.
			if least := math.Round(got.Least*100) / 100; got.Texts == 0 || least < leastPx || math.IsNaN(got.Least) {
				t.Errorf("the smallest of %d texts shows at %.2f px, want at least %.0f", got.Texts, got.Least, leastPx)
			}
			if (got.Drawn > got.Box) != tt.wider {
				t.Errorf("the drawing is %.0f px wide in a %.0f px box; wider: want %v", got.Drawn, got.Box, tt.wider)
			}
			if !got.RootIn || got.RootText != "A" {
				t.Errorf("the root %q is not in view when the page opens", got.RootText)
			}
			b.screenshot("exercise-" + strings.ReplaceAll(tt.name, " ", "-") + ".png")
		})
	}
}

// presentExercise generates the exercise of kind, level and seed and its
// solution, and opens it as a teacher would show it: in presentation
// mode at a projector's 1280x720.
func presentExercise(t *testing.T, kind exercise.Kind, level string, seed int64) (*browser, exercise.Exercise, exercise.Answer) {
	t.Helper()
	l, ok := exercise.LevelOf(kind, level)
	if !ok {
		t.Fatalf("%s has no level %q", kind, level)
	}
	ex, err := exercise.Generate(kind, l.Difficulty, seed)
	if err != nil {
		t.Fatal(err)
	}
	want, err := exercise.Solve(ex)
	if err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, newApp(t))
	b.do("setting the window to a projector's", chromedp.EmulateViewport(1280, 720))
	b.open("/exercise?" + url.Values{"kind": {string(kind)}, "level": {level}, "seed": {strconv.FormatInt(seed, 10)}, "present": {"1"}}.Encode())
	return b, ex, want
}

// answerWrong types answer, checks it, and returns the feedback the page
// gives a wrong answer.
func (b *browser) answerWrong(answer string) string {
	b.t.Helper()
	b.typeInto("answer", answer)
	b.click(`[data-testid="check"]`)
	b.do("waiting for the feedback", chromedp.WaitVisible(chromedp.CSS(`[data-testid="feedback"]`)))
	return b.text(`[data-testid="feedback"]`)
}

// answerRight types answer, checks it, and waits for the page to grade
// it right.
func (b *browser) answerRight(answer string) {
	b.t.Helper()
	b.typeInto("answer", answer)
	b.click(`[data-testid="check"]`)
	b.do("waiting for the grade", chromedp.WaitVisible(chromedp.CSS(`.grade.correct`)))
}
