package twinmaze_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/twinmaze"
)

func mustParseSequential(t testing.TB, text string) twinmaze.Sequential {
	t.Helper()
	return gametest.MustParse(t, twinmaze.ParseSequential, text)
}

func TestStolenPoints(t *testing.T) {
	t.Parallel()
	// A and B stand one step from the same 9, with one turn left. In the
	// real game they move at the same time, both land on the 9 and both
	// score it: 9 to 9, a draw. Played as if they alternated, A moves
	// first and takes the 9 at once; B then lands on an empty cell and
	// scores 0: B's points are stolen, and A wins 9 to 0. A search over
	// the alternating view would tell B that going for the 9 is worthless.
	s := mustParse(t, "1:A9B")
	sim := s.Play(r, l)
	if a, b := sim.Scores(); sim.String() != "0:.X." || a != 9 || b != 9 || sim.Score() != 0 || !sim.Done() {
		t.Errorf("simultaneous: %s scoring %d to %d (Score %v); want 0:.X. scoring 9 to 9, a draw", sim, a, b, sim.Score())
	}
	q := s.Alternating()
	if q.String() != "1:A9B;A" || q.ToMove() != 0 || !slices.Equal(q.Legal(nil), []int{r}) {
		t.Fatalf("Alternating() = %s, to move %d, legal %v; want 1:A9B;A, A to move, [right]", q, q.ToMove(), q.Legal(nil))
	}
	q = q.Play(r)
	if a, b := q.Position().Scores(); q.String() != "1:.AB;B" || a != 9 || b != 0 || q.Score() != -9 {
		t.Errorf("alternating, after A's move: %s scoring %d to %d (Score %v for B); want 1:.AB;B, 9 to 0, -9", q, a, b, q.Score())
	}
	q = q.Play(l)
	if a, b := q.Position().Scores(); q.String() != "0:.X.;A" || a != 9 || b != 0 || q.Score() != 9 || !q.Done() {
		t.Errorf("alternating, after B's move: %s scoring %d to %d (Score %v for A); want 0:.X.;A, 9 to 0: B's 9 stolen", q, a, b, q.Score())
	}
	// Both end on the same cells with the same turns left: only the
	// scores tell the models apart.
	if q.Position().String() != sim.String() {
		t.Errorf("the alternating view ends at %s, the simultaneous game at %s", q.Position(), sim)
	}
}

func TestSequentialPlay(t *testing.T) {
	t.Parallel()
	start := mustParse(t, small).Alternating()
	tests := []struct {
		actions []int
		text    string
		a, b    int
		score   float64
		legal   []int
	}{
		{nil, "4:2A9B3/.#5#./1...4;A", 0, 0, 0, []int{r, l}},
		{[]int{l}, "4:A.9B3/.#5#./1...4;B", 2, 0, -2, []int{r, l}},
		{[]int{l, r}, "3:A.9.B/.#5#./1...4;A", 2, 3, -1, []int{r, d}},
		{[]int{l, r, d}, "3:..9.B/A#5#./1...4;B", 2, 3, 1, []int{l, d}},
		// Both head for the 9: A takes it, B finds it empty.
		{[]int{r, l}, "3:2.X.3/.#5#./1...4;A", 9, 0, 9, []int{r, l, d}},
		// A is first onto the 5 too: B scores nothing again.
		{[]int{r, l, d, d}, "2:2...3/.#X#./1...4;A", 14, 0, 14, []int{d, u}},
	}
	for _, tt := range tests {
		q := start
		for _, a := range tt.actions {
			q = q.Play(a)
		}
		a, b := q.Position().Scores()
		if q.String() != tt.text || a != tt.a || b != tt.b || q.Score() != tt.score || !slices.Equal(q.Legal(nil), tt.legal) ||
			q.ToMove() != len(tt.actions)%2 {
			t.Errorf("%v: %s scoring %d to %d (Score %v), to move %d, legal %v; want %s, %d to %d (%v), %d, %v",
				tt.actions, q, a, b, q.Score(), q.ToMove(), q.Legal(nil), tt.text, tt.a, tt.b, tt.score, len(tt.actions)%2, tt.legal)
		}
	}
}

// roots are the starting positions the contract tests walk from.
func roots(t testing.TB) []twinmaze.State {
	return []twinmaze.State{
		mustParse(t, small), mustParse(t, "3:A9B"), mustParse(t, "6:X9/99"), mustParse(t, "5:#A#/###/B.."),
		mustParse(t, "0:A.B"), {}, mustParse(t, "8:A99/9#9/99B"), mustParse(t, "7:9A/B9"),
		mustGenerate(t, 5, 5, 20, 0), mustGenerate(t, 5, 5, 3, 1),
		mustGenerate(t, 3, 3, 12, 7), mustGenerate(t, 9, 7, 30, -5),
		mustGenerate(t, 31, 11, 100, 0), mustGenerate(t, 31, 31, 1000, 42),
	}
}

func TestRandomPlay(t *testing.T) {
	t.Parallel()
	// Random games of at most 100 turns from every root, checking each
	// visited state against the rules read off its cells, and its
	// alternating view against it.
	rng := rand.New(rand.NewPCG(1, 2))
	visited := 0
	for _, root := range roots(t) {
		for range 5 {
			for s, turns := root, 0; turns < 100; turns++ {
				visited++
				checkState(t, s)
				l0, l1 := s.Legal(0, nil), s.Legal(1, nil)
				if len(l0) == 0 {
					break
				}
				s = s.Play(l0[rng.IntN(len(l0))], l1[rng.IntN(len(l1))])
			}
		}
	}
	if visited < 300 {
		t.Errorf("visited %d states, want a few hundred", visited)
	}
}

// legalFromCells returns the actions of the character at row, col read
// off the cells of s.
func legalFromCells(s twinmaze.State, row, col int) []int {
	var want []int
	for a, st := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
		if c := s.Cell(row+st[0], col+st[1]); c != '?' && c != '#' {
			want = append(want, a)
		}
	}
	return want
}

// pointsAt returns the points the cell at row, col holds in s.
func pointsAt(s twinmaze.State, row, col int) int {
	if c := s.Cell(row, col); '1' <= c && c <= '9' {
		return int(c - '0')
	}
	return 0
}

// checkState checks s and each of its children against the rules, and
// its alternating view against s.
func checkState(t *testing.T, s twinmaze.State) {
	t.Helper()
	text := s.String()
	var pos [2][2]int
	var want [2][]int
	for p := range 2 {
		pos[p][0], pos[p][1] = s.Pos(p)
		want[p] = legalFromCells(s, pos[p][0], pos[p][1])
	}
	if s.Turns() == 0 || len(want[0]) == 0 || len(want[1]) == 0 {
		want = [2][]int{nil, nil}
	}
	legal := [2][]int{s.Legal(0, nil), s.Legal(1, nil)}
	for p := range 2 {
		if !slices.Equal(legal[p], want[p]) {
			t.Fatalf("%s: player %d's Legal = %v, want %v", text, p, legal[p], want[p])
		}
	}
	if s.Done() != (len(legal[0]) == 0) {
		t.Fatalf("%s: Done() = %t with legal actions %v", text, s.Done(), legal)
	}
	p, err := twinmaze.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	if pa, pb := p.Scores(); p.String() != text || !slices.Equal(p.Legal(0, nil), legal[0]) || !slices.Equal(p.Legal(1, nil), legal[1]) ||
		p.Turns() != s.Turns() || pa != 0 || pb != 0 {
		t.Fatalf("Parse(%q) = %s, %d turns, scores %d to %d; want the same position scoring 0 to 0", text, p, p.Turns(), pa, pb)
	}
	sa, sb := s.Scores()
	q := s.Alternating()
	if q.String() != text+";A" || q.Position() != s || q.Score() != s.Score() || !slices.Equal(q.Legal(nil), legal[0]) || q.Done() != s.Done() {
		t.Fatalf("%s: Alternating() = %s, Score %v, legal %v, done %t; want %s;A, %v, %v, %t",
			text, q, q.Score(), q.Legal(nil), q.Done(), text, s.Score(), legal[0], s.Done())
	}
	checkSequentialText(t, q)
	for _, a0 := range legal[0] {
		qa := q.Play(a0)
		checkSequentialText(t, qa)
		if got := qa.Legal(nil); !slices.Equal(got, legal[1]) {
			t.Fatalf("%s: after A's %s, B's legal actions in the alternating view are %v, in the game %v", text, s.Label(0, a0), got, legal[1])
		}
		for _, a1 := range legal[1] {
			before := s
			c := s.Play(a0, a1)
			if s != before || s.String() != text {
				t.Fatalf("%s: Play(%d, %d) changed its receiver to %s", text, a0, a1, s)
			}
			if again := s.Play(a0, a1); again != c {
				t.Fatalf("%s: Play(%d, %d) twice gives %s and %s", text, a0, a1, c, again)
			}
			var to [2][2]int
			var got [2]int
			for p, a := range [2]int{a0, a1} {
				st := [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}[a]
				to[p] = [2]int{pos[p][0] + st[0], pos[p][1] + st[1]}
				got[p] = pointsAt(s, to[p][0], to[p][1]) // both score a cell they share
				if r, k := c.Pos(p); r != to[p][0] || k != to[p][1] {
					t.Fatalf("%s: Play(%d, %d) puts player %d at (%d, %d), want (%d, %d)", text, a0, a1, p, r, k, to[p][0], to[p][1])
				}
			}
			ca, cb := c.Scores()
			if ca != sa+got[0] || cb != sb+got[1] || c.Turns() != s.Turns()-1 || c.Score() != float64(ca-cb) {
				t.Fatalf("%s: Play(%d, %d) gives %s, %d turns, scores %d to %d (Score %v); want %d turns, %d to %d",
					text, a0, a1, c, c.Turns(), ca, cb, c.Score(), s.Turns()-1, sa+got[0], sb+got[1])
			}
			for y := range s.Height() {
				for x := range s.Width() {
					want := s.Cell(y, x)
					switch atA, atB := to[0] == [2]int{y, x}, to[1] == [2]int{y, x}; {
					case atA && atB:
						want = 'X'
					case atA:
						want = 'A'
					case atB:
						want = 'B'
					case want == 'A' || want == 'B' || want == 'X':
						want = '.'
					}
					if got := c.Cell(y, x); got != want {
						t.Fatalf("%s: Play(%d, %d) gives %s, cell (%d, %d) is %q, want %q", text, a0, a1, c, y, x, got, want)
					}
				}
			}
			// The alternating view reaches the same position; B loses the
			// points of a cell A reached in the same turn.
			qc := qa.Play(a1)
			stolen := 0
			if to[0] == to[1] {
				stolen = got[1]
			}
			qa0, qb0 := qc.Position().Scores()
			if qc.Position().String() != c.String() || qc.ToMove() != 0 || qa0 != ca || qb0 != cb-stolen || qc.Score() != float64(qa0-qb0) {
				t.Fatalf("%s: A %s then B %s in the alternating view gives %s scoring %d to %d; the game gives %s scoring %d to %d, and B loses %d",
					text, s.Label(0, a0), s.Label(1, a1), qc, qa0, qb0, c, ca, cb, stolen)
			}
		}
	}
}

// checkSequentialText checks that q's text parses back.
func checkSequentialText(t *testing.T, q twinmaze.Sequential) {
	t.Helper()
	p, err := twinmaze.ParseSequential(q.String())
	if err != nil {
		t.Fatalf("ParseSequential(%q): %v", q, err)
	}
	if p.String() != q.String() || p.ToMove() != q.ToMove() || !slices.Equal(p.Legal(nil), q.Legal(nil)) || p.Done() != q.Done() {
		t.Fatalf("ParseSequential(%q) = %s, to move %d, legal %v; want the same position", q, p, p.ToMove(), p.Legal(nil))
	}
}

// collected is an alternating view whose text starts with the scores
// collected so far. gametest wants a position's text to give its score,
// but a position's own text leaves the scores out, as they belong to the
// path.
type collected struct {
	twinmaze.Sequential
	a, b int // the scores of the state the text was parsed from
}

func (c collected) Play(action int) collected {
	return collected{c.Sequential.Play(action), c.a, c.b}
}

// scores returns the scores of A and B.
func (c collected) scores() (a, b int) {
	a, b = c.Position().Scores()
	return c.a + a, c.b + b
}

func (c collected) Score() float64 {
	a, b := c.scores()
	if c.ToMove() == 1 {
		return float64(b - a)
	}
	return float64(a - b)
}

func (c collected) String() string {
	a, b := c.scores()
	return fmt.Sprintf("%d %d %s", a, b, c.Sequential)
}

func parseCollected(text string) (collected, error) {
	var c collected
	fields := strings.Fields(text)
	if len(fields) != 3 {
		return c, fmt.Errorf("collected: %q is not two scores and a position", text)
	}
	if _, err := fmt.Sscan(fields[0]+" "+fields[1], &c.a, &c.b); err != nil {
		return c, fmt.Errorf("collected: %q: %v", text, err)
	}
	q, err := twinmaze.ParseSequential(fields[2])
	c.Sequential = q
	return c, err
}

func TestConformanceSequential(t *testing.T) {
	t.Parallel()
	var rs []collected
	for _, s := range roots(t) {
		rs = append(rs, collected{Sequential: s.Alternating()})
	}
	gametest.Alternating(t, rs, parseCollected, 300)
}
