package dice_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/dice"
)

// kinds are the evaluation kinds with a heuristic, and their names.
var kinds = []struct {
	kind int
	name string
}{{dice.TypeA, "typeA"}, {dice.TypeB, "typeB"}, {dice.TypeAB, "typeAB"}}

// exposedPenalty is the documented penalty for leaving the side to move
// a win at once.
const exposedPenalty = 200

// noThreat is rowWin with White's 2 on f1 instead of c3, as far from the
// King, from where nothing reaches c1: White cannot win at once.
const noThreat = "k.a.b.c/......./...#..d/..###.D/...#.../......C/.A.K.B. w 9"

// near6 reports whether a and b are equal up to rounding.
func near6(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// otherToMove returns s with the other side to move and the same plies:
// the position as if the side that just moved were to move.
func otherToMove(t testing.TB, s dice.State) dice.State {
	t.Helper()
	f := strings.Fields(s.String())
	side := "b"
	if f[1] == "b" {
		side = "w"
	}
	return mustParse(t, f[0]+" "+side+" "+f[2])
}

// mirrored returns s turned half a turn about d4 with the sides' pieces
// and the side to move exchanged.
func mirrored(t testing.TB, s dice.State) dice.State {
	t.Helper()
	f := strings.Fields(s.String())
	b := []byte(f[0])
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z':
			b[i] = c - 'a' + 'A'
		case 'A' <= c && c <= 'Z':
			b[i] = c - 'A' + 'a'
		}
	}
	side := "b"
	if f[1] == "b" {
		side = "w"
	}
	return mustParse(t, string(b)+" "+side+" "+f[2])
}

// faces returns the number of die faces of a probability.
func faces(p float64) int { return int(math.Round(p * dice.Faces)) }

// winningFaces returns the number of die faces with which action gives
// the side to move of s a line, by rolling every outcome.
func winningFaces(s dice.State, action int) int {
	n := 0
	for o, p := range s.Chances(action, nil) {
		if s.Roll(action, o).Winner() != 0 {
			n += faces(p)
		}
	}
	return n
}

// bestWin returns the action of s with the most die faces that win at
// once, the lowest of those that tie, and the faces; -1 and 0 when none
// wins.
func bestWin(s dice.State) (action, most int) {
	action = -1
	for _, a := range s.Legal(nil) {
		if n := winningFaces(s, a); n > most {
			action, most = a, n
		}
	}
	return action, most
}

// canWinNow reports whether the side to move of s has an action with an
// outcome that gives it a line.
func canWinNow(s dice.State) bool {
	_, n := bestWin(s)
	return n > 0
}

// textSteps are the directions' steps on the text form's rows (row 7
// first) and columns, in action order N, NE, E, SE, S, SW, W, NW.
var textSteps = [8][2]int{{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}}

// pieceLetters are the sides' pieces in the text form, King first.
var pieceLetters = map[int]string{dice.White: "KABCD", dice.Black: "kabcd"}

// findPiece returns the row (0 for row 7) and column of letter in the
// board part of a position text.
func findPiece(t testing.TB, text string, letter byte) (int, int) {
	t.Helper()
	for r, row := range strings.Split(strings.Fields(text)[0], "/") {
		if c := strings.IndexByte(row, letter); c >= 0 {
			return r, c
		}
	}
	t.Fatalf("%q: no %c", text, letter)
	return 0, 0
}

// refThreats is threats as the package comment defines it, for the side
// to move of s: every legal action is rolled, and each cell a winning
// roll lands on counts its most faces.
func refThreats(t testing.TB, s dice.State) float64 {
	t.Helper()
	text := s.String()
	letters := pieceLetters[s.ToMove()]
	most := map[[2]int]int{}
	for _, a := range s.Legal(nil) {
		if a == dice.Pass {
			continue
		}
		r, c := findPiece(t, text, letters[a/8])
		st := textSteps[a%8]
		for o, p := range s.Chances(a, nil) {
			if s.Roll(a, o).Winner() == 0 {
				continue
			}
			cell := [2]int{r + (o+1)*st[0], c + (o+1)*st[1]}
			most[cell] = max(most[cell], faces(p))
		}
	}
	sum := 0
	for _, n := range most {
		sum += n
	}
	return float64(min(50, 5*sum))
}

// refCloseness is closeness as the package comment defines it, for the
// side to move of s, read from its text.
func refCloseness(t testing.TB, s dice.State) float64 {
	t.Helper()
	text := s.String()
	letters := pieceLetters[s.ToMove()]
	kr, kc := findPiece(t, text, letters[0])
	d := 0
	for i := 1; i < 5; i++ {
		r, c := findPiece(t, text, letters[i])
		d += max(r-kr, kr-r, c-kc, kc-c)
	}
	return 12 - 11*float64(d-4)/20
}

// refPartA is partA for the side to move of s.
func refPartA(t testing.TB, s dice.State) float64 {
	t.Helper()
	return refThreats(t, s) + refCloseness(t, s)
}

// refEvaluate is Evaluate as the package comment defines it, computed by
// brute force for a position in play.
func refEvaluate(t testing.TB, s dice.State, kind int) float64 {
	t.Helper()
	partM := refPartA(t, s)
	partJ := refPartA(t, otherToMove(t, s))
	v := -partJ
	if canWinNow(s) {
		v += exposedPenalty
	}
	if kind == dice.TypeB || kind == dice.TypeAB && partJ < partM {
		v += partM
	}
	return v
}

// randomPositions returns every position of games random games from the
// start, seeded with seed, the ends included.
func randomPositions(games int, seed uint64) []dice.State {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	var out []dice.State
	for range games {
		s := dice.Start()
		for {
			out = append(out, s)
			legal := s.Legal(nil)
			if len(legal) == 0 {
				break
			}
			a := legal[rng.IntN(len(legal))]
			s = s.Roll(a, rng.IntN(len(s.Chances(a, nil))))
		}
	}
	return out
}

// TestEvaluateByHand checks values worked out from the package comment's
// formulas.
func TestEvaluateByHand(t *testing.T) {
	t.Parallel()
	// rowWin, White to move. White: threats 25, as only c1 makes a line
	// (b1, c1, d1) and 2 S lands there with faces 2-6 (1 E lands there
	// too but leaves b1); closeness 12 - 11*(10-4)/20 = 8.7, from
	// distances b1 2, c3 2, g2 3, g4 3. Black: no threat (b7 would make
	// a7 b7 c7, but only Black's 1 from c7 reaches it); closeness
	// 12 - 11*(18-4)/20 = 4.3, from distances c7 2, e7 4, g7 6, g5 6.
	// White can win at once, so 200 more for White.
	const (
		partW = 25 + 8.7
		partB = 0 + 4.3
	)
	blackToMove := strings.Replace(rowWin, " w ", " b ", 1)
	tests := []struct {
		name string
		pos  string
		kind int
		want float64
	}{
		{"White can win", rowWin, dice.TypeA, -partB + exposedPenalty},
		{"White can win", rowWin, dice.TypeB, partW - partB + exposedPenalty},
		{"White can win, Black losing", rowWin, dice.TypeAB, partW - partB + exposedPenalty},
		{"Black to move", blackToMove, dice.TypeA, -partW},
		{"Black to move", blackToMove, dice.TypeB, partB - partW},
		{"Black to move, White not losing", blackToMove, dice.TypeAB, -partW},
		// Both sides: no threat (no move makes a line); the King's
		// distances 1, 5, 6, 6 (D = 18), so closeness
		// 12 - 11*(18-4)/20 = 4.3.
		{"home rows", homeRows, dice.TypeA, -4.3},
		{"home rows", homeRows, dice.TypeB, 0},
		{"home rows, a tie is not losing", homeRows, dice.TypeAB, -4.3},
		// At ply 0 neither side's King may step diagonally, so neither
		// has a threat; the King's distances 3, 3, 2, 2 (D = 10), so
		// closeness 12 - 11*(10-4)/20 = 8.7.
		{"start", dice.Start().String(), dice.TypeA, -8.7},
		{"start", dice.Start().String(), dice.TypeB, 0},
		{"start, a tie is not losing", dice.Start().String(), dice.TypeAB, -8.7},
		// From ply 1 White's King reaches b6 diagonally with one face,
		// making a5-b6-c7, and Black's reaches f2 making e1-f2-g3: Black
		// to move is exposed (+200) and White's part is 5 + 8.7, the
		// paper's "weak reach" worth about 5.
		{"start, Black to move", strings.Replace(dice.Start().String(), " w 0", " b 1", 1), dice.TypeA, -13.7 + exposedPenalty},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.pos)
		if got := s.Evaluate(tt.kind); !near6(got, tt.want) {
			t.Errorf("%s: %q Evaluate(%d) = %v, want %v", tt.name, tt.pos, tt.kind, got, tt.want)
		}
	}
}

func TestEvaluateWinThreat(t *testing.T) {
	t.Parallel()
	with, without := mustParse(t, rowWin), mustParse(t, noThreat)
	if !canWinNow(with) || canWinNow(without) {
		t.Fatalf("White can win at once: %t in rowWin, %t in noThreat; want true, false", canWinNow(with), canWinNow(without))
	}
	for _, k := range kinds {
		if w, wo := with.Evaluate(k.kind), without.Evaluate(k.kind); w <= wo {
			t.Errorf("%s: %v with White's threat, %v without; want more with it", k.name, w, wo)
		}
	}
}

func TestEvaluateEnd(t *testing.T) {
	t.Parallel()
	won := mustParse(t, rowWin).Roll(action(t, "2 S"), 1)
	if won.Winner() != dice.White {
		t.Fatalf("rowWin, 2 S rolling 2-6: Winner %d, want White", won.Winner())
	}
	drawn := mustParse(t, strings.Replace(homeRows, " 0", " 200", 1))
	if !drawn.Done() || drawn.Winner() != 0 {
		t.Fatalf("%q: Done %t, Winner %d; want a draw", drawn, drawn.Done(), drawn.Winner())
	}
	for _, k := range kinds {
		if got := won.Evaluate(k.kind); got != -dice.Win {
			t.Errorf("%s: won by White, Black to move: %v, want -Win", k.name, got)
		}
		if got := drawn.Evaluate(k.kind); got != 0 {
			t.Errorf("%s: drawn: %v, want 0", k.name, got)
		}
	}
	for _, kind := range []int{0, -1, 4, 100} {
		for _, s := range []dice.State{won, drawn, mustParse(t, rowWin)} {
			if got, want := s.Evaluate(kind), s.Score(); got != want {
				t.Errorf("%q: Evaluate(%d) = %v, want Score %v", s, kind, got, want)
			}
		}
	}
}

// TestEvaluateDefinition checks Evaluate against the brute-force
// evaluation of the package comment's formulas on every position of
// random games.
func TestEvaluateDefinition(t *testing.T) {
	t.Parallel()
	games := 60
	if testing.Short() {
		games = 10
	}
	for _, s := range randomPositions(games, 3) {
		if s.Done() {
			continue
		}
		for _, k := range kinds {
			if got, want := s.Evaluate(k.kind), refEvaluate(t, s, k.kind); !near6(got, want) {
				t.Fatalf("%q: %s = %v, want %v", s, k.name, got, want)
			}
		}
	}
}

// TestEvaluateRange checks that every position in play of a few hundred
// random games has values strictly inside (-Win, Win), in the documented
// ranges, and that ends are ±Win or 0.
func TestEvaluateRange(t *testing.T) {
	t.Parallel()
	ranges := map[int][2]float64{dice.TypeA: {-62, 199}, dice.TypeB: {-61, 261}, dice.TypeAB: {-62, 261}}
	for _, s := range randomPositions(300, 5) {
		for _, k := range kinds {
			v := s.Evaluate(k.kind)
			r := ranges[k.kind]
			switch {
			case s.Done() && v != float64(s.Winner()*s.ToMove()*dice.Win):
				t.Fatalf("%q: over, %s = %v; want %d", s, k.name, v, s.Winner()*s.ToMove()*dice.Win)
			case !s.Done() && (v < r[0] || v > r[1] || v <= -dice.Win || v >= dice.Win):
				t.Fatalf("%q: %s = %v, want within %v", s, k.name, v, r)
			}
		}
	}
}

// TestExposure checks that the 200 penalty applies exactly when the side
// to move has a roll that wins at once: typeA is minus the placement of
// the side that just moved, at most 62, plus the penalty, so it is
// positive exactly when the penalty applies.
func TestExposure(t *testing.T) {
	t.Parallel()
	seen := map[bool]int{}
	for _, s := range randomPositions(100, 7) {
		if s.Done() {
			continue
		}
		win := canWinNow(s)
		seen[win]++
		if v := s.Evaluate(dice.TypeA); (v > 0) != win || win && v < exposedPenalty-62 {
			t.Fatalf("%q: typeA = %v, the side to move can win at once: %t", s, v, win)
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("positions with and without a win at once: %v; want both", seen)
	}
}

// TestTypeBOpponentTerm checks that typeB is typeA plus the placement of
// the side to move, which is what typeA scores, negated and without the
// penalty, in the same position with the other side to move; and so that
// typeB less the penalty is antisymmetric.
func TestTypeBOpponentTerm(t *testing.T) {
	t.Parallel()
	for _, s := range randomPositions(100, 9) {
		if s.Done() {
			continue
		}
		o := otherToMove(t, s)
		pen, oPen := 0.0, 0.0
		if canWinNow(s) {
			pen = exposedPenalty
		}
		if canWinNow(o) {
			oPen = exposedPenalty
		}
		partM := -(o.Evaluate(dice.TypeA) - oPen)
		if a, b := s.Evaluate(dice.TypeA), s.Evaluate(dice.TypeB); !near6(b-a, partM) {
			t.Fatalf("%q: typeB %v - typeA %v = %v, want the placement of the side to move %v", s, b, a, b-a, partM)
		}
		if b, ob := s.Evaluate(dice.TypeB)-pen, o.Evaluate(dice.TypeB)-oPen; !near6(b, -ob) {
			t.Fatalf("%q: typeB less the penalty %v, with the other side to move %v; want opposites", s, b, ob)
		}
	}
}

// TestTypeAB checks that typeAB is typeB when the side that just moved is
// losing by typeA's measure, its placement below the other side's, and
// typeA otherwise.
func TestTypeAB(t *testing.T) {
	t.Parallel()
	seen := map[bool]int{}
	for _, s := range randomPositions(100, 11) {
		if s.Done() {
			continue
		}
		pen := 0.0
		if canWinNow(s) {
			pen = exposedPenalty
		}
		a, b := s.Evaluate(dice.TypeA), s.Evaluate(dice.TypeB)
		partJ, partM := pen-a, b-a
		want := a
		if partJ < partM {
			want = b
		}
		seen[partJ < partM]++
		if got := s.Evaluate(dice.TypeAB); got != want {
			t.Fatalf("%q: typeAB = %v, want %v (typeA %v, typeB %v, losing %t)", s, got, want, a, b, partJ < partM)
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("positions with the side that just moved losing or not: %v; want both", seen)
	}
}

// TestEvaluateMirror checks that the colour-swapped mirror of a position,
// which the point-symmetric board and rules cannot tell apart, has the
// same values.
func TestEvaluateMirror(t *testing.T) {
	t.Parallel()
	for _, s := range randomPositions(50, 13) {
		m := mirrored(t, s)
		for _, k := range kinds {
			if a, b := s.Evaluate(k.kind), m.Evaluate(k.kind); !near6(a, b) {
				t.Fatalf("%s: %q gives %v, its mirror %q %v", k.name, s, a, m, b)
			}
		}
	}
}

func TestEvaluateNoAllocations(t *testing.T) {
	s := mustParse(t, rowWin)
	for _, k := range kinds {
		if allocs := testing.AllocsPerRun(100, func() { _ = s.Evaluate(k.kind) }); allocs != 0 {
			t.Errorf("Evaluate(%s) allocates %v times, want 0", k.name, allocs)
		}
	}
}

// TestEvalNames checks the names the game declares for its evaluation
// kinds against the package comment's, kind k's at index k-1, and that
// the caller's copy is its own.
func TestEvalNames(t *testing.T) {
	t.Parallel()
	names := dice.EvalNames()
	if len(names) != len(kinds) {
		t.Fatalf("EvalNames() = %q, want %d kinds", names, len(kinds))
	}
	for _, k := range kinds {
		if got := names[k.kind-1]; got != k.name {
			t.Errorf("kind %d is named %q, want %q", k.kind, got, k.name)
		}
	}
	names[0] = "changed"
	if got := dice.EvalNames()[0]; got != kinds[0].name {
		t.Errorf("a caller's change reached the game: kind 1 is named %q", got)
	}
}
