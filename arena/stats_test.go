package arena

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

func TestTally(t *testing.T) {
	testenv.SkipUnderRace(t, "checks the statistics of tallies against values worked out by hand")
	t.Parallel()
	inf := math.Inf(1)
	tests := []struct {
		name                 string
		w, d, l              int
		score, low, high     float64
		elo, eloLow, eloHigh float64
	}{
		// Score (6 + 2/2)/10 = 0.7. The scores' deviations are 0.3 (six
		// times), -0.2 (twice) and -0.7 (twice): s² = (6·0.09 + 2·0.04 +
		// 2·0.49)/9 = 1.6/9 = 0.177778, s = 0.421637, s/√10 = 0.133333,
		// times 1.96 = 0.261329. Elo: 400·log10(0.7/0.3) = 147.19,
		// 400·log10(0.438671/0.561329) = -42.83, 400·log10(0.961329/0.038671) = 558.19.
		{"6W 2D 2L", 6, 2, 2, 0.7, 0.438671, 0.961329, 147.19, -42.83, 558.19},
		// 0.75; s² = (3·0.0625 + 0.5625)/3 = 0.25, 1.96·0.5/2 = 0.49:
		// [0.26, 1.24] clipped to [0.26, 1]; the top's Elo is +Inf.
		{"3W 1L", 3, 0, 1, 0.75, 0.260009, 1, 190.85, -181.70, inf},
		// An even match: s² = (25·0.25 + 50·0 + 25·0.25)/99 = 12.5/99,
		// 1.96·s/10 = 0.069644; Elo ±400·log10(0.569644/0.430356) = ±48.71.
		{"25W 50D 25L", 25, 50, 25, 0.5, 0.430356, 0.569644, 0, -48.71, 48.71},
		// No variance: the interval is the score itself.
		{"4 draws", 0, 4, 0, 0.5, 0.5, 0.5, 0, 0, 0},
		{"5 losses", 0, 0, 5, 0, 0, 0, -inf, -inf, -inf},
		// One game: the variance is unknown, the interval everything.
		{"1 win", 1, 0, 0, 1, 0, 1, inf, -inf, inf},
		{"no games", 0, 0, 0, 0, 0, 1, 0, -inf, inf},
	}
	near := func(got, want, tol float64) bool {
		return got == want || math.Abs(got-want) <= tol
	}
	for _, tt := range tests {
		st := Tally(tt.w, tt.d, tt.l)
		if st.Games != tt.w+tt.d+tt.l || st.Wins != tt.w || st.Draws != tt.d || st.Losses != tt.l {
			t.Errorf("%s: counts %+v", tt.name, st)
		}
		if !near(st.Score, tt.score, 1e-9) || !near(st.Low, tt.low, 1e-5) || !near(st.High, tt.high, 1e-5) {
			t.Errorf("%s: score %v [%v, %v], want %v [%v, %v]", tt.name, st.Score, st.Low, st.High, tt.score, tt.low, tt.high)
		}
		if !near(st.Elo, tt.elo, 0.01) || !near(st.EloLow, tt.eloLow, 0.01) || !near(st.EloHigh, tt.eloHigh, 0.01) {
			t.Errorf("%s: Elo %v [%v, %v], want %v [%v, %v]", tt.name, st.Elo, st.EloLow, st.EloHigh, tt.elo, tt.eloLow, tt.eloHigh)
		}
	}
}

func TestCount(t *testing.T) {
	testenv.SkipUnderRace(t, "checks a count of results against Tally")
	t.Parallel()
	if got, want := Count([]float64{1, 0.5, 0, 1, 1}), Tally(3, 1, 1); got != want {
		t.Errorf("Count = %+v, want %+v", got, want)
	}
}

func TestFormatElo(t *testing.T) {
	testenv.SkipUnderRace(t, "checks the formatting of Elo differences")
	t.Parallel()
	for _, tt := range []struct {
		elo  float64
		want string
	}{{math.Inf(1), "+Inf"}, {math.Inf(-1), "-Inf"}, {147.19, "+147"}, {-42.8, "-43"}} {
		if got := FormatElo(tt.elo); got != tt.want {
			t.Errorf("FormatElo(%v) = %q, want %q", tt.elo, got, tt.want)
		}
	}
}

// TestIntervalCoverage checks the 95% interval on matches of known
// odds: 2,000 seeded matches of 200 games, each game a win with
// probability 0.4, a draw 0.3 and a loss 0.3 (A's true score 0.55). The
// interval should contain 0.55 in about 95% of them; with 2,000 trials
// the count's standard deviation is about 0.5%, so 93–97% allows four.
func TestIntervalCoverage(t *testing.T) {
	testenv.SkipUnderRace(t, "checks the interval's coverage on simulated matches")
	t.Parallel()
	const (
		trials = 2000
		games  = 200
		pWin   = 0.4
		pDraw  = 0.3
		truth  = pWin + pDraw/2
	)
	rng := rand.New(rand.NewPCG(2024, 11))
	covered := 0
	for range trials {
		var w, d, l int
		for range games {
			switch u := rng.Float64(); {
			case u < pWin:
				w++
			case u < pWin+pDraw:
				d++
			default:
				l++
			}
		}
		if st := Tally(w, d, l); st.Low <= truth && truth <= st.High {
			covered++
		}
	}
	rate := float64(covered) / trials
	t.Logf("coverage %.2f%%", 100*rate)
	if rate < 0.93 || rate > 0.97 {
		t.Errorf("the interval held the true score in %.1f%% of matches, want 93–97%%", 100*rate)
	}
}

func TestSeed(t *testing.T) {
	testenv.SkipUnderRace(t, "checks the seeds derived for games and streams")
	t.Parallel()
	// SplitMix64 seeded with 0 first returns 0xe220a8397b1dcdaf
	// (Vigna's reference implementation).
	if got := splitmix64(0); got != 0xe220a8397b1dcdaf {
		t.Errorf("splitmix64(0) = %#x, want 0xe220a8397b1dcdaf", got)
	}
	seen := map[int64]bool{}
	for _, seed := range []int64{0, 1, -1, math.MaxInt64} {
		for game := range 20 {
			for stream := range 20 {
				s := Seed(seed, game, stream)
				if s < 0 || s > MaxSeed {
					t.Fatalf("Seed(%d, %d, %d) = %d, outside 0..%d", seed, game, stream, s, MaxSeed)
				}
				seen[s] = true
			}
		}
	}
	if len(seen) < 4*20*20-2 {
		t.Errorf("%d distinct seeds of %d", len(seen), 4*20*20)
	}
	if Seed(3, 4, 5) != Seed(3, 4, 5) || Seed(3, 4, 5) == Seed(3, 5, 4) {
		t.Error("Seed is not a function of its arguments in order")
	}
}

func TestJSONEloRoundTrip(t *testing.T) {
	testenv.SkipUnderRace(t, "checks Elo differences through JSON")
	t.Parallel()
	for _, e := range []float64{math.Inf(1), math.Inf(-1), 0, 147.2, -42.8} {
		data, err := JSONElo(e).MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var got JSONElo
		if err := got.UnmarshalJSON(data); err != nil || float64(got) != e {
			t.Errorf("%v: wrote %s, read %v, %v", e, data, got, err)
		}
	}
	var e JSONElo
	if err := e.UnmarshalJSON([]byte(`"Inf"`)); err == nil {
		t.Error(`"Inf" read without an error`)
	}
}
