package maze_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/internal/grid/gridtest"
	"github.com/searchviz/searchviz/games/maze"
	"github.com/searchviz/searchviz/search"
)

var _ search.Single[maze.State] = maze.State{}

// small is a hand-made board of three rows and four columns:
//
//	#.5#
//	.@18
//	3#..
const small = "3:#.5#/.@18/3#.."

// primer5x5 is the primer's 5x5 board of seed 0 with 3 turns.
const primer5x5 = "3:39737/3#1#6/69@86/6#8#4/36914"

func mustParse(t testing.TB, text string) maze.State {
	t.Helper()
	return gametest.MustParse(t, maze.Parse, text)
}

func mustGenerate(t testing.TB, h, w, turns int, seed int64) maze.State {
	t.Helper()
	return gridtest.MustGenerate(t, maze.Generate, h, w, turns, seed)
}

// at plays the actions in turn from s.
func at(s maze.State, actions ...int) maze.State {
	for _, a := range actions {
		s = s.Play(a)
	}
	return s
}

const (
	r = maze.Right
	l = maze.Left
	d = maze.Down
	u = maze.Up
)

func TestPlaySmall(t *testing.T) {
	t.Parallel()
	tests := []struct {
		actions []int
		text    string
		score   float64
		legal   []int
		why     string
	}{
		{nil, small, 0, []int{r, l, u}, "a wall below"},
		{[]int{r}, "2:#.5#/..@8/3#..", 1, []int{r, l, d, u}, "open on all sides"},
		{[]int{r, r}, "1:#.5#/...@/3#..", 9, []int{l, d}, "the edge to the right, a wall above"},
		{[]int{r, r, l}, "0:#.5#/..@./3#..", 9, nil, "back on an emptied cell, which scores nothing; no turns left"},
		{[]int{r, l}, "1:#.5#/.@.8/3#..", 1, []int{r, l, u}, "the start cell held no points"},
		{[]int{u}, "2:#@5#/..18/3#..", 0, []int{r, d}, "a wall to the left, the edge above"},
		{[]int{u, r}, "1:#.@#/..18/3#..", 5, []int{l, d}, "a wall to the right, the edge above"},
		{[]int{l}, "2:#.5#/@.18/3#..", 0, []int{r, d}, "the edge to the left, a wall above"},
		{[]int{l, d}, "1:#.5#/..18/@#..", 3, []int{u}, "a corner with a wall to the right"},
		{[]int{l, d, u}, "0:#.5#/@.18/.#..", 3, nil, "no turns left"},
	}
	start := mustParse(t, small)
	for _, tt := range tests {
		s := at(start, tt.actions...)
		name := fmt.Sprint(labelsOf(start, tt.actions))
		if got := s.String(); got != tt.text {
			t.Errorf("%s: position %q, want %q", name, got, tt.text)
		}
		if got := s.Score(); got != tt.score {
			t.Errorf("%s: Score() = %v, want %v", name, got, tt.score)
		}
		if got := s.Turns(); got != 3-len(tt.actions) {
			t.Errorf("%s: Turns() = %d, want %d", name, got, 3-len(tt.actions))
		}
		if got := s.Legal(nil); !slices.Equal(got, tt.legal) {
			t.Errorf("%s: Legal = %v, want %v (%s)", name, got, tt.legal, tt.why)
		}
		if got := s.Done(); got != (len(tt.legal) == 0) {
			t.Errorf("%s: Done() = %t, want %t", name, got, len(tt.legal) == 0)
		}
	}
}

// labelsOf returns the labels of a sequence of actions from s.
func labelsOf(s maze.State, actions []int) []string {
	var labels []string
	for _, a := range actions {
		labels = append(labels, s.Label(a))
		s = s.Play(a)
	}
	return labels
}

func TestEqualStates(t *testing.T) {
	t.Parallel()
	// Both paths collect the 1 and come back to the start, one through the
	// empty cell above it, the other through the empty cell to its left.
	start := mustParse(t, "4:#.5#/.@18/3#..")
	a, b := at(start, u, d, r, l), at(start, l, r, r, l)
	if a != b || a.String() != "0:#.5#/.@.8/3#.." || a.Score() != 1 {
		t.Errorf("up, down, right, left gives %s scoring %v; left, right, right, left gives %s scoring %v; want equal States, 0:#.5#/.@.8/3#.. scoring 1",
			a, a.Score(), b, b.Score())
	}
	if c := at(start, r, l, r, l); c != a {
		t.Errorf("right, left, right, left gives %s, not equal to %s", c, a)
	}
	if c := at(start, u, d, l, r); c == a {
		t.Errorf("up, down, left, right gives %s, equal to %s", c, a)
	}
	if again := mustParse(t, "4:#.5#/.@18/3#.."); again == start {
		t.Errorf("two parses of the same text give equal States, want distinct boards")
	}
}

func TestWalledIn(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"5:###/#@#/###", "7:@", "1:#/@/#", "2:@#"} {
		s := mustParse(t, text)
		if legal := s.Legal(nil); len(legal) != 0 || !s.Done() {
			t.Errorf("%s: Legal = %v, Done() = %t; want no actions and the game over", text, legal, s.Done())
		}
	}
	s := mustParse(t, "4:.@.")
	if legal := s.Legal(nil); !slices.Equal(legal, []int{r, l}) || s.Done() {
		t.Errorf("4:.@.: Legal = %v, Done() = %t; want [0 1] and not over", legal, s.Done())
	}
}

func TestLabels(t *testing.T) {
	t.Parallel()
	want := map[int]string{0: "right", 1: "left", 2: "down", 3: "up", -1: "?-1", 4: "?4"}
	var s maze.State
	for action, label := range want {
		if got := s.Label(action); got != label {
			t.Errorf("Label(%d) = %q, want %q", action, got, label)
		}
	}
}

func TestZeroState(t *testing.T) {
	t.Parallel()
	var s maze.State
	row, col := s.Pos()
	if s.String() != "0:@" || !s.Done() || len(s.Legal(nil)) != 0 || s.Score() != 0 ||
		s.Turns() != 0 || row != 0 || col != 0 || s.Height() != 1 || s.Width() != 1 {
		t.Errorf("zero State = %s, done %t, legal %v, score %v, turns %d, at (%d, %d), %dx%d; want the finished game 0:@",
			s, s.Done(), s.Legal(nil), s.Score(), s.Turns(), row, col, s.Height(), s.Width())
	}
	if p := mustParse(t, "0:@"); p.String() != s.String() {
		t.Errorf("Parse(0:@) = %s, want %s", p, s)
	}
}

func TestCell(t *testing.T) {
	t.Parallel()
	s := at(mustParse(t, small), r)
	want := []string{"#.5#", "..@8", "3#.."}
	for row := range 3 {
		for col := range 4 {
			if got := s.Cell(row, col); got != want[row][col] {
				t.Errorf("Cell(%d, %d) = %q, want %q", row, col, got, want[row][col])
			}
		}
	}
	for _, rc := range [][2]int{{-1, 0}, {0, -1}, {3, 0}, {0, 4}} {
		if got := s.Cell(rc[0], rc[1]); got != '?' {
			t.Errorf("Cell(%d, %d) = %q, want '?'", rc[0], rc[1], got)
		}
	}
	if row, col := s.Pos(); row != 1 || col != 2 || s.Height() != 3 || s.Width() != 4 {
		t.Errorf("Pos() = (%d, %d) on %dx%d, want (1, 2) on 3x4", row, col, s.Height(), s.Width())
	}
}

func TestPlayPanicsOnIllegalAction(t *testing.T) {
	t.Parallel()
	tests := []struct {
		actions []int
		action  int
		want    string
	}{
		{nil, d, "maze: Play(2) in 3:#.5#/.@18/3#..: moving down enters a wall"},
		{[]int{u}, u, "maze: Play(3) in 2:#@5#/..18/3#..: moving up leaves the board"},
		{[]int{r, r}, r, "maze: Play(0) in 1:#.5#/...@/3#..: moving right leaves the board"},
		{[]int{r, r, l}, l, "maze: Play(1) in 0:#.5#/..@./3#..: no turns are left"},
		{nil, 4, "maze: Play(4) in 3:#.5#/.@18/3#..: an action is 0..3 (right, left, down, up)"},
		{nil, -1, "maze: Play(-1) in 3:#.5#/.@18/3#..: an action is 0..3 (right, left, down, up)"},
	}
	for _, tt := range tests {
		s := at(mustParse(t, small), tt.actions...)
		gametest.Panics(t, fmt.Sprintf("Play(%d) in %s", tt.action, s), tt.want, func() { s.Play(tt.action) })
	}
	gametest.Panics(t, "Play(0) on the zero State", "maze: Play(0) in 0:@: no turns are left", func() { maze.State{}.Play(r) })
}

func TestGeneratePrimerBoard(t *testing.T) {
	t.Parallel()
	// The primer's board for 5x5 and seed 0; the generator draws four
	// numbers for the pillars before the first cell's points.
	s := mustGenerate(t, 5, 5, 3, 0)
	if got := s.String(); got != primer5x5 {
		t.Errorf("Generate(5, 5, 3, 0) = %s, want %s", got, primer5x5)
	}
	if row, col := s.Pos(); row != 2 || col != 2 || s.Score() != 0 || s.Turns() != 3 {
		t.Errorf("Generate(5, 5, 3, 0): at (%d, %d), score %v, %d turns; want (2, 2), 0, 3", row, col, s.Score(), s.Turns())
	}
}

func TestGenerateSeedIsLow32Bits(t *testing.T) {
	t.Parallel()
	gridtest.SeedIsLow32Bits(t, func(seed int64) string { return mustGenerate(t, 7, 9, 5, seed).String() })
}

func TestGenerateLayout(t *testing.T) {
	t.Parallel()
	for h := 3; h <= maze.MaxSize; h += 2 {
		for w := 3; w <= maze.MaxSize; w += 2 {
			seed := int64(h*100 + w)
			s := mustGenerate(t, h, w, 10, seed)
			if s.Height() != h || s.Width() != w {
				t.Fatalf("Generate(%d, %d): %dx%d", h, w, s.Height(), s.Width())
			}
			if row, col := s.Pos(); row != h/2 || col != w/2 {
				t.Errorf("Generate(%d, %d): character at (%d, %d), want (%d, %d)", h, w, row, col, h/2, w/2)
			}
			gridtest.CheckLayout(t, s, seed, map[[2]int]byte{{h / 2, w / 2}: '@'})
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	t.Parallel()
	gridtest.GenerateErrors(t, "maze", func(h, w, turns int) error {
		_, err := maze.Generate(h, w, turns, 0)
		return err
	})
}

// grid is a board read from a position's text by hand, for brute force.
type grid [][]byte

func readGrid(text string) (g grid, row, col int) {
	_, rows, _ := strings.Cut(text, ":")
	for i, line := range strings.Split(rows, "/") {
		g = append(g, []byte(line))
		if j := strings.IndexByte(line, '@'); j >= 0 {
			row, col = i, j
		}
	}
	return g, row, col
}

// sequence is the outcome of one sequence of moves: its labels, the final
// board (without the turns) and the points collected.
type sequence struct {
	moves string
	board string
	score int
}

// bruteSequences lists, in the order right, left, down, up at every step,
// every sequence of k moves from the character at row, col in g, walking
// the grid of characters directly.
func bruteSequences(g grid, row, col, k int, moves string, score int, out *[]sequence) {
	if k == 0 {
		rows := make([]string, len(g))
		for i, line := range g {
			rows[i] = string(line)
		}
		*out = append(*out, sequence{moves, strings.Join(rows, "/"), score})
		return
	}
	steps := []struct {
		name       string
		dRow, dCol int
	}{{"right", 0, 1}, {"left", 0, -1}, {"down", 1, 0}, {"up", -1, 0}}
	for _, st := range steps {
		r, c := row+st.dRow, col+st.dCol
		if r < 0 || r >= len(g) || c < 0 || c >= len(g[r]) || g[r][c] == '#' {
			continue
		}
		old, points := g[r][c], 0
		if '1' <= old && old <= '9' {
			points = int(old - '0')
		}
		g[row][col], g[r][c] = '.', '@'
		bruteSequences(g, r, c, k-1, moves+" "+st.name, score+points, out)
		g[row][col], g[r][c] = '@', old
	}
}

// sequences lists the same through Legal and Play.
func sequences(s maze.State, k int, moves string, out *[]sequence) {
	if k == 0 {
		_, board, _ := strings.Cut(s.String(), ":")
		*out = append(*out, sequence{moves, board, int(s.Score())})
		return
	}
	for _, a := range s.Legal(nil) {
		sequences(s.Play(a), k-1, moves+" "+s.Label(a), out)
	}
}

func TestPerft(t *testing.T) {
	t.Parallel()
	// The number of sequences of k moves from the start of the primer's
	// 5x5 board of seed 0. The start has four moves; each of its
	// neighbours lies between two pillars and has two, back and out to the
	// edge; an edge cell next to a pillar has three.
	want := []int{1, 4, 8, 28, 56}
	for _, text := range []string{primer5x5, small, "9:#.5#/.@18/3#..", "9:1.2/3@4/5.6", "9:@"} {
		g, row, col := readGrid(text)
		s := mustParse(t, text)
		turns := s.Turns()
		for k := 0; k <= 4; k++ {
			var brute, got []sequence
			if k <= turns {
				bruteSequences(g, row, col, k, "", 0, &brute)
			}
			sequences(s, k, "", &got)
			if !slices.Equal(got, brute) {
				t.Errorf("%s, depth %d: %d sequences through Legal and Play, %d by brute force; first difference %v",
					text, k, len(got), len(brute), firstDiff(got, brute))
			}
			if text == primer5x5 && k <= 3 && len(got) != want[k] {
				t.Errorf("%s, depth %d: %d sequences, want %d", text, k, len(got), want[k])
			}
		}
	}
	// With more turns, the count goes on to depth 4.
	s := mustGenerate(t, 5, 5, 10, 0)
	g, row, col := readGrid(s.String())
	for k := 0; k <= 4; k++ {
		var brute, got []sequence
		bruteSequences(g, row, col, k, "", 0, &brute)
		sequences(s, k, "", &got)
		if !slices.Equal(got, brute) || len(got) != want[k] {
			t.Errorf("5x5 seed 0, depth %d: %d sequences through Legal and Play, %d by brute force, want %d; first difference %v",
				k, len(got), len(brute), want[k], firstDiff(got, brute))
		}
	}
}

func firstDiff(a, b []sequence) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("%+v vs %+v", a[i], b[i])
		}
	}
	return "none in the common prefix"
}

// roots are the starting positions the contract tests walk from.
func roots(t testing.TB) []maze.State {
	rs := []maze.State{
		mustParse(t, small), mustParse(t, "5:###/#@#/###"), mustParse(t, "3:@"),
		mustParse(t, "8:@9#9/9#9#/9999"), mustParse(t, "0:.@."), {},
		mustGenerate(t, 5, 5, 3, 0), mustGenerate(t, 5, 5, 20, 0),
		mustGenerate(t, 31, 11, 100, 0), mustGenerate(t, 31, 31, 1000, 42),
		mustGenerate(t, 3, 3, 12, 7), mustGenerate(t, 9, 7, 30, -5),
	}
	return rs
}

func TestRandomPlay(t *testing.T) {
	t.Parallel()
	// Random games of at most 200 moves from every root, checking each
	// visited state against the rules read off its cells.
	rng := rand.New(rand.NewPCG(1, 2))
	visited := 0
	for _, root := range roots(t) {
		seen := map[string]maze.State{} // the first state met with each text
		for game := 0; game < 5; game++ {
			for s, moves := root, 0; moves < 200; moves++ {
				visited++
				checkState(t, s)
				if first, ok := seen[s.String()]; !ok {
					seen[s.String()] = s
				} else if first != s {
					t.Fatalf("%s: two States with this text, scoring %v and %v, compare unequal", s, first.Score(), s.Score())
				}
				legal := s.Legal(nil)
				if len(legal) == 0 {
					break
				}
				s = s.Play(legal[rng.IntN(len(legal))])
			}
		}
	}
	if visited < 300 {
		t.Errorf("visited %d states, want a few hundred", visited)
	}
}

// checkState checks s and each of its children against the rules.
func checkState(t *testing.T, s maze.State) {
	t.Helper()
	text := s.String()
	row, col := s.Pos()
	var want []int
	steps := [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	for a, st := range steps {
		if c := s.Cell(row+st[0], col+st[1]); s.Turns() > 0 && c != '?' && c != '#' {
			want = append(want, a)
		}
	}
	legal := s.Legal(nil)
	if !slices.Equal(legal, want) {
		t.Fatalf("%s: Legal = %v, want %v", text, legal, want)
	}
	if s.Done() != (len(legal) == 0) {
		t.Fatalf("%s: Done() = %t with legal actions %v", text, s.Done(), legal)
	}
	p, err := maze.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	pRow, pCol := p.Pos()
	if p.String() != text || !slices.Equal(p.Legal(nil), legal) || p.Turns() != s.Turns() || pRow != row || pCol != col || p.Score() != 0 {
		t.Fatalf("Parse(%q) = %s at (%d, %d), %d turns, score %v, legal %v; want the same position scoring 0",
			text, p, pRow, pCol, p.Turns(), p.Score(), p.Legal(nil))
	}
	for _, a := range legal {
		before := s
		c := s.Play(a)
		if s != before || s.String() != text {
			t.Fatalf("%s: Play(%d) changed its receiver to %s", text, a, s)
		}
		if again := s.Play(a); again != c {
			t.Fatalf("%s: Play(%d) twice gives %s and %s", text, a, c, again)
		}
		r, k := row+steps[a][0], col+steps[a][1]
		var points float64
		if p := s.Cell(r, k); '1' <= p && p <= '9' {
			points = float64(p - '0')
		}
		if cRow, cCol := c.Pos(); cRow != r || cCol != k || c.Turns() != s.Turns()-1 || c.Score() != s.Score()+points {
			t.Fatalf("%s: Play(%d) gives %s at (%d, %d), %d turns, score %v; want (%d, %d), %d, %v",
				text, a, c, cRow, cCol, c.Turns(), c.Score(), r, k, s.Turns()-1, s.Score()+points)
		}
		for y := range s.Height() {
			for x := range s.Width() {
				want := s.Cell(y, x)
				switch {
				case y == r && x == k:
					want = '@'
				case y == row && x == col:
					want = '.'
				}
				if got := c.Cell(y, x); got != want {
					t.Fatalf("%s: Play(%d) gives %s, cell (%d, %d) is %q, want %q", text, a, c, y, x, got, want)
				}
			}
		}
	}
}

// collected is a maze state whose text starts with the score collected so
// far. gametest wants a position's text to give its score, but a maze
// position's own text leaves the score out, as it belongs to the path.
type collected struct {
	maze.State
	before float64 // the score of the state the text was parsed from
}

func (c collected) Play(action int) collected {
	return collected{c.State.Play(action), c.before}
}

func (c collected) Score() float64 {
	return c.before + c.State.Score()
}

func (c collected) String() string {
	return strconv.FormatFloat(c.Score(), 'g', -1, 64) + " " + c.State.String()
}

func parseCollected(text string) (collected, error) {
	score, pos, ok := strings.Cut(text, " ")
	v, err := strconv.ParseFloat(score, 64)
	if !ok || err != nil {
		return collected{}, fmt.Errorf("collected: %q is not a score and a position", text)
	}
	s, err := maze.Parse(pos)
	return collected{s, v}, err
}

func TestConformance(t *testing.T) {
	t.Parallel()
	var rs []collected
	for _, s := range roots(t) {
		rs = append(rs, collected{State: s})
	}
	gametest.Alternating(t, rs, parseCollected, 1000)
}

func TestNoAllocations(t *testing.T) {
	s := mustGenerate(t, 31, 11, 100, 0)
	buf := make([]int, 0, 4)
	var legal []int
	allocs := testing.AllocsPerRun(100, func() {
		legal = s.Legal(buf[:0])
		c := s.Play(legal[0])
		_ = c.Done()
		_ = c.Score()
	})
	if allocs != 0 {
		t.Errorf("Legal, Play, Done and Score allocate %v times, want 0", allocs)
	}
}

// BenchmarkPlay plays random games on the primer's 31x11 board of seed 0
// with Legal and Play, one move per iteration.
func BenchmarkPlay(b *testing.B) {
	start := mustGenerate(b, 31, 11, maze.MaxTurns, 0)
	buf := make([]int, 0, 4)
	s := start
	x := uint32(1)
	b.ReportAllocs()
	for b.Loop() {
		legal := s.Legal(buf[:0])
		if len(legal) == 0 {
			s = start
			continue
		}
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		s = s.Play(legal[x%uint32(len(legal))])
	}
}

func BenchmarkGenerate(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := maze.Generate(31, 31, 100, 0); err != nil {
			b.Fatal(err)
		}
	}
}
