package search

import (
	"context"
	"math"
	"testing"

	"github.com/searchviz/searchviz/games/dice"
)

// TestDiceStart checks facts of the dice game's starts that the dice
// package's comments state. With the game's Score as the evaluation (-1
// for the side whose opponent has a line, 0 otherwise), an expectiminimax
// value is the side to move's chance of a line within the depth less the
// other side's, against the best defence, so:
//
//   - at depth 2 the start is worth -5/36: White cannot win at its first
//     move, and Black's one threat, its King's diagonal step to f2 (p =
//     1/6), White's first move can lower only to 5/36 (dice's
//     TestObviousBlockAtTheStart works it out by hand);
//   - at depth 2 the home rows are worth 0: no move of either side
//     reaches a line;
//   - at depth 3 the home rows are worth 5/9, White's best chance of a
//     line by its second move against Black's best defence, which made
//     their games short races (dice.HomeRows).
func TestDiceStart(t *testing.T) {
	t.Parallel()
	home, err := dice.Parse(dice.HomeRows)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		s     dice.State
		depth int
		want  float64
		what  string
	}{
		{"start", dice.Start(), 2, -5.0 / 36, "no line for White at its first move, Black's at its first blocked down to 5/36"},
		{"home rows", home, 2, 0, "no line for White at its first move nor for Black at its first"},
		{"home rows", home, 3, 5.0 / 9, "White's best chance of a line by its second move"},
	} {
		res, err := Expectimax(context.Background(), tt.s, Heuristics[dice.State]{}, ExpectimaxOptions{Depth: tt.depth})
		if err != nil {
			t.Fatalf("%s, depth %d: %v", tt.name, tt.depth, err)
		}
		if math.Abs(res.Value-tt.want) > 1e-9 {
			t.Errorf("%s, depth %d: the value is %v, want %v: %s", tt.name, tt.depth, res.Value, tt.want, tt.what)
		}
	}
}
