package trace

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/searchviz/searchviz/trace/internal/event"
	"github.com/searchviz/searchviz/trace/internal/store"
)

// Grain is how far a step control moves: to the next event, or to the
// next step of a kind a teacher explains a search by, such as the next
// iteration or the next cut. Its zero value, GrainBad, is invalid.
type Grain uint8

// The grains, from the finest.
const (
	GrainBad       Grain = iota
	GrainEvent           // every event
	GrainNode            // the events that enter or leave a node
	GrainIteration       // the first step of each iteration (see IterationSpan)
	GrainCut             // the cut events
	GrainBackup          // the backprop events, and the value events that back a best child's value up
	GrainDecision        // the events that change the root's best child, or a Monte Carlo search's leading one (see rootLeaders)
	numGrains
)

var grains = event.Enum[Grain]{Type: "Grain", Noun: "grain", First: GrainEvent, Names: []string{
	GrainBad:       "bad",
	GrainEvent:     "event",
	GrainNode:      "node",
	GrainIteration: "iteration",
	GrainCut:       "cut",
	GrainBackup:    "backup",
	GrainDecision:  "decision",
}}

// String returns the grain's name, e.g. "iteration".
func (g Grain) String() string { return grains.Name(g) }

// ParseGrain returns the grain named s, or an error that lists the names.
func ParseGrain(s string) (Grain, error) { return grains.Parse(s) }

// Grains returns every valid grain, from the finest.
func Grains() []Grain {
	out := make([]Grain, 0, numGrains-GrainEvent)
	for g := GrainEvent; g < numGrains; g++ {
		out = append(out, g)
	}
	return out
}

// nodeScan is the most events NextStep reads looking for the next enter
// or leave event, which the fold does not index: enter and leave events
// are most of a depth-first trace's, so the next is seldom far. Past
// nodeScan events without one, GrainNode stops nodeScan events away.
const nodeScan = 1024

// stepSet is a set of steps, a bit for each step up to the last: an index
// of events of one sort that takes an eighth of a byte per event however
// many there are, where a list of steps would take four bytes per member,
// so that a trace within a memory budget stays within it. It counts the
// members before every rankWords words, so that finding the i-th member,
// or counting those up to a step, reads at most rankWords words after a
// binary search. Members are added in increasing order.
type stepSet struct {
	words []uint64 // bit k%64 of words[k/64] is step k
	ranks []int32  // ranks[b] counts the members in words[:b*rankWords]
	n     int      // the members
}

const rankWords = 8

// add adds step k, which must come after every member.
func (s *stepSet) add(k int) {
	w := k / 64
	for len(s.words) <= w {
		if len(s.words)%rankWords == 0 {
			s.ranks = append(s.ranks, int32(s.n))
		}
		s.words = append(s.words, 0)
	}
	s.words[w] |= 1 << (k % 64)
	s.n++
}

// clip returns s holding no spare capacity.
func (s stepSet) clip() stepSet {
	s.words, s.ranks = slices.Clip(s.words), slices.Clip(s.ranks)
	return s
}

// mem returns the bytes s holds.
func (s *stepSet) mem() int64 {
	return store.AllocSize(int64(cap(s.words))*8) + store.AllocSize(int64(cap(s.ranks))*4)
}

// rank returns how many members are at most k.
func (s *stepSet) rank(k int) int {
	if k < 0 {
		return 0
	}
	w := k / 64
	if w >= len(s.words) {
		return s.n
	}
	b := w / rankWords
	c := int(s.ranks[b])
	for _, x := range s.words[b*rankWords : w] {
		c += bits.OnesCount64(x)
	}
	return c + bits.OnesCount64(s.words[w]&(^uint64(0)>>(63-k%64)))
}

// at returns member i, counted from 0, which must be less than s.n.
func (s *stepSet) at(i int) int {
	b, _ := slices.BinarySearch(s.ranks, int32(i+1))
	b-- // the last block whose members before it are at most i
	c := int(s.ranks[b])
	for w := b * rankWords; ; w++ {
		x := s.words[w]
		if p := bits.OnesCount64(x); c+p <= i {
			c += p
			continue
		}
		for ; c < i; c++ {
			x &= x - 1
		}
		return w*64 + bits.TrailingZeros64(x)
	}
}

// iterationUnits returns the first step of each iteration and the last
// step of the last one (-1 for the trace's last step): the iteration
// events not discarded, if there are any, each iteration running to the
// next; else, for a beam search, a depth for each beam event, running from
// the step after the one before (the first from step 0) to the beam event
// that ends it, and after the last beam event no iteration at all.
func iterationUnits(starts stepSet, beams []int32) (stepSet, int) {
	if starts.n > 0 || len(beams) == 0 {
		return starts, -1
	}
	var units stepSet
	units.add(0)
	for _, b := range beams[:len(beams)-1] {
		units.add(int(b) + 1)
	}
	return units.clip(), int(beams[len(beams)-1])
}

// set returns the index of grain g, or nil for GrainEvent and GrainNode.
// It panics if g is not a valid Grain.
func (t *Tree) set(method string, g Grain) *stepSet {
	f := t.f
	switch g {
	case GrainEvent, GrainNode:
		return nil
	case GrainIteration:
		return &f.units
	case GrainCut:
		return &f.cuts
	case GrainBackup:
		return &f.backups
	case GrainDecision:
		return &f.decisions
	}
	panic(fmt.Sprintf("trace: Tree.%s(%v): not a grain", method, g))
}

// GrainCount returns how many steps grain g stops at, for the grains the
// fold indexes: GrainIteration, GrainCut, GrainBackup and GrainDecision;
// 0 for GrainEvent and GrainNode, which stop too often to count. With
// GrainStep, it lists the steps a scrubber marks. It panics if g is not a
// valid Grain.
func (t *Tree) GrainCount(g Grain) int {
	if s := t.set("GrainCount", g); s != nil {
		return s.n
	}
	return 0
}

// GrainStep returns the i-th step, counted from 0 in increasing order,
// that grain g stops at, in time logarithmic in the trace's length. It
// panics if g is not a valid Grain or i is not in [0, GrainCount(g)).
func (t *Tree) GrainStep(g Grain, i int) int {
	s := t.set("GrainStep", g)
	if s == nil || i < 0 || i >= s.n {
		panic(fmt.Sprintf("trace: Tree.GrainStep(%v, %d): out of range [0, %d)", g, i, t.GrainCount(g)))
	}
	return s.at(i)
}

// HasGrain reports whether grain g stops anywhere in the trace: whether
// it has an event of g's kind. GrainEvent always does. HasGrain panics if
// g is not a valid Grain.
func (t *Tree) HasGrain(g Grain) bool {
	switch g {
	case GrainEvent:
		return true
	case GrainNode:
		return t.f.entered
	}
	return t.set("HasGrain", g).n > 0
}

// NextStep returns the step grain g stops at next after step k, in
// direction dir: for dir > 0 the first after k, for dir < 0 the last
// before k; and true, or k and false if there is none. GrainEvent goes
// from step 0 back to step -1; the others stop only at events. For
// GrainNode it reads at most nodeScan events, and with no enter or leave
// among them stops at the farthest it read, unless that is the trace's
// first or last step, where it finds none. NextStep does not depend on
// the Tree's current step and allocates nothing; it panics if k is not
// in [-1, Len()), dir is 0 or g is not a valid Grain.
func (t *Tree) NextStep(k int, g Grain, dir int) (int, bool) {
	t.checkStep("NextStep", k)
	if dir == 0 {
		panic("trace: Tree.NextStep: direction 0")
	}
	n := t.f.events.Len()
	switch g {
	case GrainEvent:
		if dir > 0 && k+1 < n {
			return k + 1, true
		}
		if dir < 0 && k >= 0 {
			return k - 1, true
		}
		return k, false
	case GrainNode:
		return t.nextNode(k, dir)
	}
	s := t.set("NextStep", g)
	if dir > 0 {
		if i := s.rank(k); i < s.n { // member i is the first after k
			return s.at(i), true
		}
		return k, false
	}
	if i := s.rank(k - 1); i > 0 { // member i-1 is the last before k
		return s.at(i - 1), true
	}
	return k, false
}

// nextNode is NextStep for GrainNode.
func (t *Tree) nextNode(k, dir int) (int, bool) {
	f, n := t.f, t.f.events.Len()
	isNode := func(rec []byte) bool {
		kind := Kind(rec[0])
		return kind == KindEnter || kind == KindLeave
	}
	if dir > 0 {
		end := min(n-1, k+nodeScan) // the last step read
		c := f.events.Cursor(k + 1)
		for j := k + 1; j <= end; j++ {
			if isNode(c.Next()) {
				return j, true
			}
		}
		if end < n-1 {
			return end, true
		}
		return k, false
	}
	start := max(0, k-nodeScan) // the first step read
	found := -1
	c := f.events.Cursor(start)
	for j := start; j < k; j++ {
		if isNode(c.Next()) {
			found = j
		}
	}
	switch {
	case found >= 0:
		return found, true
	case start > 0:
		return start, true
	}
	return k, false
}

// Iterations returns how many iterations the trace has, as IterationSpan
// counts them.
func (t *Tree) Iterations() int { return t.f.units.n }

// IterationSpan returns the iteration step k is in, counted from 1, its
// first step and its number of steps; or 0, 0, 0 if k is in none. The
// iterations are the iteration events' (MCTS and DUCT iterations,
// Chokudai passes, iterative deepening's depths), each running from its
// event to the step before the next, the last to the trace's last step;
// an iteration event marked Discarded goes on with the iteration it
// ends. A trace with no iteration event but beam events has a depth for
// each beam event instead, running from the step after the one before
// (the first from step 0) to the beam event. IterationSpan does not
// depend on the Tree's current step, allocates nothing, and panics if k is
// not in [-1, Len()).
func (t *Tree) IterationSpan(k int) (number, first, steps int) {
	t.checkStep("IterationSpan", k)
	f := t.f
	i := f.units.rank(k)
	if i == 0 {
		return 0, 0, 0
	}
	last := f.events.Len() - 1
	switch {
	case i < f.units.n:
		last = f.units.at(i) - 1
	case f.unitsEnd >= 0:
		last = f.unitsEnd
	}
	if k > last {
		return 0, 0, 0
	}
	first = f.units.at(i - 1)
	return i, first, last - first + 1
}

// IterationsByDepth reports whether the trace's iterations are the depths
// of a beam search, which has no iteration events (see IterationSpan).
func (t *Tree) IterationsByDepth() bool {
	return t.f.iterStarts.n == 0 && t.f.units.n > 0
}
