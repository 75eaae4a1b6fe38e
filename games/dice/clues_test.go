package dice_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/dice"
)

// clueFit is a placement of White's King and pieces 1 to 4 that fits the
// paper's clues by hand: White's 4 on a5 and 3 on c7 with the King on a7,
// whose diagonal step to b6 (one face: c5 is free, so b6 is no stop)
// makes a5-b6-c7; Black's 4 on g3 goes f4, e5, d6 and stops before c7.
var clueFit = [5]string{"a7", "c2", "f3", "c7", "a5"}

// symmetric returns the placement with White's pieces on white, or stops
// the test.
func symmetric(t *testing.T, white [5]string) dice.State {
	t.Helper()
	s, err := dice.Symmetric(white)
	if err != nil {
		t.Fatalf("Symmetric(%v): %v", white, err)
	}
	return s
}

// TestSymmetric checks the point-symmetric placements against their text
// written by hand, and the placements Symmetric refuses.
func TestSymmetric(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		white [5]string
		text  string // "" when refused
		err   string
	}{
		{clueFit, "K.C..../....a../Db.#.../..###../...#.Bd/..A..../....c.k w 0", ""},
		{[5]string{"a1", "a2", "f2", "g2", "g1"}, dice.HomeRows, ""},
		{[5]string{"h1", "a2", "f2", "g2", "g1"}, "", `"h1": not a cell`},
		{[5]string{"a1", "a0", "f2", "g2", "g1"}, "", `"a0": not a cell`},
		{[5]string{"a1", "d5", "f2", "g2", "g1"}, "", "the wall is"},
		{[5]string{"a1", "a2", "a2", "g2", "g1"}, "", "holds another piece"},
		{[5]string{"a1", "a2", "f2", "g2", "g7"}, "", "its mirror a1"},
		{[5]string{"a1", "b2", "c3", "g2", "g1"}, "", "a line at the start"},
	} {
		t.Run(strings.Join(tt.white[:], ","), func(t *testing.T) {
			t.Parallel()
			s, err := dice.Symmetric(tt.white)
			switch {
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Fatalf("got %v, want an error saying %q", err, tt.err)
			case tt.err == "" && err != nil:
				t.Fatal(err)
			case tt.err == "" && s.String() != tt.text:
				t.Errorf("got %q, want %q", s, tt.text)
			}
		})
	}
}

// TestPaperClues checks each clue on placements that break it, and that
// a placement breaking none passes.
func TestPaperClues(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		position string
		broken   []string // the clues' names the error gives, in order
	}{
		{"fits", symmetric(t, clueFit).String(), nil},
		{"Black to move", "K.C..../....a../Db.#.../..###../...#.Bd/..A..../....c.k b 1", []string{"symmetric"}},
		{"Black's 1 off its mirror", "K.C..../.....a./Db.#.../..###../...#.Bd/..A..../....c.k w 0", []string{"symmetric"}},
		// White's 1 on f4 blocks Black's 4 at once, and Black's 1 on b4
		// mirrors it.
		{"Black's 4 blocked early", symmetric(t, [5]string{"a7", "f4", "f3", "c7", "a5"}).String(), []string{"Black's 4 stopped"}},
		// The King on g7 reaches nothing: no threat at all.
		{"no reach", symmetric(t, [5]string{"g7", "c2", "f3", "c7", "a5"}).String(), []string{"weak reach"}},
		// The King on b7 reaches b6 straight down, which the first move
		// may do: a line at White's first move.
		{"reach at the first move", symmetric(t, [5]string{"b7", "c2", "f3", "c7", "a5"}).String(), []string{"weak reach"}},
		// The home rows: 3 and 4 in the lower right, nothing reaches.
		{"the home rows", dice.HomeRows, []string{"upper left", "upper left", "Black's 4 stopped", "weak reach"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := mustParse(t, tt.position).PaperClues()
			var got []string
			if err != nil {
				for _, line := range strings.Split(err.Error(), "\n") {
					name, _, _ := strings.Cut(line, ":")
					got = append(got, name)
				}
			}
			if !slices.Equal(got, tt.broken) {
				t.Errorf("broken clues %q, want %q; the error: %v", got, tt.broken, err)
			}
		})
	}
}

// TestStartFitsTheClues checks the start against the paper's clues by
// playing them out with the game's moves and rolls, not with the code
// PaperClues uses.
func TestStartFitsTheClues(t *testing.T) {
	t.Parallel()
	s := dice.Start()
	if err := s.PaperClues(); err != nil {
		t.Fatalf("the start %q breaks the paper's clues:\n%v", s, err)
	}
	board, _, _ := strings.Cut(s.String(), " ")
	if m, _, _ := strings.Cut(mirrored(t, s).String(), " "); m != board {
		t.Errorf("the start's board turned half a turn with colours swapped is %q, not itself", m)
	}
	// Black's 4 moving NW: faces 1 and 2 apart, 3 to 6 one outcome,
	// which leaves it diagonally below-right of White's 3.
	black := mustParse(t, board+" b 1")
	a := action(t, "4 NW")
	chances := black.Chances(a, nil)
	if got := []int{faces(chances[0]), faces(chances[1]), faces(chances[2])}; len(chances) != 3 || !slices.Equal(got, []int{1, 1, 4}) {
		t.Fatalf("Black's 4 NW has outcomes of %v faces, want 1, 1 and 4 faces", chances)
	}
	after, _, _ := strings.Cut(black.Roll(a, 2).String(), " ")
	if q := strings.IndexByte(after, 'd'); q < 9 || after[q-9] != 'C' {
		t.Errorf("after Black's 4 NW rolling 3-6 the board is %q: White's 3 is not diagonally up-left of Black's 4", after)
	}
	// White's weak reach: one winning face in all, a diagonal King move,
	// at ply 1; none at ply 0, where the first-move rule forbids it.
	for _, tt := range []struct {
		ply   string
		faces int
	}{{"0", 0}, {"1", 1}} {
		w := mustParse(t, board+" w "+tt.ply)
		n := 0
		for _, a := range w.Legal(nil) {
			if f := winningFaces(w, a); f > 0 {
				n += f
				if label := w.Label(a); len(label) != 4 || label[0] != 'K' {
					t.Errorf("ply %s: %s wins, not a diagonal King move", tt.ply, label)
				}
			}
		}
		if n != tt.faces {
			t.Errorf("ply %s: White wins at once with %d faces in all, want %d", tt.ply, n, tt.faces)
		}
	}
}
