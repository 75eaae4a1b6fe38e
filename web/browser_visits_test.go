package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserVisitsPanelWords opens Primitive Monte Carlo's and DUCT's
// examples at their decisions: the panel of root moves says each search's
// own rule and marks the move the decision takes, not the first of equal
// playout counts nor a pair of both players' moves.
func TestBrowserVisitsPanelWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		example  string
		help     string // a phrase of the panel's help
		notHelp  string
		marked   string // the label of the row marked as chosen
		bar      string // what its bar says
		chart    bool   // the panel draws the chart of visits
		decision string // a phrase of the decision
	}{
		{"ttt-pmc", "best win rate", "UCB1", "c2", "0.683 · 60 playouts ◀ chosen: best win rate", false, "play c2,"},
		{"twin-duct", "each player's visits of its own actions", "UCB1 sends", "A: right", "163 ◀ chosen: most visited", true, "player A plays right"},
	}
	for _, tt := range tests {
		t.Run(tt.example, func(t *testing.T) {
			t.Parallel()
			b := openExample(t, tt.example)
			b.toLastStep()
			if help := b.text("[data-testid=visits-help]"); !strings.Contains(help, tt.help) || strings.Contains(help, tt.notHelp) {
				t.Errorf("the panel's help says %q, want %q and not %q", help, tt.help, tt.notHelp)
			}
			type row struct {
				Label string `json:"label"`
				Bar   string `json:"bar"`
			}
			marked := get(b, "reading the marked rows", chromedp.Evaluate[[]row](`[...document.querySelectorAll("#visits-bars .bar.most")].map((bar) => ({
				label: bar.parentElement.querySelector(".bar-label").textContent,
				bar: bar.parentElement.querySelector(".bar-count").textContent,
			}))`))
			chosen := 0
			for _, r := range marked {
				if strings.Contains(r.Bar, "chosen") {
					chosen++
					if r.Label != tt.marked || r.Bar != tt.bar {
						t.Errorf("the chosen row is %s, %q; want %s, %q", r.Label, r.Bar, tt.marked, tt.bar)
					}
				}
			}
			if chosen != 1 {
				t.Errorf("%d rows marked chosen (%v), want 1", chosen, marked)
			}
			if hidden := get(b, "reading the chart", chromedp.Evaluate[bool](`document.getElementById("visits-chart").hasAttribute("hidden")`)); hidden == tt.chart {
				t.Errorf("the chart is hidden: %v, want drawn: %v", hidden, tt.chart)
			}
			if tt.chart {
				// The series' names at the chart's right do not overlap.
				overlaps := get(b, "measuring the chart's names", chromedp.Evaluate[int](`(() => {
					const boxes = [...document.querySelectorAll("#visits-chart text.series-name")].map((e) => e.getBoundingClientRect());
					let n = 0;
					boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => { if (a.top < b.bottom - 1 && b.top < a.bottom - 1) n++; }));
					const svg = document.getElementById("visits-chart").getBoundingClientRect();
					return n + boxes.filter((r) => r.right > svg.right + 1).length;
				})()`))
				if overlaps > 0 {
					t.Errorf("%d of the chart's series names overlap or are clipped", overlaps)
				}
			}
			if dec := b.text(`[data-testid=decision]`); !strings.Contains(dec, tt.decision) {
				t.Errorf("the decision says %q, want %q", dec, tt.decision)
			}
			if n := get(b, "counting notices", chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=notice]").length`)); n != 0 {
				t.Errorf("%d notices on a search that ran to its end", n)
			}
		})
	}
}

// TestBrowserLogStepNumbers jumps to the end of a search of more than
// 10,000 steps: each step number of the log keeps a gap before its words.
func TestBrowserLogStepNumbers(t *testing.T) {
	t.Parallel()
	b := openExample(t, "ttt-whole-alphabeta")
	// The example's search may still be running when its page opens: the
	// last step is known once it has ended.
	b.doWithin("waiting for the search to end", 3*time.Minute, chromedp.WaitNotVisible(chromedp.CSS(`[data-testid=live]`)))
	b.toLastStep()
	gaps := get(b, "measuring the log's step numbers", chromedp.Evaluate[[]float64](`[...document.querySelectorAll("#log li .n")].map((n) => {
		const r = document.createRange();
		r.selectNodeContents(n);
		const digits = r.getBoundingClientRect();
		const words = document.createRange();
		words.selectNodeContents(n.nextSibling);
		return words.getClientRects()[0].left - digits.right;
	})`))
	if len(gaps) == 0 {
		t.Fatal("no log lines")
	}
	for i, g := range gaps {
		if g < 4 {
			t.Errorf("log line %d: %.1f px between the step number and its words, want at least 4", i, g)
		}
	}
}
