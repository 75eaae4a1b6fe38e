package search

// Chance is a two-player, zero-sum game in which chance follows every
// move: the player to move picks an action, then one of the action's
// outcomes happens with its probability, as a die roll decides how far a
// piece goes. After each roll the other player moves. Expectimax and
// Primitive Monte Carlo search it. Implementations are small values: Roll
// returns a new state and never changes its receiver.
type Chance[S any] interface {
	// Legal appends the legal actions to buf and returns the result. It
	// returns none when the game is over.
	Legal(buf []int) []int
	// Chances appends to buf the probabilities of action's outcomes,
	// which sum to 1, and returns the result. A single outcome of
	// probability 1 is a move that chance does not change.
	Chances(action int, buf []float64) []float64
	// Roll returns the state after the player to move plays action and
	// chance gives outcome, an index into Chances(action).
	Roll(action, outcome int) S
	// Done reports whether the game is over.
	Done() bool
	// Score evaluates the state from the point of view of the side to
	// move: the outcome when the game is over (> 0 a win, < 0 a loss, 0 a
	// draw), a heuristic or 0 otherwise.
	Score() float64
	// Label is the human name of action in this state, e.g. "K NE".
	Label(action int) string
	// OutcomeLabel is the human name of action's outcome, e.g. "3-6" for
	// the die faces that give it.
	OutcomeLabel(action, outcome int) string
	// String is the position's parseable text form.
	String() string
}
