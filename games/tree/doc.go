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
// A parsed Tree is immutable and shared by all its states, so states are
// small values that are safe to copy and to use from several goroutines.
package tree
