package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// pennyGame is a two-stage game where both players move at once. At the
// start player 0 has three actions and player 1 two: x0 wins whatever
// player 1 plays; x1 leads to a round of matching pennies (two actions
// each; player 0 wins if they match, else loses), worth 0.5 to player 0
// under random play; x2 draws against y0 and loses against y1. Player 1's
// win rates against a uniformly random player 0 are thus 1/3 for y0
// ((0 + 1/2 + 1/2)/3, x1's pennies being even) and 1/2 for y1 ((0 + 1/2 + 1)/3).
type pennyGame struct {
	stage int     // 0 at the start, 1 in the pennies round, 2 when over
	score float64 // player 0's result when over: 1, 0 or -1
}

func (g pennyGame) Legal(player int, buf []int) []int {
	switch {
	case g.stage == 0 && player == 0:
		return append(buf, 0, 1, 2)
	case g.stage < 2:
		return append(buf, 0, 1)
	}
	return buf
}

func (g pennyGame) Play(a0, a1 int) pennyGame {
	if g.stage == 1 {
		if a0 == a1 {
			return pennyGame{stage: 2, score: 1}
		}
		return pennyGame{stage: 2, score: -1}
	}
	switch a0 {
	case 0:
		return pennyGame{stage: 2, score: 1}
	case 1:
		return pennyGame{stage: 1}
	}
	return pennyGame{stage: 2, score: -float64(a1)}
}

func (g pennyGame) Done() bool     { return g.stage == 2 }
func (g pennyGame) Score() float64 { return g.score }
func (g pennyGame) String() string { return fmt.Sprintf("stage %d score %v", g.stage, g.score) }
func (g pennyGame) Label(p, a int) string {
	return [2]string{"x", "y"}[p] + fmt.Sprint(a)
}

// TestSimultaneousPMC checks the win rates of both players' actions on a
// game where they are known, the choices, the counters, the trace's
// validity and what it holds, and that a seed gives the same search.
func TestSimultaneousPMC(t *testing.T) {
	t.Parallel()
	const playouts = 4000
	rec := trace.NewRecorder(0)
	opts := MonteCarloOptions{Playouts: playouts, Seed: 7, Tracing: Tracing{Tracer: rec, Boards: true}}
	res, err := SimultaneousPMC(context.Background(), pennyGame{}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Action != 0 || res.Label != "x0" || res.Action1 != 1 || res.Value != 1 {
		t.Errorf("got %+v, want x0 (win rate 1) for player 0 and y1 for player 1", res)
	}
	if res.Nodes != 1+3*2 || res.Evals != (3+2)*playouts {
		t.Errorf("counters %+v, want 7 nodes and %d playouts", res.Counters, 5*playouts)
	}
	if err := tracetest.Validate(rec.Events()); err != nil {
		t.Fatal(err)
	}
	tr, err := trace.NewTree(rec.Events())
	if err != nil {
		t.Fatal(err)
	}
	tr.Seek(tr.Len() - 1)
	if tr.Size() != 7 {
		t.Fatalf("traced tree of %d nodes, want 7", tr.Size())
	}
	// Each child (xi, yj) holds its playouts' results in player 0's view:
	// those of player 0's xi (about playouts/2 each, y drawn at random)
	// and player 1's yj (about playouts/3 each, x drawn at random).
	want := [3][2]float64{{1, 1}, {0.5, 0.5}, {0.5, 0}}
	visits := 0
	for i := range 3 {
		for j := range 2 {
			n := tr.Node(trace.NodeID(1 + 2*i + j))
			if n.Type != trace.TypeJoint || n.Label != fmt.Sprintf("x%d/y%d", i, j) {
				t.Errorf("child %d,%d: %v %q", i, j, n.Type, n.Label)
			}
			visits += n.Visits
			if n.Visits == 0 {
				t.Errorf("child %d,%d has no playouts", i, j)
				continue
			}
			rate := n.Total / float64(n.Visits)
			if sd := math.Sqrt(0.25 / float64(n.Visits)); math.Abs(rate-want[i][j]) > 4*sd+1e-12 {
				t.Errorf("child %d,%d: rate %v over %d, want %v within %v", i, j, rate, n.Visits, want[i][j], 4*sd)
			}
		}
	}
	if visits != 5*playouts {
		t.Errorf("children visited %d times, want %d", visits, 5*playouts)
	}
	// Player 1's rates, from its own playouts: 1/3 for y0, 1/2 for y1.
	e := &simPMC[pennyGame]{monteCarlo: newMonteCarlo(context.Background(), opts), opts: MonteCarloOptions{Playouts: playouts, Seed: 7}}
	e.tr = nil
	if _, err := e.run(pennyGame{}); err != nil {
		t.Fatal(err)
	}
	for j, want := range []float64{1.0 / 3, 1.0 / 2} {
		rate := e.w[1][j] / float64(e.n[1][j])
		if sd := math.Sqrt(0.25 / playouts); e.n[1][j] != playouts || math.Abs(rate-want) > 4*sd {
			t.Errorf("player 1's y%d: rate %v over %d, want %v over %d", j, rate, e.n[1][j], want, playouts)
		}
	}
	for i, want := range []float64{1, 0.5, 0.25} {
		rate := e.w[0][i] / float64(e.n[0][i])
		if sd := math.Sqrt(0.25 / playouts); math.Abs(rate-want) > 4*sd {
			t.Errorf("player 0's x%d: rate %v, want %v", i, rate, want)
		}
	}

	again, err := SimultaneousPMC(context.Background(), pennyGame{}, MonteCarloOptions{Playouts: playouts, Seed: 7})
	if err != nil || !reflect.DeepEqual(again, withoutElapsed(again, res)) {
		t.Errorf("the same seed gave %+v, then %+v (%v)", res, again, err)
	}
}

// TestSimultaneousPMCSeeds checks that a search is reproducible from its
// seed, trace included, and that seeds matter: with 5 playouts per
// action in a round of matching pennies, the win rates vary by seed.
func TestSimultaneousPMCSeeds(t *testing.T) {
	t.Parallel()
	values := map[float64]bool{}
	for seed := range uint64(20) {
		var events [2][]trace.Event
		var results [2]Result
		for k := range 2 {
			rec := trace.NewRecorder(0)
			res, err := SimultaneousPMC(context.Background(), pennyGame{stage: 1}, MonteCarloOptions{Playouts: 5, Seed: seed, Tracing: Tracing{Tracer: rec}})
			if err != nil {
				t.Fatal(err)
			}
			results[k], events[k] = res, rec.Events()
		}
		if !reflect.DeepEqual(results[1], withoutElapsed(results[1], results[0])) || len(events[0]) != len(events[1]) {
			t.Fatalf("seed %d: %+v then %+v", seed, results[0], results[1])
		}
		for i := range events[0] {
			a, b := events[0][i], events[1][i]
			if a.Kind != b.Kind || a.Node != b.Node || a.Result != b.Result {
				t.Fatalf("seed %d: event %d differs: %+v, %+v", seed, i, a, b)
			}
		}
		values[results[0].Value] = true
	}
	if len(values) < 2 {
		t.Errorf("20 seeds gave the same value %v: the seed is not used", values)
	}
}

// TestSimultaneousPMCEdges checks a finished root, a node budget and a
// cancelled context.
func TestSimultaneousPMCEdges(t *testing.T) {
	t.Parallel()
	rec := trace.NewRecorder(0)
	res, err := SimultaneousPMC(context.Background(), pennyGame{stage: 2, score: -1}, MonteCarloOptions{Playouts: 3, Tracing: Tracing{Tracer: rec}})
	if err != nil || res.Action != -1 || res.Action1 != -1 || res.Value != 0 || res.Evals != 1 {
		t.Errorf("finished root: %+v, %v", res, err)
	}
	if err := tracetest.Validate(rec.Events()); err != nil {
		t.Error(err)
	}
	res, err = SimultaneousPMC(context.Background(), pennyGame{}, MonteCarloOptions{Playouts: 3, Limits: Limits{MaxNodes: 6}})
	if !errors.Is(err, ErrBudget) || res.Action != -1 || res.Action1 != -1 {
		t.Errorf("budget of 6: %+v, %v", res, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = SimultaneousPMC(ctx, pennyGame{}, MonteCarloOptions{Playouts: 3})
	if !errors.Is(err, context.Canceled) || res.Action != 0 || res.Action1 != 0 || res.Evals != 0 {
		t.Errorf("cancelled: %+v, %v", res, err)
	}
	if _, err := SimultaneousPMC(context.Background(), pennyGame{}, MonteCarloOptions{}); err == nil {
		t.Error("0 playouts accepted")
	}
}
