package render

import (
	"strconv"

	"github.com/searchviz/searchviz/trace"
)

// text writes a text element at x, y (its baseline), with an optional
// weight and fill, on a line of its own.
func (d *svgDrawing) text(x, y float64, anchor string, size float64, weight, fill, s string) {
	d.textElem(x, y, anchor, size, weight, fill, s)
	d.w.WriteByte('\n')
}

// innerText is text for a text inside the group of a node, whose line
// it ends as eol does.
func (d *svgDrawing) innerText(x, y float64, anchor string, size float64, weight, fill, s string) {
	d.textElem(x, y, anchor, size, weight, fill, s)
	d.eol()
}

// slotText writes the text element of slot, with SVG id "a_"+slot as a
// Patchable drawing's slots have, on a line of its own.
func (d *svgDrawing) slotText(slot string, x, y float64, anchor string, size float64, s string) {
	d.w.WriteString(`<text id="a_` + slot + `"`)
	d.textAttrs(x, y, anchor, size, "", "", s)
	d.w.WriteByte('\n')
}

// textElem writes the text element of text and innerText.
func (d *svgDrawing) textElem(x, y float64, anchor string, size float64, weight, fill, s string) {
	d.w.WriteString(`<text`)
	d.textAttrs(x, y, anchor, size, weight, fill, s)
}

// textAttrs ends a text element that its caller opened: its attributes,
// text and end tag.
func (d *svgDrawing) textAttrs(x, y float64, anchor string, size float64, weight, fill, s string) {
	w := d.w
	w.WriteString(` text-anchor="` + anchor + `"`)
	w.numAttr("x", x)
	w.numAttr("y", y)
	w.WriteString(` font-family="` + fontFamily + `"`)
	if weight != "" {
		w.WriteString(` font-weight="` + weight + `"`)
	}
	w.numAttr("font-size", size)
	if fill != "" {
		w.WriteString(` fill="` + fill + `"`)
	}
	w.WriteByte('>')
	w.escaped(s)
	w.WriteString("</text>")
}

// group opens the group of a node or an edge, with its title: id,
// classes, and hidden if the node is not reached yet.
func (d *svgDrawing) group(id, class string, status trace.Status, title string) {
	w := d.w
	w.WriteString(`<g id="` + id + `" class="` + class + `"`)
	if status == trace.StatusNotReached {
		w.WriteString(` visibility="hidden"`)
	}
	w.WriteByte('>')
	d.eol()
	if !d.page {
		w.WriteString("<title>" + title + "</title>\n")
	}
}

// eol ends an element inside the group of a node or an edge: a line
// break in a drawing for a file, nothing in a page's, where it would be a
// text node.
func (d *svgDrawing) eol() {
	if !d.page {
		d.w.WriteByte('\n')
	}
}

// Classes of the texts of a page's drawing (see WriteTidySVG), which
// StyleSheet styles as a drawing for a file draws them.
const (
	classValue  = "tv" // a node's value: fontValue, bold
	classWindow = "tw" // a node's window, a placeholder's nodes: fontWindow
	classMore   = "tm" // a placeholder's "+N more": moreFontBold, bold
	classLabel  = "tl" // an edge's label: fontEdge, with a halo
)

// stroke writes the presentation attributes of a line: its colour, its
// width unless 1, and the dashes of its DOT style.
func (d *svgDrawing) stroke(color string, width float64, style string) {
	w := d.w
	w.WriteString(` stroke="` + color + `"`)
	if width != 1 {
		w.numAttr("stroke-width", width)
	}
	if dash := dashArray(style); dash != "none" {
		w.WriteString(` stroke-dasharray="` + dash + `"`)
	}
}

// classText writes a text element of a page's drawing, with an optional
// id, styled by its class; an empty s writes an empty element.
func (d *svgDrawing) classText(id, class string, x, y float64, s string) {
	w := d.w
	w.WriteString("<text")
	if id != "" {
		w.WriteString(` id="` + id + `"`)
	}
	w.WriteString(` class="` + class + `"`)
	w.numAttr("x", x)
	w.numAttr("y", y)
	if s == "" {
		w.WriteString("/>")
	} else {
		w.WriteByte('>')
		w.escaped(s)
		w.WriteString("</text>")
	}
	d.eol()
}

// edgeText writes an edge label centred at x with its baseline at y, with
// a white outline that keeps it readable where it crosses a line.
func (d *svgDrawing) edgeText(x, y float64, fill, s string) {
	if d.page {
		d.classText("", classLabel, x, y, s)
		return
	}
	w := d.w
	w.WriteString(`<text text-anchor="middle"`)
	w.numAttr("x", x)
	w.numAttr("y", y)
	w.WriteString(` font-family="` + fontFamily + `" font-size="` + strconv.Itoa(fontEdge) + `" fill="` + fill + `"`)
	w.WriteString(` stroke="white" stroke-width="` + strconv.Itoa(labelHalo) + `" paint-order="stroke">`)
	w.escaped(s)
	w.WriteString("</text>\n")
}
