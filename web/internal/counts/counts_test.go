package counts

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// foldedTrace records the search req asks for, folded as it is recorded,
// at its last step.
func foldedTrace(t testing.TB, req catalog.Request) *trace.Tree {
	t.Helper()
	run, err := catalog.Prepare(req)
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := run.Search(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	tree, err := rec.Tree()
	if err != nil {
		t.Fatal(err)
	}
	if err := tree.Seek(tree.Len() - 1); err != nil {
		t.Fatal(err)
	}
	return tree
}

// foldEvents folds events into a Tree at its last step.
func foldEvents(t testing.TB, events []trace.Event) *trace.Tree {
	t.Helper()
	tree, err := trace.NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	if err := tree.Seek(tree.Len() - 1); err != nil {
		t.Fatal(err)
	}
	return tree
}

// mustCount counts tree, failing t on an error.
func mustCount(t testing.TB, tree *trace.Tree) Counts {
	t.Helper()
	c, err := Count(tree)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// perDepth returns field of each depth of c.
func perDepth(c Counts, field func(depthCounts) int) []int {
	out := make([]int, len(c.depths))
	for d, dc := range c.depths {
		out[d] = field(dc)
	}
	return out
}

// ticTacToePlies counts, by the rules of tic-tac-toe alone, the positions
// of the game tree below pos (rows of x, o and . joined by /, x moving
// first) at each ply from it, and the games that end at each ply.
func ticTacToePlies(pos string) (positions, ends []int) {
	var b [9]byte
	copy(b[:], strings.ReplaceAll(pos, "/", ""))
	lines := [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}
	over := func() bool {
		for _, l := range lines {
			if b[l[0]] != '.' && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]] {
				return true
			}
		}
		return !slices.Contains(b[:], '.')
	}
	var walk func(ply int, mark byte)
	walk = func(ply int, mark byte) {
		for len(positions) <= ply {
			positions, ends = append(positions, 0), append(ends, 0)
		}
		positions[ply]++
		if over() {
			ends[ply]++
			return
		}
		next := byte('x')
		if mark == 'x' {
			next = 'o'
		}
		for i := range b {
			if b[i] == '.' {
				b[i] = mark
				walk(ply+1, next)
				b[i] = '.'
			}
		}
	}
	first := byte('x')
	if strings.Count(pos, "x") > strings.Count(pos, "o") {
		first = 'o'
	}
	walk(0, first)
	return positions, ends
}

// TestTicTacToePliesKnownCounts checks the rules-only count the tests
// compare with against the published counts of tic-tac-toe's game tree:
// 549,946 positions, 255,168 games.
func TestTicTacToePliesKnownCounts(t *testing.T) {
	testenv.SkipUnderRace(t, "counts tic-tac-toe's game tree by its rules")
	t.Parallel()
	positions, ends := ticTacToePlies(".../.../...")
	if want := wholeTicTacToePositions; !slices.Equal(positions, want) {
		t.Errorf("positions by ply: %v, want %v", positions, want)
	}
	if want := []int{0, 0, 0, 0, 0, 1440, 5328, 47952, 72576, 127872}; !slices.Equal(ends, want) {
		t.Errorf("games ending at each ply: %v, want %v", ends, want)
	}
}

// wholeTicTacToePositions are the known counts of the positions of
// tic-tac-toe's game tree by ply from the empty board, which sum to
// 549,946; the games ending at each ply sum to 255,168.
var wholeTicTacToePositions = []int{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}

// TestCountsFacts counts traced searches and compares the counts with
// facts that do not come from the engines: the shape of the textbook tree,
// the cut the textbook describes, and tic-tac-toe's game tree counted by
// its rules.
func TestCountsFacts(t *testing.T) {
	testenv.SkipUnderRace(t, "counts folded searches against facts")
	t.Parallel()
	const rn = "[[3,12,8],[2,4,6],[14,5,2]]"
	midGame, midEnds := ticTacToePlies("x.o/.x./..o")
	opening, openingEnds := ticTacToePlies("x../.o./...")
	tests := []struct {
		name                 string
		req                  catalog.Request
		whole                bool // too big for -short
		nodes, pruned, evals []int
		terminal             bool // every evaluation is of a finished game
		alphaCuts, betaCuts  []int
	}{
		{
			name: "textbook tree, MiniMax", req: catalog.Request{Game: "tree", Algo: "minimax", Position: rn},
			nodes: []int{1, 3, 9}, pruned: []int{0, 0, 0}, evals: []int{0, 0, 9}, terminal: true,
			alphaCuts: []int{0, 0, 0}, betaCuts: []int{0, 0, 0},
		},
		{
			// The second MIN node's first leaf, 2, is below MAX's 3: its
			// leaves 4 and 6 are pruned, one α-cut at depth 1.
			name: "textbook tree, AlphaBeta", req: catalog.Request{Game: "tree", Algo: "alphabeta", Position: rn},
			nodes: []int{1, 3, 7}, pruned: []int{0, 0, 2}, evals: []int{0, 0, 7}, terminal: true,
			alphaCuts: []int{0, 1, 0}, betaCuts: []int{0, 0, 0},
		},
		{
			name: "tic-tac-toe mid-game, MiniMax", req: catalog.Request{Game: "tictactoe", Algo: "minimax", Position: "x.o/.x./..o"},
			nodes: midGame, evals: midEnds, terminal: true,
		},
		{
			name: "tic-tac-toe opening, MiniMax", req: catalog.Request{Game: "tictactoe", Algo: "minimax", Position: "x../.o./..."},
			nodes: opening, evals: openingEnds, terminal: true,
		},
		{
			name: "the whole of tic-tac-toe, MiniMax", req: catalog.Request{Game: "tictactoe", Algo: "minimax"}, whole: true,
			nodes: wholeTicTacToePositions, evals: []int{0, 0, 0, 0, 0, 1440, 5328, 47952, 72576, 127872}, terminal: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.whole && testing.Short() {
				t.Skip("2.3 million events: not in -short mode")
			}
			t.Parallel()
			c := mustCount(t, foldedTrace(t, tt.req))
			if got := perDepth(c, func(d depthCounts) int { return d.nodes }); !slices.Equal(got, tt.nodes) {
				t.Errorf("nodes per depth %v, want %v", got, tt.nodes)
			}
			if got := perDepth(c, depthCounts.evals); !slices.Equal(got, tt.evals) {
				t.Errorf("evaluations per depth %v, want %v", got, tt.evals)
			}
			if tt.terminal && c.total.heuristicEvals != 0 {
				t.Errorf("%d heuristic evaluations in a search to the end of every game", c.total.heuristicEvals)
			}
			if tt.pruned != nil {
				if got := perDepth(c, func(d depthCounts) int { return d.pruned }); !slices.Equal(got, tt.pruned) {
					t.Errorf("pruned per depth %v, want %v", got, tt.pruned)
				}
			}
			if tt.alphaCuts != nil {
				alpha := perDepth(c, func(d depthCounts) int { return d.alphaCuts })
				beta := perDepth(c, func(d depthCounts) int { return d.betaCuts })
				if !slices.Equal(alpha, tt.alphaCuts) || !slices.Equal(beta, tt.betaCuts) {
					t.Errorf("α-cuts per depth %v and β-cuts %v, want %v and %v", alpha, beta, tt.alphaCuts, tt.betaCuts)
				}
			}
			if c.truncated {
				t.Error("the counts say the trace was cut short")
			}
		})
	}
}

// TestCountsAddUp checks, on searches of every kind, that the counts of
// the depths add up to the totals the search reports in its decision, and
// the moves pruned to the placeholders the folded tree made for them.
func TestCountsAddUp(t *testing.T) {
	testenv.SkipUnderRace(t, "counts folded searches against their totals")
	t.Parallel()
	for _, req := range []catalog.Request{
		{Game: "tree", Algo: "alphabeta", Position: "[[3,12,8],[2,4,6],[14,5,2]]"},
		{Game: "tictactoe", Algo: "alphabeta", Position: "x../.o./..."},
		{Game: "tictactoe", Algo: "alphabeta depth=3", Position: "x../.o./..."},
		{Game: "tictactoe", Algo: "negamax depth=2", Position: "xo./.x./o.."},
		{Game: "tictactoe", Algo: "iterative depth=4", Position: "x../.o./..."},
		{Game: "connectfour", Algo: "alphabeta depth=4", Position: "......./......./......./......./......./.xxxoo."},
		{Game: "tictactoe", Algo: "mcts playouts=300", Position: "x.o/.x./..o", Seed: 1},
		{Game: "maze h=5 w=5 turns=5", Algo: "beam width=3 depth=5"},
	} {
		t.Run(req.Algo+" "+req.Game, func(t *testing.T) {
			t.Parallel()
			tree := foldedTrace(t, req)
			c := mustCount(t, tree)
			d, ok := tree.Decision()
			if !ok {
				t.Fatal("the trace has no decision")
			}
			whole := d.Decision().Counters
			if c.total.nodes != whole.Nodes || c.total.cuts() != whole.Cuts {
				t.Errorf("the depths add up to %d nodes and %d cuts; the decision says %d and %d", c.total.nodes, c.total.cuts(), whole.Nodes, whole.Cuts)
			}
			// Monte Carlo searches count each playout's result as an
			// evaluation too; the trace's evaluations are of finished games.
			if evals := c.total.evals(); evals != whole.Evals && (c.total.visits == 0 || evals > whole.Evals) {
				t.Errorf("the depths add up to %d evaluations; the decision says %d", evals, whole.Evals)
			}
			placeholders := 0
			for id := range tree.Size() {
				if tree.Node(trace.NodeID(id)).Placeholder {
					placeholders++
				}
			}
			if c.total.pruned != placeholders {
				t.Errorf("%d moves pruned, but the tree has %d placeholders", c.total.pruned, placeholders)
			}
		})
	}
}

// TestCountsMonteCarloVisits checks MCTS's visits: every playout goes
// through the root, so the root's visits are the playouts asked for.
func TestCountsMonteCarloVisits(t *testing.T) {
	testenv.SkipUnderRace(t, "counts a folded search's visits")
	t.Parallel()
	c := mustCount(t, foldedTrace(t, catalog.Request{Game: "tictactoe", Algo: "mcts playouts=300", Position: "x.o/.x./..o", Seed: 1}))
	if c.depths[0].visits != 300 {
		t.Errorf("the root has %d visits after 300 playouts", c.depths[0].visits)
	}
	for d := 1; d < len(c.depths); d++ {
		if c.depths[d].visits > c.depths[d-1].visits {
			t.Errorf("depth %d has %d visits, more than the %d of the depth above, through which each passed", d, c.depths[d].visits, c.depths[d-1].visits)
		}
	}
}

// TestCountsTruncated checks a trace cut short by its node budget: the
// depths count what was recorded, and the whole search's counters are
// kept for the words.
func TestCountsTruncated(t *testing.T) {
	testenv.SkipUnderRace(t, "counts a folded trace cut short")
	t.Parallel()
	run, err := catalog.Prepare(catalog.Request{Game: "tictactoe", Algo: "minimax"})
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(100)
	if _, err := run.Search(t.Context(), rec); err != nil {
		t.Fatal(err)
	}
	c := mustCount(t, foldEvents(t, rec.Events()))
	if !c.truncated || c.total.nodes != 100 || !c.hasWhole || c.whole.Nodes != 549_946 {
		t.Errorf("truncated %v, %d nodes counted, whole search's %d (%v); want true, 100, 549,946", c.truncated, c.total.nodes, c.whole.Nodes, c.hasWhole)
	}
	if c.wholeNodes() != 549_946 {
		t.Errorf("the words would say %d nodes, want the whole search's 549,946", c.wholeNodes())
	}
}

// chain returns a trace of a root and one child at depth depth, as a
// trace from elsewhere may claim.
func chain(depth int) []trace.Event {
	return []trace.Event{
		{Step: 0, Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeMax},
		{Step: 1, Kind: trace.KindNode, Node: 1, Parent: 0, Depth: depth, Type: trace.TypeMin},
		{Step: 2, Kind: trace.KindEval, Node: 1, Value: 1, Terminal: true},
	}
}

// TestCountsDepthLimit crosses MaxDepth: a node at that depth is
// counted, one deeper or at a negative depth is refused with an error that
// names the limit, and so is a tree not at its last step.
func TestCountsDepthLimit(t *testing.T) {
	testenv.SkipUnderRace(t, "counts folded traces at the depth limit")
	t.Parallel()
	c := mustCount(t, foldEvents(t, chain(MaxDepth)))
	if len(c.depths) != MaxDepth+1 || c.depths[MaxDepth].nodes != 1 || c.depths[MaxDepth].terminalEvals != 1 {
		t.Errorf("a node at depth %d: counted at %d depths", MaxDepth, len(c.depths))
	}
	for _, depth := range []int{MaxDepth + 1, math.MaxInt32, -1} {
		_, err := Count(foldEvents(t, chain(depth)))
		if err == nil || !strings.Contains(err.Error(), "0..1000") {
			t.Errorf("a node at depth %d: error %v, want one naming the limit", depth, err)
		}
	}
	tree := foldEvents(t, chain(1))
	if err := tree.Seek(0); err != nil {
		t.Fatal(err)
	}
	if _, err := Count(tree); err == nil {
		t.Error("counting a tree at step 0 of 2 succeeded")
	}
}

// TestCountsAllocateByDepth checks that counting allocates for the depths
// only: no more than reading every event of the trace does, whatever that
// costs the Tree, and a few more for the depths.
func TestCountsAllocateByDepth(t *testing.T) {
	testenv.SkipUnderRace(t, "counts the allocations of one goroutine's count")
	for _, req := range []catalog.Request{
		{Game: "tree", Algo: "alphabeta", Position: "[[3,12,8],[2,4,6],[14,5,2]]"},
		{Game: "tictactoe", Algo: "alphabeta"},
		{Game: "tictactoe", Algo: "mcts playouts=300", Position: "x.o/.x./..o", Seed: 1},
	} {
		tree := foldedTrace(t, req)
		read := testing.AllocsPerRun(3, func() {
			for k := range tree.Len() {
				sink += len(tree.Event(k).Pruned)
			}
		})
		count := testing.AllocsPerRun(3, func() { mustCount(t, tree) })
		// A slice of depths grown by appending: a dozen allocations at most
		// for ten depths.
		if count > read+12 {
			t.Errorf("%s: counting %d events allocates %v times, reading them %v times", req.Algo, tree.Len(), count, read)
		}
	}
}

// sink keeps what a test reads from being optimised away.
var sink int

// BenchmarkCountTrace counts the whole of tic-tac-toe searched by
// AlphaBeta, 99,458 events, and by MiniMax, 2,265,232 events.
func BenchmarkCountTrace(b *testing.B) {
	for _, algo := range []string{"alphabeta", "minimax"} {
		b.Run(algo, func(b *testing.B) {
			tree := foldedTrace(b, catalog.Request{Game: "tictactoe", Algo: algo})
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Count(tree); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(tree.Len()), "ns/event")
		})
	}
}

// TestCountsTableHits counts a search with a transposition table: each
// hit, an eval event naming the node first searched, is counted at its
// depth as a hit and not as an evaluation; the table and the words say
// so, and a search without the table has no hits column.
func TestCountsTableHits(t *testing.T) {
	testenv.SkipUnderRace(t, "counts a folded search's table hits")
	t.Parallel()
	req := catalog.Request{Game: "tictactoe", Algo: "alphabeta tt=1", Position: "x../.o./..."}
	tree := foldedTrace(t, req)
	var hits, evals []int
	for k := range tree.Len() {
		e := tree.Event(k)
		if e.Kind != trace.KindEval {
			continue
		}
		d := tree.Node(e.Node).Depth
		for len(hits) <= d {
			hits, evals = append(hits, 0), append(evals, 0)
		}
		if e.Same != 0 {
			hits[d]++
		} else {
			evals[d]++
		}
	}
	c := mustCount(t, tree)
	if got := perDepth(c, func(d depthCounts) int { return d.tableHits }); !slices.Equal(got, hits) {
		t.Errorf("hits per depth %v, want %v", got, hits)
	}
	if got := perDepth(c, depthCounts.evals); !slices.Equal(got, evals) {
		t.Errorf("evaluations per depth %v, want %v", got, evals)
	}
	if c.total.tableHits == 0 {
		t.Fatal("no table hits in a search of an opening with transpositions")
	}
	with := Trace{Name: "AlphaBeta tt=1", Counts: c}
	tab := table(explain.English, with, with, true)
	if !slices.Contains(tab.Head, "table hits") || tab.Total[len(tab.Total)-1] != explain.Thousands(c.total.tableHits) {
		t.Errorf("table head %v, total %v: want a table hits column of %d", tab.Head, tab.Total, c.total.tableHits)
	}
	if s := totalsSentence(with, with, true); !strings.Contains(s, "its transposition table spared the search of "+explain.Count(c.total.tableHits, "position", "positions")) {
		t.Errorf("totals sentence %q does not count the hits", s)
	}
	req.Algo = "alphabeta"
	plain := Trace{Name: "AlphaBeta", Counts: mustCount(t, foldedTrace(t, req))}
	if tab := table(explain.English, plain, plain, true); slices.Contains(tab.Head, "table hits") {
		t.Errorf("a search without a table has the head %v", tab.Head)
	}
}
