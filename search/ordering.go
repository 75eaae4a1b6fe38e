package search

import (
	"cmp"
	"fmt"
	"slices"
)

// Ordering is the order in which AlphaBeta searches the children of each
// interior node. It never changes a node's value, only how many nodes the
// search looks at and, among moves of equal value, which one it chooses:
// the sooner a good move is searched, the sooner alpha rises and the more
// of its siblings are cut.
type Ordering uint8

// The orderings, numbered as the catalog's parameter "ordering" takes them.
const (
	// OrderNone searches the children in the game's order, the order of
	// Legal.
	OrderNone Ordering = iota
	// OrderScore searches first the children whose static evaluation
	// looks best for the side to move: the moves sorted by the child's
	// Score, ascending, since a child's score is from its own side to
	// move's view, the opponent's; a stable sort, so ties keep the game's
	// order. It evaluates every child of every interior node once more
	// than the search does; those evaluations are not counted in
	// Result.Evals nor traced as eval events.
	OrderScore
	// OrderKiller searches first the killer moves of the node's ply: the
	// last two moves that caused a cut at a node of that ply, the latest
	// first, wherever in the tree it was, as a good reply often refutes
	// the siblings' moves too; then the other moves in the game's order.
	// It costs no evaluation.
	OrderKiller
	// OrderHistory searches the moves by their history score, highest
	// first, ties in the game's order: each cut adds depth² to the score
	// of the move (the action number) that caused it, at whatever node,
	// so a move that has refuted deep searches anywhere is tried early.
	// It costs no evaluation.
	OrderHistory

	numOrderings // the number of orderings; keep last
)

// orderingNames are the orderings' names, by number.
var orderingNames = [numOrderings]string{OrderNone: "none", OrderScore: "score", OrderKiller: "killer", OrderHistory: "history"}

// String returns the ordering's name: "none", "score", "killer" or
// "history".
func (o Ordering) String() string {
	if o < numOrderings {
		return orderingNames[o]
	}
	return fmt.Sprintf("Ordering(%d)", uint8(o))
}

// check returns an error unless o is a known ordering.
func (o Ordering) check() error {
	if o >= numOrderings {
		return fmt.Errorf("search: move ordering %d is unknown (want 0 to %d)", uint8(o), numOrderings-1)
	}
	return nil
}

// note is what the trace says on the root of a search with ordering o,
// "" for OrderNone.
func (o Ordering) note() string {
	switch o {
	case OrderScore:
		return "Move ordering: at every node the children are searched best-looking first, " +
			"sorted by their static evaluation from the side to move's view (ties in the game's order); " +
			"these evaluations are not traced as eval events."
	case OrderKiller:
		return "Move ordering by killer moves: at every node the last two moves that caused a cut " +
			"at the same depth, anywhere in the tree, are searched first, the latest first; then the rest in the game's order."
	case OrderHistory:
		return "Move ordering by history: every cut adds depth² to the score of the move that caused it; " +
			"at every node the moves are searched highest score first, ties in the game's order."
	}
	return ""
}

// keyedMove is a move and the key the ordering sorts it by: the smaller,
// the sooner it is searched.
type keyedMove struct {
	key    float64
	action int
}

func compareKeys(a, b keyedMove) int { return cmp.Compare(a.key, b.key) }

// order sorts moves, the legal actions of s, a node at ply, into the order
// e.opts.Ordering searches them, in place. It allocates nothing once its
// scratch buffer has grown: one buffer serves every ply, as the keys are
// done with before any child is searched.
func (e *dfs[S]) order(s S, ply int, moves []int) {
	if len(moves) < 2 {
		return
	}
	switch e.opts.Ordering {
	case OrderScore:
		e.sortBy(moves, func(a int) float64 { return s.Play(a).Score() })
	case OrderKiller:
		if ply < len(e.killers) {
			k := e.killers[ply]
			// The older killer goes first, then the latest ahead of it.
			front(moves, k[1])
			front(moves, k[0])
		}
	case OrderHistory:
		e.sortBy(moves, func(a int) float64 {
			if a < len(e.history) {
				return -e.history[a]
			}
			return 0
		})
	}
}

// sortBy sorts moves by key, ascending, ties in their order: a stable
// sort of the keyed moves in a scratch buffer that serves every ply, as
// the keys are done with before any child is searched.
func (e *dfs[S]) sortBy(moves []int, key func(a int) float64) {
	if cap(e.keyed) < len(moves) {
		e.keyed = make([]keyedMove, 0, max(16, len(moves)))
	}
	keyed := e.keyed[:0]
	for _, a := range moves {
		keyed = append(keyed, keyedMove{key: key(a), action: a})
	}
	slices.SortStableFunc(keyed, compareKeys)
	for i, k := range keyed {
		moves[i] = k.action
	}
	e.keyed = keyed
}

// front moves action a, if it is among moves, to the front, keeping the
// others' order.
func front(moves []int, a int) {
	if i := slices.Index(moves, a); i > 0 {
		copy(moves[1:i+1], moves[:i])
		moves[0] = a
	}
}

// learn tells the orderings that learn from cuts that action a caused a
// cut that pruned moves at a node of ply with depth left: it becomes the ply's latest
// killer move, and its history score grows by depth².
func (e *dfs[S]) learn(ply, depth, a int) {
	switch e.opts.Ordering {
	case OrderKiller:
		for len(e.killers) <= ply {
			e.killers = append(e.killers, [2]int{-1, -1})
		}
		if k := &e.killers[ply]; k[0] != a {
			k[0], k[1] = a, k[0]
		}
	case OrderHistory:
		if a >= len(e.history) {
			e.history = slices.Grow(e.history, a+1-len(e.history))[:a+1]
		}
		e.history[a] += float64(depth * depth)
	}
}
