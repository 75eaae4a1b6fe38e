package web_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/searchviz/searchviz/exercise"
)

// TestBrowserExercise works an AlphaBeta exercise as a student does: reads
// the tree, types a wrong answer and is told the rule at the first
// mistake, then types the right one and is told so.
func TestBrowserExercise(t *testing.T) {
	t.Parallel()
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
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
	nodes := get(b, "counting the nodes drawn", chromedp.Evaluate[int](`document.querySelectorAll(".exercise-tree [data-node]").length`))
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

// TestBrowserTreeEditorExercise builds a tree in the start page's editor,
// follows its link to share it, then makes it an exercise: the exercise
// draws the edited tree and grades its AlphaBeta answer.
func TestBrowserTreeEditorExercise(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newApp(t))
	b.open("/?game=tree&position=" + url.QueryEscape("[[3,12],[2,4]]") + "#new")
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
	names := get(b, "reading the nodes drawn", chromedp.Evaluate[[]string](`[...document.querySelectorAll(".exercise-tree [data-node]")].map((e) => e.dataset.node)`))
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
	b.open("/?game=chancetree&position=" + url.QueryEscape("[{0.5:3,0.5:12},{0.5:2,0.5:20}]") + "#new")
	b.do("waiting for the tree editor", chromedp.WaitVisible(chromedp.ID("tree-editor")))
	for i, p := range []string{"1/4", "3/4"} {
		sel := fmt.Sprintf(`(document.querySelectorAll("#tree-editor input.prob")[%d])`, i)
		b.do("setting a probability", chromedp.Evaluate[chromedp.Void](sel+`.value = "`+p+`"; `+sel+`.dispatchEvent(new Event("change"))`))
	}
	b.click(`#tree-editor > ul > li:last-child button[title="add a leaf"]`)
	b.waitJS("the edited text", `document.getElementById("position").value === "[{1/4:3,3/4:12},{0.5:2,0.5:20},0]"`)
	b.click(`[data-testid="tree-exercise"]`)
	b.do("waiting for the exercise", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-tree"] svg`)))
	if n := get(b, "counting the chance nodes", chromedp.Evaluate[int](`document.querySelectorAll(".exercise-tree circle").length`)); n != 2 {
		t.Errorf("%d chance nodes drawn, want 2", n)
	}
	// B = 1/4·3 + 3/4·12 = 9.75, C = (2 + 20)/2 = 11, A = max(9.75, 11, 0).
	b.typeInto("answer", "B=9.75 C=11; A=11")
	b.click(`[data-testid="check"]`)
	b.do("waiting for the grade", chromedp.WaitVisible(chromedp.CSS(`.grade.correct`)))
	b.screenshot("exercise-chance.png")
}
