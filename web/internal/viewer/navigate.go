package viewer

import (
	"errors"
	"slices"
	"strconv"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
)

// navigation is what a page chose to see of a big tree (see render.Pick)
// and which steps its step controls go to.
type navigation struct {
	root      trace.NodeID   // the view's root
	expanded  []trace.NodeID // render.Choices.Expanded
	collapsed []trace.NodeID // render.Choices.Collapsed
	filter    trace.NodeID   // step only to events that touch this subtree; NoNode for every step
	unfolded  bool           // draw the path to the current node whole, however deep
	changed   bool           // the choices changed since the display set was picked
}

func newNavigation() navigation {
	return navigation{filter: trace.NoNode}
}

// chosen reports whether the page chose anything that a drawing of the
// whole tree would not show.
func (n *navigation) chosen() bool {
	return n.root != 0 || len(n.expanded) > 0 || len(n.collapsed) > 0
}

// unfold draws the path to the current node whole from now on.
func (n *navigation) unfold() {
	if !n.unfolded {
		n.unfolded, n.changed = true, true
	}
}

// choices returns the choices to pick a display set with, stepping in
// direction ahead.
func (n *navigation) choices(ahead int) render.Choices {
	return render.Choices{Root: n.root, Expanded: n.expanded, Collapsed: n.collapsed, Ahead: ahead}
}

// expand shows more children of id: ExpandStep more, and all of them if
// it was collapsed.
func (n *navigation) expand(id trace.NodeID) {
	if i := slices.Index(n.collapsed, id); i >= 0 {
		n.collapsed = slices.Delete(n.collapsed, i, i+1)
	} else {
		n.expanded = remember(n.expanded, id)
	}
	n.changed = true
}

// collapse hides the children of id.
func (n *navigation) collapse(id trace.NodeID) {
	n.expanded = slices.DeleteFunc(n.expanded, func(x trace.NodeID) bool { return x == id })
	if !slices.Contains(n.collapsed, id) {
		n.collapsed = remember(n.collapsed, id)
	}
	n.changed = true
}

// keep forgets the choices of nodes past the first n, for a snapshot of a
// growing trace that has only n nodes: node ids stay the same as a trace
// grows, so the rest still hold.
func (n *navigation) keep(nodes int) {
	past := func(id trace.NodeID) bool { return int(id) >= nodes }
	n.expanded = slices.DeleteFunc(n.expanded, past)
	n.collapsed = slices.DeleteFunc(n.collapsed, past)
	if past(n.root) {
		n.root = 0
	}
	if past(n.filter) {
		n.filter = trace.NoNode
	}
	n.changed = true
}

// isCollapsed reports whether the page collapsed id.
func (n *navigation) isCollapsed(id trace.NodeID) bool { return slices.Contains(n.collapsed, id) }

// reroot makes id the view's root.
func (n *navigation) reroot(id trace.NodeID) {
	if n.root != id {
		n.root, n.changed = id, true
	}
}

// remember appends id to list, forgetting the oldest past maxChoices.
func remember(list []trace.NodeID, id trace.NodeID) []trace.NodeID {
	list = append(list, id)
	if len(list) > maxChoices {
		list = slices.Delete(list, 0, len(list)-maxChoices)
	}
	return list
}

// arrange decides what the page draws at the tree's step, before a frame:
// the whole tree, when it fits the display budget, the page chose
// nothing else and, once the page has said its panel's size, it can be
// read whole in the panel's width; or a display set, kept while it shows
// the step's current node, path and best line and the choices stay the
// same, else picked anew (render.Pick) and fitted to the panel's width.
// It returns the layout the page must draw before the frame, or nil; and
// whether the page must fetch the whole tree's drawing again instead.
func (vw *Viewer) arrange() (*Layout, bool, error) {
	if vw.show.WholeFits() && !vw.nav.chosen() && vw.wholeReadable() {
		refetch := !vw.pageWhole || vw.redraw
		if refetch {
			vw.pageWhole, vw.redraw = true, false
			vw.shown, vw.tally, vw.sent = nil, nil, nil
		}
		return nil, refetch, nil
	}
	o, ov, err := vw.show.Navigation()
	if err != nil {
		return nil, false, err
	}
	fresh := !vw.redraw && !vw.nav.changed && vw.shown != nil && !vw.boardsTooTall()
	if fresh && vw.shown.Covers(vw.tree) {
		return nil, false, nil
	}
	c := vw.nav.choices(vw.ahead)
	c.Ranks = vw.panelRanks()
	// The children the page asked to see are shown even past the panel's
	// width: the person pans to them.
	asked := len(c.Expanded) * render.ExpandStep
	if vw.panel.w > 0 {
		c.Budget = vw.panelBudget() + asked
	}
	var (
		set  *render.Shown
		idx  *render.TallyIndex
		svg  []byte
		deep *render.PathTooLongError
		// repicks counts the sets picked again for the ranks a drawing
		// measured, or drawn again without boards, which count as no
		// tries at the panel's width.
		repicks int
	)
	for try := 1; ; try++ {
		set, err = o.Pick(vw.tree, c)
		if errors.As(err, &deep) {
			set, err = o.RootOnly(vw.tree)
		}
		if err != nil {
			return nil, false, err
		}
		if try == 1 && fresh && set.Equal(vw.shown) {
			vw.nav.changed = false
			return nil, false, nil
		}
		if idx, err = vw.show.TallyIndex(set, o); err != nil {
			return nil, false, err
		}
		set = idx.Shown()
		if deep != nil {
			break
		}
		svg, err = vw.show.DrawShown(vw.ctx, vw.layouter, vw.lang, set, vw.view, vw.noBoards, vw.timeout)
		if err != nil || vw.panel.w == 0 {
			break
		}
		_, folded := set.Fold()
		vw.measurePitch(svg, folded)
		if repicks < maxRepicks && vw.boardsTooTall() {
			// Boards make the ranks too tall for the panel: without them.
			vw.noBoards, vw.pitch, vw.tallest, vw.foldSpan = true, 0, 0, 0
			repicks++
			try--
			continue
		}
		if r := vw.panelRanks(); r != c.Ranks && repicks < maxRepicks {
			// The first drawing of a page says how tall its ranks are.
			c.Ranks = r
			repicks++
			try--
			continue
		}
		w, _, ok := render.DrawingSize(svg)
		if _, folds := set.Fold(); ok && w > 0 && !folds {
			// A fold leaves out most of the tree but its top's children:
			// its drawing's width says little of a node's.
			vw.budget = max(minPanelBudget, min(render.DefaultBudget, int(float64(c.Budget-asked)*vw.panel.w/w)))
		}
		if !ok || w <= vw.panel.w || try == panelFitTries || c.Budget <= minPanelBudget+asked {
			break
		}
		// A tenth under what the width says, as a drawing's width grows
		// faster than its nodes where they widen a level.
		c.Budget = max(minPanelBudget+asked, min(c.Budget-1, vw.budget*9/10+asked))
	}
	vw.nav.changed = false
	vw.ranks = c.Ranks
	vw.shown, vw.tally = set, idx.Tally()
	vw.pageWhole, vw.redraw = false, false
	vw.drawnFinal()
	m := &Layout{Type: "layout", View: vw.view.String(), Root: int(vw.nav.root), Shown: set.Len(), Total: o.Len(), Cells: shownCells(ov, set)}
	if vw.sentOverview != ov {
		m.Minimap = &minimapView{Cols: ov.Cols, Rows: ov.Rows, Count: ov.Count, Rep: ov.Rep}
		vw.sentOverview = ov
	}
	switch {
	case deep != nil:
		m.Error = vw.lang.F("the path to this step's node is %s levels deep, more than the %s nodes the viewer draws of a step's paths", explain.Thousands(deep.Depth), explain.Thousands(render.MaxAlwaysShown))
	case errors.Is(err, show.ErrTooBigToDraw):
		m.Error = show.ErrorIn(vw.lang, err)
	case err != nil:
		return nil, false, err
	default:
		m.SVG = string(svg)
	}
	return m, false, nil
}

// wholeReadable reports whether the page can show the whole tree's
// drawing at a readable scale across its tree panel, or nearly, and from
// its top to its foot, where the end shows the root and the best line:
// always, until the page says its panel's size.
// Its answer is kept for the panel, the view and the tree's size, as a
// frame while playing asks again.
func (vw *Viewer) wholeReadable() bool {
	if vw.panel.w == 0 {
		return true
	}
	key := wholeKey{w: vw.panel.w, h: vw.panel.h, view: vw.view, nodes: vw.show.Tree().Size()}
	if vw.whole.known && vw.whole.key == key {
		return vw.whole.ok
	}
	ok := vw.measureWhole()
	vw.whole.key, vw.whole.known, vw.whole.ok = key, true, ok
	return ok
}

// measureWhole lays out the whole tree, unless no layout of it could be
// narrow enough, and reports whether it is readable across the panel and
// fits its height, if the page said it.
func (vw *Viewer) measureWhole() bool {
	if vw.show.LeastWholeWidth() > vw.panel.w {
		return false
	}
	svg, err := vw.show.Layout(vw.ctx, vw.layouter, vw.lang, vw.view, vw.timeout)
	if err != nil {
		return false
	}
	w, _, ok := render.DrawingSize(svg)
	if !ok || w > wholeSlack*vw.panel.w {
		return false
	}
	// The tree's ranks and the caption over them; the legend, below them
	// in the drawing, the page shows in a panel of its own.
	levels, tallest := render.Levels(svg)
	return vw.panel.h == 0 || len(levels) == 0 || levels[len(levels)-1]-levels[0]+tallest+captionUnits <= vw.panel.h
}

// wholeKey is what wholeReadable's answer depends on.
type wholeKey struct {
	w, h  float64
	view  trace.View
	nodes int
}

// wholeSlack is how much wider than the panel a whole tree's drawing may
// be and still be drawn whole: a little panning costs a person less than
// a tree folded into placeholders and a minimap.
const wholeSlack = 1.25

// panelBudget returns the nodes to pick a display set of, to fit the
// page's panel: what the last drawing's width says fits, or at first a
// guess of a node and its share of the edges every panelUnitsPerNode.
func (vw *Viewer) panelBudget() int {
	if vw.budget > 0 {
		return vw.budget
	}
	return max(minPanelBudget, min(render.DefaultBudget, int(vw.panel.w/panelUnitsPerNode)))
}

// panelUnitsPerNode is the width of the drawing a node of a display set
// takes, as first guessed: half a leaf's slot, a plain node with the
// space between nodes being about 60 units wide.
const panelUnitsPerNode = 30

// setPanel fits the display sets to a tree panel of w by h units of the
// drawing at a readable scale, from the next frame on. The width decides
// how many nodes are drawn; the height how deep a path is drawn before a
// run of it is folded (panelRanks), so a panel only shorter or taller
// keeps its drawing unless that changes.
func (vw *Viewer) setPanel(w, h float64) {
	if vw.noBoards && h > vw.panel.h {
		// Boards may fit a taller panel: the ranks are measured again.
		vw.noBoards, vw.pitch, vw.tallest, vw.foldSpan = false, 0, 0, 0
	}
	vw.panel.h = h
	if vw.shown != nil && vw.panelRanks() != vw.ranks {
		vw.nav.changed = true
	}
	if w == vw.panel.w {
		return
	}
	vw.panel.w = w
	vw.budget = 0
	vw.nav.changed = true
}

// panelRanks returns the ranks of the drawing that the page's tree panel
// holds at a readable scale, under the caption over the root, as far
// apart as the last drawing's (render.Choices.Ranks); or 0, any number,
// before the page or a drawing says, or once the page unfolded the path.
func (vw *Viewer) panelRanks() int {
	if vw.nav.unfolded || vw.panel.h == 0 || vw.pitch == 0 {
		return 0
	}
	return max(1, 1+int((vw.panel.h-captionUnits-frameUnits-vw.tallest)/vw.pitch))
}

// The room, in the drawing's units, that a panel showing the root gives
// to what is not a rank: the caption over the root, its line and the gap
// under; and the margins the page keeps over and under what it frames
// (EDGE_ROOM in camera.js, twice).
const (
	captionUnits = 24
	frameUnits   = 24
)

// leastRanks is the fewest ranks a fold draws: the root, the box and the
// current node.
const leastRanks = 3

// boardsTooTall reports whether the last drawings, with boards in their
// nodes, have ranks too tall for the panel to hold the ranks it needs,
// framed tightly (the caption and the margins left out, as the page does
// when nothing more fits), a fold's rank as short as its box unless a
// folded drawing measured it taller: boards go only where nothing else
// would do.
func (vw *Viewer) boardsTooTall() bool {
	if vw.noBoards || vw.nav.unfolded || vw.panel.h == 0 || vw.pitch == 0 {
		return false
	}
	need := vw.neededRanks()
	span := float64(need-1)*vw.pitch + vw.tallest
	if need == leastRanks {
		// A fold's rank may be as short as its box, unless a fold drawn
		// said otherwise.
		span = max(float64(need-1)*vw.pitch+min(vw.tallest, foldBoxUnits), vw.foldSpan)
	}
	return span > vw.panel.h
}

// foldBoxUnits is the height of a fold's box in the drawing's units
// (render's placeholders' and folds').
const foldBoxUnits = 28

// neededRanks returns the ranks the panel must hold: those of the path to
// the current node, or with none of the best line, up to leastRanks,
// which a fold brings any deeper path down to.
func (vw *Viewer) neededRanks() int {
	return min(leastRanks, vw.tree.Node(render.PathEnd(vw.tree)).Depth+1)
}

// measurePitch keeps the greatest distance between two ranks of drawing
// svg and those drawn before: a panel that holds as many of those holds
// the ranks of any display set drawn alike, and the ranks asked for only
// ever fall, so that the display sets picked settle.
func (vw *Viewer) measurePitch(svg []byte, folded bool) {
	levels, tallest := render.Levels(svg)
	if len(levels) > 1 {
		vw.tallest = max(vw.tallest, tallest)
	}
	for i := 1; i < len(levels); i++ {
		vw.pitch = max(vw.pitch, levels[i]-levels[i-1])
	}
	if folded && len(levels) >= leastRanks {
		// The root's rank, the fold's and the one under it, as drawn: the
		// fold's rank is as tall as the nodes beside the box.
		vw.foldSpan = max(vw.foldSpan, levels[leastRanks-1]-levels[0]+tallest)
	}
}

// firstReach is how far to either side of the node a page centres a new
// drawing on, in points, the first part of a big drawing reaches (see
// splitLayout): four times the width a page shows at its natural scale,
// so that the first part fills its view unless it is zoomed far out.
const firstReach = 3000

// splitLayout cuts the drawing of m into a first part around node focus,
// which m keeps, and the rest, which it returns to be sent after the
// frame that goes with m; or nil if the drawing is not worth cutting. The
// browser then lays out and shows the part the person sees without
// parsing, styling and laying out the whole drawing first (see
// render.SplitPage).
func splitLayout(m *Layout, focus trace.NodeID) *Rest {
	if m == nil || m.SVG == "" || focus == trace.NoNode {
		return nil
	}
	first, rest, ok := render.SplitPage([]byte(m.SVG), focus, firstReach)
	if !ok {
		return nil
	}
	m.SVG, m.Rest = string(first), true
	return &Rest{Type: "rest", SVG: string(rest)}
}

// anchor returns the node a page centres a new drawing on after command
// c, as viewer.js does: the node it expanded, collapsed or made the view's
// root, the view's new root after going up or to the part of the minimap
// clicked, else the current node, which it follows, or, with none, the
// view's root, around which it shows a first drawing.
func (vw *Viewer) anchor(c Command) trace.NodeID {
	switch c.Type {
	case cmdExpand, cmdCollapse, cmdRoot:
		return trace.NodeID(*c.Node)
	case cmdUp, cmdReveal:
		return vw.nav.root
	}
	if cur := vw.tree.Current(); cur != trace.NoNode {
		return cur
	}
	return vw.nav.root
}

// drawnFinal notes that the page draws the display set as the drawing
// shows it, at the last step (show.drawShown draws the final tree), so
// that the next frame patches only what differs at its step.
func (vw *Viewer) drawnFinal() {
	final := vw.show.Tree()
	vw.sent = make([]render.NodeDisplay, vw.shown.Len())
	for i, id := range vw.shown.Nodes() {
		vw.sent[i] = render.DisplayIn(vw.lang, final, id, vw.view)
	}
	vw.sentMore = make([]moreShown, len(vw.shown.Groups()))
	for g := range vw.sentMore {
		e := vw.shown.Final(g)
		vw.sentMore[g] = moreShown{drawn: true, e: e}
	}
	vw.rescan, vw.rescanMore = true, true
}

// shownCells returns the minimap cells that hold shown nodes, each as
// row*Cols+col, in increasing order.
func shownCells(ov *render.Overview, set *render.Shown) []int {
	seen := make([]bool, ov.Cols*ov.Rows)
	for _, id := range set.Nodes() {
		c, r := ov.Cell(id)
		seen[r*ov.Cols+c] = true
	}
	var out []int
	for i, ok := range seen {
		if ok {
			out = append(out, i)
		}
	}
	return out
}

// nextStep returns the step after from in direction dir (1 or -1): the
// next one, or with a filter, the next whose event touches a node of the
// filter's subtree; and false if there is none.
func (vw *Viewer) nextStep(from, dir int) (int, bool) {
	last := vw.tree.Len() - 1
	if vw.nav.filter == trace.NoNode {
		k := from + dir
		return k, k >= 0 && k <= last
	}
	o, _, err := vw.show.Navigation()
	if err != nil {
		return from, false
	}
	for k := from + dir; k >= 0 && k <= last; k += dir {
		for _, id := range vw.tree.Touched(k) {
			if o.Under(id, vw.nav.filter) {
				return k, true
			}
		}
	}
	return from, false
}

// navView says what the page shows of the tree: the view's root and the
// way down to it, the filter on the steps, how many nodes are drawn, and
// the minimap's cell of the search's focus.
func (vw *Viewer) navView(focus trace.NodeID) *NavView {
	nv := &NavView{Root: int(vw.nav.root), Filter: -1, Total: vw.tree.Size(), Shown: vw.tree.Size(), Pruned: vw.prunedMoves()}
	trail := vw.path(vw.nav.root)
	if n := len(trail); n > MaxPathMoves {
		// The root, then a crumb for the levels left out, then the last.
		skipped := trail[n-MaxPathMoves+1]
		nv.Trail = append(nv.Trail, crumb{Node: int(trail[0]), Name: vw.moveName(trail[0])}, crumb{Node: int(skipped), Name: vw.lang.F("… %s levels", explain.Thousands(n-MaxPathMoves+1))})
		trail = trail[n-MaxPathMoves+2:]
	}
	for _, id := range trail {
		nv.Trail = append(nv.Trail, crumb{Node: int(id), Name: vw.moveName(id)})
	}
	if vw.nav.filter != trace.NoNode {
		nv.Filter, nv.FilterName = int(vw.nav.filter), vw.pathName(vw.nav.filter)
	}
	if vw.nav.root != vw.tree.Root() {
		nv.Elsewhere = !slices.Contains(vw.path(focus), vw.nav.root)
		if o, _, err := vw.show.Navigation(); err == nil && o.Appear(vw.nav.root) > vw.tree.Step() {
			nv.Reach = o.Appear(vw.nav.root)
		}
	}
	if vw.shown != nil {
		nv.Shown = vw.shown.Len()
		if _, ov, err := vw.show.Navigation(); err == nil {
			c, r := ov.Cell(focus)
			nv.Cell = []int{c, r}
			c0, c1 := ov.Span(vw.nav.root)
			_, r0 := ov.Cell(vw.nav.root)
			nv.Span = []int{c0, c1, r0}
		}
	}
	return nv
}

// path returns the nodes from the root down to id.
func (vw *Viewer) path(id trace.NodeID) []trace.NodeID {
	var out []trace.NodeID
	for ; id != trace.NoNode; id = vw.tree.Node(id).Parent {
		out = append(out, id)
	}
	slices.Reverse(out)
	return out
}

// moveName names node id by the move into it, "root" for the root.
func (vw *Viewer) moveName(id trace.NodeID) string {
	n := vw.tree.Node(id)
	if n.Parent == trace.NoNode {
		return vw.lang.T("root")
	}
	if n.Label != "" {
		return vw.lang.NodeLabel(n)
	}
	return strconv.Itoa(n.Action)
}

// prunedMoves counts the nodes of the tree that stand for moves a cut
// pruned, which the tree holds but the search never made: the nodes
// drawn outnumber the nodes searched by them. It is counted again only
// when the tree grows.
func (vw *Viewer) prunedMoves() int {
	if n := vw.tree.Size(); n != vw.pruned.size {
		vw.pruned.size, vw.pruned.n = n, 0
		for id := range n {
			if vw.tree.Node(trace.NodeID(id)).Placeholder {
				vw.pruned.n++
			}
		}
	}
	return vw.pruned.n
}
