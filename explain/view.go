package explain

import "github.com/searchviz/searchviz/trace"

// ValueIn converts x, a value stored at node id of t, into view v. Traces
// store a player's node's values in its side to move's view and a chance
// node's in the root player's, as no player moves there. In the side to
// move's view a chance node shows its value in the view of the player
// whose move it follows (Mover), the expectation that player maximises,
// so that it reads beside its parent's value and its children's negated,
// as negamax's q does.
func ValueIn(t *trace.Tree, id trace.NodeID, v trace.View, x float64) float64 {
	n := t.Node(id)
	if n.Type == trace.TypeChance && v == trace.ViewSide {
		return trace.ViewRoot.Value(Mover(t, id), x)
	}
	return v.Value(n.Type, x)
}

// Mover returns the type of the nearest player's node at or above node id
// of t: for a chance node, the player whose move chance follows; MAX when
// no player's node is above it.
func Mover(t *trace.Tree, id trace.NodeID) trace.NodeType {
	for id != trace.NoNode {
		n := t.Node(id)
		if n.Type != trace.TypeChance {
			return n.Type
		}
		id = n.Parent
	}
	return trace.TypeMax
}
