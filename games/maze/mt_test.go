package maze

import (
	"testing"

	"github.com/searchviz/searchviz/games/internal/mt19937"
)

func TestGenerateDrawsForStartPillar(t *testing.T) {
	t.Parallel()
	// On 31x11 the start (15, 5) is one of the 15*5 cells whose row and
	// column are odd: the sample code draws for it too, though it makes no
	// wall there, so the top-left cell gets the 76th draw, not the 75th.
	s, err := Generate(31, 11, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := mt19937.New(0)
	for range 75 {
		m.Uint32()
	}
	want := byte('0' + m.Uint32()%10)
	if want == '0' {
		want = '.'
	}
	if got := s.Cell(0, 0); got != want {
		t.Errorf("Generate(31, 11, 1, 0): top-left cell %q, want %q, the 76th draw modulo 10", got, want)
	}
	if s.Cell(15, 5) != '@' {
		t.Errorf("Generate(31, 11, 1, 0): start cell %q, want '@'", s.Cell(15, 5))
	}
}
