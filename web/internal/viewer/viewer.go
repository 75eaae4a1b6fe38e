package viewer

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
)

// Viewer is one page's position in a show: its own tree, its point of
// view, what it chose to see and what it has drawn, so that frames carry
// only what changed. It is used by one goroutine.
type Viewer struct {
	show     *show.Show
	lang     explain.Lang // the language of the page's reader
	tree     *trace.Tree
	view     trace.View
	selected trace.NodeID // the node the page selected, or NoNode
	at       int          // the step of the last frame, -1 before the first
	ahead    int          // the way the page last stepped: 1 forwards, -1 backwards

	// pages is the server's count of what its pages hold of their own,
	// nil if none counts it; held is this viewer's share of it.
	pages *atomic.Int64
	held  int64

	// Drawing: the Layouter, the time limit and the context of display
	// sets' drawings (see arrange).
	layouter render.Layouter
	timeout  time.Duration
	ctx      context.Context

	nav     navigation
	panel   struct{ w, h float64 } // the page's tree panel in the drawing's units at a readable scale; 0 before it says
	budget  int                    // the nodes a display set that fits the panel's width has, as the last drawing says; 0 for a guess
	pitch   float64                // from one rank of the drawings to the next, at most, in their units; 0 before one is drawn
	tallest float64                // the tallest box of the drawings, in their units
	// foldSpan is the height, in the drawings' units, from the top of
	// the root's rank to the foot of the rank under the fold in the folded
	// drawings, at most; 0 before one is drawn.
	foldSpan float64
	// noBoards says the panel is too short for the least ranks of a
	// fold (render.Fold) with boards in the nodes: they are drawn without.
	noBoards bool
	ranks    int      // the ranks the display set was picked to fit (render.Choices.Ranks)
	whole    struct { // whether the whole tree is readable in the panel (wholeReadable), once known
		key       wholeKey
		known, ok bool
	}
	pruned       struct{ size, n int } // the tree's pruned moves, n, when it had size nodes (prunedMoves)
	pageWhole    bool                  // the page draws the whole tree, fetched from the layout URL
	redraw       bool                  // the page's drawing is out of date: the trace changed
	shown        *render.Shown         // the display set the page draws; nil when it draws the whole tree
	tally        *render.Tally         // what shown's placeholders stand for
	sentOverview *render.Overview      // the minimap the page has
	// sent is what the page draws of each node, by id for the whole tree
	// or by place in shown's nodes; nil before a full frame. sentMore is
	// what it draws of each placeholder of shown.
	sent     []render.NodeDisplay
	sentMore []moreShown
	// rescan says the page's drawing is new: the next frame looks at
	// every node and placeholder drawn, not at those the steps touched.
	rescan, rescanMore bool
	logs               logWindow
}

// moreShown is what a page draws of a placeholder.
type moreShown struct {
	drawn bool
	e     render.Elided
}

// logWindow holds the words of the steps of the last frame's log, so
// that the next frame describes only the steps it adds.
type logWindow struct {
	view  trace.View
	lo    int      // the first step of texts
	texts []string // the words of steps lo, lo+1, ...
}

// Options are what a viewer is given by the server that shows it.
type Options struct {
	// Layouter draws display sets, each within Timeout.
	Layouter render.Layouter
	Timeout  time.Duration
	// Pages is the server's count of what its pages hold of their own,
	// nil if none counts it.
	Pages *atomic.Int64
	// Lang is the language of the page's reader, English if zero: every
	// word and drawing the viewer sends is in it.
	Lang explain.Lang
}

// New returns a viewer of show s in view v at step 0, whose drawings of
// display sets end with ctx.
func New(ctx context.Context, s *show.Show, v trace.View, o Options) *Viewer {
	t := s.Tree().Clone()
	t.Seek(0)
	return &Viewer{show: s, lang: o.Lang, tree: t, view: v, selected: trace.NoNode, at: -1, ahead: 1, nav: newNavigation(),
		pageWhole: s.WholeFits(), ctx: ctx, timeout: o.Timeout, layouter: o.Layouter, pages: o.Pages}
}

// SetPanel fits what the page draws to its tree panel, w by h units of
// the drawing at the scale where its texts are readable, as the page's
// socket address says before its first frame (see the panel command).
func (vw *Viewer) SetPanel(w, h float64) error {
	if err := CheckPanel(w, h); err != nil {
		return err
	}
	vw.setPanel(w, h)
	return nil
}

// FullFrame returns the frame of step k that restyles every node, as a
// page that has only the drawing needs it: an offline handout's.
func (vw *Viewer) FullFrame(k int) (Frame, error) {
	vw.setView(vw.view)
	_, f, err := vw.frame(k, false)
	return f, err
}

// account counts in pages what the viewer holds of its own after a
// frame: its tree's states where its steps changed them, and what it last
// sent of the drawing.
func (vw *Viewer) account() {
	if vw.pages == nil {
		return
	}
	now := vw.tree.OwnMemSize() + int64(cap(vw.sent))*int64(unsafe.Sizeof(render.NodeDisplay{})) + int64(cap(vw.sentMore))*int64(unsafe.Sizeof(moreShown{}))
	vw.pages.Add(now - vw.held)
	vw.held = now
}

// Release takes the viewer's share out of the pages' count when its page
// leaves.
func (vw *Viewer) Release() {
	if vw.pages != nil {
		vw.pages.Add(-vw.held)
		vw.held = 0
	}
}

// rebase moves the viewer to a newer snapshot of a growing trace, at the
// same step or the last one it has; the next frame is a full one, after a
// new drawing.
func (vw *Viewer) rebase(s *show.Show) {
	vw.show = s
	vw.tree = s.Tree().Clone()
	vw.sent, vw.shown, vw.tally = nil, nil, nil
	vw.redraw = true
	vw.logs = logWindow{}
	vw.at = -1
	if int(vw.selected) >= vw.tree.Size() {
		vw.selected = trace.NoNode
	}
	vw.nav.keep(vw.tree.Size())
}

// setView changes the point of view; the next frame is a full one, which
// rewrites the texts of every node drawn and the caption. The page keeps
// its drawing, whole or of a display set: a Patchable drawing is laid out
// alike in both views.
func (vw *Viewer) setView(v trace.View) {
	vw.view = v
	vw.sent, vw.sentMore = nil, nil
	vw.logs = logWindow{}
}

// frame moves to step k and returns what the page must change: the
// drawing, if it must change before the frame (a display set's, or with
// f.Relayout the whole tree's), and the frame.
func (vw *Viewer) frame(k int, playing bool) (*Layout, Frame, error) {
	if k < 0 || k >= vw.tree.Len() {
		return nil, Frame{}, fmt.Errorf("web: no step %d in a trace of %d steps", k, vw.tree.Len())
	}
	from := vw.at
	if from >= 0 && k != from {
		vw.ahead = cmp.Compare(k, from)
	}
	log := vw.describe(k)
	// A page new to this viewer or its view needs what a full frame
	// carries beside the nodes, even when a new display set's drawing
	// leaves its first frame with only the nodes that differ from it.
	extras := vw.sent == nil
	layout, refetch, err := vw.arrange()
	if err != nil {
		return nil, Frame{}, err
	}
	t := vw.tree
	f := Frame{
		Type:     "frame",
		Step:     k,
		Steps:    t.Len(),
		View:     vw.view.String(),
		Full:     vw.sent == nil,
		Playing:  playing,
		Relayout: refetch,
		Current:  int(t.Current()),
		Line:     vw.show.Code(vw.view).Lit(t),
		Log:      log,
	}
	extras = extras || f.Full
	// The page has the listing in English; a reader of another language
	// gets it in a full frame, as a page whose view has two forms does.
	if extras && (vw.show.Forms() || vw.lang.Code() != explain.English.Code()) {
		f.Code = vw.show.CodeIn(vw.lang, vw.view)
	}
	if extras {
		f.Caption = vw.lang.Caption(t.Node(t.Root()).Type, vw.view)
	}
	f.Nodes = vw.patches(from, k)
	f.More = vw.morePatches(k, f.Full)
	vw.at = k
	// With no focus, before the search starts or after it decides, the
	// panels show the root.
	focus := t.Current()
	if focus == trace.NoNode {
		focus = t.Root()
	}
	f.Vars = vw.variables(focus)
	if p := t.IterationAt(k); p > 0 {
		f.Vars = append(f.Vars, Variable{vw.lang.T(vw.iterationName()), strconv.Itoa(p)})
	}
	f.Board = vw.board(focus)
	if vw.selected != trace.NoNode {
		d := vw.details(vw.selected)
		f.Selected = &d
	}
	f.Decision = vw.show.DecisionIn(vw.lang)
	if e, ok := t.LatestBeam(k); ok {
		f.Beam = vw.beam(e)
	}
	f.Visits = vw.visits(k)
	f.Nav = vw.navView(focus)
	vw.grainFrame(&f, extras)
	return layout, f, nil
}

// describe returns the log of a frame of step k: the words of the latest
// logLines steps, oldest first, in the viewer's view. It describes only
// the steps the last frame's log did not have, and leaves the tree at
// step k.
func (vw *Viewer) describe(k int) []LogLine {
	lo := max(0, k-logLines+1)
	w := &vw.logs
	if w.view != vw.view {
		*w = logWindow{view: vw.view}
	}
	texts := make([]string, k-lo+1)
	for i := lo; i <= k; i++ {
		if j := i - w.lo; j >= 0 && j < len(w.texts) {
			texts[i-lo] = w.texts[j]
			continue
		}
		vw.tree.Seek(i)
		texts[i-lo] = vw.lang.Describe(vw.tree, vw.view)
	}
	vw.tree.Seek(k)
	w.lo, w.texts = lo, texts
	out := make([]LogLine, len(texts))
	for i, text := range texts {
		out[i] = LogLine{Step: lo + i, Text: text}
	}
	return out
}

// maxDeltaSteps bounds the steps between two frames over which a frame
// is made from the nodes the steps touch; over a longer jump every node
// drawn is looked at, which then costs less.
const maxDeltaSteps = 256

// patches returns the patches of the nodes drawn whose display changed
// since the last frame, at step from, or of every node drawn for a full
// frame. It looks at the nodes the events between the two steps touch
// (trace.Tree.Touched), and at the nodes of playouts at either step,
// whose texts hold the playout's result at its step only; when a result
// was backed up through the root, every edge's width by visits may
// change, and every node drawn is looked at.
func (vw *Viewer) patches(from, k int) []NodePatch {
	t := vw.tree
	drawn := t.Size()
	if vw.shown != nil {
		drawn = vw.shown.Len()
	}
	out := []NodePatch{}
	full := vw.sent == nil
	if full {
		vw.sent = make([]render.NodeDisplay, drawn)
	}
	one := func(id trace.NodeID) {
		i := int(id)
		if vw.shown != nil {
			var ok bool
			if i, ok = vw.shown.Index(id); !ok {
				return
			}
		}
		d := render.DisplayIn(vw.lang, t, id, vw.view)
		if full || d != vw.sent[i] {
			out = append(out, NodePatch{ID: int(id), NodeDisplay: d})
			vw.sent[i] = d
		}
	}
	if full || vw.rescan || !vw.touchedOnly(from, k) {
		vw.rescan = false
		for i := range drawn {
			id := trace.NodeID(i)
			if vw.shown != nil {
				id = vw.shown.Nodes()[i]
			}
			one(id)
		}
		return out
	}
	lo, hi := min(from, k), max(from, k)
	for j := lo + 1; j <= hi; j++ {
		for _, id := range t.Touched(j) {
			one(id)
		}
	}
	for _, j := range []int{from, k} {
		if e := t.Event(j); e.Kind == trace.KindPlayout {
			one(e.Node)
		}
	}
	return out
}

// touchedOnly reports whether the patches between steps from and k can
// be found from the nodes the steps between touch: the steps are few, and
// none backs a result up through the root.
func (vw *Viewer) touchedOnly(from, k int) bool {
	lo, hi := min(from, k), max(from, k)
	if lo < 0 || hi-lo > maxDeltaSteps {
		return false
	}
	root := vw.tree.Root()
	for j := lo + 1; j <= hi; j++ {
		if slices.Contains(vw.tree.Touched(j), root) && vw.monteCarlo() {
			return false
		}
	}
	return true
}

// morePatches returns the patches of the placeholders whose counts or
// visibility changed since the last frame, or of all of them for a full
// frame, after moving their counts to step k.
func (vw *Viewer) morePatches(k int, full bool) []MorePatch {
	if vw.shown == nil {
		return nil
	}
	changed := map[int]bool{}
	vw.tally.Seek(k, func(g int) { changed[g] = true })
	if full || vw.sentMore == nil || vw.rescanMore {
		if vw.sentMore == nil {
			vw.sentMore = make([]moreShown, len(vw.shown.Groups()))
		}
		for g := range vw.sentMore {
			changed[g] = true
		}
		vw.rescanMore = false
	}
	out := []MorePatch{}
	for _, g := range slices.Sorted(maps.Keys(changed)) {
		e := vw.tally.Counts(g)
		now := moreShown{drawn: e.Children > 0, e: e}
		if !full && now == vw.sentMore[g] {
			continue
		}
		vw.sentMore[g] = now
		p := MorePatch{Parent: int(vw.shown.Groups()[g]), Class: "st_not_reached"}
		if now.drawn {
			p.Class = "st_more"
			p.More, p.Nodes = e.LabelIn(vw.lang)
		}
		out = append(out, p)
	}
	return out
}
