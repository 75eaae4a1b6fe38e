package viewer

import (
	"slices"
	"strconv"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// rootMeasure says what the search of vw's trace measures its root moves
// by: each player's visits of its own actions where both move at once
// (DUCT), win rates for an algorithm the catalog says measures them
// (Primitive Monte Carlo), and otherwise visits (MCTS, and a trace of an
// algorithm the catalog does not know).
func (vw *Viewer) rootMeasure() explain.RootMeasure {
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
func (vw *Viewer) visits(k int) *visitsView {
	if !vw.monteCarlo() {
		return nil
	}
	m := vw.rootMeasure()
	words := m.WordsIn(vw.lang)
	through := vw.tree.RootVisits(k)
	// Primitive Monte Carlo backs up one playout's result at a time.
	caption := vw.lang.F("after %s results", explain.Thousands(len(through)))
	if len(through) == 1 {
		caption = vw.lang.F("after %s result", explain.Thousands(len(through)))
	}
	if m == explain.MeasureWinRate {
		caption = vw.lang.F("after %s playouts", explain.Thousands(len(through)))
		if len(through) == 1 {
			caption = vw.lang.F("after %s playout", explain.Thousands(len(through)))
		}
	}
	v := &visitsView{Title: words.Title, Help: words.Help, Total: len(through), Caption: caption}
	groups := vw.visitBars(m, k)
	for _, g := range groups {
		markBars(vw.lang, m, g)
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
func (vw *Viewer) visitBars(m explain.RootMeasure, k int) [][]visitBar {
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
				b.row.Text = explain.Number(r) + " · " + vw.lang.Playouts(n.Visits)
			} else {
				b.row.Text = vw.lang.T("no playouts yet")
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
func markBars(l explain.Lang, m explain.RootMeasure, g []visitBar) {
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
	words := m.WordsIn(l)
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
			b.row.Mark = m.ChosenIn(l, isTop, top > 1)
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
func (vw *Viewer) matrix(n trace.NodeState) *matrixView {
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
func (vw *Viewer) iterationName() string {
	if vw.tree.Node(vw.tree.Root()).Type == trace.TypeSingle {
		return "pass"
	}
	return "iteration"
}

// beam lists a beam event's kept and dropped states with their scores.
func (vw *Viewer) beam(e trace.Event) *beamView {
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
