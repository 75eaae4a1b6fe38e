package render

import (
	"fmt"

	"github.com/searchviz/searchviz/trace"
)

// View says from whose point of view a drawing shows values.
type View uint8

// Views. The zero value is ViewRoot, the view textbooks use.
const (
	// ViewRoot shows values from the root player's (MAX's) point of view:
	// values at min nodes are negated, and their window [α, β] becomes
	// [-β, -α].
	ViewRoot View = iota
	// ViewSide shows values as traces store them, from the point of view
	// of the side to move at each node (the negamax view).
	ViewSide
)

// String returns "root" or "side".
func (v View) String() string {
	switch v {
	case ViewRoot:
		return "root"
	case ViewSide:
		return "side"
	}
	return fmt.Sprintf("View(%d)", uint8(v))
}

// caption says in words whose view the values are in; every drawing shows it.
func (v View) caption() string {
	if v == ViewSide {
		return "values: side to move's view"
	}
	return "values: root player's view (MAX)"
}

// sign is what a value stored at a node of type typ is multiplied by to
// show it in view v.
func (v View) sign(typ trace.NodeType) float64 {
	if v == ViewRoot && typ == trace.TypeMin {
		return -1
	}
	return 1
}

// Options are the visual choices of a drawing, apart from the tree it
// draws. The zero value draws values in the root player's view with no
// boards, legend or title.
type Options struct {
	// View is the point of view of every value drawn.
	View View
	// Boards draws each node's position inside it, for nodes whose trace
	// event carries a board text.
	Boards bool
	// Legend adds a box that explains shapes and statuses.
	Legend bool
	// Title is drawn above the tree, over the line that names the view.
	Title string
}

func (o Options) check() error {
	if o.View != ViewRoot && o.View != ViewSide {
		return fmt.Errorf("render: unknown view %v; use ViewRoot or ViewSide", o.View)
	}
	return nil
}
