package catalog_test

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

func TestPrepareErrors(t *testing.T) {
	t.Parallel()
	var games []string
	for _, g := range catalog.Games() {
		games = append(games, g.Name)
	}
	tests := []struct {
		req  catalog.Request
		want string
	}{
		{catalog.Request{Game: "", Algo: "alphabeta"}, "game: spec: empty"},
		{catalog.Request{Game: "go", Algo: "alphabeta"}, `unknown game "go" (known: ` + strings.Join(games, ", ") + ")"},
		{catalog.Request{Game: "tictactoe size=4", Algo: "alphabeta"}, `unknown parameter "size" (allowed: none)`},
		{catalog.Request{Game: "tictactoe", Algo: "dmcts"}, `unknown algorithm "dmcts"`},
		{catalog.Request{Game: "tictactoe", Algo: "duct"}, "duct searches games where two players move at once, and tictactoe is not one of them: it is a game where two players take turns"},
		{catalog.Request{Game: "twinmaze w=4", Algo: "duct"}, "position: twinmaze"},
		{catalog.Request{Game: "tictactoe", Algo: "mcts c=11"}, "c=11 is out of range"},
		{catalog.Request{Game: "tictactoe", Algo: "minimax depth=0"}, "depth=0 is out of range (allowed 1..64)"},
		{catalog.Request{Game: "tictactoe", Algo: "minimax nodes=0"}, "nodes=0 is out of range"},
		{catalog.Request{Game: "tictactoe", Algo: "minimax", Position: "xxx/ooo/..."}, "position: tictactoe"},
		{catalog.Request{Game: "tictactoe", Algo: "minimax", Position: "xo"}, "position: tictactoe"},
		{catalog.Request{Game: "tree", Algo: "minimax", Position: "[1,[2,]"}, "position: tree: at offset 6"},
		{catalog.Request{Game: "maze", Algo: "alphabeta"}, "alphabeta searches games where two players take turns, and maze is not one of them: it is a one-player game"},
		{catalog.Request{Game: "tictactoe", Algo: "beam"}, "beam searches one-player games, and tictactoe is not one of them: it is a game where two players take turns"},
		{catalog.Request{Game: "maze h=4", Algo: "beam"}, "position: maze"},
		{catalog.Request{Game: "maze h=33", Algo: "beam"}, "h=33 is out of range (allowed 3..31)"},
		{catalog.Request{Game: "maze", Algo: "beam", Position: "3:#.5#/.@18/3#."}, "position: maze"},
		{catalog.Request{Game: "maze", Algo: "beam width=0"}, "width=0 is out of range"},
	}
	for _, tt := range tests {
		_, err := catalog.Prepare(tt.req)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Prepare(%+v) = %v, want an error containing %q", tt.req, err, tt.want)
		}
	}
}

// testPositions are the positions every algorithm of a game's family
// is searched from by the tests: the start, then the game's Checks.
func testPositions(g catalog.Game) []string { return append([]string{""}, g.Checks...) }

// testDepth is the depth the tests search game g to.
func testDepth(g catalog.Game) int { return cmp.Or(g.CheckDepth, 4) }

// TestEveryGameHasTestPositions fails for a game of the catalog that the
// tests would otherwise not search.
func TestEveryGameHasTestPositions(t *testing.T) {
	t.Parallel()
	for _, g := range catalog.Games() {
		if len(g.Checks) < 1 {
			t.Errorf("game %s has no Checks, the positions besides its start that the tests search", g.Name)
		}
	}
}

// TestRealTraces runs every algorithm on every game, streams the trace
// through the file format, and checks the bytes against the JSON Schema,
// the events against the validator, and the round trip against what the
// algorithm emitted.
func TestRealTraces(t *testing.T) {
	t.Parallel()
	for _, g := range catalog.Games() {
		for _, a := range catalog.Algorithms() {
			if a.Family != g.Family {
				continue
			}
			depth := hasDepth(a)
			algo := a.Name
			if depth {
				algo += fmt.Sprintf(" depth=%d", testDepth(g))
			}
			for i, pos := range testPositions(g) {
				t.Run(g.Name+"/"+a.Name+"/"+positionName(i), func(t *testing.T) {
					t.Parallel()
					checkRealTrace(t, g, a, algo, pos, depth)
				})
			}
		}
	}
}

// hasDepth reports whether algorithm a takes a depth= parameter.
func hasDepth(a search.Algorithm) bool {
	return slices.ContainsFunc(a.Params, func(p spec.Param) bool { return p.Name == "depth" })
}

// specAtDepth is a's spec searching depth plies, for an algorithm that
// takes depth=, else its name alone.
func specAtDepth(a search.Algorithm, depth int) string {
	if !hasDepth(a) {
		return a.Name
	}
	return fmt.Sprintf("%s depth=%d", a.Name, depth)
}

// positionName names the i-th of a game's testPositions in a subtest's
// name: the first is its start.
func positionName(i int) string {
	if i == 0 {
		return "start"
	}
	return fmt.Sprintf("pos%d", i)
}

// checkRealTrace is TestRealTraces for algo, a spec of algorithm a, on
// game g from pos.
func checkRealTrace(t *testing.T, g catalog.Game, a search.Algorithm, algo, pos string, hasDepth bool) {
	r, err := catalog.Prepare(catalog.Request{Game: g.Name, Algo: algo, Position: pos, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	res, err := r.Search(context.Background(), rec)
	if err != nil {
		t.Fatalf("%s %s %q: %v", g.Name, algo, pos, err)
	}
	if err := tracetest.Validate(rec.Events()); err != nil {
		t.Errorf("%s %s %q: %v", g.Name, algo, pos, err)
	}
	var buf bytes.Buffer
	w, err := trace.NewWriter(&buf, r.Header())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range rec.Events() {
		w.Emit(e)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := tracetest.CheckJSONL(buf.Bytes()); err != nil {
		t.Errorf("%s %s %q: schema: %v", g.Name, algo, pos, err)
	}
	h, events, err := trace.ReadAll(&buf)
	if err != nil {
		t.Fatalf("%s %s %q: reading back: %v", g.Name, algo, pos, err)
	}
	if h.Game != g.Name || h.Algorithm != a.Name || hasDepth && h.Params["depth"] != fmt.Sprint(testDepth(g)) || h.Position == "" {
		t.Errorf("header %+v does not describe the run", h)
	}
	if !reflect.DeepEqual(normalize(events), normalize(rec.Events())) {
		t.Errorf("%s %s %q: events changed in the round trip", g.Name, algo, pos)
	}
	last := events[len(events)-1]
	if last.Kind != trace.KindDecision || last.Action != res.Action || last.Value != res.Value {
		t.Errorf("%s %s %q: last event %+v, want the decision %+v", g.Name, algo, pos, last, res)
	}
	if _, err := trace.NewTree(events); err != nil {
		t.Errorf("%s %s %q: %v", g.Name, algo, pos, err)
	}
}

// normalize makes empty slices nil, and the NaN UCB of an unvisited child
// -1, so round-tripped events compare equal (NaN equals nothing).
func normalize(events []trace.Event) []trace.Event {
	out := make([]trace.Event, len(events))
	for i, e := range events {
		if len(e.Pruned) == 0 {
			e.Pruned = nil
		}
		if len(e.PrunedLabels) == 0 {
			e.PrunedLabels = nil
		}
		if len(e.Scores) > 0 {
			e.Scores = slices.Clone(e.Scores)
			for j := range e.Scores {
				if math.IsNaN(e.Scores[j].UCB) {
					e.Scores[j].UCB = -1
				}
			}
		}
		out[i] = e
	}
	return out
}

func TestSeedReachesTheAlgorithm(t *testing.T) {
	t.Parallel()
	tests := []struct {
		algo string
		seed int64
		set  bool   // the request's seed was given
		want string // the seed the header's parameters give, or part of the error
	}{
		{"mcts", 7, false, "7"},
		{"mcts seed=3", 7, false, "3"}, // the spec's own seed wins over a default
		{"pmc", 0, false, "0"},
		{"mcts", 7, true, "7"},
		{"mcts seed=7", 7, true, "7"}, // given twice, but the same
		{"mcts seed=3", 7, true, `the seed is given twice, seed 7 and seed=3 in "mcts seed=3"; give it once`},
		{"pmc seed=2", 0, true, `the seed is given twice, seed 0 and seed=2 in "pmc seed=2"`},
	}
	for _, tt := range tests {
		r, err := catalog.Prepare(catalog.Request{Game: "tictactoe", Algo: tt.algo, Seed: tt.seed, SeedSet: tt.set})
		if strings.Contains(tt.want, " ") {
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s with seed %d given: %v, want an error containing %q", tt.algo, tt.seed, err, tt.want)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Header().Params["seed"]; got != tt.want {
			t.Errorf("%s with --seed %d: the algorithm's seed is %q, want %s", tt.algo, tt.seed, got, tt.want)
		}
	}
	if _, err := catalog.Prepare(catalog.Request{Game: "tictactoe", Algo: "mcts", Seed: -1}); err == nil || !strings.Contains(err.Error(), "seed -1 is out of range for mcts") {
		t.Errorf("a negative seed for mcts: %v, want an error naming the range", err)
	}
}

// TestOneNameOneForm checks that algorithms of one name, such as pmc for
// games with and without chance, share their parameters, so that one form
// and one spec serve them all.
func TestOneNameOneForm(t *testing.T) {
	t.Parallel()
	seen := map[string]search.Algorithm{}
	for _, a := range catalog.Algorithms() {
		if b, ok := seen[a.Name]; ok {
			if a.Family == b.Family || !reflect.DeepEqual(a.Params, b.Params) {
				t.Errorf("%s for %s and for %s: same family or different parameters", a.Name, a.Family, b.Family)
			}
		}
		seen[a.Name] = a
	}
}

// TestEveryAlgorithmSaysWhatItMeasures fails for an algorithm that does
// not declare what it weighs the root's moves by, which the viewer's
// panel of root moves goes by; algorithms of one name measure alike, as
// the viewer knows a trace's algorithm by its name only.
func TestEveryAlgorithmSaysWhatItMeasures(t *testing.T) {
	t.Parallel()
	seen := map[string]search.Measure{}
	for _, a := range catalog.Algorithms() {
		switch a.Measures {
		case search.MeasureValue, search.MeasureVisits, search.MeasureWinRate:
		default:
			t.Errorf("%s for %s measures %q, want one of the search.Measure constants", a.Name, a.Family, a.Measures)
		}
		if m, ok := seen[a.Name]; ok && m != a.Measures {
			t.Errorf("%s measures %q for %s and %q for another family", a.Name, a.Measures, a.Family, m)
		}
		seen[a.Name] = a.Measures
	}
}

// TestDefaultsAreInTheCatalog checks that the defaults the registry
// declares name games it has, and that the default algorithm searches
// the default game.
func TestDefaultsAreInTheCatalog(t *testing.T) {
	t.Parallel()
	g, play, a := catalog.DefaultGame(), catalog.DefaultPlayGame(), catalog.DefaultAlgorithm()
	if a.Family != g.Family {
		t.Errorf("the default algorithm %s searches %s games; the default game %s is %s", a.Name, a.Family, g.Name, g.Family)
	}
	if play.Sides[0] == "" || play.PlayEngine == "" {
		t.Errorf("the play page's default game %s has sides %q and engine %q, want two sides and an engine", play.Name, play.Sides, play.PlayEngine)
	}
}
