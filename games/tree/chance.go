package tree

import (
	"fmt"
	"strconv"
	"strings"
)

// chanceTree is a parsed tree that may have chance nodes. Like Tree, it is
// immutable and shared by all its states.
type chanceTree struct {
	nodes []node // in breadth-first order, so each node's children are adjacent
	probs []prob // by node: an outcome of a chance node's probability, else zero
}

// ChanceState is a node of a tree with chance nodes, a player node or a
// leaf, with the player to move there. A chance node is never a state:
// it is what an action leads to, and Roll goes through it to the outcome
// chance gives. The zero ChanceState is a tree of one leaf of value 0.
type ChanceState struct {
	t *chanceTree
	i int32
}

// node returns the node at index i of s's tree; the zero ChanceState's
// only node is a leaf of value 0.
func (s ChanceState) node(i int32) node {
	if s.t == nil {
		return node{}
	}
	return s.t.nodes[i]
}

// child returns the index of the node action leads to, and whether s has
// that action.
func (s ChanceState) child(action int) (int32, bool) {
	nd := s.node(s.i)
	if action < 0 || action >= int(nd.n) {
		return 0, false
	}
	return nd.first + int32(action), true
}

// Legal appends the actions of s, 0 to the number of children minus one,
// to buf and returns the result. A leaf has none.
func (s ChanceState) Legal(buf []int) []int {
	for a := range s.node(s.i).n {
		buf = append(buf, int(a))
	}
	return buf
}

// Chances appends the probabilities of action's outcomes to buf and
// returns the result: a chance node's probabilities in order, or the
// single probability 1 when action leads to a leaf or a player node. It
// appends none for an action s does not have.
func (s ChanceState) Chances(action int, buf []float64) []float64 {
	c, ok := s.child(action)
	switch {
	case !ok:
		return buf
	case !s.t.nodes[c].chance:
		return append(buf, 1)
	}
	nd := s.t.nodes[c]
	for _, pr := range s.t.probs[nd.first : nd.first+nd.n] {
		buf = append(buf, pr.p)
	}
	return buf
}

// Roll returns the state that action and chance's outcome lead to: the
// outcome-th outcome of the chance node that action leads to or, when
// action leads to a leaf or a player node, that node, for outcome 0, its
// only outcome. It never changes s. It panics if s has no such action or
// outcome; engines roll only what Legal and Chances return.
func (s ChanceState) Roll(action, outcome int) ChanceState {
	c, ok := s.child(action)
	if !ok {
		panic(s.badRoll(action, outcome, 0))
	}
	nd := s.t.nodes[c]
	if !nd.chance {
		if outcome != 0 {
			panic(s.badRoll(action, outcome, 1))
		}
		return ChanceState{t: s.t, i: c}
	}
	if outcome < 0 || outcome >= int(nd.n) {
		panic(s.badRoll(action, outcome, int(nd.n)))
	}
	return ChanceState{t: s.t, i: nd.first + int32(outcome)}
}

// badRoll describes a roll that Roll refuses, given the action's number of
// outcomes n, 0 when s has no such action.
func (s ChanceState) badRoll(action, outcome, n int) string {
	switch nd := s.node(s.i); {
	case nd.n == 0:
		return fmt.Sprintf("tree: Roll(%d, %d) at leaf %s: a leaf has no actions", action, outcome, s.Name())
	case n == 0:
		return fmt.Sprintf("tree: Roll(%d, %d) at node %s: want an action in 0..%d", action, outcome, s.Name(), nd.n-1)
	}
	return fmt.Sprintf("tree: Roll(%d, %d) at node %s: %s has outcomes 0..%d", action, outcome, s.Name(), s.Label(action), n-1)
}

// Done reports whether s is a leaf.
func (s ChanceState) Done() bool {
	return s.node(s.i).n == 0
}

// Score returns a leaf's value from the side to move's view, as
// State.Score does: the typed value when MAX is to move, its negation when
// MIN is. Who is to move at a leaf depends on the moves that led there,
// not on the chance nodes between them. A player node scores 0.
func (s ChanceState) Score() float64 {
	return s.node(s.i).score()
}

// Depth returns the moves from the root to s; chance nodes do not count.
func (s ChanceState) Depth() int {
	return int(s.node(s.i).depth)
}

// MaxToMove reports whether MAX is to move at s, that is, whether s is
// an even number of moves from the root.
func (s ChanceState) MaxToMove() bool {
	return s.node(s.i).depth%2 == 0
}

// Name returns the name of a player node, "A" for the root, then "B",
// "C", ... in breadth-first order, chance nodes taking their turn in the
// sequence, or a leaf's value as written by String.
func (s ChanceState) Name() string {
	return s.node(s.i).name()
}

// Label returns the name of the edge to the child action, as State.Label
// does: the node's name in lower case followed by action+1, e.g. "a1" for
// the root's first child. An action s does not have gets '?' followed by
// its number, e.g. "?3".
func (s ChanceState) Label(action int) string {
	if _, ok := s.child(action); !ok {
		return "?" + strconv.Itoa(action)
	}
	return s.node(s.i).edge(action)
}

// OutcomeLabel returns the name of the edge from the chance node action
// leads to, to its outcome: the chance node's name in lower case followed
// by outcome+1, e.g. "b2" for the second outcome of chance node B. The
// only outcome of an action without a chance node is "". An outcome the
// action does not have gets '?' followed by its number, e.g. "?2".
func (s ChanceState) OutcomeLabel(action, outcome int) string {
	c, ok := s.child(action)
	if !ok {
		return "?" + strconv.Itoa(outcome)
	}
	nd := s.t.nodes[c]
	switch {
	case !nd.chance && outcome == 0:
		return ""
	case !nd.chance || outcome < 0 || outcome >= int(nd.n):
		return "?" + strconv.Itoa(outcome)
	}
	return nd.edge(outcome)
}

// String returns the text of the subtree at s, in the form ParseChance
// reads, without spaces and with each probability as it was typed, e.g.
// "[{1/6:9,5/6:-1},4]". As with State.String, the text gives the
// subtree's shape, not the side to move: parsed again, it has MAX to move
// at its root.
func (s ChanceState) String() string {
	if s.t == nil {
		return formatValue(0)
	}
	var b strings.Builder
	s.t.write(&b, s.i)
	return b.String()
}

// write appends the text of the subtree at node i to b.
func (t *chanceTree) write(b *strings.Builder, i int32) {
	nd := t.nodes[i]
	if nd.n == 0 {
		b.WriteString(formatValue(nd.value))
		return
	}
	open, end := byte('['), byte(']')
	if nd.chance {
		open, end = '{', '}'
	}
	b.WriteByte(open)
	for c := nd.first; c < nd.first+nd.n; c++ {
		if c > nd.first {
			b.WriteByte(',')
		}
		if nd.chance {
			b.WriteString(t.probs[c].text)
			b.WriteByte(':')
		}
		t.write(b, c)
	}
	b.WriteByte(end)
}
