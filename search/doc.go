// Package search holds the game-tree search algorithms of searchviz, written
// against small per-family game interfaces, and instrumented: each engine
// reports what it does to a trace.Tracer, at the cost of one nil check per
// hook when no tracer is set.
//
// The engines are written as the references teach them. For alternating
// two-player games (Alternating): MiniMax with explicit max and min levels,
// NegaMax as "always max" with negated child values, and AlphaBeta in
// negamax form, cutting when a value reaches beta, optionally searching
// each node's best-looking children first (Ordering); they take a depth
// limit, a node budget and a context, and return the chosen action, its
// value from the root player's view and counters. Iterative deepening runs
// AlphaBeta at growing depths, each ordered by the previous one's best
// moves, until a time limit. Primitive Monte Carlo and MCTS (UCT) sample
// random playouts, reproducibly from a seed. For simultaneous-move games
// (Simultaneous), DUCT lets each player choose by UCB1 over its own
// statistics, summed over the other player's actions. For one-player games (Single):
// Greedy, Beam search and Chokudai search, ranking states by their score;
// they take a width, a depth, a number of passes or a time limit, a node
// budget and a context, and return the first action toward the best state
// found and its score.
//
// Each algorithm's file also declares its Entry: its name, family, help,
// parameters, pseudocode (each line tagged with the events that run it) and
// a run from resolved parameters. MiniMax, AlphaBeta and iterative
// deepening have their pseudocode in two forms: the negamax form of the
// primer (Algorithm.Code) and the explicit MAX-VALUE / MIN-VALUE form of
// the lecture and AIMA (Algorithm.MaxMin); the viewer shows the one that
// matches the point of view of its values (Algorithm.CodeFor), listing the
// lines of an option (a transposition table, move ordering, quiescence, the
// forward cut, obvious moves, a time budget) only for a run that had it on
// (Algorithm.Listing). Package catalog registers the entries,
// so listings, forms and the pseudocode panel all read one source.
package search
