package render

import (
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/trace"
)

// node writes the node of box i: its shape and text as it stands at the
// current step, in the place the final tree gives it.
func (d *svgDrawing) node(i int) {
	id := d.drawn.node(i)
	n := d.t.Node(id)
	lk := lookOf(n.Status)
	g := d.geo[i]
	b := d.boxOf(i)
	sid := strconv.Itoa(int(id))
	w := d.w
	d.group("n"+sid, "node "+lk.class+" "+typeClass(n.Type), n.Status, "n"+sid)
	fill := "white"
	if strings.Contains(lk.style, "filled") {
		fill = lk.fillcolor
	}
	w.shape(g, b, func() {
		if !d.page {
			w.WriteString(` fill="` + fill + `"`)
			d.stroke(lk.color, lk.penwidth, lk.style)
		}
	})
	if lk.ringed() || d.page && !n.Placeholder {
		w.shape(g, ringBox(b), func() { d.w.WriteString(ringAttrs(lk, d.page)) })
	}
	d.eol()
	if strings.Contains(lk.style, "diagonals") && g.shape == "box" {
		for _, l := range diagonals(b) {
			w.WriteString("<polyline fill=\"none\"")
			d.stroke(lk.color, lk.penwidth, lk.style)
			w.WriteString(` points="`)
			w.points(l[:])
			w.WriteString("\"/>")
			d.eol()
		}
	}
	if g.inner > 0 {
		d.label(id, g, b, d.opts.display(d.t, id), lk)
	}
	w.WriteString("</g>\n")
}

// label writes the text inside a node: its board, if drawn, then its value
// and window, each centred.
func (d *svgDrawing) label(id trace.NodeID, g geometry, b box, show NodeDisplay, lk look) {
	top := labelTop(g, b)
	if g.board != nil {
		if g.board.Caption != "" {
			if d.page {
				d.classText("a_"+boardCaptionSlot(id), classWindow, b.x, top+captionHeight-2, g.board.Caption)
			} else {
				d.innerText(b.x, top+captionHeight-2, "middle", fontWindow, "", lk.fontcolor, g.board.Caption)
			}
			top += captionHeight
		}
		d.board(g.board, boardBefore(d.t, d.boards, id), b.x, top+1)
		top += boardHeight(g.board)
	}
	slot := strconv.Itoa(int(id))
	d.slot("v"+slot, classValue, show.Value, b.x, top+valueHeight-3.5, fontValue, "bold", lk.fontcolor)
	d.slot("w"+slot, classWindow, show.Window, b.x, top+valueHeight+windowHeight-2, fontWindow, "", lk.fontcolor)
}

// slot writes a value or window text: in a page's drawing, the text
// element "a_<slot>" of class class, there even when text is empty, so
// that a page can change the text without a new layout (Graphviz writes
// the slot as a group around an anchor around the text, a no-break space
// when empty); in a file's, the text, if any, in size, weight and fill.
func (d *svgDrawing) slot(slot, class, text string, x, y, size float64, weight, fill string) {
	if d.page {
		d.classText("a_"+slot, class, x, y, text)
		return
	}
	if text != "" {
		d.innerText(x, y, "middle", size, weight, fill, text)
	}
}

// board writes bd as a grid of cells centred on x0, its top at y0, each
// holding its mark, the cells that differ from parent in bold on yellow.
func (d *svgDrawing) board(bd, parent *board.Board, x0, y0 float64) {
	var changed []bool
	if parent != nil {
		changed = bd.Changed(*parent)
	}
	left := x0 - float64(bd.Cols*cellSize)/2
	w := d.w
	for i := range bd.Rows {
		for j := range bd.Cols {
			k := i*bd.Cols + j
			x, y := left+float64(j*cellSize), y0+float64(i*cellSize)
			fill, weight := "none", ""
			if changed != nil && changed[k] {
				fill, weight = colorYellow, "bold"
			}
			w.WriteString(`<rect fill="` + fill + `" stroke="` + colorGrey + `"`)
			w.numAttr("x", x)
			w.numAttr("y", y)
			w.WriteString(` width="` + strconv.Itoa(cellSize) + `" height="` + strconv.Itoa(cellSize) + "\"/>")
			d.eol()
			if mark := bd.Cells[k].Mark; mark != "" {
				d.innerText(x+cellSize/2, y+cellSize-2.5, "middle", fontMark, weight, colorBlack, mark)
			}
		}
	}
}

// more writes placeholder g, the group "m<p>" under node p: a dashed box
// saying "+N more" over "M nodes", the texts in the anchors "a_mv<p>" and
// "a_mw<p>" when Patchable.
func (d *svgDrawing) more(g int) {
	p := d.drawn.group(g)
	status := trace.StatusGenerated
	more, nodes := d.drawn.more[g].LabelIn(d.opts.Lang)
	if d.drawn.hidden(g) {
		status, more, nodes = trace.StatusNotReached, "", ""
	}
	d.moreBox(d.drawn.nodes()+g, "m", p, d.drawn.moreStatusClass(g), status, more, nodes)
}

// moreBox writes box i as a placeholder is drawn, the group "<kind><n>"
// with the classes "node more" and classes: a dashed grey box saying top
// in bold over bottom, the texts in the anchors "a_<kind>v<n>" and
// "a_<kind>w<n>" when Patchable.
func (d *svgDrawing) moreBox(i int, kind string, n trace.NodeID, classes string, status trace.Status, top, bottom string) {
	b := d.boxOf(i)
	w := d.w
	slot := strconv.Itoa(int(n))
	d.group(kind+slot, "node "+moreClass+" "+classes, status, kind+slot)
	w.shape(d.geo[i], b, func() {
		if !d.page {
			w.WriteString(` fill="` + moreLook.fillcolor + `"`)
			d.stroke(moreLook.color, moreLook.penwidth, moreLook.style)
		}
	})
	d.eol()
	d.slot(kind+"v"+slot, classMore, top, b.x, b.y-1, moreFontBold, "bold", colorBlack)
	d.slot(kind+"w"+slot, classWindow, bottom, b.x, b.y+10, moreFont, "", colorBlack)
	w.WriteString("</g>\n")
}
