package search

import (
	"context"
	"math"
	"testing"

	"github.com/searchviz/searchviz/games/dice"
)

// TestDiceStart checks the measured facts the dice game's package comment
// states about its starting placement. With the game's Score as the
// evaluation (1 for a win, 0 otherwise), an expectiminimax value is the
// side to move's chance of a line within the depth against the best
// defence, so:
//
//   - White's first move cannot make a line whatever the die shows,
//     checked here by brute force over every action and outcome;
//   - at depth 2 the start is worth 0: White cannot win at its first move,
//     and after White's best first move Black cannot win at its first;
//   - at depth 3 the start is worth 5/9, White's best chance of a line by
//     its second move against Black's best defence, the least of all the
//     placements searched.
func TestDiceStart(t *testing.T) {
	t.Parallel()
	s := dice.Start()
	for _, a := range s.Legal(nil) {
		for o := range s.Chances(a, nil) {
			if next := s.Roll(a, o); next.Winner() != 0 || next.Done() {
				t.Errorf("start: %s rolling %s gives %q, won by %d; want no line", s.Label(a), s.OutcomeLabel(a, o), next, next.Winner())
			}
		}
	}
	for _, tt := range []struct {
		depth int
		want  float64
		what  string
	}{
		{2, 0, "no line for White at its first move nor for Black at its first"},
		{3, 5.0 / 9, "White's best chance of a line by its second move"},
	} {
		res, err := Expectimax(context.Background(), s, Heuristics[dice.State]{}, ExpectimaxOptions{Depth: tt.depth})
		if err != nil {
			t.Fatalf("depth %d: %v", tt.depth, err)
		}
		if math.Abs(res.Value-tt.want) > 1e-9 {
			t.Errorf("depth %d: the start's value is %v, want %v: %s", tt.depth, res.Value, tt.want, tt.what)
		}
	}
}
