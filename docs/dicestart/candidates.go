package main

import (
	"cmp"
	"math"
	"slices"

	"github.com/searchviz/searchviz/games/dice"
)

// candidate is a start position that fits the paper's clues, and how
// self-play and the depth check went on it.
type candidate struct {
	white [5]string // White's King and pieces 1 to 4; Black's mirror them
	start dice.State
	play  selfPlay    // at depth 1
	deep  *selfPlay   // at depth 3; nil until played
	depth *depthCheck // nil until checked
}

// pinned are the two placements of White's pieces 3 and 4 that the clue
// "Black's 4 stopped" leaves: Black's 4 moving NW three cells up to
// White's 3, White's 4 on the mirror of Black's 4, and the three cells
// between free of the wall. Every other cell of the 3 x 3 triangle of
// starts for Black's 4 in the lower right meets the wall on the way.
var pinned = [][2]string{{"c7", "a5"}, {"a5", "c7"}}

// cellNames are the board's 49 cells, a1 to g7.
func cellNames() []string {
	var names []string
	for c := 'a'; c <= 'g'; c++ {
		for r := '1'; r <= '7'; r++ {
			names = append(names, string([]rune{c, r}))
		}
	}
	return names
}

// enumerate returns every point-symmetric placement with White's 3 and 4
// as pinned says, White's King and pieces 1 and 2 anywhere else (1 and 2
// counted once, as they play alike), that meets all the paper's clues,
// and how many placements it looked at.
func enumerate() (found []*candidate, placements int) {
	names := cellNames()
	for _, p34 := range pinned {
		for _, king := range names {
			for i, one := range names {
				for _, two := range names[i+1:] {
					white := [5]string{king, one, two, p34[0], p34[1]}
					s, err := dice.Symmetric(white)
					if err != nil {
						continue
					}
					placements++
					if s.PaperClues() == nil {
						found = append(found, &candidate{white: white, start: s})
					}
				}
			}
		}
	}
	return found, placements
}

// gap is how far the first mover's 95% interval in depth-1 self-play lies
// from 0.5: 0 when it holds 0.5, since self-play cannot then tell the
// start from a fair one.
func (c *candidate) gap() float64 { return c.play.gap() }

// gap is how far the first mover's 95% interval lies from 0.5.
func (p selfPlay) gap() float64 {
	st := p.first
	return math.Max(0, math.Max(st.Low-0.5, 0.5-st.High))
}

// rank orders the candidates best first: the first mover's interval
// nearest 0.5 (see gap), then the longest games, then the position's text
// so that the order is total.
func rank(cs []*candidate) {
	slices.SortStableFunc(cs, func(x, y *candidate) int {
		return cmp.Or(
			cmp.Compare(x.gap(), y.gap()),
			cmp.Compare(y.play.plies.mean, x.play.plies.mean),
			cmp.Compare(x.start.String(), y.start.String()),
		)
	})
}
