package catalog

import (
	"fmt"
	"strings"

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
)

// Algorithms returns every algorithm, in the order listings show them. The
// result is a fresh copy the caller may keep.
func Algorithms() []search.Algorithm {
	var out []search.Algorithm
	out = appendDescriptions(out, alternatingAlgorithms[anyAlternating]())
	out = appendDescriptions(out, singleAlgorithms[anySingle]())
	return appendDescriptions(out, simultaneousAlgorithms[anySimultaneous]())
}

func appendDescriptions[S any](out []search.Algorithm, entries []search.Entry[S]) []search.Algorithm {
	for _, e := range entries {
		out = append(out, e.Algorithm)
	}
	return out
}

// LookupAlgorithm returns the algorithm with the given name.
func LookupAlgorithm(name string) (search.Algorithm, error) {
	algos := Algorithms()
	names := make([]string, len(algos))
	for i, a := range algos {
		if a.Name == name {
			return a, nil
		}
		names[i] = a.Name
	}
	return search.Algorithm{}, fmt.Errorf("catalog: unknown algorithm %q (known: %s)", name, strings.Join(names, ", "))
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
