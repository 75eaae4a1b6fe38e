package trace

import "slices"

// rootLeaders follows, through a Monte Carlo search's backprops through
// the root, which root child leads by the two rules such searches decide
// by: the most visits (MCTS) and the best mean result in the root's view
// (Primitive Monte Carlo), ties going to the child created first, as the
// engines break them. Such a search names its best child only at its
// decision, so the changes of leader are the steps GrainDecision stops at,
// by the rule that picked the move the decision made.
type rootLeaders struct {
	off      bool      // the trace has joint moves (DUCT), decided per player
	children []NodeID  // the root's children backed up through, in the order first seen
	visits   []int     // by children's index
	total    []float64 // by children's index, the results in the root's view
	byVisits int       // the index of the leader by visits, or -1
	byMean   int       // the index of the leader by mean, or -1
	// The steps at which each leader changed.
	visitSteps, meanSteps []int
}

func newRootLeaders() rootLeaders { return rootLeaders{byVisits: -1, byMean: -1} }

// backup counts, at step k, a result in the root's view backed up through
// root child c.
func (l *rootLeaders) backup(k int, c NodeID, result float64) {
	if l.off {
		return
	}
	i := slices.Index(l.children, c)
	if i < 0 {
		i = len(l.children)
		l.children = append(l.children, c)
		l.visits = append(l.visits, 0)
		l.total = append(l.total, 0)
	}
	l.visits[i]++
	l.total[i] += result
	if v := l.lead(func(j int) float64 { return float64(l.visits[j]) }); v != l.byVisits {
		l.byVisits = v
		l.visitSteps = append(l.visitSteps, k)
	}
	if m := l.lead(func(j int) float64 { return l.total[j] / float64(l.visits[j]) }); m != l.byMean {
		l.byMean = m
		l.meanSteps = append(l.meanSteps, k)
	}
}

// lead returns the index of the child with the greatest score, the one
// created first among equals.
func (l *rootLeaders) lead(score func(int) float64) int {
	best := 0
	for j := 1; j < len(l.children); j++ {
		if s, b := score(j), score(best); s > b || s == b && l.children[j] < l.children[best] {
			best = j
		}
	}
	return best
}

// changes returns the steps at which the leader by the rule that picks
// chosen changed: by visits when chosen has more than every other child,
// else by mean when chosen leads by mean, else by visits when it leads by
// visits; none when neither rule picks it.
func (l *rootLeaders) changes(chosen NodeID) []int {
	if l.off || len(l.children) == 0 {
		return nil
	}
	leads := func(i int) bool { return i >= 0 && l.children[i] == chosen }
	if leads(l.byVisits) && l.clearVisitLead() {
		return l.visitSteps
	}
	if leads(l.byMean) {
		return l.meanSteps
	}
	if leads(l.byVisits) {
		return l.visitSteps
	}
	return nil
}

// clearVisitLead reports whether the leader by visits has more visits
// than every other child, so that visits, not the order of children,
// decided it.
func (l *rootLeaders) clearVisitLead() bool {
	for j, n := range l.visits {
		if j != l.byVisits && n >= l.visits[l.byVisits] {
			return false
		}
	}
	return true
}

// withSteps returns s with the steps extra added, as a new set.
func withSteps(s *stepSet, extra []int) stepSet {
	all := make([]int, 0, s.n+len(extra))
	for i := range s.n {
		all = append(all, s.at(i))
	}
	all = append(all, extra...)
	slices.Sort(all)
	var out stepSet
	for _, k := range slices.Compact(all) {
		out.add(k)
	}
	return out
}
