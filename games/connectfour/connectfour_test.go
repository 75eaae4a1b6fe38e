package connectfour_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/connectfour"
	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/search"
)

var _ search.Alternating[connectfour.State] = connectfour.State{}

func mustParse(t testing.TB, text string) connectfour.State {
	t.Helper()
	return gametest.MustParse(t, connectfour.Parse, text)
}

// play returns the position after the moves, given as column letters, e.g.
// "dcd"; it fails the test on a letter that is not a legal column.
func play(t testing.TB, moves string) connectfour.State {
	t.Helper()
	s := connectfour.New()
	for i := range len(moves) {
		a := int(moves[i] - 'a')
		if !slices.Contains(s.Legal(nil), a) {
			t.Fatalf("moves %q: %q at move %d is not legal in %s", moves, moves[i], i+1, s)
		}
		s = s.Play(a)
	}
	return s
}

// lineDirections are the steps (columns, rows) along the four kinds of
// line: up, right, up-right and down-right.
var lineDirections = [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

// allWindows is every window of four cells in a row on the board.
var allWindows = windows()

// windows returns every window of four cells in a row on the board as
// (column, row) pairs, found by walking the grid, not the bitboards.
func windows() [][4][2]int {
	var out [][4][2]int
	for _, d := range lineDirections {
		for c := range connectfour.Cols {
			for r := range connectfour.Rows {
				var w [4][2]int
				ok := true
				for k := range 4 {
					cc, rr := c+k*d[0], r+k*d[1]
					if cc < 0 || cc >= connectfour.Cols || rr < 0 || rr >= connectfour.Rows {
						ok = false
						break
					}
					w[k] = [2]int{cc, rr}
				}
				if ok {
					out = append(out, w)
				}
			}
		}
	}
	return out
}

// bruteWinner returns the player with four in a row, found by looking at
// every window's cells, or 0.
func bruteWinner(s connectfour.State) byte {
	for _, w := range allWindows {
		c := s.Cell(w[0][0], w[0][1])
		if c != '.' && c == s.Cell(w[1][0], w[1][1]) && c == s.Cell(w[2][0], w[2][1]) && c == s.Cell(w[3][0], w[3][1]) {
			return c
		}
	}
	return 0
}

// bruteScore computes Score from its definition: the game's outcome when it
// is over, else 4 per window of three of the side to move's discs and an
// empty cell, 1 per window of two and two empty cells, 1 per disc in the
// centre column, minus the same for the opponent.
func bruteScore(s connectfour.State) float64 {
	me := s.ToMove()
	opp := byte('x')
	if me == 'x' {
		opp = 'o'
	}
	switch w := bruteWinner(s); {
	case w == opp:
		return -connectfour.WinScore
	case w == me:
		return connectfour.WinScore
	case !strings.Contains(s.String(), "."):
		return 0
	}
	score := 0
	for _, w := range allWindows {
		var n [256]int
		for _, cell := range w {
			n[s.Cell(cell[0], cell[1])]++
		}
		weight := [5]int{0, 0, 1, 4, 0}
		switch {
		case n[opp] == 0:
			score += weight[n[me]]
		case n[me] == 0:
			score -= weight[n[opp]]
		}
	}
	for r := range connectfour.Rows {
		switch s.Cell(3, r) {
		case me:
			score++
		case opp:
			score--
		}
	}
	return float64(score)
}

// byPly returns the distinct positions reachable from the empty board,
// grouped by the number of discs, up to maxPly discs; finished games are
// not played on.
func byPly(maxPly int) [][]connectfour.State {
	out := [][]connectfour.State{{connectfour.New()}}
	for ply := 1; ply <= maxPly; ply++ {
		seen := map[connectfour.State]bool{}
		var next []connectfour.State
		for _, s := range out[ply-1] {
			for _, a := range s.Legal(nil) {
				if c := s.Play(a); !seen[c] {
					seen[c] = true
					next = append(next, c)
				}
			}
		}
		out = append(out, next)
	}
	return out
}

// a212693 is the published number of legal Connect Four positions after
// n plies (OEIS A212693, John Tromp's table), n = 0..8.
var a212693 = []int{1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275}

func TestPositionsByPly(t *testing.T) {
	t.Parallel()
	for ply, states := range byPly(len(a212693) - 1) {
		if len(states) != a212693[ply] {
			t.Errorf("distinct positions after %d plies: %d, want %d", ply, len(states), a212693[ply])
		}
	}
}

// perft counts the move sequences of length depth from s, stopping early at
// finished games, reusing one buffer per ply.
func perft(s connectfour.State, depth int, bufs [][]int) int {
	if depth == 0 {
		return 1
	}
	n := 0
	for _, a := range s.Legal(bufs[depth][:0]) {
		n += perft(s.Play(a), depth-1, bufs)
	}
	return n
}

// newBufs returns a buffer for each ply of a walk depth plies deep.
func newBufs(depth int) [][]int {
	bufs := make([][]int, depth+1)
	for i := range bufs {
		bufs[i] = make([]int, 0, connectfour.Cols)
	}
	return bufs
}

func TestPerft(t *testing.T) {
	t.Parallel()
	// No game ends before the seventh disc and no column fills before the
	// sixth, so the first six depths are powers of seven; at depth 7 the
	// seven games that filled one column have six moves instead of seven.
	want := []int{1, 7, 49, 343, 2401, 16807, 117649, 7*7*7*7*7*7*7 - 7}
	for depth, n := range want {
		if got := perft(connectfour.New(), depth, newBufs(depth)); got != n {
			t.Errorf("perft(%d) = %d, want %d", depth, got, n)
		}
	}
}

// randomGames plays n games of uniformly random moves to the end and calls
// visit with every position on the way.
func randomGames(n int, seed uint64, visit func(connectfour.State)) {
	rng := rand.New(rand.NewPCG(seed, 1))
	buf := make([]int, 0, connectfour.Cols)
	for range n {
		s := connectfour.New()
		visit(s)
		for {
			legal := s.Legal(buf[:0])
			if len(legal) == 0 {
				break
			}
			s = s.Play(legal[rng.IntN(len(legal))])
			visit(s)
		}
	}
}

func TestAgainstBruteForce(t *testing.T) {
	t.Parallel()
	if len(allWindows) != 69 {
		t.Fatalf("the board has %d windows of four, want 69: 21 upright, 24 level, 24 diagonal", len(allWindows))
	}
	check := func(s connectfour.State) {
		text := s.String()
		winner := bruteWinner(s)
		if got := s.Winner(); got != winner {
			t.Fatalf("%s: Winner() = %q, want %q", text, got, winner)
		}
		full := !strings.Contains(text, ".")
		if got := s.Done(); got != (winner != 0 || full) {
			t.Fatalf("%s: Done() = %t, want %t", text, got, winner != 0 || full)
		}
		if got, want := s.Score(), bruteScore(s); got != want {
			t.Fatalf("%s: Score() = %v, want %v", text, got, want)
		}
		if v := s.Score(); !s.Done() && (v <= -connectfour.WinScore || v >= connectfour.WinScore) {
			t.Fatalf("%s: heuristic Score() = %v, want strictly inside ±%d", text, v, connectfour.WinScore)
		}
		var legal []int
		for c := range connectfour.Cols {
			if winner == 0 && s.Cell(c, connectfour.Rows-1) == '.' {
				legal = append(legal, c)
			}
		}
		if got := s.Legal(nil); !slices.Equal(got, legal) {
			t.Fatalf("%s: Legal = %v, want %v", text, got, legal)
		}
	}
	for _, states := range byPly(6) {
		for _, s := range states {
			check(s)
		}
	}
	randomGames(3000, 1, check)
}

func TestWins(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		moves  string
		winner byte
	}{
		{"vertical, column a, rows 1-4", "abababa", 'x'},
		{"vertical, column g, rows 3-6", "agbggagbgag", 'x'},
		{"vertical for o, column d, rows 2-5", "ddcdedcd", 'o'},
		{"horizontal, row 1, a-d", "aabbccd", 'x'},
		{"horizontal, row 1, d-g", "ddeeffg", 'x'},
		{"horizontal for o, row 2, d-g", "dfedgeafbg", 'o'},
		{"diagonal up-right from the corner, a1-d4", "abbccdcddgd", 'x'},
		{"diagonal down-right to the corner, d4-g1", "gffeededdad", 'x'},
		{"diagonal up-right to the top, d3-g6", "eddegffgfedfeaggfgg", 'x'},
		{"diagonal down-right from the top, a6-d3", "cddcabbabcdbcgaabaa", 'x'},
		{"only three up-right, a1-c3", "abbcgcc", 0},
	}
	for _, tt := range tests {
		s := play(t, tt.moves)
		if got := s.Winner(); got != tt.winner {
			t.Errorf("%s: after %s, %s: Winner() = %q, want %q", tt.name, tt.moves, s, got, tt.winner)
		}
		if got := s.Done(); got != (tt.winner != 0) {
			t.Errorf("%s: after %s: Done() = %t, want %t", tt.name, tt.moves, got, tt.winner != 0)
		}
		if tt.winner != 0 {
			if got := s.Score(); got != -connectfour.WinScore {
				t.Errorf("%s: after %s: Score() = %v, want %d: the side to move has lost", tt.name, tt.moves, got, -connectfour.WinScore)
			}
			if got := s.Legal(nil); len(got) != 0 {
				t.Errorf("%s: after %s: Legal = %v, want none when the game is over", tt.name, tt.moves, got)
			}
		}
	}
}

func TestNoWinAcrossColumns(t *testing.T) {
	t.Parallel()
	// Each position has four discs of one player that a layout without a
	// spare bit per column would read as a line: consecutive bits that run
	// from the top of one column into the bottom of the next, or from the
	// end of one row into the start of the next.
	tests := []struct {
		name string
		text string
	}{
		{"a4-a6 then b1", "x....../x....../x....../o....../o.oo.../oxxx..."},
		{"e1-g1 then a2", "......./......./......./......./x....../ooo.xxx"},
		{"a5, a6 then b1, b2", "x....../x....../o....../oo...../xx...../ox....."},
		{"a5, b6, d1, e2: a diagonal in a layout of six bits a column", ".x...../xo...../ox...../xo...../ox..x../xo.xo.o"},
	}
	for _, tt := range tests {
		s, err := connectfour.Parse(tt.text)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if w := s.Winner(); w != 0 || s.Done() {
			t.Errorf("%s: %s: Winner() = %q, Done() = %t; want no winner", tt.name, tt.text, w, s.Done())
		}
	}
}

func TestGravity(t *testing.T) {
	t.Parallel()
	s := play(t, "dd")
	if s.Cell(3, 0) != 'x' || s.Cell(3, 1) != 'o' || s.Cell(3, 2) != '.' || s.Height(3) != 2 {
		t.Errorf("after d, d: column d is %c%c%c, height %d; want x, o, empty from the bottom, height 2",
			s.Cell(3, 0), s.Cell(3, 1), s.Cell(3, 2), s.Height(3))
	}
	s = play(t, "aaaaaa")
	if got, want := s.Legal(nil), []int{1, 2, 3, 4, 5, 6}; !slices.Equal(got, want) {
		t.Errorf("column a full: Legal = %v, want %v", got, want)
	}
	if s.Height(0) != connectfour.Rows {
		t.Errorf("column a full: Height(0) = %d, want %d", s.Height(0), connectfour.Rows)
	}
	for _, states := range byPly(5) {
		for _, s := range states {
			for _, a := range s.Legal(nil) {
				c := s.Play(a)
				h := s.Height(a)
				for col := range connectfour.Cols {
					for row := range connectfour.Rows {
						want := s.Cell(col, row)
						if col == a && row == h {
							want = s.ToMove()
						}
						if got := c.Cell(col, row); got != want {
							t.Fatalf("%s: Play(%d) gives %s: cell (%d, %d) is %q, want %q", s, a, c, col, row, got, want)
						}
					}
				}
			}
		}
	}
}

func TestPlayPanicsOnIllegalAction(t *testing.T) {
	t.Parallel()
	full := "o....../x....../o....../x....../o....../x......"
	tests := []struct {
		position string
		action   int
		want     string
	}{
		{full, 0, "connectfour: Play(0) in " + full + ": column a is full"},
		{"", 7, "connectfour: Play(7) in ......./......./......./......./......./.......: an action is a column number in 0..6"},
		{"", -1, "connectfour: Play(-1) in ......./......./......./......./......./.......: an action is a column number in 0..6"},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.position)
		gametest.Panics(t, fmt.Sprintf("Play(%d) in %s", tt.action, s), tt.want, func() { s.Play(tt.action) })
	}
}

// drawn is a full board without four: columns of alternating pairs, so no
// column holds four, no row holds more than two alike side by side, and
// each diagonal changes player every second cell.
const drawn = "xxooxxo/ooxxoox/xxooxxo/ooxxoox/xxooxxo/ooxxoox"

func TestScore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		moves string
		want  float64
		why   string
	}{
		{"", 0, "the empty board is even"},
		{"d", -1, "o to move: x has a centre disc"},
		{"dd", 0, "one centre disc each"},
		{"ddc", -3, "o to move: x's c1, d1 make twos in windows a1-d1, b1-e1, c1-f1 and a centre disc; o has a centre disc"},
		{"aabbc", -4, "o to move: x's three a1-d1 (4) and two b1-e1 (1); o's two a2-d2 (1)"},
		{"abababa", -connectfour.WinScore, "x has four in column a: o to move has lost"},
	}
	for _, tt := range tests {
		s := play(t, tt.moves)
		if got := s.Score(); got != tt.want {
			t.Errorf("after %q, %s: Score() = %v, want %v (%s)", tt.moves, s, got, tt.want, tt.why)
		}
	}
	s := mustParse(t, drawn)
	if !s.Done() || s.Winner() != 0 || s.Score() != 0 {
		t.Errorf("%s: Done() = %t, Winner() = %q, Score() = %v; want a finished draw scoring 0", drawn, s.Done(), s.Winner(), s.Score())
	}
}

func TestLabels(t *testing.T) {
	t.Parallel()
	want := map[int]string{
		0: "a", 1: "b", 2: "c", 3: "d", 4: "e", 5: "f", 6: "g",
		-1: "?-1", 7: "?7", 100: "?100",
	}
	s := connectfour.New()
	for action, label := range want {
		if got := s.Label(action); got != label {
			t.Errorf("Label(%d) = %q, want %q", action, got, label)
		}
	}
}

func TestCell(t *testing.T) {
	t.Parallel()
	s := play(t, "dcd")
	tests := []struct {
		col, row int
		want     byte
	}{
		{3, 0, 'x'}, {2, 0, 'o'}, {3, 1, 'x'}, {3, 2, '.'}, {0, 0, '.'}, {6, 5, '.'},
		{-1, 0, '?'}, {7, 0, '?'}, {0, -1, '?'}, {0, 6, '?'},
	}
	for _, tt := range tests {
		if got := s.Cell(tt.col, tt.row); got != tt.want {
			t.Errorf("Cell(%d, %d) = %q, want %q", tt.col, tt.row, got, tt.want)
		}
	}
	for _, c := range []int{-1, 7} {
		if got := s.Height(c); got != 0 {
			t.Errorf("Height(%d) = %d, want 0 off the board", c, got)
		}
	}
}

func TestZeroValueIsNew(t *testing.T) {
	t.Parallel()
	var s connectfour.State
	if s != connectfour.New() || s.String() != "......./......./......./......./......./......." || s.ToMove() != 'x' {
		t.Errorf("zero State = %s with %q to move, want the empty board with x to move", s, s.ToMove())
	}
}

func TestNoAllocations(t *testing.T) {
	s := play(t, "ddcde")
	buf := make([]int, 0, connectfour.Cols)
	allocs := testing.AllocsPerRun(100, func() {
		legal := s.Legal(buf[:0])
		c := s.Play(legal[len(legal)-1])
		_ = c.Done()
		_ = c.Score()
	})
	if allocs != 0 {
		t.Errorf("Legal, Play, Done and Score allocate %v times, want 0", allocs)
	}
}

func TestConformance(t *testing.T) {
	t.Parallel()
	roots := []connectfour.State{connectfour.New(), play(t, "ddddccceegbf")}
	gametest.Alternating(t, roots, connectfour.Parse, 2000)
}
