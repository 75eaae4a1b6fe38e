package play

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/explain"
)

// latin is a run of Latin letters.
var latin = regexp.MustCompile(`[A-Za-z]+`)

// TestStateInJapanese plays games to their end and checks that the
// state a Japanese page gets names the sides and says who won in
// Japanese, with the score the board gives, and that the English state
// is as State gives it.
func TestStateInJapanese(t *testing.T) {
	t.Parallel()
	tests := []struct {
		game, engine string
		person       int
	}{
		{"othello", "minimax depth=1", 0},
		{"othello", "minimax depth=1", 1},
		{"tictactoe", "alphabeta", 0},
		{"tictactoe", "mcts playouts=20", 1},
	}
	for _, tt := range tests {
		t.Run(tt.game+"/"+tt.engine, func(t *testing.T) {
			t.Parallel()
			g, err := New(Config{Game: tt.game, Engine: tt.engine, Person: tt.person, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			playOut(t, g, rand.New(rand.NewPCG(1, 2)))
			en, ja := g.State(), g.StateIn(explain.Japanese)
			if en.Over == "" || ja.Over == "" || en.Result != ja.Result {
				t.Fatalf("the game is over in %q and %q, results %v and %v", en.Over, ja.Over, en.Result, ja.Result)
			}
			if got := g.StateIn(explain.English); got.Over != en.Over || got.Sides != en.Sides {
				t.Errorf("StateIn(English) says %q, State %q", got.Over, en.Over)
			}
			for _, w := range latin.FindAllString(ja.Over, -1) {
				if w != "x" && w != "o" {
					t.Errorf("the Japanese end %q has the English %q", ja.Over, w)
				}
			}
			if !strings.Contains(ja.Over, "勝ち") && !strings.Contains(ja.Over, "引き分け") {
				t.Errorf("the Japanese end %q says no winner nor a draw", ja.Over)
			}
			if sc := score.FindString(en.Over); sc != "" && !strings.Contains(ja.Over, sc) {
				t.Errorf("the Japanese end %q lacks the score %s of %q", ja.Over, sc, en.Over)
			}
			for i, side := range en.Sides {
				if side == "Black" || side == "White" {
					if latin.MatchString(ja.Sides[i]) {
						t.Errorf("the side %s reads %q in Japanese", side, ja.Sides[i])
					}
				}
			}
		})
	}
}
