package main

import (
	"context"

	"github.com/searchviz/searchviz/arena"
)

// depthCheck is a match of the deeper engine against the self-play
// engine from a candidate start.
type depthCheck struct {
	stats arena.Stats // the deeper engine's
}

// passed reports whether the deeper engine's whole 95% interval lies
// above 0.5: depth 3 beats depth 1, as the paper's depths should.
func (d *depthCheck) passed() bool { return d.stats.Low > 0.5 }

// checkDepth plays deep against shallow from start with package arena,
// engines taking the first move in turn, games 2k and 2k+1 sharing their
// rolls.
func checkDepth(ctx context.Context, start, deep, shallow string, games int, seed int64) (*depthCheck, error) {
	rep, err := arena.Run(ctx, arena.Config{Game: "dice", Position: start, Engines: [2]string{deep, shallow}, Games: games, Seed: seed})
	if err != nil {
		return nil, err
	}
	return &depthCheck{stats: rep.Stats}, nil
}
