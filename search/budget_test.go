package search_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// depthFirst are the engines whose searches stopped early answer from the
// root's moves searched to the end.
var depthFirst = []struct {
	name string
	run  func(context.Context, tictactoe.State, search.Options) (search.Result, error)
}{
	{"minimax", search.MiniMax[tictactoe.State]},
	{"negamax", search.NegaMax[tictactoe.State]},
	{"alphabeta", search.AlphaBeta[tictactoe.State]},
}

// rootLabels are the labels of the root's moves, in the game's order.
func rootLabels(s tictactoe.State) []string {
	var out []string
	for _, a := range s.Legal(nil) {
		out = append(out, s.Label(a))
	}
	return out
}

// TestBudgetInsideTheFirstMove stops each depth-first engine inside the
// subtree of the empty board's first move: it has no decision, says so
// in its note and its decision's words, and never that the game is over.
func TestBudgetInsideTheFirstMove(t *testing.T) {
	t.Parallel()
	for _, e := range depthFirst {
		t.Run(e.name, func(t *testing.T) {
			t.Parallel()
			root := tictactoe.New()
			rec := trace.NewRecorder(0)
			// The root, its first child and one grandchild: the first
			// move's subtree at depth 3 has 1 + 8 + 56 nodes.
			res, err := e.run(context.Background(), root, search.Options{Depth: 3, Limits: search.Limits{MaxNodes: 3}, Tracing: search.Tracing{Tracer: rec}})
			if !errors.Is(err, search.ErrBudget) {
				t.Fatalf("err = %v, want the node budget", err)
			}
			if res.Action != -1 {
				t.Errorf("action %d (%s), want none: no move was searched to the end", res.Action, res.Label)
			}
			if want := rootLabels(root); !slices.Equal(res.Unfinished, want) {
				t.Errorf("unfinished %v, want every move, the first first: %v", res.Unfinished, want)
			}
			tr, err := rec.Tree()
			if err != nil {
				t.Fatal(err)
			}
			note := tr.Event(tr.Len() - 2).Note().Text
			if !strings.HasPrefix(note, search.StopNotePrefix) || !strings.Contains(note, "first move, "+rootLabels(root)[0]+",") || !strings.Contains(note, "no decision") || !strings.Contains(note, "raise nodes=") {
				t.Errorf("the note before the decision reads %q", note)
			}
			if err := tr.Seek(tr.Len() - 1); err != nil {
				t.Fatal(err)
			}
			if words := explain.Describe(tr, trace.ViewRoot); strings.Contains(words, "game is over") || !strings.HasPrefix(words, "No move: the search stopped") {
				t.Errorf("the decision reads %q", words)
			}
		})
	}
}

// TestBudgetAfterSomeMoves stops MiniMax and NegaMax at depth 2 with a
// budget of exactly the root and k of its moves' subtrees (each 1 + 8
// nodes): the decision is the best of those k moves by the values worked
// out here from the game's scores, and the other moves are listed.
func TestBudgetAfterSomeMoves(t *testing.T) {
	t.Parallel()
	root := tictactoe.New()
	moves := root.Legal(nil)
	// value is a move's depth-2 value from the root player's view: the
	// least score, from the side to move's (again the root player's)
	// view, over the replies.
	value := func(a int) float64 {
		s := root.Play(a)
		v := math.Inf(1)
		for _, b := range s.Legal(nil) {
			v = min(v, s.Play(b).Score())
		}
		return v
	}
	for _, e := range depthFirst[:2] {
		for _, k := range []int{1, 3, 8} {
			t.Run(fmt.Sprintf("%s/%d_moves", e.name, k), func(t *testing.T) {
				t.Parallel()
				res, err := e.run(context.Background(), root, search.Options{Depth: 2, Limits: search.Limits{MaxNodes: 1 + 9*k}})
				if !errors.Is(err, search.ErrBudget) {
					t.Fatalf("err = %v, want the node budget", err)
				}
				best := moves[0]
				for _, a := range moves[1:k] {
					if value(a) > value(best) {
						best = a
					}
				}
				if res.Action != best || res.Value != value(best) {
					t.Errorf("decision %s value %v, want %s value %v, the best of the first %d moves", res.Label, res.Value, root.Label(best), value(best), k)
				}
				if want := rootLabels(root)[k:]; !slices.Equal(res.Unfinished, want) {
					t.Errorf("unfinished %v, want %v", res.Unfinished, want)
				}
			})
		}
	}
}

// TestFinishedSearchHasNothingUnfinished checks that a search inside its
// budget lists no unfinished move.
func TestFinishedSearchHasNothingUnfinished(t *testing.T) {
	t.Parallel()
	for _, e := range depthFirst {
		res, err := e.run(context.Background(), tictactoe.New(), search.Options{Depth: 2, Limits: search.Limits{MaxNodes: 1 + 9*9}})
		if err != nil || res.Unfinished != nil || res.Action < 0 {
			t.Errorf("%s: %+v, %v; want a decision and no unfinished move", e.name, res, err)
		}
	}
}
