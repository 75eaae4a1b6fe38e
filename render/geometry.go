package render

import (
	"math"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/trace"
)

// Sizes in points. Every size that affects layout depends only on what a
// node is in the final tree, never on the step, so nodes do not move.
const (
	labelWidth      = 50 // the value and window cells of a node's label
	valueHeight     = 15
	windowHeight    = 12
	captionHeight   = 12 // the row of a board's caption
	cellSize        = 12 // one board cell
	sideMargin      = 8  // between a label and the sides of its node
	edgeMargin      = 4  // between a label and the top or bottom of its node
	placeholderSize = 22 // a pruned action's node, wide and high
)

// BoardCell is the side, in a drawing's units (points), of a board's cell
// drawn in a node: a viewer that keeps the tree readable zooms no further
// out than keeps it legible.
const BoardCell = cellSize

// MinLeafWidth is the least width, in a drawing's units, that a leaf of
// a tree takes across a drawing of it, with the gap beside it: a pruned
// action's node and the least gap between siblings of either layout. A
// drawing of a tree of n leaves is at least n times as wide.
const MinLeafWidth = placeholderSize + 10

// A house's roof is at most roofSlope of its width high, so that a narrow
// house is not a spike, and at most maxRoof, so that a node holding a big
// board is not mostly roof: the roof says MAX or MIN, the body holds text.
const (
	roofSlope = 0.35
	maxRoof   = 16
)

// roofOf returns the height of the roof of a house w points wide.
func roofOf(w float64) float64 {
	return math.Round(min(roofSlope*w, maxRoof))
}

// geometry is the size and shape of a node and the layout of its label.
type geometry struct {
	shape         string
	width, height float64      // points
	inner         int          // the width of the label's cells; 0 for an empty label
	padTop        int          // a spacer above the label: a house's roof
	padBottom     int          // a spacer below the label: an inverted house's roof
	board         *board.Board // the board drawn in the node, or nil
}

// shapeOf returns the Graphviz shape for a node type: houses point up at
// MAX and down at MIN, like the textbook triangles, with room for text.
func shapeOf(typ trace.NodeType) string {
	switch typ {
	case trace.TypeMax:
		return "house"
	case trace.TypeMin:
		return "invhouse"
	case trace.TypeChance:
		return "circle"
	case trace.TypeJoint:
		return "diamond"
	}
	return "box"
}

// geometryOf returns the geometry of node n, whose board, if drawn, is b,
// with perRune points a character of its caption (captionWidth), and
// whose label is at least least points wide.
func geometryOf(n trace.NodeState, b *board.Board, perRune float64, least int) geometry {
	g := geometry{shape: shapeOf(n.Type)}
	if n.Placeholder {
		g.width, g.height = placeholderSize, placeholderSize
		if g.shape == "house" || g.shape == "invhouse" {
			g.height = placeholderSize * 0.8
		}
		return g
	}
	g.inner = max(labelWidth, least)
	content := valueHeight + windowHeight
	if b != nil {
		g.board = b
		g.inner = max(g.inner, b.Cols*cellSize+2)
		content += b.Rows*cellSize + 2
		if b.Caption != "" {
			g.inner = max(g.inner, captionWidth(b.Caption, perRune))
			content += captionHeight
		}
	}
	w, h := float64(g.inner+sideMargin), float64(content+edgeMargin)
	switch g.shape {
	case "house", "invhouse":
		roof := roofOf(w)
		h += roof
		if g.shape == "house" {
			g.padTop = int(roof)
		} else {
			g.padBottom = int(roof)
		}
	case "circle":
		w = math.Ceil(math.Hypot(w, h))
		h = w
	case "diamond":
		w, h = 2*w, 2*h
	}
	g.width, g.height = w, h
	return g
}
