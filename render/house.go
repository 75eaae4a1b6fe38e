package render

import (
	"bytes"
	"strings"

	"github.com/searchviz/searchviz/trace"
)

// dotShape returns the Graphviz shape that WriteDOT asks for a node of
// shape: a box for a house, whose roof reshapeHouses then draws inside the
// box, since Graphviz's own house keeps a roof of about 40% of the node's
// height whatever it holds, mostly empty over a board.
func dotShape(shape string) string {
	if shape == "house" || shape == "invhouse" {
		return "box"
	}
	return shape
}

// reshapeHouses returns Graphviz's SVG with the outline of each MAX and MIN
// node, a box (dotShape), redrawn as the house that the tidy layout draws
// in the same box (outline). Graphviz writes a node's group, its title and
// then its outline as the first polygon, one element a line.
func reshapeHouses(svg []byte) []byte {
	var out bytes.Buffer
	out.Grow(len(svg) + len(svg)/64)
	shape := ""
	for len(svg) > 0 {
		line := svg
		if i := bytes.IndexByte(svg, '\n'); i >= 0 {
			line = svg[:i+1]
		}
		svg = svg[len(line):]
		switch {
		case bytes.HasPrefix(line, []byte("<g ")):
			shape = houseOfClass(string(attrValue(line, "class")))
		case bytes.HasPrefix(line, []byte("</g>")):
			shape = ""
		case shape != "" && bytes.HasPrefix(line, []byte("<polygon ")):
			line = reshapePolygon(line, shape)
			shape = ""
		}
		out.Write(line)
	}
	return out.Bytes()
}

// houseOfClass returns the house shape of a node group's classes, "house"
// for a MAX node and "invhouse" for a MIN node, or "".
func houseOfClass(class string) string {
	fields := strings.Fields(class)
	if len(fields) == 0 || fields[0] != "node" {
		return ""
	}
	for _, c := range fields[1:] {
		for _, typ := range []trace.NodeType{trace.TypeMax, trace.TypeMin} {
			if c == typeClass(typ) {
				return shapeOf(typ)
			}
		}
	}
	return ""
}

// reshapePolygon returns the polygon element line with its points replaced
// by the outline of shape in the polygon's bounding box.
func reshapePolygon(line []byte, shape string) []byte {
	points := attrValue(line, "points")
	v := floats(string(points))
	var r rect
	for k := 0; k+1 < len(v); k += 2 {
		r.add(v[k], v[k+1])
	}
	if !r.ok {
		return line
	}
	b := box{x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2, w: r.x1 - r.x0, h: r.y1 - r.y0}
	i := bytes.Index(line, points)
	out := append([]byte(nil), line[:i]...)
	xy := outline(shape, b)
	for k := 0; k+1 < len(xy); k += 2 {
		if k > 0 {
			out = append(out, ' ')
		}
		out = append(appendNum(out, xy[k]), ',')
		out = appendNum(out, xy[k+1])
	}
	return append(out, line[i+len(points):]...)
}
