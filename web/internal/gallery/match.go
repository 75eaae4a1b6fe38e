package gallery

import (
	"math"
	"slices"
	"sync"

	"github.com/searchviz/searchviz/internal/lru"
	"github.com/searchviz/searchviz/trace"
)

// Side is one of the two traces whose steps a Matcher pairs: its id and
// its fold, at its last step.
type Side struct {
	ID   string
	Tree *trace.Tree
}

// Matcher pairs a step of one viewer of a comparison with a step of the
// other, as the comparison's Rule says. It keeps the node steps of the
// maxNodeSteps traces it paired by position last, made on first use in
// time linear in the trace. The zero Matcher is ready; it is safe for
// concurrent use, and never moves the trees it reads.
type Matcher struct {
	mu    sync.Mutex
	steps *lru.Cache[string, *nodeSteps]
}

// Match returns the step of to that matches step k of from under rule;
// k is a step of from.
func (m *Matcher) Match(rule Rule, from Side, k int, to Side) int {
	f, t := from.Tree, to.Tree
	switch rule {
	case MatchNode:
		return matchByNode(f, m.stepsOf(from), k, t, m.stepsOf(to))
	case MatchPlayout:
		return matchByPlayout(f, k, t)
	}
	return matchByShare(f.Len(), k, t.Len())
}

// stepsOf returns the nodeSteps of s, kept for the maxNodeSteps traces
// asked for last.
func (m *Matcher) stepsOf(s Side) *nodeSteps {
	t := s.Tree
	m.mu.Lock()
	if m.steps == nil {
		m.steps = lru.New[string, *nodeSteps](maxNodeSteps)
	}
	ns, _ := m.steps.Get(s.ID)
	m.mu.Unlock()
	if ns != nil && ns.events == t.Len() && len(ns.steps) == t.Size() {
		return ns
	}
	ns = makeNodeSteps(t)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.steps.Put(s.ID, ns)
	return ns
}

// matchByShare returns the step of a trace of n events at the same share
// of it as step k of a trace of from events: the first with the first, the
// last with the last.
func matchByShare(from, k, n int) int {
	if from <= 1 {
		return n - 1
	}
	return int(math.Round(float64(k) * float64(n-1) / float64(from-1)))
}

// matchByPlayout returns the step of trace t at the same playout as step k
// of trace f: the steps after the j-th result backed up through the root
// and up to the next, or to the end after the last, are segment j of a
// trace, and step k's segment j and share of it give the step at the same
// share of t's segment j. A result's own step matches the other's result
// of the same number; t's steps past its last playout match f's later
// playouts, and the end of one search the end of the other.
func matchByPlayout(f *trace.Tree, k int, t *trace.Tree) int {
	nf, nt := len(f.RootVisits(f.Len()-1)), len(t.RootVisits(t.Len()-1))
	j := 0
	if k > 0 {
		j = len(f.RootVisits(k - 1))
	}
	start, end := segment(f, j, nf)
	share := 1.0
	if end > start {
		share = float64(k-start) / float64(end-start)
	}
	switch {
	case j == nf: // after the last playout: after the other's
		j = nt
	case j >= nt: // a playout the other never made: its last
		return max(0, resultStep(t, nt))
	}
	start, end = segment(t, j, nt)
	return start + int(math.Round(share*float64(end-start)))
}

// segment returns the first and last steps of segment j of t, which backs
// up n results through the root: from the step after the j-th result (or
// 0) to the step of the next (or the last step).
func segment(t *trace.Tree, j, n int) (int, int) {
	start, end := 0, t.Len()-1
	if j > 0 {
		start = resultStep(t, j) + 1
	}
	if j < n {
		end = resultStep(t, j+1)
	}
	return min(start, end), end
}

// resultStep returns the step at which t backs up its j-th result through
// the root, j from 1, or -1 for j 0.
func resultStep(t *trace.Tree, j int) int {
	if j <= 0 {
		return -1
	}
	lo, hi := 0, t.Len()-1
	for lo < hi {
		mid := (lo + hi) / 2
		if len(t.RootVisits(mid)) >= j {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// matchByNode returns the step of trace t at the same position as step k
// of trace f (see MatchNode), from the steps at which each made its nodes,
// fs and ts. The last step matches the last.
func matchByNode(f *trace.Tree, fs *nodeSteps, k int, t *trace.Tree, ts *nodeSteps) int {
	if k >= f.Len()-1 {
		return t.Len() - 1
	}
	// The latest node f made by step k: made nodes' steps grow with their ids.
	n, _ := slices.BinarySearch(fs.steps[:fs.made], int32(k+1))
	if n == 0 {
		return 0
	}
	var path []int
	for id := trace.NodeID(n - 1); id != f.Root(); {
		nd := f.Node(id)
		path = append(path, nd.Action)
		id = nd.Parent
	}
	at := t.Root()
walk:
	for i := len(path) - 1; i >= 0; i-- {
		for _, c := range t.Node(at).Children {
			if t.Node(c).Action == path[i] {
				at = c
				if ts.steps[c] < 0 {
					break walk // a placeholder whose cut is unknown
				}
				continue walk
			}
		}
		break // the other search never came this way
	}
	for ts.steps[at] < 0 { // a placeholder no cut names: its parent's step
		at = t.Node(at).Parent
	}
	return int(ts.steps[at])
}

// nodeSteps is, for one trace, the step at which each node appears: the
// step of its node event, or for a placeholder the step of the cut that
// pruned it.
type nodeSteps struct {
	events int     // the trace's length
	steps  []int32 // by node id; -1 for a placeholder no cut names
	made   int     // the nodes the search made, ids 0 to made-1, whose steps grow with their ids
}

// makeNodeSteps reads the nodeSteps of t, without moving it.
func makeNodeSteps(t *trace.Tree) *nodeSteps {
	ns := &nodeSteps{events: t.Len(), steps: make([]int32, t.Size())}
	for i := range ns.steps {
		ns.steps[i] = -1
	}
	for k := range t.Len() {
		e := t.Event(k)
		switch e.Kind {
		case trace.KindNode:
			if int(e.Node) >= 0 && int(e.Node) < len(ns.steps) {
				ns.steps[e.Node] = int32(k)
				ns.made = max(ns.made, int(e.Node)+1)
			}
		case trace.KindCut:
			if e.Node < 0 || int(e.Node) >= len(ns.steps) {
				continue
			}
			cut := e.Cutoff()
			for _, c := range t.Node(e.Node).Children {
				if n := t.Node(c); n.Placeholder && ns.steps[c] < 0 && slices.Contains(cut.Pruned, n.Action) {
					ns.steps[c] = int32(k)
				}
			}
		}
	}
	return ns
}
