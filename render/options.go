package render

import (
	"fmt"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/trace"
)

// View says from whose point of view a drawing shows values. It is
// trace.View, named here so that callers can set Options with this
// package alone.
type View = trace.View

// Views. The zero value is ViewRoot, the view textbooks use.
const (
	// ViewRoot shows values from the root player's (MAX's) point of view:
	// values at min nodes are negated, and their window [α, β] becomes
	// [-β, -α].
	ViewRoot = trace.ViewRoot
	// ViewSide shows values as traces store them, from the point of view
	// of the side to move at each node.
	ViewSide = trace.ViewSide
)

// Options are the visual choices of a drawing, apart from the tree it
// draws. The zero value draws values in the root player's view with no
// boards, legend or title.
type Options struct {
	// View is the point of view of every value drawn, and the graph's
	// label says which it is.
	View View
	// Board reads a node's position text, as its trace event carries it,
	// as the board drawn inside the node, reporting false for text it
	// cannot read; nil draws no boards. Callers set it to the reader of
	// the game the trace's header names, so that each game draws its
	// board as it declares it and this package never guesses one from
	// text. It must be safe to call from several goroutines.
	Board func(position string) (board.Board, bool)
	// Legend adds a box that explains shapes and statuses.
	Legend bool
	// Title is drawn above the tree, over the line that names the view.
	Title string
	// Patchable draws for a page, which shows another step by changing
	// classes and texts alone (see Display and StyleSheet): every node's
	// value and window has a slot of its own, with id "a_v<i>" and
	// "a_w<i>", even when empty, in Graphviz's drawing an anchor around a
	// text element, in the tidy layout's the text element itself. The tidy
	// layout's drawing also leaves its looks to StyleSheet (see
	// WriteTidySVG), so that it shows as the page styles it. The caption,
	// over the tree and in the legend, has the slots "a_caption" and
	// "a_legend_caption", sized for the widest view's words, so that a
	// drawing is laid out alike in both views and a page switches views
	// by rewriting texts.
	Patchable bool
	// Layout is what Render lays the tree out with: Graphviz's dot (the
	// zero value), the tidy-tree layout, or the one MaxDotNodes picks.
	// WriteDOT and WriteTidySVG, which have one layout each, ignore it.
	// The legend names the layout that drew the picture, and the rule.
	Layout Layout
	// Shown, if not nil, is the display set drawn (see Pick): its nodes,
	// each with its id as in a drawing of the whole tree, and under each
	// node with children left out, a placeholder "m<p>" (p the node's id)
	// saying how many children it stands for and how many nodes in all,
	// at the drawn step; a placeholder that stands for no node yet is
	// hidden, like a node not reached. Nil draws every node.
	Shown *Shown
	// Crop, when Render draws a step before the last, narrows the SVG's
	// width, height and viewBox to what that step shows: the nodes and
	// placeholders reached, their edges and labels, the title and the
	// legend, which moves under the tree if it lies beside it, with a
	// small margin. Nodes keep the places the final tree gives them, so
	// without Crop an early step is the final tree's canvas with a few
	// nodes in it. It changes nothing at the last step, in a Patchable
	// drawing (a page shows every step in it) or in WriteDOT's output.
	Crop bool
	// Caption, if not "", is the line over the tree that says what its
	// nodes show, in place of the words of the view values are shown in:
	// for a drawing whose node texts are not values.
	Caption string
	// Lang is the language of the drawing's words: its caption, legend,
	// placeholders, folds and cut reasons. The zero value is English.
	Lang explain.Lang
	// Names, if not nil, names nodes by id: a node with no value to show
	// shows its name in the value's place, as an exercise's tree names
	// the nodes whose values a student works out. A node past the end,
	// or named "", shows nothing there.
	Names []string
}

func (o Options) check() error {
	if o.View != ViewRoot && o.View != ViewSide {
		return fmt.Errorf("render: unknown view %d; use ViewRoot or ViewSide", uint8(o.View))
	}
	return o.Layout.check()
}
