package catalog

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
)

// Match is one game of a game of the catalog played out move by move, as
// a referee plays it between engines: it holds the position, says whose
// turn it is, runs an engine for a side on the position's text alone (the
// engine parses the text afresh, so it knows nothing the text does not
// say), plays the moves chosen, draws chance's outcomes with its own
// seeded random source, and scores the game when it is over.
//
// Side 0 is the side to move in the start position (x in tic-tac-toe) or,
// in a game where both players move at once, player A; side 1 is the
// other. A Match is not safe for concurrent use; matches are independent
// of each other.
type Match struct {
	game     Game
	gameSpec string
	ref      referee
	rng      *rand.Rand
}

// Choice is an engine's move for one side.
type Choice struct {
	Side   int           // the side the engine moved for
	Action int           // the action chosen
	Label  string        // its label in the position
	Search search.Result // the search's result, its counters and time included
	// Fallback says the search stopped before it searched any move to the
	// end, so the engine played its first legal move instead.
	Fallback bool
}

// Ply is what playing one move did.
type Ply struct {
	Position string   // the position text before the move
	Labels   []string // the movers' actions' labels, in the order of Movers
	// Chance is the index of chance's outcome that followed the move in
	// a game with chance, -1 in other games; ChanceLabel is its label.
	Chance      int
	ChanceLabel string
}

// referee is the rules of one family of games as a match needs them, on
// one position: every family a match can play is one function from a
// state to its referee (alternatingReferee, simultaneousReferee,
// chanceReferee), bound to the family's games in games.go.
type referee struct {
	text string // the position's text
	// state is the position itself, which knows what its text may not
	// say: the scores the twin maze's players collected on the way.
	state  any
	movers []int // the sides to move; none when the game is over
	legal  func(side int, buf []int) []int
	label  func(side, action int) string
	result func() float64 // side 0's result when the game is over: 1 win, 0.5 draw, 0 loss
	// play plays the movers' actions, in the order of movers, and draws
	// chance's outcome, if the family has one, from rng: it returns the
	// next position's referee, the outcome (-1 for none) and its label.
	play func(actions []int, rng *rand.Rand) (next referee, outcome int, outcomeLabel string)
}

// refereed adds to the roots that open opens the referee of their state
// of type S, ref, starting with side 0 to move.
func refereed[S any](open func(spec.Values, int64, string) (root, error), ref func(s S, turn int) referee) func(spec.Values, int64, string) (root, error) {
	return func(v spec.Values, seed int64, position string) (root, error) {
		r, err := open(v, seed, position)
		if err != nil {
			return r, err
		}
		s := r.state.(S)
		r.referee = func() referee { return ref(s, 0) }
		return r, nil
	}
}

// alternatingReferee is the referee of a game whose players take turns,
// side turn being to move in s.
func alternatingReferee[S search.Alternating[S]](s S, turn int) referee {
	r := turnReferee(s, turn)
	r.play = func(a []int, _ *rand.Rand) (referee, int, string) {
		return alternatingReferee(s.Play(a[0]), 1-turn), -1, ""
	}
	return r
}

// turnState is what a referee reads of a state of a game whose players
// take turns, with or without chance.
type turnState interface {
	String() string
	Done() bool
	Legal(buf []int) []int
	Label(action int) string
	Score() float64
}

// turnReferee is the referee of s, side turn being to move, but for play,
// which its family adds.
func turnReferee[S turnState](s S, turn int) referee {
	return referee{
		text:   s.String(),
		state:  s,
		movers: movers(!s.Done(), turn),
		legal:  func(_ int, buf []int) []int { return s.Legal(buf) },
		label:  func(_, a int) string { return s.Label(a) },
		result: func() float64 { return sideResult(s.Score(), turn) },
	}
}

// simultaneousReferee is the referee of a game whose players move at
// once; turn is not used, both sides moving every turn.
func simultaneousReferee[S search.Simultaneous[S]](s S, _ int) referee {
	over := s.Done() || len(s.Legal(0, nil)) == 0 || len(s.Legal(1, nil)) == 0
	r := referee{
		text:   s.String(),
		state:  s,
		legal:  s.Legal,
		label:  s.Label,
		result: func() float64 { return sideResult(s.Score(), 0) },
		play: func(a []int, _ *rand.Rand) (referee, int, string) {
			return simultaneousReferee(s.Play(a[0], a[1]), 0), -1, ""
		},
	}
	if !over {
		r.movers = []int{0, 1}
	}
	return r
}

// chanceReferee is the referee of a game of chance whose players take
// turns, side turn being to move in s: after each move it draws chance's
// outcome with the probabilities the game gives.
func chanceReferee[S search.Chance[S]](s S, turn int) referee {
	r := turnReferee(s, turn)
	r.play = func(a []int, rng *rand.Rand) (referee, int, string) {
		o := drawOutcome(s.Chances(a[0], nil), rng.Float64())
		return chanceReferee(s.Roll(a[0], o), 1-turn), o, s.OutcomeLabel(a[0], o)
	}
	return r
}

// movers is the side turn alone when the game goes on, none when it is
// over.
func movers(going bool, turn int) []int {
	if !going {
		return nil
	}
	return []int{turn}
}

// sideResult is side 0's result, 1 win, 0.5 draw, 0 loss, when the game
// is over with score in side turn's view.
func sideResult(score float64, turn int) float64 {
	if turn == 1 {
		score = -score
	}
	return search.Outcome(score)
}

// drawOutcome returns the outcome that u, uniform in [0, 1), draws among
// outcomes of probabilities probs: the first whose cumulative probability
// exceeds u, or the last of positive probability when rounding leaves the
// sum short of u.
func drawOutcome(probs []float64, u float64) int {
	sum, last := 0.0, 0
	for i, p := range probs {
		if p <= 0 {
			continue
		}
		sum += p
		last = i
		if u < sum {
			return i
		}
	}
	return last
}

// sideless is a state whose position text does not say whose turn it is,
// as a typed tree's (its text, parsed again, has MAX to move): an engine
// that sees only the text cannot play it for MIN.
type sideless interface{ MaxToMove() bool }

// NewMatch opens a match of the game gameSpec names, from position, or
// when it is "", from the game's start or the board its parameters and
// seed make; seed also seeds chance's draws. It fails for a spec or a
// position Prepare refuses, for a one-player game, and for a game whose
// position text does not say whose turn it is.
func NewMatch(gameSpec, position string, seed int64) (*Match, error) {
	g, gs, gv, err := resolveGame(gameSpec)
	if err != nil {
		return nil, err
	}
	r, err := g.openAt(gv, seed, position)
	if err != nil {
		return nil, err
	}
	if r.referee == nil {
		return nil, fmt.Errorf("catalog: %s is %s, and a match needs two players", g.Name, familyGame[g.Family])
	}
	if _, ok := r.state.(sideless); ok {
		return nil, fmt.Errorf("catalog: %s's position text does not say whose turn it is, so engines that see only the text cannot play it", g.Name)
	}
	return &Match{
		game:     g,
		gameSpec: gs.String(),
		ref:      r.referee(),
		rng:      rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15)),
	}, nil
}

// Game returns the game being played.
func (m *Match) Game() Game { return m.game }

// Position returns the current position's text.
func (m *Match) Position() string { return m.ref.text }

// Movers returns the sides to move, in order: one side in a game whose
// players take turns, sides 0 and 1 in one where they move at once, none
// when the game is over. The caller may keep the slice.
func (m *Match) Movers() []int { return slices.Clone(m.ref.movers) }

// Done reports whether the game is over.
func (m *Match) Done() bool { return len(m.ref.movers) == 0 }

// Result returns side 0's result, 1 for a win, 0.5 for a draw and 0 for
// a loss, when the game is over; before, it is 0.5.
func (m *Match) Result() float64 {
	if !m.Done() {
		return 0.5
	}
	return m.ref.result()
}

// Check reports whether engine, an algorithm's spec, can play this match:
// Prepare accepts it for the current position (the right family, its
// parameters in range), and it names no seed, which the match gives each
// move's search (see Think).
func (m *Match) Check(engine string) error {
	if err := unseeded(engine); err != nil {
		return err
	}
	_, err := Prepare(Request{Game: m.gameSpec, Algo: engine, Position: m.ref.text})
	return err
}

// unseeded checks that engine, an algorithm's spec, names no seed.
func unseeded(engine string) error {
	as, err := spec.Parse(engine)
	if err != nil {
		return fmt.Errorf("algorithm: %w", err)
	}
	if slices.ContainsFunc(as.Args, func(a spec.Arg) bool { return a.Key == "seed" }) {
		return fmt.Errorf("catalog: %q names a seed; a match seeds each move's search itself, so leave seed= out", engine)
	}
	return nil
}

// Think runs engine, an algorithm's spec, for side on the current
// position's text with seed as the search's seed, exactly as viz run
// --game G --algo engine --position P --seed seed does, and returns the
// action it chooses for side: the search's action, or in a game where
// both players move at once, for side 1, the search's Action1. A search
// stopped by its node budget plays the best action it searched to the
// end, or with none, side's first legal action, marked as a Fallback.
// Think fails for a side not to move, an engine Check refuses, a search
// that fails or finds no action, and an action that is not legal.
func (m *Match) Think(ctx context.Context, side int, engine string, seed int64) (Choice, error) {
	if !slices.Contains(m.ref.movers, side) {
		return Choice{}, fmt.Errorf("catalog: side %d is not to move in %s", side, m.ref.text)
	}
	if err := unseeded(engine); err != nil {
		return Choice{}, err
	}
	r, err := Prepare(Request{Game: m.gameSpec, Algo: engine, Position: m.ref.text, Seed: seed, SeedSet: true})
	if err != nil {
		return Choice{}, err
	}
	res, err := r.Search(ctx, nil)
	budget := errors.Is(err, search.ErrBudget)
	fallback := budget && res.Action < 0 && len(res.Unfinished) > 0
	if err != nil && !(budget && res.Action >= 0) && !fallback {
		return Choice{}, fmt.Errorf("catalog: %s in %s: %w", engine, m.ref.text, err)
	}
	a := res.Action
	if side == 1 && m.game.Family == search.FamilySimultaneous {
		a = res.Action1
	}
	if fallback {
		a = m.ref.legal(side, nil)[0]
	}
	if !slices.Contains(m.ref.legal(side, nil), a) {
		return Choice{}, fmt.Errorf("catalog: %s chose action %d for side %d, which is not legal in %s", engine, a, side, m.ref.text)
	}
	return Choice{Side: side, Action: a, Label: m.ref.label(side, a), Search: res, Fallback: fallback}, nil
}

// Play plays one move: actions holds one action for each side to move, in
// the order of Movers; in a game with chance, chance's outcome is then
// drawn. It fails, leaving the match as it was, when the game is over, or
// for the wrong number of actions or an action that is not legal.
func (m *Match) Play(actions ...int) (Ply, error) {
	if m.Done() {
		return Ply{}, fmt.Errorf("catalog: the game is over in %s", m.ref.text)
	}
	if len(actions) != len(m.ref.movers) {
		return Ply{}, fmt.Errorf("catalog: %d actions for %d sides to move", len(actions), len(m.ref.movers))
	}
	labels := make([]string, len(actions))
	for i, side := range m.ref.movers {
		if !slices.Contains(m.ref.legal(side, nil), actions[i]) {
			return Ply{}, fmt.Errorf("catalog: action %d of side %d is not legal in %s", actions[i], side, m.ref.text)
		}
		labels[i] = m.ref.label(side, actions[i])
	}
	p := Ply{Position: m.ref.text, Labels: labels}
	m.ref, p.Chance, p.ChanceLabel = m.ref.play(actions, m.rng)
	return p, nil
}

// Move is a legal move of one side, as a person picks it.
type Move struct {
	Action int    `json:"action"`
	Label  string `json:"label"`
	// Cell is the board cell, counted row by row from the top left, that
	// the move puts a piece on, when it puts one on exactly one cell that
	// held none: the square of a disc or a mark, the maze's cell a
	// player steps to; -1 when there is no such cell, as for a pass or a
	// move whose outcome the dice decide, and the move is picked by its
	// label.
	Cell int `json:"cell"`
}

// Moves returns the legal moves of side, none when side is not to move.
func (m *Match) Moves(side int) []Move {
	if !slices.Contains(m.ref.movers, side) {
		return nil
	}
	before, drawn := m.game.Board(m.ref.text)
	// Only a move that alone decides the next position fills a cell that
	// can be known before it is played.
	placing := drawn && len(m.ref.movers) == 1 && m.game.Family == search.FamilyAlternating
	var moves []Move
	for _, a := range m.ref.legal(side, nil) {
		mv := Move{Action: a, Label: m.ref.label(side, a), Cell: -1}
		if placing {
			next, _, _ := m.ref.play([]int{a}, nil)
			if after, ok := m.game.Board(next.text); ok {
				mv.Cell = filled(before, after)
			}
		}
		moves = append(moves, mv)
	}
	return moves
}

// filled returns the one cell that holds a piece in after and none in
// before, or -1 when there is not exactly one.
func filled(before, after board.Board) int {
	cell := -1
	for i, changed := range after.Changed(before) {
		if !changed || before.Cells[i].Kind == board.Piece || after.Cells[i].Kind != board.Piece {
			continue
		}
		if cell >= 0 {
			return -1
		}
		cell = i
	}
	return cell
}

// scoreBoarded is a position that says, on a game played from its start,
// what its text does not: the twin maze's scores (twinmaze.State.ScoreBoard).
type scoreBoarded interface {
	ScoreBoard() board.Board
}

// Board returns the current position's board, false for a game without
// one: with the scores collected, for a game whose text does not carry
// them (scoreBoarded).
func (m *Match) Board() (board.Board, bool) {
	if s, ok := m.ref.state.(scoreBoarded); ok {
		if b := s.ScoreBoard(); b.Check() == nil {
			return b, true
		}
	}
	return m.game.Board(m.ref.text)
}
