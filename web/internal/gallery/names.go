package gallery

import (
	"errors"
	"fmt"
)

// Rule is how "step both" pairs a step of one viewer of a comparison
// with a step of the other.
type Rule uint8

const (
	// MatchShare pairs the steps at the same share of the two searches:
	// a third of the way through one, a third of the way through the
	// other, the last step with the last. It is the rule for searches
	// that share neither a tree nor a unit of work, such as AlphaBeta on
	// a tree of alternating moves and DUCT on the same game played at
	// once.
	MatchShare Rule = iota
	// MatchNode pairs the steps at the same position: the node the
	// moving viewer's search reached last, named by the moves that lead
	// to it from the root, and the step at which the other search reached
	// it, or, if that search never did, the step of the cut that pruned
	// it or the deepest position on its way the other did reach. It is
	// the rule for two depth-first searches of the same position, such as
	// MiniMax and AlphaBeta: where one evaluates a leaf, the other shows
	// the same leaf or the cut that skipped it.
	MatchNode
	// MatchPlayout pairs the steps at the same playout: after n results
	// backed up to the root in one search, n in the other, and part of
	// the way through the next playout, the same share of the other's
	// next. It is the rule for Monte Carlo searches, whose unit of work is
	// a playout, whatever an iteration holds.
	MatchPlayout
)

// Text says what "step both" keeps the same under rule m.
func (m Rule) Text() string {
	switch m {
	case MatchNode:
		return "Both stay at the same position: the node the same moves reach, or the cut that skipped it."
	case MatchPlayout:
		return "Both stay at the same playout: after 40 playouts in one, 40 in the other."
	}
	return "Both stay at the same share of their searches: a third of the way through one, a third through the other."
}

// Terms is how a comparison's table states each search's value.
type Terms uint8

const (
	// TermsGame reads a depth-first search's value as the game's result
	// for the root player: above 0 a win, 0 a draw, below a loss.
	TermsGame Terms = iota
	// TermsRate gives a Monte Carlo search's win rate as it is.
	TermsRate
	// TermsExpect reads both a depth-first search's value, a lead in
	// points, and a Monte Carlo search's win rate as what the root player
	// expects: ahead, even or behind.
	TermsExpect
)

// errUnknownName refuses a name a closed set of names does not hold.
var errUnknownName = errors.New("not one of the names allowed")

// termsNames and matchNames are the gallery file's names of Terms
// and Rule, by value.
var (
	termsNames = [...]string{TermsGame: "game", TermsRate: "rate", TermsExpect: "expect"}
	matchNames = [...]string{MatchShare: "share", MatchNode: "node", MatchPlayout: "playout"}
)

// MarshalText names t as the gallery's file does.
func (t Terms) MarshalText() ([]byte, error) { return nameOf("value terms", t, termsNames[:]) }

// UnmarshalText reads t from its name in the gallery's file.
func (t *Terms) UnmarshalText(b []byte) error { return valueOf("terms", b, t, termsNames[:]) }

// MarshalText names m as the gallery's file does.
func (m Rule) MarshalText() ([]byte, error) { return nameOf("match rule", m, matchNames[:]) }

// UnmarshalText reads m from its name in the gallery's file.
func (m *Rule) UnmarshalText(b []byte) error { return valueOf("match", b, m, matchNames[:]) }

// nameOf returns the name of v, one of a closed set of names, a field of
// kind what.
func nameOf[T ~uint8](what string, v T, names []string) ([]byte, error) {
	if int(v) >= len(names) {
		return nil, fmt.Errorf("gallery: %s %d: %w", what, v, errUnknownName)
	}
	return []byte(names[v]), nil
}

// valueOf sets *v to the value named b, a field of kind what, or says
// which names are allowed.
func valueOf[T ~uint8](what string, b []byte, v *T, names []string) error {
	for i, name := range names {
		if string(b) == name {
			*v = T(i)
			return nil
		}
	}
	return fmt.Errorf("%s %q: %w: %q, %q or %q", what, b, errUnknownName, names[0], names[1], names[2])
}
