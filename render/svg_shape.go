package render

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/searchviz/searchviz/games/board"
)

// Fonts of the tidy drawing, with sizes in points, as WriteDOT asks
// Graphviz for them.
const (
	fontFamily = "Helvetica,sans-Serif"
	fontValue  = 12 // a node's value, bold
	fontWindow = 10 // a node's window, and a board's caption
	fontEdge   = 10 // an edge's label
	// fontEdgeRoom is the size a page's drawing lays its edge labels out
	// at, though the page draws them at fontEdge: presentation mode draws
	// them at 14 (PRESENT_TEXT in static/js/viewer/camera.js), and a
	// browser's sans-serif runs wider than the Helvetica Graphviz measures.
	fontEdgeRoom = 15
	fontMark     = 10 // a board cell's mark
	fontTitle    = 12 // the title and the caption over the tree
)

// Placement of text in the tidy drawing, in points or, for runeWidthEm,
// in ems.
const (
	titleLeading  = 14   // from one title line to the next
	runeWidthEm   = 0.55 // the room one character takes, a little more than Helvetica's average
	edgeLabelLift = 8    // from an edge label's baseline up to the top of its node, over a ring (ringGap)
	reasonDrop    = 10   // from the bottom of a pruned node down to the baseline of the reason
	reasonLine    = 13   // from the baseline of a reason's first line, the cut's name, to its second's
	labelHalo     = 3    // the white outline that keeps an edge label readable over lines
)

// wideRuneEm is the room a wide character takes, in ems: a Japanese
// kana or kanji, or a full-width form, is drawn a full em wide.
const wideRuneEm = 1.0

// textWidth estimates the width in points of s in Helvetica at size
// points, so that text given that room fits: East Asian wide and
// full-width characters (Japanese) take an em each, others runeWidthEm.
func textWidth(s string, size float64) float64 {
	narrow, wide := 0, 0
	for _, r := range s {
		if isWide(r) {
			wide++
		} else {
			narrow++
		}
	}
	return float64(narrow)*size*runeWidthEm + float64(wide)*size*wideRuneEm
}

// isWide reports whether character r is East Asian wide or full-width.
func isWide(r rune) bool {
	if r < utf8.RuneSelf {
		return false
	}
	k := width.LookupRune(r).Kind()
	return k == width.EastAsianWide || k == width.EastAsianFullwidth
}

// box is a node's box in the drawing: its centre and size.
type box struct {
	x, y, w, h float64
}

func (b box) top() float64    { return b.y - b.h/2 }
func (b box) bottom() float64 { return b.y + b.h/2 }
func (b box) left() float64   { return b.x - b.w/2 }
func (b box) right() float64  { return b.x + b.w/2 }

// shape writes the outline of a node of geometry g in box b, with the
// presentation attributes attrs: a polygon, or an ellipse for a circle, as
// Graphviz draws them, so that StyleSheet's rules select it. The caller
// ends the line.
func (w *svgWriter) shape(g geometry, b box, attrs func()) {
	if g.shape == "circle" {
		w.WriteString("<ellipse")
		attrs()
		w.numAttr("cx", b.x)
		w.numAttr("cy", b.y)
		w.numAttr("rx", b.w/2)
		w.numAttr("ry", b.h/2)
		w.WriteString("/>")
		return
	}
	w.WriteString("<polygon")
	attrs()
	w.WriteString(` points="`)
	w.points(outline(g.shape, b))
	w.WriteString("\"/>")
}

// A node whose look has two outlines (look.peripheries) has a ring
// around its shape, ringGap points outside it and ringWidth wide, as
// Graphviz draws peripheries: a double line that says "the search is
// here" without its colour. A page's drawing gives every node a ring
// of class ringClass, which StyleSheet shows for the statuses that
// have one, so that a node can become current by a change of class.
const (
	ringGap   = 5
	ringWidth = 2
	ringClass = "ring"
	// ringRoom is how far a ring reaches outside its node's shape, which
	// a drawing leaves around its nodes, so that a node at its edge is
	// seen whole.
	ringRoom = ringGap + ringWidth
)

// ringBox returns the box of the ring around a node in box b.
func ringBox(b box) box {
	return box{x: b.x, y: b.y, w: b.w + 2*ringGap, h: b.h + 2*ringGap}
}

// ringAttrs returns the attributes of the ring of a node drawn in look
// lk: in a page's drawing, its class, and no line until StyleSheet
// draws one; else a line in lk's colour.
func ringAttrs(lk look, page bool) string {
	if page {
		return ` class="` + ringClass + `" fill="none" stroke="none"`
	}
	return ` fill="none" stroke="` + lk.color + `" stroke-width="` + strconv.Itoa(ringWidth) + `"`
}

// roof returns the height of the roof of a house in box b, as geometryOf
// sized it, but never more than half the box.
func roof(b box) float64 {
	return min(roofOf(b.w), b.h/2)
}

// outline returns the corners of a polygon shape in box b, clockwise from
// the top left, or the apex of a house.
func outline(shape string, b box) []float64 {
	r := roof(b)
	switch shape {
	case "house":
		return []float64{b.x, b.top(), b.right(), b.top() + r, b.right(), b.bottom(), b.left(), b.bottom(), b.left(), b.top() + r}
	case "invhouse":
		return []float64{b.left(), b.top(), b.right(), b.top(), b.right(), b.bottom() - r, b.x, b.bottom(), b.left(), b.bottom() - r}
	case "diamond":
		return []float64{b.x, b.top(), b.right(), b.y, b.x, b.bottom(), b.left(), b.y}
	}
	return []float64{b.left(), b.top(), b.right(), b.top(), b.right(), b.bottom(), b.left(), b.bottom()}
}

// points writes the pairs of xy as "x,y x,y ...".
func (w *svgWriter) points(xy []float64) {
	for i := 0; i+1 < len(xy); i += 2 {
		if i > 0 {
			w.WriteByte(' ')
		}
		w.point(xy[i], xy[i+1])
	}
}

// diagonalLength is the side of the corners that a box with Graphviz's
// "diagonals" style cuts off.
const diagonalLength = 12

// diagonals returns the four corner cuts of a box, each as x1, y1, x2, y2.
func diagonals(b box) [4][4]float64 {
	d := min(diagonalLength, b.w/2, b.h/2)
	return [4][4]float64{
		{b.left() + d, b.top(), b.left(), b.top() + d},
		{b.right() - d, b.top(), b.right(), b.top() + d},
		{b.left(), b.bottom() - d, b.left() + d, b.bottom()},
		{b.right(), b.bottom() - d, b.right() - d, b.bottom()},
	}
}

// labelTop returns the y where a node's label starts: its content,
// contentHeight high, centred in the part of the shape that holds text, a
// house's body beside its roof, or the whole box.
func labelTop(g geometry, b box) float64 {
	h := contentHeight(g)
	switch g.shape {
	case "house":
		return (b.top()+roof(b)+b.bottom())/2 - h/2
	case "invhouse":
		return (b.top()+b.bottom()-roof(b))/2 - h/2
	}
	return b.y - h/2
}

// contentHeight is the height of a label's rows: the board's caption and
// board, if drawn, then the value and the window.
func contentHeight(g geometry) float64 {
	h := float64(valueHeight + windowHeight)
	if g.board != nil {
		h += boardHeight(g.board)
		if g.board.Caption != "" {
			h += captionHeight
		}
	}
	return h
}

// boardHeight is the height of a board's grid, with its frame.
func boardHeight(b *board.Board) float64 {
	return float64(b.Rows*cellSize + 2)
}

// lines splits a title into its lines.
func lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
