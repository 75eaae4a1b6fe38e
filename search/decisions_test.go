package search_test

import (
	"context"
	"slices"
	"testing"

	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// TestMonteCarloDecisionChanges runs MCTS and Primitive Monte Carlo on a
// tic-tac-toe mid-game and checks that stepping by decision change stops
// exactly where the engine's own rule, replayed here from the backprops,
// changes its choice: MCTS's most visited root child, PMC's best win rate
// from the child's statistics (each child's value is in its own side's
// view), the first child among equals; then at the root's value, which
// names the move decided, the last leader.
func TestMonteCarloDecisionChanges(t *testing.T) {
	t.Parallel()
	type engine func(context.Context, tictactoe.State, search.MonteCarloOptions) (search.Result, error)
	tests := []struct {
		name   string
		run    engine
		byMean bool
	}{
		{"mcts", search.MCTS[tictactoe.State], false},
		{"pmc", search.PMC[tictactoe.State], true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rec := trace.NewRecorder(0)
			if _, err := tt.run(context.Background(), mustTicTacToe(t, "x.o/.x./..."), search.MonteCarloOptions{Playouts: 60, Seed: 7, Tracing: search.Tracing{Tracer: rec}}); err != nil {
				t.Fatal(err)
			}
			events := rec.Events()
			visits, wins := map[trace.NodeID]int{}, map[trace.NodeID]float64{}
			score := func(c trace.NodeID) float64 {
				if tt.byMean {
					return (float64(visits[c]) - wins[c]) / float64(visits[c])
				}
				return float64(visits[c])
			}
			leader, chosen := trace.NoNode, trace.NoNode
			var want []int32
			for k, e := range events {
				switch {
				case e.Kind == trace.KindBackprop && len(e.Path) >= 2 && e.Path[len(e.Path)-1] == 0:
					c := e.Path[len(e.Path)-2]
					visits[c]++
					wins[c] += e.Values[len(e.Values)-2]
					lead := trace.NoNode
					for id := range visits {
						if lead == trace.NoNode || score(id) > score(lead) || score(id) == score(lead) && id < lead {
							lead = id
						}
					}
					if lead != leader {
						leader = lead
						want = append(want, int32(k))
					}
				case e.Kind == trace.KindValue && e.Node == 0:
					chosen = e.Best
					want = append(want, int32(k))
				}
			}
			if chosen != leader {
				t.Fatalf("the engine chose %d, the replayed rule %d", chosen, leader)
			}
			if len(want) < 3 {
				t.Fatalf("the leader changed %d times; want a search whose choice changes", len(want)-1)
			}
			tr, err := trace.NewTree(events)
			if err != nil {
				t.Fatal(err)
			}
			var got []int32
			for i := range tr.GrainCount(trace.GrainDecision) {
				got = append(got, int32(tr.GrainStep(trace.GrainDecision, i)))
			}
			if !slices.Equal(got, want) {
				t.Errorf("stepping by decision change stops at %v, want %v", got, want)
			}
		})
	}
}
