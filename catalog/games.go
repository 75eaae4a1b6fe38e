package catalog

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/searchviz/searchviz/games/connectfour"
	"github.com/searchviz/searchviz/games/dice"
	"github.com/searchviz/searchviz/games/maze"
	"github.com/searchviz/searchviz/games/othello"
	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/games/twinmaze"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// Game describes one game of the catalog.
type Game struct {
	Name         string // the name used in specs, e.g. "tictactoe"
	Family       search.Family
	Help         string       // one line for listings and forms
	Params       []spec.Param // the game's own parameters, if any
	Start        string       // the position searched when none is given
	PositionHelp string       // the position text format in one line
	Boards       bool         // traces carry each node's position text
	// Sides name the two players, side 0 (who moves first in the start
	// position, or player A) then side 1, as a person playing the game
	// calls them: "x" and "o", "Black" and "White"; empty for a game
	// without two players.
	Sides [2]string
	// Depth is the depth= the forms give a depth-first search (an
	// algorithm with both depth= and nodes= parameters: MiniMax, NegaMax,
	// AlphaBeta) of this game when the person leaves it empty: one whose
	// search of the start ends well inside the default node budget, where
	// the algorithm's own default would not. 0 keeps that default.
	Depth int
	// ArenaEngines are the engines the arena's form offers for a match of
	// this game, A then B, each an algorithm's spec: a pair that finishes
	// a game well inside the form's time and shows the game's contest.
	// Empty for a game a match cannot play.
	ArenaEngines [2]string
	// PlayEngine is the engine's spec a person plays against on the play
	// page by default; empty means ArenaEngines[0].
	PlayEngine string
	// Checks are positions besides the start, in the game's text form,
	// that the catalog's conformance tests search with every algorithm of
	// the game's family: at least one, reaching what the start does not
	// (an end in sight, a pass, a chance outcome).
	Checks []string
	// CheckDepth is the depth those tests search to; 0 means 4, which a
	// game of many outcomes a ply cannot afford.
	CheckDepth int
	// Evals name the game's evaluation kinds beyond its Score, for a game
	// of the chance family: those its search.Heuristics declare, which
	// Expectimax's eval= parameter offers.
	Evals []string

	open func(v spec.Values, seed int64, position string) (root, error)
}

// root is an opened position, ready to be searched by an algorithm of the
// game's family.
type root struct {
	text  string
	state any // the state itself, for its board (see Game.Board)
	run   runner
	fill  func() func(e *trace.Event) // a filler of the boards of a trace from this root, event by event (see FillBoards)

	referee func() referee // the referee of a match from this position; nil for a family a match cannot play (see NewMatch)
}

// alternating binds a game of the alternating family through its parser;
// Prepare gives it the game's Start when no position is given.
func alternating[S search.Alternating[S]](parse func(string) (S, error)) func(spec.Values, int64, string) (root, error) {
	return alternatingOrMade(parse, func(spec.Values, int64) (S, error) { return parse("") })
}

// runner searches one opened position with the named algorithm of its
// family and the algorithm's resolved parameters.
type runner func(ctx context.Context, algo string, v spec.Values, tracing search.Tracing) (search.Result, error)

// runFrom returns the runner of a position s, searched by the algorithms
// of entries.
func runFrom[S any](entries func() []search.Entry[S]) func(S) runner {
	return func(s S) runner {
		return func(ctx context.Context, algo string, v spec.Values, tracing search.Tracing) (search.Result, error) {
			run, ok := runOf(entries(), algo)
			if !ok {
				return search.Result{Action: -1}, fmt.Errorf("catalog: %s does not search this game's family", algo)
			}
			return run(ctx, s, v, tracing)
		}
	}
}

// alternatingOrMade binds a game of the alternating family whose position
// may also be built from the game's parameters and the seed, when none is
// given.
func alternatingOrMade[S search.Alternating[S]](parse func(string) (S, error), make func(spec.Values, int64) (S, error)) func(spec.Values, int64, string) (root, error) {
	return refereed(madeOrParsed(parse, make, runFrom(alternatingAlgorithms[S]), playSequential[S]), alternatingReferee[S])
}

// simultaneous binds a game of the simultaneous-move family.
func simultaneous[S search.Simultaneous[S]](parse func(string) (S, error), make func(spec.Values, int64) (S, error)) func(spec.Values, int64, string) (root, error) {
	return refereed(madeOrParsed(parse, make, runFrom(simultaneousAlgorithms[S]), playJoint[S]), simultaneousReferee[S])
}

// The parameters of the mazes' generated boards.
var (
	paramMazeHeight = spec.Param{Name: "h", Type: spec.Int, Default: 5, Min: 3, Max: 31, Help: "height of a generated board (odd)"}
	paramMazeWidth  = spec.Param{Name: "w", Type: spec.Int, Default: 5, Min: 3, Max: 31, Help: "width of a generated board (odd)"}
	paramMazeTurns  = spec.Param{Name: "turns", Type: spec.Int, Default: 4, Min: 1, Max: 1000, Help: "turns to play"}
	paramTwinHeight = spec.Param{Name: "h", Type: spec.Int, Default: twinmaze.SampleHeight, Min: 3, Max: twinmaze.MaxSize, Help: "height of a generated board (odd)"}
	paramTwinWidth  = spec.Param{Name: "w", Type: spec.Int, Default: twinmaze.SampleWidth, Min: 3, Max: twinmaze.MaxSize, Help: "width of a generated board (odd)"}
	paramTwinTurns  = spec.Param{Name: "turns", Type: spec.Int, Default: twinmaze.SampleTurns, Min: 1, Max: twinmaze.MaxTurns, Help: "turns to play"}
)

// twinParams are the parameters of the twin maze's generated boards.
func twinParams() []spec.Param { return []spec.Param{paramTwinHeight, paramTwinWidth, paramTwinTurns} }

func generateTwin(v spec.Values, seed int64) (twinmaze.State, error) {
	return twinmaze.Generate(v.Int(paramTwinHeight), v.Int(paramTwinWidth), v.Int(paramTwinTurns), seed)
}

// single binds a game of the single-player family.
func single[S search.Single[S]](parse func(string) (S, error), make func(spec.Values, int64) (S, error)) func(spec.Values, int64, string) (root, error) {
	return madeOrParsed(parse, make, runFrom(singleAlgorithms[S]), playSequential[S])
}

// madeOrParsed binds a game whose position is parsed from the text given,
// or with none, built by make from the game's parameters and the seed;
// run searches the position and play plays a node's move, for FillBoards.
func madeOrParsed[S interface{ String() string }](parse func(string) (S, error), make func(spec.Values, int64) (S, error), run func(S) runner, play player[S]) func(spec.Values, int64, string) (root, error) {
	return func(gv spec.Values, seed int64, position string) (root, error) {
		var (
			s   S
			err error
		)
		if position == "" {
			s, err = make(gv, seed)
		} else {
			s, err = parse(position)
		}
		if err != nil {
			return root{}, err
		}
		return root{text: s.String(), state: s, run: run(s), fill: func() func(*trace.Event) { return boardFiller(s, play) }}, nil
	}
}

// Games returns the catalog: every game, in the order listings show them.
func Games() []Game {
	diceHeuristics := search.Heuristics[dice.State]{Evals: dice.EvalNames(), Evaluate: dice.State.Evaluate, Obvious: dice.State.Obvious}
	return []Game{
		{
			Name:         "tictactoe",
			Sides:        [2]string{"x", "o"},
			Family:       search.FamilyAlternating,
			Help:         "tic-tac-toe: three in a row wins; x moves first",
			Start:        tictactoe.New().String(),
			PositionHelp: "three rows top to bottom separated by '/', cells x, o or '.', e.g. x.o/.x./..o; the side to move follows from the counts",
			Boards:       true,
			ArenaEngines: [2]string{"alphabeta depth=9", "mcts playouts=1000"},
			PlayEngine:   "alphabeta",
			Checks:       []string{"x.o/.x./..o", "xo./.x./o..", "xox/oox/x..", "xxx/oo./..."},
			open:         alternating(tictactoe.Parse),
		},
		{
			Name:         "othello",
			Sides:        [2]string{"Black", "White"},
			Family:       search.FamilyAlternating,
			Help:         "Othello: place a disc to flank a line of the opponent's discs and turn them over; no move, pass; most discs at the end wins; Black moves first",
			Start:        othello.New().String(),
			Depth:        4,
			PositionHelp: "eight rows from row 1 at the top separated by '/', squares x (Black), o (White) or '.', a space and the side to move, e.g. ......../......../......../...ox.../...xo.../......../......../........ x; Edax's 64-square form (---…OX…XO--- X) reads too",
			Boards:       true,
			ArenaEngines: [2]string{"alphabeta depth=4 ordering=1", "mcts playouts=1000"},
			PlayEngine:   "minimax depth=5", // the chapter among the references: White searches 5 plies
			Checks:       []string{"......../......../..xo.o../..xxoo../...xooo./..xxxo../....o.../........ x", "o......./.o....../..o...../...oo.../...oo.../.....o../......x./........ x", "......../......../......../...xx.../...xx.../......../......../........ o"},
			open:         alternating(othello.Parse),
		},
		{
			Name:         "connectfour",
			Sides:        [2]string{"x", "o"},
			Family:       search.FamilyAlternating,
			Help:         "Connect Four: drop discs into a 7×6 upright board; four in a row, across, up or diagonally, wins; x moves first",
			Start:        connectfour.New().String(),
			Depth:        4,
			PositionHelp: "six rows top to bottom separated by '/', seven cells x, o or '.' each, discs resting on the bottom or on other discs, e.g. ......./......./......./......./...o.../...x...; the side to move follows from the counts",
			Boards:       true,
			ArenaEngines: [2]string{"alphabeta depth=4", "mcts playouts=1000"},
			PlayEngine:   "alphabeta depth=6 ordering=1",
			Checks:       []string{"......./......./......./..o..../..xo.../..xxo..", "......./......./......./x...o../x...o../x...o.."},
			open:         alternating(connectfour.Parse),
		},
		{
			Name:         "tree",
			Family:       search.FamilyAlternating,
			Help:         "a game tree typed in: nested brackets of leaf values, the root is MAX and levels alternate",
			Start:        "[[3,12,8],[2,4,6],[14,5,2]]",
			PositionHelp: "nested brackets of numbers, e.g. [[3,12,8],[2,4,6],[14,5,2]]; leaves may be negative or decimal",
			Checks:       []string{"[[1,[2,3]],[[4,-5.5],6],0.25]", "7"},
			open:         alternating(func(text string) (tree.State, error) { return tree.Parse(text) }),
		},
		{
			Name:         "chancetree",
			Family:       search.FamilyChance,
			Help:         "a game tree with chance typed in: brackets for players' nodes, braces of probability:tree for chance nodes; the root is MAX",
			Start:        "[{0.5:3,0.5:12},{0.5:2,0.5:20}]",
			PositionHelp: "nested brackets of numbers with chance nodes in braces, e.g. [{0.5:[3,12],0.5:[2,4]},{1/6:9,5/6:-1}]; probabilities are decimals or fractions summing to 1",
			ArenaEngines: [2]string{"expectimax", "pmc"},
			Checks:       []string{"[{0.5:[3,{1/3:1,2/3:[4,-2]}],0.5:7},[2,9],{0.25:-1,0.75:5}]", "4"},
			open:         chanceGame(func(text string) (tree.ChanceState, error) { return tree.ParseChance(text) }, search.Heuristics[tree.ChanceState]{}),
		},
		{
			Name:         "dice",
			Sides:        [2]string{"White", "Black"},
			Family:       search.FamilyChance,
			Help:         "the research paper's dice game: pick a piece and a direction, a die says how far it goes; a line of three through your King wins",
			Start:        dice.Start().String(),
			PositionHelp: "seven rows from row 7 down separated by '/': '.' empty, '#' wall, K A B C D White's King and pieces 1-4, k a b c d Black's; then w or b to move and the plies played, e.g. " + dice.Start().String(),
			Boards:       true,
			ArenaEngines: [2]string{"expectimax depth=1 eval=typeA", "expectimax depth=1 eval=typeB"},
			PlayEngine:   "expectimax depth=3 eval=typeA cut=1",
			Checks:       []string{".c....b/d.a.k../...#.../..###../.A.#.../..KC.D./.B..... w 10", "......b/..ca.../..d#k../A.###../...#.../......./B.CKD.. b 27"},
			CheckDepth:   1, // some 20 moves of about 3 outcomes a ply
			Evals:        diceHeuristics.Evals,
			open:         refereed(chanceGame(dice.Parse, diceHeuristics), chanceReferee[dice.State]),
		},
		{
			Name:         "maze",
			Family:       search.FamilySingle,
			Help:         "the number-collecting maze: move up, down, left or right, collect the points you step on, score the most by the last turn",
			Params:       []spec.Param{paramMazeHeight, paramMazeWidth, paramMazeTurns},
			PositionHelp: "turns left, ':', then rows top to bottom separated by '/': # wall, . floor, 1-9 points, @ the player, e.g. 3:#.5#/.@18/3#..; leave it empty to generate a board from h, w, turns and the seed",
			Boards:       true,
			Checks:       []string{"3:#.5#/.@18/3#..", "0:#.5#/.@18/3#.."},
			open: single(maze.Parse, func(v spec.Values, seed int64) (maze.State, error) {
				return maze.Generate(v.Int(paramMazeHeight), v.Int(paramMazeWidth), v.Int(paramMazeTurns), seed)
			}),
		},
		{
			Name:         "twinmaze",
			Sides:        [2]string{"A", "B"},
			Family:       search.FamilySimultaneous,
			Help:         "the two-player maze: A and B move at once, each collects the points it lands on, both score a cell they land on together",
			Params:       twinParams(),
			PositionHelp: "turns left, ':', then rows top to bottom separated by '/': # wall, . floor, 1-9 points, A and B the players (X both), e.g. 20:39793/3#3#3/1A6B1/9#6#9/68486; leave it empty to generate a board from h, w, turns and the seed",
			Boards:       true,
			ArenaEngines: [2]string{"duct playouts=500", "duct playouts=50"},
			PlayEngine:   "duct playouts=1000",
			Checks:       []string{"2:A9B", "3:1A6B1"},
			open:         simultaneous(twinmaze.Parse, generateTwin),
		},
		{
			Name:         "twinmaze-turns",
			Sides:        [2]string{"A", "B"},
			Family:       search.FamilyAlternating,
			Help:         "the twin maze taking turns: modelled as if A and B took turns, A first, the wrong model, in which A steals points B would share",
			Depth:        8,
			Params:       twinParams(),
			PositionHelp: "a twin maze position then ';A' or ';B' for the side to move, e.g. 20:39793/3#3#3/1A6B1/9#6#9/68486;A; leave it empty to generate a board from h, w, turns and the seed",
			Boards:       true,
			ArenaEngines: [2]string{"alphabeta depth=4", "mcts playouts=500"},
			PlayEngine:   "alphabeta depth=6",
			Checks:       []string{"2:A9B;A", "1:1A9B1;B"},
			open: alternatingOrMade(twinmaze.ParseSequential, func(v spec.Values, seed int64) (twinmaze.Sequential, error) {
				s, err := generateTwin(v, seed)
				return s.Alternating(), err
			}),
		},
	}
}

// DefaultGame returns the game the start page's and the arena's forms
// hold when none is asked for: tic-tac-toe, small enough to follow every
// node of its search.
func DefaultGame() Game { return mustGame("tictactoe") }

// DefaultPlayGame returns the game the play page holds when none is asked
// for: Othello, the game of the chapter among the references.
func DefaultPlayGame() Game { return mustGame("othello") }

// mustGame returns the game with the given name, which the registry
// declares; the catalog's tests call every function that calls it.
func mustGame(name string) Game {
	g, err := LookupGame(name)
	if err != nil {
		panic(err)
	}
	return g
}

// LookupGame returns the game with the given name.
func LookupGame(name string) (Game, error) {
	games := Games()
	names := make([]string, len(games))
	for i, g := range games {
		if g.Name == name {
			return g, nil
		}
		names[i] = g.Name
	}
	return Game{}, fmt.Errorf("catalog: unknown game %q (known: %s)", name, strings.Join(names, ", "))
}

// DepthFor returns the depth= the forms give algorithm a on g when the
// person leaves it empty (see Game.Depth), and whether they give one.
func (g Game) DepthFor(a search.Algorithm) (int, bool) {
	if g.Depth == 0 || !TakesGameDepth(a) {
		return 0, false
	}
	return g.Depth, true
}

// TakesGameDepth reports whether the forms give a's depth= from the game
// when the person leaves it empty: a has both depth= and nodes=.
func TakesGameDepth(a search.Algorithm) bool {
	return slices.ContainsFunc(a.Params, isParam("depth")) && slices.ContainsFunc(a.Params, isParam("nodes"))
}

// isParam returns a test of a parameter's name.
func isParam(name string) func(spec.Param) bool {
	return func(p spec.Param) bool { return p.Name == name }
}
