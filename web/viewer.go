package web

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
)

// viewer is one page's position in a show: its own tree, its point of
// view, what it chose to see and what it has drawn, so that frames carry
// only what changed. It is used by one goroutine.
type viewer struct {
	show     *show.Show
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

	nav          navigation
	pageWhole    bool             // the page draws the whole tree, fetched from the layout URL
	redraw       bool             // the page's drawing is out of date: the trace changed
	shown        *render.Shown    // the display set the page draws; nil when it draws the whole tree
	tally        *render.Tally    // what shown's placeholders stand for
	sentOverview *render.Overview // the minimap the page has
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

func newViewer(s *show.Show, v trace.View) *viewer {
	t := s.Tree().Clone()
	t.Seek(0)
	return &viewer{show: s, tree: t, view: v, selected: trace.NoNode, at: -1, ahead: 1, nav: newNavigation(),
		pageWhole: s.WholeFits(), ctx: context.Background(), timeout: DefaultLayoutTimeout}
}

// account counts in pages what the viewer holds of its own after a
// frame: its tree's states where its steps changed them, and what it last
// sent of the drawing.
func (vw *viewer) account() {
	if vw.pages == nil {
		return
	}
	now := vw.tree.OwnMemSize() + int64(cap(vw.sent))*int64(unsafe.Sizeof(render.NodeDisplay{})) + int64(cap(vw.sentMore))*int64(unsafe.Sizeof(moreShown{}))
	vw.pages.Add(now - vw.held)
	vw.held = now
}

// release takes the viewer's share out of pages when its page leaves.
func (vw *viewer) release() {
	if vw.pages != nil {
		vw.pages.Add(-vw.held)
		vw.held = 0
	}
}

// rebase moves the viewer to a newer snapshot of a growing trace, at the
// same step or the last one it has; the next frame is a full one, after a
// new drawing.
func (vw *viewer) rebase(s *show.Show) {
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
func (vw *viewer) setView(v trace.View) {
	vw.view = v
	vw.sent, vw.sentMore = nil, nil
	vw.logs = logWindow{}
}

// frame moves to step k and returns what the page must change: the
// drawing, if it must change before the frame (a display set's, or with
// f.Relayout the whole tree's), and the frame.
func (vw *viewer) frame(k int, playing bool) (*layoutMsg, frameMsg, error) {
	if k < 0 || k >= vw.tree.Len() {
		return nil, frameMsg{}, fmt.Errorf("web: no step %d in a trace of %d steps", k, vw.tree.Len())
	}
	from := vw.at
	if from >= 0 && k != from {
		vw.ahead = cmp.Compare(k, from)
	}
	log := vw.describe(k)
	layout, refetch, err := vw.arrange()
	if err != nil {
		return nil, frameMsg{}, err
	}
	t := vw.tree
	f := frameMsg{
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
	if f.Full && vw.show.Forms() {
		f.Code = vw.show.Code(vw.view).Text()
	}
	if f.Full {
		f.Caption = explain.Caption(t.Node(t.Root()).Type, vw.view)
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
		f.Vars = append(f.Vars, variable{vw.iterationName(), strconv.Itoa(p)})
	}
	f.Board = vw.board(focus)
	if vw.selected != trace.NoNode {
		d := vw.details(vw.selected)
		f.Selected = &d
	}
	f.Decision = vw.show.Decision()
	if e, ok := t.LatestBeam(k); ok {
		f.Beam = vw.beam(e)
	}
	f.Visits = vw.visits(k)
	f.Nav = vw.navView(focus)
	vw.grainFrame(&f)
	return layout, f, nil
}

// describe returns the log of a frame of step k: the words of the latest
// logLines steps, oldest first, in the viewer's view. It describes only
// the steps the last frame's log did not have, and leaves the tree at
// step k.
func (vw *viewer) describe(k int) []logLine {
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
		texts[i-lo] = explain.Describe(vw.tree, vw.view)
	}
	vw.tree.Seek(k)
	w.lo, w.texts = lo, texts
	out := make([]logLine, len(texts))
	for i, text := range texts {
		out[i] = logLine{Step: lo + i, Text: text}
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
func (vw *viewer) patches(from, k int) []nodePatch {
	t := vw.tree
	drawn := t.Size()
	if vw.shown != nil {
		drawn = vw.shown.Len()
	}
	out := []nodePatch{}
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
		d := render.Display(t, id, vw.view)
		if full || d != vw.sent[i] {
			out = append(out, nodePatch{ID: int(id), NodeDisplay: d})
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
func (vw *viewer) touchedOnly(from, k int) bool {
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
func (vw *viewer) morePatches(k int, full bool) []morePatch {
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
	out := []morePatch{}
	for _, g := range slices.Sorted(maps.Keys(changed)) {
		e := vw.tally.Counts(g)
		now := moreShown{drawn: e.Children > 0, e: e}
		if !full && now == vw.sentMore[g] {
			continue
		}
		vw.sentMore[g] = now
		p := morePatch{Parent: int(vw.shown.Groups()[g]), Class: "st_not_reached"}
		if now.drawn {
			p.Class = "st_more"
			p.More, p.Nodes = e.Label()
		}
		out = append(out, p)
	}
	return out
}

// historyPoints is the most points of the visits chart's history.
const historyPoints = 60

// rootMeasure says what the search of vw's trace measures its root moves
// by: each player's visits of its own actions where both move at once
// (DUCT), win rates for an algorithm the catalog says measures them
// (Primitive Monte Carlo), and otherwise visits (MCTS, and a trace of an
// algorithm the catalog does not know).
func (vw *viewer) rootMeasure() explain.RootMeasure {
	if vw.tree.Node(vw.tree.Root()).Type == trace.TypeJoint {
		return explain.MeasurePlayerVisits
	}
	if vw.show.Measures() == search.MeasureWinRate {
		return explain.MeasureWinRate
	}
	return explain.MeasureVisits
}

// visitBar is one bar of the panel of root moves before it is marked:
// the children it counts, and its measure.
type visitBar struct {
	row     visitsRow
	kids    []trace.NodeID
	measure float64 // visits, or win rate
	has     bool    // the measure is known: the move has results
	chosen  bool    // the decision takes this move, at the decision's step
}

// visits returns the panel of the root's moves at step k, or nil for a
// trace that backs up no results. The tree is at step k.
func (vw *viewer) visits(k int) *visitsView {
	if !vw.monteCarlo() {
		return nil
	}
	m := vw.rootMeasure()
	words := m.Words()
	through := vw.tree.RootVisits(k)
	// Primitive Monte Carlo backs up one playout's result at a time.
	unit, units := "result", "results"
	if m == explain.MeasureWinRate {
		unit, units = "playout", "playouts"
	}
	v := &visitsView{Title: words.Title, Help: words.Help, Total: len(through),
		Caption: "after " + explain.Count(len(through), unit, units)}
	groups := vw.visitBars(m, k)
	for _, g := range groups {
		markBars(m, g)
		for _, b := range g {
			v.Rows = append(v.Rows, b.row)
		}
	}
	if m != explain.MeasureWinRate {
		var bars []visitBar
		for _, g := range groups {
			bars = append(bars, g...)
		}
		v.History, v.At = visitHistory(bars, through)
	}
	return v
}

// visitBars makes the bars of the root's moves at step k, in groups whose
// best the panel marks: one group of the root's children, or, where both
// players move at once, one of each player's actions.
func (vw *viewer) visitBars(m explain.RootMeasure, k int) [][]visitBar {
	t := vw.tree
	root := t.Node(t.Root())
	// At the decision, the move it takes, which is player A's action
	// where both move at once: B's bars keep their marks of the best.
	decided, chosen := t.Event(k).Kind == trace.KindDecision, -1
	if decided {
		chosen = t.Event(k).Decision().Action
	}
	if m == explain.MeasurePlayerVisits {
		var groups [][]visitBar
		for p := range 2 {
			var g []visitBar
			at := map[int]int{} // the bar of each action
			for _, id := range root.Children {
				n := t.Node(id)
				if n.Joint == nil {
					continue
				}
				a := n.Joint[p]
				i, ok := at[a.Action]
				if !ok {
					i = len(g)
					at[a.Action] = i
					g = append(g, visitBar{row: visitsRow{Label: explain.SimPlayer(p) + ": " + a.Label},
						chosen: decided && p == 0 && a.Action == chosen})
				}
				g[i].kids = append(g[i].kids, id)
				g[i].row.Count += n.Visits
			}
			for i := range g {
				g[i].measure, g[i].has = float64(g[i].row.Count), true
				g[i].row.Text = strconv.Itoa(g[i].row.Count)
			}
			groups = append(groups, g)
		}
		return groups
	}
	var g []visitBar
	for _, id := range root.Children {
		n := t.Node(id)
		b := visitBar{row: visitsRow{Label: n.Label, Count: n.Visits}, kids: []trace.NodeID{id},
			chosen: decided && n.Action == chosen}
		if m == explain.MeasureWinRate {
			// Win rates for the root player, whatever the page's view.
			if r, ok := render.MeanResult(n, trace.ViewRoot); ok {
				b.measure, b.has = r, true
				b.row.Text = explain.Number(r) + " · " + explain.Playouts(n.Visits)
			} else {
				b.row.Text = "no playouts yet"
			}
		} else {
			b.measure, b.has = float64(n.Visits), true
			b.row.Text = strconv.Itoa(n.Visits)
		}
		g = append(g, b)
	}
	return [][]visitBar{g}
}

// markBars sets the lengths and marks of one group of bars: a win rate's
// bar is as long as the rate, a count's as its share of the group's
// greatest. The marks name the best move, every move tied for the best as
// tied, or, at the decision, the move it takes.
func markBars(m explain.RootMeasure, g []visitBar) {
	best, top := 0.0, 0
	for _, b := range g {
		switch {
		case !b.has || b.measure < best:
		case b.measure > best || top == 0:
			best, top = b.measure, 1
		default:
			top++
		}
	}
	// Nothing leads before the first result.
	if m != explain.MeasureWinRate && best == 0 {
		top = 0
	}
	decided := slices.ContainsFunc(g, func(b visitBar) bool { return b.chosen })
	words := m.Words()
	for i := range g {
		b := &g[i]
		switch {
		case m == explain.MeasureWinRate:
			b.row.Width = b.measure
		case best > 0:
			b.row.Width = b.measure / best
		}
		isTop := top > 0 && b.has && b.measure == best
		switch {
		case decided && b.chosen:
			b.row.Mark = m.Chosen(isTop, top > 1)
		case decided:
		case isTop && top > 1:
			b.row.Mark = words.Tied
		case isTop:
			b.row.Mark = words.Top
		}
	}
}

// visitHistory returns, by bar, its visits at evenly spaced points of the
// results backed up through the root, through, and those points: at most
// historyPoints of them; nil before the first result.
func visitHistory(bars []visitBar, through []trace.NodeID) ([][]int, []int) {
	of := map[trace.NodeID][]int{} // the bars of each child
	for i, b := range bars {
		for _, id := range b.kids {
			of[id] = append(of[id], i)
		}
	}
	total := len(through)
	if total == 0 {
		return nil, nil
	}
	points := min(total, historyPoints)
	counts := make([]int, len(bars))
	history := make([][]int, len(bars))
	var at []int
	next := 0
	for i, id := range through {
		// A result whose path skips from a deeper node to the root counts
		// in the total only.
		for _, b := range of[id] {
			counts[b]++
		}
		// Point p of points stands at the end of its share of the results.
		for next < points && (i+1)*points >= (next+1)*total {
			at = append(at, i+1)
			for j, c := range counts {
				history[j] = append(history[j], c)
			}
			next++
		}
	}
	return history, at
}

// matrix lays out a simultaneous-move node's children, each reached by a
// joint action, as A's actions by B's; nil if it has none, or if its
// trace gives no joint actions.
func (vw *viewer) matrix(n trace.NodeState) *matrixView {
	m := &matrixView{}
	row, col := map[int]int{}, map[int]int{}
	type cell struct{ r, c int }
	cells := map[trace.NodeID]cell{}
	for _, id := range n.Children {
		j := vw.tree.Node(id).Joint
		if j == nil {
			return nil
		}
		a, b := j[0], j[1]
		if _, seen := row[a.Action]; !seen {
			row[a.Action] = len(m.Rows)
			m.Rows = append(m.Rows, a.Label)
		}
		if _, seen := col[b.Action]; !seen {
			col[b.Action] = len(m.Cols)
			m.Cols = append(m.Cols, b.Label)
		}
		cells[id] = cell{row[a.Action], col[b.Action]}
	}
	if len(cells) == 0 {
		return nil
	}
	m.N = make([][]int, len(m.Rows))
	m.Mean = make([][]string, len(m.Rows))
	m.OnPath = make([][]bool, len(m.Rows))
	for i := range m.Rows {
		m.N[i] = make([]int, len(m.Cols))
		m.Mean[i] = make([]string, len(m.Cols))
		m.OnPath[i] = make([]bool, len(m.Cols))
	}
	m.RowN, m.ColN = make([]int, len(m.Rows)), make([]int, len(m.Cols))
	for id, c := range cells {
		child := vw.tree.Node(id)
		m.N[c.r][c.c] = child.Visits
		m.RowN[c.r] += child.Visits
		m.ColN[c.c] += child.Visits
		if child.Visits > 0 {
			m.Mean[c.r][c.c] = render.Display(vw.tree, id, vw.view).Value
		}
		m.OnPath[c.r][c.c] = child.Status == trace.StatusCurrent || child.Status == trace.StatusPath
	}
	return m
}

// iterationName is what a trace's iteration events count: a one-player
// search's passes (Chokudai search), or iterations (MCTS, iterative
// deepening).
func (vw *viewer) iterationName() string {
	if vw.tree.Node(vw.tree.Root()).Type == trace.TypeSingle {
		return "pass"
	}
	return "iteration"
}

// maxRanked is the most rows a beam list shows.
const maxRanked = 25

// beam lists a beam event's kept and dropped states with their scores.
func (vw *viewer) beam(e trace.Event) *beamView {
	bv := &beamView{Step: e.Step, Depth: e.Depth, Kept: []rankRow{}, Dropped: []rankRow{}}
	rows := func(ids []trace.NodeID) []rankRow {
		out := []rankRow{}
		for i, id := range ids {
			if i == maxRanked {
				bv.More += len(ids) - maxRanked
				break
			}
			n := vw.tree.Node(id)
			out = append(out, rankRow{Node: int(id), Name: vw.pathName(id), Score: explain.Number(n.Value)})
		}
		return out
	}
	bv.Kept, bv.Dropped = rows(e.Kept), rows(e.Dropped)
	bv.Pass = vw.tree.IterationAt(e.Step)
	return bv
}

// viewNote labels a value with whose view it is in; a one-player game's
// values are the player's score, in one view only.
func (vw *viewer) viewNote() string {
	if w := explain.Whose(vw.tree.Node(vw.tree.Root()).Type, vw.view); w != "" {
		return " (" + w + ")"
	}
	return ""
}

// variables are the rows of the variables panel for node id.
func (vw *viewer) variables(id trace.NodeID) []variable {
	n := vw.tree.Node(id)
	vars := []variable{
		{explain.FactNode, vw.pathName(id)},
		{explain.FactToMove, explain.Player(n.Type)},
		{explain.FactDepth, strconv.Itoa(n.Depth)},
	}
	if n.HasBounds {
		a, b := vw.view.Window(n.Type, n.Alpha, n.Beta)
		vars = append(vars, variable{"α" + vw.viewNote(), explain.Number(a)}, variable{"β" + vw.viewNote(), explain.Number(b)})
	}
	if vw.monteCarlo() {
		vars = append(vars, vw.results(id)...)
	}
	if n.HasValue {
		vars = append(vars, vw.values(id)...)
	} else if !vw.monteCarlo() {
		vars = append(vars, variable{explain.FactValue(n) + vw.viewNote(), explain.NotKnownYet})
	}
	if n.Best != trace.NoNode {
		vars = append(vars, variable{explain.FactBestSoFar, explain.BestMove(vw.tree, n)})
	}
	return vars
}

// values are the rows of node id's value, which it has: in the viewer's
// view; for a one-player state, its own score, as the drawing shows it,
// and the best score found below it, once the decision gives it one.
func (vw *viewer) values(id trace.NodeID) []variable {
	n := vw.tree.Node(id)
	value := vw.view.Value(n.Type, n.Value)
	score, ok := vw.tree.FirstEval(id)
	if n.Type != trace.TypeSingle || !ok {
		return []variable{{explain.FactValue(n) + vw.viewNote(), explain.Number(value)}}
	}
	rows := []variable{{explain.FactValue(n), explain.Number(score)}}
	if value != score {
		rows = append(rows, variable{explain.FactBestBelow, explain.Number(value)})
	}
	return rows
}

// monteCarlo reports whether the trace backs up results, as MCTS does.
func (vw *viewer) monteCarlo() bool {
	return len(vw.tree.RootVisits(vw.tree.Len()-1)) > 0
}

// results are the rows of the variables panel and node details for node
// id of a Monte Carlo search: its mean result and visits, and the result
// of the playout the step is at, if it starts from id.
func (vw *viewer) results(id trace.NodeID) []variable {
	mean := explain.NoResultsYet
	if r, ok := render.MeanResult(vw.tree.Node(id), vw.view); ok {
		mean = explain.Number(r)
	}
	rows := []variable{
		{explain.FactMeanResult + vw.viewNote(), mean},
		{explain.FactVisits, strconv.Itoa(vw.tree.Node(id).Visits)},
	}
	if r, ok := render.PlayoutResult(vw.tree, id, vw.view); ok {
		rows = append(rows, variable{explain.FactPlayout + vw.viewNote(), explain.Number(r) + " (" + explain.Outcome(r) + ")"})
	}
	return rows
}

// details answers a select command for node id.
func (vw *viewer) details(id trace.NodeID) nodeMsg {
	n := vw.tree.Node(id)
	m := nodeMsg{Node: int(id), Title: vw.pathName(id), Board: vw.board(id), Children: len(n.Children), Folded: vw.nav.isCollapsed(id)}
	m.Shown = vw.shown == nil || vw.shown.Has(id)
	m.Facts = []variable{
		{explain.FactStatus, explain.Status(n.Status)},
		{explain.FactToMove, explain.Player(n.Type)},
		{explain.FactDepth, strconv.Itoa(n.Depth)},
	}
	if n.HasValue {
		m.Facts = append(m.Facts, vw.values(id)...)
	}
	if vw.monteCarlo() {
		m.Facts = append(m.Facts, vw.results(id)...)
	}
	if n.HasBounds {
		a, b := vw.view.Window(n.Type, n.Alpha, n.Beta)
		m.Facts = append(m.Facts, variable{explain.FactWindow + vw.viewNote(), "α=" + explain.Number(a) + " β=" + explain.Number(b)})
	}
	if n.Best != trace.NoNode {
		m.Facts = append(m.Facts, variable{explain.FactBestMove, explain.BestMove(vw.tree, n)})
	}
	if n.Same != 0 && n.HasValue {
		m.Facts = append(m.Facts, variable{explain.FactSame, "the value of " + vw.pathName(n.Same) + ", the same position searched to the same depth"})
	}
	if p := n.Iteration; p > 0 {
		m.Facts = append(m.Facts, variable{explain.FactCreatedIn + " " + vw.iterationName(), strconv.Itoa(p)})
	}
	if n.Type == trace.TypeJoint {
		m.Matrix = vw.matrix(n)
	}
	if n.Status == trace.StatusPruned && n.PrunedBy != trace.NoNode {
		cutter := vw.tree.Node(n.PrunedBy)
		m.Reason = explain.PruneReason(cutter, vw.pathName(n.PrunedBy), n.Label)
		if v, ok := shallowValue(vw.tree, cutter, n.Action); ok && cutter.Cut == trace.CutForward {
			m.Reason = explain.ForwardReason(cutter, vw.pathName(n.PrunedBy), n.Label, explain.Number(v))
		}
	}
	return m
}

// board returns node id's position as its game declares its board, or
// nil if it has none that can be drawn.
func (vw *viewer) board(id trace.NodeID) *boardView {
	read := vw.show.BoardReader()
	n := vw.tree.Node(id)
	b := show.ReadBoard(read, n.Board)
	if b == nil {
		return nil
	}
	title := "root position"
	if n.Parent != trace.NoNode {
		title = "after " + vw.pathName(id)
	}
	bv := &boardView{Title: title, Caption: b.Caption, Rows: b.Rows, Cols: b.Cols, Cells: b.Cells}
	if n.Parent != trace.NoNode {
		if p := show.ReadBoard(read, vw.tree.Node(n.Parent).Board); p != nil {
			bv.Changed = b.Changed(*p)
		}
	}
	switch {
	case n.Prob != 0:
		bv.Outcome, bv.Probability = n.Label, explain.Probability(n.Prob)
	case n.Type == trace.TypeChance && n.Parent != trace.NoNode:
		bv.Pending = n.Label
	}
	if n.Type == trace.TypeSingle {
		bv.Trail = vw.trail(id, *b, read)
		// The state's own score, from its evaluation: later value events
		// give ancestors of the best state that state's score instead.
		if score, ok := vw.tree.FirstEval(id); ok && n.HasValue {
			bv.Score = explain.Number(score)
		}
	}
	return bv
}

// trail marks, by cell of b, the board of node id, the cells that changed
// on the way from the root to the node before its last move: in a maze,
// the path the character took. It is nil when no earlier move changed a
// cell of a board of b's shape.
func (vw *viewer) trail(id trace.NodeID, b board.Board, read func(string) (board.Board, bool)) []bool {
	var trail []bool
	n := vw.tree.Node(id)
	for n.Parent != trace.NoNode {
		p := vw.tree.Node(n.Parent)
		if p.Parent == trace.NoNode {
			break
		}
		after, before := show.ReadBoard(read, p.Board), show.ReadBoard(read, vw.tree.Node(p.Parent).Board)
		if after == nil || before == nil || after.Rows != b.Rows || after.Cols != b.Cols {
			break
		}
		step := after.Changed(*before)
		if step == nil {
			break
		}
		if trail == nil {
			trail = make([]bool, len(step))
		}
		for i, c := range step {
			trail[i] = trail[i] || c
		}
		n = p
	}
	return trail
}

// pathName names a node by the moves from the root: "root", "c2 a1".
func (vw *viewer) pathName(id trace.NodeID) string {
	var labels []string
	for id != trace.NoNode {
		n := vw.tree.Node(id)
		if n.Parent == trace.NoNode {
			break
		}
		label := n.Label
		if label == "" {
			label = strconv.Itoa(n.Action)
		}
		labels = append(labels, label)
		id = n.Parent
	}
	if len(labels) == 0 {
		return "root"
	}
	slices.Reverse(labels)
	if n := len(labels); n > maxPathMoves {
		head, tail := maxPathMoves/4, maxPathMoves-maxPathMoves/4
		gap := fmt.Sprintf("… %s moves …", explain.Thousands(n-head-tail))
		labels = slices.Concat(labels[:head], []string{gap}, labels[n-tail:])
	}
	return strings.Join(labels, " ")
}

// shallowValue returns the value, from the root player's view, that the
// pass before the forward cut at pass node c gave action: its node's under
// the previous pass. It reports false when there is none.
func shallowValue(t *trace.Tree, c trace.NodeState, action int) (float64, bool) {
	if c.Parent == trace.NoNode {
		return 0, false
	}
	passes := t.Node(c.Parent).Children
	i := slices.Index(passes, c.ID)
	if i < 1 {
		return 0, false
	}
	for _, k := range t.Node(passes[i-1]).Children {
		if n := t.Node(k); n.Action == action && n.HasValue && !n.Placeholder {
			return trace.ViewRoot.Value(n.Type, n.Value), true
		}
	}
	return 0, false
}
