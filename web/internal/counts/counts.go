package counts

import (
	"fmt"

	"github.com/searchviz/searchviz/trace"
)

// depthCounts is what a search did at one depth of its tree, or at all
// depths together.
type depthCounts struct {
	nodes          int // nodes the search created, placeholders not included
	pruned         int // moves cut off by cuts at the depth above: placeholders
	alphaCuts      int // α-cuts made at nodes of this depth
	betaCuts       int // β-cuts made at nodes of this depth
	terminalEvals  int // evaluations of finished games
	heuristicEvals int // static evaluations of unfinished positions
	visits         int // Monte Carlo visits of the nodes, backprop's n at the last step
	tableHits      int // nodes whose value a transposition table gave, not evaluated nor searched
}

// cuts returns the cuts of both kinds.
func (d depthCounts) cuts() int { return d.alphaCuts + d.betaCuts }

// evals returns the evaluations of both kinds.
func (d depthCounts) evals() int { return d.terminalEvals + d.heuristicEvals }

// add adds o to d.
func (d *depthCounts) add(o depthCounts) {
	d.nodes += o.nodes
	d.pruned += o.pruned
	d.alphaCuts += o.alphaCuts
	d.betaCuts += o.betaCuts
	d.terminalEvals += o.terminalEvals
	d.heuristicEvals += o.heuristicEvals
	d.visits += o.visits
	d.tableHits += o.tableHits
}

// Counts is what one traced search did at each depth of its tree.
type Counts struct {
	depths []depthCounts // by depth, from the root's 0
	total  depthCounts

	// whole holds the counters of the trace's decision, the whole
	// search's even when the trace is cut short; hasWhole says there is
	// one.
	whole    trace.Counters
	hasWhole bool
	// truncated says a budget cut the recording short: depths and total
	// count what was recorded, a part of the search.
	truncated bool
}

// Count counts what the trace folded in t did at each depth. It reads
// t through its public API without moving it, so several goroutines may
// count one Tree that nothing moves; t must stand at its last step, where
// the visits are final. It takes time linear in the trace's events and
// nodes and allocates only the per-depth counts.
func Count(t *trace.Tree) (Counts, error) {
	if last := t.Len() - 1; t.Step() != last {
		return Counts{}, fmt.Errorf("counts: counting a trace at step %d, want its last step %d", t.Step(), last)
	}
	var c Counts
	monteCarlo := false
	for k := range t.Len() {
		e := t.Event(k)
		var err error
		switch e.Kind {
		case trace.KindNode:
			err = c.countNode(e.NodeCreated())
		case trace.KindCut:
			err = c.countCut(e.Cutoff(), t.Node(e.Node).Depth)
		case trace.KindEval:
			err = c.countEval(e.Eval(), t.Node(e.Node).Depth)
		case trace.KindBackprop:
			monteCarlo = true
		case trace.KindNote:
			c.truncated = c.truncated || e.Note().Truncated != trace.NotTruncated
		case trace.KindDecision:
			c.whole, c.hasWhole = e.Decision().Counters, true
		}
		if err != nil {
			return Counts{}, fmt.Errorf("counts: counting event %d: %w", k, err)
		}
	}
	if monteCarlo {
		if err := c.countVisits(t); err != nil {
			return Counts{}, err
		}
	}
	for _, d := range c.depths {
		c.total.add(d)
	}
	return c, nil
}

// at returns the counts of depth d, adding depths down to it.
func (c *Counts) at(d int) (*depthCounts, error) {
	if d < 0 || d > MaxDepth {
		return nil, fmt.Errorf("depth %d is outside the counts view's 0..%d", d, MaxDepth)
	}
	for len(c.depths) <= d {
		c.depths = append(c.depths, depthCounts{})
	}
	return &c.depths[d], nil
}

// countNode counts a node the search created.
func (c *Counts) countNode(n trace.NodeCreated) error {
	d, err := c.at(n.Depth)
	if err != nil {
		return fmt.Errorf("node %d: %w", n.Node, err)
	}
	d.nodes++
	return nil
}

// countCut counts a cut at a node of depth depth, and the moves it
// pruned one depth below.
func (c *Counts) countCut(cut trace.Cutoff, depth int) error {
	d, err := c.at(depth)
	if err != nil {
		return fmt.Errorf("cut at node %d: %w", cut.Node, err)
	}
	switch cut.Kind {
	case trace.CutAlpha:
		d.alphaCuts++
	case trace.CutBeta:
		d.betaCuts++
	}
	if len(cut.Pruned) == 0 {
		return nil
	}
	below, err := c.at(depth + 1)
	if err != nil {
		return fmt.Errorf("moves pruned at node %d: %w", cut.Node, err)
	}
	below.pruned += len(cut.Pruned)
	return nil
}

// countEval counts an evaluation of a node of depth depth.
func (c *Counts) countEval(ev trace.Eval, depth int) error {
	d, err := c.at(depth)
	if err != nil {
		return fmt.Errorf("evaluation of node %d: %w", ev.Node, err)
	}
	switch {
	case ev.Same != 0:
		d.tableHits++
	case ev.Terminal:
		d.terminalEvals++
	default:
		d.heuristicEvals++
	}
	return nil
}

// countVisits adds up the visits of the nodes of each depth at t's step.
func (c *Counts) countVisits(t *trace.Tree) error {
	for id := range t.Size() {
		n := t.Node(trace.NodeID(id))
		if n.Placeholder || n.Visits == 0 {
			continue
		}
		d, err := c.at(n.Depth)
		if err != nil {
			return fmt.Errorf("counts: counting the visits of node %d: %w", id, err)
		}
		d.visits += n.Visits
	}
	return nil
}
