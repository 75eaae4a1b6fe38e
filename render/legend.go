package render

import (
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// typeRows are the legend's node types with their glyphs, in the order
// shown; explain.TypeLegend says what each means.
var typeRows = []struct {
	typ   trace.NodeType
	glyph string
}{
	{trace.TypeMax, "▲"},
	{trace.TypeMin, "▼"},
	{trace.TypeChance, "●"},
	{trace.TypeSingle, "■"},
	{trace.TypeJoint, "◆"},
}

// legendStatuses are the statuses the legend explains, in the order shown;
// beamStatuses are added for traces that have them.
var (
	legendStatuses = []trace.Status{trace.StatusCurrent, trace.StatusPath, trace.StatusDone, trace.StatusGenerated, trace.StatusPruned, trace.StatusBest}
	beamStatuses   = []trace.Status{trace.StatusKept, trace.StatusDropped}
)

// legendFacts is what a legend explains, because the drawing has it.
type legendFacts struct {
	types    []trace.NodeType // in typeRows' order
	view     View             // what a chance node's words are for (Options.legendView)
	statuses []trace.Status   // in the order shown
	windows  bool             // α-β windows
	visits   bool             // edges widened by visits
	boards   bool             // boards, with the cells of the move just played
	more     bool             // placeholders of children left out
	fold     bool             // a run of a long path drawn as one box
}

// legendFactsOf returns what the legend of drawing dr explains, in words
// for view v, from the final tree, where hasBoard reports whether a node's
// board is drawn. It depends only on the final tree, what is drawn and the
// options, never on the step, so the legend never moves nodes.
func legendFactsOf(final *trace.Tree, dr drawn, v View, hasBoard func(trace.NodeID) bool) legendFacts {
	types := map[trace.NodeType]bool{}
	f := legendFacts{view: v}
	beam, pruned := false, false
	dr.each(func(id trace.NodeID) {
		n := final.Node(id)
		types[n.Type] = true
		beam = beam || n.Status == trace.StatusKept || n.Status == trace.StatusDropped
		f.boards = f.boards || hasBoard(id)
		f.visits = f.visits || n.Visits > 0
		pruned = pruned || n.Status == trace.StatusPruned
		f.windows = f.windows || n.HasBounds
	})
	f.more = dr.groups() > 0
	f.fold = dr.fold() != nil
	for _, r := range typeRows {
		if types[r.typ] {
			f.types = append(f.types, r.typ)
		}
	}
	statuses := legendStatuses
	if beam {
		statuses = append(statuses[:len(statuses):len(statuses)], beamStatuses...)
	}
	for _, s := range statuses {
		if s != trace.StatusPruned || pruned {
			f.statuses = append(f.statuses, s)
		}
	}
	return f
}

// glyphOf returns the legend's glyph for a node type.
func glyphOf(typ trace.NodeType) string {
	for _, r := range typeRows {
		if r.typ == typ {
			return r.glyph
		}
	}
	return ""
}

// statusWords returns the legend's words for a status, in language l.
func statusWords(l explain.Lang, s trace.Status) string {
	text := l.Status(s)
	if lk := lookOf(s); lk.legend != "" {
		text = l.F("%s (%s)", text, l.T(lk.legend))
	}
	return text
}

// legend writes a node that explains the drawing: node types, statuses,
// windows, edge widths by visits, highlighted board cells, the view and
// the layout, each only if the drawing has it.
func (d *drawing) legend() {
	f := legendFactsOf(d.final, d.drawn, d.opts.legendView(), func(id trace.NodeID) bool { return d.boardOf(id) != nil })
	lang := d.opts.Lang
	var b strings.Builder
	b.WriteString(`<<TABLE BORDER="1" COLOR="` + colorGrey + `" CELLBORDER="0" CELLSPACING="3" CELLPADDING="1">`)
	b.WriteString(`<TR><TD COLSPAN="2" ALIGN="LEFT"><B>` + htmlText(lang.T(explain.LegendTitle)) + `</B></TD></TR>`)
	for _, typ := range f.types {
		legendRow(&b, "", glyphOf(typ), lang.TypeLegendIn(typ, f.view))
	}
	for _, s := range f.statuses {
		lk := lookOf(s)
		attrs := ` BORDER="` + strconv.Itoa(int(lk.penwidth)) + `" COLOR="` + lk.color + `"`
		if strings.Contains(lk.style, "dashed") || strings.Contains(lk.style, "dotted") {
			attrs += ` STYLE="` + strings.TrimSuffix(lk.style, ",diagonals") + `"`
		}
		if lk.fillcolor != "" {
			attrs += ` BGCOLOR="` + lk.fillcolor + `"`
		}
		if lk.ringed() {
			ringRow(&b, lk, attrs, statusWords(lang, s))
			continue
		}
		legendRow(&b, attrs, "", statusWords(lang, s))
	}
	if f.windows {
		legendRow(&b, "", fontTag(fontWindow)+`α β</FONT>`, lang.T(explain.LegendWindow))
	}
	if f.visits {
		// The sample is the thinnest edge over the widest.
		bar := func(height int) string {
			return `<TR><TD FIXEDSIZE="TRUE" WIDTH="20" HEIGHT="` + strconv.Itoa(height) + `" BGCOLOR="` + colorVisits + `"></TD></TR>`
		}
		sample := `<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="0">` + bar(1) + bar(maxVisitWidth) + `</TABLE>`
		legendRow(&b, "", sample, lang.T(explain.LegendVisits))
	}
	if f.boards {
		legendRow(&b, ` BGCOLOR="`+colorYellow+`"`, "<B>x</B>", boardsWords(lang))
	}
	if f.more {
		legendRow(&b, ` BORDER="1" STYLE="dashed" COLOR="`+colorGrey+`" BGCOLOR="`+colorMore+`"`, fontTag(moreFont)+`<B>+N</B></FONT>`, lang.T(LegendMore))
	}
	if f.fold {
		legendRow(&b, ` BORDER="1" STYLE="dashed" COLOR="`+colorGrey+`" BGCOLOR="`+colorMore+`"`, fontTag(moreFont)+`<B>…</B></FONT>`, lang.T(LegendFold))
	}
	if d.opts.Patchable {
		// A slot as wide as the widest view's caption: see sizingCaption.
		width := int(textWidth(sizingCaption(d.t.Node(d.t.Root()).Type, d.opts), legendBigger) + 0.5)
		b.WriteString(`<TR><TD COLSPAN="2" ALIGN="LEFT" ID="` + legendCaptionSlot + `" HREF="#` + legendCaptionSlot + `" FIXEDSIZE="TRUE" WIDTH="` +
			strconv.Itoa(width) + `" HEIGHT="` + strconv.Itoa(legendRowH-3) + `">` + htmlText(d.caption()) + `</TD></TR>`)
	} else {
		b.WriteString(`<TR><TD COLSPAN="2" ALIGN="LEFT">` + htmlText(d.caption()) + `</TD></TR>`)
	}
	b.WriteString(`<TR><TD COLSPAN="2" ALIGN="LEFT"><FONT POINT-SIZE="9">` + htmlText(legendWords(lang, LayoutDot)) + `</FONT></TD></TR>`)
	b.WriteString(`</TABLE>>`)
	d.w.WriteString("\tlegend [id=\"legend\" shape=\"plain\" fixedsize=\"false\" label=")
	d.w.WriteString(b.String())
	d.w.WriteString("];\n\t{rank=\"sink\"; legend;}\n")
}

// LegendFold is the legend's words for a display set's fold.
const LegendFold = "moves folded: a run of a long path, its moves named, in one box"

// LegendMore is the legend's words for a placeholder of a display set.
const LegendMore = "+N more, M nodes: N children left out, with the M nodes under them"

// boardsWords is the legend's words for the highlighted cells of a
// board, in language l.
func boardsWords(l explain.Lang) string {
	return l.F("%s (bold, yellow)", l.T(explain.LegendMove))
}

// ringRow writes the legend line of look lk, which has a ring: a cell
// as wide as legendRow's sample and a little higher, with the ring's
// border, holding a box with attrs, and text.
func ringRow(b *strings.Builder, lk look, attrs, text string) {
	const high, pad = 20, 2 // the cell's height, and from its border to the box
	inner := func(side int) string { return strconv.Itoa(side - 2*ringWidth - 2*pad) }
	b.WriteString(`<TR><TD FIXEDSIZE="TRUE" WIDTH="` + strconv.Itoa(legendSample) + `" HEIGHT="` + strconv.Itoa(high) + `" BORDER="` + strconv.Itoa(ringWidth) +
		`" COLOR="` + lk.color + `" CELLPADDING="` + strconv.Itoa(pad) + `">`)
	b.WriteString(`<TABLE FIXEDSIZE="TRUE" WIDTH="` + inner(legendSample) + `" HEIGHT="` + inner(high) + `" CELLSPACING="0" CELLPADDING="0" CELLBORDER="0"` + attrs + `><TR><TD FIXEDSIZE="TRUE" WIDTH="1" HEIGHT="1"></TD></TR></TABLE></TD>`)
	b.WriteString(`<TD ALIGN="LEFT"><FONT POINT-SIZE="9">` + htmlText(text) + `</FONT></TD></TR>`)
}

// legendRow writes a legend line: a sample cell with attrs holding html,
// and text.
func legendRow(b *strings.Builder, attrs, html, text string) {
	b.WriteString(`<TR><TD FIXEDSIZE="TRUE" WIDTH="24" HEIGHT="14"` + attrs + `>` + html + `</TD>`)
	b.WriteString(`<TD ALIGN="LEFT"><FONT POINT-SIZE="9">` + htmlText(text) + `</FONT></TD></TR>`)
}
