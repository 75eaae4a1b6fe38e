package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/searchviz/searchviz/arena"
	"github.com/searchviz/searchviz/internal/testenv"
)

// TestArena plays a few games of tic-tac-toe from the command line: the
// table names the engines and counts every game; --json prints one object
// with the same counts; and a recorded move's search, run again with viz
// run and the flags the record's documentation gives, makes the recorded
// move.
func TestArena(t *testing.T) {
	t.Parallel()
	args := []string{"arena", "--game", "tictactoe", "--a", "alphabeta depth=9", "--b", "mcts playouts=40", "--games", "4", "--seed", "9", "--parallel", "2"}
	code, stdout, stderr := runViz(t, args...)
	if code != 0 || stderr != "" {
		t.Fatalf("viz arena: exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"tictactoe: 4 of 4 games, seed 9\n", "A  alphabeta depth=9\n", "B  mcts playouts=40\n", "A vs B ", "games/s"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the table lacks %q:\n%s", want, stdout)
		}
	}

	dir := t.TempDir()
	code, stdout, stderr = runViz(t, append(args, "--json", "--record", dir)...)
	if code != 0 || stderr != "" {
		t.Fatalf("viz arena --json: exit %d, stderr %q", code, stderr)
	}
	var s arena.Summary
	if err := json.Unmarshal([]byte(stdout), &s); err != nil {
		t.Fatalf("--json: %v in %q", err, stdout)
	}
	if strings.Count(strings.TrimSpace(stdout), "\n") != 0 || s.Played != 4 || s.Wins+s.Draws+s.Losses != 4 || s.Losses != 0 || s.TimeA.Moves == 0 {
		t.Errorf("--json: %s, want one line, 4 games played, none lost by perfect play", stdout)
	}

	r, err := arena.ReadRecord(filepath.Join(dir, arena.RecordFile(1)))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Moves {
		tn := m.Turns[0]
		if tn.Engine != "B" {
			continue
		}
		code, stdout, stderr := runViz(t, "run", "--game", r.Game, "--position", m.Position, "--algo", tn.Algo, "--seed", strconv.FormatInt(tn.Seed, 10))
		if code != 0 {
			t.Fatalf("viz run of move %d: exit %d, %s", m.Ply, code, stderr)
		}
		if want := "move " + tn.Label + "  "; !strings.Contains(stdout, want) {
			t.Errorf("viz run of move %d: %q, want %q", m.Ply, stdout, want)
		}
	}
}

func TestArenaUsageErrors(t *testing.T) {
	testenv.SkipUnderRace(t, "parses command lines")
	t.Parallel()
	base := []string{"--game", "tictactoe", "--a", "alphabeta", "--b", "alphabeta"}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no game", []string{"arena", "--a", "x", "--b", "y", "--games", "2"}, "arena: --game is required"},
		{"one engine", []string{"arena", "--game", "tictactoe", "--a", "alphabeta", "--games", "2"}, "--a and --b, the two engines' algorithm specs, are required"},
		{"no games", append([]string{"arena"}, base...), "--games 0 is out of range (allowed 1..100000)"},
		{"too many games", append(append([]string{"arena"}, base...), "--games", "100001"), "--games 100001 is out of range (allowed 1..100000)"},
		{"no parallel games", append(append([]string{"arena"}, base...), "--games", "2", "--parallel", "0"), "--parallel 0 is out of range (allowed 1..256)"},
		{"an argument", append(append([]string{"arena"}, base...), "--games", "2", "extra"), `unexpected argument "extra"`},
		{"an unknown game", []string{"arena", "--game", "chess", "--a", "alphabeta", "--b", "alphabeta", "--games", "2"}, `unknown game "chess"`},
		{"a one-player game", []string{"arena", "--game", "maze", "--a", "greedy", "--b", "greedy", "--games", "2"}, "maze is a one-player game, and a match needs two players"},
		{"an SPRT of two values", append(append([]string{"arena"}, base...), "--games", "2", "--sprt", "0,10"), `arena: --sprt: the SPRT "0,10" has 2 values, want 4: elo0,elo1,alpha,beta, such as 0,10,0.05,0.05`},
		{"an SPRT's Elo reversed", append(append([]string{"arena"}, base...), "--games", "2", "--sprt", "10,0,0.05,0.05"), "arena: --sprt: the SPRT's elo0 (10) must be below its elo1 (0)"},
		{"an SPRT's error rate of 0", append(append([]string{"arena"}, base...), "--games", "2", "--sprt", "0,10,0,0.05"), "alpha (0) and beta (0.05) must be above 0 and at most 0.5"},
		{"pairs without an SPRT", append(append([]string{"arena"}, base...), "--games", "2", "--sprt-pairs"), "arena: --sprt-pairs weighs an SPRT's pairs of games: give the test with --sprt elo0,elo1,alpha,beta"},
		{"an engine of another family", []string{"arena", "--game", "tictactoe", "--a", "duct", "--b", "alphabeta", "--games", "2"}, "arena: engine A: duct searches games where two players move at once"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, _, stderr := runViz(t, tt.args...)
			if code != 2 || !strings.Contains(stderr, tt.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("viz %s: exit %d, stderr %q; want 2 and one line containing %q", strings.Join(tt.args, " "), code, stderr, tt.want)
			}
		})
	}
}

// TestArenaSPRT plays perfect tic-tac-toe (AlphaBeta to depth 9), which
// never loses, against PMC, which does not always draw, under a test of
// 0 against +50 Elo: the test accepts H1 long before 400 games, and the
// JSON and the table give its log-likelihood ratio past the upper bound,
// log(19) = 2.944.
func TestArenaSPRT(t *testing.T) {
	t.Parallel()
	args := []string{"arena", "--game", "tictactoe", "--a", "alphabeta depth=9", "--b", "pmc playouts=10", "--games", "400", "--seed", "1", "--parallel", "2", "--sprt", "0,50,0.05,0.05"}
	code, stdout, stderr := runViz(t, append(args, "--json")...)
	if code != 0 || stderr != "" {
		t.Fatalf("viz arena --sprt: exit %d, stderr %q", code, stderr)
	}
	var s arena.Summary
	if err := json.Unmarshal([]byte(stdout), &s); err != nil {
		t.Fatalf("--json: %v in %q", err, stdout)
	}
	if v := s.SPRT; v == nil || v.Decision != arena.AcceptedH1 || v.LLR < v.Upper || math.Abs(v.Upper-2.944439) > 1e-6 || math.Abs(v.Lower+2.944439) > 1e-6 || s.Played >= 400 || s.Losses != 0 {
		t.Errorf("--json: %s, want H1 accepted, the LLR past log(19), before game 400 and no loss", stdout)
	}
	// Weighed in pairs of games, the test accepts H1 too; the JSON says
	// it weighed pairs, and counts them: half the games played, at most.
	code, stdout, _ = runViz(t, append(args, "--json", "--sprt-pairs")...)
	var p arena.Summary
	if err := json.Unmarshal([]byte(stdout), &p); code != 0 || err != nil {
		t.Fatalf("--sprt-pairs --json: exit %d, %v in %q", code, err, stdout)
	}
	if n := p.Pairs[0] + p.Pairs[1] + p.Pairs[2] + p.Pairs[3] + p.Pairs[4]; p.SPRT == nil || !p.SPRT.Pairs || p.SPRT.Decision != arena.AcceptedH1 || n == 0 || 2*n > p.Played {
		t.Errorf("--sprt-pairs: %s, want H1 accepted in pairs, counted", stdout)
	}
	code, stdout, _ = runViz(t, args...)
	if want := "[-2.94, 2.94]: H1 accepted: the games favour Elo +50 over +0\n"; code != 0 || !strings.Contains(stdout, want) || !strings.Contains(stdout, fmt.Sprintf("tictactoe: %d of 400 games", s.Played)) {
		t.Errorf("the table:\n%s\nwant the games played, %d, and a line ending %q", stdout, s.Played, want)
	}
}

// TestArenaInterrupted runs a match that a signal has already stopped:
// it prints the games played, none, and exits with the signal's status.
func TestArenaInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(stopSignal{syscall.SIGINT})
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"arena", "--game", "tictactoe", "--a", "alphabeta", "--b", "alphabeta", "--games", "4"}, &stdout, &stderr)
	if code != 130 || stderr.String() != "viz: arena: interrupted (SIGINT)\n" || !strings.Contains(stdout.String(), "tictactoe: 0 of 4 games") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 130, the table of no games, and why", code, stdout.String(), stderr.String())
	}
}

// TestProgressLine checks the line a terminal shows: the games done, the
// score with its margin and the time left, each update overwriting the
// last from the line's start, and the line blanked at the end.
func TestProgressLine(t *testing.T) {
	testenv.SkipUnderRace(t, "writes a progress line")
	t.Parallel()
	var b bytes.Buffer
	p := &progressLine{w: &b, games: 4}
	p.clear()
	if b.Len() != 0 {
		t.Errorf("clearing before any update wrote %q", b.String())
	}
	p.update(1, arena.Tally(1, 0, 0), 2*time.Second)
	p.update(2, arena.Tally(1, 1, 0), 4*time.Second)
	first := "\rarena: 1/4 games  A's score 1.000 ± 0.500  ETA 6s"
	second := "\rarena: 2/4 games  A's score 0.750 ± "
	if got := b.String(); !strings.HasPrefix(got, first) || !strings.Contains(got, second) || !strings.HasSuffix(got, "ETA 4s") {
		t.Errorf("progress %q, want %q then %q...ETA 4s", got, first, second)
	}
	b.Reset()
	p.clear()
	if got := b.String(); got != "\r"+strings.Repeat(" ", p.width)+"\r" {
		t.Errorf("clear wrote %q", got)
	}
	// Ten wins under a test of 0 against +50 Elo: the LLR is 1.3359 by
	// the reference script of package arena's TestSPRTLLR, the bounds
	// ∓log(19).
	b.Reset()
	p = &progressLine{w: &b, games: 100, sprt: &arena.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}}
	p.update(10, arena.Tally(10, 0, 0), 5*time.Second)
	if got, want := b.String(), "\rarena: 10/100 games  A's score 1.000 ± 0.000  LLR 1.34 [-2.94, 2.94]  ETA 45s"; got != want {
		t.Errorf("progress with an SPRT %q, want %q", got, want)
	}
}
