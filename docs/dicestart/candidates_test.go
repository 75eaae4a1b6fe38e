package main

import (
	"slices"
	"testing"

	"github.com/searchviz/searchviz/arena"
	"github.com/searchviz/searchviz/games/dice"
)

// TestRank checks the ranking on hand-made results: an interval holding
// 0.5 beats any that does not, the nearer interval beats the farther,
// and among intervals holding 0.5 the longer games come first.
func TestRank(t *testing.T) {
	t.Parallel()
	start := dice.Start()
	c := func(name string, w, l int, plies float64) *candidate {
		return &candidate{white: [5]string{name}, start: start, play: selfPlay{first: arena.Tally(w, 0, l), plies: meanOf{mean: plies}}}
	}
	// 1000 games: 500-500 holds 0.5 (margin about 0.031); 540-460 lies
	// 0.009 above it, 600-400 0.07 above, 420-580 0.05 below.
	cs := []*candidate{
		c("far above", 600, 400, 20),
		c("even, short", 500, 500, 5),
		c("just above", 540, 460, 9),
		c("below", 420, 580, 30),
		c("even, long", 510, 490, 8),
	}
	rank(cs)
	var got []string
	for _, x := range cs {
		got = append(got, x.white[0])
	}
	want := []string{"even, long", "even, short", "just above", "below", "far above"}
	if !slices.Equal(got, want) {
		t.Errorf("ranked %q, want %q", got, want)
	}
	for _, tt := range []struct {
		w, l int
		zero bool
	}{{500, 500, true}, {530, 470, true}, {540, 460, false}, {460, 540, false}} {
		if g := (selfPlay{first: arena.Tally(tt.w, 0, tt.l)}).gap(); (g == 0) != tt.zero {
			t.Errorf("%d-%d: gap %v, want zero %t", tt.w, tt.l, g, tt.zero)
		}
	}
}

// TestMean checks the mean and its interval against a hand computation:
// 1, 2, 3, 4 has mean 2.5 and sample variance 5/3, so the half width is
// 1.96 * sqrt(5/3/4) = 1.2652.
func TestMean(t *testing.T) {
	t.Parallel()
	m := mean([]float64{1, 2, 3, 4})
	if m.mean != 2.5 || m.margin < 1.2651 || m.margin > 1.2653 {
		t.Errorf("mean %v ± %v, want 2.5 ± 1.2652", m.mean, m.margin)
	}
}
