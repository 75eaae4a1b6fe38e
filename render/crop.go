package render

import (
	"bytes"
	"html"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Cropping (Options.Crop). Every node of the final tree keeps its place
// at every step, so a drawing of an early step is the final tree's canvas
// with a few nodes in it. Crop narrows the SVG's width, height and
// viewBox to what the step shows: the nodes and placeholders reached,
// their edges and edge labels, the title and caption, and the legend,
// which moves under the tree when it lies beside what is shown. It reads
// the geometry from the drawing itself, the same for both layouts, and
// lays nothing out again; the drawing's elements keep their coordinates.

// Room in points kept around a cropped drawing, and between the tree
// and a legend moved under it.
const (
	cropMargin    = svgMargin
	cropLegendGap = legendGap
)

// cropWanted says whether Render crops its drawing of t: with
// Options.Crop, not for a page (Patchable), which shows other steps in the
// same drawing, and not at the last step, where everything is shown.
func cropWanted(step, steps int, opts Options) bool {
	return opts.Crop && !opts.Patchable && step < steps-1
}

// rect is a bounding box; an empty one has no point yet.
type rect struct {
	x0, y0, x1, y1 float64
	ok             bool
}

func (r *rect) add(x, y float64) {
	if !r.ok {
		*r = rect{x0: x, y0: y, x1: x, y1: y, ok: true}
		return
	}
	r.x0, r.y0 = min(r.x0, x), min(r.y0, y)
	r.x1, r.y1 = max(r.x1, x), max(r.y1, y)
}

func (r *rect) union(o rect) {
	if o.ok {
		r.add(o.x0, o.y0)
		r.add(o.x1, o.y1)
	}
}

func (r rect) moved(dx, dy float64) rect {
	if r.ok {
		r.x0, r.x1, r.y0, r.y1 = r.x0+dx, r.x1+dx, r.y0+dy, r.y1+dy
	}
	return r
}

func (r rect) contains(o rect) bool {
	return o.ok && r.ok && o.x0 >= r.x0 && o.x1 <= r.x1 && o.y0 >= r.y0 && o.y1 <= r.y1
}

// What an element of the drawing belongs to.
const (
	partOther   = iota // the background, or what is hidden
	partContent        // a node, placeholder or edge shown
	partTitle          // a line of the title or caption
	partLegend         // the legend
)

// cropFrame is an open group of the drawing.
type cropFrame struct {
	part   int
	hidden bool
}

// svgTag is one start tag of the drawing: where it is and its attributes.
type svgTag struct {
	name       string
	start, end int // the bytes of the tag, end past its '>'
	attrs      map[string]string
}

var (
	svgAttr   = regexp.MustCompile(`([A-Za-z_:][-A-Za-z0-9_:.]*)="([^"]*)"`)
	svgNumber = regexp.MustCompile(`-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?`)
	svgFloats = regexp.MustCompile(`(translate|scale)\(\s*([^)]*)\)`)
)

// cropped is what cropSVG learnt of a drawing.
type cropped struct {
	root                   svgTag  // the <svg> tag
	graph                  svgTag  // the <g id="graph0"> tag
	sx, sy, tx, ty         float64 // graph0's transform: root = s*(p+t)
	content, title, legend rect    // in graph0's coordinates
	titles                 []svgTag
	legendTag              svgTag
	hasLegend              bool
}

// cropSVG returns svg with its root's width, height and viewBox set to
// the box around what it shows, and the title and legend moved next to
// it; a drawing it cannot read, or that shows no node, comes back as it
// was.
func cropSVG(svg []byte) []byte {
	c, ok := scanSVG(svg)
	if !ok || !c.content.ok {
		return svg
	}
	var edits []cropEdit
	// The title, centred over what is shown.
	title := c.title
	if title.ok {
		dx := (c.content.x0+c.content.x1)/2 - (title.x0+title.x1)/2
		if math.Abs(dx) >= 0.01 {
			for _, t := range c.titles {
				edits = append(edits, transformEdit(t, dx, 0))
			}
			title = title.moved(dx, 0)
		}
	}
	// The legend, under what is shown at its left edge, unless it lies
	// within what is shown already.
	legend := c.legend
	if c.hasLegend && legend.ok && !c.content.contains(legend) {
		dx, dy := c.content.x0-legend.x0, c.content.y1+cropLegendGap-legend.y0
		if math.Abs(dx) >= 0.01 || math.Abs(dy) >= 0.01 {
			edits = append(edits, transformEdit(c.legendTag, dx, dy))
			legend = legend.moved(dx, dy)
		}
	}
	all := c.content
	all.union(title)
	all.union(legend)
	// To the root's coordinates, with a margin.
	x0, y0 := c.sx*(all.x0+c.tx)-cropMargin, c.sy*(all.y0+c.ty)-cropMargin
	x1, y1 := c.sx*(all.x1+c.tx)+cropMargin, c.sy*(all.y1+c.ty)+cropMargin
	x0, x1 = min(x0, x1), max(x0, x1)
	y0, y1 = min(y0, y1), max(y0, y1)
	edits = append(edits, rootEdit(svg, c.root, x0, y0, x1-x0, y1-y0))
	return applyEdits(svg, edits)
}

// cropEdit replaces the bytes [start, end) of a drawing with text.
type cropEdit struct {
	start, end int
	text       string
}

// transformEdit moves the element of tag t by dx, dy, inserting a
// transform attribute into its tag (the drawings have none there).
func transformEdit(t svgTag, dx, dy float64) cropEdit {
	at := t.start + 1 + len(t.name)
	s := ` transform="translate(` + string(appendNum(nil, dx)) + ` ` + string(appendNum(nil, dy)) + `)"`
	return cropEdit{start: at, end: at, text: s}
}

// rootEdit rewrites the <svg> tag with the size and viewBox of the box
// x, y, w, h, keeping its other attributes in their order.
func rootEdit(svg []byte, root svgTag, x, y, w, h float64) cropEdit {
	num := func(v float64) string { return string(appendNum(nil, v)) }
	tag := string(svg[root.start:root.end])
	seen := map[string]bool{}
	tag = svgAttr.ReplaceAllStringFunc(tag, func(a string) string {
		name := a[:strings.IndexByte(a, '=')]
		switch name {
		case "width":
			seen[name] = true
			return `width="` + num(w) + `pt"`
		case "height":
			seen[name] = true
			return `height="` + num(h) + `pt"`
		case "viewBox":
			seen[name] = true
			return `viewBox="` + num(x) + " " + num(y) + " " + num(w) + " " + num(h) + `"`
		}
		return a
	})
	if !seen["viewBox"] {
		tag = tag[:4] + ` viewBox="` + num(x) + " " + num(y) + " " + num(w) + " " + num(h) + `"` + tag[4:]
	}
	return cropEdit{start: root.start, end: root.end, text: tag}
}

// applyEdits applies edits, which do not overlap, to svg.
func applyEdits(svg []byte, edits []cropEdit) []byte {
	// Stable by start: edits at the same place keep their order.
	for i := 1; i < len(edits); i++ {
		for j := i; j > 0 && edits[j].start < edits[j-1].start; j-- {
			edits[j], edits[j-1] = edits[j-1], edits[j]
		}
	}
	var b bytes.Buffer
	b.Grow(len(svg) + 64*len(edits))
	at := 0
	for _, e := range edits {
		b.Write(svg[at:e.start])
		b.WriteString(e.text)
		at = e.end
	}
	b.Write(svg[at:])
	return b.Bytes()
}

// scanSVG reads the tags of a drawing, Graphviz's or the tidy layout's,
// and measures what it shows. Groups that are hidden (visibility hidden,
// or a status not reached) and elements Graphviz left out, invisible,
// count for nothing.
func scanSVG(svg []byte) (cropped, bool) {
	c := cropped{sx: 1, sy: 1}
	var stack []cropFrame
	haveRoot, haveGraph := false, false
	for i := 0; i < len(svg); {
		lt := bytes.IndexByte(svg[i:], '<')
		if lt < 0 {
			break
		}
		i += lt
		rest := svg[i:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			end := bytes.Index(rest, []byte("-->"))
			if end < 0 {
				return c, false
			}
			i += end + 3
			continue
		case bytes.HasPrefix(rest, []byte("<!")), bytes.HasPrefix(rest, []byte("<?")):
			end := bytes.IndexByte(rest, '>')
			if end < 0 {
				return c, false
			}
			i += end + 1
			continue
		case bytes.HasPrefix(rest, []byte("</")):
			end := bytes.IndexByte(rest, '>')
			if end < 0 {
				return c, false
			}
			if bytes.HasPrefix(rest, []byte("</g")) && len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			i += end + 1
			continue
		}
		end := bytes.IndexByte(rest, '>')
		if end < 0 {
			return c, false
		}
		raw := rest[:end+1]
		nameEnd := bytes.IndexAny(raw[1:], " \t\r\n/>") + 1
		t := svgTag{name: string(raw[1:nameEnd]), start: i, end: i + end + 1, attrs: map[string]string{}}
		for _, m := range svgAttr.FindAllSubmatch(raw, -1) {
			t.attrs[string(m[1])] = html.UnescapeString(string(m[2]))
		}
		selfClosing := bytes.HasSuffix(raw, []byte("/>"))
		i = t.end
		if t.name == "svg" && !haveRoot {
			c.root, haveRoot = t, true
			continue
		}
		if t.name == "g" {
			f := cropFrame{part: partOther}
			if len(stack) > 0 {
				f = stack[len(stack)-1]
			}
			switch {
			case t.attrs["id"] == "graph0" && !haveGraph:
				c.graph, haveGraph = t, true
				if !c.readTransform(t.attrs["transform"]) {
					return c, false
				}
				f = cropFrame{part: partOther}
			case t.attrs["id"] == "legend":
				c.legendTag, c.hasLegend = t, true
				f.part = partLegend
			case f.part == partOther && len(stack) == 1:
				f.part = partContent
			}
			if t.attrs["visibility"] == "hidden" || t.attrs["display"] == "none" ||
				strings.Contains(" "+t.attrs["class"]+" ", " st_not_reached ") {
				f.hidden = true
			}
			if !selfClosing {
				stack = append(stack, f)
			}
			continue
		}
		if !haveGraph || len(stack) == 0 {
			continue
		}
		f := stack[len(stack)-1]
		if f.hidden || t.attrs["visibility"] == "hidden" {
			continue
		}
		part := f.part
		if len(stack) == 1 {
			// Directly in graph0: the title's lines; the background
			// polygon counts for nothing.
			if t.name != "text" {
				continue
			}
			part = partTitle
			c.titles = append(c.titles, t)
		}
		var r rect
		switch t.name {
		case "text":
			text := ""
			if !selfClosing {
				if close := bytes.Index(svg[i:], []byte("</text>")); close >= 0 {
					text = html.UnescapeString(string(tagless(svg[i : i+close])))
				}
			}
			r = textRect(t.attrs, text)
		default:
			r = shapeRect(t.name, t.attrs)
		}
		switch part {
		case partContent:
			c.content.union(r)
		case partTitle:
			c.title.union(r)
		case partLegend:
			c.legend.union(r)
		}
	}
	return c, haveRoot && haveGraph
}

// tagless drops the tags inside a text (tspans and anchors).
func tagless(b []byte) []byte {
	var out []byte
	in := false
	for _, ch := range b {
		switch {
		case ch == '<':
			in = true
		case ch == '>':
			in = false
		case !in:
			out = append(out, ch)
		}
	}
	return out
}

// readTransform reads graph0's transform: scale, rotate(0) and translate
// as Graphviz and the tidy layout write them.
func (c *cropped) readTransform(tr string) bool {
	if strings.Contains(tr, "rotate(") && !strings.Contains(tr, "rotate(0)") {
		return false
	}
	for _, m := range svgFloats.FindAllStringSubmatch(tr, -1) {
		v := floats(m[2])
		switch {
		case m[1] == "translate" && len(v) >= 1:
			c.tx = v[0]
			if len(v) >= 2 {
				c.ty = v[1]
			}
		case m[1] == "scale" && len(v) >= 1:
			c.sx, c.sy = v[0], v[0]
			if len(v) >= 2 {
				c.sy = v[1]
			}
		}
	}
	return c.sx != 0 && c.sy != 0
}

// floats returns the numbers in s.
func floats(s string) []float64 {
	var v []float64
	for _, m := range svgNumber.FindAllString(s, -1) {
		if f, err := strconv.ParseFloat(m, 64); err == nil {
			v = append(v, f)
		}
	}
	return v
}

// numAttr returns attribute name of a tag as a number, or def.
func numOf(attrs map[string]string, name string, def float64) float64 {
	if f, err := strconv.ParseFloat(strings.TrimSuffix(attrs[name], "px"), 64); err == nil {
		return f
	}
	return def
}

// shapeRect returns the box of a shape, with half its stroke around it;
// elements with no geometry give an empty box.
func shapeRect(name string, attrs map[string]string) rect {
	var r rect
	switch name {
	case "polygon", "polyline":
		v := floats(attrs["points"])
		for k := 0; k+1 < len(v); k += 2 {
			r.add(v[k], v[k+1])
		}
	case "path":
		// Graphviz's and the tidy layout's paths are absolute M, L and C
		// commands, whose numbers are points (control points of a curve
		// bound it).
		v := floats(attrs["d"])
		for k := 0; k+1 < len(v); k += 2 {
			r.add(v[k], v[k+1])
		}
	case "ellipse", "circle":
		cx, cy := numOf(attrs, "cx", 0), numOf(attrs, "cy", 0)
		rx, ry := numOf(attrs, "rx", numOf(attrs, "r", 0)), numOf(attrs, "ry", numOf(attrs, "r", 0))
		r.add(cx-rx, cy-ry)
		r.add(cx+rx, cy+ry)
	case "rect", "image":
		x, y := numOf(attrs, "x", 0), numOf(attrs, "y", 0)
		r.add(x, y)
		r.add(x+numOf(attrs, "width", 0), y+numOf(attrs, "height", 0))
	case "line":
		r.add(numOf(attrs, "x1", 0), numOf(attrs, "y1", 0))
		r.add(numOf(attrs, "x2", 0), numOf(attrs, "y2", 0))
	default:
		return r
	}
	if r.ok {
		w := numOf(attrs, "stroke-width", 1) / 2
		r.x0, r.y0, r.x1, r.y1 = r.x0-w, r.y0-w, r.x1+w, r.y1+w
	}
	return r
}

// textRect estimates the box of a text element from its anchor, size and
// characters, as the layouts size texts (textWidth).
func textRect(attrs map[string]string, text string) rect {
	var r rect
	if _, ok := attrs["x"]; !ok {
		return r
	}
	x, y := numOf(attrs, "x", 0), numOf(attrs, "y", 0)
	size := numOf(attrs, "font-size", fontWindow)
	w := textWidth(text, size)
	switch attrs["text-anchor"] {
	case "middle":
		x -= w / 2
	case "end":
		x -= w
	}
	r.add(x, y-size)
	r.add(x+w, y+size/4)
	return r
}
