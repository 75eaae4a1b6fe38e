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
	start := bytes.Index(svg, []byte("<svg"))
	if start < 0 {
		return svg
	}
	end := bytes.IndexByte(svg[start:], '>')
	if end < 0 {
		return svg
	}
	root := svgTag{name: "svg", start: start, end: start + end + 1, attrs: map[string]string{}}
	for _, m := range svgAttr.FindAllSubmatch(svg[root.start:root.end], -1) {
		root.attrs[string(m[1])] = html.UnescapeString(string(m[2]))
	}
	box := strings.Fields(root.attrs["viewBox"])
	if len(box) != 4 {
		return svg
	}
	var v [4]float64
	for i, f := range box {
		n, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return svg
		}
		v[i] = n
	}
	return applyEdits(svg, []cropEdit{rootEdit(svg, root, v[0], v[1], v[2], v[3])})
}
