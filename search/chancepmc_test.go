package search

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// TestChancePMC checks Primitive Monte Carlo with chance on a game whose
// win rates are known: m0 wins with probability 0.8 (a win leaf of
// probability 0.8, else a loss), m1 with probability 0.3, m2 always draws.
// Rolls must follow the probabilities for the rates to come out, and the
// best rate must win.
func TestChancePMC(t *testing.T) {
	t.Parallel()
	win, loss, draw := &dieNode{value: 1}, &dieNode{value: -1}, &dieNode{value: 0}
	root := &dieNode{moves: [][]dieOutcome{
		{{0.8, win}, {0.2, loss}},
		{{0.3, win}, {0.7, loss}},
		{{1, draw}},
	}}
	const playouts = 4000
	rec := trace.NewRecorder(0)
	res, err := ChancePMC(context.Background(), dieGame{n: root}, MonteCarloOptions{Playouts: playouts, Seed: 3, Tracing: Tracing{Tracer: rec}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Action != 0 || res.Nodes != 4 || res.Evals != 3*playouts {
		t.Errorf("got %+v, want m0 with 4 nodes and %d playouts", res, 3*playouts)
	}
	if sd := math.Sqrt(0.8 * 0.2 / playouts); math.Abs(res.Value-0.8) > 4*sd {
		t.Errorf("m0's win rate %v, want 0.8 within %v", res.Value, 4*sd)
	}
	if err := tracetest.Validate(rec.Events()); err != nil {
		t.Fatal(err)
	}
	tr, err := trace.NewTree(rec.Events())
	if err != nil {
		t.Fatal(err)
	}
	tr.Seek(tr.Len() - 1)
	for i, want := range []struct {
		typ  trace.NodeType
		rate float64
	}{{trace.TypeChance, 0.8}, {trace.TypeChance, 0.3}, {trace.TypeMin, 0.5}} {
		n := tr.Node(trace.NodeID(1 + i))
		if n.Type != want.typ || n.Visits != playouts {
			t.Errorf("child %d: %v with %d visits, want %v with %d", i, n.Type, n.Visits, want.typ, playouts)
		}
		if sd := math.Sqrt(want.rate * (1 - want.rate) / playouts); math.Abs(n.Total/playouts-want.rate) > 4*sd+1e-12 {
			t.Errorf("child %d: traced rate %v, want %v within %v", i, n.Total/playouts, want.rate, 4*sd)
		}
	}
	again, err := ChancePMC(context.Background(), dieGame{n: root}, MonteCarloOptions{Playouts: playouts, Seed: 3})
	if err != nil || !reflect.DeepEqual(again, withoutElapsed(again, res)) {
		t.Errorf("the same seed gave %+v, then %+v (%v)", res, again, err)
	}
}
