package web

import (
	"errors"
	"fmt"
	"strings"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/web/templates"
)

// thumbSide is the side of a thumbnail's drawing, in its own units; the
// page scales it to the card.
const thumbSide = 48

// thumbOf draws an example's root position small, for its card on the
// start page: a grid game's board as the game declares it, a typed
// tree's shape, or for a game with neither (a chance tree) a tree with
// chance nodes. It fails only for a request the catalog cannot open,
// which the gallery's tests rule out.
func thumbOf(req catalog.Request) (templates.Thumb, error) {
	e, err := catalog.OpenEditor(req.Game, req.Seed, req.Position)
	switch {
	case errors.Is(err, catalog.ErrNotEditable):
		return chanceThumb(), nil
	case err != nil:
		return templates.Thumb{}, fmt.Errorf("web: the picture of %s at %q: %w", req.Game, req.Position, err)
	case e.Outline != nil:
		return treeThumb(e.Outline), nil
	}
	return boardThumb(e.Board), nil
}

// boardThumb draws a board: its grid, walls dark, pieces as their marks
// where a cell is big enough to read one, else as discs in their owner's
// colour, as Othello's and Connect Four's are.
func boardThumb(b board.Board) templates.Thumb {
	cell := float64(thumbSide) / float64(max(b.Rows, b.Cols))
	t := templates.Thumb{W: cell * float64(b.Cols), H: cell * float64(b.Rows), Cell: cell, Discs: b.Look == board.LookDiscs}
	var grid strings.Builder
	for c := 1; c < b.Cols; c++ {
		fmt.Fprintf(&grid, "M%.4g 0V%.4g", float64(c)*cell, t.H)
	}
	for r := 1; r < b.Rows; r++ {
		fmt.Fprintf(&grid, "M0 %.4gH%.4g", float64(r)*cell, t.W)
	}
	t.Grid = grid.String()
	const markable = 12 // the least cell, in thumbnail units, whose mark still reads at the card's size
	for r := range b.Rows {
		for c := range b.Cols {
			cl := b.At(r, c)
			if cl.Kind == board.Empty {
				continue
			}
			tc := templates.ThumbCell{X: float64(c) * cell, Y: float64(r) * cell, Kind: cl.Kind.String(), Owner: cl.Owner.String()}
			if cell >= markable && !t.Discs {
				tc.Mark = cl.Mark
			}
			t.Cells = append(t.Cells, tc)
		}
	}
	return t
}

// treeThumb draws a typed tree's shape: leaves spread evenly along the
// bottom, each inner node above the middle of its children, MAX's nodes
// and MIN's told apart by their class.
func treeThumb(o *catalog.Outline) templates.Thumb {
	depth, leaves := outlineSize(o)
	t := templates.Thumb{W: thumbSide, H: thumbSide, Tree: true}
	gapX := float64(thumbSide) / float64(leaves)
	gapY := float64(thumbSide-8) / float64(max(depth, 1))
	next := 0 // the next leaf's slot
	var place func(o *catalog.Outline, d int) (float64, float64)
	place = func(o *catalog.Outline, d int) (float64, float64) {
		y := 4 + float64(d)*gapY
		if o == nil {
			x := (float64(next) + 0.5) * gapX
			next++
			t.Nodes = append(t.Nodes, templates.ThumbNode{X: x, Y: y, Kind: "leaf"})
			return x, y
		}
		var xs []float64
		for _, ch := range o.Children {
			cx, cy := place(ch, d+1)
			t.Edges = append(t.Edges, templates.ThumbEdge{X2: cx, Y2: cy, Y1: y})
			xs = append(xs, cx)
		}
		x := (xs[0] + xs[len(xs)-1]) / 2
		for i := len(t.Edges) - len(xs); i < len(t.Edges); i++ {
			t.Edges[i].X1 = x
		}
		kind := "min"
		if o.Max {
			kind = "max"
		}
		t.Nodes = append(t.Nodes, templates.ThumbNode{X: x, Y: y, Kind: kind})
		return x, y
	}
	place(o, 0)
	return t
}

// outlineSize returns the depth of an outline's deepest leaf and its
// number of leaves; a nil outline is one leaf.
func outlineSize(o *catalog.Outline) (depth, leaves int) {
	if o == nil {
		return 0, 1
	}
	for _, ch := range o.Children {
		d, l := outlineSize(ch)
		depth, leaves = max(depth, d+1), leaves+l
	}
	return depth, leaves
}

// chanceThumb is the picture of a game whose positions the catalog cannot
// draw, the chance tree: MAX choosing between two chance events of two
// outcomes each, the shape of the chance tree's lecture examples.
func chanceThumb() templates.Thumb {
	chance := &catalog.Outline{Children: []*catalog.Outline{nil, nil}} // nil children are leaves
	t := treeThumb(&catalog.Outline{Max: true, Children: []*catalog.Outline{chance, chance}})
	for i, n := range t.Nodes {
		if n.Kind == "min" {
			t.Nodes[i].Kind = "chance"
		}
	}
	return t
}
