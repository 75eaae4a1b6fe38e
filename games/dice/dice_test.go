package dice_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/games/dice"
	"github.com/searchviz/searchviz/games/gametest"
)

// homeRows is the home-row start, the fixture of the tests of moves, as
// the package comment of HomeRows describes it.
const homeRows = dice.HomeRows

// spread is a position with White to move at ply 5 whose pieces have
// rays of every length ahead:
//
//	7  k . 1 . 2 . 3
//	6  . . . . . . .
//	5  . 4 . # . . .
//	4  . . # # # . .
//	3  4 . . # . 2 .
//	2  . . . . 1 . 3
//	1  K . . . . . .
const spread = "k.a.b.c/......./.d.#.../..###../D..#.B./....A.C/K...... w 5"

// rowWin is a position where White's 2 (c3) can move S to c2 or, with
// faces 2 to 6, to c1, between 1 (b1) and the King (d1).
const rowWin = "k.a.b.c/......./...#..d/..###.D/..B#.../......C/.A.K... w 9"

// mustParse reads a position or stops the test.
func mustParse(t testing.TB, text string) dice.State {
	t.Helper()
	return gametest.MustParse(t, dice.Parse, text)
}

// action returns the action labelled label, or stops the test.
func action(t testing.TB, label string) int {
	t.Helper()
	var s dice.State
	for a := range dice.Pass + 1 {
		if s.Label(a) == label {
			return a
		}
	}
	t.Fatalf("no action is labelled %q", label)
	return -1
}

// labels returns the labels of s's legal actions.
func labels(s dice.State) []string {
	var out []string
	for _, a := range s.Legal(nil) {
		out = append(out, s.Label(a))
	}
	return out
}

// cellAt returns the board's cell named name, e.g. "d4".
func cellAt(t testing.TB, s dice.State, b board.Board, name string) board.Cell {
	t.Helper()
	for r := range b.Rows {
		for c := range b.Cols {
			if s.CellName(r, c) == name {
				return b.At(r, c)
			}
		}
	}
	t.Fatalf("no cell is named %q", name)
	return board.Cell{}
}

// startText is the starting position as the package comment draws it.
const startText = "..C..../......a/DbK#.../..###../...#kBd/A....../....c.. w 0"

func TestStart(t *testing.T) {
	t.Parallel()
	s := dice.Start()
	if got := s.String(); got != startText {
		t.Fatalf("Start() = %q, want %q", got, startText)
	}
	if s.Done() || s.Winner() != 0 || s.ToMove() != dice.White || s.Ply() != 0 || s.Score() != 0 {
		t.Errorf("Start: Done %t, Winner %d, ToMove %d, Ply %d, Score %v; want a game in play, White to move at ply 0, scoring 0",
			s.Done(), s.Winner(), s.ToMove(), s.Ply(), s.Score())
	}
	// Counted on the drawing, piece by piece: the King c5 goes N (c6)
	// only, E and S being the wall, W Black's 2 and its diagonals
	// forbidden at ply 0; piece 1 (a2) N, NE, E, SE and S, the rest off
	// the board; piece 2 (f3) N, NE, SE, S and SW, E being Black's 4, W
	// Black's King and NW the wall; piece 3 (c7) E, SE, S, SW and W, the
	// rest off the board; piece 4 (a5) N, NE, SE and S, E being Black's 2.
	want := []string{
		"K N",
		"1 N", "1 NE", "1 E", "1 SE", "1 S",
		"2 N", "2 NE", "2 SE", "2 S", "2 SW",
		"3 E", "3 SE", "3 S", "3 SW", "3 W",
		"4 N", "4 NE", "4 SE", "4 S",
	}
	if got := labels(s); !slices.Equal(got, want) {
		t.Errorf("Start: legal actions %v, want the 20 %v", got, want)
	}
}

// TestStartNoFirstMoveWin checks the package comment's claim that White's
// first move cannot make a line whatever the die shows.
func TestStartNoFirstMoveWin(t *testing.T) {
	t.Parallel()
	s := dice.Start()
	for _, a := range s.Legal(nil) {
		for o := range s.Chances(a, nil) {
			if next := s.Roll(a, o); next.Winner() != 0 || next.Done() {
				t.Errorf("Start: %s rolling %s gives %q, won by %d; want no line", s.Label(a), s.OutcomeLabel(a, o), next, next.Winner())
			}
		}
	}
}

func TestChances(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		pos    string
		move   string
		sixths []int    // each outcome's probability in sixths
		faces  []string // each outcome's label
		to     []string // where each outcome puts the piece
	}{
		{"free to the edge, 6 cells", spread, "K E", []int{1, 1, 1, 1, 1, 1},
			[]string{"1", "2", "3", "4", "5", "6"}, []string{"b1", "c1", "d1", "e1", "f1", "g1"}},
		{"own piece after 1", spread, "K N", []int{6}, []string{"1-6"}, []string{"a2"}},
		{"wall after 2", spread, "K NE", []int{1, 5}, []string{"1", "2-6"}, []string{"b2", "c3"}},
		{"wall after 1", spread, "1 N", []int{6}, []string{"1-6"}, []string{"e3"}},
		{"edge after 4", spread, "1 W", []int{1, 1, 1, 3}, []string{"1", "2", "3", "4-6"}, []string{"d2", "c2", "b2", "a2"}},
		{"enemy after 4", spread, "3 N", []int{1, 1, 1, 3}, []string{"1", "2", "3", "4-6"}, []string{"g3", "g4", "g5", "g6"}},
		{"enemy after 3", spread, "4 N", []int{1, 1, 4}, []string{"1", "2", "3-6"}, []string{"a4", "a5", "a6"}},
		{"wall after 2, sideways", spread, "4 E", []int{1, 5}, []string{"1", "2-6"}, []string{"b3", "c3"}},
		{"enemy after 3 at the start", homeRows, "1 N", []int{1, 1, 4}, []string{"1", "2", "3-6"}, []string{"a3", "a4", "a5"}},
		{"own piece after 4 at the start", homeRows, "1 E", []int{1, 1, 1, 3}, []string{"1", "2", "3", "4-6"}, []string{"b2", "c2", "d2", "e2"}},
		{"edge after 5 at the start", homeRows, "2 N", []int{1, 1, 1, 1, 2}, []string{"1", "2", "3", "4", "5-6"}, []string{"f3", "f4", "f5", "f6", "f7"}},
		{"wall after 1 at the start", homeRows, "2 NW", []int{6}, []string{"1-6"}, []string{"e3"}},
		{"own piece at once at the start", homeRows, "K N", nil, nil, nil},
		{"own piece after 1, sideways", spread, "1 E", []int{6}, []string{"1-6"}, []string{"f2"}},
		{"wall after 1, diagonal", homeRows, "3 NW", []int{6}, []string{"1-6"}, []string{"f3"}},
		{"own piece at once", spread, "1 NE", nil, nil, nil},
		{"own piece at once, diagonal", spread, "2 SE", nil, nil, nil},
		{"edge at once", spread, "K S", nil, nil, nil},
		{"wall at once", rowWin, "2 E", nil, nil, nil},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.pos)
		a := action(t, tt.move)
		got := s.Chances(a, nil)
		if len(got) != len(tt.sixths) {
			t.Errorf("%s: Chances(%s) = %v, want %d outcomes", tt.name, tt.move, got, len(tt.sixths))
			continue
		}
		legal := slices.Contains(s.Legal(nil), a)
		if legal != (len(tt.sixths) > 0) {
			t.Errorf("%s: %s legal = %t, want %t", tt.name, tt.move, legal, len(tt.sixths) > 0)
		}
		sum := 0.0
		for i, p := range got {
			sum += p
			if want := float64(tt.sixths[i]) / 6; math.Abs(p-want) > 1e-12 {
				t.Errorf("%s: Chances(%s)[%d] = %v, want %d/6", tt.name, tt.move, i, p, tt.sixths[i])
			}
			if l := s.OutcomeLabel(a, i); l != tt.faces[i] {
				t.Errorf("%s: OutcomeLabel(%s, %d) = %q, want %q", tt.name, tt.move, i, l, tt.faces[i])
			}
			next := s.Roll(a, i)
			piece := tt.move[:1]
			if c := cellAt(t, next, next.Board(), tt.to[i]); c.Kind != board.Piece || c.Owner != board.First || c.Mark != piece {
				t.Errorf("%s: %s rolling %s puts %+v on %s, want White's %s", tt.name, tt.move, tt.faces[i], c, tt.to[i], piece)
			}
		}
		if len(got) > 0 && math.Abs(sum-1) > 1e-12 {
			t.Errorf("%s: Chances(%s) = %v sums to %v, want 1", tt.name, tt.move, got, sum)
		}
		if l := s.OutcomeLabel(a, len(got)); l != "?" {
			t.Errorf("%s: OutcomeLabel(%s, %d) = %q, want ? for an outcome it does not have", tt.name, tt.move, len(got), l)
		}
	}
}

func TestChancesAppend(t *testing.T) {
	t.Parallel()
	s := mustParse(t, spread)
	buf := []float64{-1}
	got := s.Chances(action(t, "K NE"), buf)
	if len(got) != 3 || got[0] != -1 {
		t.Errorf("Chances(K NE, [-1]) = %v, want -1 followed by the 2 outcomes", got)
	}
	legal := s.Legal([]int{-1})
	if len(legal) < 2 || legal[0] != -1 || !slices.Equal(legal[1:], s.Legal(nil)) {
		t.Errorf("Legal([-1]) = %v, want -1 followed by %v", legal, s.Legal(nil))
	}
}

// TestProbabilitiesSumToOne checks every legal action of the positions of
// random games.
func TestProbabilitiesSumToOne(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		s := dice.Start()
		for !s.Done() {
			legal := s.Legal(nil)
			for _, a := range legal {
				sum := 0.0
				for _, p := range s.Chances(a, nil) {
					if p <= 0 {
						t.Fatalf("%q: Chances(%s) = %v, want positive probabilities", s, s.Label(a), s.Chances(a, nil))
					}
					sum += p
				}
				if math.Abs(sum-1) > 1e-12 {
					t.Fatalf("%q: Chances(%s) = %v sums to %v, want 1", s, s.Label(a), s.Chances(a, nil), sum)
				}
			}
			a := legal[rng.IntN(len(legal))]
			s = s.Roll(a, rng.IntN(len(s.Chances(a, nil))))
		}
	}
}

func TestWinByRoll(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		pos     string
		move    string
		outcome int
		winner  int
	}{
		{"row, King at the end", rowWin, "2 S", 1, dice.White},
		{"row, one short", rowWin, "2 S", 0, 0},
		// 2 (c3) W: b3, then a3 above 1 (a2) and the King (a1).
		{"column", "k.a.b.c/......./...#..d/..###../..B#D../A....../K.....C w 9", "2 W", 1, dice.White},
		{"column, one short", "k.a.b.c/......./...#..d/..###../..B#D../A....../K.....C w 9", "2 W", 0, 0},
		// 2 (c1) N: c2, then c3, on the diagonal a1 (1), b2 (King).
		{"diagonal, King in the middle", "k.a.b.c/......./...#..d/..###../...#..D/.K...../A.B...C w 9", "2 N", 1, dice.White},
		{"diagonal, one short", "k.a.b.c/......./...#..d/..###../...#..D/.K...../A.B...C w 9", "2 N", 0, 0},
		// 2 (a5) S: a4, a3 on the anti-diagonal a3, b2 (1), c1 (King), a2, a1.
		{"anti-diagonal", "k.a.b.c/......./B..#..d/..###../...#..D/.A...../..K...C w 9", "2 S", 1, dice.White},
		{"anti-diagonal, passed", "k.a.b.c/......./B..#..d/..###../...#..D/.A...../..K...C w 9", "2 S", 2, 0},
		// 4 (c3) S: c2, then c1 between 2 (b1) and the King (d1), 3 (e1).
		{"four in a row", "k.a.b.c/......./...#..d/..###../..D#.../A....../.B.KC.. w 9", "4 S", 1, dice.White},
		// 3 (c3) S to c1 beside 1 (a1) and 2 (b1), the King far away.
		{"three without the King", "k.a.b.c/......./...#..d/..###.K/..C#.../......D/AB..... w 9", "3 S", 1, 0},
		// 2 (a3) E stops at b3 before 1 (c3); the wall d3 lies between
		// them and the King (e3).
		{"wall in the line", "k.a.b.c/......./...#..d/..###../B.A#K../......./.....CD w 9", "2 E", 0, 0},
		// The King (b1) E to c1 beside 1 (d1), 2 (e1).
		{"the King completes", "k.a.b.c/......./...#..d/..###../...#..D/......./.K.AB.C w 9", "K E", 0, dice.White},
		// Black's 2 (e5) E: f5, then g5 below 1 (g6) and the King (g7).
		{"Black, column", "cd....k/......a/...#b../..###../...#.../......./A.BK.CD b 8", "2 E", 1, dice.Black},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.pos)
		if s.Done() {
			t.Fatalf("%s: %q is over before the move", tt.name, tt.pos)
		}
		a := action(t, tt.move)
		next := s.Roll(a, tt.outcome)
		if next.Winner() != tt.winner || next.Done() != (tt.winner != 0) {
			t.Errorf("%s: %q, %s rolling %s: Winner %d, Done %t; want Winner %d",
				tt.name, tt.pos, tt.move, s.OutcomeLabel(a, tt.outcome), next.Winner(), next.Done(), tt.winner)
			continue
		}
		if tt.winner == 0 {
			continue
		}
		if got := next.Legal(nil); len(got) != 0 {
			t.Errorf("%s: won, Legal = %v, want none", tt.name, got)
		}
		if next.Score() != -1 {
			t.Errorf("%s: won, Score = %v for the loser to move, want -1", tt.name, next.Score())
		}
		if c := next.Chances(action(t, "K N"), nil); len(c) != 0 {
			t.Errorf("%s: won, Chances(K N) = %v, want none", tt.name, c)
		}
	}
}

// lineRuns is each line direction as a change of row and column: along a
// row, a column, a diagonal and an anti-diagonal.
var lineRuns = [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

// wallCells are the wall cells by row (0 the top, row 7) and column.
var wallCells = [][2]int{{2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 3}}

// kingLine reports whether the side whose letters are upper case (White)
// or lower case (Black) in the board text has three or more adjacent
// pieces in a line through its King, read from the text alone.
func kingLine(text string, white bool) bool {
	rows := strings.Split(strings.Fields(text)[0], "/")
	own := func(r, c int) bool {
		if r < 0 || r >= 7 || c < 0 || c >= 7 {
			return false
		}
		ch := rows[r][c]
		if white {
			return strings.IndexByte("KABCD", ch) >= 0
		}
		return strings.IndexByte("kabcd", ch) >= 0
	}
	king := byte('k')
	if white {
		king = 'K'
	}
	for r := range 7 {
		c := strings.IndexByte(rows[r], king)
		if c < 0 {
			continue
		}
		for _, run := range lineRuns {
			n := 1
			for _, sign := range []int{1, -1} {
				for i := 1; own(r+sign*i*run[0], c+sign*i*run[1]); i++ {
					n++
				}
			}
			if n >= 3 {
				return true
			}
		}
	}
	return false
}

// grid is a board being built for a position text.
type grid [7][7]byte

// newGrid returns the empty board with its wall.
func newGrid() grid {
	var g grid
	for r := range g {
		for c := range g[r] {
			g[r][c] = '.'
		}
	}
	for _, w := range wallCells {
		g[w[0]][w[1]] = '#'
	}
	return g
}

// text returns the position text of g with the given side and ply.
func (g grid) text(tail string) string {
	rows := make([]string, 7)
	for r := range g {
		rows[r] = string(g[r][:])
	}
	return strings.Join(rows, "/") + " " + tail
}

// near reports whether (r, c) is one of cells or next to one, diagonals
// included.
func near(r, c int, cells [][2]int) bool {
	for _, q := range cells {
		if max(r-q[0], q[0]-r) <= 1 && max(c-q[1], q[1]-c) <= 1 {
			return true
		}
	}
	return false
}

// park puts each of letters on an empty cell of g away from avoid and
// from the pieces parked before it, so that they make no line.
func park(t *testing.T, g *grid, letters string, avoid [][2]int) {
	t.Helper()
	avoid = slices.Clone(avoid)
	for _, l := range []byte(letters) {
		placed := false
		for r := 0; r < 7 && !placed; r++ {
			for c := 0; c < 7 && !placed; c++ {
				if g[r][c] == '.' && !near(r, c, avoid) {
					g[r][c] = l
					avoid = append(avoid, [2]int{r, c})
					placed = true
				}
			}
		}
		if !placed {
			t.Fatalf("no cell to park %c on\n%s", l, g.text(""))
		}
	}
}

// TestEveryLine builds, for every three adjacent cells free of the wall in
// every row, column, diagonal and anti-diagonal, and for each side, a
// position with the side's King and two pieces on them (the King at each
// place in turn), which the side wins; the same with the King elsewhere
// and three pieces on them, and with a gap before the third, which it does
// not.
func TestEveryLine(t *testing.T) {
	t.Parallel()
	lines := 0
	for _, run := range lineRuns {
		for r := range 7 {
			for c := range 7 {
				var cells [][2]int
				for i := range 4 {
					rr, cc := r+i*run[0], c+i*run[1]
					if rr < 0 || rr >= 7 || cc < 0 || cc >= 7 || slices.Contains(wallCells, [2]int{rr, cc}) {
						break
					}
					cells = append(cells, [2]int{rr, cc})
				}
				if len(cells) < 3 {
					continue
				}
				lines++
				for _, white := range []bool{true, false} {
					checkLine(t, cells, white)
				}
			}
		}
	}
	// Counted by hand: rows 7, 6, 2 and 1 have 5 triples each, rows 5 and 3
	// two (a-c and e-g), row 4 none: 24; the columns alike: 24. Of the
	// diagonals, the long one has 2 (a7-c5, e3-g1), its neighbours none
	// (each crosses the wall twice), the ones of 5, 4 and 3 cells 3, 2
	// and 1 on each side: 14; the anti-diagonals alike: 14.
	if lines != 76 {
		t.Errorf("%d lines of three cells without a wall cell, want 76", lines)
	}
}

// checkLine checks the positions of one line of three cells (and the
// cell after it, if any) for one side.
func checkLine(t *testing.T, cells [][2]int, white bool) {
	t.Helper()
	king, pieces, others := "K", "AB", "CD"
	opp, mover, winner := "kabcd", "b", dice.White
	if !white {
		king, pieces, others = "k", "ab", "cd"
		opp, mover, winner = "KABCD", "w", dice.Black
	}
	triple := cells[:3]
	for k := range 3 {
		g := newGrid()
		p := 0
		for i, q := range triple {
			if i == k {
				g[q[0]][q[1]] = king[0]
			} else {
				g[q[0]][q[1]] = pieces[p]
				p++
			}
		}
		park(t, &g, others, triple)
		park(t, &g, opp, triple)
		text := g.text(mover + " 1")
		s := mustParse(t, text)
		if s.Winner() != winner || !s.Done() || !kingLine(text, white) {
			t.Errorf("%q: Winner %d, Done %t; want a win for %d", text, s.Winner(), s.Done(), winner)
		}
	}

	g := newGrid()
	for i, q := range triple {
		g[q[0]][q[1]] = "ABC"[i]
		if !white {
			g[q[0]][q[1]] = "abc"[i]
		}
	}
	park(t, &g, king+others[1:], triple)
	park(t, &g, opp, triple)
	text := g.text(mover + " 1")
	if s := mustParse(t, text); s.Winner() != 0 || s.Done() {
		t.Errorf("%q, three without the King: Winner %d, Done %t; want no win", text, s.Winner(), s.Done())
	}

	if len(cells) < 4 {
		return
	}
	g = newGrid()
	gapped := [][2]int{cells[0], cells[1], cells[3]}
	for i, q := range gapped {
		g[q[0]][q[1]] = (king + pieces)[i]
	}
	park(t, &g, others, cells)
	park(t, &g, opp, cells)
	text = g.text(mover + " 1")
	if s := mustParse(t, text); s.Winner() != 0 || s.Done() {
		t.Errorf("%q, a gap in the line: Winner %d, Done %t; want no win", text, s.Winner(), s.Done())
	}
}

func TestFirstMoveRule(t *testing.T) {
	t.Parallel()
	board := strings.Fields(homeRows)[0]
	tests := []struct {
		tail string
		want int // legal actions
		king []string
	}{
		// White at ply 0 (TestStart): no K NE, though b2 is free.
		{"w 0", 15, []string{"K E"}},
		// Later, the King's diagonal to b2 is a move too; its other
		// diagonals leave the board.
		{"w 1", 16, []string{"K NE", "K E"}},
		// By the point symmetry, Black moving first has 15 moves: its King
		// g7 goes W, but not SW to the free f6.
		{"b 0", 15, []string{"K W"}},
		{"b 1", 16, []string{"K SW", "K W"}},
	}
	for _, tt := range tests {
		s := mustParse(t, board+" "+tt.tail)
		got := labels(s)
		var king []string
		for _, l := range got {
			if strings.HasPrefix(l, "K ") {
				king = append(king, l)
			}
		}
		if len(got) != tt.want || !slices.Equal(king, tt.king) {
			t.Errorf("%s: %d legal actions, King's %v; want %d, %v", tt.tail, len(got), king, tt.want, tt.king)
		}
	}
	s := mustParse(t, homeRows)
	if c := s.Chances(action(t, "K NE"), nil); len(c) != 0 {
		t.Errorf("Start: Chances(K NE) = %v, want none: not a legal first move", c)
	}
	next := s.Roll(action(t, "1 N"), 0)
	if !slices.Contains(labels(next), "K SW") {
		t.Errorf("after White's first move, Black's actions %v, want its King's diagonal K SW among them", labels(next))
	}
}

func TestRoll(t *testing.T) {
	t.Parallel()
	s := mustParse(t, homeRows)
	before := s
	a := action(t, "1 E")
	next := s.Roll(a, 3)
	if s != before || s.String() != homeRows {
		t.Errorf("Roll changed its receiver to %q", s)
	}
	// 1 (a2) E rolling 4-6 stops on e2, before 2 (f2).
	const want = "d.....k/cb....a/...#.../..###../...#.../....ABC/K.....D b 1"
	if got := next.String(); got != want {
		t.Errorf("Start, 1 E rolling 4-6: %q, want %q", got, want)
	}
	if next.ToMove() != dice.Black || next.Ply() != 1 || next.Done() {
		t.Errorf("after White's move: ToMove %d, Ply %d, Done %t; want Black to move at ply 1", next.ToMove(), next.Ply(), next.Done())
	}
	if again := next.Roll(action(t, "1 S"), 0); again.ToMove() != dice.White || again.Ply() != 2 {
		t.Errorf("after Black's move: ToMove %d, Ply %d; want White at ply 2", again.ToMove(), again.Ply())
	}
	if s.Roll(a, 3) != next {
		t.Errorf("Roll(1 E, 3) twice gives different states")
	}
}

func TestRollPanics(t *testing.T) {
	t.Parallel()
	s := mustParse(t, homeRows)
	gametest.Panics(t, "Roll(K NE) at ply 0", `dice: Roll(1, 0) in "`+homeRows+`": K NE is not a legal action`,
		func() { s.Roll(1, 0) })
	gametest.Panics(t, "Roll(1 N, 3)", `dice: Roll(8, 3) in "`+homeRows+`": 1 N has outcomes 0..2`,
		func() { s.Roll(8, 3) })
	gametest.Panics(t, "Roll(1 N, -1)", `dice: Roll(8, -1) in "`+homeRows+`": 1 N has outcomes 0..2`,
		func() { s.Roll(8, -1) })
	gametest.Panics(t, "Roll(pass)", `dice: Roll(40, 0) in "`+homeRows+`": pass is not a legal action`,
		func() { s.Roll(dice.Pass, 0) })
	gametest.Panics(t, "Roll(41)", `dice: Roll(41, 0) in "`+homeRows+`": ?41 is not a legal action`,
		func() { s.Roll(41, 0) })
}

func TestLabels(t *testing.T) {
	t.Parallel()
	var s dice.State
	tests := []struct {
		action int
		want   string
	}{
		{0, "K N"}, {1, "K NE"}, {7, "K NW"}, {8, "1 N"}, {20, "2 S"}, {39, "4 NW"},
		{dice.Pass, "pass"}, {41, "?41"}, {-1, "?-1"},
	}
	for _, tt := range tests {
		if got := s.Label(tt.action); got != tt.want {
			t.Errorf("Label(%d) = %q, want %q", tt.action, got, tt.want)
		}
	}
}

// stuckText has White to move at ply 0 with every piece hemmed in but the
// King, whose only free neighbour, c5, is diagonal: the first-move rule
// leaves White no move. White has 1, 2, 3 on a7, b7, c7, 4 on a6 and the
// King on b6; Black has its King on a5, 1 on b5, 2 on c6, 3 on d6 and 4
// on d7.
const stuckText = "ABCd.../DKbc.../ka.#.../..###../...#.../......./....... w 0"

func TestPass(t *testing.T) {
	t.Parallel()
	s := mustParse(t, stuckText)
	if got := s.Legal(nil); !slices.Equal(got, []int{dice.Pass}) {
		t.Fatalf("%q: Legal = %v, want only the pass", stuckText, labels(s))
	}
	if s.Done() {
		t.Errorf("%q: Done, want the game to go on", stuckText)
	}
	if c := s.Chances(dice.Pass, nil); !slices.Equal(c, []float64{1}) || s.OutcomeLabel(dice.Pass, 0) != "1-6" {
		t.Errorf("Chances(pass) = %v, OutcomeLabel %q; want [1], 1-6", c, s.OutcomeLabel(dice.Pass, 0))
	}
	next := s.Roll(dice.Pass, 0)
	const want = "ABCd.../DKbc.../ka.#.../..###../...#.../......./....... b 1"
	if next.String() != want {
		t.Errorf("after the pass: %q, want %q", next, want)
	}
	if b := s.Board(); !strings.HasSuffix(b.Caption, "must pass") {
		t.Errorf("caption %q, want it to say White must pass", b.Caption)
	}
	// At ply 1 the King may step SE to c5, its only move.
	later := mustParse(t, strings.Replace(stuckText, "w 0", "w 1", 1))
	if got := labels(later); !slices.Equal(got, []string{"K SE"}) {
		t.Errorf("at ply 1: %v, want [K SE]", got)
	}
	if c := later.Chances(dice.Pass, nil); len(c) != 0 {
		t.Errorf("at ply 1: Chances(pass) = %v, want none: a side with a move may not pass", c)
	}
}

// TestNoSideWalledIn checks the package comment's claim that the pass
// happens only under the first-move rule: any five cells of the board
// have at least six free neighbours, more than five opponent pieces can
// fill.
func TestNoSideWalledIn(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("visits every set of five cells")
	}
	var free [][2]int
	for r := range 7 {
		for c := range 7 {
			if !slices.Contains(wallCells, [2]int{r, c}) {
				free = append(free, [2]int{r, c})
			}
		}
	}
	fewest := 49
	var set [][2]int
	var visit func(from int)
	visit = func(from int) {
		if len(set) == 5 {
			var around [7][7]bool
			n := 0
			for _, q := range set {
				for dr := -1; dr <= 1; dr++ {
					for dc := -1; dc <= 1; dc++ {
						r, c := q[0]+dr, q[1]+dc
						if r < 0 || r >= 7 || c < 0 || c >= 7 || around[r][c] ||
							slices.Contains(set, [2]int{r, c}) || slices.Contains(wallCells, [2]int{r, c}) {
							continue
						}
						around[r][c] = true
						n++
					}
				}
			}
			fewest = min(fewest, n)
			return
		}
		for i := from; i < len(free); i++ {
			set = append(set, free[i])
			visit(i + 1)
			set = set[:len(set)-1]
		}
	}
	visit(0)
	if fewest != 6 {
		t.Errorf("five cells have at least %d free neighbours, want 6", fewest)
	}
}

func TestMoveLimit(t *testing.T) {
	t.Parallel()
	// One ply before the limit, a move that makes no line draws.
	s := mustParse(t, strings.Replace(homeRows, "w 0", "w 199", 1))
	end := s.Roll(action(t, "1 N"), 0)
	if !end.Done() || end.Winner() != 0 || end.Score() != 0 || len(end.Legal(nil)) != 0 || end.Ply() != dice.MaxPlies {
		t.Errorf("at ply %d: Done %t, Winner %d, Score %v, Legal %v; want a draw with no actions",
			end.Ply(), end.Done(), end.Winner(), end.Score(), end.Legal(nil))
	}
	if b := end.Board(); b.Caption != "draw: 200 plies played" {
		t.Errorf("caption %q, want the draw", b.Caption)
	}
	// A line made by the last ply wins.
	win := mustParse(t, strings.Replace(rowWin, "w 9", "w 199", 1)).Roll(action(t, "2 S"), 1)
	if !win.Done() || win.Winner() != dice.White {
		t.Errorf("a line at ply 200: Done %t, Winner %d, want White's win", win.Done(), win.Winner())
	}
	if p := mustParse(t, end.String()); !p.Done() || p != end {
		t.Errorf("%q parsed: Done %t, want the same finished game", end, p.Done())
	}
}

// TestRandomGames plays random games from the start, rolling the die by
// the probabilities, and checks each position against the rules read from
// its text: every game ends within MaxPlies, a won game is won by the side
// that just moved with a line through its King, and a drawn one reached
// the limit with no line.
func TestRandomGames(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 11))
	ends := map[int]int{}
	for range 500 {
		s := dice.Start()
		for plies := 0; ; plies++ {
			text := s.String()
			legal := s.Legal(nil)
			if s.Done() != (len(legal) == 0) {
				t.Fatalf("%q: Done %t, Legal %v", text, s.Done(), legal)
			}
			if s.Ply() != plies || s.ToMove() != 1-2*(plies%2) {
				t.Fatalf("%q after %d plies: Ply %d, ToMove %d", text, plies, s.Ply(), s.ToMove())
			}
			if p, err := dice.Parse(text); err != nil || p != s {
				t.Fatalf("%q parsed: %v, %v; want the same state", text, p, err)
			}
			white, black := kingLine(text, true), kingLine(text, false)
			if s.Done() {
				mover := -s.ToMove()
				switch {
				case s.Winner() != 0 && (s.Winner() != mover || !(mover == dice.White && white && !black || mover == dice.Black && black && !white)):
					t.Fatalf("%q: won by %d; White's line %t, Black's %t", text, s.Winner(), white, black)
				case s.Winner() == 0 && (plies != dice.MaxPlies || white || black):
					t.Fatalf("%q: drawn after %d plies; White's line %t, Black's %t", text, plies, white, black)
				case s.Score() != float64(s.Winner()*s.ToMove()):
					t.Fatalf("%q: Score %v, want %d", text, s.Score(), s.Winner()*s.ToMove())
				}
				ends[s.Winner()]++
				break
			}
			if white || black {
				t.Fatalf("%q: a line, but the game goes on", text)
			}
			a := legal[rng.IntN(len(legal))]
			chances := s.Chances(a, nil)
			o, x := 0, rng.Float64()
			for ; o < len(chances)-1 && x >= chances[o]; o++ {
				x -= chances[o]
			}
			s = s.Roll(a, o)
		}
	}
	if ends[dice.White] == 0 || ends[dice.Black] == 0 {
		t.Errorf("results of 500 random games: %v; want wins for both sides", ends)
	}
}

func TestNoAllocations(t *testing.T) {
	s := dice.Start()
	buf := make([]int, 0, dice.Pass+1)
	probs := make([]float64, 0, dice.Faces)
	allocs := testing.AllocsPerRun(100, func() {
		legal := s.Legal(buf[:0])
		c := s.Chances(legal[3], probs[:0])
		next := s.Roll(legal[3], len(c)-1)
		_ = next.Done()
		_ = next.Winner()
		_ = next.Score()
	})
	if allocs != 0 {
		t.Errorf("Legal, Chances, Roll, Done, Winner and Score allocate %v times, want 0", allocs)
	}
}
