package explain

import (
	"strconv"

	"github.com/searchviz/searchviz/trace"
)

// RootMeasure is what a Monte Carlo search measures its root moves by, and
// so what the viewer's panel of root moves shows: the measure the search
// chooses its move by, never another.
type RootMeasure int

const (
	// MeasureVisits is MCTS's: the move with the most visits is chosen.
	MeasureVisits RootMeasure = iota
	// MeasureWinRate is Primitive Monte Carlo's: every move gets the same
	// playouts, and the best win rate for the root player is chosen.
	MeasureWinRate
	// MeasurePlayerVisits is DUCT's, where both players move at once: each
	// player's visits of its own actions, summed over the other's; player
	// A's most visited action is chosen.
	MeasurePlayerVisits
)

// RootWords are the words of the panel of a search's root moves.
type RootWords struct {
	Title string // the panel's heading
	Help  string // how the search measures and chooses a move
	Top   string // the mark of the one move with the best measure so far
	Tied  string // the mark of each of several moves tied for the best
}

// rootWords are the words for each measure, in English.
var rootWords = [...]RootWords{
	MeasureVisits: {
		Title: "Root visits",
		Help:  "MCTS chooses the most visited move: UCB1 sends more visits to the moves that look best, so visits are the sturdiest measure of a move.",
		Top:   "most visited",
		Tied:  "tied for most visited",
	},
	MeasureWinRate: {
		Title: "Win rate of each root move",
		Help:  "Primitive Monte Carlo gives every move the same number of random playouts, good or bad, and chooses the best win rate for %s (a draw counts ½): the bars are those win rates, with each move's playouts so far.",
		Top:   "best win rate",
		Tied:  "tied for best win rate",
	},
	MeasurePlayerVisits: {
		Title: "Root visits of each player's actions",
		Help:  "Both players move at once, so DUCT counts each player's visits of its own actions, summed over the other's: %s plays its most visited action; %s's most visited is the reply A's search expects.",
		Top:   "most visited",
		Tied:  "tied for most visited",
	},
}

// Words returns the words of the panel of root moves measured by m, in
// English (see WordsIn).
func (m RootMeasure) Words() RootWords { return m.WordsIn(English) }

// WordsIn returns the words of the panel of root moves measured by m, in
// language l.
func (m RootMeasure) WordsIn(l Lang) RootWords {
	if int(m) >= len(rootWords) || m < 0 {
		m = MeasureVisits
	}
	w := rootWords[m]
	s := say{l}
	w.Title, w.Top, w.Tied = l.T(w.Title), l.T(w.Top), l.T(w.Tied)
	switch m {
	case MeasureWinRate:
		w.Help = s.F(w.Help, l.Player(trace.TypeMax))
	case MeasurePlayerVisits:
		w.Help = s.F(w.Help, l.simPlayer(0, true), l.simPlayer(1, false))
	default:
		w.Help = l.T(w.Help)
	}
	return w
}

// Chosen is ChosenIn in English.
func (m RootMeasure) Chosen(top, tied bool) string { return m.ChosenIn(English, top, tied) }

// ChosenIn is the mark of the move the decision takes, in language l:
// "chosen", with the measure that made it so when it is the best (top),
// and, when it is tied for the best, the rule that broke the tie.
func (m RootMeasure) ChosenIn(l Lang, top, tied bool) string {
	switch {
	case top && tied:
		return say{l}.F("chosen: %s, first in move order", m.WordsIn(l).Tied)
	case top:
		return say{l}.F("chosen: %s", m.WordsIn(l).Top)
	}
	return l.T("chosen")
}

// SimPlayer names player p (0 or 1) of a simultaneous-move game, as a
// label before its actions: "A", "B".
func SimPlayer(p int) string {
	if p < 0 || p >= len(simPlayers) {
		return strconv.Itoa(p)
	}
	return simPlayers[p][len("player "):]
}

// Playouts is Lang.Playouts in English.
func Playouts(n int) string { return English.Playouts(n) }

// Playouts counts a move's playouts in words: "1 playout", "60 playouts".
func (l Lang) Playouts(n int) string { return say{l}.F("%d playouts", n) }
