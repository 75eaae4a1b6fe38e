// Package arena plays matches between two engines, the way chess
// programmers test engines: many games of one game of the catalog, the
// engines taking the first move in turn, each game reproducible from the
// match's seed, and the results summarised with a confidence interval and
// an Elo difference (see Stats).
package arena

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/searchviz/searchviz/catalog"
)

// Limits of a match.
const (
	// MaxGames is the most games a match plays.
	MaxGames = 100_000
	// MaxPlies is the most moves a game may take: every game of the
	// catalog ends well before (a twin maze lasts at most 1,000 turns),
	// so a game that reaches it is an error, never an endless match.
	MaxPlies = 10_000
	// MaxParallel is the most games played at once.
	MaxParallel = 256
)

// Engine names the two engines of a match.
const (
	A = 0 // the first engine, whose point of view the results take
	B = 1
)

// engineNames are the engines' names in records and messages.
var engineNames = [2]string{"A", "B"}

// Config describes a match.
type Config struct {
	Game     string    // the game's spec, e.g. "tictactoe"
	Position string    // the start position's text; "" for the game's start, or a board made from the game's seed
	Engines  [2]string // the algorithms' specs of engines A and B, e.g. "alphabeta depth=9"; without seed=
	Games    int       // the games to play, 1..MaxGames
	Seed     int64     // the match's seed, from which every game's and every search's seed derives (see Seed)
	// Parallel is the most games played at once, 1..MaxParallel; 0
	// means runtime.GOMAXPROCS(0).
	Parallel int
	// RecordDir, when not "", is the directory where each game is
	// written as it ends, as RecordFile names it (see Record).
	RecordDir string
	// Progress, when not nil, is called after each game ends with the
	// games ended so far, their statistics and the time since the
	// match began; with an SPRT, after each game the test counts, with
	// the games it counted. Calls come one at a time.
	Progress func(done int, st Stats, elapsed time.Duration)
	// SPRT, when not nil, is a sequential probability ratio test that
	// stops the match as soon as it decides. It counts the games in the
	// order of their indices, so that it decides after the same games
	// whatever Parallel; the report holds the games it counted, and games
	// that ended past them (played at once with the last, or before a
	// gap when the match was stopped) are left out of it and of
	// RecordDir.
	SPRT *SPRT

	// open opens game i's match with its seed; nil for catalog.NewMatch
	// of Game and Position. Tests give games of their own.
	open func(seed int64) (game, error)
}

// game is one game in play, as the arena drives it: *catalog.Match.
type game interface {
	Movers() []int
	Position() string
	Result() float64
	Check(engine string) error
	Think(ctx context.Context, side int, engine string, seed int64) (catalog.Choice, error)
	Play(actions ...int) (catalog.Ply, error)
}

// Report is what a match played: its statistics and every game ended, in
// the order of their indices. A match stopped early reports the games that
// ended.
type Report struct {
	Config  Config
	Stats   Stats         // A's results over the games ended
	Times   [2]Times      // A's and B's time per move
	Elapsed time.Duration // the match's wall-clock time
	Records []Record      // the games ended, by index; a stopped match's may have gaps
	// Verdict is the SPRT's state after the games counted, nil without
	// one: its decision, or Undecided when the match played all its
	// games, or was stopped, before the test decided.
	Verdict *Verdict
}

// GamesPerSecond is the games ended per second of the match's wall-clock
// time, 0 if none or no time.
func (r *Report) GamesPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(len(r.Records)) / r.Elapsed.Seconds()
}

// Times is one engine's time per move over a match.
type Times struct {
	Moves int // the moves it chose
	// Fallbacks are the moves among them its search stopped at its node
	// budget before it searched any move to the end: its first legal move.
	Fallbacks int
	Mean      time.Duration // their mean time, 0 with none
	Max       time.Duration // the longest
}

// Run plays the match cfg describes and reports it. The games are
// independent: up to cfg.Parallel workers play them, and since every seed
// derives from cfg.Seed and the game's index, the same config gives the
// same games whatever cfg.Parallel. Game i gives the first move (side 0)
// to A when i is even, to B when odd.
//
// Run fails, before playing, for a config out of its limits, a game or
// position the catalog refuses (one-player games included) and an engine
// that cannot play the game; while playing, for a game that fails, panics
// (the error names the game) or reaches MaxPlies, and for a record it
// cannot write. When ctx is cancelled it stops, returning the report of
// the games that ended and an error wrapping ctx's. A match whose SPRT
// decides stops there, with no error.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if cfg.Parallel == 0 {
		cfg.Parallel = min(runtime.GOMAXPROCS(0), MaxParallel)
	}
	if cfg.open == nil {
		cfg.open = func(seed int64) (game, error) { return catalog.NewMatch(cfg.Game, cfg.Position, seed) }
	}
	g, err := cfg.open(Seed(cfg.Seed, 0, 0))
	if err != nil {
		return nil, fmt.Errorf("arena: %w", err)
	}
	for e, spec := range cfg.Engines {
		if err := g.Check(spec); err != nil {
			return nil, fmt.Errorf("arena: engine %s: %w", engineNames[e], err)
		}
	}
	if cfg.RecordDir != "" {
		if err := os.MkdirAll(cfg.RecordDir, 0o755); err != nil {
			return nil, fmt.Errorf("arena: %w", err)
		}
	}
	return play(ctx, cfg)
}

func (cfg Config) check() error {
	switch {
	case cfg.Games < 1 || cfg.Games > MaxGames:
		return fmt.Errorf("arena: %d games is out of range (allowed 1..%d)", cfg.Games, MaxGames)
	case cfg.Parallel < 0 || cfg.Parallel > MaxParallel:
		return fmt.Errorf("arena: %d games at once is out of range (allowed 1..%d, or 0 for one per CPU)", cfg.Parallel, MaxParallel)
	case cfg.Engines[A] == "" || cfg.Engines[B] == "":
		return errors.New("arena: both engines need an algorithm's spec")
	case cfg.SPRT != nil:
		return cfg.SPRT.Check()
	}
	return nil
}

// played is one game's end: its record, or why it failed.
type played struct {
	index  int
	record Record
	err    error
}

// play runs the workers and gathers their games.
func play(ctx context.Context, cfg Config) (*Report, error) {
	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan played)
	var wg sync.WaitGroup
	for range min(cfg.Parallel, cfg.Games) {
		wg.Go(func() {
			for i := range jobs {
				results <- playSafely(ctx, cfg, i)
			}
		})
	}
	go func() {
		defer close(jobs)
		for i := range cfg.Games {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	records := make([]*Record, cfg.Games)
	var (
		wdl     [3]int // A's wins, draws and losses so far, of the games counted
		counted int    // with an SPRT, the games counted: 0..counted-1
		verdict *Verdict
		failed  error
	)
	var pairs [5]int // the pairs of games both counted, by A's points (Stats.Pairs)
	counts := func(i int) bool { return i < cfg.Games && records[i] != nil && (cfg.SPRT == nil || i < counted) }
	stats := func() Stats {
		st := Tally(wdl[0], wdl[1], wdl[2])
		st.Pairs = pairs
		return st
	}
	count := func(r *Record) {
		wdl[outcome(r.Result)]++
		if partner := r.Index ^ 1; counts(partner) {
			pairs[points(r.Result)+points(records[partner].Result)]++
		}
		if cfg.Progress != nil {
			cfg.Progress(wdl[0]+wdl[1]+wdl[2], stats(), time.Since(start))
		}
	}
	for p := range results {
		switch {
		case p.err != nil && failed == nil && ctx.Err() == nil:
			failed = p.err
			cancel()
		case p.err == nil && cfg.SPRT == nil:
			records[p.index] = &p.record
			count(&p.record)
		case p.err == nil:
			records[p.index] = &p.record
			for (verdict == nil || verdict.Decision == Undecided) && counted < cfg.Games && records[counted] != nil {
				count(records[counted])
				counted++
				v := cfg.SPRT.Test(stats())
				verdict = &v
			}
			if verdict != nil && verdict.Decision != Undecided {
				cancel()
			}
		}
	}
	if cfg.SPRT != nil {
		for i, r := range records[counted:] {
			if r != nil && cfg.RecordDir != "" && failed == nil {
				if err := os.Remove(filepath.Join(cfg.RecordDir, RecordFile(counted+i))); err != nil {
					failed = fmt.Errorf("arena: removing the record of game %d, which the SPRT did not count: %w", counted+i, err)
				}
			}
		}
		clear(records[counted:])
		if verdict == nil {
			v := cfg.SPRT.Test(Tally(0, 0, 0))
			verdict = &v
		}
	}
	rep := &Report{Config: cfg, Elapsed: time.Since(start), Verdict: verdict}
	var sums [2]time.Duration
	for _, r := range records {
		if r == nil {
			continue
		}
		rep.Records = append(rep.Records, *r)
		for _, m := range r.Moves {
			for _, t := range m.Turns {
				e := engineIndex(t.Engine)
				d := time.Duration(t.Nanos)
				rep.Times[e].Moves++
				if t.Fallback {
					rep.Times[e].Fallbacks++
				}
				sums[e] += d
				rep.Times[e].Max = max(rep.Times[e].Max, d)
			}
		}
	}
	for e := range rep.Times {
		if n := rep.Times[e].Moves; n > 0 {
			rep.Times[e].Mean = sums[e] / time.Duration(n)
		}
	}
	rep.Stats = stats()
	switch {
	case failed != nil:
		return rep, failed
	case verdict != nil && verdict.Decision != Undecided:
		return rep, nil
	case len(rep.Records) < cfg.Games:
		return rep, fmt.Errorf("arena: stopped after %d of %d games: %w", len(rep.Records), cfg.Games, context.Cause(ctx))
	}
	return rep, nil
}

// playSafely plays game i, turning a panic into an error naming the game.
func playSafely(ctx context.Context, cfg Config, i int) (p played) {
	defer func() {
		if v := recover(); v != nil {
			p = played{index: i, err: fmt.Errorf("arena: game %d panicked: %v", i, v)}
		}
	}()
	r, err := playGame(ctx, cfg, i)
	if err == nil && cfg.RecordDir != "" {
		err = r.write(filepath.Join(cfg.RecordDir, RecordFile(i)))
	}
	if err != nil {
		err = fmt.Errorf("arena: game %d: %w", i, err)
	}
	return played{index: i, record: r, err: err}
}

// playGame plays game i to its end.
func playGame(ctx context.Context, cfg Config, i int) (Record, error) {
	seed := Seed(cfg.Seed, i/2, 0)
	g, err := cfg.open(seed)
	if err != nil {
		return Record{}, err
	}
	first := A
	if i%2 == 1 {
		first = B
	}
	r := Record{
		Format:  RecordFormat,
		Version: RecordVersion,
		Game:    cfg.Game,
		Index:   i,
		Start:   g.Position(),
		Seed:    seed,
		A:       cfg.Engines[A],
		B:       cfg.Engines[B],
		First:   engineNames[first],
	}
	for ply := 0; ; ply++ {
		movers := g.Movers()
		if len(movers) == 0 {
			break
		}
		if ply == MaxPlies {
			return r, fmt.Errorf("no end after %d moves, the most a game may take", MaxPlies)
		}
		if err := ctx.Err(); err != nil {
			return r, err
		}
		m := Move{Ply: ply, Position: g.Position(), Chance: -1}
		actions := make([]int, len(movers))
		for k, side := range movers {
			e := side
			if first == B {
				e = 1 - side
			}
			moveSeed := Seed(cfg.Seed, i, 1+2*ply+side)
			began := time.Now()
			c, err := g.Think(ctx, side, cfg.Engines[e], moveSeed)
			if err != nil {
				return r, fmt.Errorf("engine %s at move %d: %w", engineNames[e], ply, err)
			}
			actions[k] = c.Action
			m.Turns = append(m.Turns, Turn{Engine: engineNames[e], Side: side, Algo: cfg.Engines[e], Seed: moveSeed, Action: c.Action, Label: c.Label, Nanos: time.Since(began).Nanoseconds(), Fallback: c.Fallback})
		}
		p, err := g.Play(actions...)
		if err != nil {
			return r, err
		}
		if p.Chance >= 0 {
			m.Chance, m.ChanceLabel = p.Chance, p.ChanceLabel
		}
		r.Moves = append(r.Moves, m)
	}
	r.End = g.Position()
	r.Result = g.Result()
	if first == B {
		r.Result = 1 - r.Result
	}
	r.Outcome = outcomeName(r.Result)
	return r, nil
}

// engineIndex is the index of the engine named name in records.
func engineIndex(name string) int {
	if name == engineNames[B] {
		return B
	}
	return A
}

// outcomeName names A's result.
func outcomeName(result float64) string {
	return [...]string{"win", "draw", "loss"}[outcome(result)]
}

// write writes r as indented JSON to the file path.
func (r Record) write(path string) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
