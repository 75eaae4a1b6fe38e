package search

import (
	"context"
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
	FamilyChance       Family = "chance"       // two players take turns, chance follows each move: Chance
)

// Measure is what an algorithm weighs the root's moves by when it
// decides: what the viewer shows of the root's moves and how it words
// the choice.
type Measure string

// The measures.
const (
	// MeasureValue is a value backed up from the states searched, as the
	// depth-first searches and the one-player searches find it.
	MeasureValue Measure = "value"
	// MeasureVisits is how often the search went down each move, as MCTS
	// and DUCT decide by: the most visited move is chosen.
	MeasureVisits Measure = "visits"
	// MeasureWinRate is each move's mean playout result, as Primitive
	// Monte Carlo decides by: every move gets the same playouts.
	MeasureWinRate Measure = "win rate"
)

// Algorithm describes one search algorithm: what listings, forms and the
// pseudocode panel show of it.
type Algorithm struct {
	Name   string       // the name used in specs, e.g. "alphabeta"
	Family Family       // the games it searches
	Help   string       // one line for listings and forms
	Params []spec.Param // every parameter, with defaults and ranges
	// Measures is what it weighs the root's moves by when it decides.
	Measures Measure

	// Code is its pseudocode, each line tagged with the events that run
	// it. For the two-player algorithms that have a MaxMin form, it is
	// the negamax form the primer writes, which goes with values from the
	// side to move's view (trace.ViewSide).
	Code Code
	// MaxMin is the same algorithm written with explicit MAX and MIN
	// levels, MAX-VALUE calling MIN-VALUE and back, as the lecture and
	// AIMA write it, which goes with values from the root player's view
	// (trace.ViewRoot); nil when the algorithm has one form only.
	MaxMin Code
}

// Forms reports whether a's pseudocode has two forms, Code and MaxMin.
func (a Algorithm) Forms() bool { return len(a.MaxMin) > 0 }

// CodeFor returns the form of a's pseudocode that goes with values shown
// from view v: MaxMin for the root player's view when a has it, Code
// otherwise.
func (a Algorithm) CodeFor(v trace.View) Code {
	if v == trace.ViewRoot && a.Forms() {
		return a.MaxMin
	}
	return a.Code
}

// Listing returns the form of a's pseudocode for view v (see CodeFor) as
// the run with params ran it: params are a trace header's, by name, and
// one missing or unreadable takes its default.
func (a Algorithm) Listing(v trace.View, params map[string]string) Code {
	return a.CodeFor(v).For(a.Values(params))
}

// Values resolves params, a run's parameters by name as a trace header
// carries them, against a's: a parameter missing, or whose text a's does
// not accept, takes its default, so that a trace written by another
// program still gets a listing.
func (a Algorithm) Values(params map[string]string) spec.Values {
	v := make(spec.Values, len(a.Params))
	for _, p := range a.Params {
		v[p.Name] = p.Default
		text, ok := params[p.Name]
		if !ok {
			continue
		}
		one := spec.Spec{Name: a.Name, Args: []spec.Arg{{Key: p.Name, Value: text}}}
		if r, err := spec.Resolve(one, []spec.Param{p}); err == nil {
			v[p.Name] = r[p.Name]
		}
	}
	return v
}

// Run runs an algorithm from root with its resolved parameters v,
// reporting as tracing says. On a node budget or a cancelled context it
// returns the best result found so far together with the error.
type Run[S any] func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error)

// Entry is an algorithm bound to the games of state S: its description and
// its run. Each algorithm's file declares one; the catalog registers it.
type Entry[S any] struct {
	Algorithm
	Run Run[S]
}

// Tracing says whether and how a search reports its events. Every
// algorithm's options embed it.
type Tracing struct {
	// Tracer receives the search's events; nil means not tracing.
	Tracer trace.Tracer
	// Boards adds each node's position text to its node event.
	Boards bool
}

// Limits bound the work of a search. Every algorithm's options embed them;
// each algorithm's documentation says how it counts nodes and where it
// reads the clock.
type Limits struct {
	// MaxNodes stops the search with ErrBudget, and the best answer so
	// far, after this many nodes; 0 means no limit.
	MaxNodes int
	// TimeLimit stops the search once this much time has passed, with the
	// best answer so far and no error; 0 means no limit. The depth-first
	// engines but iterative deepening stop with an error instead, as their
	// answer so far has not looked at every move.
	TimeLimit time.Duration
	// Now is the clock that TimeLimit and Counters.Elapsed are measured
	// with; nil means time.Now. It is a seam for tests, which drive a fake
	// clock to stop a search at a chosen point; it is called only from the
	// goroutine running the search.
	Now func() time.Time
}
