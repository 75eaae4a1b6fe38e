package tictactoe_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/search"
)

var _ search.Alternating[tictactoe.State] = tictactoe.State{}

func mustParse(t testing.TB, text string) tictactoe.State {
	t.Helper()
	return gametest.MustParse(t, tictactoe.Parse, text)
}

// winLines are the eight lines of the board as cell triples, written out by
// hand for the brute-force checks.
func winLines() [8][3]int {
	return [8][3]int{
		{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, // rows
		{0, 3, 6}, {1, 4, 7}, {2, 5, 8}, // columns
		{0, 4, 8}, {2, 4, 6}, // diagonals
	}
}

// bruteWinner returns the player with three in a row, found by looking at
// every line's cells, or 0.
func bruteWinner(s tictactoe.State) byte {
	for _, l := range winLines() {
		if c := s.Cell(l[0]); c != '.' && c == s.Cell(l[1]) && c == s.Cell(l[2]) {
			return c
		}
	}
	return 0
}

// bruteScore computes Score from its definition: the game's outcome when it
// is over, else the lines free of the opponent's marks minus the lines free
// of the side to move's marks.
func bruteScore(s tictactoe.State, me byte) float64 {
	opp := byte('x')
	if me == 'x' {
		opp = 'o'
	}
	switch w := bruteWinner(s); {
	case w == opp:
		return -tictactoe.WinScore
	case w == me:
		return tictactoe.WinScore
	case !strings.Contains(s.String(), "."):
		return 0
	}
	var open int
	for _, l := range winLines() {
		cells := []byte{s.Cell(l[0]), s.Cell(l[1]), s.Cell(l[2])}
		if !slices.Contains(cells, opp) {
			open++
		}
		if !slices.Contains(cells, me) {
			open--
		}
	}
	return float64(open)
}

// reachable returns every position reachable from the empty board, each
// once, grouped by the number of marks.
func reachable() [10][]tictactoe.State {
	var byPly [10][]tictactoe.State
	byPly[0] = []tictactoe.State{tictactoe.New()}
	for ply := 1; ply < 10; ply++ {
		seen := map[tictactoe.State]bool{}
		for _, s := range byPly[ply-1] {
			for _, a := range s.Legal(nil) {
				if c := s.Play(a); !seen[c] {
					seen[c] = true
					byPly[ply] = append(byPly[ply], c)
				}
			}
		}
	}
	return byPly
}

func TestReachablePositions(t *testing.T) {
	t.Parallel()
	// The published counts of distinct positions by number of marks; they
	// sum to 5,478.
	want := [10]int{1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78}
	total := 0
	for ply, states := range reachable() {
		total += len(states)
		if len(states) != want[ply] {
			t.Errorf("positions with %d marks: %d, want %d", ply, len(states), want[ply])
		}
	}
	if total != 5478 {
		t.Errorf("reachable positions: %d, want 5478", total)
	}
}

func TestEveryPositionAgainstBruteForce(t *testing.T) {
	t.Parallel()
	for ply, states := range reachable() {
		for _, s := range states {
			text := s.String()
			me := byte("xo"[ply%2])
			if got := s.ToMove(); got != me {
				t.Errorf("%s: ToMove() = %q, want %q after %d marks", text, got, me, ply)
			}
			winner := bruteWinner(s)
			if got := s.Winner(); got != winner {
				t.Errorf("%s: Winner() = %q, want %q", text, got, winner)
			}
			done := winner != 0 || ply == 9
			if got := s.Done(); got != done {
				t.Errorf("%s: Done() = %t, want %t", text, got, done)
			}
			if got, want := s.Score(), bruteScore(s, me); got != want {
				t.Errorf("%s: Score() = %v, want %v", text, got, want)
			}
			var legal []int
			for i := range 9 {
				if !done && s.Cell(i) == '.' {
					legal = append(legal, i)
				}
			}
			if got := s.Legal(nil); !slices.Equal(got, legal) {
				t.Errorf("%s: Legal = %v, want %v", text, got, legal)
			}
			p, err := tictactoe.Parse(text)
			if err != nil || p != s {
				t.Errorf("Parse(%q) = %v, %v; want the same position back", text, p, err)
			}
		}
	}
}

func TestGameTree(t *testing.T) {
	t.Parallel()
	// The published counts: 549,946 nodes and 255,168 games, of which x
	// wins 131,184, o wins 77,904 and 46,080 are drawn. By plies, no game
	// ends before the fifth, so the first levels are 9*8*7*...
	wantNodes := [10]int{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}
	var nodes [10]int
	var xWins, oWins, draws int
	var walk func(s tictactoe.State, ply int)
	walk = func(s tictactoe.State, ply int) {
		nodes[ply]++
		if s.Done() {
			switch bruteWinner(s) {
			case 'x':
				xWins++
			case 'o':
				oWins++
			default:
				draws++
			}
			return
		}
		for _, a := range s.Legal(nil) {
			walk(s.Play(a), ply+1)
		}
	}
	walk(tictactoe.New(), 0)
	total := 0
	for ply, n := range nodes {
		total += n
		if n != wantNodes[ply] {
			t.Errorf("nodes at ply %d: %d, want %d", ply, n, wantNodes[ply])
		}
	}
	if total != 549946 {
		t.Errorf("nodes: %d, want 549946", total)
	}
	if games := xWins + oWins + draws; games != 255168 {
		t.Errorf("complete games: %d, want 255168", games)
	}
	if xWins != 131184 || oWins != 77904 || draws != 46080 {
		t.Errorf("x wins %d, o wins %d, draws %d; want 131184, 77904, 46080", xWins, oWins, draws)
	}
}

func TestScore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		position string
		want     float64
		why      string
	}{
		{".../.../...", 0, "all 8 lines open to both"},
		{".../.x./...", -4, "o to move: 4 lines avoid the centre, 8 have no o"},
		{"x../.../...", -3, "o to move: 5 lines avoid a corner, 8 have no o"},
		{".x./.../...", -2, "o to move: 6 lines avoid an edge, 8 have no o"},
		{"x../.o./...", -1, "x to move: 4 lines avoid o's centre, 5 avoid x's corner"},
		{"xxx/oo./...", -100, "x has the top row, o to move has lost"},
		{"xo./xo./x..", -100, "x has column a"},
		{"xxo/.o./o.x", -100, "o has the anti-diagonal, x to move has lost"},
		{"xox/xoo/oxx", 0, "full board, no line: a draw"},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.position)
		if got := s.Score(); got != tt.want {
			t.Errorf("%s: Score() = %v, want %v (%s)", tt.position, got, tt.want, tt.why)
		}
	}
}

func TestLabels(t *testing.T) {
	t.Parallel()
	want := map[int]string{
		0: "a3", 1: "b3", 2: "c3",
		3: "a2", 4: "b2", 5: "c2",
		6: "a1", 7: "b1", 8: "c1",
		-1: "?-1", 9: "?9", 100: "?100",
	}
	s := tictactoe.New()
	for action, label := range want {
		if got := s.Label(action); got != label {
			t.Errorf("Label(%d) = %q, want %q", action, got, label)
		}
	}
}

func TestCell(t *testing.T) {
	t.Parallel()
	s := mustParse(t, "x.o/.x./..o")
	want := "x.o.x...o"
	for i := range 9 {
		if got := s.Cell(i); got != want[i] {
			t.Errorf("Cell(%d) = %q, want %q", i, got, want[i])
		}
	}
	for _, i := range []int{-1, 9} {
		if got := s.Cell(i); got != '?' {
			t.Errorf("Cell(%d) = %q, want '?'", i, got)
		}
	}
}

func TestZeroValueIsNew(t *testing.T) {
	t.Parallel()
	var s tictactoe.State
	if s != tictactoe.New() || s.String() != ".../.../..." || s.ToMove() != 'x' {
		t.Errorf("zero State = %s with %q to move, want the empty board with x to move", s, s.ToMove())
	}
}

func TestPlay(t *testing.T) {
	t.Parallel()
	for _, states := range reachable() {
		for _, s := range states {
			before := s
			for _, a := range s.Legal(nil) {
				c := s.Play(a)
				if s != before {
					t.Fatalf("%s: Play(%d) changed the receiver to %s", before, a, s)
				}
				for i := range 9 {
					want := s.Cell(i)
					if i == a {
						want = s.ToMove()
					}
					if got := c.Cell(i); got != want {
						t.Errorf("%s: Play(%d) gives %s, cell %d is %q, want %q", s, a, c, i, got, want)
					}
				}
			}
		}
	}
}

func TestPlayPanicsOnIllegalAction(t *testing.T) {
	t.Parallel()
	tests := []struct {
		position string
		action   int
		want     string
	}{
		{"x../.../...", 0, "tictactoe: Play(0) in x../.../...: cell a3 is not empty"},
		{".../.../...", 9, "tictactoe: Play(9) in .../.../...: an action is a cell number in 0..8"},
		{".../.../...", -1, "tictactoe: Play(-1) in .../.../...: an action is a cell number in 0..8"},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.position)
		gametest.Panics(t, fmt.Sprintf("Play(%d) in %s", tt.action, tt.position), tt.want, func() { s.Play(tt.action) })
	}
}

func TestConformance(t *testing.T) {
	t.Parallel()
	gametest.Alternating(t, []tictactoe.State{tictactoe.New()}, tictactoe.Parse, 0)
}

// BenchmarkWalk plays every game of the full tree with Legal and Play.
func BenchmarkWalk(b *testing.B) {
	var bufs [10][]int
	for i := range bufs {
		bufs[i] = make([]int, 0, 9)
	}
	var nodes int
	var walk func(s tictactoe.State, ply int)
	walk = func(s tictactoe.State, ply int) {
		nodes++
		for _, a := range s.Legal(bufs[ply][:0]) {
			walk(s.Play(a), ply+1)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		walk(tictactoe.New(), 0)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
