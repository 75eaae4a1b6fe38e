package counts

import (
	"encoding/xml"
	"flag"
	"github.com/searchviz/searchviz/explain"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/searchviz/searchviz/internal/testenv"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files in testdata")

// tenDepths are the rows of a chart of tic-tac-toe's whole game tree.
var tenDepths = depthRows(explain.English, 10)

// goldenCharts are charts of fixed counts, named as their golden files:
// tic-tac-toe's positions by ply, with other counts beside them.
var goldenCharts = map[string]barChart{
	"nodes-auto-2": {id: "g", title: "Nodes searched per depth", unit: "nodes", rows: tenDepths, series: []chartSeries{
		{name: "MiniMax", values: wholeTicTacToePositions},
		{name: "AlphaBeta", values: []int{1, 9, 72, 200, 900, 1500, 3000, 5000, 4500, 3115}},
	}},
	"nodes-linear-2": {id: "g", title: "Nodes searched per depth", unit: "nodes", rows: tenDepths, scale: ScaleLinear, series: []chartSeries{
		{name: "MiniMax", values: wholeTicTacToePositions},
		{name: "AlphaBeta", values: []int{1, 9, 72, 200, 900, 1500, 3000, 5000, 4500, 3115}},
	}},
	"cuts-log-3": {id: "g", title: "Cuts per depth (α and β)", unit: "cuts", rows: tenDepths, scale: ScaleLog, series: []chartSeries{
		{name: "MiniMax", values: make([]int, 10)},
		{name: "AlphaBeta", values: []int{0, 7, 40, 120, 500, 900, 1500, 1100, 70, 0}},
		{name: "Iterative deepening", values: []int{0, 8, 50, 150, 600, 1000, 1700, 1200, 80, 0}},
	}},
}

// TestCountsChartGolden compares charts with their golden files in
// testdata/counts; go test ./web/internal/counts -run CountsChartGolden -update rewrites
// them.
func TestCountsChartGolden(t *testing.T) {
	testenv.SkipUnderRace(t, "draws charts from counts")
	t.Parallel()
	for name, ch := range goldenCharts {
		t.Run(name, func(t *testing.T) {
			got := ch.svg()
			path := filepath.Join("testdata", "counts", name+".svg")
			if *updateGolden {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if got != string(want) {
				t.Errorf("the chart differs from %s (run with -update to rewrite it after checking the change)", path)
			}
		})
	}
}

// svgText is a text of a chart, as the box it takes.
type svgText struct {
	text                   string
	left, top, right, base float64
}

// svgBox is a rectangle of a chart.
type svgBox struct{ left, top, right, bottom float64 }

// chartParts reads a chart's size, texts and bars. A text's width is
// estimated generously, at 0.62 of its font size a character, wider than
// the digits and most letters of any sans-serif font.
func chartParts(t *testing.T, svg string) (width, height float64, texts []svgText, bars []svgBox) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	var open *svgText
	font, anchor := 0.0, ""
	inBar := false
	attr := func(se xml.StartElement, name string) string {
		for _, a := range se.Attr {
			if a.Name.Local == name {
				return a.Value
			}
		}
		return ""
	}
	number := func(se xml.StartElement, name string) float64 {
		v, err := strconv.ParseFloat(attr(se, name), 64)
		if err != nil {
			t.Fatalf("<%s %s=%q>: %v", se.Name.Local, name, attr(se, name), err)
		}
		return v
	}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the chart is not XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			switch tok.Name.Local {
			case "svg":
				width, height = number(tok, "width"), number(tok, "height")
				font = number(tok, "font-size")
			case "g":
				inBar = attr(tok, "class") == "bar"
			case "rect":
				if inBar {
					x, y := number(tok, "x"), number(tok, "y")
					bars = append(bars, svgBox{x, y, x + number(tok, "width"), y + number(tok, "height")})
				}
			case "text":
				size := font
				if attr(tok, "font-size") != "" {
					size = number(tok, "font-size")
				}
				open = &svgText{left: number(tok, "x"), base: number(tok, "y"), top: size}
				anchor = attr(tok, "text-anchor")
			}
		case xml.CharData:
			if open != nil {
				open.text += string(tok)
			}
		case xml.EndElement:
			if tok.Name.Local == "g" {
				inBar = false
			}
			if tok.Name.Local == "text" && open != nil {
				size := open.top
				w := float64(utf8.RuneCountInString(open.text)) * size * 0.62
				switch anchor {
				case "end":
					open.left -= w
				case "middle":
					open.left -= w / 2
				}
				open.right = open.left + w
				open.top = open.base - 0.8*size
				open.base += 0.25 * size
				texts = append(texts, *open)
				open = nil
			}
		}
	}
	return width, height, texts, bars
}

// TestCountsChartLabelsApart draws charts of ten depths, of one to three
// series with names longer than maxLegendRunes, on both scales, with counts
// up to a billion, and checks that no text overlaps another or a bar, and
// every text is inside the chart.
func TestCountsChartLabelsApart(t *testing.T) {
	testenv.SkipUnderRace(t, "places a chart's labels")
	t.Parallel()
	big := []int{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 1_000_000_000}
	small := []int{1, 0, 3, 1, 2, 0, 1, 0, 0, 1}
	for _, scale := range []Scale{ScaleLog, ScaleLinear} {
		for n := 1; n <= MaxTraces; n++ {
			ch := barChart{id: "t", title: "Evaluations per depth", unit: "evaluations", rows: tenDepths, scale: scale}
			for i := range n {
				values := big
				if i == 1 {
					values = small
				}
				ch.series = append(ch.series, chartSeries{name: strings.Repeat("Iterative deepening ", 10) + strconv.Itoa(i), values: values})
			}
			width, height, texts, bars := chartParts(t, ch.svg())
			name := scale.String() + " scale, " + strconv.Itoa(n) + " series"
			if len(texts) < 10+10*n {
				t.Fatalf("%s: %d texts, want at least a label per row and per bar", name, len(texts))
			}
			for i, a := range texts {
				if a.left < 0 || a.top < 0 || a.right > width || a.base > height {
					t.Errorf("%s: %q at [%.0f,%.0f]-[%.0f,%.0f] is outside the chart's %.0fx%.0f", name, a.text, a.left, a.top, a.right, a.base, width, height)
				}
				for _, b := range texts[i+1:] {
					if a.left < b.right && b.left < a.right && a.top < b.base && b.top < a.base {
						t.Errorf("%s: %q and %q overlap", name, a.text, b.text)
					}
				}
				for _, r := range bars {
					if a.left < r.right && r.left < a.right && a.top < r.bottom && r.top < a.base {
						t.Errorf("%s: %q overlaps a bar", name, a.text)
					}
				}
			}
		}
	}
}

// TestCountsChartBars checks the bars against the counts: one per count
// above zero, in rows, the longest for the largest count, a logarithmic
// scale when one count is 30 times another and a linear one below that.
func TestCountsChartBars(t *testing.T) {
	testenv.SkipUnderRace(t, "draws a chart's bars")
	t.Parallel()
	tests := []struct {
		name   string
		values []int
		scale  Scale
		log    bool
	}{
		{"a span of 30 is drawn on a log scale", []int{1, 30}, ScaleAuto, true},
		{"a span of 29 is drawn on a linear scale", []int{1, 29}, ScaleAuto, false},
		{"zeros do not count in the span", []int{0, 2, 50}, ScaleAuto, false},
		{"linear asked for", []int{1, 1000}, ScaleLinear, false},
		{"log asked for", []int{10, 20}, ScaleLog, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ch := barChart{id: "t", title: "t", unit: "nodes", rows: depthRows(explain.English, len(tt.values)), scale: tt.scale,
				series: []chartSeries{{name: "A", values: tt.values}}}
			svg := ch.svg()
			if log := strings.Contains(svg, "logarithmic scale"); log != tt.log {
				t.Errorf("logarithmic %v, want %v", log, tt.log)
			}
			_, _, _, bars := chartParts(t, svg)
			var shown []int // the counts above zero, in the bars' order
			for _, v := range tt.values {
				if v > 0 {
					shown = append(shown, v)
				}
			}
			if len(bars) != len(shown) {
				t.Fatalf("%d bars for %d counts above zero", len(bars), len(shown))
			}
			largest := slices.Index(shown, slices.Max(shown))
			length := func(b svgBox) float64 { return b.right - b.left }
			for i, b := range bars {
				if length(b) > length(bars[largest]) {
					t.Errorf("bar %d is %.1f long, longer than the largest count's %.1f", i, length(b), length(bars[largest]))
				}
			}
		})
	}
}

// TestCountsChartPartial checks that the bars of a trace cut short are
// not compared with others': its counts are of a part of its search.
func TestCountsChartPartial(t *testing.T) {
	testenv.SkipUnderRace(t, "draws a chart of a trace cut short")
	t.Parallel()
	for _, partial := range []int{0, 1} {
		ch := barChart{id: "t", title: "t", unit: "nodes", rows: depthRows(explain.English, 3), series: []chartSeries{
			{name: "MiniMax", values: []int{1, 9, 72}}, {name: "AlphaBeta", values: []int{1, 9, 30}},
		}}
		ch.series[partial].partial = true
		if svg := ch.svg(); strings.Contains(svg, "%") {
			t.Errorf("series %d is partial, but the chart compares counts:\n%s", partial, svg)
		}
	}
}

func TestCountsRelative(t *testing.T) {
	testenv.SkipUnderRace(t, "formats shares")
	t.Parallel()
	for _, tt := range []struct {
		v, ref int
		want   string
	}{
		{18_297, 549_946, "3.3%"},
		{1, 3, "33%"},
		{9, 9, "100%"},
		{997, 1000, "99.7%"},
		{61, 10_000, "0.61%"},
		{1, 1_000_000, "<0.01%"},
		{549_946, 18_297, "30×"},
		{3, 2, "1.5×"},
	} {
		if got := Relative(tt.v, tt.ref); got != tt.want {
			t.Errorf("Relative(%d, %d) = %q, want %q", tt.v, tt.ref, got, tt.want)
		}
	}
}

// TestCountsLogTicks crosses maxTicks: up to nine decades a log axis has
// a tick at each power of ten, beyond that at every other one, and it
// ends at a tick.
func TestCountsLogTicks(t *testing.T) {
	testenv.SkipUnderRace(t, "places a scale's ticks")
	t.Parallel()
	for _, tt := range []struct{ hi, ticks int }{{1, 2}, {1_000_000_000, 10}, {10_000_000_000, 6}, {20_000_000_000, 7}} {
		a := logAxis(tt.hi)
		if len(a.ticks) != tt.ticks || len(a.ticks) > maxTicks || a.ticks[0] != 1 || a.ticks[len(a.ticks)-1] != a.top {
			t.Errorf("counts up to %d: ticks %v to %g, want %d from 1 to the axis' end", tt.hi, a.ticks, a.top, tt.ticks)
		}
	}
}

func TestCountsCompactTicks(t *testing.T) {
	testenv.SkipUnderRace(t, "formats a scale's ticks")
	t.Parallel()
	for v, want := range map[float64]string{0: "0", 10: "10", 1000: "1k", 2500: "2.5k", 100_000: "100k", 1e6: "1M", 1e9: "1G"} {
		if got := compactCount(v); got != want {
			t.Errorf("compactCount(%v) = %q, want %q", v, got, want)
		}
	}
}

// TestCountsDeepTraceRows checks maxChartRows: a trace one depth deeper
// than the chart has rows puts its two deepest depths in the last row.
func TestCountsDeepTraceRows(t *testing.T) {
	testenv.SkipUnderRace(t, "sums the rows of a deep trace")
	t.Parallel()
	rows := depthRows(explain.English, maxChartRows+1)
	if len(rows) != maxChartRows || rows[maxChartRows-1] != "depth "+strconv.Itoa(maxChartRows-1)+"+" {
		t.Fatalf("rows for %d depths: %d, the last %q", maxChartRows+1, len(rows), rows[len(rows)-1])
	}
	c := Counts{depths: make([]depthCounts, maxChartRows+1)}
	for d := range c.depths {
		c.depths[d].nodes = d + 1
	}
	got := rowValues(c, chartMetrics[0], len(rows))
	if got[maxChartRows-1] != maxChartRows+maxChartRows+1 || got[0] != 1 {
		t.Errorf("the last row holds %d nodes, want the %d of the two deepest depths", got[maxChartRows-1], 2*maxChartRows+1)
	}
	if rows := depthRows(explain.English, maxChartRows); rows[maxChartRows-1] != "depth "+strconv.Itoa(maxChartRows-1) {
		t.Errorf("at exactly %d depths the last row is %q", maxChartRows, rows[maxChartRows-1])
	}
}
