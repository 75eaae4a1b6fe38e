package othello_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/othello"
	"github.com/searchviz/searchviz/search"
)

var _ search.Alternating[othello.State] = othello.State{}

func mustParse(t testing.TB, text string) othello.State {
	t.Helper()
	return gametest.MustParse(t, othello.Parse, text)
}

// perft counts the move sequences of depth moves from s, a pass being one
// move and a finished game one leaf; ended counts the games that end
// before depth, by ply.
func perft(s othello.State, depth int, bufs [][]int, ended []int) int {
	if depth == 0 {
		return 1
	}
	legal := s.Legal(bufs[depth][:0])
	if len(legal) == 0 {
		ended[len(ended)-depth]++
		return 1
	}
	n := 0
	for _, a := range legal {
		n += perft(s.Play(a), depth-1, bufs, ended)
	}
	return n
}

func newBufs(depth int) [][]int {
	bufs := make([][]int, depth+1)
	for i := range bufs {
		bufs[i] = make([]int, 0, 32)
	}
	return bufs
}

// TestPerftFromStart checks the published perft counts from the start,
// which every correct move generator reproduces, through Legal and Play
// and with Perft's make and unmake; no game ends before the ninth ply,
// the shortest possible game.
func TestPerftFromStart(t *testing.T) {
	t.Parallel()
	want := []int{1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288}
	for depth := 1; depth < len(want); depth++ {
		t.Run(fmt.Sprintf("depth=%d", depth), func(t *testing.T) {
			t.Parallel()
			ended := make([]int, depth)
			if got := perft(othello.New(), depth, newBufs(depth), ended); got != want[depth] {
				t.Errorf("perft(%d) = %d, want %d", depth, got, want[depth])
			}
			if got := othello.Perft(othello.New(), depth); got != want[depth] {
				t.Errorf("Perft(%d) = %d, want %d", depth, got, want[depth])
			}
			if slices.ContainsFunc(ended, func(n int) bool { return n > 0 }) {
				t.Errorf("perft(%d): games ended at plies %v, but the shortest game has nine", depth, ended)
			}
		})
	}
}

// randomGames plays n games of uniformly random moves from the start to
// the end and calls visit with every position on the way.
func randomGames(n int, seed uint64, visit func(othello.State)) {
	rng := rand.New(rand.NewPCG(seed, 1))
	buf := make([]int, 0, 32)
	for range n {
		s := othello.New()
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

// TestAgainstNaive compares the bitboards with the square-by-square
// version in every position of random games: the legal moves, each move's
// result, the end of the game and its winner.
func TestAgainstNaive(t *testing.T) {
	t.Parallel()
	positions, passes, ends := 0, 0, 0
	randomGames(400, 1, func(s othello.State) {
		positions++
		n := naiveOf(s)
		if got := s.String(); got != n.text() {
			t.Fatalf("String() = %q, want %q", got, n.text())
		}
		legal := s.Legal(nil)
		if want := n.legal(); !slices.Equal(legal, want) {
			t.Fatalf("%s: Legal = %v, want %v", s, legal, want)
		}
		if slices.Equal(legal, []int{othello.Pass}) {
			passes++
		}
		if got, want := s.Done(), len(legal) == 0; got != want {
			t.Fatalf("%s: Done() = %t with %d legal actions", s, got, len(legal))
		}
		if s.Done() {
			ends++
			black, white := s.Discs()
			var want byte
			switch {
			case black > white:
				want = 'x'
			case white > black:
				want = 'o'
			}
			if got := s.Winner(); got != want {
				t.Fatalf("%s: Winner() = %q, want %q (%d–%d)", s, got, want, black, white)
			}
		}
		for _, a := range legal {
			if got, want := s.Play(a).String(), n.play(a).text(); got != want {
				t.Fatalf("%s: Play(%s) = %s, want %s", s, s.Label(a), got, want)
			}
		}
	})
	if passes == 0 || ends != 400 {
		t.Errorf("random games met %d passes and %d ends in %d positions; the check needs both", passes, ends, positions)
	}
}

// midGame is the position after f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 c6 g5.
var midGame = []string{"f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7", "c6", "g5"}

// playLine plays the moves named from the start.
func playLine(t testing.TB, names []string) othello.State {
	t.Helper()
	s := othello.New()
	for _, name := range names {
		a := slices.IndexFunc(s.Legal(nil), func(a int) bool { return s.Label(a) == name })
		if a < 0 {
			t.Fatalf("%s is not legal in %s (legal: %v)", name, s, labels(s))
		}
		s = s.Play(s.Legal(nil)[a])
	}
	return s
}

func labels(s othello.State) []string {
	var l []string
	for _, a := range s.Legal(nil) {
		l = append(l, s.Label(a))
	}
	return l
}

// TestPerftMidGame checks the counts from a mid-game position, after f5
// d6 c3 d3 c4 f4 f6 f3 e6 e7 c6 g5, against another implementation's:
// kjirou's reversi (npm reversi 3.0.0, a square-by-square JavaScript
// engine) played the same line and counted 11, 113, 1,385, 15,665,
// 203,894, 2,425,975 and 32,552,786 move sequences at depths 1 to 7, a
// pass counting as a move and a finished game ending a sequence.
func TestPerftMidGame(t *testing.T) {
	t.Parallel()
	want := []int{1, 11, 113, 1385, 15665, 203894, 2425975, 32552786}
	if testing.Short() {
		want = want[:7]
	}
	s := playLine(t, midGame)
	for depth := 1; depth < len(want); depth++ {
		t.Run(fmt.Sprintf("depth=%d", depth), func(t *testing.T) {
			t.Parallel()
			if got := othello.Perft(s, depth); got != want[depth] {
				t.Errorf("Perft(%d) = %d, want %d", depth, got, want[depth])
			}
			if depth <= 5 {
				if got := perft(s, depth, newBufs(depth), make([]int, depth)); got != want[depth] {
					t.Errorf("perft(%d) through Legal and Play = %d, want %d", depth, got, want[depth])
				}
			}
		})
	}
}

// TestPerftAgainstNaive counts move sequences from positions of every
// phase, passes and ends included, with both move generators.
func TestPerftAgainstNaive(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		s     othello.State
		depth int
	}{
		{"mid-game", playLine(t, midGame), 4},
		{"Black must pass", mustParse(t, mustPass), 4},
		{"near the end", mustParse(t, "xxxxxxxx/xoooooox/xoxxxxox/xoxooxox/xoxoxxox/xoxxxxo./xooooo../xxxxxx.. o"), 6},
	}
	for _, tt := range tests {
		for depth := 1; depth <= tt.depth; depth++ {
			got := perft(tt.s, depth, newBufs(depth), make([]int, depth))
			if want := naiveOf(tt.s).perft(depth); got != want {
				t.Errorf("%s: perft(%d) = %d, the square-by-square count is %d", tt.name, depth, got, want)
			}
			if got := othello.Perft(tt.s, depth); got != naiveOf(tt.s).perft(depth) {
				t.Errorf("%s: Perft(%d) = %d, the square-by-square count is %d", tt.name, depth, got, naiveOf(tt.s).perft(depth))
			}
		}
	}
}

// mustPass is a position where Black, whose only disc is on g7, has no
// move, while White takes h8 and with it Black's last disc.
const mustPass = "o......./.o....../..o...../...oo.../...oo.../.....o../......x./........ x"

// TestPassAndEnd plays hand-built positions through a pass and to the end
// of the game.
func TestPassAndEnd(t *testing.T) {
	t.Parallel()
	s := mustParse(t, mustPass)
	if got := labels(s); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("Black's actions are %v, want [pass]", got)
	}
	if s.Done() {
		t.Fatal("the game is over while White can move")
	}
	s = s.Play(othello.Pass)
	if s.ToMove() != 'o' || !slices.Equal(labels(s), []string{"h8"}) {
		t.Fatalf("after the pass: %s to move with %v, want White with [h8]", s.Side(), labels(s))
	}
	s = s.Play(s.Legal(nil)[0])
	if !s.Done() || len(s.Legal(nil)) != 0 {
		t.Fatalf("after h8 Black has no disc, but the game goes on: %s", s)
	}
	black, white := s.Discs()
	if black != 0 || white != 10 || s.Winner() != 'o' {
		t.Errorf("the end: %d–%d, winner %q; want 0–10, White", black, white, s.Winner())
	}
	if got, want := s.Score(), -float64(othello.WinScore+10); got != want {
		t.Errorf("Score() for Black, wiped out = %v, want %v", got, want)
	}

	tests := []struct {
		text   string
		winner byte
		score  float64 // for the side to move
	}{
		// A full board, 32–32.
		{"xxxxxxxx/oooooooo/xxxxxxxx/oooooooo/xxxxxxxx/oooooooo/xxxxxxxx/oooooooo x", 0, 0},
		// Full, Black 33; White to move.
		{"xxxxxxxx/oooooooo/xxxxxxxx/oooooooo/xxxxxxxx/oooooooo/xxxxxxxx/xooooooo o", 'x', -(othello.WinScore + 2)},
		// Empty squares left, but no line to flank for either side.
		{"......../......../......../...xx.../...xx.../......../......../........ o", 'x', -(othello.WinScore + 4)},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.text)
		if !s.Done() || s.Winner() != tt.winner || s.Score() != tt.score {
			t.Errorf("%s: Done() = %t, Winner() = %q, Score() = %v; want true, %q, %v", tt.text, s.Done(), s.Winner(), s.Score(), tt.winner, tt.score)
		}
	}
}

func TestPlayPanicsOnIllegalAction(t *testing.T) {
	t.Parallel()
	start := othello.New().String()
	over := "......../......../......../...xx.../...xx.../......../......../........ o"
	tests := []struct {
		position string
		action   int
		want     string
	}{
		{start, 27, "othello: Play(27) in " + start + ": d4 is not empty"},
		{start, 0, "othello: Play(0) in " + start + ": a disc on a1 flanks no line of the opponent's discs"},
		{start, othello.Pass, "othello: Play(pass) in " + start + ": Black has a move, and may pass only without one"},
		{start, 65, "othello: Play(65) in " + start + ": an action is a square 0..63 or Pass (64)"},
		{start, -1, "othello: Play(-1) in " + start + ": an action is a square 0..63 or Pass (64)"},
		{over, othello.Pass, "othello: Play(pass) in " + over + ": the game is over"},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.position)
		gametest.Panics(t, fmt.Sprintf("Play(%d) in %s", tt.action, s), tt.want, func() { s.Play(tt.action) })
	}
}

func TestLabels(t *testing.T) {
	t.Parallel()
	s := othello.New()
	tests := []struct {
		action int
		want   string
	}{{0, "a1"}, {7, "h1"}, {8, "a2"}, {19, "d3"}, {63, "h8"}, {othello.Pass, "pass"}, {65, "?65"}}
	for _, tt := range tests {
		if got := s.Label(tt.action); got != tt.want {
			t.Errorf("Label(%d) = %q, want %q", tt.action, got, tt.want)
		}
	}
	// Black's four openings, as every Othello book names them.
	if got := labels(s); !slices.Equal(got, []string{"d3", "c4", "f5", "e6"}) {
		t.Errorf("Black's first moves are %v, want [d3 c4 f5 e6]", got)
	}
}

func TestNoAllocations(t *testing.T) {
	s := playLine(t, midGame)
	buf := make([]int, 0, 32)
	allocs := testing.AllocsPerRun(100, func() {
		for _, a := range s.Legal(buf[:0]) {
			c := s.Play(a)
			_ = c.Done()
			_ = c.Score()
		}
	})
	if allocs != 0 {
		t.Errorf("Legal, Play, Done and Score allocate %v times per position, want 0", allocs)
	}
}

func TestConformance(t *testing.T) {
	t.Parallel()
	roots := []othello.State{othello.New(), playLine(t, midGame), mustParse(t, mustPass)}
	gametest.Alternating(t, roots, othello.Parse, 3000)
}
