package web_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/searchviz/searchviz/exercise"
)

// TestBrowserExerciseJapanese works a UCB1 exercise as a Japanese
// student does, after choosing Japanese with the language switch: the
// question, the difficulties and the table are Japanese; answering the
// child of best mean, the classic mistake, gets Japanese feedback that
// names the mistake; UCB1's child is graded right, in Japanese.
func TestBrowserExerciseJapanese(t *testing.T) {
	t.Parallel()
	level, _ := exercise.LevelOf(exercise.UCB1, "medium")
	ex, err := exercise.Generate(exercise.UCB1, level.Difficulty, 3)
	if err != nil {
		t.Fatal(err)
	}
	want, err := exercise.Solve(ex)
	if err != nil {
		t.Fatal(err)
	}
	bestMean, mean := "", -1.0
	for _, a := range ex.Arms {
		if m := a.W / float64(a.N); m > mean {
			bestMean, mean = a.Label, m
		}
	}
	b := newBrowser(t, newApp(t))
	b.keepTabOut() // its cookie keeps Japanese, which another test must not inherit
	b.open("/lang/ja?back=" + url.QueryEscape("/exercise?kind=ucb1&level=medium&seed=3"))
	b.do("waiting for the table", chromedp.WaitVisible(chromedp.CSS(`[data-testid="exercise-arms"]`)))
	if q := b.text(`[data-testid="exercise-question"]`); !strings.Contains(q, "UCB1 が次に選ぶ子はどれですか") {
		t.Errorf("the question reads %q", q)
	}
	if c := b.text(`[data-testid="exercise-arms"] caption`); !strings.Contains(c, "親の訪問回数") {
		t.Errorf("the table's caption reads %q", c)
	}
	label := get(b, "reading the level's label", chromedp.Evaluate[string](`document.querySelector('#exercise-level option[value="hard"]').textContent`))
	if !strings.HasPrefix(label, "難しい") {
		t.Errorf("the hard level reads %q", label)
	}
	if fb := b.answerWrong(bestMean); !strings.Contains(fb, "UCB1 が選ぶのは "+want.Child) || !strings.Contains(fb, bestMean+" は平均 w/n が最も高い") {
		t.Errorf("answering %s, the best mean, gets %q", bestMean, fb)
	}
	b.screenshot("exercise-ucb1-wrong-ja.png")
	b.answerRight(want.Child)
	if g := b.text(`[data-testid="grade"]`); !strings.HasPrefix(g, "正解: ") {
		t.Errorf("the right answer is graded %q", g)
	}
}
