package codec

import (
	"math"

	"github.com/searchviz/searchviz/trace/internal/event"
)

// selectKeyOf returns the key of a select event at node id.
func (s *compactState) selectKeyOf(id event.NodeID) selectKey {
	return selectKey{node: id, second: s.prev == event.KindSelect && s.selected[0] == id}
}

// observeSelect remembers a select event's candidates and statistics.
func (s *compactState) observeSelect(e *event.Event) {
	key := s.selectKeyOf(e.Node)
	st := s.selects.get(key)
	if st == nil {
		st = &selectState{}
		s.selects.set(key, st)
	}
	st.children, st.actions, st.w, st.n = st.children[:0], st.actions[:0], st.w[:0], st.n[:0]
	sum := 0
	for _, sc := range e.Scores {
		st.children = append(st.children, sc.Child)
		st.actions = append(st.actions, sc.Action)
		st.w = append(st.w, sc.W)
		st.n = append(st.n, sc.N)
		sum += sc.N
	}
	st.offset = e.Visits - sum
	st.chosen, st.pending = s.chosenIndex(e, key.second), st.pending[:0]
	s.explore = e.Explore
	s.selected = [2]event.NodeID{e.Node, e.Child}
}

// chosenIndex returns the index of the candidate a select chose: the one
// whose child it is, or, for candidates that are a player's moves at a
// joint node (DUCT's), the one of the chooser's move to the child; or -1.
func (s *compactState) chosenIndex(e *event.Event, second bool) int {
	j, joint := s.jointOf[e.Child]
	for i, sc := range e.Scores {
		switch {
		case sc.Child != event.NoNode && sc.Child == e.Child:
			return i
		case sc.Child == event.NoNode && joint && sc.Action == j[boolIndex(second)].Action:
			return i
		}
	}
	return -1
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// observeBackprop predicts the changes of the next selects at the nodes of
// a backprop's path, as the Monte Carlo engines keep their statistics: at
// a select among children (MCTS), the chosen child gains the value the
// backprop adds at that child; at a select among a player's moves at a
// joint node (DUCT), the chosen move gains the value added at the node,
// for the first player, and 1 minus it, for the second.
func (s *compactState) observeBackprop(e *event.Event) {
	for j, id := range e.Path {
		if j >= len(e.Values) {
			return // a malformed backprop, which a tree refuses, predicts nothing
		}
		if j+1 < len(e.Path) {
			if st := s.selects.get(selectKey{node: e.Path[j+1]}); st != nil && st.chosen >= 0 && st.children[st.chosen] == id && id != event.NoNode {
				st.pending = append(st.pending, bump{st.chosen, e.Values[j]})
			}
		}
		for _, second := range [2]bool{false, true} {
			if st := s.selects.get(selectKey{node: id, second: second}); st != nil && st.chosen >= 0 && st.children[st.chosen] == event.NoNode {
				dw := e.Values[j]
				if second {
					dw = 1 - dw
				}
				st.pending = append(st.pending, bump{st.chosen, dw})
			}
		}
	}
}

// UCB1 is the score a select event's candidate of total w over n visits
// has, t being the visits its ln t counts and c the exploration constant:
// w/n + c·sqrt(2·ln t / n), or NaN when n is 0. Engines that compute it
// this way let version 2 traces leave every score out.
func UCB1(w float64, n, t int, c float64) float64 {
	if n == 0 {
		return math.NaN()
	}
	fn := float64(n)
	return w/fn + float64(c*math.Sqrt(2*math.Log(float64(t))/fn))
}

// defaultChild is the child a select at the state's key picks by
// default: the same as the select just before at the same node, or else
// the first unvisited candidate, else the first of greatest UCB1.
func defaultChild(second bool, prev event.NodeID, scores []event.Score) event.NodeID {
	if second {
		return prev
	}
	best, bestU := -1, math.Inf(-1)
	for i, sc := range scores {
		if sc.N == 0 {
			best = i
			break
		}
		if sc.UCB > bestU {
			best, bestU = i, sc.UCB
		}
	}
	if best < 0 {
		return event.NoNode
	}
	return scores[best].Child
}

// sameBits reports whether a and b are the same float64, telling -0 from 0
// and taking NaNs as equal.
func sameBits(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
}
