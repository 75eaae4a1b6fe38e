package counts

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
)

// Scale is how a chart maps counts to bar lengths.
type Scale uint8

// Chart scales.
const (
	ScaleAuto   Scale = iota // logarithmic when the counts span logScaleRatio or more, else linear
	ScaleLinear              // bar lengths in proportion to the counts
	ScaleLog                 // bar lengths in proportion to the counts' logarithms
)

// logScaleRatio is the span of counts, largest over smallest above zero,
// from which ScaleAuto draws a logarithmic scale: a bar 30 times shorter
// than the longest is a few pixels long, too short to read or compare.
const logScaleRatio = 30

// ParseScale reads the scale query parameter: "", "log" or "linear".
func ParseScale(s string) (Scale, error) {
	switch s {
	case "":
		return ScaleAuto, nil
	case "log":
		return ScaleLog, nil
	case "linear":
		return ScaleLinear, nil
	}
	return ScaleAuto, fmt.Errorf("scale %q is not allowed (want log or linear)", s)
}

// String returns the scale's name as the scale parameter spells it.
func (s Scale) String() string {
	switch s {
	case ScaleLog:
		return "log"
	case ScaleLinear:
		return "linear"
	}
	return ""
}

// The geometry of a chart, in SVG user units (pixels at its natural size).
const (
	chartWidth     = 640 // the whole chart
	chartBarsX     = 80  // where bars start; the rows' labels end left of it
	chartLabelRoom = 150 // right of the longest bar, for its value
	chartBar       = 14  // a bar's thickness
	chartBarGap    = 3   // between the bars of one row
	chartRowGap    = 10  // between rows
	chartFont      = 11  // the size of every text but the title
	chartTitleFont = 13
	chartLine      = 18 // a line of the legend
	chartTop       = 24 // the title's band
	chartAxisBand  = 40 // below the bars: tick labels and the axis caption
)

// chartPlotWidth is the length of the longest bar.
const chartPlotWidth = chartWidth - chartBarsX - chartLabelRoom

// seriesColours are the series' colours, from the Okabe-Ito palette the
// app uses, safe for the common colour blindnesses; each series also has a
// fill pattern of its own, so that no series is told by colour alone.
var seriesColours = [MaxTraces]string{"#0072b2", "#e69f00", "#009e73"}

// shorten returns s cut to at most n runes, the last an ellipsis if cut.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// chartSeries is one trace's bars in a chart: its count in each row.
type chartSeries struct {
	name   string
	values []int
	// partial says the counts are of a part of the search, a trace cut
	// short: its bars are not compared with others'.
	partial bool
}

// barChart is a chart of grouped horizontal bars: one row per label, one
// bar per series in each row, in the series' order.
type barChart struct {
	id     string // prefix of the chart's element ids, unique on its page
	title  string // "Nodes per depth"
	unit   string // what the counts count, "nodes"
	rows   []string
	series []chartSeries // at most len(seriesColours)
	scale  Scale
	lang   explain.Lang // the language of its words
}

// chartAxis maps counts to bar lengths and says where its ticks go.
type chartAxis struct {
	log   bool
	top   float64 // the count at the end of the axis
	ticks []float64
}

// newChartAxis returns the axis of counts up to the largest of values,
// logarithmic or linear as scale says.
func newChartAxis(values [][]int, scale Scale) chartAxis {
	hi, lo := 0, 0
	for _, vs := range values {
		for _, v := range vs {
			hi = max(hi, v)
			if v > 0 && (lo == 0 || v < lo) {
				lo = v
			}
		}
	}
	if scale == ScaleAuto {
		scale = ScaleLinear
		if lo > 0 && hi/lo >= logScaleRatio {
			scale = ScaleLog
		}
	}
	if scale == ScaleLog {
		return logAxis(hi)
	}
	return linearAxis(hi)
}

// logAxis is a logarithmic axis from 1 to a power of ten at or above hi,
// at least 10, with a tick at each power of ten, or at every other one or
// fewer so as to have at most maxTicks; the axis ends at a tick.
func logAxis(hi int) chartAxis {
	decades := max(1, int(math.Ceil(math.Log10(float64(max(hi, 1))))))
	every := (decades + maxTicks - 2) / (maxTicks - 1) // a tick every so many decades
	decades = (decades + every - 1) / every * every
	a := chartAxis{log: true, top: math.Pow(10, float64(decades))}
	for d := 0; d <= decades; d += every {
		a.ticks = append(a.ticks, math.Pow(10, float64(d)))
	}
	return a
}

// linearAxis is a linear axis from 0 to a round count at or above hi,
// with ticks at round counts.
func linearAxis(hi int) chartAxis {
	hi = max(hi, 1)
	step := math.Pow(10, math.Floor(math.Log10(float64(hi)/5)))
	for _, m := range []float64{1, 2, 5, 10} {
		if float64(hi)/(step*m) <= 5 {
			step *= m
			break
		}
	}
	step = max(step, 1)
	a := chartAxis{top: math.Ceil(float64(hi)/step) * step}
	for v := 0.0; v <= a.top; v += step {
		a.ticks = append(a.ticks, v)
	}
	return a
}

// length returns the length of the bar of count v: at least 2 for a count
// above zero, so that every such bar shows.
func (a chartAxis) length(v int) float64 {
	if v <= 0 {
		return 0
	}
	f := float64(v) / a.top
	if a.log {
		f = math.Log10(float64(v)) / math.Log10(a.top)
	}
	return max(2, f*chartPlotWidth)
}

// at returns the x of count v on the axis.
func (a chartAxis) at(v float64) float64 {
	if a.log {
		return chartBarsX + math.Log10(v)/math.Log10(a.top)*chartPlotWidth
	}
	return chartBarsX + v/a.top*chartPlotWidth
}

// compactCount writes a tick's count briefly: 500, 2.5k, 10k, 1M.
func compactCount(v float64) string {
	for _, u := range []struct {
		size   float64
		suffix string
	}{{1e9, "G"}, {1e6, "M"}, {1e3, "k"}} {
		if v >= u.size {
			return strconv.FormatFloat(v/u.size, 'f', -1, 64) + u.suffix
		}
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// Relative says how v compares with ref, both above zero: as a
// percentage with two significant digits, "3.3%", "0.61%", "100%", or past
// ref as a multiple, "30×".
func Relative(v, ref int) string {
	p := 100 * float64(v) / float64(ref)
	switch {
	case v > ref:
		return twoDigits(float64(v)/float64(ref)) + "×"
	case p < 0.01:
		return "<0.01%"
	case p >= 99.5 && v < ref:
		return strconv.FormatFloat(p, 'f', 1, 64) + "%"
	}
	return twoDigits(p) + "%"
}

// twoDigits writes x, at least 0.01, with two significant digits, or as
// a whole number from 10 on: 0.61, 3.3, 42, 549.
func twoDigits(x float64) string {
	if x >= 10 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'g', 2, 64)
}

// svgWriter writes an SVG document; its text is escaped for XML.
type svgWriter struct{ strings.Builder }

func (w *svgWriter) printf(format string, args ...any) { fmt.Fprintf(w, format, args...) }

// text writes s at x, y (its baseline) with the given attributes.
func (w *svgWriter) text(x, y float64, attrs, s string) {
	w.printf(`<text x="%s" y="%s"%s>%s</text>`+"\n", num(x), num(y), attrs, html.EscapeString(s))
}

// num writes a coordinate with at most one decimal.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

// fill returns the fill of series i: its colour, or a pattern of it.
func (c barChart) fill(i int) string {
	if i == 0 {
		return seriesColours[0]
	}
	return fmt.Sprintf("url(#%s-p%d)", c.id, i)
}

// svg draws the chart as a standalone SVG document, sized to its natural
// size; a page scales it with CSS.
func (c barChart) svg() string {
	values := make([][]int, len(c.series))
	for i, s := range c.series {
		values[i] = s.values
	}
	ax := newChartAxis(values, c.scale)
	var w svgWriter
	height := c.height()
	w.printf(`<svg xmlns="http://www.w3.org/2000/svg" class="counts-chart" id="%s" width="%d" height="%s" viewBox="0 0 %d %s" role="img" aria-labelledby="%s-title %s-desc" font-family="sans-serif" font-size="%d">`+"\n",
		c.id, chartWidth, num(height), chartWidth, num(height), c.id, c.id, chartFont)
	w.printf(`<title id="%s-title">%s</title>`+"\n", c.id, html.EscapeString(c.title))
	w.printf(`<desc id="%s-desc">%s</desc>`+"\n", c.id, html.EscapeString(c.description()))
	c.writePatterns(&w)
	w.printf(`<rect width="%d" height="%s" fill="#ffffff"/>`+"\n", chartWidth, num(height))
	w.text(4, 16, fmt.Sprintf(` font-size="%d" font-weight="bold" fill="#1d2330"`, chartTitleFont), c.title)
	y := c.writeLegend(&w, chartTop)
	bottom := y + c.rowsHeight()
	c.writeGrid(&w, ax, y, bottom)
	for r, label := range c.rows {
		c.writeRow(&w, ax, r, label, y)
		y += c.rowHeight() + chartRowGap
	}
	c.writeAxis(&w, ax, bottom)
	w.printf("</svg>\n")
	return w.String()
}

// height returns the chart's height.
func (c barChart) height() float64 {
	return chartTop + c.legendHeight() + c.rowsHeight() + chartAxisBand
}

// legendHeight is the height of the legend: a line per series, one more
// for what the percentages mean when there are several series, and a gap.
func (c barChart) legendHeight() float64 {
	lines := len(c.series)
	if c.compared() {
		lines++
	}
	return float64(lines*chartLine + 6)
}

// compared reports whether some bar's label compares its count with the
// first series': there are several series, and the first has counts.
func (c barChart) compared() bool {
	for i := range c.series[min(1, len(c.series)):] {
		for r := range c.rows {
			if c.comparable(i+1, r) {
				return true
			}
		}
	}
	return false
}

// comparable reports whether bar r of series i is compared with the first
// series': neither is partial, and both have a count there.
func (c barChart) comparable(i, r int) bool {
	first, s := c.series[0], c.series[i]
	return i > 0 && !first.partial && !s.partial && first.values[r] > 0 && s.values[r] > 0
}

// rowHeight is the height of one row's bars.
func (c barChart) rowHeight() float64 {
	return float64(len(c.series)*(chartBar+chartBarGap) - chartBarGap)
}

// rowsHeight is the height of every row, with the gaps between them.
func (c barChart) rowsHeight() float64 {
	if len(c.rows) == 0 {
		return 0
	}
	return float64(len(c.rows))*(c.rowHeight()+chartRowGap) - chartRowGap
}

// description sums the chart up in words, for screen readers.
func (c barChart) description() string {
	var parts []string
	for _, s := range c.series {
		total := 0
		for _, v := range s.values {
			total += v
		}
		parts = append(parts, c.lang.F("%s: %s %s in all", s.name, explain.Thousands(total), c.lang.T(c.unit)))
	}
	return c.lang.F("%s. The table under the charts gives every count.", strings.Join(parts, c.lang.T("; ")))
}

// writePatterns defines the fill patterns of the series after the first:
// stripes, then dots.
func (c barChart) writePatterns(w *svgWriter) {
	w.printf("<defs>\n")
	for i := 1; i < len(c.series); i++ {
		colour := seriesColours[i]
		if i == 1 {
			w.printf(`<pattern id="%s-p1" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)"><rect width="6" height="6" fill="#ffffff"/><rect width="3.5" height="6" fill="%s"/></pattern>`+"\n", c.id, colour)
			continue
		}
		w.printf(`<pattern id="%s-p%d" patternUnits="userSpaceOnUse" width="5" height="5"><rect width="5" height="5" fill="#ffffff"/><circle cx="2.5" cy="2.5" r="1.7" fill="%s"/></pattern>`+"\n", c.id, i, colour)
	}
	w.printf("</defs>\n")
}

// writeLegend writes a line per series, its swatch and name, and what the
// percentages are; it returns the y below it.
func (c barChart) writeLegend(w *svgWriter, y float64) float64 {
	for i, s := range c.series {
		w.printf(`<rect x="%d" y="%s" width="24" height="12" fill="%s" stroke="%s"/>`+"\n", chartBarsX, num(y+3), c.fill(i), seriesColours[i])
		w.text(chartBarsX+30, y+13, ` fill="#1d2330"`, shorten(s.name, maxLegendRunes))
		y += chartLine
	}
	if c.compared() {
		w.text(chartBarsX, y+13, ` fill="#5b6475"`, c.lang.F("· %s or %s: the count against the first trace's at the same depth", "n%", "n×"))
		y += chartLine
	}
	return y + 6
}

// writeGrid writes a vertical line at each tick, behind the bars.
func (c barChart) writeGrid(w *svgWriter, ax chartAxis, top, bottom float64) {
	for _, t := range ax.ticks {
		x := num(ax.at(t))
		w.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#d8dce3"/>`+"\n", x, num(top-3), x, num(bottom+3))
	}
}

// writeRow writes row r's label and bars, the row starting at y.
func (c barChart) writeRow(w *svgWriter, ax chartAxis, r int, label string, y float64) {
	w.text(chartBarsX-8, y+c.rowHeight()/2+4, ` text-anchor="end" fill="#1d2330"`, label)
	for i, s := range c.series {
		v := s.values[r]
		by := y + float64(i*(chartBar+chartBarGap))
		length := ax.length(v)
		w.printf(`<g class="bar" data-series="%d" data-row="%d" data-value="%d"><title>%s</title>`, i, r, v,
			html.EscapeString(c.lang.F("%s, %s: %s %s", s.name, label, explain.Thousands(v), c.lang.T(c.unit))))
		if length > 0 {
			w.printf(`<rect x="%d" y="%s" width="%s" height="%d" fill="%s" stroke="%s"/>`, chartBarsX, num(by), num(length), chartBar, c.fill(i), seriesColours[i])
		}
		w.printf("</g>\n")
		w.text(chartBarsX+length+4, by+chartBar-3, ` fill="#1d2330"`, c.valueLabel(i, r))
	}
}

// valueLabel is the text beside bar r of series i: its count and, after
// the first series, its share of the first series' count in the row.
func (c barChart) valueLabel(i, r int) string {
	v := c.series[i].values[r]
	label := explain.Thousands(v)
	if c.comparable(i, r) {
		label += " · " + Relative(v, c.series[0].values[r])
	}
	return label
}

// writeAxis writes the axis under the bars at y: its line, its ticks'
// counts and its caption.
func (c barChart) writeAxis(w *svgWriter, ax chartAxis, y float64) {
	w.printf(`<line x1="%d" y1="%s" x2="%d" y2="%s" stroke="#5b6475"/>`+"\n", chartBarsX, num(y+3), chartBarsX+chartPlotWidth, num(y+3))
	for _, t := range ax.ticks {
		w.text(ax.at(t), y+16, ` text-anchor="middle" fill="#5b6475"`, compactCount(t))
	}
	caption := c.lang.F("%s, linear scale", c.lang.T(c.unit))
	if ax.log {
		caption = c.lang.F("%s, logarithmic scale: each step right is ten times as many", c.lang.T(c.unit))
	}
	w.text(chartBarsX+chartPlotWidth/2, y+32, ` text-anchor="middle" fill="#5b6475"`, caption)
}
