package main

import (
	"context"
	"fmt"

	"github.com/searchviz/searchviz/arena"
	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/games/dice"
)

// agreement is how two engines choose on positions a dice match reached:
// of n positions, in how many the obvious-move rule names a move (which
// an engine with obvious=1 plays without searching), and in how many of
// those and of the others the two engines chose different moves.
type agreement struct{ n, obvious, differObvious, differOther int }

// agree asks engines x and y for their moves at up to most positions of
// r's games, taken evenly from all its moves, each from the side to move.
func agree(ctx context.Context, r *arena.Report, x, y string, most int) (agreement, error) {
	var positions []string
	for _, g := range r.Records {
		for _, m := range g.Moves {
			positions = append(positions, m.Position)
		}
	}
	step := max(1, len(positions)/max(1, most))
	var a agreement
	for i := 0; i < len(positions) && a.n < most; i += step {
		pos := positions[i]
		s, err := dice.Parse(pos)
		if err != nil {
			return a, fmt.Errorf("a position of the match: %w", err)
		}
		a.n++
		_, _, obvious := s.Obvious()
		var moves [2]int
		for k, engine := range []string{x, y} {
			m, err := catalog.NewMatch(r.Config.Game, pos, 1)
			if err != nil {
				return a, err
			}
			c, err := m.Think(ctx, m.Movers()[0], engine, 1)
			if err != nil {
				return a, err
			}
			moves[k] = c.Action
		}
		differ := moves[0] != moves[1]
		switch {
		case obvious:
			a.obvious++
			if differ {
				a.differObvious++
			}
		case differ:
			a.differOther++
		}
	}
	return a, nil
}

// text says what the agreement shows, naming the engines x and y.
func (a agreement) text(x, y string) string {
	if a.n == 0 {
		return ""
	}
	return fmt.Sprintf("Of %d positions taken evenly from these games, the obvious-move rule (win at once with some face, or block the other side's) names a move in %d (%.0f%%); %s and %s chose different moves in %d of those and in %d of the other %d.",
		a.n, a.obvious, percent(a.obvious, a.n), x, y, a.differObvious, a.differOther, a.n-a.obvious)
}

// percent is 100 k/n, 0 when n is.
func percent(k, n int) float64 { return 100 * float64(k) / float64(max(1, n)) }
