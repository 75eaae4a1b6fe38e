package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// legendSample is one line of the legend panel: its words and the size of
// its sample, in the drawing's units.
type legendSample struct {
	Words  string  `json:"words"`
	Width  float64 `json:"width"`
	Shapes int     `json:"shapes"`
}

// legendSamplesJS reads the legend panel's lines that have a sample.
const legendSamplesJS = `[...document.querySelectorAll("#legend-lines li")].filter((li) => li.querySelector("svg.sample")).map((li) => {
	const s = li.querySelector("svg.sample");
	const vb = (s.getAttribute("viewBox") || "0 0 0 0").split(" ").map(Number);
	return {words: li.textContent.trim(), width: vb[2], shapes: s.children.length};
})`

// maxSampleWidth bounds a sample's width in the drawing's units: the
// legend draws each in a cell 24 points wide, the current node's ring
// reaching a few points past it.
const maxSampleWidth = 40

// TestBrowserLegendSamples opens trees whose legends have every kind of
// line, +N more and a fold among them, and checks that each line's sample
// is its own small drawing: no text from elsewhere in the legend, such as
// the caption, drawn into it and shrinking it out of sight.
func TestBrowserLegendSamples(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	for _, example := range []string{"ttt-alphabeta", "rn-alphabeta", "ttt-mcts"} {
		t.Run(example, func(t *testing.T) {
			t.Parallel()
			b := newBrowser(t, app)
			b.open("/example/" + example + "?step=last")
			b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
			b.waitJS("the legend's lines", `document.querySelectorAll("#legend-lines li").length > 3`)
			samples := get(b, "reading the legend", chromedp.Evaluate[[]legendSample](legendSamplesJS))
			if len(samples) < 4 {
				t.Fatalf("the legend has %d lines with a sample", len(samples))
			}
			for _, s := range samples {
				if s.Shapes == 0 || s.Width > maxSampleWidth {
					t.Errorf("the legend's line %q has a sample of %d shapes, %.1f wide; want some, at most %d", s.Words, s.Shapes, s.Width, maxSampleWidth)
				}
			}
		})
	}
}
