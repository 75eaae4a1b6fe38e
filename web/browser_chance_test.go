package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserExpectimaxTree runs the lecture's expectimax tree from the
// new-search form, as a teacher would type it, and checks what the viewer
// shows at the end: MAX takes the second move, worth 11 (the first chance
// node is worth (3+12)/2 = 7.5, the second (2+20)/2 = 11), the chance
// nodes are drawn as circles with their expectations, and each outcome's
// edge gives its probability.
func TestBrowserExpectimaxTree(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	b.open("/new")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=new-search]`)))
	b.choose("game", "chancetree")
	b.typeInto("position", "[{0.5:3,0.5:12},{0.5:2,0.5:20}]")
	enabled := get(b, "reading the algorithms offered", chromedp.Evaluate[[]string](`[...document.getElementById("algo").options].filter((o) => !o.disabled).map((o) => o.value)`))
	if strings.Join(enabled, " ") != "pmc expectimax" {
		t.Errorf("a chance game offers the algorithms %q, want pmc and expectimax", enabled)
	}
	b.choose("algo", "expectimax")
	evals := get(b, "reading the eval choices", chromedp.Evaluate[[]string](`[...document.querySelectorAll('select[name="expectimax.eval"] option')].map((o) => o.value)`))
	if strings.Join(evals, " ") != "score typeA typeB typeAB" {
		t.Errorf("the eval parameter offers %q, want a select of score, typeA, typeB, typeAB", evals)
	}
	b.click(`[data-testid=run]`)
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.toLastStep()

	if d := b.text("#decision"); !strings.Contains(d, "play a2, value 11") {
		t.Errorf("the decision reads %q, want a2 worth 11", d)
	}
	chance := get(b, "reading the chance nodes", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#tree g.node.ty_chance")].map((g) => g.textContent.trim())`))
	if strings.Join(chance, " ") != "7.5 11" {
		t.Errorf("the chance nodes show %q, want their expectations 7.5 and 11", chance)
	}
	circles := get(b, "counting the chance nodes' circles", chromedp.Evaluate[int](`document.querySelectorAll("#tree g.node.ty_chance ellipse:not(.ring), #tree g.node.ty_chance circle").length`))
	if circles != 2 {
		t.Errorf("%d chance nodes are drawn as circles, want 2", circles)
	}
	edges := get(b, "reading the edge labels", chromedp.Evaluate[string](`[...document.querySelectorAll("#tree g.edge text")].map((t) => t.textContent).join(" | ")`))
	for _, want := range []string{"b1 (0.5)", "b2 (0.5)", "c1 (0.5)", "c2 (0.5)"} {
		if !strings.Contains(edges, want) {
			t.Errorf("the edge labels %q lack %q", edges, want)
		}
	}
	b.screenshot("viewer-expectimax-tree.png")
}

// TestBrowserDiceOutcome steps through an Expectimax search of the dice
// game until the search reaches a node the die decided, and checks that
// the board says what the die gave and with what probability, and that a
// chance node's board says the roll is still to come. By the rules, the
// first outcome of a move with several is the die's 1, p = 1/6: a move
// of one cell.
func TestBrowserDiceOutcome(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	b := newBrowser(t, app)
	b.open("/new")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=new-search]`)))
	b.choose("game", "dice")
	b.choose("algo", "expectimax")
	depth := chromedp.CSS(`input[name="expectimax.depth"]`)
	b.do("typing the depth", chromedp.Click(depth), chromedp.SendKeys(depth, "1"))
	b.click(`[data-testid=run]`)
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.waitStep(0)
	var pending, outcome string
	// A move that goes one cell whatever the die shows has one outcome,
	// "1-6"; the test steps on to a move with several.
	for k := 1; k <= 120 && (outcome == "" || strings.Contains(outcome, "gave 1-6")); k++ {
		b.click("#forward")
		b.waitStep(k)
		state := get(b, "reading the board's chance lines", chromedp.Evaluate[[]string](`[
			(document.querySelector("#board .caption:last-of-type") || {}).textContent || "",
			(document.querySelector("[data-testid=outcome]") || {}).textContent || ""]`))
		if strings.Contains(state[0], "chance has not decided yet") {
			pending = state[0]
		}
		outcome = state[1]
	}
	if pending == "" {
		t.Error("no chance node's board said that the roll is still to come")
	}
	if !strings.Contains(outcome, "chance gave 1, p = 1/6") {
		t.Errorf("the first outcome's board says %q, want the die's 1 with p = 1/6", outcome)
	}
	b.screenshot("viewer-dice-outcome.png")
}
