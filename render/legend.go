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

// legend writes a node that explains the drawing: node types, statuses,
// windows, edge widths by visits, highlighted board cells and the view,
// each only if the drawing has it. It depends only on the final tree and
// the options, never on the step, so it never moves nodes.
func (d *drawing) legend() {
	types := map[trace.NodeType]bool{}
	beam, boards, visits, pruned, windows := false, false, false, false, false
	for id := range d.final.Size() {
		n := d.final.Node(trace.NodeID(id))
		types[n.Type] = true
		beam = beam || n.Status == trace.StatusKept || n.Status == trace.StatusDropped
		boards = boards || d.boardOf(trace.NodeID(id)) != nil
		visits = visits || n.Visits > 0
		pruned = pruned || n.Status == trace.StatusPruned
		windows = windows || n.HasBounds
	}
	var b strings.Builder
	b.WriteString(`<<TABLE BORDER="1" COLOR="` + colorGrey + `" CELLBORDER="0" CELLSPACING="3" CELLPADDING="1">`)
	b.WriteString(`<TR><TD COLSPAN="2" ALIGN="LEFT"><B>` + explain.LegendTitle + `</B></TD></TR>`)
	for _, r := range typeRows {
		if types[r.typ] {
			legendRow(&b, "", r.glyph, explain.TypeLegend(r.typ))
		}
	}
	statuses := legendStatuses
	if beam {
		statuses = append(statuses[:len(statuses):len(statuses)], beamStatuses...)
	}
	for _, s := range statuses {
		if s == trace.StatusPruned && !pruned {
			continue
		}
		lk := lookOf(s)
		attrs := ` BORDER="` + strconv.Itoa(int(lk.penwidth)) + `" COLOR="` + lk.color + `"`
		if strings.Contains(lk.style, "dashed") || strings.Contains(lk.style, "dotted") {
			attrs += ` STYLE="` + strings.TrimSuffix(lk.style, ",diagonals") + `"`
		}
		if lk.fillcolor != "" {
			attrs += ` BGCOLOR="` + lk.fillcolor + `"`
		}
		text := explain.Status(s)
		if lk.legend != "" {
			text += " (" + lk.legend + ")"
		}
		legendRow(&b, attrs, "", text)
	}
	if windows {
		legendRow(&b, "", `<FONT POINT-SIZE="8">α β</FONT>`, explain.LegendWindow)
	}
	if visits {
		// The sample is the thinnest edge over the widest.
		bar := func(height int) string {
			return `<TR><TD FIXEDSIZE="TRUE" WIDTH="20" HEIGHT="` + strconv.Itoa(height) + `" BGCOLOR="` + colorVisits + `"></TD></TR>`
		}
		sample := `<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="0">` + bar(1) + bar(maxVisitWidth) + `</TABLE>`
		legendRow(&b, "", sample, explain.LegendVisits)
	}
	if boards {
		legendRow(&b, ` BGCOLOR="`+colorYellow+`"`, "<B>x</B>", explain.LegendMove+" (bold, yellow)")
	}
	b.WriteString(`<TR><TD COLSPAN="2" ALIGN="LEFT">` + htmlText(d.caption()) + `</TD></TR>`)
	b.WriteString(`</TABLE>>`)
	d.w.WriteString("\tlegend [id=\"legend\" shape=\"plain\" fixedsize=\"false\" label=")
	d.w.WriteString(b.String())
	d.w.WriteString("];\n\t{rank=\"sink\"; legend;}\n")
}

// legendRow writes a legend line: a sample cell with attrs holding html,
// and text.
func legendRow(b *strings.Builder, attrs, html, text string) {
	b.WriteString(`<TR><TD FIXEDSIZE="TRUE" WIDTH="24" HEIGHT="14"` + attrs + `>` + html + `</TD>`)
	b.WriteString(`<TD ALIGN="LEFT"><FONT POINT-SIZE="9">` + htmlText(text) + `</FONT></TD></TR>`)
}
