package render

import (
	"bytes"
	"html"
	"strconv"
	"strings"
)

// ExactSize returns svg, a drawing of Render's, with its root's width and
// height set to its viewBox's, in points. Graphviz writes them rounded to
// whole points, which shrinks a drawing shown at its own size by up to a
// point across, and its 9-point edge labels, 12 px at that size, just
// under 12 px. A drawing whose root it cannot read comes back as it was.
func ExactSize(svg []byte) []byte {
	root, v, ok := rootBox(svg)
	if !ok {
		return svg
	}
	return applyEdits(svg, []cropEdit{rootEdit(svg, root, v[0], v[1], v[2], v[3])})
}

// DrawingSize returns the width and height of SVG drawing svg, in its
// units, as its root's viewBox gives them, or false when its root has no
// viewBox of four numbers.
func DrawingSize(svg []byte) (w, h float64, ok bool) {
	_, v, ok := rootBox(svg)
	if !ok || v[2] < 0 || v[3] < 0 {
		return 0, 0, false
	}
	return v[2], v[3], true
}

// rootBox reads the root tag of drawing svg and its viewBox, or returns
// false when it cannot.
func rootBox(svg []byte) (svgTag, [4]float64, bool) {
	var v [4]float64
	start := bytes.Index(svg, []byte("<svg"))
	if start < 0 {
		return svgTag{}, v, false
	}
	end := bytes.IndexByte(svg[start:], '>')
	if end < 0 {
		return svgTag{}, v, false
	}
	root := svgTag{name: "svg", start: start, end: start + end + 1, attrs: map[string]string{}}
	for _, m := range svgAttr.FindAllSubmatch(svg[root.start:root.end], -1) {
		root.attrs[string(m[1])] = html.UnescapeString(string(m[2]))
	}
	box := strings.Fields(root.attrs["viewBox"])
	if len(box) != 4 {
		return root, v, false
	}
	for i, f := range box {
		n, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return root, v, false
		}
		v[i] = n
	}
	return root, v, true
}
