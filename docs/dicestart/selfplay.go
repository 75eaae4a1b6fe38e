package main

import (
	"context"
	"fmt"
	"math"

	"github.com/searchviz/searchviz/arena"
	"github.com/searchviz/searchviz/catalog"
)

// selfPlay is what games of an engine against itself from one start
// measured.
type selfPlay struct {
	first arena.Stats // the first mover's wins, draws and losses
	plies meanOf      // the plies a game lasted
}

// meanOf is a sample's mean with its 95% interval's half width.
type meanOf struct{ mean, margin float64 }

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// mean returns the mean of xs and the half width of its 95% interval.
func mean(xs []float64) meanOf {
	n := float64(len(xs))
	if n == 0 {
		return meanOf{}
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	m := sum / n
	if n < 2 {
		return meanOf{mean: m}
	}
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return meanOf{mean: m, margin: z95 * math.Sqrt(v/(n-1)/n)}
}

// playSelf plays games games of engine against itself from start, game i
// with seed arena.Seed(seed, i, 0) for its rolls, so that every candidate
// meets the same rolls game by game and their differences are the
// start's, not the dice's.
func playSelf(ctx context.Context, start, engine string, games int, seed int64) (selfPlay, error) {
	var w, d, l int
	plies := make([]float64, 0, games)
	for i := range games {
		m, err := catalog.NewMatch("dice", start, arena.Seed(seed, i, 0))
		if err != nil {
			return selfPlay{}, err
		}
		n := 0
		for ; !m.Done(); n++ {
			if n == arena.MaxPlies {
				return selfPlay{}, fmt.Errorf("game %d from %s: no end after %d plies", i, start, n)
			}
			side := m.Movers()[0]
			c, err := m.Think(ctx, side, engine, arena.Seed(seed, i, 1+n))
			if err != nil {
				return selfPlay{}, fmt.Errorf("game %d from %s: %w", i, start, err)
			}
			if _, err := m.Play(c.Action); err != nil {
				return selfPlay{}, fmt.Errorf("game %d from %s: %w", i, start, err)
			}
		}
		switch r := m.Result(); {
		case r == 1:
			w++
		case r == 0:
			l++
		default:
			d++
		}
		plies = append(plies, float64(n))
	}
	return selfPlay{first: arena.Tally(w, d, l), plies: mean(plies)}, nil
}
