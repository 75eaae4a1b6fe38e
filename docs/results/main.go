// Command results plays the matches that set searchviz's engines against
// the results its references report, with package arena, and writes them
// as a Markdown report, docs/results.md:
//
//	go run ./docs/results [-games 1] [-parallel 0] [-seed 1] [-out docs/results.md]
//
// -games scales every match's number of games (0.1 for a quick look);
// -parallel is the games played at once (0: one per CPU). Every game is
// reproducible from -seed, whatever -parallel; the times per move are not,
// and neither is the Primitive Monte Carlo budget of experiment c, which
// is calibrated on this machine's times (the report records it).
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"time"

	"github.com/searchviz/searchviz/arena"
)

// experiment is one match of the report and what the reference says of it.
type experiment struct {
	id, title string
	game      string
	a, b      string
	games     int
	// reference is the reference's figure; note says where and why we
	// disagree, given our result.
	reference string
	note      func(r *arena.Report) string
}

// Engines of the dice experiments.
const (
	typeA1  = "expectimax depth=1 eval=typeA obvious=1"
	typeB1  = "expectimax depth=1 eval=typeB obvious=1"
	typeA3  = "expectimax depth=3 cut=1 eval=typeA obvious=1"
	typeA1c = "expectimax depth=1 cut=1 eval=typeA obvious=1"
	typeA5  = "expectimax depth=5 cut=1 eval=typeA obvious=1"
)

func main() {
	scale := flag.Float64("games", 1, "scale every match's number of games by this factor")
	parallel := flag.Int("parallel", 0, "games played at once (0: one per CPU)")
	seed := flag.Int64("seed", 1, "the matches' seed")
	out := flag.String("out", "docs/results.md", "the report's file")
	flag.Parse()
	log.SetFlags(0)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	start := time.Now()
	games := func(n int) int { return max(2, int(math.Round(float64(n)**scale))) }
	run := func(x experiment) *arena.Report {
		log.Printf("%s: %s vs %s, %d games of %s", x.id, x.a, x.b, x.games, x.game)
		rep, err := arena.Run(ctx, arena.Config{Game: x.game, Engines: [2]string{x.a, x.b}, Games: x.games, Seed: *seed, Parallel: *parallel})
		if err != nil {
			log.Fatal(err)
		}
		s := rep.Summary()
		log.Printf("  %d-%d-%d, score %.3f, %.1fs", s.Wins, s.Draws, s.Losses, s.Score, s.Seconds)
		return rep
	}

	// Experiment c's budget: Primitive Monte Carlo's playouts such that
	// its mean time a move is about 50 times depth-3 typeA's, measured on
	// a pilot match of 100 playouts per move.
	pilot := run(experiment{id: "c (pilot)", game: "dice", a: "pmc playouts=100", b: typeA3, games: games(20)})
	ratio := 50 * float64(pilot.Times[arena.B].Mean) / float64(pilot.Times[arena.A].Mean)
	playouts := max(1, int(math.Round(100*ratio/10))*10)

	exps := []experiment{
		{
			id: "a", title: "Dice: evaluation typeB against typeA", game: "dice", a: typeB1, b: typeA1, games: games(2000),
			reference: "typeB lost about 60% of thousands of games against typeA (score about 0.40 for typeB).",
			note: func(r *arena.Report) string {
				if inside(r, 0.40) {
					return "Our interval contains the paper's 0.40: we agree. " + pairText(r)
				}
				same := ""
				if p := pairsOf(r); p.n > 0 && p.identical == p.n {
					same = "The two evaluations chose the same move at every position these games reached, so, each pair sharing its rolls, every pair split 1-1 and the score is 0.5 by construction: this match cannot tell typeB from typeA. "
				}
				return pairText(r) + " " + same + fmt.Sprintf("We do not reproduce the paper's edge for typeA (our score for typeB is %s). Our reading of the game makes the first move and the dice decide most games: from our start position (games/dice/doc.go) White has a 5/9 chance of a line by its second move whatever Black does, so games last a few moves, the obvious-move rule (play a winning move, block the opponent's) picks most moves, and the evaluation is left little to decide; and typeB's term for the opponent's placement is our reading of a sentence of the paper (search/expectimax.go), not its code.", scoreText(r))
			},
		},
		{
			id: "a3", title: "Dice: evaluation typeB against typeA, at depth 3", game: "dice", a: strings.Replace(typeA3, "typeA", "typeB", 1), b: typeA3, games: games(1000),
			reference: "the paper's typeB-against-typeA figure (typeB lost about 60%) does not say the depth; this match repeats experiment a at the paper's usual depth 3.",
			note: func(r *arena.Report) string {
				verdict := "Our interval contains the paper's 0.40."
				if !inside(r, 0.40) {
					verdict = fmt.Sprintf("Our score for typeB, %s, is not the paper's 0.40, for the reasons of experiment a: the game is a short race decided by who moves first and by the rolls.", scoreText(r))
				}
				return pairText(r) + " " + verdict
			},
		},
		{
			id: "b1", title: "Dice: depth 3 against depth 1", game: "dice", a: typeA3, b: typeA1c, games: games(1000),
			reference: "not measured by the paper, which compares depth 5 with depth 3 (b2); this match asks the same question more cheaply, with enough games for a narrow interval.",
			note: func(r *arena.Report) string {
				return fmt.Sprintf("No reference figure. Depth 3 scores %s against depth 1. ", scoreText(r)) + pairText(r)
			},
		},
		{
			id: "b2", title: "Dice: depth 5 against depth 3", game: "dice", a: typeA5, b: typeA3, games: games(100),
			reference: "depth 5 beat depth 3 in 10 of 13 games (score 0.77), at about 2 hours a move against about 10 seconds (their hardware and code).",
			note: func(r *arena.Report) string {
				s := fmt.Sprintf("Our depth 5 (cut at 1 ply, then at 3, as the paper cuts) takes %s a move against %s for depth 3, a ratio of about %.0f×, where the paper's is about 700×; our cut, threshold and evaluation are our reading of the paper (search/expectimax.go), and our games are short. ",
					r.Times[arena.A].Mean.Round(time.Millisecond), r.Times[arena.B].Mean.Round(time.Millisecond), ratioOf(r))
				s += pairText(r) + " "
				if inside(r, 10.0/13) {
					return s + "Our interval contains the paper's 10/13: we agree, though neither sample is large."
				}
				return s + fmt.Sprintf("Our score for depth 5, %s, is outside the paper's 10/13 = 0.77 (whose own 95%% interval, from 13 games, is about [0.54, 1]): in our games the dice and the first moves decide most results before depth matters.", scoreText(r))
			},
		},
		{
			id: "c", title: "Dice: Primitive Monte Carlo with about 50× the time of depth-3 typeA", game: "dice",
			a: fmt.Sprintf("pmc playouts=%d", playouts), b: typeA3, games: games(400),
			reference: "Primitive Monte Carlo given about 50 times the time of depth-3 typeA won only about 3% of its games against it.",
			note: func(r *arena.Report) string {
				s := fmt.Sprintf("Playouts were chosen from a pilot match (%d games at 100 playouts a move: %s against %s a move) for a ratio of 50; the match's ratio came out at %.0f×. ",
					pilot.Stats.Games, pilot.Times[arena.A].Mean.Round(time.Microsecond), pilot.Times[arena.B].Mean.Round(time.Microsecond), ratioOf(r))
				s += pairText(r) + " "
				if inside(r, 0.03) {
					return s + "Our interval contains the paper's 3%: we agree."
				}
				return s + fmt.Sprintf("Primitive Monte Carlo scores %s here, far above the paper's 3%%. Our playouts are uniformly random moves with dice rolled by their probabilities, and on our board random play makes lines quickly, so playouts measure something real; our references (SEEDS.md) do not say how the paper's playouts chose moves, and its 3%% may reflect other playouts or its different start; here, as in every dice match, the rolls and the first move decide most games (see above).", scoreText(r))
			},
		},
		{
			id: "d1", title: "Tic-tac-toe: MCTS against Primitive Monte Carlo", game: "tictactoe", a: "mcts playouts=1000", b: "pmc playouts=1000", games: games(1000),
			reference: "the primer's sample pits these two engines against each other, but our references (SEEDS.md) give no win rate for it, so there is nothing to compare with.",
			note: func(r *arena.Report) string {
				return fmt.Sprintf("No reference figure. MCTS scores %s: with 1,000 iterations in all against Primitive Monte Carlo's 1,000 playouts per move, MCTS spends its playouts on the replies that matter, and tic-tac-toe being a draw under perfect play, most games are drawn.", scoreText(r))
			},
		},
		{
			id: "d2", title: "Tic-tac-toe: AlphaBeta against MiniMax, both at depth 3", game: "tictactoe", a: "alphabeta depth=3", b: "minimax depth=3", games: games(10),
			reference: "the primer's sample pits these two engines against each other, but our references give no win rate for it.",
			note: func(r *arena.Report) string {
				return fmt.Sprintf("No reference figure. AlphaBeta returns MiniMax's value and, searching in the same order with ties to the first move, the same move: both engines are deterministic, so every game repeats one of two (A first or B first) and the score, %s, says only that they play alike; the time per move is where they differ.", scoreText(r))
			},
		},
		{
			id: "e", title: "Twin maze: DUCT against Primitive Monte Carlo", game: "twinmaze", a: "duct playouts=1000", b: "pmc playouts=1000", games: games(1000),
			reference: "the primer's twin-maze sample pits DUCT against Primitive Monte Carlo, but our references give no win rate for it.",
			note: func(r *arena.Report) string {
				return fmt.Sprintf("No reference figure. DUCT scores %s against Primitive Monte Carlo, which runs 1,000 playouts for each of its player's actions (and as many for the other's, its Action1) against DUCT's 1,000 iterations in all. Each pair of games shares a board generated from the seed.", scoreText(r))
			},
		},
	}
	var reps []*arena.Report
	for _, x := range exps {
		reps = append(reps, run(x))
	}
	elapsed := time.Since(start)

	var b bytes.Buffer
	writeReport(&b, exps, reps, elapsed, *seed, *scale, *parallel)
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s in %v", *out, elapsed.Round(time.Second))
}

// pairs describes a match's pairs of games 2k and 2k+1, which share their
// seed (board and dice): how many there are, in how many both engines
// made the very same moves (and so drew the same rolls), and in how many
// the side moving first won both or lost both, splitting the pair 1-1.
type pairs struct{ n, identical, split int }

func pairsOf(r *arena.Report) pairs {
	byIndex := map[int]*arena.Record{}
	for i := range r.Records {
		byIndex[r.Records[i].Index] = &r.Records[i]
	}
	var p pairs
	for k := 0; ; k++ {
		x, y := byIndex[2*k], byIndex[2*k+1]
		if x == nil || y == nil {
			if 2*k+1 >= r.Config.Games {
				return p
			}
			continue
		}
		p.n++
		if x.Result+y.Result == 1 && x.Result != 0.5 {
			p.split++
		}
		if sameMoves(x, y) {
			p.identical++
		}
	}
}

func sameMoves(x, y *arena.Record) bool {
	if len(x.Moves) != len(y.Moves) {
		return false
	}
	for i := range x.Moves {
		a, b := x.Moves[i], y.Moves[i]
		if a.Chance != b.Chance || len(a.Turns) != len(b.Turns) {
			return false
		}
		for j := range a.Turns {
			if a.Turns[j].Action != b.Turns[j].Action {
				return false
			}
		}
	}
	return true
}

// firstScore is the first mover's mean score over the match's games.
func firstScore(r *arena.Report) float64 {
	sum := 0.0
	for _, g := range r.Records {
		if g.First == "A" {
			sum += g.Result
		} else {
			sum += 1 - g.Result
		}
	}
	return sum / float64(max(1, len(r.Records)))
}

// pairText says what the pairs of a dice match show.
func pairText(r *arena.Report) string {
	p := pairsOf(r)
	return fmt.Sprintf("Of the %d pairs of games (each pair shares its rolls, the engines swapping sides), %d were split 1-1 with the side moving first winning both (or losing both), and in %d the two engines made exactly the same moves; the side moving first scored %.3f over all games.", p.n, p.split, p.identical, firstScore(r))
}

// inside reports whether the reference's score lies in the match's 95%
// interval.
func inside(r *arena.Report, ref float64) bool { return r.Stats.Low <= ref && ref <= r.Stats.High }

// ratioOf is A's mean time a move over B's.
func ratioOf(r *arena.Report) float64 {
	if r.Times[arena.B].Mean <= 0 {
		return math.NaN()
	}
	return float64(r.Times[arena.A].Mean) / float64(r.Times[arena.B].Mean)
}

// scoreText is A's score with its interval.
func scoreText(r *arena.Report) string {
	return fmt.Sprintf("%.3f [%.3f, %.3f]", r.Stats.Score, r.Stats.Low, r.Stats.High)
}

func dur(d time.Duration) string {
	switch {
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.0f µs", float64(d)/float64(time.Microsecond))
}

func writeReport(b *bytes.Buffer, exps []experiment, reps []*arena.Report, elapsed time.Duration, seed int64, scale float64, parallel int) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	par := parallel
	if par == 0 {
		par = runtime.GOMAXPROCS(0)
	}
	p("# Results: searchviz's engines against the references' figures\n\n")
	p("Written by `go run ./docs/results` (docs/results/main.go); do not edit by hand.\n\n")
	cmd := "go run ./docs/results"
	if scale != 1 || parallel != 0 || seed != 1 {
		cmd += fmt.Sprintf(" -games %g -parallel %d -seed %d", scale, parallel, seed)
	}
	p("- Command: `%s` (seed %d, games scale %g, %d games at once)\n", cmd, seed, scale, par)
	p("- Machine: %d vCPU (%s/%s, %s), shared with other jobs while this ran, so times per move are noisy and only their ratios mean much\n", runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
	p("- Whole run: %s, pilot match included\n", elapsed.Round(time.Second))
	p("- Every game is reproducible from the seed with `viz arena` (see README.md's arena section): engine A moves first in even games, B in odd ones, and games 2k and 2k+1 share a generated board and the dice's rolls. The engines' specs carry no seed: the arena seeds each search.\n")
	p("- Scores are A's: a win 1, a draw ½, a loss 0, with a 95%% interval (normal approximation); Elo is 400·log10(score/(1 − score)), with the interval's.\n\n")

	p("## Summary\n\n")
	p("| | game | A | B | games | W / D / L | score (95%%) | Elo (95%%) | A time/move | B time/move | reference |\n")
	p("|---|---|---|---|---:|---|---|---|---:|---:|---|\n")
	for i, x := range exps {
		r := reps[i]
		st := r.Stats
		p("| %s | %s | `%s` | `%s` | %d | %d / %d / %d | %.3f [%.3f, %.3f] | %s [%s, %s] | %s | %s | %s |\n",
			x.id, x.game, x.a, x.b, st.Games, st.Wins, st.Draws, st.Losses, st.Score, st.Low, st.High,
			arena.FormatElo(st.Elo), arena.FormatElo(st.EloLow), arena.FormatElo(st.EloHigh),
			dur(r.Times[arena.A].Mean), dur(r.Times[arena.B].Mean), shortRef(x.id))
	}
	p("\n")
	writeDiceFinding(b, exps, reps)
	for i, x := range exps {
		r := reps[i]
		s := r.Summary()
		p("## %s. %s\n\n", x.id, x.title)
		p("- Game: `%s`\n- A: `%s`\n- B: `%s`\n", x.game, x.a, x.b)
		p("- Games: %d, %d-%d-%d (A's wins, draws, losses), played in %.1f s\n", s.Played, s.Wins, s.Draws, s.Losses, s.Seconds)
		p("- Score of A: %.3f [%.3f, %.3f]; Elo %s [%s, %s]\n", s.Score, s.ScoreLow, s.ScoreHigh,
			arena.FormatElo(r.Stats.Elo), arena.FormatElo(r.Stats.EloLow), arena.FormatElo(r.Stats.EloHigh))
		p("- Time a move: A %s (longest %s, %d moves), B %s (longest %s, %d moves)\n",
			dur(r.Times[arena.A].Mean), dur(r.Times[arena.A].Max), r.Times[arena.A].Moves,
			dur(r.Times[arena.B].Mean), dur(r.Times[arena.B].Max), r.Times[arena.B].Moves)
		p("- Mean moves a game: %.1f\n", float64(r.Times[arena.A].Moves+r.Times[arena.B].Moves)/float64(max(1, s.Played)))
		p("- Reference: %s\n", x.reference)
		p("- Ours against it: %s\n\n", strings.TrimSpace(x.note(r)))
	}
}

// writeDiceFinding says what the dice matches have in common: how often
// a pair of games, sharing its rolls, went to the side moving first in
// both games whatever the engines.
func writeDiceFinding(b *bytes.Buffer, exps []experiment, reps []*arena.Report) {
	var n, split, identical, games int
	first := 0.0
	for i, x := range exps {
		if x.game != "dice" {
			continue
		}
		p := pairsOf(reps[i])
		n, split, identical = n+p.n, split+p.split, identical+p.identical
		first += firstScore(reps[i]) * float64(len(reps[i].Records))
		games += len(reps[i].Records)
	}
	if n == 0 {
		return
	}
	fmt.Fprintf(b, "## What the dice matches have in common\n\n")
	fmt.Fprintf(b, "Over the %d dice games above, the side moving first scored %.3f, and of their %d pairs of games (a pair shares its rolls, the engines swapping sides) %d were split 1-1, the same side (first or second) winning both games whoever played it; in %d of the pairs the two engines made exactly the same moves. ", games, first/float64(max(1, games)), n, split, identical)
	fmt.Fprintf(b, "So in our version of the game the rolls and the first move decide almost every game, not the engine, and every dice match scores about 0.5, which cannot confirm or refute the paper's figures. ")
	fmt.Fprintf(b, "The cause is our reading of the paper, not the engines: the paper gives its start position and wall only in a figure, and ours (games/dice/doc.go) lets White make a line by its second move with probability 5/9 against Black's best defence (no home-row placement does better), so games last about four moves and most are won by a short King walk that obvious-move play and any search find alike. ")
	fmt.Fprintf(b, "A start further from a line, or a rule against quick lines, would be needed to compare evaluations and depths as the paper did.\n\n")
}

// shortRef is the reference's figure in a few words, for the summary.
func shortRef(id string) string {
	switch id {
	case "a", "a3":
		return "paper: typeB ≈ 0.40"
	case "b1":
		return "none (paper measured b2)"
	case "b2":
		return "paper: 10 of 13 (0.77)"
	case "c":
		return "paper: ≈ 0.03"
	}
	return "none in our references"
}
