package render

import (
	"bytes"
	"html"
	"regexp"
	"slices"
)

// nodeGroup finds the start of a node's, a placeholder's or a fold's
// group in a drawing, either layout's.
var nodeGroup = regexp.MustCompile(`<g id="[nmf][0-9]+" class="node[ "]`)

// levelTolerance is how near, in points, two boxes' centres are to stand
// in one level: both layouts centre a rank's boxes on one line.
const levelTolerance = 1

// Levels returns the heights, in the drawing's points and increasing, at
// which the drawing svg, a Render of either layout, centres its boxes:
// one a rank of the tree, the root's first; and the height of its tallest
// box. How far apart they are tells a viewer how many ranks its panel
// holds (Choices.Ranks).
func Levels(svg []byte) (levels []float64, tallest float64) {
	var ys []float64
	for _, at := range nodeGroup.FindAllIndex(svg, -1) {
		rest := svg[at[1]:]
		if end := bytes.Index(rest, []byte("</g>")); end >= 0 {
			rest = rest[:end]
		}
		for _, m := range shapeTag.FindAllSubmatch(rest, -1) {
			attrs := map[string]string{}
			for _, a := range svgAttr.FindAllSubmatch(m[2], -1) {
				attrs[string(a[1])] = html.UnescapeString(string(a[2]))
			}
			if r := shapeRect(string(m[1]), attrs); r.ok {
				ys = append(ys, (r.y0+r.y1)/2)
				tallest = max(tallest, r.y1-r.y0)
				break
			}
		}
	}
	slices.Sort(ys)
	for _, y := range ys {
		if len(levels) == 0 || y-levels[len(levels)-1] > levelTolerance {
			levels = append(levels, y)
		}
	}
	return levels, tallest
}

// shapeTag finds the tags of shapes a box's outline may be drawn with.
var shapeTag = regexp.MustCompile(`<(polygon|ellipse)\b([^>]*)>`)
