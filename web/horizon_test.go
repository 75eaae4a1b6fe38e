package web

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/othello"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/web/internal/gallery"
)

// horizonSearch is AlphaBeta with move ordering, as the horizon examples
// run it, from s to depth plies.
func horizonSearch(t *testing.T, s othello.State, depth int) search.Result {
	t.Helper()
	res, err := search.AlphaBeta(context.Background(), s, search.Options{Depth: depth, Ordering: search.OrderScore})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// horizonSquare returns the action of the square named sq.
func horizonSquare(t *testing.T, sq string) int {
	t.Helper()
	for a := range othello.Pass {
		if othello.SquareName(a) == sq {
			return a
		}
	}
	t.Fatalf("no square %q", sq)
	return -1
}

// isCorner reports whether action a is a corner of the board.
func isCorner(a int) bool { return a == 0 || a == 7 || a == 56 || a == 63 }

// horizonPosition is the Othello position of the horizon effect, White
// to move, as the gallery's examples state it.
const horizonPosition = "......../o......./.oxx..../o.xxx.x./xxxxxx../.oo.x.../o......./........ o"

// TestHorizonExample checks what the horizon examples say, worked out
// here by searches of their own: depth 3 chooses a6, depth 5 another move
// and values a6 far lower, and on the ply after the line depth 3 sees
// Black takes the corner a8, which a6 alone does not yet allow.
func TestHorizonExample(t *testing.T) {
	testenv.SkipUnderRace(t, "searches Othello positions")
	t.Parallel()
	// The position is reached from the start by legal play.
	s := othello.New()
	for _, sq := range strings.Fields("c4 c3 d3 c5 b6 c6 e6 a7 b3 f5 g4 a2 b5 a4 a5") {
		s = s.Play(horizonSquare(t, sq))
	}
	root, err := othello.Parse(horizonPosition)
	if err != nil {
		t.Fatal(err)
	}
	if s != root {
		t.Fatalf("the moves reach %s, want the example's %s", s, root)
	}
	if n := len(root.Legal(nil)); n > 8 {
		t.Errorf("White has %d moves, want few enough to read the tree", n)
	}
	for _, tt := range []struct{ example, algo string }{
		{"othello-horizon", "alphabeta depth=3 ordering=1"},
		{"othello-horizon-deep", "alphabeta depth=5 ordering=1"},
		{"othello-horizon-quiescence", "alphabeta depth=3 ordering=1 quiescence=2"},
	} {
		ex := gallery.ExampleNamed(tt.example)
		if ex == nil {
			t.Fatalf("no example %s", tt.example)
		}
		if ex.Req.Game != "othello" || ex.Req.Algo != tt.algo || ex.Req.Position != horizonPosition {
			t.Errorf("example %s runs %s %q on %q, want othello %q on the horizon position", tt.example, ex.Req.Game, ex.Req.Algo, ex.Req.Position, tt.algo)
		}
	}
	for _, algo := range []string{"alphabeta depth=5 ordering=1", "quiescence=2"} {
		if !strings.Contains(gallery.ExampleNamed("othello-horizon").About, algo) {
			t.Errorf("the horizon paragraph does not say to type %s", algo)
		}
	}
	if q, d := resultOf(t, "othello-horizon-quiescence").Nodes, resultOf(t, "othello-horizon-deep").Nodes; q*5 > d {
		t.Errorf("3 plies with quiescence take %d nodes, 5 plies %d: the text says a fifth", q, d)
	}
	// The examples, run as the server runs them, play what the text says.
	for name, want := range map[string]string{"othello-horizon": "a6", "othello-horizon-deep": "c2", "othello-horizon-quiescence": "c2"} {
		if got := resultOf(t, name).Label; got != want {
			t.Errorf("example %s plays %s, want %s", name, got, want)
		}
	}
	if c := gallery.ComparisonOf("othello-horizon"); c == nil || c.Right != "othello-horizon-deep" {
		t.Error("the horizon examples are not compared side by side")
	}

	const d = 3
	shallow, deep := horizonSearch(t, root, d), horizonSearch(t, root, d+2)
	a6, a8 := horizonSquare(t, "a6"), horizonSquare(t, "a8")
	if shallow.Action != a6 {
		t.Fatalf("depth %d plays %s, want a6", d, shallow.Label)
	}
	if deep.Action == shallow.Action {
		t.Fatalf("depth %d plays %s, as depth %d does", d+2, deep.Label, d)
	}
	// a6's value at depth d+2: Black's value of the position after it,
	// searched d+1 plies deep, negated.
	after := root.Play(a6)
	shallowDeep := -horizonSearch(t, after, d+1).Value
	if deep.Value-shallowDeep < 50 {
		t.Errorf("at depth %d a6 is worth %v and %s %v: want a6 lower by a clear margin", d+2, shallowDeep, deep.Label, deep.Value)
	}
	if shallow.Value <= shallowDeep {
		t.Errorf("a6 is worth %v at depth %d and %v at depth %d: want it to look better shallow", shallow.Value, d, shallowDeep, d+2)
	}
	t.Logf("depth %d: a6 %v; depth %d: %s %v, a6 %v", d, shallow.Value, d+2, deep.Label, deep.Value, shallowDeep)

	// The line depth d sees: a6, then each side's choice with the plies
	// left to the horizon.
	if slices.ContainsFunc(after.Legal(nil), isCorner) {
		t.Errorf("Black can take a corner right after a6: %s; the corner should come only past the horizon", after)
	}
	line, at := []string{"a6"}, after
	for left := d - 1; left >= 1; left-- {
		r := horizonSearch(t, at, left)
		line = append(line, r.Label)
		at = at.Play(r.Action)
	}
	if got := strings.Join(line, " "); got != "a6 a3 b4" {
		t.Errorf("depth %d's line is %s, want a6 a3 b4", d, got)
	}
	// Past the horizon Black may take a8, and does.
	if !slices.Contains(at.Legal(nil), a8) {
		t.Fatalf("a8 is not Black's move after %s: %s", strings.Join(line, " "), at)
	}
	if r := horizonSearch(t, at, 2); r.Action != a8 {
		t.Errorf("after %s Black plays %s, want the corner a8", strings.Join(line, " "), r.Label)
	}
	black, _ := at.Discs()
	if b, _ := at.Play(a8).Discs(); b-black != 5 {
		t.Errorf("Black's a8 gains %d discs, want 5: the corner and a4 to a7", b-black)
	}
}
