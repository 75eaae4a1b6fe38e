package render

import (
	"bytes"
	"strconv"

	"github.com/searchviz/searchviz/trace"
)

// A page's drawing keeps a cut's reason in both views, so that switching
// views restyles the drawing rather than drawing it again: each line of
// the reason is two texts in one place, the root player's of class
// classRootView and the side to move's of class classSideView, of which
// the page's style sheet shows its view's (see StyleSheet). The layout
// gives each line the room of the wider of the two.
const (
	classRootView = "vr"
	classSideView = "vs"
)

// viewLines is the reason for a cut in both views, line by line, as
// cutLines writes them: the cut's name, then its test.
type viewLines struct {
	root, side []string
}

// cutReasons returns the reason a drawing writes under the edge into a
// node pruned by the cut at c, line by line, in its view (cutLines); and
// for a Patchable drawing whose two views read it differently, both views'
// lines, with which the lines it returns give way to the wider of the two.
func (o Options) cutReasons(c trace.NodeState) (lines []string, both *viewLines) {
	if !o.Patchable {
		return cutLines(o.Lang, c, o.View), nil
	}
	root, side := cutLines(o.Lang, c, ViewRoot), cutLines(o.Lang, c, ViewSide)
	if root == nil || len(root) != len(side) {
		return root, nil
	}
	lines = make([]string, len(root))
	differ := false
	for i := range root {
		lines[i] = root[i]
		if textWidth(side[i], 1) > textWidth(root[i], 1) {
			lines[i] = side[i]
		}
		differ = differ || root[i] != side[i]
	}
	if !differ {
		return root, nil
	}
	return lines, &viewLines{root: root, side: side}
}

// patchReasons rewrites the SVG Graphviz drew for a Patchable drawing so
// that each edge of reasons, by the id of the node it goes into, holds
// both views' lines: each text of the reason, after the edge's first,
// the action, becomes two in its place (see classRootView).
func patchReasons(svg []byte, reasons map[trace.NodeID]*viewLines) []byte {
	if len(reasons) == 0 {
		return svg
	}
	var out bytes.Buffer
	out.Grow(len(svg) + 256*len(reasons))
	const edgeStart = `<g id="e`
	for len(svg) > 0 {
		at := bytes.Index(svg, []byte(edgeStart))
		if at < 0 {
			break
		}
		out.Write(svg[:at])
		svg = svg[at:]
		end := bytes.Index(svg, []byte("</g>"))
		if end < 0 {
			break
		}
		group := svg[:end]
		svg = svg[end:]
		id, _, _ := bytes.Cut(group[len(edgeStart):], []byte(`"`))
		n, err := strconv.Atoi(string(id))
		both, ok := reasons[trace.NodeID(n)]
		if err != nil || !ok {
			out.Write(group)
			continue
		}
		writeBothViews(&out, group, both)
	}
	out.Write(svg)
	return out.Bytes()
}

// writeBothViews writes the group of an edge with its reason's texts,
// those after the first, each doubled into both views' lines.
func writeBothViews(out *bytes.Buffer, group []byte, both *viewLines) {
	line := -1 // the text's line of the reason, -1 for the action
	for {
		at := bytes.Index(group, []byte("<text"))
		if at < 0 {
			break
		}
		closing := bytes.Index(group[at:], []byte("</text>"))
		if closing < 0 {
			break
		}
		opened := bytes.IndexByte(group[at:], '>')
		out.Write(group[:at])
		text := group[at : at+closing+len("</text>")]
		group = group[at+closing+len("</text>"):]
		if line < 0 || line >= len(both.root) {
			out.Write(text)
			line++
			continue
		}
		attrs := text[len("<text"):opened]
		for _, v := range []struct{ class, s string }{{classRootView, both.root[line]}, {classSideView, both.side[line]}} {
			out.WriteString(`<text class="` + v.class + `"`)
			out.Write(attrs)
			out.WriteString(">" + htmlText(v.s) + "</text>")
		}
		line++
	}
	out.Write(group)
}
