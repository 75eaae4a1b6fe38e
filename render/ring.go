package render

import (
	"bytes"
	"strconv"
	"strings"
)

// ringNodes returns Graphviz's SVG with a ring (see ringGap) after the
// outline of each node whose status has one or, in a page's drawing, of
// every node but a placeholder of a display set. WriteDOT asks for no
// peripheries, since Graphviz would make a ringed node bigger and move
// the nodes around it; the ring is drawn over the room between nodes.
// Graphviz writes a node's group, its title and then its outline, the
// first polygon or ellipse, one element a line (see reshapeHouses).
func ringNodes(svg []byte, page bool) []byte {
	var out bytes.Buffer
	out.Grow(len(svg) + len(svg)/8)
	var lk look
	shape, ring := "", false
	for len(svg) > 0 {
		line := svg
		if i := bytes.IndexByte(svg, '\n'); i >= 0 {
			line = svg[:i+1]
		}
		svg = svg[len(line):]
		out.Write(line)
		switch {
		case bytes.HasPrefix(line, []byte("<g ")):
			lk, shape, ring = ringOfClass(string(attrValue(line, "class")), page)
		case bytes.HasPrefix(line, []byte("</g>")):
			ring = false
		case ring && (bytes.HasPrefix(line, []byte("<polygon ")) || bytes.HasPrefix(line, []byte("<ellipse "))):
			b, ok := outlineBox(line)
			if ok {
				var ringed bytes.Buffer
				w := newSVGWriter(&ringed)
				w.shape(geometry{shape: shape}, ringBox(b), func() { w.WriteString(ringAttrs(lk, page)) })
				w.Flush()
				out.Write(ringed.Bytes())
				out.WriteByte('\n')
			}
			ring = false
		}
	}
	return out.Bytes()
}

// ringOfClass returns, for a group of Graphviz's SVG with classes class,
// the look of its status, its node's shape and whether the node has a
// ring: in a page's drawing every node but a placeholder or a fold does,
// else a node whose status draws one.
func ringOfClass(class string, page bool) (lk look, shape string, ring bool) {
	fields := strings.Fields(class)
	if len(fields) == 0 || fields[0] != "node" {
		return look{}, "", false
	}
	found := false
	shape = "box"
	for _, c := range fields[1:] {
		if c == moreClass || c == foldClass {
			return look{}, "", false
		}
		for _, l := range looks {
			if l.class != "" && c == l.class {
				lk, found = l, true
			}
		}
		if strings.HasPrefix(c, "ty_") {
			shape = shapeOfClass(c)
		}
	}
	return lk, shape, found && (page || lk.ringed())
}

// shapeOfClass returns the shape of a node of SVG type class c
// (typeClass), a box if c names no type.
func shapeOfClass(c string) string {
	for _, r := range typeRows {
		if typeClass(r.typ) == c {
			return shapeOf(r.typ)
		}
	}
	return "box"
}

// outlineBox returns the box of the outline element line, a polygon by
// its points' bounds or an ellipse by its centre and radii.
func outlineBox(line []byte) (box, bool) {
	if bytes.HasPrefix(line, []byte("<ellipse ")) {
		var v [4]float64
		for i, name := range []string{"cx", "cy", "rx", "ry"} {
			f, err := strconv.ParseFloat(string(attrValue(line, name)), 64)
			if err != nil {
				return box{}, false
			}
			v[i] = f
		}
		return box{x: v[0], y: v[1], w: 2 * v[2], h: 2 * v[3]}, true
	}
	v := floats(string(attrValue(line, "points")))
	var r rect
	for k := 0; k+1 < len(v); k += 2 {
		r.add(v[k], v[k+1])
	}
	if !r.ok {
		return box{}, false
	}
	return box{x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2, w: r.x1 - r.x0, h: r.y1 - r.y0}, true
}
