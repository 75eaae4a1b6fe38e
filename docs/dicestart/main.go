// Command dicestart searches for the dice game's start position, which
// the paper gives only in a figure that our references lack, and writes
// what it found to docs/dicestart.md and every candidate to
// docs/dicestart.csv:
//
//	go run ./docs/dicestart [-games 2000] [-checks 30] [-deep-games 400] [-check-games 4000] [-seed 1]
//
// It looks at every point-symmetric placement that fits the clues the
// paper's text gives (dice.State.PaperClues), plays each -games times
// against itself with depth-1 typeA, and ranks them by the first mover's
// score (nearest 0.5 first) and then the games' length (longest first).
// Going down the ranking, at most -checks candidates, it plays depth-3
// typeA against itself -deep-games times, and takes the first candidate
// whose first mover's score at depth 3 cannot be told from 0.5 and on
// which depth-3 typeA beats depth-1 typeA over -check-games games. The
// results do not depend on the number of CPUs; the times do.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"runtime"
	"sync"
	"time"
)

// The engines of the search: the paper's typeA with its obvious moves,
// at depth 1 for self-play and at depth 3, with the paper's cut, for the
// depth check.
const (
	shallow = "expectimax depth=1 eval=typeA obvious=1"
	deep    = "expectimax depth=3 cut=1 eval=typeA obvious=1"
)

// options are the command's flags.
type options struct {
	games, checks, deepGames, checkGames int
	seed                                 int64
	out, csv                             string
}

func main() {
	var o options
	flag.IntVar(&o.games, "games", 2000, "self-play games per candidate")
	flag.IntVar(&o.checks, "checks", 30, "the most candidates, best-ranked first, to play at depth 3")
	flag.IntVar(&o.deepGames, "deep-games", 400, "self-play games at depth 3 per checked candidate")
	flag.IntVar(&o.checkGames, "check-games", 4000, "games of depth 3 against depth 1 per checked candidate")
	flag.Int64Var(&o.seed, "seed", 1, "the seed of every game's rolls")
	flag.StringVar(&o.out, "out", "docs/dicestart.md", "the report's file")
	flag.StringVar(&o.csv, "csv", "docs/dicestart.csv", "the file of every candidate")
	flag.Parse()
	log.SetFlags(0)
	if o.games < 2 || o.checks < 1 || o.deepGames < 2 || o.checkGames < 2 {
		log.Fatal("dicestart: -games, -deep-games and -check-games must be at least 2, -checks at least 1")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, o); err != nil {
		log.Fatal("dicestart: ", err)
	}
}

// run searches, checks and writes the report.
func run(ctx context.Context, o options) error {
	began := time.Now()
	cs, placements := enumerate()
	log.Printf("%d point-symmetric placements, %d fit the paper's clues; %d self-play games each", placements, len(cs), o.games)
	if err := playAll(ctx, cs, o); err != nil {
		return err
	}
	rank(cs)
	selfPlayed := time.Since(began)
	var chosen *candidate
	for _, c := range cs[:min(o.checks, len(cs))] {
		p, err := playSelf(ctx, c.start.String(), deep, o.deepGames, o.seed)
		if err != nil {
			return err
		}
		c.deep = &p
		log.Printf("depth-3 self-play from %s: the first mover scores %.3f [%.3f, %.3f], %.2f plies", c.start, p.first.Score, p.first.Low, p.first.High, p.plies.mean)
		if p.gap() > 0 {
			continue
		}
		d, err := checkDepth(ctx, c.start.String(), deep, shallow, o.checkGames, o.seed)
		if err != nil {
			return err
		}
		c.depth = d
		log.Printf("depth 3 against depth 1 from %s: %.3f [%.3f, %.3f]", c.start, d.stats.Score, d.stats.Low, d.stats.High)
		if d.passed() {
			chosen = c
			break
		}
	}
	r := report{options: o, placements: placements, candidates: cs, chosen: chosen, selfPlayed: selfPlayed, elapsed: time.Since(began)}
	if err := r.write(); err != nil {
		return err
	}
	if chosen == nil {
		return fmt.Errorf("none of the %d best-ranked candidates was even at depth 3 with depth 3 beating depth 1; the report says how they went", o.checks)
	}
	log.Printf("chose %s; wrote %s and %s in %v", chosen.start, o.out, o.csv, r.elapsed.Round(time.Second))
	return nil
}

// playAll plays every candidate's self-play games, one candidate per CPU
// at a time.
func playAll(ctx context.Context, cs []*candidate, o options) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	next := make(chan *candidate)
	var wg sync.WaitGroup
	var done sync.Mutex
	played := 0
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for c := range next {
				p, err := playSelf(ctx, c.start.String(), shallow, o.games, o.seed)
				if err != nil {
					cancel(err)
					return
				}
				c.play = p
				done.Lock()
				if played++; played%100 == 0 {
					log.Printf("  %d of %d candidates played", played, len(cs))
				}
				done.Unlock()
			}
		})
	}
	for _, c := range cs {
		select {
		case next <- c:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
	if err := context.Cause(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return ctx.Err()
}
