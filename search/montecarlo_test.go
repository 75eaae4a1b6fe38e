package search_test

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// mcCase is one Monte Carlo engine bound to a root, for the tests every
// engine must pass alike.
type mcCase struct {
	name  string
	run   func(context.Context, search.MonteCarloOptions) (search.Result, error)
	legal []int // the root's legal actions (player A's, for DUCT)
}

// mcCases returns PMC and MCTS on tic-tac-toe's empty board and DUCT on the
// twin line "3150513", each with the root's legal actions.
func mcCases() []mcCase {
	ttt := tictactoe.New()
	line := newLine("3150513", 1, 5, 6)
	return []mcCase{
		{"pmc", func(ctx context.Context, o search.MonteCarloOptions) (search.Result, error) {
			return search.PMC(ctx, ttt, o)
		}, ttt.Legal(nil)},
		{"mcts", func(ctx context.Context, o search.MonteCarloOptions) (search.Result, error) {
			return search.MCTS(ctx, ttt, o)
		}, ttt.Legal(nil)},
		{"duct", func(ctx context.Context, o search.MonteCarloOptions) (search.Result, error) {
			return search.DUCT(ctx, line, o)
		}, line.Legal(0, nil)},
	}
}

// TestMonteCarloTimeLimit stops each Monte Carlo engine with its time limit
// on a test clock that advances a millisecond per read: the search must
// stop at the first read past the limit with no error, a legal action and a
// note on the limit just before the decision, after one iteration per read
// (the clock is read before every iteration but the first), traced or not.
// Then, on the real clock, a search given far more iterations than it could
// run must stop too; a context deadline far beyond the limit turns one that
// ignores the limit into an error rather than a hang. How soon after the
// limit it stops is a matter of speed, which is for benchmarks.
func TestMonteCarloTimeLimit(t *testing.T) {
	t.Parallel()
	const limit, step = 10 * time.Millisecond, time.Millisecond
	for _, tc := range mcCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			clock := newTestClock(step)
			opts := search.MonteCarloOptions{Playouts: 1 << 40, C: 1, Limits: search.Limits{TimeLimit: limit, Now: clock.Now}, Tracing: search.Tracing{Tracer: clock}}
			res, err := tc.run(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			past := checkStoppedByClock(t, tc.name, clock, limit, res.Elapsed)
			if want := int(limit/step) + 1; past != want || res.Evals != past || !slices.Contains(tc.legal, res.Action) {
				t.Errorf("stopped at read %d with %+v; want read %d, %[3]d iterations (one playout or terminal evaluation each) and a legal action", past, res, want)
			}
			events := clock.events()
			checkMCTrace(t, tc.name, events, true)
			checkLimitNote(t, events, "time limit of 10ms")

			untraced := newTestClock(step)
			opts.Tracer, opts.Now = nil, untraced.Now
			plain, err := tc.run(context.Background(), opts)
			if err != nil || plain.Action != res.Action || plain.Value != res.Value || plain.Counters != res.Counters {
				t.Errorf("untraced: %+v, %v; traced: %+v", plain, err, res)
			}

			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			rec := trace.NewRecorder(0)
			opts.Tracer, opts.Now, opts.TimeLimit = rec, nil, 5*time.Millisecond
			res, err = tc.run(ctx, opts)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(tc.legal, res.Action) {
				t.Errorf("real clock: %+v; want a legal action", res)
			}
			checkLimitNote(t, rec.Events(), "time limit")
		})
	}
}

// checkLimitNote checks that the event before a trace's decision is a note
// containing want.
func checkLimitNote(t *testing.T, events []trace.Event, want string) {
	t.Helper()
	if len(events) < 2 {
		t.Fatalf("%d events; want at least a note and a decision", len(events))
	}
	if note := events[len(events)-2]; note.Kind != trace.KindNote || !strings.Contains(note.Text, want) {
		t.Errorf("the event before the decision is %+v, want a note containing %q", note, want)
	}
}

// TestMonteCarloBadOptions checks that every Monte Carlo engine refuses
// options out of range with an error that names the option, and no action.
func TestMonteCarloBadOptions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		opts search.MonteCarloOptions
		want string
	}{
		{search.MonteCarloOptions{Playouts: 0}, "playouts 0"},
		{search.MonteCarloOptions{Playouts: -1}, "playouts -1"},
		{search.MonteCarloOptions{Playouts: 1, C: -1}, "c=-1"},
		{search.MonteCarloOptions{Playouts: 1, C: math.NaN()}, "c=NaN"},
		{search.MonteCarloOptions{Playouts: 1, C: math.Inf(1)}, "c=+Inf"},
		{search.MonteCarloOptions{Playouts: 1, Limits: search.Limits{TimeLimit: -time.Second}}, "time limit -1s"},
		{search.MonteCarloOptions{Playouts: 1, ExpandThreshold: -1}, "expand threshold -1"},
		{search.MonteCarloOptions{Playouts: 1, Limits: search.Limits{MaxNodes: -1}}, "node budget -1"},
	}
	for _, tc := range mcCases() {
		for _, tt := range tests {
			t.Run(tc.name+"/"+tt.want, func(t *testing.T) {
				t.Parallel()
				res, err := tc.run(context.Background(), tt.opts)
				if err == nil || !strings.Contains(err.Error(), tt.want) || res.Action != -1 {
					t.Errorf("%s %+v: %+v, %v; want an error containing %q", tc.name, tt.opts, res, err, tt.want)
				}
			})
		}
	}
}
