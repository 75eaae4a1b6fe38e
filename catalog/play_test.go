package catalog

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/dice"
)

func TestNewMatchRefuses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		game, position string
		want           string
	}{
		{"chess", "", `unknown game "chess"`},
		{"maze", "", "maze is a one-player game, and a match needs two players"},
		{"tree", "", "tree's position text does not say whose turn it is"},
		{"tictactoe", "xxx/ooo/...", "position: tictactoe"},
		{"twinmaze h=2", "", "h=2 is out of range"},
		{"tictactoe x=", "", "game: "},
	}
	for _, tt := range tests {
		_, err := NewMatch(tt.game, tt.position, 0)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("NewMatch(%q, %q): %v, want an error containing %q", tt.game, tt.position, err, tt.want)
		}
	}
}

// TestMatchTicTacToe plays games of tic-tac-toe by hand: the sides take
// turns, x being side 0, and three in a row wins for the side that made
// it, whoever is to move at the end.
func TestMatchTicTacToe(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		actions []int // cells 0..8, row by row from the top
		result  float64
		end     string
	}{
		{"x wins on the top row", []int{0, 3, 1, 4, 2}, 1, "xxx/oo./..."},
		{"o wins on the middle row", []int{0, 3, 1, 4, 8, 5}, 0, "xx./ooo/..x"},
		{"a draw", []int{0, 1, 2, 4, 3, 5, 7, 6, 8}, 0.5, "xox/xoo/oxx"},
	}
	for _, tt := range tests {
		m, err := NewMatch("tictactoe", "", 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Result(); got != 0.5 {
			t.Errorf("%s: Result before the end = %v, want 0.5", tt.name, got)
		}
		for i, a := range tt.actions {
			if got, want := m.Movers(), []int{i % 2}; !slices.Equal(got, want) {
				t.Fatalf("%s: move %d: Movers = %v, want %v", tt.name, i, got, want)
			}
			before := m.Position()
			p, err := m.Play(a)
			if err != nil {
				t.Fatalf("%s: move %d: %v", tt.name, i, err)
			}
			if p.Position != before || p.Chance != -1 || len(p.Labels) != 1 {
				t.Errorf("%s: move %d: ply %+v, want position %q, no chance, one label", tt.name, i, p, before)
			}
		}
		if !m.Done() || len(m.Movers()) != 0 {
			t.Errorf("%s: not over after the last move: movers %v", tt.name, m.Movers())
		}
		if m.Position() != tt.end {
			t.Errorf("%s: end %q, want %q", tt.name, m.Position(), tt.end)
		}
		if got := m.Result(); got != tt.result {
			t.Errorf("%s: Result = %v, want %v", tt.name, got, tt.result)
		}
		if _, err := m.Play(0); err == nil || !strings.Contains(err.Error(), "the game is over") {
			t.Errorf("%s: Play after the end: %v, want an error", tt.name, err)
		}
	}
}

func TestMatchPlayRefuses(t *testing.T) {
	t.Parallel()
	m, err := NewMatch("tictactoe", "x../.../...", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, actions := range [][]int{{0}, {9}, {-1}, {1, 2}, {}} {
		if _, err := m.Play(actions...); err == nil {
			t.Errorf("Play(%v) in %s: no error", actions, m.Position())
		}
	}
	if m.Position() != "x../.../..." {
		t.Errorf("a refused move changed the position to %q", m.Position())
	}
}

func TestThink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m, err := NewMatch("tictactoe", "xx./oo./...", 0)
	if err != nil {
		t.Fatal(err)
	}
	// x to move completes the top row: every engine that sees it wins.
	c, err := m.Think(ctx, 0, "alphabeta depth=9", 5)
	if err != nil {
		t.Fatal(err)
	}
	if c.Action != 2 || c.Label == "" || c.Side != 0 {
		t.Errorf("Think = %+v, want action 2, the winning move, with its label", c)
	}
	refusals := []struct {
		side   int
		engine string
		want   string
	}{
		{1, "alphabeta", "side 1 is not to move"},
		{0, "duct", "duct searches games where two players move at once"},
		{0, "greedy", "greedy searches one-player games"},
		{0, "mcts seed=3", "a match seeds each move's search itself"},
		{0, "alphabeta depth=99", "depth=99 is out of range"},
		{0, "alfabeta", `unknown algorithm "alfabeta"`},
	}
	for _, tt := range refusals {
		if _, err := m.Think(ctx, tt.side, tt.engine, 0); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Think(%d, %q): %v, want an error containing %q", tt.side, tt.engine, err, tt.want)
		}
		if tt.side == 0 {
			if err := m.Check(tt.engine); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check(%q): %v, want an error containing %q", tt.engine, err, tt.want)
			}
		}
	}
}

// TestThinkSimultaneous checks that in the twin maze both players move at
// once and that side 1's engine plays the action its search chose for
// player 1: the same search, run again, reports it as Action1.
func TestThinkSimultaneous(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m, err := NewMatch("twinmaze", "", 3)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Movers(); !slices.Equal(got, []int{0, 1}) {
		t.Fatalf("Movers = %v, want [0 1]", got)
	}
	var actions []int
	for side := range 2 {
		c, err := m.Think(ctx, side, "duct playouts=200", 11)
		if err != nil {
			t.Fatal(err)
		}
		want := c.Search.Action
		if side == 1 {
			want = c.Search.Action1
		}
		if c.Action != want || want < 0 {
			t.Errorf("side %d: action %d, want the search's %d", side, c.Action, want)
		}
		r, err := Prepare(Request{Game: "twinmaze", Algo: "duct playouts=200", Position: m.Position(), Seed: 11, SeedSet: true})
		if err != nil {
			t.Fatal(err)
		}
		res, err := r.Search(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Action != c.Search.Action || res.Action1 != c.Search.Action1 {
			t.Errorf("side %d: rerun chose %d/%d, the match %d/%d", side, res.Action, res.Action1, c.Search.Action, c.Search.Action1)
		}
		actions = append(actions, c.Action)
	}
	p, err := m.Play(actions...)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Labels) != 2 {
		t.Errorf("labels %v, want one per player", p.Labels)
	}
}

func TestSideResult(t *testing.T) {
	t.Parallel()
	tests := []struct {
		score float64
		turn  int
		want  float64
	}{
		{1, 0, 1}, {-1, 0, 0}, {0, 0, 0.5},
		{1, 1, 0}, {-1, 1, 1}, {0, 1, 0.5},
		{-1000, 1, 1},
	}
	for _, tt := range tests {
		if got := sideResult(tt.score, tt.turn); got != tt.want {
			t.Errorf("sideResult(%v, %d) = %v, want %v", tt.score, tt.turn, got, tt.want)
		}
	}
}

func TestDrawOutcome(t *testing.T) {
	t.Parallel()
	tests := []struct {
		probs []float64
		u     float64
		want  int
	}{
		{[]float64{1}, 0.999, 0},
		{[]float64{0.5, 0.5}, 0.49, 0},
		{[]float64{0.5, 0.5}, 0.5, 1},
		{[]float64{0, 1}, 0, 1},                // an outcome of probability 0 is never drawn
		{[]float64{0.3, 0.3, 0.3, 0}, 0.95, 2}, // a sum short of u by rounding: the last possible
	}
	for _, tt := range tests {
		if got := drawOutcome(tt.probs, tt.u); got != tt.want {
			t.Errorf("drawOutcome(%v, %v) = %d, want %d", tt.probs, tt.u, got, tt.want)
		}
	}
}

// TestChanceReferee plays a game of dice, a game with chance, through its
// referee with random moves: the sides alternate, every move is followed
// by an outcome the game allows, and the game ends with a result.
func TestChanceReferee(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	ref := chanceReferee(dice.Start(), 0)
	for ply := 0; len(ref.movers) > 0; ply++ {
		if ply > dice.MaxPlies {
			t.Fatalf("no end after %d plies", ply)
		}
		if got := ref.movers; !slices.Equal(got, []int{ply % 2}) {
			t.Fatalf("ply %d: movers %v, want [%d]", ply, got, ply%2)
		}
		legal := ref.legal(ref.movers[0], nil)
		s, err := dice.Parse(ref.text)
		if err != nil {
			t.Fatal(err)
		}
		a := legal[rng.IntN(len(legal))]
		n := len(s.Chances(a, nil))
		var o int
		var label string
		ref, o, label = ref.play([]int{a}, rng)
		if o < 0 || o >= n || label == "" {
			t.Fatalf("ply %d: outcome %d %q of %d", ply, o, label, n)
		}
	}
	if r := ref.result(); r != 0 && r != 0.5 && r != 1 {
		t.Errorf("result %v", r)
	}
}

// TestThinkPlayerOne gives side 1 of the twin maze, B, the only move that
// scores in the last turn, stepping left onto the 9 (A cannot reach it):
// B's engine must play it, whatever A's engine chooses.
func TestThinkPlayerOne(t *testing.T) {
	t.Parallel()
	m, err := NewMatch("twinmaze", "1:A..../...9B", 0)
	if err != nil {
		t.Fatal(err)
	}
	c, err := m.Think(context.Background(), 1, "duct playouts=300", 4)
	if err != nil {
		t.Fatal(err)
	}
	if c.Label != "left" {
		t.Errorf("B plays %q, want left, onto the 9", c.Label)
	}
}

// TestMatchBoardKeepsScores plays the twin maze and checks that the
// match's board says the scores collected, which the position's text does
// not carry: A steps onto the 5 and B onto the 3, then both onto empty
// cells, 5 to 3 at the end.
func TestMatchBoardKeepsScores(t *testing.T) {
	t.Parallel()
	m, err := NewMatch("twinmaze", "2:A5..3B/2....9", 0)
	if err != nil {
		t.Fatal(err)
	}
	move := func(label string, side int) int {
		t.Helper()
		for _, mv := range m.Moves(side) {
			if mv.Label == label {
				return mv.Action
			}
		}
		t.Fatalf("side %d has no move %q", side, label)
		return -1
	}
	for _, turn := range []struct {
		a, b, caption string
	}{
		{"right", "left", "1 turn left, A 5 – B 3"},
		{"down", "right", "A wins 5 – 3"},
	} {
		if _, err := m.Play(move(turn.a, 0), move(turn.b, 1)); err != nil {
			t.Fatal(err)
		}
		b, ok := m.Board()
		if !ok || b.Caption != turn.caption {
			t.Errorf("after A %s, B %s: the board says %q (%v), want %q", turn.a, turn.b, b.Caption, ok, turn.caption)
		}
	}
}
