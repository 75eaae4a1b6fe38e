// Package play is a game between a person and an engine: any two-player
// game of the catalog, from its start, with the person on one side and an
// algorithm of the game's family on the other. The person's moves are
// checked against the rules; the engine answers on the position's text
// alone, as in an arena match, within MaxMoveTime; every engine move
// keeps what it takes to run its search again with its trace (the
// position, the algorithm's spec and the seed). A game can be taken back
// to the person's previous turn, written as a Record and opened again.
package play

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/board"
)

// The limits of a game.
const (
	// MaxMoveTime caps how long the engine may think about one move; a
	// search still running then is stopped and the move is not played,
	// with an error that says to choose a smaller depth or a time limit.
	MaxMoveTime = 30 * time.Second
	// MaxPlies caps the moves of a game, and so of a record: more than
	// any of the catalog's games lasts from its start.
	MaxPlies = 1000
)

// The turns of a game, as State reports them.
const (
	TurnPerson = "person" // the person is to move (with the engine, where both move at once)
	TurnEngine = "engine" // the engine is to move
	TurnOver   = "over"   // the game is over
)

// Config is what a game is played with.
type Config struct {
	Game   string // the game's spec, e.g. "othello" or "twinmaze h=7 w=7"
	Engine string // the engine's algorithm spec, without seed=, e.g. "minimax depth=5"
	Person int    // the side the person plays: 0, who moves first, or 1
	// Seed seeds what a game draws: a board made from the game's
	// parameters, chance's outcomes, and the engine's searches, the
	// search of move k (from 0) being seeded Seed+k.
	Seed int64
}

// Ply is one move of a game.
type Ply struct {
	Position string   `json:"position"` // the position's text before the move
	Sides    []int    `json:"sides"`    // the sides that moved: one, or both where they move at once
	Labels   []string `json:"labels"`   // their moves' labels, in the order of Sides
	Chance   string   `json:"chance,omitempty"`
	// Engine is the engine's search, when it moved.
	Engine *Thought `json:"engine,omitempty"`

	actions []int
}

// Thought is the engine's search for one move: with the game's spec and
// the ply's Position, it runs again as
//
//	viz run --game GAME --position POSITION --algo ALGO --seed SEED
type Thought struct {
	Algo   string  `json:"algo"`
	Seed   int64   `json:"seed"`
	Label  string  `json:"label"`  // the move it chose
	Value  float64 `json:"value"`  // the search's value of the position, from the engine's view; 0 for a Fallback
	Nodes  int     `json:"nodes"`  // the nodes it searched
	Millis float64 `json:"millis"` // the time it took, in milliseconds
	// Fallback says the search stopped at its node budget before it
	// searched any move to the end, and the engine played its first
	// legal move.
	Fallback bool `json:"fallback,omitempty"`
}

// Game is a game in progress. It is not safe for concurrent use.
type Game struct {
	cfg      Config
	match    *catalog.Match
	plies    []Ply
	moveTime time.Duration // MaxMoveTime; tests shorten it
}

// New starts a game from its start position. It fails for a game that
// does not have two sides, a side other than 0 or 1, and an engine spec
// the game cannot be played with (another family, a parameter out of
// range, a seed given).
func New(cfg Config) (*Game, error) {
	if cfg.Person != 0 && cfg.Person != 1 {
		return nil, fmt.Errorf("play: side %d is not a side (want 0, who moves first, or 1)", cfg.Person)
	}
	m, err := catalog.NewMatch(cfg.Game, "", cfg.Seed)
	if err != nil {
		return nil, err
	}
	if m.Game().Sides[0] == "" {
		return nil, fmt.Errorf("play: %s has no two sides to play", m.Game().Name)
	}
	if err := m.Check(cfg.Engine); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	return &Game{cfg: cfg, match: m, moveTime: MaxMoveTime}, nil
}

// Config returns what the game is played with.
func (g *Game) Config() Config { return g.cfg }

// Turn returns TurnPerson, TurnEngine or TurnOver.
func (g *Game) Turn() string {
	movers := g.match.Movers()
	switch {
	case len(movers) == 0:
		return TurnOver
	case slices.Contains(movers, g.cfg.Person):
		return TurnPerson
	}
	return TurnEngine
}

// Move plays the person's move, action, which must be one of Moves. Where
// both sides move at once, the engine chooses its move first, on the same
// position, and both are played together. It fails, leaving the game as
// it was, when it is not the person's turn, for an action not legal, and
// when the engine fails to move.
func (g *Game) Move(ctx context.Context, action int) error {
	if t := g.Turn(); t != TurnPerson {
		return fmt.Errorf("play: it is not your turn (the %s is to move)", turnWords[t])
	}
	moves := g.match.Moves(g.cfg.Person)
	if !slices.ContainsFunc(moves, func(m catalog.Move) bool { return m.Action == action }) {
		return fmt.Errorf("play: %d is not a legal move here (legal: %s)", action, labels(moves))
	}
	if len(g.plies) >= MaxPlies {
		return fmt.Errorf("play: the game has reached %d moves, the most a game may have", MaxPlies)
	}
	movers := g.match.Movers()
	actions := make([]int, len(movers))
	var thought *Thought
	for i, side := range movers {
		if side == g.cfg.Person {
			actions[i] = action
			continue
		}
		c, t, err := g.think(ctx, side)
		if err != nil {
			return err
		}
		actions[i], thought = c, t
	}
	return g.play(movers, actions, thought)
}

// Answer plays the engine's move when it is the engine's turn. It fails,
// leaving the game as it was, when it is not, and when the search fails
// or takes longer than MaxMoveTime.
func (g *Game) Answer(ctx context.Context) error {
	if t := g.Turn(); t != TurnEngine {
		return fmt.Errorf("play: the engine is not to move (the %s is)", turnWords[t])
	}
	movers := g.match.Movers()
	a, t, err := g.think(ctx, movers[0])
	if err != nil {
		return err
	}
	return g.play(movers, []int{a}, t)
}

var turnWords = map[string]string{TurnPerson: "person", TurnEngine: "engine", TurnOver: "game is over and no one"}

// think runs the engine for side on the current position.
func (g *Game) think(ctx context.Context, side int) (int, *Thought, error) {
	ctx, cancel := context.WithTimeoutCause(ctx, g.moveTime, errTooSlow)
	defer cancel()
	seed := g.cfg.Seed + int64(len(g.plies))
	start := time.Now()
	c, err := g.match.Think(ctx, side, g.cfg.Engine, seed)
	if err != nil {
		if errors.Is(context.Cause(ctx), errTooSlow) {
			return 0, nil, fmt.Errorf("play: %s did not move within %v; choose a smaller depth or budget, or a time limit", g.cfg.Engine, g.moveTime)
		}
		return 0, nil, fmt.Errorf("play: the engine could not move: %w", err)
	}
	t := &Thought{
		Algo: g.cfg.Engine, Seed: seed, Label: c.Label, Value: c.Search.Value,
		Nodes: c.Search.Nodes, Millis: float64(time.Since(start).Microseconds()) / 1000,
		Fallback: c.Fallback,
	}
	if c.Fallback {
		t.Value = 0 // a search that finished no move has no value, only -∞
	}
	return c.Action, t, nil
}

var errTooSlow = errors.New("play: the engine's move took too long")

// play plays one move of movers and records it.
func (g *Game) play(movers, actions []int, t *Thought) error {
	p, err := g.match.Play(actions...)
	if err != nil {
		return err
	}
	g.plies = append(g.plies, Ply{Position: p.Position, Sides: movers, Labels: p.Labels, Chance: p.ChanceLabel, Engine: t, actions: actions})
	return nil
}

// Undo takes back the moves since the person's previous turn: the
// engine's answer and the person's move before it. It reports false when
// the person has not moved yet.
func (g *Game) Undo() (bool, error) {
	last := len(g.plies) - 1
	for last >= 0 && !slices.Contains(g.plies[last].Sides, g.cfg.Person) {
		last--
	}
	if last < 0 {
		return false, nil
	}
	keep := g.plies[:last]
	fresh, err := New(g.cfg)
	if err != nil {
		return false, err
	}
	// Chance's outcomes are drawn in order from the seed, so playing the
	// kept moves again draws the same ones.
	for _, p := range keep {
		if err := fresh.play(p.Sides, p.actions, p.Engine); err != nil {
			return false, fmt.Errorf("play: replaying the game: %w", err)
		}
	}
	fresh.moveTime = g.moveTime
	*g = *fresh
	return true, nil
}

// labels lists the moves' labels for an error.
func labels(moves []catalog.Move) string {
	out := ""
	for i, m := range moves {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%d (%s)", m.Action, m.Label)
	}
	return out
}

// State is what a page shows of a game.
type State struct {
	Game     string         `json:"game"`
	Engine   string         `json:"engine"`
	Person   int            `json:"person"`
	Sides    [2]string      `json:"sides"`
	Seed     int64          `json:"seed"`
	Position string         `json:"position"`
	Board    *board.Board   `json:"board,omitempty"`
	Turn     string         `json:"turn"`
	Moves    []catalog.Move `json:"moves"` // the person's legal moves on their turn
	Plies    []Ply          `json:"plies"`
	// Over says, when the game is over, who won and why.
	Over string `json:"over,omitempty"`
	// Result is the person's result when the game is over: 1 win, 0.5
	// draw, 0 loss.
	Result float64 `json:"result"`
}

// State returns the game as a page shows it, in English.
func (g *Game) State() State { return g.StateIn(explain.English) }

// StateIn returns the game as a page in the language l shows it: the
// sides' names and the sentence that ends the game in l.
func (g *Game) StateIn(l explain.Lang) State {
	sides := g.match.Game().Sides
	for i, s := range sides {
		sides[i] = SideName(l, s)
	}
	st := State{
		Game: g.cfg.Game, Engine: g.cfg.Engine, Person: g.cfg.Person, Seed: g.cfg.Seed,
		Sides: sides, Position: g.match.Position(), Turn: g.Turn(),
		Moves: g.match.Moves(g.cfg.Person), Plies: slices.Clone(g.plies),
	}
	if st.Moves == nil {
		st.Moves = []catalog.Move{}
	}
	if st.Plies == nil {
		st.Plies = []Ply{}
	}
	b, ok := g.match.Board()
	if ok {
		shown := b
		shown.Caption = l.BoardCaption(b.Caption)
		st.Board = &shown
	}
	if st.Turn == TurnOver {
		st.Result = g.match.Result()
		if g.cfg.Person == 1 {
			st.Result = 1 - st.Result
		}
		st.Over = g.overWords(b.Caption)
		if l.Code() != "en" {
			st.Over = g.overWordsIn(l, b.Caption)
		}
	}
	return st
}

// SideName is a game's side's name in the language l: Black and White
// in words, a mark or a letter (x, o, A, B) as the board shows it.
func SideName(l explain.Lang, side string) string {
	switch side {
	case "Black":
		return l.T("Black")
	case "White":
		return l.T("White")
	}
	return side
}

// score is a score a board's caption gives, such as "40–24".
var score = regexp.MustCompile(`[0-9]+ ?[–-] ?[0-9]+`)

// overWordsIn says in the language l who won the finished game, with
// the side they played, and its final score if its board's caption gives
// one: the caption's other words are the game's, in English.
func (g *Game) overWordsIn(l explain.Lang, caption string) string {
	sc := score.FindString(caption)
	r := g.match.Result()
	if r == 0.5 {
		if sc == "" {
			return l.T("A draw.")
		}
		return l.F("A draw: %s.", sc)
	}
	winner := 0
	if r < 0.5 {
		winner = 1
	}
	side := SideName(l, g.match.Game().Sides[winner])
	switch {
	case winner == g.cfg.Person && sc == "":
		return l.F("You (%s) win.", side)
	case winner == g.cfg.Person:
		return l.F("You (%s) win: %s.", side, sc)
	case sc == "":
		return l.F("The engine (%s) wins.", side)
	}
	return l.F("The engine (%s) wins: %s.", side, sc)
}

// overWords says who won the finished game and how it ended, in the
// game's own words, its board's caption.
func (g *Game) overWords(caption string) string {
	switch r := g.match.Result(); {
	case r == 0.5:
		return endWords(caption, "")
	case (r == 1) == (g.cfg.Person == 0):
		return endWords(caption, "you")
	}
	return endWords(caption, "the engine")
}

// endWords is the sentence that ends a game whose winner is winner ("you"
// or "the engine"; "" for a draw) and whose board's caption is caption,
// saying who won once: a caption that names the winning side ("White
// wins 40–24", "x wins") is said with the winner after it, one that says
// a draw as it is, any other after who won.
func endWords(caption, winner string) string {
	said := strings.Contains(caption, "wins") || strings.HasPrefix(strings.ToLower(caption), "draw")
	switch {
	case caption == "" && winner == "":
		return "A draw."
	case caption == "":
		return capitalized(winner) + " " + winVerb(winner) + "."
	case said && winner == "":
		return capitalized(caption) + "."
	case said:
		return caption + " (" + winner + ")." // as written: "x wins" names the mark x
	case winner == "":
		return "A draw: " + caption + "."
	}
	return capitalized(winner) + " " + winVerb(winner) + ": " + caption + "."
}

// winVerb is "win" after "you" and "wins" after any other winner.
func winVerb(winner string) string {
	if winner == "you" {
		return "win"
	}
	return "wins"
}

// capitalized returns s with its first letter upper-case.
func capitalized(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
