package twinmaze_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/internal/grid/gridtest"
	"github.com/searchviz/searchviz/games/twinmaze"
	"github.com/searchviz/searchviz/search"
)

var (
	_ search.Simultaneous[twinmaze.State]     = twinmaze.State{}
	_ search.Alternating[twinmaze.Sequential] = twinmaze.Sequential{}
)

// small is a hand-made board of three rows and five columns:
//
//	2A9B3
//	.#5#.
//	1...4
const small = "4:2A9B3/.#5#./1...4"

// primer5x5 is the sample code's 5x5 board of seed 0 with its 20 turns.
const primer5x5 = "20:39793/3#3#3/1A6B1/9#6#9/68486"

const (
	r = twinmaze.Right
	l = twinmaze.Left
	d = twinmaze.Down
	u = twinmaze.Up
)

func mustParse(t testing.TB, text string) twinmaze.State {
	t.Helper()
	return gametest.MustParse(t, twinmaze.Parse, text)
}

func mustGenerate(t testing.TB, h, w, turns int, seed int64) twinmaze.State {
	t.Helper()
	return gridtest.MustGenerate(t, twinmaze.Generate, h, w, turns, seed)
}

// at plays the pairs of actions in turn from s, A's then B's.
func at(s twinmaze.State, actions ...[2]int) twinmaze.State {
	for _, a := range actions {
		s = s.Play(a[0], a[1])
	}
	return s
}

func TestPlaySmall(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		actions [][2]int
		text    string
		a, b    int
		legalA  []int
		legalB  []int
		why     string
	}{
		{"start", nil, small, 0, 0, []int{r, l}, []int{r, l}, "walls below, the edge above"},
		{"both onto the 9", [][2]int{{r, l}}, "3:2.X.3/.#5#./1...4", 9, 9, []int{r, l, d}, []int{r, l, d},
			"both land on the 9 in the same turn: both score it"},
		{"apart", [][2]int{{l, r}}, "3:A.9.B/.#5#./1...4", 2, 3, []int{r, d}, []int{l, d}, "each in a top corner"},
		{"A takes the 9 alone", [][2]int{{r, r}}, "3:2.A.B/.#5#./1...4", 9, 3, []int{r, l, d}, []int{l, d}, "B goes the other way"},
		{"together, then down", [][2]int{{r, l}, {d, d}}, "2:2...3/.#X#./1...4", 14, 14, []int{d, u}, []int{d, u},
			"the 5 too, both of them; the 9 stays empty"},
		{"back over emptied cells", [][2]int{{r, l}, {l, r}}, "2:2A.B3/.#5#./1...4", 9, 9, []int{r, l}, []int{r, l},
			"the start cells held no points, the 9 is gone"},
		{"to the bottom corners", [][2]int{{l, r}, {d, d}, {d, d}}, "1:..9../.#5#./A...B", 3, 7, []int{r, u}, []int{l, u},
			"a corner each, after the 2 and the 3, then the 1 and the 4"},
		{"last turn", [][2]int{{l, r}, {d, d}, {d, d}, {r, l}}, "0:..9../.#5#./.A.B.", 3, 7, nil, nil, "no turns left"},
	}
	start := mustParse(t, small)
	for _, tt := range tests {
		s := at(start, tt.actions...)
		if got := s.String(); got != tt.text {
			t.Errorf("%s: position %q, want %q", tt.name, got, tt.text)
		}
		if a, b := s.Scores(); a != tt.a || b != tt.b || s.Score() != float64(tt.a-tt.b) {
			t.Errorf("%s: Scores() = %d, %d and Score() = %v, want %d, %d and %d", tt.name, a, b, s.Score(), tt.a, tt.b, tt.a-tt.b)
		}
		if got := s.Turns(); got != 4-len(tt.actions) {
			t.Errorf("%s: Turns() = %d, want %d", tt.name, got, 4-len(tt.actions))
		}
		if got := s.Legal(0, nil); !slices.Equal(got, tt.legalA) {
			t.Errorf("%s: A's Legal = %v, want %v (%s)", tt.name, got, tt.legalA, tt.why)
		}
		if got := s.Legal(1, nil); !slices.Equal(got, tt.legalB) {
			t.Errorf("%s: B's Legal = %v, want %v (%s)", tt.name, got, tt.legalB, tt.why)
		}
		if got := s.Done(); got != (len(tt.legalA) == 0) {
			t.Errorf("%s: Done() = %t, want %t", tt.name, got, len(tt.legalA) == 0)
		}
	}
}

func TestSwap(t *testing.T) {
	t.Parallel()
	// A and B trade cells in one move: they pass each other, and each
	// lands on the cell the other left, which holds no points.
	s := mustParse(t, "2:7AB7")
	c := s.Play(r, l)
	if a, b := c.Scores(); c.String() != "1:7BA7" || a != 0 || b != 0 {
		t.Errorf("2:7AB7, A right and B left: %s scoring %d to %d, want 1:7BA7 scoring 0 to 0", c, a, b)
	}
	if c = c.Play(l, r); c.String() != "0:7AB7" || c.Score() != 0 || !c.Done() {
		t.Errorf("then A left and B right: %s scoring %v, done %t; want 0:7AB7 scoring 0, done", c, c.Score(), c.Done())
	}
	// The other way round, each collects the 7 beside it.
	c = s.Play(l, r)
	if a, b := c.Scores(); c.String() != "1:A..B" || a != 7 || b != 7 {
		t.Errorf("2:7AB7, A left and B right: %s scoring %d to %d, want 1:A..B scoring 7 to 7", c, a, b)
	}
}

func TestScoreAtTheEnd(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text   string
		a0, a1 int
		want   string
		score  float64
		why    string
	}{
		{"1:3A.B1", l, r, "0:A...B", 2, "A wins by 2"},
		{"1:1A.B3", l, r, "0:A...B", -2, "B wins by 2"},
		{"1:5A.B5", l, r, "0:A...B", 0, "a draw"},
		{"1:5A9B5", r, l, "0:5.X.5", 0, "a draw: both take the 9"},
		{"1:5A9B.", r, r, "0:5.A.B", 9, "A takes the 9 alone"},
		{"1:.A9B5", l, l, "0:A.B.5", -9, "B takes the 9 alone"},
	}
	for _, tt := range tests {
		c := mustParse(t, tt.text).Play(tt.a0, tt.a1)
		if c.String() != tt.want || c.Score() != tt.score || !c.Done() {
			t.Errorf("%s, A %s and B %s: %s scoring %v, done %t; want %s scoring %v, done (%s)",
				tt.text, c.Label(0, tt.a0), c.Label(1, tt.a1), c, c.Score(), c.Done(), tt.want, tt.score, tt.why)
		}
	}
}

func TestWalledIn(t *testing.T) {
	t.Parallel()
	// A character walled in on all sides can never move: the game is over
	// for both, with turns left.
	for _, text := range []string{"5:#A#/###/B..", "5:A..#B", "3:X", "1:A#B", "2:A/#/B"} {
		s := mustParse(t, text)
		if l0, l1 := s.Legal(0, nil), s.Legal(1, nil); len(l0) != 0 || len(l1) != 0 || !s.Done() {
			t.Errorf("%s: Legal = %v and %v, Done() = %t; want no actions and the game over", text, l0, l1, s.Done())
		}
	}
	s := mustParse(t, "4:A/./B")
	if l0, l1 := s.Legal(0, nil), s.Legal(1, nil); !slices.Equal(l0, []int{d}) || !slices.Equal(l1, []int{u}) || s.Done() {
		t.Errorf("4:A/./B: Legal = %v and %v, Done() = %t; want [2] and [3], not over", l0, l1, s.Done())
	}
}

func TestLabels(t *testing.T) {
	t.Parallel()
	want := map[int]string{0: "right", 1: "left", 2: "down", 3: "up", -1: "?-1", 4: "?4"}
	var s twinmaze.State
	for action, label := range want {
		for player := range 2 {
			if got := s.Label(player, action); got != label {
				t.Errorf("Label(%d, %d) = %q, want %q", player, action, got, label)
			}
		}
		if got := s.Alternating().Label(action); got != label {
			t.Errorf("Sequential Label(%d) = %q, want %q", action, got, label)
		}
	}
}

func TestZeroState(t *testing.T) {
	t.Parallel()
	var s twinmaze.State
	ra, ca := s.Pos(0)
	rb, cb := s.Pos(1)
	a, b := s.Scores()
	if s.String() != "0:X" || !s.Done() || len(s.Legal(0, nil)) != 0 || len(s.Legal(1, nil)) != 0 || s.Score() != 0 ||
		a != 0 || b != 0 || s.Turns() != 0 || ra != 0 || ca != 0 || rb != 0 || cb != 0 || s.Height() != 1 || s.Width() != 1 {
		t.Errorf("zero State = %s, done %t, score %v, turns %d, A at (%d, %d), B at (%d, %d), %dx%d; want the finished game 0:X",
			s, s.Done(), s.Score(), s.Turns(), ra, ca, rb, cb, s.Height(), s.Width())
	}
	if p := mustParse(t, "0:X"); p.String() != s.String() {
		t.Errorf("Parse(0:X) = %s, want %s", p, s)
	}
	var q twinmaze.Sequential
	if q.String() != "0:X;A" || !q.Done() || len(q.Legal(nil)) != 0 || q.Score() != 0 || q.ToMove() != 0 || q.Position() != s {
		t.Errorf("zero Sequential = %s, want the finished game 0:X;A", q)
	}
}

func TestCell(t *testing.T) {
	t.Parallel()
	s := at(mustParse(t, small), [2]int{r, l})
	want := []string{"2.X.3", ".#5#.", "1...4"}
	for row := range 3 {
		for col := range 5 {
			if got := s.Cell(row, col); got != want[row][col] {
				t.Errorf("Cell(%d, %d) = %q, want %q", row, col, got, want[row][col])
			}
		}
	}
	for _, rc := range [][2]int{{-1, 0}, {0, -1}, {3, 0}, {0, 5}} {
		if got := s.Cell(rc[0], rc[1]); got != '?' {
			t.Errorf("Cell(%d, %d) = %q, want '?'", rc[0], rc[1], got)
		}
	}
	ra, ca := s.Pos(0)
	rb, cb := s.Pos(1)
	if ra != 0 || ca != 2 || rb != 0 || cb != 2 || s.Height() != 3 || s.Width() != 5 {
		t.Errorf("Pos = (%d, %d) and (%d, %d) on %dx%d, want (0, 2) twice on 3x5", ra, ca, rb, cb, s.Height(), s.Width())
	}
}

func TestPanics(t *testing.T) {
	t.Parallel()
	s := mustParse(t, small)
	tests := []struct {
		s      twinmaze.State
		a0, a1 int
		want   string
	}{
		{s, d, r, "twinmaze: Play(2, 0) in 4:2A9B3/.#5#./1...4: A moving down enters a wall"},
		{s, u, r, "twinmaze: Play(3, 0) in 4:2A9B3/.#5#./1...4: A moving up leaves the board"},
		{s, r, d, "twinmaze: Play(0, 2) in 4:2A9B3/.#5#./1...4: B moving down enters a wall"},
		{s, 4, r, "twinmaze: Play(4, 0) in 4:2A9B3/.#5#./1...4: A's action 4: an action is 0..3 (right, left, down, up)"},
		{s, r, -1, "twinmaze: Play(0, -1) in 4:2A9B3/.#5#./1...4: B's action -1: an action is 0..3 (right, left, down, up)"},
		{mustParse(t, "0:A.B"), r, l, "twinmaze: Play(0, 1) in 0:A.B: no turns are left"},
		{mustParse(t, "3:A#.B"), r, l, "twinmaze: Play(0, 1) in 3:A#.B: A is walled in, so the game is over"},
		{mustParse(t, "3:A.#B"), r, l, "twinmaze: Play(0, 1) in 3:A.#B: B is walled in, so the game is over"},
		{twinmaze.State{}, r, r, "twinmaze: Play(0, 0) in 0:X: no turns are left"},
	}
	for _, tt := range tests {
		gametest.Panics(t, fmt.Sprintf("Play(%d, %d) in %s", tt.a0, tt.a1, tt.s), tt.want, func() { tt.s.Play(tt.a0, tt.a1) })
	}
	q := s.Alternating()
	gametest.Panics(t, "Sequential Play(down)", "twinmaze: Play(2) in 4:2A9B3/.#5#./1...4;A: A moving down enters a wall", func() { q.Play(d) })
	q = q.Play(r)
	gametest.Panics(t, "Sequential Play(up)", "twinmaze: Play(3) in 4:2.AB3/.#5#./1...4;B: B moving up leaves the board", func() { q.Play(u) })
	gametest.Panics(t, "Legal(2)", "twinmaze: Legal(player 2): a player is 0 (A) or 1 (B)", func() { s.Legal(2, nil) })
	gametest.Panics(t, "Pos(-1)", "twinmaze: Pos(player -1): a player is 0 (A) or 1 (B)", func() { s.Pos(-1) })
}

func TestGeneratePrimerBoard(t *testing.T) {
	t.Parallel()
	// The sample code's boards. To check them, the constructor of the
	// sample code's SimultaneousMazeState was compiled with g++ (its
	// std::mt19937, as in the primer) and made to print each board in
	// this package's text form; the seed is the C++ int the constructor
	// takes, so -1 is 4294967295 to std::mt19937. For 5x5 and seed 0 the
	// board can also be checked by hand from the maze's board of the same
	// seed, which takes the same draws: see TestGenerateDraws.
	tests := []struct {
		h, w  int
		seed  int64
		board string
	}{
		{5, 5, 0, "39793/3#3#3/1A6B1/9#6#9/68486"},
		{5, 5, 1, "33133/1#2#1/8A6B8/3#.#3/21212"},
		{3, 3, 7, "212/A#B/777"},
		{7, 5, 0, "73737/3#6#3/69896/6A8B6/43634/9#4#9/41914"},
		{7, 9, 42, ".4125214./5#6#6#6#5/319313913/9#9A.B9#9/593494395/6#.#2#.#6/797333797"},
		{9, 7, -1, "2358532/9#.#.#9/1867681/1#9#9#1/2.A4B.2/.#.#.#./8974798/1#5#5#1/5797975"},
		{3, 31, 5, "83.7997294719364639174927997.38/4#4#5#4#9#3#7#A#B#7#3#9#4#5#4#4/26.2269917264179714627199622.62"},
		{31, 3, 5, "838/.#./999/7#7/949/7#7/939/6#6/454/4#4/575/4#4/969/3#3/7.7/A#B/262/.#./262/9#9/171/2#2/414/7#7/.5./3#3/464/7#7/676/1#1/.9."},
	}
	for _, tt := range tests {
		s := mustGenerate(t, tt.h, tt.w, twinmaze.SampleTurns, tt.seed)
		if got, want := s.String(), "20:"+tt.board; got != want {
			t.Errorf("Generate(%d, %d, 20, %d) = %s, want %s", tt.h, tt.w, tt.seed, got, want)
		}
	}
	s := mustGenerate(t, twinmaze.SampleHeight, twinmaze.SampleWidth, twinmaze.SampleTurns, 0)
	ra, ca := s.Pos(0)
	rb, cb := s.Pos(1)
	if s.String() != primer5x5 || ra != 2 || ca != 1 || rb != 2 || cb != 3 || s.Score() != 0 || s.Turns() != 20 {
		t.Errorf("the sample game of seed 0: %s, A at (%d, %d), B at (%d, %d), score %v, %d turns; want %s, (2, 1), (2, 3), 0, 20",
			s, ra, ca, rb, cb, s.Score(), s.Turns(), primer5x5)
	}
}

func TestGenerateSeedIsLow32Bits(t *testing.T) {
	t.Parallel()
	gridtest.SeedIsLow32Bits(t, func(seed int64) string { return mustGenerate(t, 7, 9, 5, seed).String() })
}

func TestGenerateLayout(t *testing.T) {
	t.Parallel()
	// Every size: A and B where the sample code puts them, pillars on the
	// cells whose row and column are odd, and the board left-right
	// symmetric, with A and B mirror images of each other.
	mirror := map[byte]byte{'A': 'B', 'B': 'A'}
	for h := 3; h <= twinmaze.MaxSize; h += 2 {
		for w := 3; w <= twinmaze.MaxSize; w += 2 {
			for seed := range int64(4) {
				seed += int64(h*1000 + w*10)
				s := mustGenerate(t, h, w, 10, seed)
				if s.Height() != h || s.Width() != w {
					t.Fatalf("Generate(%d, %d): %dx%d", h, w, s.Height(), s.Width())
				}
				ra, ca := s.Pos(0)
				rb, cb := s.Pos(1)
				if ra != h/2 || ca != w/2-1 || rb != h/2 || cb != w/2+1 {
					t.Errorf("Generate(%d, %d): A at (%d, %d), B at (%d, %d); want (%d, %d) and (%d, %d)",
						h, w, ra, ca, rb, cb, h/2, w/2-1, h/2, w/2+1)
				}
				gridtest.CheckLayout(t, s, seed, map[[2]int]byte{{h / 2, w/2 - 1}: 'A', {h / 2, w/2 + 1}: 'B'})
				for row := range h {
					for col := range w {
						c := s.Cell(row, col)
						want := s.Cell(row, w-1-col)
						if m, ok := mirror[want]; ok {
							want = m
						}
						if c != want {
							t.Errorf("Generate(%d, %d, seed %d): cell (%d, %d) is %q, its mirror image %q",
								h, w, seed, row, col, c, s.Cell(row, w-1-col))
						}
					}
				}
			}
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	t.Parallel()
	gridtest.GenerateErrors(t, "twinmaze", func(h, w, turns int) error {
		_, err := twinmaze.Generate(h, w, turns, 0)
		return err
	})
}

func TestEqualStates(t *testing.T) {
	t.Parallel()
	// Two paths to 0:.A9B./.#5#./1...4 with 2 to 3: equal States.
	start := mustParse(t, small)
	a := at(start, [2]int{l, r}, [2]int{r, l}, [2]int{l, r}, [2]int{r, l})
	b := at(start, [2]int{l, r}, [2]int{d, d}, [2]int{u, u}, [2]int{r, l})
	if a != b || a.String() != "0:.A9B./.#5#./1...4" || a.Score() != -1 {
		t.Errorf("two paths give %s scoring %v and %s scoring %v; want equal States, 0:.A9B./.#5#./1...4 scoring -1",
			a, a.Score(), b, b.Score())
	}
	// The same moves on a board read twice: distinct boards.
	c := at(mustParse(t, small), [2]int{l, r}, [2]int{r, l}, [2]int{l, r}, [2]int{r, l})
	if c == a {
		t.Errorf("two parses of the same text give equal States, want distinct boards")
	}
	// The same text, but the 9 was collected by A on one path and by B on
	// the other: the scores differ, and so do the States.
	x := mustParse(t, "2:A9./..B")
	p := x.Play(r, u).Play(l, l)
	q := x.Play(d, u).Play(u, l)
	if p.String() != "0:AB./..." || q.String() != p.String() {
		t.Fatalf("%s and %s: want both 0:AB./...", p, q)
	}
	if pa, pb := p.Scores(); pa != 9 || pb != 0 || p == q {
		t.Errorf("%s reached with the 9 collected by A (%d to %d) and by B: equal States %t, want unequal", p, pa, pb, p == q)
	}
}
