package dice_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/dice"
)

// kingDiagonal has White's 1 and 2 on c2 and d2 and the King on a1, whose
// only winning move is NE to b2 (face 1; faces 2-6 go on to c3), making
// b2 c2 d2: a diagonal King move, which the first-move rule forbids at
// ply 0. Black has no threat: b7 would make a7 b7 c7, but only Black's 1,
// leaving c7, reaches it.
const kingDiagonal = "k.a.b.c/......./...#..d/..###../...#..D/..AB.../K.....C w "

// afterPass returns s with the other side to move at the next ply, as if
// the side to move passed.
func afterPass(t testing.TB, s dice.State) dice.State {
	t.Helper()
	f := strings.Fields(s.String())
	side := "b"
	if f[1] == "b" {
		side = "w"
	}
	return mustParse(t, f[0]+" "+side+" "+strconv.Itoa(s.Ply()+1))
}

// blockedThreat returns, in 36ths, the other side's best chance to win at
// once after the side to move of s plays action, averaged over its
// outcomes.
func blockedThreat(s dice.State, action int) int {
	sum := 0
	for o, p := range s.Chances(action, nil) {
		_, n := bestWin(s.Roll(action, o))
		sum += faces(p) * n
	}
	return sum
}

func TestObviousWinNow(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, pos, move, why string
	}{
		// c1 completes b1 c1 d1; 2 (c3) S reaches it with faces 2-6, where
		// it stops at the edge.
		{"win at the stop", rowWin, "2 S", "2 S wins at once with p = 5/6"},
		// 2 on c2 is one cell from c1, its stop.
		{"sure win", "k.a.b.c/......./...#..d/..###.D/...#.../..B...C/.A.K... w 9", "2 S", "2 S wins at once with p = 1"},
		// 2 (c3) S and 3 (a3) SE both stop on c1, with 5 faces; the King
		// NW to b3, between a3 and c3, has face 2 only.
		{"tie", "k.a.b.c/......./...#..d/..###../C.B#.../......D/.A.K... w 9", "2 S", "2 S wins at once with p = 5/6"},
		{"diagonal King move after the first", kingDiagonal + "2", "K NE", "K NE wins at once with p = 1/6"},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.pos)
		a, why, ok := s.Obvious()
		if !ok || a != action(t, tt.move) || why != tt.why {
			t.Errorf("%s: %q Obvious() = %s, %q, %t; want %s, %q", tt.name, tt.pos, s.Label(a), why, ok, tt.move, tt.why)
		}
		if best, _ := bestWin(s); best != a {
			t.Errorf("%s: Obvious() = %s, but by brute force the first best win is %s", tt.name, s.Label(a), s.Label(best))
		}
	}
}

func TestObviousBlock(t *testing.T) {
	t.Parallel()
	// rowWin with Black to move: White threatens 2 S to c1 (5/6). Only
	// Black's 4 (g5) SW, through f4, e3 and d2 to c1 with faces 4-6, can
	// stop it; faces 1-3 leave the threat, so it falls to 3*5/36.
	s := mustParse(t, strings.Replace(rowWin, " w ", " b ", 1))
	a, why, ok := s.Obvious()
	const wantWhy = "4 SW blocks White's 2 S (p = 5/6 → 15/36)"
	if !ok || a != action(t, "4 SW") || why != wantWhy {
		t.Fatalf("Obvious() = %s, %q, %t; want 4 SW, %q", s.Label(a), why, ok, wantWhy)
	}
	_, threat := bestWin(afterPass(t, s))
	if got := blockedThreat(s, a); got != 15 || got >= 6*threat {
		t.Errorf("after 4 SW White wins at once with p = %d/36, before with %d/6; want 15/36, less", got, threat)
	}
	for _, b := range s.Legal(nil) {
		if got := blockedThreat(s, b); got < 15 {
			t.Errorf("%s leaves White p = %d/36, less than 4 SW's 15/36", s.Label(b), got)
		}
	}
}

// TestObviousBlockAtTheStart checks the start's first obvious move: were
// Black to move, its King's diagonal step to f2 (one face: f2 is no stop,
// as g1 is free) would make e1-f2-g3, p = 1/6. No White move fills f2
// with every face: 1 E (a2 along row 2) lands there with face 5 only, 2 S
// (f3 down to f1) with face 1 only, each leaving Black 5/6 of 1/6, 5/36;
// no move does better, and 1 E is the lower action.
func TestObviousBlockAtTheStart(t *testing.T) {
	t.Parallel()
	s := dice.Start()
	a, why, ok := s.Obvious()
	const wantWhy = "1 E blocks Black's K SE (p = 1/6 → 5/36)"
	if !ok || a != action(t, "1 E") || why != wantWhy {
		t.Fatalf("Obvious() = %s, %q, %t; want 1 E, %q", s.Label(a), why, ok, wantWhy)
	}
	for _, b := range s.Legal(nil) {
		want := 6 // 1/6 in 36ths
		if l := s.Label(b); l == "1 E" || l == "2 S" {
			want = 5
		}
		if got := blockedThreat(s, b); got != want {
			t.Errorf("%s leaves Black p = %d/36, want %d/36", s.Label(b), got, want)
		}
	}
}

func TestObviousNothing(t *testing.T) {
	t.Parallel()
	won := mustParse(t, rowWin).Roll(action(t, "2 S"), 1)
	tests := []struct {
		name string
		s    dice.State
	}{
		{"home rows", mustParse(t, homeRows)},
		{"diagonal King move at ply 0", mustParse(t, kingDiagonal+"0")},
		{"no win, no threat", mustParse(t, "k.a.b.c/......./...#..d/..###.D/...#.../......C/.A.K.B. w 9")},
		{"won", won},
		{"drawn", mustParse(t, strings.Replace(homeRows, " 0", " 200", 1))},
	}
	for _, tt := range tests {
		if a, why, ok := tt.s.Obvious(); ok || a != -1 || why != "" {
			t.Errorf("%s: %q Obvious() = %d, %q, %t; want nothing", tt.name, tt.s, a, why, ok)
		}
	}
}

// TestObviousRandom checks Obvious by brute force on positions of random
// games: a win at once when there is one, else the best block when it
// lowers the other side's chance, else nothing.
func TestObviousRandom(t *testing.T) {
	t.Parallel()
	seen := map[string]int{}
	for _, s := range randomPositions(40, 17) {
		a, why, ok := s.Obvious()
		if s.Done() {
			if ok {
				t.Fatalf("%q: over, Obvious() = %s, %q", s, s.Label(a), why)
			}
			continue
		}
		win, _ := bestWin(s)
		switch {
		case win >= 0:
			seen["win"]++
			if !ok || a != win || !strings.Contains(why, " wins at once with p = ") {
				t.Fatalf("%q: Obvious() = %s, %q, %t; want %s to win", s, s.Label(a), why, ok, s.Label(win))
			}
			continue
		}
		_, threat := bestWin(afterPass(t, s))
		block, least := -1, 6*threat
		for _, b := range s.Legal(nil) {
			if n := blockedThreat(s, b); n < least {
				block, least = b, n
			}
		}
		switch {
		case block >= 0:
			seen["block"]++
			if !ok || a != block || !strings.Contains(why, " blocks ") {
				t.Fatalf("%q: Obvious() = %s, %q, %t; want %s to block", s, s.Label(a), why, ok, s.Label(block))
			}
		case threat > 0:
			seen["unblockable"]++
			fallthrough
		default:
			if ok || a != -1 {
				t.Fatalf("%q: Obvious() = %s, %q, %t; want nothing", s, s.Label(a), why, ok)
			}
		}
	}
	if seen["win"] == 0 || seen["block"] == 0 {
		t.Errorf("obvious moves of random games: %v; want wins and blocks", seen)
	}
}
