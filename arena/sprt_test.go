package arena

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
)

// TestSPRTLLR checks the log-likelihood ratio against values worked out
// another way: a Python script (Python 3.11, math only) found each
// hypothesis's likeliest trinomial of the expected score EloScore(elo)
// by a golden-section search over its draw rate d (a win s − d/2, a loss
// 1 − s − d/2), 300 steps, on the counts with a result never seen counted
// as 0.001 of a game, and took the difference of the two log-likelihoods.
func TestSPRTLLR(t *testing.T) {
	testenv.SkipUnderRace(t, "checks log-likelihood ratios against values worked out apart")
	t.Parallel()
	tests := []struct {
		name       string
		w, d, l    int
		elo0, elo1 float64
		want       float64
	}{
		{"60W 20D 20L", 60, 20, 20, 0, 10, 1.3898221639},
		{"an even match", 30, 40, 30, 0, 10, -0.0690129157},
		// Symmetric hypotheses about an even score weigh nothing.
		{"symmetric", 100, 0, 100, -5, 5, 0},
		{"draws only", 0, 50, 0, 0, 5, -0.7178636568},
		{"wins only", 10, 0, 0, 0, 50, 1.3358977898},
		{"around zero", 7, 2, 5, -20, 20, 0.2685709710},
		{"a long match", 480, 1000, 420, 0, 10, 1.9856775809},
		{"losses only", 0, 0, 3, 0, 35, -0.3174209334},
		{"no games", 0, 0, 0, 0, 10, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			test := SPRT{Elo0: tt.elo0, Elo1: tt.elo1, Alpha: 0.05, Beta: 0.05}
			if got := test.LLR(tt.w, tt.d, tt.l); math.Abs(got-tt.want) > 1e-7 {
				t.Errorf("LLR(%d, %d, %d) = %.10f, want %.10f", tt.w, tt.d, tt.l, got, tt.want)
			}
		})
	}
}

// TestSPRTLLRPairs checks the pentanomial's log-likelihood ratio against
// values worked out another way: a Python script (Python 3.11, math
// only) found each hypothesis's likeliest distribution on the pairs'
// mean scores 0, ¼, ½, ¾ and 1 of mean EloScore(elo) by golden-section
// searches nested three deep (70 steps each) over three of its five
// probabilities, the other two following from their sum and their mean,
// on the counts with a pair never seen counted as 0.001, and took the
// difference of the two log-likelihoods.
func TestSPRTLLRPairs(t *testing.T) {
	testenv.SkipUnderRace(t, "checks log-likelihood ratios against values worked out apart")
	t.Parallel()
	tests := []struct {
		name       string
		pairs      [5]int
		elo0, elo1 float64
		want       float64
	}{
		{"every kind of pair", [5]int{5, 10, 40, 20, 5}, 0, 10, 0.4956764180},
		{"mostly split pairs", [5]int{1, 4, 30, 6, 1}, 0, 50, -2.2790028262},
		// Every pair split 1–1: an even match with no variance at all.
		{"split pairs only", [5]int{0, 0, 12, 0, 0}, 0, 10, -0.3440064419},
		{"two extremes", [5]int{3, 0, 0, 0, 9}, -10, 30, 0.6511986826},
		{"no pairs", [5]int{}, 0, 10, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			test := SPRT{Elo0: tt.elo0, Elo1: tt.elo1, Alpha: 0.05, Beta: 0.05, Pairs: true}
			if got := test.LLRPairs(tt.pairs); math.Abs(got-tt.want) > 1e-7 {
				t.Errorf("LLRPairs(%v) = %.10f, want %.10f", tt.pairs, got, tt.want)
			}
			if v := test.Test(Stats{Games: 1000, Wins: 1000, Pairs: tt.pairs}); v.LLR != test.LLRPairs(tt.pairs) {
				t.Errorf("Test weighs %v, not the pairs", v.LLR)
			}
		})
	}
}

// TestSPRTVerdict checks Wald's bounds and the decisions at them: with
// alpha = beta = 0.05 the bounds are ∓log(19) = ∓2.944439; with alpha
// 0.05 and beta 0.1, log(0.1/0.95) = −2.251292 and log(0.9/0.05) =
// 2.890372.
func TestSPRTVerdict(t *testing.T) {
	testenv.SkipUnderRace(t, "checks the SPRT's bounds and decisions")
	t.Parallel()
	tests := []struct {
		name         string
		test         SPRT
		w, d, l      int
		lower, upper float64
		want         Decision
	}{
		{"undecided", trinomial(0, 10, 0.05, 0.05), 60, 20, 20, -2.944439, 2.944439, Undecided},
		// 100 more wins than losses in 300 games: far past the upper bound.
		{"H1", trinomial(0, 10, 0.05, 0.05), 150, 100, 50, -2.944439, 2.944439, AcceptedH1},
		// 1,000 draws: a score of 0.5 exactly, far from +10 Elo.
		{"H0", trinomial(0, 10, 0.05, 0.05), 0, 1000, 0, -2.944439, 2.944439, AcceptedH0},
		{"other error rates", trinomial(0, 10, 0.05, 0.1), 60, 20, 20, -2.251292, 2.890372, Undecided},
		// alpha = beta = 0.5 puts both bounds at log(1) = 0: any game
		// decides, but no game decides nothing.
		{"no games at bounds of 0", trinomial(0, 10, 0.5, 0.5), 0, 0, 0, 0, 0, Undecided},
		{"a game at bounds of 0", trinomial(0, 10, 0.5, 0.5), 1, 0, 0, 0, 0, AcceptedH1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v := tt.test.Test(Tally(tt.w, tt.d, tt.l))
			if math.Abs(v.Lower-tt.lower) > 1e-6 || math.Abs(v.Upper-tt.upper) > 1e-6 {
				t.Errorf("bounds [%v, %v], want [%v, %v]", v.Lower, v.Upper, tt.lower, tt.upper)
			}
			if v.Decision != tt.want || v.LLR != tt.test.LLR(tt.w, tt.d, tt.l) || v.SPRT != tt.test {
				t.Errorf("verdict %+v, want %s", v, tt.want)
			}
		})
	}
}

// trinomial returns the SPRT of single games between elo0 and elo1.
func trinomial(elo0, elo1, alpha, beta float64) SPRT {
	return SPRT{Elo0: elo0, Elo1: elo1, Alpha: alpha, Beta: beta}
}

func TestParseSPRT(t *testing.T) {
	testenv.SkipUnderRace(t, "parses SPRT texts")
	t.Parallel()
	tests := []struct {
		text string
		want SPRT
		err  string
	}{
		{"0,10,0.05,0.05", trinomial(0, 10, 0.05, 0.05), ""},
		{" -5, 5 ,0.1,0.2", trinomial(-5, 5, 0.1, 0.2), ""},
		{"0,10,0.05", SPRT{}, `has 3 values, want 4: elo0,elo1,alpha,beta`},
		{"0,ten,0.05,0.05", SPRT{}, `"ten" is not a number`},
		{"0,NaN,0.05,0.05", SPRT{}, `"NaN" is not a number`},
		{"0,Inf,0.05,0.05", SPRT{}, `"Inf" is not a number`},
		{"10,0,0.05,0.05", SPRT{}, "elo0 (10) must be below its elo1 (0)"},
		{"5,5,0.05,0.05", SPRT{}, "elo0 (5) must be below its elo1 (5)"},
		{"0,1001,0.05,0.05", SPRT{}, "must be within ±1000"},
		{"0,10,0,0.05", SPRT{}, "alpha (0) and beta (0.05) must be above 0 and at most 0.5"},
		{"0,10,0.05,0.6", SPRT{}, "must be above 0 and at most 0.5"},
		{"", SPRT{}, "has 1 values, want 4"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			t.Parallel()
			got, err := ParseSPRT(tt.text)
			switch {
			case tt.err == "" && (err != nil || got != tt.want):
				t.Errorf("ParseSPRT(%q) = %+v, %v; want %+v", tt.text, got, err, tt.want)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("ParseSPRT(%q): %v, want an error saying %q", tt.text, err, tt.err)
			case tt.err == "" && got.String() != strings.ReplaceAll(strings.ReplaceAll(tt.text, " ", ""), "\t", ""):
				t.Errorf("%+v written %q, want %q", got, got.String(), tt.text)
			}
		})
	}
}

// TestSPRTDecidesKnownElo plays simulated matches of known strength: each
// game is A's win, draw or loss drawn from a seeded generator with the
// probabilities of an Elo difference in the logistic model (a draw 0.4,
// a win EloScore(elo) − 0.2), no engines. With H0 = 0 Elo, H1 = +50 Elo
// and alpha = beta = 0.05, a match whose true difference is +50 should
// accept H1, and one of 0 accept H0, each in 95% of matches: Wald's
// bounds promise error rates of at most alpha/(1−beta) = 5.26% for the
// test of two simple hypotheses, and the generalised test comes near it
// (20,000 matches of each kind, seeded otherwise, decided right 95.2% and
// 95.3% of the time). The test should also need fewer games than a match
// of fixed length with the same error rates: (z·σ/(s1−s0))² with z =
// 2·1.645, σ² = 0.6/4 the score's variance and s1 − s0 = 0.0715, 317.
func TestSPRTDecidesKnownElo(t *testing.T) {
	testenv.SkipUnderRace(t, "simulates thousands of matches")
	t.Parallel()
	const (
		runs = 4000
		draw = 0.4
	)
	test := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	for h, tt := range []struct {
		truth float64
		want  Decision
	}{{test.Elo0, AcceptedH0}, {test.Elo1, AcceptedH1}} {
		t.Run(string(tt.want), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(2026, uint64(h)))
			win := EloScore(tt.truth) - draw/2
			right, games := 0, 0
			for range runs {
				var wdl [3]int
				for {
					switch u := rng.Float64(); {
					case u < win:
						wdl[0]++
					case u < win+draw:
						wdl[1]++
					default:
						wdl[2]++
					}
					if v := test.Test(Tally(wdl[0], wdl[1], wdl[2])); v.Decision != Undecided {
						if v.Decision == tt.want {
							right++
						}
						break
					}
				}
				games += wdl[0] + wdl[1] + wdl[2]
			}
			rate, mean := float64(right)/runs, float64(games)/runs
			t.Logf("true Elo %+v: %d of %d matches accepted %s (%.2f%%), in %.0f games on average", tt.truth, right, runs, tt.want, 100*rate, mean)
			if 100*right < 95*runs {
				t.Errorf("true Elo %+v: %s accepted in %.2f%% of matches, want 95%% or more", tt.truth, tt.want, 100*rate)
			}
			if mean >= 317 {
				t.Errorf("true Elo %+v: %.0f games on average, want fewer than a fixed match's 317", tt.truth, mean)
			}
		})
	}
}

// TestSPRTDecidesKnownEloInPairs plays simulated matches of pairs of
// games whose results go together, as a game's pairs (the same board and
// dice, the sides swapped) do when the side moving first has the edge:
// half the pairs split 1–1, each side winning the game it began, and the
// others are two independent games, a draw 0.4, their win rate set so
// that A's expected score is that of the true Elo. With H0 = 0 Elo, H1 =
// +50 and alpha = beta = 0.05, the test of pairs should decide right in
// 95% of matches (here 96.1% at 0 Elo and 95.0% at +50); the test of
// single games, which takes the split pairs for independent games and so
// overestimates the score's variance, decides right more often than its
// error rates ask (over 99%) and should need more than twice the games.
func TestSPRTDecidesKnownEloInPairs(t *testing.T) {
	testenv.SkipUnderRace(t, "simulates thousands of matches")
	t.Parallel()
	const (
		runs  = 4000
		split = 0.5
		draw  = 0.4
	)
	for h, tt := range []struct {
		truth float64
		want  Decision
	}{{0, AcceptedH0}, {50, AcceptedH1}} {
		t.Run(string(tt.want), func(t *testing.T) {
			t.Parallel()
			var games [2]int // by the test of pairs, then of single games
			for k, pairs := range []bool{true, false} {
				test := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05, Pairs: pairs}
				rng := rand.New(rand.NewPCG(2027, uint64(h)))
				win := (EloScore(tt.truth)-split/2)/(1-split) - draw/2
				game := func() int { // A's points times 2
					switch u := rng.Float64(); {
					case u < win:
						return 2
					case u < win+draw:
						return 1
					}
					return 0
				}
				right := 0
				for range runs {
					var wdl, pairCounts = [3]int{}, [5]int{}
					for {
						a, b := 2, 0
						if rng.Float64() >= split {
							a, b = game(), game()
						}
						wdl[2-a]++
						wdl[2-b]++
						pairCounts[a+b]++
						st := Tally(wdl[0], wdl[1], wdl[2])
						st.Pairs = pairCounts
						if v := test.Test(st); v.Decision != Undecided {
							if v.Decision == tt.want {
								right++
							}
							games[k] += st.Games
							break
						}
					}
				}
				t.Logf("pairs %v, true Elo %+v: %d of %d matches accepted %s, in %d games on average", pairs, tt.truth, right, runs, tt.want, games[k]/runs)
				want := 95
				if !pairs {
					want = 99
				}
				if 100*right < want*runs {
					t.Errorf("pairs %v, true Elo %+v: %s accepted in %d of %d matches, want %d%% or more", pairs, tt.truth, tt.want, right, runs, want)
				}
			}
			if 2*games[0] >= games[1] {
				t.Errorf("the test of pairs took %d games, of single games %d: want less than half", games[0]/runs, games[1]/runs)
			}
		})
	}
}

// scored is a two-move game between engines named "strong" and "weak"
// whose result is drawn from the seed of its first search: the strong
// engine wins with probability win, else loses.
type scored struct {
	fake
	win    float64
	strong int   // the side the strong engine plays
	seed   int64 // the first search's seed
}

func (g *scored) Think(ctx context.Context, side int, engine string, seed int64) (catalog.Choice, error) {
	if engine == "strong" {
		g.strong = side
	}
	if g.ply == 0 && side == 0 {
		g.seed = seed
	}
	return g.fake.Think(ctx, side, engine, seed)
}

func (g *scored) Result() float64 {
	u := float64(splitmix64(uint64(g.seed))>>11) / (1 << 53)
	if (u < g.win) == (g.strong == 0) {
		return 1
	}
	return 0
}

// TestRunStopsWhenTheSPRTDecides plays matches of games whose results
// are drawn with known odds: a match between engines far apart in
// strength (A wins 3 games in 4, +191 Elo) accepts H1 of 0 against +50
// Elo, and one between equals accepts H0, each long before its 2,000
// games; the report holds exactly the games the test counted, 0 to n−1,
// the same whatever the games played at once; a match too short to
// decide plays all its games and is undecided; one stopped is undecided
// and says it was stopped. The records written are those of the games
// counted.
func TestRunStopsWhenTheSPRTDecides(t *testing.T) {
	t.Parallel()
	test := &SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	tests := []struct {
		name    string
		a, b    string
		games   int
		want    Decision
		stopped bool
	}{
		{"A far stronger", "strong", "weak", 2000, AcceptedH1, true},
		{"equals", "strong", "strong", 2000, AcceptedH0, true},
		{"too short", "strong", "weak", 10, Undecided, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			win := 0.75
			if tt.a == tt.b {
				win = 0.5
			}
			var reports []*Report
			for _, parallel := range []int{1, 8} {
				last := 0
				dir := t.TempDir()
				cfg := Config{Game: "fake", Engines: [2]string{tt.a, tt.b}, Games: tt.games, Seed: 5, Parallel: parallel, SPRT: test, RecordDir: dir,
					Progress: func(done int, _ Stats, _ time.Duration) { last = done },
					open:     func(int64) (game, error) { return &scored{fake: fake{plies: 2, panicAt: -1}, win: win}, nil }}
				rep, err := Run(context.Background(), cfg)
				if err != nil {
					t.Fatalf("parallel %d: %v", parallel, err)
				}
				v, n := rep.Verdict, len(rep.Records)
				if v == nil || v.Decision != tt.want || *v != test.Test(rep.Stats) {
					t.Fatalf("parallel %d: verdict %+v, want %s as the test weighs %+v", parallel, v, tt.want, rep.Stats)
				}
				if stopped := n < tt.games; stopped != tt.stopped || rep.Stats.Games != n || last != n {
					t.Errorf("parallel %d: %d records, %d games counted, progress to %d, of %d", parallel, n, rep.Stats.Games, last, tt.games)
				}
				if files, err := filepath.Glob(filepath.Join(dir, "game-*.json")); err != nil || len(files) != n {
					t.Errorf("parallel %d: %d records written, want the %d games counted", parallel, len(files), n)
				}
				for i, r := range rep.Records {
					if r.Index != i {
						t.Fatalf("parallel %d: record %d is game %d, want the games 0..%d", parallel, i, r.Index, n-1)
					}
				}
				reports = append(reports, rep)
			}
			if a, b := reports[0], reports[1]; a.Stats != b.Stats || len(a.Records) != len(b.Records) {
				t.Errorf("one game at a time decided after %+v, eight at once after %+v", a.Stats, b.Stats)
			}
		})
	}
	t.Run("stopped", func(t *testing.T) {
		t.Parallel()
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		rep, err := Run(ctx, Config{Game: "fake", Engines: [2]string{"strong", "weak"}, Games: 100, SPRT: test, open: fakes(1, -1)})
		if err == nil || !strings.Contains(err.Error(), "stopped after 0 of 100 games") || rep.Verdict == nil || rep.Verdict.Decision != Undecided || rep.Verdict.LLR != 0 {
			t.Errorf("a stopped match: %v, verdict %+v; want it stopped and undecided", err, rep.Verdict)
		}
	})
}

// TestSPRTInSummary plays ten games that A wins, under a test of 0
// against +50 Elo: the log-likelihood ratio, 1.3359 by the reference
// script (see TestSPRTLLR), stays inside the bounds ∓log(19), so the
// match plays all ten; the JSON and the table say so.
func TestSPRTInSummary(t *testing.T) {
	testenv.SkipUnderRace(t, "checks the SPRT's lines in the summary and the table")
	t.Parallel()
	cfg := Config{Game: "fake", Engines: [2]string{"strong", "weak"}, Games: 10, SPRT: &SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05},
		open: func(int64) (game, error) { return &scored{fake: fake{plies: 2, panicAt: -1}, win: 1}, nil }}
	rep := run(t, cfg)
	data, err := json.Marshal(rep.Summary())
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		SPRT map[string]any `json:"sprt"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"elo0": 0.0, "elo1": 50.0, "alpha": 0.05, "beta": 0.05, "decision": "undecided"}
	for k, v := range want {
		if got.SPRT[k] != v {
			t.Errorf("sprt.%s = %v, want %v in %s", k, got.SPRT[k], v, data)
		}
	}
	for k, v := range map[string]float64{"llr": 1.3358977898, "llr_lower": -math.Log(19), "llr_upper": math.Log(19)} {
		if f, ok := got.SPRT[k].(float64); !ok || math.Abs(f-v) > 1e-7 {
			t.Errorf("sprt.%s = %v, want %v", k, got.SPRT[k], v)
		}
	}
	var b strings.Builder
	if err := rep.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"  SPRT     H0 Elo +0, H1 Elo +50, alpha 0.05, beta 0.05, of games\n", "LLR 1.34 [-2.94, 2.94]: undecided\n"} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("the table lacks %q:\n%s", line, b.String())
		}
	}
	// Weighed in pairs, the ten wins are five pairs of 2 points: an LLR
	// of 0.6682 by the reference script of TestSPRTLLRPairs.
	pairs := cfg
	pairs.SPRT = &SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05, Pairs: true}
	rep = run(t, pairs)
	if s := rep.Summary(); s.Pairs != [5]int{4: 5} || s.SPRT == nil || !s.SPRT.Pairs || math.Abs(s.SPRT.LLR-0.6682054865) > 1e-7 {
		t.Errorf("in pairs: %+v, pairs %v; want the LLR 0.6682 of five pairs of 2 points", s.SPRT, s.Pairs)
	}
	b.Reset()
	if err := rep.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"  pairs    A's points in a pair  0: 0  ½: 0  1: 0  1½: 0  2: 5\n", "beta 0.05, of pairs of games\n", "LLR 0.67 [-2.94, 2.94]: undecided\n"} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("the table in pairs lacks %q:\n%s", line, b.String())
		}
	}
	cfg.Games = 100
	if rep, err = Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if s := rep.Summary(); s.SPRT == nil || s.SPRT.Decision != AcceptedH1 || s.Played >= 100 || s.Played != s.Wins {
		t.Errorf("A winning every game: %+v after %d games, want H1 accepted before game 100", s.SPRT, s.Played)
	}
}

// TestStatsPairs counts pairs: in fake games side 0 wins every game, so
// A wins game 2k and loses game 2k+1, and every pair splits 1–1; an odd
// last game has no partner. CountPairs counts the same from results by
// index, and only the pairs whose two games are there.
func TestStatsPairs(t *testing.T) {
	testenv.SkipUnderRace(t, "counts pairs of fake games")
	t.Parallel()
	for _, tt := range []struct {
		games int
		want  [5]int
	}{{10, [5]int{2: 5}}, {9, [5]int{2: 4}}, {1, [5]int{}}} {
		rep := run(t, Config{Game: "fake", Engines: [2]string{"x", "y"}, Games: tt.games, Parallel: 3, open: fakes(2, -1)})
		if rep.Stats.Pairs != tt.want {
			t.Errorf("%d games: pairs %v, want %v", tt.games, rep.Stats.Pairs, tt.want)
		}
	}
	// A wins game 0 and draws game 1 (1½ points), loses 2 and 3 (0),
	// draws 4 (no partner), and game 7 has no partner either.
	st := CountPairs(map[int]float64{0: 1, 1: 0.5, 2: 0, 3: 0, 4: 0.5, 7: 1})
	if want := [5]int{0: 1, 3: 1}; st.Pairs != want || st.Games != 6 || st.Wins != 2 || st.Draws != 2 || st.Losses != 2 {
		t.Errorf("CountPairs: %+v, want pairs %v and 2 wins, 2 draws, 2 losses", st, want)
	}
}
