package twinmaze

import (
	"testing"

	"github.com/searchviz/searchviz/games/internal/mt19937"
)

func TestGenerateDraws(t *testing.T) {
	t.Parallel()
	// The sample code draws once for each of the four pillar cells of a 5x5
	// board, then once for each cell of columns 0..2, row by row, giving
	// the draw to the cell and to its mirror image in column 4-col unless
	// it is a wall or a start cell. So the draws 5..19 of seed 0, modulo
	// 10, make the board: draw 9 goes to the pillars (1,1) and (1,3), draw
	// 12 to the start cells (2,1) and (2,3), and draw 15 to the pillars
	// (3,1) and (3,3), which keep nothing.
	m := mt19937.New(0)
	for range 4 {
		m.Uint32()
	}
	var rows [5][5]byte
	for row := range 5 {
		for col := range 3 {
			c := byte('0' + m.Uint32()%10)
			if c == '0' {
				c = '.'
			}
			rows[row][col], rows[row][4-col] = c, c
		}
	}
	rows[1][1], rows[1][3], rows[3][1], rows[3][3] = '#', '#', '#', '#'
	rows[2][1], rows[2][3] = 'A', 'B'
	want := "20:"
	for row := range rows {
		if row > 0 {
			want += "/"
		}
		want += string(rows[row][:])
	}
	s, err := Generate(5, 5, 20, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.String(); got != want || want != "20:39793/3#3#3/1A6B1/9#6#9/68486" {
		t.Errorf("Generate(5, 5, 20, 0) = %s, the draws give %s, want both 20:39793/3#3#3/1A6B1/9#6#9/68486", got, want)
	}
}

func TestGenerateDrawsForStartPillar(t *testing.T) {
	t.Parallel()
	// On 7x5 the start cells (3, 1) and (3, 3) are among the 3*2 cells whose
	// row and column are odd: the sample code draws for them too, though it
	// makes no wall there, so the top-left cell gets the 7th draw.
	s, err := Generate(7, 5, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := mt19937.New(0)
	for range 6 {
		m.Uint32()
	}
	want := byte('0' + m.Uint32()%10)
	if want == '0' {
		want = '.'
	}
	if got := s.Cell(0, 0); got != want || s.Cell(0, 4) != want {
		t.Errorf("Generate(7, 5, 1, 0): top corners %q and %q, want %q, the 7th draw modulo 10", got, s.Cell(0, 4), want)
	}
	if s.Cell(3, 1) != 'A' || s.Cell(3, 3) != 'B' {
		t.Errorf("Generate(7, 5, 1, 0): start cells %q and %q, want 'A' and 'B'", s.Cell(3, 1), s.Cell(3, 3))
	}
}
