package search

import (
	"errors"

	"github.com/searchviz/searchviz/trace"
)

// sequential is what the alternating and the one-player families share: a
// state is a small value and Play returns a new state, never changing its
// receiver.
type sequential[S any] interface {
	// Legal appends the legal actions to buf and returns the result. It
	// returns none when the game is over. Actions are small ints.
	Legal(buf []int) []int
	// Play returns the state after the player to move plays action.
	Play(action int) S
	// Done reports whether the game is over.
	Done() bool
	// Label is the human name of action in this state, e.g. "b2", "up".
	Label(action int) string
	// String is the position's parseable text form.
	String() string
}

// Alternating is a two-player, zero-sum game with alternating moves, as the
// engines of this package need it.
type Alternating[S any] interface {
	sequential[S]
	// Score evaluates the state from the point of view of the side to move:
	// the outcome when the game is over, a heuristic otherwise.
	Score() float64
}

// Single is a one-player game, as the engines of the beam family (Greedy,
// Beam search, Chokudai search) need it.
type Single[S any] interface {
	sequential[S]
	// Score evaluates the state for the player: higher is better. The
	// engines rank states by it.
	Score() float64
}

// Simultaneous is a two-player, zero-sum game in which both players move at
// once, as DUCT needs it. Player 0 is the root player. Implementations are
// small values: Play returns a new state and never changes its receiver.
type Simultaneous[S any] interface {
	// Legal appends the legal actions of player (0 or 1) to buf and
	// returns the result. It returns none when the game is over.
	Legal(player int, buf []int) []int
	// Play returns the state after player 0 plays a0 and player 1 plays
	// a1, at the same time.
	Play(a0, a1 int) S
	// Done reports whether the game is over.
	Done() bool
	// Score evaluates the state from player 0's point of view: when the
	// game is over, > 0 is a win for player 0, < 0 a loss, 0 a draw.
	Score() float64
	// Label is the human name of player's action in this state, e.g. "up".
	Label(player, action int) string
	// String is the position's parseable text form.
	String() string
}

// Options are the options of MiniMax, NegaMax and AlphaBeta. A time limit
// stops them with an error wrapping context.DeadlineExceeded.
type Options struct {
	// Depth is the depth limit in plies; at depth 0 a state is evaluated.
	Depth int
	// Ordering is the order in which AlphaBeta searches each node's
	// children; the zero value, OrderNone, is the game's order. MiniMax
	// and NegaMax ignore it: they always search in the game's order.
	Ordering Ordering
	// Table gives AlphaBeta a transposition table (see AlphaBeta);
	// MiniMax and NegaMax ignore it.
	Table bool
	// Quiescence is how many plies AlphaBeta may search on below the
	// depth limit from a position with noisy moves (see AlphaBeta), at
	// most MaxQuiescence; 0 evaluates every position at the limit.
	// MiniMax and NegaMax ignore it.
	Quiescence int
	Limits
	Tracing
}

// Result is what a search returns.
type Result struct {
	Action int     // the chosen action; -1 when the root has no legal action
	Label  string  // its label
	Value  float64 // the root's value from the root player's point of view
	// Action1 is, in a game where both players move at once, player 1's
	// action of the search (DUCT: its most visited at the root), -1 when
	// it has none; a match plays it for player 1. Searches of other
	// families leave it 0.
	Action1 int
	// Unfinished, for MiniMax, NegaMax or AlphaBeta stopped early (by
	// its node budget, time limit or context), lists the labels of the
	// root's moves not searched to the end: first the one it stopped
	// inside, if any, then those not begun, in the game's order. Action
	// is then the best of the moves searched to the end, -1 when there
	// is none. Nil for a search that finished.
	Unfinished []string
	trace.Counters
}

// ErrBudget is returned, wrapped, when a search reaches its node budget.
var ErrBudget = errors.New("search: node budget reached")
