package maze

import "testing"

func TestMT19937(t *testing.T) {
	// The first outputs for seed 0, and the C++ standard's requirement that
	// the 10000th output of a default-constructed std::mt19937 (seed 5489)
	// is 4123659995.
	m := newMT19937(0)
	for i, want := range []uint32{2357136044, 2546248239, 3071714933} {
		if got := m.Uint32(); got != want {
			t.Errorf("seed 0: output %d = %d, want %d", i+1, got, want)
		}
	}
	m = newMT19937(5489)
	if got := m.Uint32(); got != 3499211612 {
		t.Errorf("seed 5489: output 1 = %d, want 3499211612", got)
	}
	var got uint32
	for range 9999 {
		got = m.Uint32()
	}
	if got != 4123659995 {
		t.Errorf("seed 5489: output 10000 = %d, want 4123659995", got)
	}
}

func TestGenerateDrawsForStartPillar(t *testing.T) {
	// On 31x11 the start (15, 5) is one of the 15*5 cells whose row and
	// column are odd: the sample code draws for it too, though it makes no
	// wall there, so the top-left cell gets the 76th draw, not the 75th.
	s, err := Generate(31, 11, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := newMT19937(0)
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
