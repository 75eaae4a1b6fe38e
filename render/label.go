package render

import (
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/trace"
)

// nodeLabel returns the HTML-like label of node id drawn with geometry g:
// the board, and the value and window texts of show. Every cell has a
// fixed size, so the text inside never moves the node or the other cells;
// parent is the board one move earlier, or nil. A label is never an empty
// table, which breaks Graphviz's layout without an error.
func nodeLabel(id trace.NodeID, show NodeDisplay, g geometry, parent *board.Board, opts Options) string {
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
		if g.board.Caption != "" {
			slotCell(&b, g.inner, captionHeight, opts.Patchable, boardCaptionSlot(id), g.board.Caption, fontTag(fontWindow), `</FONT>`)
		}
		b.WriteString(`<TR><TD>`)
		boardTable(&b, g.board, parent)
		b.WriteString(`</TD></TR>`)
	}
	slot := strconv.Itoa(int(id))
	slotCell(&b, g.inner, valueHeight, opts.Patchable, "v"+slot, show.Value, fontTag(fontValue)+`<B>`, `</B></FONT>`)
	slotCell(&b, g.inner, windowHeight, opts.Patchable, "w"+slot, show.Window, fontTag(fontWindow), `</FONT>`)
	if g.padBottom > 0 {
		fixedCell(&b, g.inner, g.padBottom, "")
	}
	b.WriteString(`</TABLE>>`)
	return b.String()
}

// moreLabel returns the HTML-like label of a placeholder or a fold whose
// SVG id is "<kind><n>": one line in bold over another, "+N more" over
// "M nodes" for a placeholder, in cells width points wide, the anchors
// "a_<kind>v<n>" and "a_<kind>w<n>" when patchable.
func moreLabel(kind string, n trace.NodeID, more, nodes string, width int, patchable bool) string {
	var b strings.Builder
	b.WriteString(`<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0">`)
	slot := strconv.Itoa(int(n))
	slotCell(&b, width, moreHeight/2, patchable, kind+"v"+slot, more, fontTag(moreFontBold)+`<B>`, `</B></FONT>`)
	slotCell(&b, width, moreHeight/2-2, patchable, kind+"w"+slot, nodes, fontTag(moreFont), `</FONT>`)
	b.WriteString(`</TABLE>>`)
	return b.String()
}

// fontTag returns the HTML-like tag that sets text in size points; its
// end is "</FONT>".
func fontTag(size int) string {
	return `<FONT POINT-SIZE="` + strconv.Itoa(size) + `">`
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

// slotCell writes a fixed-size cell holding text between open and close.
// A patchable slot is an anchor with SVG id "a_"+slot that always holds a
// text element, a no-break space when text is empty, so that a page can
// change the text without a new layout.
func slotCell(b *strings.Builder, width, height int, patchable bool, slot, text, open, close string) {
	if !patchable {
		html := ""
		if text != "" {
			html = open + htmlText(text) + close
		}
		fixedCell(b, width, height, html)
		return
	}
	if text == "" {
		text = "\u00a0"
	}
	b.WriteString(`<TR><TD ID="` + slot + `" HREF="#` + slot + `" FIXEDSIZE="TRUE" WIDTH="`)
	b.WriteString(strconv.Itoa(width))
	b.WriteString(`" HEIGHT="`)
	b.WriteString(strconv.Itoa(height))
	b.WriteString(`">` + open + htmlText(text) + close + `</TD></TR>`)
}

// boardTable writes bd as a table of fixed-size cells, each holding its
// mark, the cells that differ from parent in bold on yellow.
func boardTable(b *strings.Builder, bd, parent *board.Board) {
	var changed []bool
	if parent != nil {
		changed = bd.Changed(*parent)
	}
	size := strconv.Itoa(cellSize)
	b.WriteString(`<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" COLOR="` + colorGrey + `">`)
	for i := range bd.Rows {
		b.WriteString(`<TR>`)
		for j := range bd.Cols {
			b.WriteString(`<TD FIXEDSIZE="TRUE" WIDTH="` + size + `" HEIGHT="` + size + `"`)
			k := i*bd.Cols + j
			mark := htmlText(bd.Cells[k].Mark)
			if changed != nil && changed[k] {
				b.WriteString(` BGCOLOR="` + colorYellow + `">`)
				if mark != "" {
					b.WriteString(fontTag(fontMark) + `<B>` + mark + `</B></FONT>`)
				}
			} else {
				b.WriteString(`>`)
				if mark != "" {
					b.WriteString(fontTag(fontMark) + mark + `</FONT>`)
				}
			}
			b.WriteString(`</TD>`)
		}
		b.WriteString(`</TR>`)
	}
	b.WriteString(`</TABLE>`)
}
