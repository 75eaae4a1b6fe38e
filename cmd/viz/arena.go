package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/searchviz/searchviz/arena"
)

func cmdArena(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("arena")
	game := fs.String("game", "", "the game's `spec`, e.g. tictactoe (see viz list); a game for two players")
	a := fs.String("a", "", "engine A's algorithm `spec`, e.g. 'alphabeta depth=9', without seed=: the results are A's")
	b := fs.String("b", "", "engine B's algorithm `spec`, e.g. 'mcts playouts=1000'")
	games := fs.Int("games", 0, fmt.Sprintf("the `number` of games to play, 1..%d; A moves first in even games, B in odd ones", arena.MaxGames))
	seed := fs.Int64("seed", 0, "the match's `seed`, from which every game's board and chance and every search's seed derive")
	parallel := fs.Int("parallel", runtime.GOMAXPROCS(0), fmt.Sprintf("play this many `games` at once, 1..%d; the results do not depend on it", arena.MaxParallel))
	asJSON := fs.Bool("json", false, "print the result as one JSON object instead of a table")
	record := fs.String("record", "", "write each game, every move's position, search seed and choice, to a JSON file in this `directory`")
	position := fs.String("position", "", "the start position's `text` (default: the game's start, or a board generated from each pair of games' seed)")
	sprtText := fs.String("sprt", "", "stop as soon as a sequential probability ratio test decides: `elo0,elo1,alpha,beta`, H0 that A is elo0 Elo stronger against H1 elo1, at error rates alpha and beta (e.g. 0,10,0.05,0.05); --games is then the most played")
	sprtPairs := fs.Bool("sprt-pairs", false, "with --sprt, weigh pairs of games (2k and 2k+1: the same board and dice, the sides swapped) as a pentanomial, as fishtest does, not single games")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return usagef("arena: unexpected argument %q (give everything as flags: --game, --a, --b, --games, ...)", fs.Arg(0))
	case *game == "":
		return usagef("arena: --game is required (see viz list)")
	case *a == "" || *b == "":
		return usagef("arena: --a and --b, the two engines' algorithm specs, are required (see viz list)")
	case *games < 1 || *games > arena.MaxGames:
		return usagef("arena: --games %d is out of range (allowed 1..%d)", *games, arena.MaxGames)
	case *parallel < 1 || *parallel > arena.MaxParallel:
		return usagef("arena: --parallel %d is out of range (allowed 1..%d)", *parallel, arena.MaxParallel)
	}
	var sprt *arena.SPRT
	switch {
	case *sprtText != "":
		t, err := arena.ParseSPRT(*sprtText)
		if err != nil {
			return usagef("arena: --sprt: %s", strings.TrimPrefix(err.Error(), "arena: "))
		}
		t.Pairs = *sprtPairs
		sprt = &t
	case *sprtPairs:
		return usagef("arena: --sprt-pairs weighs an SPRT's pairs of games: give the test with --sprt elo0,elo1,alpha,beta")
	}
	if *record != "" {
		if err := os.MkdirAll(*record, 0o755); err != nil {
			return fmt.Errorf("arena: %w", err)
		}
	}
	cfg := arena.Config{
		Game: *game, Position: *position, Engines: [2]string{*a, *b},
		Games: *games, Seed: *seed, Parallel: *parallel, RecordDir: *record, SPRT: sprt,
	}
	var line *progressLine
	if f, ok := stderr.(*os.File); ok && isTerminal(f) {
		line = &progressLine{w: f, games: *games, sprt: sprt}
		cfg.Progress = line.update
	}
	rep, err := arena.Run(ctx, cfg)
	line.clear()
	if rep == nil {
		return usageError{err}
	}
	if werr := writeReport(stdout, rep, *asJSON); werr != nil {
		return werr
	}
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("arena: %w", context.Cause(ctx))
	}
	return err
}

// writeReport prints a match's report as a table or as JSON.
func writeReport(w io.Writer, rep *arena.Report, asJSON bool) error {
	if !asJSON {
		return rep.WriteTable(w)
	}
	data, err := json.Marshal(rep.Summary())
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// isTerminal reports whether f is a terminal (a character device), where
// a progress line rewritten in place makes sense.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// progressLine is the line viz arena rewrites on a terminal as games end:
// games done, A's running score with its margin, the SPRT's
// log-likelihood ratio and bounds if it runs one, and the time left.
type progressLine struct {
	w     io.Writer
	games int
	sprt  *arena.SPRT // nil without a test
	width int         // the widest line written, in characters, to blank it
}

func (p *progressLine) update(done int, st arena.Stats, elapsed time.Duration) {
	eta := time.Duration(float64(elapsed) / float64(done) * float64(p.games-done)).Round(time.Second)
	s := fmt.Sprintf("arena: %d/%d games  A's score %.3f ± %.3f  ", done, p.games, st.Score, st.Margin())
	if p.sprt != nil {
		v := p.sprt.Test(st)
		s += fmt.Sprintf("LLR %.2f [%.2f, %.2f]  ", v.LLR, v.Lower, v.Upper)
	}
	s += fmt.Sprintf("ETA %v", eta)
	p.width = max(p.width, utf8.RuneCountInString(s))
	fmt.Fprintf(p.w, "\r%-*s", p.width, s)
}

// clear blanks the line, if one was written.
func (p *progressLine) clear() {
	if p == nil || p.width == 0 {
		return
	}
	fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
}
