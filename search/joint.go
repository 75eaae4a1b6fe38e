package search

import "github.com/searchviz/searchviz/trace"

// jointPlayout plays uniformly random legal actions for both players from
// s (player 0's drawn first) until the game is over (or a player has no
// legal action) and returns the outcome in player 0's view and the number
// of turns played. m0 and m1 are the players' legal-move buffers, reused.
func jointPlayout[S Simultaneous[S]](r *random, s S, m0, m1 *[]int) (float64, int) {
	turns := 0
	b0, b1 := *m0, *m1
	for {
		// Legal returns none when the game is over: no need for Done.
		b0, b1 = s.Legal(0, b0[:0]), s.Legal(1, b1[:0])
		if len(b0) == 0 || len(b1) == 0 {
			break
		}
		a0 := b0[r.intn(len(b0))]
		a1 := b1[r.intn(len(b1))]
		s = s.Play(a0, a1)
		turns++
	}
	*m0, *m1 = b0, b1
	return Outcome(s.Score()), turns
}

// jointRoot is the node event of the root of a simultaneous game's tree.
func jointRoot() trace.Event {
	return trace.Event{Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeJoint}
}

// jointChild is the node event of node id at depth, the child of parent
// reached by player 0's a0 and player 1's a1 in p, the parent's state: its
// Action is pair, i*M+j for the actions' indices i and j in their legal
// lists, and its Label "a0/a1" by p's labels.
func jointChild[S Simultaneous[S]](id, parent trace.NodeID, pair int, p S, a0, a1, depth int) trace.Event {
	joint := &trace.JointAction{{Action: a0, Label: p.Label(0, a0)}, {Action: a1, Label: p.Label(1, a1)}}
	return trace.Event{Kind: trace.KindNode, Node: id, Parent: parent, Action: pair, Label: joint[0].Label + "/" + joint[1].Label, Joint: joint, Depth: depth, Type: trace.TypeJoint}
}
