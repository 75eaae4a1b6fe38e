package catalog

import (
	"slices"

	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// chanceGame binds a game of the chance family, whose positions are
// parsed from text (the game's start for ""), with its heuristics h.
func chanceGame[S search.Chance[S]](parse func(string) (S, error), h search.Heuristics[S]) func(spec.Values, int64, string) (root, error) {
	entries := func() []search.Entry[S] { return chanceAlgorithms(h) }
	made := func(spec.Values, int64) (S, error) { return parse("") }
	return func(gv spec.Values, seed int64, position string) (root, error) {
		r, err := madeOrParsed(parse, made, runFrom(entries), nil)(gv, seed, position)
		if err != nil {
			return r, err
		}
		s := r.state.(S)
		r.fill = func() func(*trace.Event) { return boardFiller(rolled[S]{s: s, pending: -1}, playChance[S]) }
		return r, nil
	}
}

// rolled is a state of a chance game as a trace's nodes stand for it: the
// position, and at a chance node the move whose roll is pending.
type rolled[S search.Chance[S]] struct {
	s       S
	pending int // the move awaiting its roll, or -1
}

// String is the position's text: a chance node shows the position before
// the roll.
func (r rolled[S]) String() string { return r.s.String() }

// playChance plays a node's move from its parent's: an outcome of the
// parent's pending move, or a move of the side to move, which awaits its
// roll when it has several outcomes, as the engines make a chance node
// for it then.
func playChance[S search.Chance[S]](r rolled[S], e *trace.Event, buf *[]int) (rolled[S], bool) {
	if r.pending >= 0 {
		n := len(r.s.Chances(r.pending, nil))
		if e.Action < 0 || e.Action >= n {
			return r, false
		}
		return rolled[S]{s: r.s.Roll(r.pending, e.Action), pending: -1}, true
	}
	*buf = r.s.Legal((*buf)[:0])
	if !slices.Contains(*buf, e.Action) {
		return r, false
	}
	if len(r.s.Chances(e.Action, nil)) > 1 {
		return rolled[S]{s: r.s, pending: e.Action}, true
	}
	return rolled[S]{s: r.s.Roll(e.Action, 0), pending: -1}, true
}
