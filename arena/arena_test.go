package arena

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/catalog"
)

// moves returns the records with the times taken, which vary from run to
// run, left out.
func moves(records []Record) []Record {
	out := make([]Record, len(records))
	for i, r := range records {
		r.Moves = append([]Move(nil), r.Moves...)
		for k, m := range r.Moves {
			m.Turns = append([]Turn(nil), m.Turns...)
			for t := range m.Turns {
				m.Turns[t].Nanos = 0
			}
			r.Moves[k] = m
		}
		out[i] = r
	}
	return out
}

func run(t *testing.T, cfg Config) *Report {
	t.Helper()
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Records) != cfg.Games || rep.Stats.Games != cfg.Games {
		t.Fatalf("%d records, %d games counted, want %d", len(rep.Records), rep.Stats.Games, cfg.Games)
	}
	return rep
}

// TestSameSeedSameGames checks that a match is a function of its seed:
// played one game at a time or two at once, every game's every move is
// the same; another seed plays other games.
func TestSameSeedSameGames(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ game, a, b string }{
		{"tictactoe", "mcts playouts=60", "pmc playouts=10"},
		{"twinmaze turns=6", "duct playouts=40", "duct playouts=20"},
		{"dice", "expectimax depth=1", "pmc playouts=4"},
	} {
		t.Run(tt.game, func(t *testing.T) {
			t.Parallel()
			cfg := Config{Game: tt.game, Engines: [2]string{tt.a, tt.b}, Games: 6, Seed: 7, Parallel: 1}
			one := run(t, cfg)
			cfg.Parallel = 2
			two := run(t, cfg)
			if !reflect.DeepEqual(moves(one.Records), moves(two.Records)) {
				t.Errorf("%s: the games differ with --parallel 1 and 2", tt.game)
			}
			if one.Stats != two.Stats {
				t.Errorf("%s: stats %+v and %+v", tt.game, one.Stats, two.Stats)
			}
			cfg.Seed = 8
			other := run(t, cfg)
			if reflect.DeepEqual(moves(one.Records), moves(other.Records)) {
				t.Errorf("%s: seeds 7 and 8 play the same games", tt.game)
			}
		})
	}
}

// TestFirstMoverAlternates checks that A moves first in even games and B
// in odd ones, and that the engines then take turns.
func TestFirstMoverAlternates(t *testing.T) {
	t.Parallel()
	rep := run(t, Config{Game: "tictactoe", Engines: [2]string{"pmc playouts=5", "mcts playouts=5"}, Games: 5, Parallel: 2})
	for i, r := range rep.Records {
		first := "AB"[i%2 : i%2+1]
		if r.Index != i || r.First != first {
			t.Errorf("game %d: index %d, first %s, want %s", i, r.Index, r.First, first)
		}
		for k, m := range r.Moves {
			wantEngine, wantAlgo := "A", "pmc playouts=5"
			if (k%2 == 0) != (first == "A") {
				wantEngine, wantAlgo = "B", "mcts playouts=5"
			}
			if tn := m.Turns[0]; len(m.Turns) != 1 || tn.Engine != wantEngine || tn.Algo != wantAlgo || tn.Side != k%2 {
				t.Errorf("game %d move %d: turns %+v, want one by %s for side %d", i, k, m.Turns, wantEngine, k%2)
			}
		}
	}
}

// TestTicTacToeResults checks matches against facts about tic-tac-toe:
// it is a draw with perfect play, which AlphaBeta searching to the end
// (depth 9) plays, so two of them draw every game and one never loses.
func TestTicTacToeResults(t *testing.T) {
	t.Parallel()
	rep := run(t, Config{Game: "tictactoe", Engines: [2]string{"alphabeta depth=9", "alphabeta depth=9"}, Games: 4})
	if st := rep.Stats; st.Draws != 4 || st.Score != 0.5 || st.Elo != 0 {
		t.Errorf("perfect play against itself: %+v, want 4 draws, score 0.5, Elo 0", st)
	}
	rep = run(t, Config{Game: "tictactoe", Engines: [2]string{"alphabeta depth=9", "pmc playouts=10"}, Games: 20, Seed: 3})
	if st := rep.Stats; st.Losses != 0 {
		t.Errorf("perfect play lost %d of %d games against PMC", st.Losses, st.Games)
	}
	for e, tm := range rep.Times {
		if tm.Moves == 0 || tm.Mean <= 0 || tm.Max < tm.Mean {
			t.Errorf("engine %s: times %+v", engineNames[e], tm)
		}
	}
	if rep.GamesPerSecond() <= 0 {
		t.Errorf("games/s %v", rep.GamesPerSecond())
	}
}

// TestRecordsRerun writes every game to a record and runs each move's
// search again from the record alone, as viz run would: it chooses the
// recorded action.
func TestRecordsRerun(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ game, a, b string }{
		{"tictactoe", "mcts playouts=50", "pmc playouts=8"},
		{"twinmaze turns=5", "duct playouts=30", "duct playouts=60"},
		{"dice", "pmc playouts=3", "expectimax depth=1"},
	} {
		t.Run(tt.game, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			rep := run(t, Config{Game: tt.game, Engines: [2]string{tt.a, tt.b}, Games: 2, Seed: 5, RecordDir: dir})
			// The two games of a pair play the same board, engines swapped.
			if r0, r1 := rep.Records[0], rep.Records[1]; r0.Seed != r1.Seed || r0.Start != r1.Start || r0.First == r1.First {
				t.Errorf("%s: games 0 and 1 start from %q (seed %d, %s first) and %q (seed %d, %s first)", tt.game, r0.Start, r0.Seed, r0.First, r1.Start, r1.Seed, r1.First)
			}
			for i := range 2 {
				r, err := ReadRecord(filepath.Join(dir, RecordFile(i)))
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(r, rep.Records[i]) {
					t.Errorf("%s game %d: the file differs from the report", tt.game, i)
				}
				if r.Start == "" || r.End == "" || len(r.Moves) == 0 || r.Outcome != outcomeName(r.Result) {
					t.Errorf("%s game %d: record %+v lacks a part", tt.game, i, r)
				}
				for _, m := range r.Moves {
					if chance := tt.game == "dice"; chance != (m.Chance >= 0 && m.ChanceLabel != "") {
						t.Errorf("%s game %d move %d: chance %d %q", tt.game, i, m.Ply, m.Chance, m.ChanceLabel)
					}
					for _, tn := range m.Turns {
						run, err := catalog.Prepare(catalog.Request{Game: r.Game, Algo: tn.Algo, Position: m.Position, Seed: tn.Seed, SeedSet: true})
						if err != nil {
							t.Fatal(err)
						}
						res, err := run.Search(context.Background(), nil)
						if err != nil {
							t.Fatal(err)
						}
						got := res.Action
						if tn.Side == 1 && len(m.Turns) == 2 {
							got = res.Action1
						}
						if got != tn.Action {
							t.Errorf("%s game %d move %d: rerun chose %d, the record %d", tt.game, i, m.Ply, got, tn.Action)
						}
					}
				}
			}
		})
	}
}

func TestBadConfigs(t *testing.T) {
	t.Parallel()
	ok := [2]string{"alphabeta", "alphabeta"}
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{Game: "chess", Engines: ok, Games: 2}, `unknown game "chess"`},
		{Config{Game: "maze", Engines: [2]string{"greedy", "greedy"}, Games: 2}, "maze is a one-player game, and a match needs two players"},
		{Config{Game: "tictactoe", Engines: [2]string{"alphabeta", "duct"}, Games: 2}, "engine B: catalog: duct searches games where two players move at once, and tictactoe is not one of them"},
		{Config{Game: "twinmaze", Engines: [2]string{"mcts", "duct"}, Games: 2}, "engine A: catalog: mcts searches games where two players take turns"},
		{Config{Game: "tictactoe", Engines: [2]string{"mcts seed=1", "mcts"}, Games: 2}, "leave seed= out"},
		{Config{Game: "tictactoe", Engines: [2]string{"alphabeta", ""}, Games: 2}, "both engines need an algorithm's spec"},
		{Config{Game: "tictactoe", Position: "xxx/ooo/...", Engines: ok, Games: 2}, "position: tictactoe"},
		{Config{Game: "tictactoe", Engines: ok, Games: 0}, "0 games is out of range (allowed 1..100000)"},
		{Config{Game: "tictactoe", Engines: ok, Games: -3}, "-3 games is out of range"},
		{Config{Game: "tictactoe", Engines: ok, Games: MaxGames + 1}, "100001 games is out of range (allowed 1..100000)"},
		{Config{Game: "tictactoe", Engines: ok, Games: 2, Parallel: MaxParallel + 1}, "257 games at once is out of range (allowed 1..256"},
		{Config{Game: "tictactoe", Engines: ok, Games: 2, Parallel: -1}, "-1 games at once is out of range"},
	}
	for _, tt := range tests {
		rep, err := Run(context.Background(), tt.cfg)
		if err == nil || !strings.Contains(err.Error(), tt.want) || rep != nil {
			t.Errorf("Run(%+v): %v, want an error containing %q and no report", tt.cfg, err, tt.want)
		}
	}
}

// fake is a game whose moves cost nothing: it lasts plies moves, each
// side having the one action 0, and ends in a win for side 0; Think
// panics at the move panicAt if it is not negative.
type fake struct {
	plies, ply, panicAt int
}

func (f *fake) Movers() []int {
	if f.ply >= f.plies {
		return nil
	}
	return []int{f.ply % 2}
}
func (f *fake) Position() string          { return "fake" }
func (f *fake) Result() float64           { return 1 }
func (f *fake) Check(engine string) error { return nil }
func (f *fake) Think(_ context.Context, side int, _ string, _ int64) (catalog.Choice, error) {
	if f.ply == f.panicAt {
		panic("the engine broke")
	}
	return catalog.Choice{Side: side, Label: "pass"}, nil
}
func (f *fake) Play(actions ...int) (catalog.Ply, error) {
	f.ply++
	return catalog.Ply{Chance: -1}, nil
}

// fakes returns a Config.open of fake games of plies moves, the game of
// seed panicSeed panicking at its first move.
func fakes(plies int, panicSeed int64) func(int64) (game, error) {
	return func(seed int64) (game, error) {
		f := &fake{plies: plies, panicAt: -1}
		if seed == panicSeed {
			f.panicAt = 0
		}
		return f, nil
	}
}

// TestLimits crosses the limits with games that cost nothing: the most
// games and the most games at once are played, one more refused (see
// TestBadConfigs); a game of MaxPlies moves ends, a longer one fails.
func TestLimits(t *testing.T) {
	t.Parallel()
	engines := [2]string{"x", "y"}
	rep := run(t, Config{Game: "fake", Engines: engines, Games: MaxGames, open: fakes(1, -1)})
	// Side 0 wins every game: A in the even games, B in the odd.
	if st := rep.Stats; st.Wins != MaxGames/2 || st.Losses != MaxGames/2 {
		t.Errorf("stats %+v, want %d wins and losses", st, MaxGames/2)
	}
	run(t, Config{Game: "fake", Engines: engines, Games: MaxParallel, Parallel: MaxParallel, open: fakes(1, -1)})
	rep = run(t, Config{Game: "fake", Engines: engines, Games: 1, open: fakes(MaxPlies, -1)})
	if n := len(rep.Records[0].Moves); n != MaxPlies {
		t.Errorf("a game of %d moves recorded %d", MaxPlies, n)
	}
	_, err := Run(context.Background(), Config{Game: "fake", Engines: engines, Games: 3, Parallel: 1, open: fakes(MaxPlies+1, -1)})
	if err == nil || !strings.Contains(err.Error(), "game 0: no end after 10000 moves") {
		t.Errorf("a game of %d moves: %v, want an error naming game 0 and the limit", MaxPlies+1, err)
	}
}

func TestPanicNamesGame(t *testing.T) {
	t.Parallel()
	// Games 2 and 3 share the seed of their pair, 1, and panic.
	_, err := Run(context.Background(), Config{Game: "fake", Engines: [2]string{"x", "y"}, Games: 4, open: fakes(3, Seed(0, 1, 0))})
	if err == nil || !strings.Contains(err.Error(), "panicked: the engine broke") || !strings.Contains(err.Error(), "arena: game 2") && !strings.Contains(err.Error(), "arena: game 3") {
		t.Errorf("a panicking game: %v, want an error naming game 2 or 3", err)
	}
}

// TestCancel stops a match after its third game: the report has the
// games played, and the error says why it stopped.
func TestCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := Config{Game: "tictactoe", Engines: [2]string{"mcts playouts=50", "mcts playouts=50"}, Games: 200, Parallel: 1}
	cfg.Progress = func(done int, _ Stats, _ time.Duration) {
		if done == 3 {
			cancel()
		}
	}
	rep, err := Run(ctx, cfg)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "stopped after") {
		t.Errorf("error %v, want one saying it stopped, wrapping context.Canceled", err)
	}
	if rep == nil || len(rep.Records) < 3 || len(rep.Records) >= cfg.Games || rep.Stats.Games != len(rep.Records) {
		t.Fatalf("report %+v, want the games played before the cancel", rep)
	}
}

// TestSummaryJSON checks that the summary's JSON has every documented
// field, Elo differences at a score of 1 as "+Inf".
func TestSummaryJSON(t *testing.T) {
	t.Parallel()
	rep := run(t, Config{Game: "fake", Engines: [2]string{"x", "y"}, Games: 1, open: fakes(2, -1)})
	data, err := json.Marshal(rep.Summary())
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"game", "a", "b", "seed", "games", "played", "wins", "draws", "losses", "score", "score_low", "score_high", "elo", "elo_low", "elo_high", "time_a", "time_b", "seconds", "games_per_second"} {
		if _, ok := got[k]; !ok {
			t.Errorf("the JSON lacks %q: %s", k, data)
		}
	}
	if got["elo"] != "+Inf" || got["elo_low"] != "-Inf" || got["wins"] != 1.0 {
		t.Errorf("one game won: %s, want elo +Inf, elo_low -Inf (the interval is [0, 1]), 1 win", data)
	}
	var b strings.Builder
	if err := rep.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "+Inf [-Inf, +Inf]") {
		t.Errorf("the table lacks the Elo +Inf [-Inf, +Inf]:\n%s", b.String())
	}
}

// TestBudgetCutEngineStillPlays pits an AlphaBeta whose node budget runs
// out inside its first move's subtree at the opening (depth 64 on
// Othello) against MCTS: the match goes on to its end, the cut engine
// playing its first legal move, each such move marked in the record and
// counted in the report.
func TestBudgetCutEngineStillPlays(t *testing.T) {
	t.Parallel()
	rep := run(t, Config{Game: "othello", Engines: [2]string{"alphabeta nodes=2000", "mcts playouts=10"}, Games: 1})
	r := rep.Records[0]
	if r.Outcome == "" || len(r.Moves) < 50 {
		t.Fatalf("the game ended after %d moves, outcome %q", len(r.Moves), r.Outcome)
	}
	first := r.Moves[0]
	if turn := first.Turns[0]; turn.Engine != "A" || !turn.Fallback {
		t.Errorf("the first move, by A from the opening, is %+v; want A's first legal move, marked a fallback", turn)
	} else {
		m, err := catalog.NewMatch("othello", first.Position, 0)
		if err != nil {
			t.Fatal(err)
		}
		if legal := m.Moves(0); turn.Label != legal[0].Label {
			t.Errorf("A played %s, want its first legal move %s", turn.Label, legal[0].Label)
		}
	}
	fallbacks := 0
	for _, m := range r.Moves {
		for _, turn := range m.Turns {
			if turn.Fallback {
				if turn.Engine != "A" {
					t.Errorf("move %d: MCTS's turn is marked a fallback", m.Ply)
				}
				fallbacks++
			}
		}
	}
	if got := rep.Times[A].Fallbacks; got != fallbacks || got == 0 {
		t.Errorf("the report counts %d fallbacks, the record %d", got, fallbacks)
	}
	var table strings.Builder
	if err := rep.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "played its first legal move") {
		t.Errorf("the table does not mention A's fallbacks:\n%s", table.String())
	}
}
