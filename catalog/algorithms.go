package catalog

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/searchviz/searchviz/search"
)

// The registry of algorithms: each family's algorithms, bound to the games
// of state S, one line per algorithm in the order listings show them.

func alternatingAlgorithms[S search.Alternating[S]]() []search.Entry[S] {
	return []search.Entry[S]{
		search.MiniMaxEntry[S](),
		search.NegaMaxEntry[S](),
		search.AlphaBetaEntry[S](),
		search.IterativeEntry[S](),
		search.PMCEntry[S](),
		search.MCTSEntry[S](),
	}
}

func singleAlgorithms[S search.Single[S]]() []search.Entry[S] {
	return []search.Entry[S]{
		search.GreedyEntry[S](),
		search.BeamEntry[S](),
		search.ChokudaiEntry[S](),
	}
}

func simultaneousAlgorithms[S search.Simultaneous[S]]() []search.Entry[S] {
	return []search.Entry[S]{
		search.DUCTEntry[S](),
		search.SimultaneousPMCEntry[S](),
	}
}

func chanceAlgorithms[S search.Chance[S]](h search.Heuristics[S]) []search.Entry[S] {
	return []search.Entry[S]{
		search.ExpectimaxEntry(h),
		search.ChancePMCEntry[S](),
	}
}

// The families' own interfaces, as types: the registry is listed by
// binding it to them, since a description does not depend on the game.
type (
	anyAlternating interface {
		search.Alternating[anyAlternating]
	}
	anySingle       interface{ search.Single[anySingle] }
	anySimultaneous interface {
		search.Simultaneous[anySimultaneous]
	}
	anyChance interface{ search.Chance[anyChance] }
)

// Algorithms returns every algorithm, in the order listings show them. The
// result is a fresh copy the caller may keep.
func Algorithms() []search.Algorithm {
	var out []search.Algorithm
	out = appendDescriptions(out, alternatingAlgorithms[anyAlternating]())
	out = appendDescriptions(out, singleAlgorithms[anySingle]())
	out = appendDescriptions(out, simultaneousAlgorithms[anySimultaneous]())
	return appendDescriptions(out, chanceAlgorithms(search.Heuristics[anyChance]{Evals: declaredEvals()}))
}

// declaredEvals returns the evaluation kinds the games declare (Game.Evals),
// each once, in the order of the games, for the listing of the chance
// family's algorithms, which a spec is resolved against. It reads the
// registry once: Algorithms is called often, and Games builds every
// game's entry.
var declaredEvals = sync.OnceValue(func() []string {
	var out []string
	for _, g := range Games() {
		for _, e := range g.Evals {
			if !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
	}
	return out
})

func appendDescriptions[S any](out []search.Algorithm, entries []search.Entry[S]) []search.Algorithm {
	for _, e := range entries {
		out = append(out, e.Algorithm)
	}
	return out
}

// DefaultAlgorithm returns the algorithm the start page's form holds when
// none is asked for: AlphaBeta, which searches DefaultGame and shows both
// values and cuts.
func DefaultAlgorithm() search.Algorithm {
	return search.AlphaBetaEntry[anyAlternating]().Algorithm
}

// LookupAlgorithm returns the algorithm with the given name.
func LookupAlgorithm(name string) (search.Algorithm, error) {
	var names []string
	for _, a := range Algorithms() {
		if a.Name == name {
			return a, nil
		}
		if !slices.Contains(names, a.Name) {
			names = append(names, a.Name)
		}
	}
	return search.Algorithm{}, fmt.Errorf("catalog: unknown algorithm %q (known: %s)", name, strings.Join(names, ", "))
}

// lookupFor returns the algorithm named name that searches the games of
// family f, or the first of that name, or an error naming the known ones:
// one name may stand for an algorithm of several families, such as pmc.
func lookupFor(name string, f search.Family) (search.Algorithm, error) {
	for _, a := range Algorithms() {
		if a.Name == name && a.Family == f {
			return a, nil
		}
	}
	return LookupAlgorithm(name)
}

// runOf returns the run of the algorithm named name among entries.
func runOf[S any](entries []search.Entry[S], name string) (search.Run[S], bool) {
	for _, e := range entries {
		if e.Name == name {
			return e.Run, true
		}
	}
	return nil, false
}
