package render

import (
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/trace"
)

// nodeLabel returns the HTML-like label of node n drawn with geometry g:
// the board, the value and, on the current path, the α-β window. Every
// cell has a fixed size, so the text inside never moves the node or the
// other cells; parent is the board one move earlier, or nil. A label is
// never an empty table, which breaks Graphviz's layout without an error.
func nodeLabel(n trace.NodeState, g geometry, parent *board, v View) string {
	var b strings.Builder
	b.WriteString(`<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0">`)
	if g.inner == 0 {
		fixedCell(&b, 1, 1, "")
		b.WriteString(`</TABLE>>`)
		return b.String()
	}
	if g.padTop > 0 {
		fixedCell(&b, g.inner, g.padTop, "")
	}
	if g.board != nil {
		if g.board.prefix != "" {
			fixedCell(&b, g.inner, prefixHeight, `<FONT POINT-SIZE="8">`+htmlText(g.board.prefix)+`</FONT>`)
		}
		b.WriteString(`<TR><TD>`)
		boardTable(&b, *g.board, parent)
		b.WriteString(`</TD></TR>`)
	}
	value := ""
	if n.HasValue {
		value = `<FONT POINT-SIZE="12"><B>` + htmlText(formatValue(v.Value(n.Type, n.Value))) + `</B></FONT>`
	}
	fixedCell(&b, g.inner, valueHeight, value)
	window := ""
	if n.HasBounds && (n.Status == trace.StatusCurrent || n.Status == trace.StatusPath) {
		window = `<FONT POINT-SIZE="8">` + htmlText(windowText(n, v)) + `</FONT>`
	}
	fixedCell(&b, g.inner, windowHeight, window)
	if g.padBottom > 0 {
		fixedCell(&b, g.inner, g.padBottom, "")
	}
	b.WriteString(`</TABLE>>`)
	return b.String()
}

// fixedCell writes a row of one cell of a fixed size holding html.
func fixedCell(b *strings.Builder, width, height int, html string) {
	b.WriteString(`<TR><TD FIXEDSIZE="TRUE" WIDTH="`)
	b.WriteString(strconv.Itoa(width))
	b.WriteString(`" HEIGHT="`)
	b.WriteString(strconv.Itoa(height))
	b.WriteString(`">`)
	b.WriteString(html)
	b.WriteString(`</TD></TR>`)
}

// boardTable writes bd as a table of fixed-size cells, the cells that
// differ from parent in bold on yellow.
func boardTable(b *strings.Builder, bd board, parent *board) {
	var changed [][]bool
	if parent != nil {
		changed = bd.changed(*parent)
	}
	size := strconv.Itoa(cellSize)
	b.WriteString(`<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" COLOR="` + colorGrey + `">`)
	for i, row := range bd.rows {
		b.WriteString(`<TR>`)
		for j := range bd.cols {
			b.WriteString(`<TD FIXEDSIZE="TRUE" WIDTH="` + size + `" HEIGHT="` + size + `"`)
			cell, bold := "", false
			if j < len(row) {
				cell = htmlText(row[j])
				bold = changed != nil && changed[i][j]
			}
			if bold {
				b.WriteString(` BGCOLOR="` + colorYellow + `">`)
				if cell != "" {
					b.WriteString(`<FONT POINT-SIZE="10"><B>` + cell + `</B></FONT>`)
				}
			} else {
				b.WriteString(`>`)
				if cell != "" {
					b.WriteString(`<FONT POINT-SIZE="10">` + cell + `</FONT>`)
				}
			}
			b.WriteString(`</TD>`)
		}
		b.WriteString(`</TR>`)
	}
	b.WriteString(`</TABLE>`)
}
