// Package exercise makes lecture exercises on typed trees (see
// games/tree), solves them with the engines of package search and grades
// the answers people type, so that the grader and the viewer agree on
// every value and every pruned branch.
//
// An exercise has a Kind: the values of every interior node under
// MiniMax (MAX's view), NegaMax (the side to move's view) or Expectimax
// (MAX's view, chance nodes included); the pruned branches and the values
// AlphaBeta computes (MAX's view, fail-soft as the engine returns them);
// the child UCB1 picks next; an order of every node's children in which
// AlphaBeta searches the fewest nodes (every order tried); or what one
// iteration of MCTS does to a tree
// of visits and totals, as search.MCTS does it: the leaf selected, the
// node expanded and the statistics after the backup; or which states
// beam search keeps at each depth on a small maze (the search run by
// search.Beam). Generate makes one from a seed and a
// Difficulty, Solve computes its Answer, ParseAnswer reads an answer as a
// person types it, and Grade compares the two and explains the first
// mistake in the order the search meets it.
//
// # Answers
//
// An answer is a list of clauses separated by semicolons or newlines,
// such as "pruned: c2 c3; B=3 C=2 D=2; A=3". A clause is one of these:
//
//   - "pruned:" followed by edge labels separated by spaces or commas,
//     such as c2 (the second child of C), or "none". Only AlphaBeta
//     answers have one. Mark the edge where pruning starts, not the edges
//     below it.
//   - Values: a node's name, '=' and a number, such as "B=3" or
//     "B = -2.5", several to a clause. A number is a decimal with an
//     optional sign and exponent ("-2.5", "1e3") or a fraction of two
//     whole numbers ("7/3"). Every kind but UCB1 has values.
//   - "child:" followed by one edge label, such as "child: a2", for UCB1;
//     the label alone also does.
//   - For an ordering, a node's name, ':' and its children's edge
//     labels in the order to search them, such as "A: a3 a1 a2"; a node
//     not given keeps its order.
//   - For beam search, a depth, ':' and the states kept there, separated
//     by commas, each the moves from the start: "2: up right, left up".
//   - For MCTS, "selected:" and a node's name, "expanded:" and a name or
//     "none", and the statistics of the nodes on the path after the
//     backup: a name, '=', the total, '/' and the visits ("B=4/7"), the
//     root's visits alone ("A=15").
//
// Names and keywords may be typed in either case, and the minus sign may
// be typed as '−'. A value counts as right within ValueTolerance, so two
// decimals are enough for expectimax's fractions.
package exercise
