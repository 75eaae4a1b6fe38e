package search_test

import (
	"testing"

	"github.com/searchviz/searchviz/games/maze"
	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/games/twinmaze"
	"github.com/searchviz/searchviz/trace"
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

// cursor reads a trace's events in order, for tests that check a trace
// event by event.
type cursor struct {
	t      testing.TB
	name   string
	events []trace.Event
	i      int // the next event's index
}

// next returns the next event, failing the test if there is none.
func (c *cursor) next() trace.Event {
	c.t.Helper()
	if c.i >= len(c.events) {
		c.t.Fatalf("%s: the trace ends early", c.name)
	}
	c.i++
	return c.events[c.i-1]
}

// expect returns the next event, failing the test unless it is of kind k
// and about node id (any node when id is trace.NoNode).
func (c *cursor) expect(k trace.Kind, id trace.NodeID) trace.Event {
	c.t.Helper()
	e := c.next()
	if e.Kind != k || (id != trace.NoNode && e.Node != id) {
		c.t.Fatalf("%s step %d: %v event about node %d, want %v about node %d", c.name, e.Step, e.Kind, e.Node, k, id)
	}
	return e
}

// at reports whether the next event is of kind k.
func (c *cursor) at(k trace.Kind) bool { return c.i < len(c.events) && c.events[c.i].Kind == k }
