package tree

import (
	"fmt"
	"strconv"
	"strings"
)

// Tree is a parsed game tree. It is immutable: every State of the tree
// points to it, and none changes it.
type Tree struct {
	nodes []node // in breadth-first order, so each node's children are adjacent
}

// node is one node of a Tree or of a chance tree.
type node struct {
	value  float64 // a leaf's value from MAX's view; 0 for an interior node
	first  int32   // the index of the first child
	n      int32   // the number of children; 0 for a leaf
	depth  int32   // moves from the root, which chance nodes do not add
	rank   int32   // an interior node's place among the interior nodes, from 0
	chance bool    // whether the node is a chance node, whose children are outcomes
}

// score is the node's value from the side to move's view: a leaf's typed
// value when MAX is to move (at an even depth), its negation when MIN is,
// and 0 at an interior node.
func (nd node) score() float64 {
	switch {
	case nd.n > 0:
		return 0
	case nd.depth%2 == 1:
		return -nd.value
	}
	return nd.value
}

// name is an interior node's name, from its rank: "A", "B", ... "AA", ...;
// or a leaf's value as written in a tree's text.
func (nd node) name() string {
	if nd.n == 0 {
		return formatValue(nd.value)
	}
	return letters(int(nd.rank))
}

// edge names the edge from an interior node to its child (or outcome) k:
// the node's name in lower case followed by k+1, e.g. "a1".
func (nd node) edge(k int) string {
	return strings.ToLower(letters(int(nd.rank))) + strconv.Itoa(k+1)
}

// Root returns the state at the root of t, where MAX is to move.
func (t *Tree) Root() State {
	return State{t: t}
}

// Len returns the number of nodes of t, interior nodes and leaves.
func (t *Tree) Len() int {
	return len(t.nodes)
}

// State is a node of a Tree, with the player to move there. The zero State
// is a tree of one leaf of value 0.
type State struct {
	t *Tree
	i int32
}

// node returns the node of s; the zero State's is a leaf of value 0.
func (s State) node() node {
	if s.t == nil {
		return node{}
	}
	return s.t.nodes[s.i]
}

// Tree returns the tree s belongs to, or nil for the zero State.
func (s State) Tree() *Tree {
	return s.t
}

// Legal appends the actions of s, 0 to the number of children minus one,
// to buf and returns the result. A leaf has none.
func (s State) Legal(buf []int) []int {
	for a := range s.node().n {
		buf = append(buf, int(a))
	}
	return buf
}

// Play returns the state at the child of s with the given 0-based index.
// It panics if s has no such child; engines play only actions Legal
// returned.
func (s State) Play(action int) State {
	nd := s.node()
	if action < 0 || action >= int(nd.n) {
		panic(s.badPlay(action))
	}
	return State{t: s.t, i: nd.first + int32(action)}
}

// badPlay describes an action that Play refuses.
func (s State) badPlay(action int) string {
	if n := s.node().n; n > 0 {
		return fmt.Sprintf("tree: Play(%d) at node %s: want an action in 0..%d", action, s.Name(), n-1)
	}
	return fmt.Sprintf("tree: Play(%d) at leaf %s: a leaf has no actions", action, s.Name())
}

// Done reports whether s is a leaf.
func (s State) Done() bool {
	return s.node().n == 0
}

// Score returns a leaf's value from the side to move's view: the typed
// value when MAX is to move, its negation when MIN is. An interior node
// scores 0: the tree has no heuristic, so a search that a depth limit stops
// above the leaves sees only zeros.
func (s State) Score() float64 {
	return s.node().score()
}

// Depth returns the plies from the root to s.
func (s State) Depth() int {
	return int(s.node().depth)
}

// MaxToMove reports whether MAX is to move at s, that is, whether s is at
// an even depth.
func (s State) MaxToMove() bool {
	return s.node().depth%2 == 0
}

// Name returns the name of an interior node, "A" for the root, then "B",
// "C", ... in breadth-first order, or a leaf's value as written by String.
func (s State) Name() string {
	return s.node().name()
}

// Label returns the name of the edge to the child action: the node's name
// in lower case followed by action+1, e.g. "a1" for the root's first child.
// An action s does not have gets '?' followed by its number, e.g. "?3".
func (s State) Label(action int) string {
	nd := s.node()
	if action < 0 || action >= int(nd.n) {
		return "?" + strconv.Itoa(action)
	}
	return nd.edge(action)
}

// String returns the text of the subtree at s, in the form Parse reads,
// without spaces, e.g. "[3,12,8]". The text gives the subtree's shape, not
// the side to move: parsed again, it has MAX to move at its root.
func (s State) String() string {
	var b strings.Builder
	s.write(&b)
	return b.String()
}

// write appends the text of the subtree at s to b.
func (s State) write(b *strings.Builder) {
	nd := s.node()
	if nd.n == 0 {
		b.WriteString(formatValue(nd.value))
		return
	}
	b.WriteByte('[')
	for a := range int(nd.n) {
		if a > 0 {
			b.WriteByte(',')
		}
		s.Play(a).write(b)
	}
	b.WriteByte(']')
}

// formatValue writes a leaf value in its shortest form.
func formatValue(v float64) string {
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// letters returns the k-th name (from 0) of the sequence A, ..., Z, AA, AB,
// ..., ZZ, AAA, ...
func letters(k int) string {
	var b [8]byte
	i := len(b)
	for k++; k > 0; k = (k - 1) / 26 {
		i--
		b[i] = 'A' + byte((k-1)%26)
	}
	return string(b[i:])
}
