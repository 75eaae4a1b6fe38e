package viewer

import (
	"slices"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
)

// viewNote labels a value with whose view it is in; a one-player game's
// values are the player's score, in one view only.
func (vw *Viewer) viewNote() string {
	if w := vw.lang.Whose(vw.tree.Node(vw.tree.Root()).Type, vw.view); w != "" {
		return vw.lang.F(" (%s)", w)
	}
	return ""
}

// variables are the rows of the variables panel for node id.
func (vw *Viewer) variables(id trace.NodeID) []Variable {
	n := vw.tree.Node(id)
	vars := []Variable{
		{vw.lang.T(explain.FactNode), vw.pathName(id)},
		{vw.lang.T(explain.FactToMove), vw.lang.Player(n.Type)},
		{vw.lang.T(explain.FactDepth), strconv.Itoa(n.Depth)},
	}
	if n.HasBounds {
		a, b := vw.view.Window(n.Type, n.Alpha, n.Beta)
		vars = append(vars, Variable{"α" + vw.viewNote(), explain.Number(a)}, Variable{"β" + vw.viewNote(), explain.Number(b)})
	}
	if vw.monteCarlo() {
		vars = append(vars, vw.results(id)...)
	}
	if n.HasValue {
		vars = append(vars, vw.values(id)...)
	} else if !vw.monteCarlo() {
		vars = append(vars, Variable{vw.lang.FactValue(n) + vw.viewNote(), vw.lang.T(explain.NotKnownYet)})
	}
	if n.Best != trace.NoNode {
		vars = append(vars, Variable{vw.lang.T(explain.FactBestSoFar), vw.lang.BestMove(vw.tree, n)})
	}
	return vars
}

// values are the rows of node id's value, which it has: in the viewer's
// view; for a one-player state, its own score, as the drawing shows it,
// and the best score found below it, once the decision gives it one.
func (vw *Viewer) values(id trace.NodeID) []Variable {
	n := vw.tree.Node(id)
	value := vw.view.Value(n.Type, n.Value)
	score, ok := vw.tree.FirstEval(id)
	if n.Type != trace.TypeSingle || !ok {
		return []Variable{{vw.lang.FactValue(n) + vw.viewNote(), explain.Number(value)}}
	}
	rows := []Variable{{vw.lang.FactValue(n), explain.Number(score)}}
	if value != score {
		rows = append(rows, Variable{vw.lang.T(explain.FactBestBelow), explain.Number(value)})
	}
	return rows
}

// monteCarlo reports whether the trace backs up results, as MCTS does.
func (vw *Viewer) monteCarlo() bool {
	return len(vw.tree.RootVisits(vw.tree.Len()-1)) > 0
}

// results are the rows of the variables panel and node details for node
// id of a Monte Carlo search: its mean result and visits, and the result
// of the playout the step is at, if it starts from id.
func (vw *Viewer) results(id trace.NodeID) []Variable {
	mean := vw.lang.T(explain.NoResultsYet)
	if r, ok := render.MeanResult(vw.tree.Node(id), vw.view); ok {
		mean = explain.Number(r)
	}
	rows := []Variable{
		{vw.lang.T(explain.FactMeanResult) + vw.viewNote(), mean},
		{vw.lang.T(explain.FactVisits), strconv.Itoa(vw.tree.Node(id).Visits)},
	}
	if r, ok := render.PlayoutResult(vw.tree, id, vw.view); ok {
		rows = append(rows, Variable{vw.lang.T(explain.FactPlayout) + vw.viewNote(), vw.lang.F("%s (%s)", explain.Number(r), vw.lang.Outcome(r))})
	}
	return rows
}

// details answers a select command for node id.
func (vw *Viewer) details(id trace.NodeID) Details {
	n := vw.tree.Node(id)
	m := Details{Node: int(id), Title: vw.pathName(id), Board: vw.board(id), Children: len(n.Children), Folded: vw.nav.isCollapsed(id)}
	m.Shown = vw.shown == nil || vw.shown.Has(id)
	m.Facts = []Variable{
		{vw.lang.T(explain.FactStatus), vw.lang.Status(n.Status)},
		{vw.lang.T(explain.FactToMove), vw.lang.Player(n.Type)},
		{vw.lang.T(explain.FactDepth), strconv.Itoa(n.Depth)},
	}
	if n.HasValue {
		m.Facts = append(m.Facts, vw.values(id)...)
	}
	if vw.monteCarlo() {
		m.Facts = append(m.Facts, vw.results(id)...)
	}
	if n.HasBounds {
		a, b := vw.view.Window(n.Type, n.Alpha, n.Beta)
		m.Facts = append(m.Facts, Variable{vw.lang.T(explain.FactWindow) + vw.viewNote(), "α=" + explain.Number(a) + " β=" + explain.Number(b)})
	}
	if n.Best != trace.NoNode {
		m.Facts = append(m.Facts, Variable{vw.lang.T(explain.FactBestMove), vw.lang.BestMove(vw.tree, n)})
	}
	if n.Same != 0 && n.HasValue {
		m.Facts = append(m.Facts, Variable{vw.lang.T(explain.FactSame), vw.lang.F("the value of %s, the same position searched to the same depth", vw.pathName(n.Same))})
	}
	if p := n.Iteration; p > 0 {
		m.Facts = append(m.Facts, Variable{vw.lang.F("created in %s", vw.lang.T(vw.iterationName())), strconv.Itoa(p)})
	}
	if n.Type == trace.TypeJoint {
		m.Matrix = vw.matrix(n)
	}
	if n.Status == trace.StatusPruned && n.PrunedBy != trace.NoNode {
		cutter := vw.tree.Node(n.PrunedBy)
		m.Reason = vw.lang.PruneReasonIn(vw.view, cutter, vw.pathName(n.PrunedBy), n.Label)
		if v, ok := shallowValue(vw.tree, cutter, n.Action); ok && cutter.Cut == trace.CutForward {
			m.Reason = vw.lang.ForwardReason(cutter, vw.pathName(n.PrunedBy), n.Label, explain.Number(v))
		}
	}
	return m
}

// board returns node id's position as its game declares its board, or
// nil if it has none that can be drawn.
func (vw *Viewer) board(id trace.NodeID) *boardView {
	read := vw.show.BoardReader()
	n := vw.tree.Node(id)
	b := show.ReadBoard(read, n.Board)
	if b == nil {
		return nil
	}
	title := vw.lang.T("root position")
	if n.Parent != trace.NoNode {
		title = vw.lang.F("after %s", vw.pathName(id))
	}
	bv := &boardView{Title: title, Caption: vw.lang.BoardCaption(b.Caption), Rows: b.Rows, Cols: b.Cols, Cells: b.Cells, Look: b.Look, ColumnNames: b.ColumnNames, RowNames: b.RowNames}
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
func (vw *Viewer) trail(id trace.NodeID, b board.Board, read func(string) (board.Board, bool)) []bool {
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
func (vw *Viewer) pathName(id trace.NodeID) string {
	var labels []string
	for id != trace.NoNode {
		n := vw.tree.Node(id)
		if n.Parent == trace.NoNode {
			break
		}
		label := vw.lang.NodeLabel(n)
		if label == "" {
			label = strconv.Itoa(n.Action)
		}
		labels = append(labels, label)
		id = n.Parent
	}
	if len(labels) == 0 {
		return vw.lang.T("root")
	}
	slices.Reverse(labels)
	if n := len(labels); n > MaxPathMoves {
		head, tail := MaxPathMoves/4, MaxPathMoves-MaxPathMoves/4
		gap := vw.lang.F("… %s moves …", explain.Thousands(n-head-tail))
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
