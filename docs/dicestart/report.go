package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/searchviz/searchviz/arena"
)

// shown is how many of the best-ranked candidates the report's table
// lists; the CSV file lists them all.
const shown = 30

// report is what the search found, to write.
type report struct {
	options
	placements int
	candidates []*candidate // ranked
	chosen     *candidate   // nil if none passed the depth check
	selfPlayed time.Duration
	elapsed    time.Duration
}

// write writes the Markdown report and the CSV file.
func (r *report) write() error {
	if err := os.WriteFile(r.out, r.markdown(), 0o644); err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	if err := os.WriteFile(r.csv, r.table(), 0o644); err != nil {
		return fmt.Errorf("writing the candidates: %w", err)
	}
	return nil
}

// markdown is the report.
func (r *report) markdown() []byte {
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# The dice game's start position: the search\n\n")
	p("Written by `go run ./docs/dicestart` (docs/dicestart/main.go); do not edit by hand. ")
	p("The paper draws its start only in a figure our references lack, so the start of `games/dice` is the placement this search chose among those that fit what the paper's text says of it. The rules it starts are listed, with the paper's words, in [dice.md](dice.md).\n\n")
	p("- Command: `%s`\n", r.command())
	p("- Machine: %d vCPU (%s/%s, %s); self-play took %s, the whole search %s\n\n", runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version(), r.selfPlayed.Round(time.Second), r.elapsed.Round(time.Second))

	p("## What the paper says of its start\n\n")
	p("1. **Symmetric.** The placement is point-symmetric: Black's pieces stand where White's would after half a turn of the board about d4, piece for piece. White moves first.\n")
	p("2. **Upper left.** From White's view the start has a \"weak reach\" of White's pieces 3 and 4 in the upper left: White's 3 and 4 stand in the corner a5 to c7.\n")
	p("3. **Black's 4 stopped.** Black's piece 4, moved up-left (NW), is stopped after 3 cells by White's piece 3, so die faces 3 to 6 give the same move.\n")
	p("4. **Weak reach.** The reach is \"worth about 5 in typeA\": typeA's threat term for White is 5, one die face of one move, whose line holds White's 3 and 4. We read it with the paper's first-move rule, which forbids a diagonal King move as the first move \"to reduce first-move advantage\": the term is 5 with the rule set aside and 0 under it, so the reach is a diagonal King move that White may not make at once, and White cannot make a line at its first move. Read without the rule, as a reach White may use at once, the clue fits 1,972 placements; in a trial of this search with that reading, depth 3 scored exactly 0.500 against depth 1 on each of 40 of them spread over the ranking, over 200 games each, which says the obvious-move rule (take a one-face shot, or block the other side's) chose the moves and search never decided one: such a start cannot show what search does.\n\n")
	p("Clue 3 pins White's 3 and 4: Black's 4 must stand four cells SE of White's 3 with the three cells between free of the wall, and White's 4 on the mirror of Black's 4, in the upper left. Only two placements do: White's 4 on a5 and 3 on c7 (Black's 4 on g3), or White's 4 on c7 and 3 on a5 (Black's 4 on e1). ")
	p("With White's King and pieces 1 and 2 anywhere else (1 and 2 counted once, as they play alike), that makes %d point-symmetric placements without a line; **%d** of them meet all four clues (`dice.State.PaperClues` checks them, and its tests check it).\n\n", r.placements, len(r.candidates))

	p("## How the start was chosen\n\n")
	p("- **Self-play.** Each candidate played %d games of `%s` against itself, game i of every candidate with the same rolls (seed %d), so that the candidates' differences are their own, not the dice's. Measured: the first mover's (White's) score with its 95%% interval, and the game's length in plies with its 95%% interval.\n", r.games, shallow, r.seed)
	p("- **Ranking.** The paper calls its game one \"of appropriate play length\" with no advantage felt for the first or second player. Candidates are ranked first by how far the first mover's 95%% interval lies from 0.5 (0 when it holds 0.5: then self-play cannot tell the start from a fair one), then by the longest mean game.\n")
	p("- **At the paper's depth.** The paper searched to depth 3 as a rule and felt no advantage for either player, and it found deeper search stronger (depth 5 beat depth 3). Going down the ranking, at most %d candidates, each played %d games of `%s` against itself (the same rolls game by game); a candidate whose first mover's 95%% interval at depth 3 does not hold 0.5 is passed over. On the others, depth 3 played depth 1 (`%s`) over %d games through `viz arena`'s engine (the engines taking the first move in turn, games 2k and 2k+1 sharing their rolls); the first candidate on which depth 3's whole 95%% interval lies above 0.5 is the start.\n\n", r.checks, r.deepGames, deep, shallow, r.checkGames)
	if len(r.candidates) > 0 && r.candidates[0].deep != nil && r.candidates[0].deep.gap() > 0 {
		top := r.candidates[0]
		p("The depth-3 step matters: the best-ranked candidate at depth 1 (White's King %s, 1 %s, 2 %s) gives the first mover %s at depth 3, in games of %.1f plies, where it gave %s at depth 1: depth 3 finds what depth 1 does not see.\n\n",
			top.white[0], top.white[1], top.white[2], statText(top.deep.first), top.deep.plies.mean, statText(top.play.first))
	}
	p("## The start chosen\n\n")
	if r.chosen == nil {
		p("None: depth 3 beat depth 1 on none of the candidates checked (see the table).\n\n")
	} else {
		c := r.chosen
		p("```\n%s```\n\n", drawBoard(c.start.String()))
		p("- Text form: `%s`\n", c.start)
		p("- White: King %s, 1 %s, 2 %s, 3 %s, 4 %s; Black on the mirror cells\n", c.white[0], c.white[1], c.white[2], c.white[3], c.white[4])
		p("- Self-play at depth 1: the first mover scores %s over %d games; a game lasts %.2f ± %.2f plies\n", statText(c.play.first), c.play.first.Games, c.play.plies.mean, c.play.plies.margin)
		p("- Self-play at depth 3: the first mover scores %s over %d games; a game lasts %.2f ± %.2f plies\n", statText(c.deep.first), c.deep.first.Games, c.deep.plies.mean, c.deep.plies.margin)
		p("- Depth 3 against depth 1: %s over %d games\n\n", statText(c.depth.stats), c.depth.stats.Games)
	}
	r.summary(&b)

	p("## The %d best-ranked candidates\n\n", min(shown, len(r.candidates)))
	p("All %d are in [dicestart.csv](dicestart.csv). White's pieces are listed; Black's stand on the mirror cells. W / D / L are the first mover's.\n\n", len(r.candidates))
	p("| rank | K | 1 | 2 | 3 | 4 | first mover's score, depth 1 (95%%) | W / D / L | plies a game, depth 1 (95%%) | first mover's score, depth 3 (95%%) | plies a game, depth 3 | depth 3 vs depth 1 (95%%) |\n")
	p("|---:|---|---|---|---|---|---|---|---|---|---|---|\n")
	for i, c := range r.candidates[:min(shown, len(r.candidates))] {
		st := c.play.first
		deepScore, deepPlies, depth := "not played", "", "not played"
		if c.deep != nil {
			deepScore, deepPlies = statText(c.deep.first), fmt.Sprintf("%.2f ± %.2f", c.deep.plies.mean, c.deep.plies.margin)
			if c.deep.gap() > 0 {
				depth = "not played: uneven at depth 3"
			}
		}
		if c.depth != nil {
			depth = statText(c.depth.stats)
			if c == r.chosen {
				depth += " **chosen**"
			}
		}
		p("| %d | %s | %s | %s | %s | %s | %s | %d / %d / %d | %.2f ± %.2f | %s | %s | %s |\n", i+1,
			c.white[0], c.white[1], c.white[2], c.white[3], c.white[4], statText(st), st.Wins, st.Draws, st.Losses, c.play.plies.mean, c.play.plies.margin, deepScore, deepPlies, depth)
	}
	return b.Bytes()
}

// summary writes how the candidates as a whole played.
func (r *report) summary(b *bytes.Buffer) {
	if len(r.candidates) == 0 {
		return
	}
	lo, hi := r.candidates[0], r.candidates[0]
	short, long := r.candidates[0], r.candidates[0]
	fair := 0
	for _, c := range r.candidates {
		if c.play.first.Score < lo.play.first.Score {
			lo = c
		}
		if c.play.first.Score > hi.play.first.Score {
			hi = c
		}
		if c.play.plies.mean < short.play.plies.mean {
			short = c
		}
		if c.play.plies.mean > long.play.plies.mean {
			long = c
		}
		if c.gap() == 0 {
			fair++
		}
	}
	fmt.Fprintf(b, "## All the candidates\n\n")
	fmt.Fprintf(b, "Over the %d candidates the first mover's score runs from %.3f to %.3f, and the mean game from %.2f to %.2f plies; on %d of them the first mover's 95%% interval holds 0.5.\n\n",
		len(r.candidates), lo.play.first.Score, hi.play.first.Score, short.play.plies.mean, long.play.plies.mean, fair)
}

// table is every candidate, ranked, as CSV.
func (r *report) table() []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	w.Write([]string{"rank", "king", "piece1", "piece2", "piece3", "piece4", "position", "games", "first_wins", "first_draws", "first_losses", "first_score", "first_low", "first_high", "plies_mean", "plies_margin", "deep_first_score", "deep_first_low", "deep_first_high", "deep_plies_mean", "depth3_score", "depth3_low", "depth3_high"})
	for i, c := range r.candidates {
		st := c.play.first
		row := []string{strconv.Itoa(i + 1), c.white[0], c.white[1], c.white[2], c.white[3], c.white[4], c.start.String(),
			strconv.Itoa(st.Games), strconv.Itoa(st.Wins), strconv.Itoa(st.Draws), strconv.Itoa(st.Losses), f(st.Score), f(st.Low), f(st.High),
			f(c.play.plies.mean), f(c.play.plies.margin), "", "", "", "", "", "", ""}
		if c.deep != nil {
			row[16], row[17], row[18], row[19] = f(c.deep.first.Score), f(c.deep.first.Low), f(c.deep.first.High), f(c.deep.plies.mean)
		}
		if c.depth != nil {
			row[20], row[21], row[22] = f(c.depth.stats.Score), f(c.depth.stats.Low), f(c.depth.stats.High)
		}
		w.Write(row)
	}
	w.Flush()
	return b.Bytes()
}

// command is the command line that writes this report.
func (r *report) command() string {
	cmd := "go run ./docs/dicestart"
	if r.games != 2000 || r.checks != 30 || r.deepGames != 400 || r.checkGames != 4000 || r.seed != 1 {
		cmd += fmt.Sprintf(" -games %d -checks %d -deep-games %d -check-games %d -seed %d", r.games, r.checks, r.deepGames, r.checkGames, r.seed)
	}
	return cmd
}

// statText is a score with its 95% interval.
func statText(st arena.Stats) string {
	return fmt.Sprintf("%.3f [%.3f, %.3f]", st.Score, st.Low, st.High)
}

// drawBoard draws a position's board as rows of letters, row 7 on top,
// with the rows' and columns' names.
func drawBoard(position string) string {
	var b strings.Builder
	rows := strings.Split(strings.Fields(position)[0], "/")
	for i, row := range rows {
		fmt.Fprintf(&b, "%d ", len(rows)-i)
		for _, c := range row {
			fmt.Fprintf(&b, " %c", c)
		}
		b.WriteByte('\n')
	}
	b.WriteString("   a b c d e f g\n")
	b.WriteString("K A B C D: White's King and pieces 1 to 4; k a b c d: Black's\n")
	return b.String()
}
