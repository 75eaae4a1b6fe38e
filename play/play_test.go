package play

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/internal/testenv"
)

func TestNewRefuses(t *testing.T) {
	testenv.SkipUnderRace(t, "checks the configurations New refuses")
	t.Parallel()
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"no such side", Config{Game: "tictactoe", Engine: "alphabeta", Person: 2}, "side 2 is not a side"},
		{"no such game", Config{Game: "chess", Engine: "alphabeta"}, `unknown game "chess"`},
		{"one player", Config{Game: "maze", Engine: "greedy"}, "a match needs two players"},
		{"no sides in the text", Config{Game: "tree", Engine: "minimax"}, "does not say whose turn it is"},
		{"another family", Config{Game: "tictactoe", Engine: "duct"}, "duct searches"},
		{"a seed given", Config{Game: "tictactoe", Engine: "mcts seed=3"}, "names a seed"},
		{"a parameter out of range", Config{Game: "tictactoe", Engine: "minimax depth=999"}, "depth"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := New(tt.cfg)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("New(%+v) = %v, want an error containing %q", tt.cfg, err, tt.want)
			}
		})
	}
}

// playOut plays g to its end, the person choosing uniformly among their
// legal moves with rng and the engine answering, checking at each turn
// that only the side to move may move.
func playOut(t *testing.T, g *Game, rng *rand.Rand) {
	t.Helper()
	ctx := context.Background()
	for range MaxPlies {
		switch g.Turn() {
		case TurnOver:
			return
		case TurnEngine:
			if err := g.Move(ctx, 0); err == nil || !strings.Contains(err.Error(), "not your turn") {
				t.Fatalf("a person's move on the engine's turn: %v, want refused", err)
			}
			if err := g.Answer(ctx); err != nil {
				t.Fatalf("Answer in %s: %v", g.match.Position(), err)
			}
		case TurnPerson:
			if err := g.Answer(ctx); err == nil {
				t.Fatalf("the engine moved on the person's turn in %s", g.match.Position())
			}
			moves := g.State().Moves
			if len(moves) == 0 {
				t.Fatalf("the person is to move in %s with no moves", g.match.Position())
			}
			if err := g.Move(ctx, moves[rng.IntN(len(moves))].Action); err != nil {
				t.Fatalf("Move: %v", err)
			}
		}
	}
	t.Fatalf("the game did not end in %d moves", MaxPlies)
}

// TestPerfectPlayNeverLoses plays tic-tac-toe against AlphaBeta searching
// to the end: tic-tac-toe is a draw with perfect play, so a person moving
// at random can never win, from either side.
func TestPerfectPlayNeverLoses(t *testing.T) {
	t.Parallel()
	for person := range 2 {
		for seed := range int64(20) {
			t.Run(fmt.Sprintf("person%d/seed%d", person, seed), func(t *testing.T) {
				t.Parallel()
				g, err := New(Config{Game: "tictactoe", Engine: "alphabeta", Person: person, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				playOut(t, g, rand.New(rand.NewPCG(uint64(seed), 1)))
				st := g.State()
				if st.Result == 1 {
					t.Fatalf("person %d, seed %d: the person won against perfect play: %+v", person, seed, st.Plies)
				}
				if st.Over == "" || st.Turn != TurnOver {
					t.Fatalf("a finished game says %q, turn %q", st.Over, st.Turn)
				}
			})
		}
	}
}

// TestEveryTwoSidedGamePlaysToTheEnd plays each two-player game of the
// catalog from its start with an engine of its family.
func TestEveryTwoSidedGamePlaysToTheEnd(t *testing.T) {
	t.Parallel()
	tests := []struct{ game, engine string }{
		{"tictactoe", "mcts playouts=50"},
		{"connectfour", "alphabeta depth=2"},
		{"twinmaze h=5 w=5 turns=6", "duct playouts=50"},
		{"twinmaze-turns h=5 w=5 turns=6", "minimax depth=2"},
		{"dice", "expectimax depth=1"},
	}
	for _, tt := range tests {
		for person := range 2 {
			t.Run(tt.game+" side "+string(rune('0'+person)), func(t *testing.T) {
				t.Parallel()
				g, err := New(Config{Game: tt.game, Engine: tt.engine, Person: person, Seed: 7})
				if err != nil {
					t.Fatal(err)
				}
				playOut(t, g, rand.New(rand.NewPCG(7, uint64(person))))
				for _, p := range g.State().Plies {
					if len(p.Sides) != len(p.Labels) {
						t.Fatalf("ply %+v has %d sides and %d labels", p, len(p.Sides), len(p.Labels))
					}
				}
			})
		}
	}
}

func TestIllegalMoveLeavesTheGame(t *testing.T) {
	t.Parallel()
	g, err := New(Config{Game: "tictactoe", Engine: "alphabeta depth=2", Person: 0})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := g.Move(ctx, 4); err != nil {
		t.Fatal(err)
	}
	if err := g.Answer(ctx); err != nil {
		t.Fatal(err)
	}
	before := g.State()
	for _, a := range []int{4, -1, 9, 1 << 40} {
		if err := g.Move(ctx, a); err == nil || !strings.Contains(err.Error(), "not a legal move") {
			t.Errorf("Move(%d) on the centre's square = %v, want not legal", a, err)
		}
	}
	after := g.State()
	if after.Position != before.Position || len(after.Plies) != len(before.Plies) {
		t.Errorf("refused moves changed the game: %s -> %s", before.Position, after.Position)
	}
}

// TestUndo takes back the person's move and the engine's answer, and in a
// game with chance comes back to the same dice.
func TestUndo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g, err := New(Config{Game: "dice", Engine: "expectimax depth=1", Person: 1, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := g.Undo(); ok || err != nil {
		t.Fatalf("Undo before any move = %v, %v; want false", ok, err)
	}
	if err := g.Answer(ctx); err != nil {
		t.Fatal(err)
	}
	if ok, _ := g.Undo(); ok {
		t.Fatal("Undo took back the engine's first move, before the person moved")
	}
	mark := g.State()
	moves := mark.Moves
	if err := g.Move(ctx, moves[0].Action); err != nil {
		t.Fatal(err)
	}
	first := g.State()
	if g.Turn() == TurnEngine {
		if err := g.Answer(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if ok, err := g.Undo(); !ok || err != nil {
		t.Fatalf("Undo = %v, %v", ok, err)
	}
	back := g.State()
	if back.Position != mark.Position || len(back.Plies) != len(mark.Plies) || back.Turn != TurnPerson {
		t.Fatalf("after Undo: %s (%d plies, %s), want %s (%d plies)", back.Position, len(back.Plies), back.Turn, mark.Position, len(mark.Plies))
	}
	if err := g.Move(ctx, moves[0].Action); err != nil {
		t.Fatal(err)
	}
	again := g.State()
	if again.Position != first.Position || again.Plies[len(again.Plies)-1].Chance != first.Plies[len(first.Plies)-1].Chance {
		t.Errorf("the same move after Undo gave %s (chance %q), first %s (chance %q)",
			again.Position, again.Plies[len(again.Plies)-1].Chance, first.Position, first.Plies[len(first.Plies)-1].Chance)
	}
}

func TestRecordOpens(t *testing.T) {
	t.Parallel()
	g, err := New(Config{Game: "dice", Engine: "expectimax depth=1", Person: 0, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	playOut(t, g, rand.New(rand.NewPCG(11, 0)))
	data, err := json.Marshal(g.Record())
	if err != nil {
		t.Fatal(err)
	}
	r, err := ReadRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Open(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := back.State(), g.State(); got.Position != want.Position || got.Over != want.Over || len(got.Plies) != len(want.Plies) {
		t.Fatalf("opened: %s %q (%d plies), want %s %q (%d plies)", got.Position, got.Over, len(got.Plies), want.Position, want.Over, len(want.Plies))
	}

	bad := func(edit func(*Record)) Record {
		var c Record
		json.Unmarshal(data, &c)
		edit(&c)
		return c
	}
	tests := []struct {
		name string
		r    Record
		want string
	}{
		{"an illegal move", bad(func(r *Record) { r.Plies[0].Labels[0] = "Z Q" }), `"Z Q", is not legal`},
		{"other dice", bad(func(r *Record) { r.Plies[0].Chance = "7" }), "chance gave"},
		{"the wrong side", bad(func(r *Record) { r.Plies[0].Sides = []int{1} }), "sides [1]"},
		{"too long", bad(func(r *Record) { r.Plies = make([]Ply, MaxPlies+1) }), "more than the 1000"},
		{"another engine's family", bad(func(r *Record) { r.Engine = "mcts" }), "mcts searches"},
	}
	for _, tt := range tests {
		if _, err := Open(context.Background(), tt.r); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Open = %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
	for _, text := range []string{`{"format":"other","version":1}`, `{"format":"searchviz-play-game","version":2}`, `[1,2]`, ``} {
		if _, err := ReadRecord([]byte(text)); err == nil {
			t.Errorf("ReadRecord(%q) accepted it", text)
		}
	}
}

// TestMoveTime crosses MaxMoveTime, shortened: a search too deep to end in
// time is stopped and the game stays at the engine's turn.
func TestMoveTime(t *testing.T) {
	t.Parallel()
	g, err := New(Config{Game: "connectfour", Engine: "minimax depth=12 nodes=200000000", Person: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.moveTime = 50 * time.Millisecond
	err = g.Answer(context.Background())
	if err == nil || !strings.Contains(err.Error(), "did not move within 50ms") {
		t.Fatalf("Answer = %v, want too slow", err)
	}
	if g.Turn() != TurnEngine || len(g.plies) != 0 {
		t.Fatalf("after a stopped search: turn %s, %d plies", g.Turn(), len(g.plies))
	}
}

// TestCellsOfMoves checks the cells a person clicks: tic-tac-toe's move
// b2 is the cell named b2 (columns a-c, rows 1-3 from the bottom);
// Connect Four's column d is the bottom cell of column d; the dice game's
// moves, decided by the dice, have none.
func TestCellsOfMoves(t *testing.T) {
	testenv.SkipUnderRace(t, "checks the cells the moves of a start position fill")
	t.Parallel()
	cellName := func(rows, cols, cell int) string {
		r, c := cell/cols, cell%cols
		return string(rune('a'+c)) + string(rune('1'+(rows-1-r)))
	}
	tests := []struct {
		game string
		want func(label string) string // the name of the cell a move fills, "" for none
	}{
		{"tictactoe", func(l string) string { return l }},
		{"connectfour", func(l string) string { return l + "1" }},
		{"dice", func(string) string { return "" }},
	}
	for _, tt := range tests {
		g, err := New(Config{Game: tt.game, Engine: "minimax depth=1", Person: 0})
		if err != nil {
			if g, err = New(Config{Game: tt.game, Engine: "expectimax depth=1", Person: 0}); err != nil {
				t.Fatal(err)
			}
		}
		st := g.State()
		if len(st.Moves) == 0 {
			t.Fatalf("%s: no moves at the start", tt.game)
		}
		for _, m := range st.Moves {
			want := tt.want(m.Label)
			switch {
			case want == "" && m.Cell != -1:
				t.Errorf("%s: move %s fills cell %d, want none", tt.game, m.Label, m.Cell)
			case want != "" && (m.Cell < 0 || cellName(st.Board.Rows, st.Board.Cols, m.Cell) != want):
				t.Errorf("%s: move %s fills cell %d, want %s", tt.game, m.Label, m.Cell, want)
			}
		}
	}
}

// TestBudgetCutEngineStillMoves plays against an AlphaBeta whose node
// budget runs out inside its first move's subtree at Othello's opening:
// it answers with its first legal move, marked as such, where it used to
// be unable to move.
func TestBudgetCutEngineStillMoves(t *testing.T) {
	t.Parallel()
	g, err := New(Config{Game: "othello", Engine: "alphabeta nodes=500", Person: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Answer(context.Background()); err != nil {
		t.Fatalf("the engine could not move: %v", err)
	}
	plies := g.State().Plies
	if len(plies) != 1 {
		t.Fatalf("%d plies after the engine's answer, want 1", len(plies))
	}
	if p := plies[0]; p.Engine == nil || !p.Engine.Fallback || p.Labels[0] != "d3" || p.Engine.Value != 0 {
		t.Errorf("the engine played %v (thought %+v), want d3, the first legal move, marked a fallback", p.Labels, p.Engine)
	}
	// The play page is sent the state as JSON, which has no -∞.
	if _, err := json.Marshal(g.State()); err != nil {
		t.Errorf("the game's state cannot be sent to its page: %v", err)
	}
}
