package render

import (
	"slices"

	"github.com/searchviz/searchviz/trace"
)

// Overview is a coarse picture of a whole tree for a minimap: an icicle
// drawn on a grid of cells, a row per depth (or per band of depths, in a
// tree deeper than the rows) and columns by place in the outline's
// preorder walk, so that every subtree spans as many columns as its share
// of the nodes, under its root. Each cell counts the nodes that fall in
// it and names one of them, the root of the biggest subtree, for a click
// on the cell to go to. An Overview never changes once made and is safe
// for concurrent use.
type Overview struct {
	Cols, Rows int
	// Count and Rep are row by row: Count[r*Cols+c] nodes fall in cell
	// (c, r), and Rep[r*Cols+c] is one of them, or -1 if none does.
	Count []int32
	Rep   []int32

	o        *Outline
	maxDepth int
}

// Overview returns the overview of the outlined tree on a grid of at most
// cols columns and rows rows, each at least 1: fewer columns for a tree of
// fewer nodes, and fewer rows for a shallower tree.
func (o *Outline) Overview(cols, rows int) *Overview {
	n := o.Len()
	cols, rows = max(1, min(cols, n)), max(1, rows)
	maxDepth := int(slices.Max(o.depth))
	v := &Overview{Cols: cols, Rows: min(rows, maxDepth+1), o: o, maxDepth: maxDepth}
	v.Count = make([]int32, v.Cols*v.Rows)
	v.Rep = make([]int32, v.Cols*v.Rows)
	for i := range v.Rep {
		v.Rep[i] = -1
	}
	for id := range n {
		i := v.row(int(o.depth[id]))*v.Cols + v.col(trace.NodeID(id))
		v.Count[i]++
		if r := v.Rep[i]; r < 0 || o.size[id] > o.size[r] || o.size[id] == o.size[r] && o.pre[id] < o.pre[r] {
			v.Rep[i] = int32(id)
		}
	}
	return v
}

// row returns the row of depth d.
func (v *Overview) row(d int) int {
	if v.maxDepth < v.Rows {
		return d
	}
	return d * v.Rows / (v.maxDepth + 1)
}

// col returns the column of node id.
func (v *Overview) col(id trace.NodeID) int {
	return int(int64(v.o.pre[id]) * int64(v.Cols) / int64(v.o.Len()))
}

// Cell returns the cell node id falls in: its column and row.
func (v *Overview) Cell(id trace.NodeID) (col, row int) {
	return v.col(id), v.row(int(v.o.depth[id]))
}

// Span returns the columns from c0 to c1, c1 included, that the subtree
// of node id spans.
func (v *Overview) Span(id trace.NodeID) (c0, c1 int) {
	end := int64(v.o.pre[id]) + int64(v.o.size[id]) - 1
	return v.col(id), int(end * int64(v.Cols) / int64(v.o.Len()))
}

// MemSize returns the bytes the overview holds.
func (v *Overview) MemSize() int64 {
	return int64(len(v.Count)+len(v.Rep))*4 + 64
}
