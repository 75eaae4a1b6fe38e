// Package tree is a game whose positions are the nodes of a game tree typed
// by hand, as in lecture exercises: nested brackets of leaf values such as
// "[[3,12,8],[2,4,6],[14,5,2]]", the tree of Russell and Norvig's Figure 5.2.
//
// The root is a MAX node and the levels alternate: MAX, MIN, MAX, ... Leaf
// values are from MAX's point of view; a state's Score converts them to the
// side to move's view, as every game of searchviz does.
//
// Interior nodes are named A, B, C, ... in breadth-first order (after Z come
// AA, AB, ...), and the edge to the i-th child of a node named X is labelled
// with X in lower case followed by i, counting from 1: the root A has the
// actions a1, a2, a3, and its first child B has b1, b2, b3.
//
// # Chance nodes
//
// ParseChance also reads chance nodes, for expectiminimax exercises. A
// chance node is written in braces: a list of one or more outcomes
// separated by commas, each a probability, a colon and a tree. A
// probability is a decimal such as "0.5" or ".25", or a fraction of two
// whole numbers such as "1/6"; it is more than 0 and at most 1, and a
// chance node's probabilities sum to 1 (up to a rounding error of 1e-9).
// For example, in
//
//	[{0.5:[3,12],0.5:[2,4]},{1/6:9,5/6:-1}]
//
// MAX picks between two gambles: a fair coin that gives MIN the choice
// between 3 and 12 or between 2 and 4, and a die that ends the game at 9
// on a six and at -1 otherwise. The first is worth 0.5×3 + 0.5×2 = 2.5,
// the second 9/6 - 5/6 = 2/3, so MAX takes the coin.
//
// The root is MAX's move, so it is not a chance node, and an outcome is a
// leaf or a list in brackets, not another chance node: chance that follows
// chance is one chance node whose probabilities are the products. Chance
// does not move, so it does not change who is to move: MAX moves at the
// root, MIN at the player nodes that MAX's move leads to, through a chance
// node or not, and so on, as in expectiminimax diagrams. A leaf's value is
// from MAX's view wherever it is.
//
// Chance nodes are named with the interior nodes, in the same breadth-first
// order: above, the root is A, its chance nodes B and C, and the lists
// under B are D and E. The outcomes of chance node B are labelled b1, b2,
// just as the actions of A are a1, a2. Parse refuses chance nodes: its
// game, the alternating one, has no chance.
//
// A parsed tree is immutable and shared by all its states, so states, State
// and ChanceState, are small values that are safe to copy and to use from
// several goroutines.
package tree
