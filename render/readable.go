package render

// BoardCell is the side, in a drawing's units (points), of a board's cell
// drawn in a node: a viewer that keeps the tree readable zooms no further
// out than keeps it legible.
const BoardCell = cellSize
