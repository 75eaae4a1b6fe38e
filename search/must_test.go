package search_test

import (
	"testing"

	"github.com/searchviz/searchviz/games/maze"
	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/games/twinmaze"
)

// must returns a function that returns its state, failing t if its error
// is not nil: must[S](t)(parse(text)).
func must[S any](t testing.TB) func(S, error) S {
	return func(s S, err error) S {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
}

func mustTicTacToe(t testing.TB, text string) tictactoe.State {
	return must[tictactoe.State](t)(tictactoe.Parse(text))
}

func mustTree(t testing.TB, text string) tree.State { return must[tree.State](t)(tree.Parse(text)) }

func mustParseTwinMaze(t testing.TB, text string) twinmaze.State {
	return must[twinmaze.State](t)(twinmaze.Parse(text))
}

func mustTwinMaze(t testing.TB, h, w, turns int, seed int64) twinmaze.State {
	return must[twinmaze.State](t)(twinmaze.Generate(h, w, turns, seed))
}

func mustMaze(t testing.TB, h, w, turns int, seed int64) maze.State {
	return must[maze.State](t)(maze.Generate(h, w, turns, seed))
}
