package catalog_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/games/othello"
	"github.com/searchviz/searchviz/search"
)

// othelloEngines are the alternating family's engines, each at a
// setting that plays a game of Othello in a moment.
var othelloEngines = map[string]string{
	"minimax":   "minimax depth=2",
	"negamax":   "negamax depth=2",
	"alphabeta": "alphabeta depth=3 ordering=1",
	"iterative": "iterative depth=3 time=0",
	"pmc":       "pmc playouts=8",
	"mcts":      "mcts playouts=60",
}

// TestEveryAlgorithmPlaysOthello plays every engine of the alternating
// family against itself from random openings to the end of the game, and
// checks each move against Othello's own rules.
func TestEveryAlgorithmPlaysOthello(t *testing.T) {
	t.Parallel()
	for _, a := range catalog.Algorithms() {
		if a.Family != search.FamilyAlternating {
			continue
		}
		engine, ok := othelloEngines[a.Name]
		if !ok {
			t.Errorf("no Othello setting for %s, an engine of the alternating family", a.Name)
			continue
		}
		for seed := range uint64(2) {
			t.Run(fmt.Sprintf("%s/seed%d", a.Name, seed), func(t *testing.T) {
				t.Parallel()
				opening := randomOpening(seed, 2+int(seed)*5)
				m, err := catalog.NewMatch("othello", opening.String(), 0)
				if err != nil {
					t.Fatal(err)
				}
				for ply := 0; !m.Done(); ply++ {
					s, err := othello.Parse(m.Position())
					if err != nil {
						t.Fatalf("%s: the match's position: %v", engine, err)
					}
					side := m.Movers()[0]
					c, err := m.Think(context.Background(), side, engine, int64(ply))
					if err != nil {
						t.Fatalf("%s from %s, ply %d: %v", engine, opening, ply, err)
					}
					if !slices.Contains(s.Legal(nil), c.Action) {
						t.Fatalf("%s plays %s in %s, not a legal move", engine, c.Label, s)
					}
					if _, err := m.Play(c.Action); err != nil {
						t.Fatal(err)
					}
				}
				s, _ := othello.Parse(m.Position())
				if !s.Done() {
					t.Errorf("%s: the match ended in %s, where Othello goes on", engine, s)
				}
				black, white := s.Discs()
				want := 0.5
				switch {
				case black > white && opening.ToMove() == 'x', white > black && opening.ToMove() == 'o':
					want = 1
				case black != white:
					want = 0
				}
				if got := m.Result(); got != want {
					t.Errorf("%s: the match scores %v for side 0 at %d–%d, want %v", engine, got, black, white, want)
				}
			})
		}
	}
}

// randomOpening plays plies random moves from the start.
func randomOpening(seed uint64, plies int) othello.State {
	rng := rand.New(rand.NewPCG(seed, 7))
	s := othello.New()
	for range plies {
		legal := s.Legal(nil)
		s = s.Play(legal[rng.IntN(len(legal))])
	}
	return s
}
