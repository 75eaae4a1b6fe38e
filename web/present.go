package web

import (
	"strconv"

	"github.com/searchviz/searchviz/render"
)

// boardCell is the viewer's data-board-cell attribute: the side of a
// board's cell drawn in a node, which presentation mode keeps readable.
func boardCell() string {
	return strconv.Itoa(render.BoardCell)
}
