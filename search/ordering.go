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

	numOrderings // the number of orderings; keep last
)

// orderingNames are the orderings' names, by number.
var orderingNames = [numOrderings]string{OrderNone: "none", OrderScore: "score"}

// String returns the ordering's name, "none" or "score".
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
		if cap(e.keyed) < len(moves) {
			e.keyed = make([]keyedMove, 0, max(16, len(moves)))
		}
		keyed := e.keyed[:0]
		for _, a := range moves {
			keyed = append(keyed, keyedMove{key: s.Play(a).Score(), action: a})
		}
		slices.SortStableFunc(keyed, compareKeys)
		for i, k := range keyed {
			moves[i] = k.action
		}
		e.keyed = keyed
	}
	// Orderings that learn from cuts (history, killer moves by ply) keep
	// their tables beside e.keyed and are told of each cut where
	// alphabeta reports it.
}
