package render

import (
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// The legend box of the tidy drawing, in points, laid out as Graphviz lays
// out WriteDOT's legend table.
const (
	legendPad    = 4  // inside the frame
	legendRowH   = 17 // from one row to the next
	legendSample = 24 // the width of a row's sample cell
	legendText   = 32 // from the frame to a row's text
	legendFont   = 9
	legendBigger = 10 // the title and the caption
	// legendRingGap is from a ring to the box inside it in a sample, less
	// than a node's ringGap, since a sample is smaller than a node.
	legendRingGap = 4
)

// svgLegend is the legend of a tidy drawing: what it explains, and its box.
type svgLegend struct {
	facts      legendFacts
	caption    string
	layout     string
	lang       explain.Lang // the language of its words
	x, y, w, h float64
}

// newSVGLegend returns the legend of d, sized but not placed.
func newSVGLegend(d *svgDrawing) *svgLegend {
	l := &svgLegend{
		facts:   legendFactsOf(d.final, d.drawn, d.opts.legendView(), func(id trace.NodeID) bool { return d.boardOf(id) != nil }),
		caption: d.opts.Lang.Caption(d.t.Node(d.t.Root()).Type, d.opts.View),
		layout:  legendWords(d.opts.Lang, LayoutTidy),
		lang:    d.opts.Lang,
	}
	sizing := sizingCaption(d.t.Node(d.t.Root()).Type, d.opts)
	widest := max(textWidth(l.lang.T(explain.LegendTitle), legendBigger), textWidth(sizing, legendBigger), textWidth(l.layout, legendFont)) + legendPad
	for _, r := range l.rows() {
		widest = max(widest, legendText+textWidth(r, legendFont))
	}
	l.w = widest + 2*legendPad
	l.h = float64(len(l.rows())+3)*legendRowH + 2*legendPad
	return l
}

// rows returns the words of the rows that have a sample cell, in order.
func (l *svgLegend) rows() []string {
	var rows []string
	for _, typ := range l.facts.types {
		rows = append(rows, l.lang.TypeLegendIn(typ, l.facts.view))
	}
	for _, s := range l.facts.statuses {
		rows = append(rows, statusWords(l.lang, s))
	}
	if l.facts.windows {
		rows = append(rows, l.lang.T(explain.LegendWindow))
	}
	if l.facts.visits {
		rows = append(rows, l.lang.T(explain.LegendVisits))
	}
	if l.facts.boards {
		rows = append(rows, boardsWords(l.lang))
	}
	if l.facts.more {
		rows = append(rows, l.lang.T(LegendMore))
	}
	if l.facts.fold {
		rows = append(rows, l.lang.T(LegendFold))
	}
	return rows
}

// write writes the legend as the group "legend": a title, one row per type
// and status and for windows, visits and boards, each with a sample, then
// the caption and the layout, in a grey frame.
func (l *svgLegend) write(d *svgDrawing) {
	w := d.w
	w.WriteString("<g id=\"legend\" class=\"node\">\n<title>legend</title>\n")
	x, row := l.x+legendPad, l.y+legendPad
	baseline := func() float64 { return row + legendRowH - 5 }
	d.text(x, baseline(), "start", legendBigger, "bold", "", l.lang.T(explain.LegendTitle))
	row += legendRowH
	words := l.rows()
	i := 0
	next := func(sample func(cx, cy float64)) {
		sample(x+legendSample/2, row+legendRowH/2)
		d.text(x+legendText, baseline(), "start", legendFont, "", "", words[i])
		i++
		row += legendRowH
	}
	for _, typ := range l.facts.types {
		next(func(cx, cy float64) { d.text(cx, cy+3.5, "middle", legendBigger, "", "", glyphOf(typ)) })
	}
	for _, s := range l.facts.statuses {
		next(func(cx, cy float64) { l.statusSample(d, lookOf(s), cx, cy) })
	}
	if l.facts.windows {
		next(func(cx, cy float64) { d.text(cx, cy+3, "middle", fontWindow, "", "", "α β") })
	}
	if l.facts.visits {
		next(func(cx, cy float64) {
			l.rect(d, cx-10, cy-5, 20, 1, colorVisits)
			l.rect(d, cx-10, cy-1, 20, maxVisitWidth, colorVisits)
		})
	}
	if l.facts.boards {
		next(func(cx, cy float64) {
			l.rect(d, cx-legendSample/2, cy-7, legendSample, 14, colorYellow)
			d.text(cx, cy+3.5, "middle", legendBigger, "bold", "", "x")
		})
	}
	if l.facts.more {
		next(func(cx, cy float64) { l.moreSample(d, cx, cy, "+N") })
	}
	if l.facts.fold {
		next(func(cx, cy float64) { l.moreSample(d, cx, cy, "…") })
	}
	if d.page {
		d.slotText(legendCaptionSlot, x, baseline(), "start", legendBigger, l.caption)
	} else {
		d.text(x, baseline(), "start", legendBigger, "", "", l.caption)
	}
	row += legendRowH
	d.text(x, baseline(), "start", legendFont, "", "", l.layout)
	w.WriteString(`<polygon fill="none" stroke="` + colorGrey + `" points="`)
	w.points([]float64{l.x, l.y, l.x + l.w, l.y, l.x + l.w, l.y + l.h, l.x, l.y + l.h})
	w.WriteString("\"/>\n</g>\n")
}

// statusSample draws a status's look as a small box centred at cx, cy,
// and for a look with a ring, the ring around it in the row's height
// and the box the smaller.
func (l *svgLegend) statusSample(d *svgDrawing, lk look, cx, cy float64) {
	fill := "none"
	if lk.fillcolor != "" {
		fill = lk.fillcolor
	}
	w := d.w
	hw, hh := float64(legendSample)/2-lk.penwidth/2, 7-lk.penwidth/2
	if lk.ringed() {
		rw, rh := float64(legendSample)/2-ringWidth/2, float64(legendRowH)/2-ringWidth/2
		w.WriteString(`<polygon fill="none"`)
		d.stroke(lk.color, ringWidth, "solid")
		w.WriteString(` points="`)
		w.points([]float64{cx - rw, cy - rh, cx + rw, cy - rh, cx + rw, cy + rh, cx - rw, cy + rh})
		w.WriteString("\"/>\n")
		hw, hh = rw-legendRingGap, rh-legendRingGap
	}
	w.WriteString(`<polygon fill="` + fill + `"`)
	d.stroke(lk.color, lk.penwidth, strings.TrimSuffix(lk.style, ",diagonals"))
	w.WriteString(` points="`)
	w.points([]float64{cx - hw, cy - hh, cx + hw, cy - hh, cx + hw, cy + hh, cx - hw, cy + hh})
	w.WriteString("\"/>\n")
}

// rect writes a filled rectangle with no outline.
func (l *svgLegend) rect(d *svgDrawing, x, y, w, h float64, fill string) {
	sw := d.w
	sw.WriteString(`<rect fill="` + fill + `" stroke="none"`)
	sw.numAttr("x", x)
	sw.numAttr("y", y)
	sw.numAttr("width", w)
	sw.numAttr("height", h)
	sw.WriteString("/>\n")
}

// moreSample writes the legend's sample of a placeholder or a fold: a
// dashed grey box centred on cx, cy, saying text.
func (l *svgLegend) moreSample(d *svgDrawing, cx, cy float64, text string) {
	w := d.w
	w.WriteString(`<polygon fill="` + colorMore + `"`)
	d.stroke(colorGrey, 1, "dashed")
	w.WriteString(` points="`)
	hw := float64(legendSample)/2 - 0.5
	w.points([]float64{cx - hw, cy - 6.5, cx + hw, cy - 6.5, cx + hw, cy + 6.5, cx - hw, cy + 6.5})
	w.WriteString("\"/>\n")
	d.text(cx, cy+3, "middle", moreFont, "bold", "", text)
}
