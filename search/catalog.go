package search

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// Family names a family of games: the interface its games satisfy decides
// which algorithms can search them.
type Family string

// The game families.
const (
	FamilyAlternating  Family = "alternating"  // two players take turns: Alternating
	FamilySingle       Family = "single"       // one player: Single
	FamilySimultaneous Family = "simultaneous" // two players move at once: Simultaneous
)

// Algorithm describes one search algorithm of the catalog.
type Algorithm struct {
	Name   string       // the name used in specs, e.g. "alphabeta"
	Family Family       // the games it searches
	Help   string       // one line for listings and forms
	Params []spec.Param // every parameter, with defaults and ranges
}

// MaxDepth is the deepest depth limit the depth-first engines accept.
const MaxDepth = 64

// Default budgets of the depth-first engines.
const (
	DefaultMaxNodes = 5_000_000
	maxMaxNodes     = 200_000_000
)

func dfsParams() []spec.Param {
	return []spec.Param{
		{Name: "depth", Type: spec.Int, Default: MaxDepth, Min: 1, Max: MaxDepth, Help: "depth limit in plies; states at the limit are evaluated by the game's heuristic"},
		nodesParam(),
	}
}

// Limits of the single-player engines' parameters.
const (
	maxWidth     = 10_000
	maxBeamDepth = 1_000
	maxPasses    = 100_000
	maxTimeMS    = 60_000
)

// singleParams returns the parameters of a beam-family algorithm: width
// with its default, then depth, passes (for Chokudai), time and nodes.
func singleParams(width int, widthHelp string, passes bool) []spec.Param {
	ps := []spec.Param{
		{Name: "width", Type: spec.Int, Default: float64(width), Min: 1, Max: maxWidth, Help: widthHelp},
		{Name: "depth", Type: spec.Int, Default: 5, Min: 1, Max: maxBeamDepth, Help: "depth limit in moves"},
	}
	if passes {
		ps = append(ps, spec.Param{Name: "passes", Type: spec.Int, Default: 4, Min: 1, Max: maxPasses, Help: "number of passes, each a narrow beam from depth 0 to the depth limit"})
	}
	return append(ps,
		spec.Param{Name: "time", Type: spec.Int, Default: 0, Min: 0, Max: maxTimeMS, Help: "time limit in milliseconds, 0 for none: the search stops with the best state so far"},
		nodesParam(),
	)
}

// Limits of the Monte Carlo engines' parameters.
const (
	maxPMCPlayouts  = 100_000
	maxMCTSPlayouts = 1_000_000
	maxC            = 10
	maxExpand       = 1_000
	maxSeed         = 1<<31 - 1
)

// monteCarloParams returns the parameters of PMC (mcts false) or MCTS.
func monteCarloParams(mcts bool) []spec.Param {
	if !mcts {
		return []spec.Param{
			{Name: "playouts", Type: spec.Int, Default: 30, Min: 1, Max: maxPMCPlayouts, Help: "random playouts per legal root move"},
			seedParam(),
			nodesParam(),
		}
	}
	return []spec.Param{
		{Name: "playouts", Type: spec.Int, Default: 100, Min: 1, Max: maxMCTSPlayouts, Help: "iterations: each walks down the tree by UCB1 and ends with one random playout (or a terminal outcome)"},
		{Name: "time", Type: spec.Int, Default: 0, Min: 0, Max: maxTimeMS, Help: "time limit in milliseconds, 0 for none: the search stops after fewer iterations, with the most visited move so far"},
		{Name: "c", Type: spec.Float, Default: DefaultC, Min: 0, Max: maxC, Help: "UCB1's exploration constant C: larger explores more, 0 only exploits"},
		{Name: "expand", Type: spec.Int, Default: DefaultExpandThreshold, Min: 1, Max: maxExpand, Help: "expand threshold: a leaf gets its children after this many visits"},
		seedParam(),
		nodesParam(),
	}
}

// ductParams returns the parameters of DUCT: MCTS's, with DUCT's expand
// threshold and words for two players moving at once.
func ductParams() []spec.Param {
	ps := monteCarloParams(true)
	for i := range ps {
		switch ps[i].Name {
		case "playouts":
			ps[i].Help = "iterations: each walks down the tree, both players choosing their actions by UCB1 on their own, and ends with one random playout (or a terminal outcome)"
		case "time":
			ps[i].Help = "time limit in milliseconds, 0 for none: the search stops after fewer iterations, with player A's most visited action so far"
		case "c":
			ps[i].Help = "UCB1's exploration constant C, for both players: larger explores more, 0 only exploits"
		case "expand":
			ps[i].Default = DefaultDUCTExpandThreshold
			ps[i].Help = "expand threshold: a leaf gets its children, one per pair of actions, after this many visits"
		}
	}
	return ps
}

func seedParam() spec.Param {
	return spec.Param{Name: "seed", Type: spec.Int, Default: 0, Min: 0, Max: maxSeed, Help: "random seed of the playouts: the same seed gives the same search"}
}

func nodesParam() spec.Param {
	return spec.Param{Name: "nodes", Type: spec.Int, Default: DefaultMaxNodes, Min: 1, Max: maxMaxNodes, Help: "node budget: the search stops with the best move so far after this many nodes"}
}

// Algorithms returns the catalog: every algorithm, in the order listings
// show them. The result is a fresh copy the caller may keep.
func Algorithms() []Algorithm {
	return []Algorithm{
		{Name: "minimax", Family: FamilyAlternating, Help: "MiniMax: the root player maximises, the opponent minimises, level by level", Params: dfsParams()},
		{Name: "negamax", Family: FamilyAlternating, Help: "NegaMax: MiniMax as \"always maximise\" with child values negated", Params: dfsParams()},
		{Name: "alphabeta", Family: FamilyAlternating, Help: "AlphaBeta (negamax form): MiniMax's value, pruning lines the opponent would never allow", Params: dfsParams()},
		{Name: "iterative", Family: FamilyAlternating, Help: "Iterative deepening: AlphaBeta at depth 1, 2, 3, ... until the time limit, answering with the deepest completed depth", Params: iterativeParams()},
		{Name: "pmc", Family: FamilyAlternating, Help: "Primitive Monte Carlo: random playouts after each root move, take the best win rate", Params: monteCarloParams(false)},
		{Name: "mcts", Family: FamilyAlternating, Help: "MCTS (UCT): grow a tree by UCB1 selection and random playouts, take the most visited move", Params: monteCarloParams(true)},
		{Name: "greedy", Family: FamilySingle, Help: "Greedy: try every action one move ahead and take the best-scoring state", Params: []spec.Param{nodesParam()}},
		{Name: "beam", Family: FamilySingle, Help: "Beam search: keep the best width states at each depth, expand them all, answer the best state's first move", Params: singleParams(3, "beam width: states kept and expanded at each depth", false)},
		{Name: "chokudai", Family: FamilySingle, Help: "Chokudai search: one queue per depth, repeated narrow beams that each take the best states not yet taken", Params: singleParams(1, "states taken from each depth's queue in each pass", true)},
		{Name: "duct", Family: FamilySimultaneous, Help: "DUCT (decoupled UCT): MCTS where both players move at once, each choosing its action by UCB1 over its own statistics; take player A's most visited action", Params: ductParams()},
	}
}

// Lookup returns the algorithm with the given name.
func Lookup(name string) (Algorithm, error) {
	algos := Algorithms()
	names := make([]string, len(algos))
	for i, a := range algos {
		if a.Name == name {
			return a, nil
		}
		names[i] = a.Name
	}
	return Algorithm{}, fmt.Errorf("search: unknown algorithm %q (known: %s)", name, strings.Join(names, ", "))
}

// RunAlternating runs the named algorithm of the alternating family from
// root with the resolved parameters v, reporting to tr when it is non-nil.
func RunAlternating[S Alternating[S]](ctx context.Context, algo Algorithm, v spec.Values, root S, tr trace.Tracer, boards bool) (Result, error) {
	if algo.Family != FamilyAlternating {
		return Result{Action: -1}, fmt.Errorf("search: algorithm %q does not search %s games", algo.Name, FamilyAlternating)
	}
	switch algo.Name {
	case "pmc", "mcts":
		opts := MonteCarloOptions{Playouts: v.Int("playouts"), Seed: uint64(v.Int("seed")), MaxNodes: v.Int("nodes"), Tracer: tr, Boards: boards}
		if algo.Name == "pmc" {
			return PMC(ctx, root, opts)
		}
		opts.TimeLimit = time.Duration(v.Int("time")) * time.Millisecond
		opts.C, opts.ExpandThreshold = v.Float("c"), v.Int("expand")
		return MCTS(ctx, root, opts)
	}
	opts := Options{Depth: v.Int("depth"), MaxNodes: v.Int("nodes"), Tracer: tr, Boards: boards}
	switch algo.Name {
	case "minimax":
		return MiniMax(ctx, root, opts)
	case "negamax":
		return NegaMax(ctx, root, opts)
	case "alphabeta":
		return AlphaBeta(ctx, root, opts)
	case "iterative":
		return Iterative(ctx, root, IterativeOptions{Depth: opts.Depth, TimeLimit: time.Duration(v.Int("time")) * time.Millisecond, Ordering: v.Int("ordering") != 0, MaxNodes: opts.MaxNodes, Tracer: tr, Boards: boards})
	}
	return Result{Action: -1}, fmt.Errorf("search: algorithm %q does not search %s games", algo.Name, FamilyAlternating)
}

// RunSingle runs the named algorithm of the single-player family from root
// with the resolved parameters v, reporting to tr when it is non-nil.
func RunSingle[S Single[S]](ctx context.Context, algo Algorithm, v spec.Values, root S, tr trace.Tracer, boards bool) (Result, error) {
	if algo.Family != FamilySingle {
		return Result{Action: -1}, fmt.Errorf("search: algorithm %q does not search %s games", algo.Name, FamilySingle)
	}
	opts := SingleOptions{MaxNodes: v.Int("nodes"), Tracer: tr, Boards: boards}
	if algo.Name == "beam" || algo.Name == "chokudai" {
		opts.Width, opts.Depth = v.Int("width"), v.Int("depth")
		opts.TimeLimit = time.Duration(v.Int("time")) * time.Millisecond
	}
	switch algo.Name {
	case "greedy":
		return Greedy(ctx, root, opts)
	case "beam":
		return Beam(ctx, root, opts)
	case "chokudai":
		opts.Passes = v.Int("passes")
		return Chokudai(ctx, root, opts)
	}
	return Result{Action: -1}, fmt.Errorf("search: algorithm %q does not search %s games", algo.Name, FamilySingle)
}

// RunSimultaneous runs the named algorithm of the simultaneous-move family
// from root with the resolved parameters v, reporting to tr when it is
// non-nil.
func RunSimultaneous[S Simultaneous[S]](ctx context.Context, algo Algorithm, v spec.Values, root S, tr trace.Tracer, boards bool) (Result, error) {
	if algo.Family != FamilySimultaneous {
		return Result{Action: -1}, fmt.Errorf("search: algorithm %q does not search %s games", algo.Name, FamilySimultaneous)
	}
	switch algo.Name {
	case "duct":
		return DUCT(ctx, root, MonteCarloOptions{
			Playouts: v.Int("playouts"), TimeLimit: time.Duration(v.Int("time")) * time.Millisecond,
			C: v.Float("c"), ExpandThreshold: v.Int("expand"), Seed: uint64(v.Int("seed")),
			MaxNodes: v.Int("nodes"), Tracer: tr, Boards: boards,
		})
	}
	return Result{Action: -1}, fmt.Errorf("search: algorithm %q does not search %s games", algo.Name, FamilySimultaneous)
}
