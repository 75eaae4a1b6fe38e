package search

import (
	"time"

	"github.com/searchviz/searchviz/spec"
)

// MaxDepth is the deepest depth limit the depth-first engines accept.
const MaxDepth = 64

// DefaultMaxNodes is the node budget of a search whose spec sets none.
const DefaultMaxNodes = 5_000_000

// Limits of the parameters: the largest values a spec may give.
const (
	maxMaxNodes     = 200_000_000
	maxWidth        = 10_000
	maxBeamDepth    = 1_000
	maxPasses       = 100_000
	maxTimeMS       = 60_000
	maxBudgetMS     = 7_500 // 4B stays within the 30 s a move may take in play mode
	maxPMCPlayouts  = 100_000
	maxMCTSPlayouts = 1_000_000
	maxC            = 10
	maxExpand       = 1_000
	maxSeed         = 1<<31 - 1
)

// The parameters algorithms declare. An algorithm reads its values with
// these, so a misspelt name is a compile error.
var (
	paramNodes = spec.Param{Name: "nodes", Type: spec.Int, Default: DefaultMaxNodes, Min: 1, Max: maxMaxNodes, Help: "node budget: after this many nodes the search stops and answers with the best move among those it finished"}
	paramSeed  = spec.Param{Name: "seed", Type: spec.Int, Default: 0, Min: 0, Max: maxSeed, Help: "random seed of the playouts: the same seed gives the same search"}

	paramDepth = spec.Param{Name: "depth", Type: spec.Int, Default: MaxDepth, Min: 1, Max: MaxDepth, Help: "depth limit in plies; states at the limit are evaluated by the game's heuristic"}

	paramAlphaBetaOrdering = spec.Param{Name: "ordering", Type: spec.Int, Default: float64(OrderNone), Min: 0, Max: float64(numOrderings - 1), Help: "move ordering: 0 searches each node's children in the game's order; " +
		"1 searches first those whose static evaluation looks best for the side to move, ties in the game's order, so cuts come sooner " +
		"(these evaluations are not traced as eval events, nor counted); " +
		"2 searches first the killer moves, the last two that caused a cut at the same depth; " +
		"3 sorts the moves by their history, depth² summed over the cuts each caused; a note on the root says which"}

	paramTable = spec.Param{Name: "tt", Type: spec.Int, Default: 0, Min: 0, Max: 1, Help: "1 keeps a transposition table: a position met again with the same depth left takes the value stored when it was first searched, " +
		"if that value settles its window, and links to that node instead of being searched again (notes on the root count the hits); 0 searches every node"}

	paramQuiescence = spec.Param{Name: "quiescence", Type: spec.Int, Default: 0, Min: 0, Max: MaxQuiescence, Help: "plies a quiescence search may go on below the depth limit: a position there whose side to move has noisy moves " +
		"(in Othello, a disc on a corner or an edge) is evaluated as a floor and its noisy moves searched on; 0 evaluates every position at the limit"}

	paramIterativeDepth  = spec.Param{Name: "depth", Type: spec.Int, Default: MaxDepth, Min: 1, Max: MaxDepth, Help: "the deepest iteration, in plies; states at each iteration's depth are evaluated by the game's heuristic"}
	paramIterativeTime   = spec.Param{Name: "time", Type: spec.Int, Default: 1000, Min: 0, Max: maxTimeMS, Help: "time limit in milliseconds, 0 for none: the depth under way when it runs out is discarded"}
	paramIterativeBudget = spec.Param{Name: "budget", Type: spec.Int, Default: 0, Min: 0, Max: maxBudgetMS, Help: "the move's time budget B in milliseconds, 0 for none: no depth starts after B/2, the depth under way stops at B, or at 2B when it finds a better move, 4B when the best move fails low; time stays a hard limit, so set it to 0 or above 4B"}
	paramOrdering        = spec.Param{Name: "ordering", Type: spec.Int, Default: 1, Min: 0, Max: 1, Help: "1 to search the previous depth's best move first at each node, 0 for the game's order"}

	paramBeamWidth     = spec.Param{Name: "width", Type: spec.Int, Default: 3, Min: 1, Max: maxWidth, Help: "beam width: states kept and expanded at each depth"}
	paramChokudaiWidth = spec.Param{Name: "width", Type: spec.Int, Default: 1, Min: 1, Max: maxWidth, Help: "states taken from each depth's queue in each pass"}
	paramBeamDepth     = spec.Param{Name: "depth", Type: spec.Int, Default: 5, Min: 1, Max: maxBeamDepth, Help: "depth limit in moves"}
	paramPasses        = spec.Param{Name: "passes", Type: spec.Int, Default: 4, Min: 1, Max: maxPasses, Help: "number of passes, each a narrow beam from depth 0 to the depth limit"}
	paramBeamTime      = spec.Param{Name: "time", Type: spec.Int, Default: 0, Min: 0, Max: maxTimeMS, Help: "time limit in milliseconds, 0 for none: the search stops with the best state so far"}

	paramPMCPlayouts  = spec.Param{Name: "playouts", Type: spec.Int, Default: 30, Min: 1, Max: maxPMCPlayouts, Help: "random playouts per legal root move"}
	paramMCTSPlayouts = spec.Param{Name: "playouts", Type: spec.Int, Default: 100, Min: 1, Max: maxMCTSPlayouts, Help: "iterations: each walks down the tree by UCB1 and ends with one random playout (or a terminal outcome)"}
	paramMCTSTime     = spec.Param{Name: "time", Type: spec.Int, Default: 0, Min: 0, Max: maxTimeMS, Help: "time limit in milliseconds, 0 for none: the search stops after fewer iterations, with the most visited move so far"}
	paramC            = spec.Param{Name: "c", Type: spec.Float, Default: DefaultC, Min: 0, Max: maxC, Help: "UCB1's exploration constant C: larger explores more, 0 only exploits"}
	paramExpand       = spec.Param{Name: "expand", Type: spec.Int, Default: DefaultExpandThreshold, Min: 1, Max: maxExpand, Help: "expand threshold: a leaf gets its children after this many visits"}

	paramDUCTPlayouts = spec.Param{Name: "playouts", Type: spec.Int, Default: 100, Min: 1, Max: maxMCTSPlayouts, Help: "iterations: each walks down the tree, both players choosing their actions by UCB1 on their own, and ends with one random playout (or a terminal outcome)"}
	paramDUCTTime     = spec.Param{Name: "time", Type: spec.Int, Default: 0, Min: 0, Max: maxTimeMS, Help: "time limit in milliseconds, 0 for none: the search stops after fewer iterations, with player A's most visited action so far"}
	paramDUCTC        = spec.Param{Name: "c", Type: spec.Float, Default: DefaultC, Min: 0, Max: maxC, Help: "UCB1's exploration constant C, for both players: larger explores more, 0 only exploits"}
	paramDUCTExpand   = spec.Param{Name: "expand", Type: spec.Int, Default: DefaultDUCTExpandThreshold, Min: 1, Max: maxExpand, Help: "expand threshold: a leaf gets its children, one per pair of actions, after this many visits"}
)

// treeOptions reads the options of a Monte Carlo tree search, MCTS or
// DUCT, from its parameters, each engine having its own playouts, time
// limit, c and expand.
func treeOptions(v spec.Values, tracing Tracing, playouts, limit, c, expand spec.Param) MonteCarloOptions {
	return MonteCarloOptions{
		Playouts:        v.Int(playouts),
		C:               v.Float(c),
		ExpandThreshold: v.Int(expand),
		Seed:            uint64(v.Int(paramSeed)),
		Limits:          Limits{MaxNodes: v.Int(paramNodes), TimeLimit: millis(v, limit)},
		Tracing:         tracing,
	}
}

// millis reads parameter p, a time in milliseconds, as a duration.
func millis(v spec.Values, p spec.Param) time.Duration {
	return time.Duration(v.Int(p)) * time.Millisecond
}
