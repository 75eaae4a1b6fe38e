package search_test

import (
	"cmp"
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/connectfour"
	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// orderings are the orderings the tests try; OrderNone first.
var orderings = []search.Ordering{search.OrderNone, search.OrderScore, search.OrderKiller, search.OrderHistory}

// checkOrderedValues runs MiniMax and AlphaBeta with every ordering, with
// and without a transposition table, from root to depth and checks that
// they agree on the root's value, that no AlphaBeta looks at more nodes
// than MiniMax, nor with the table than without, and that each traced run
// validates, matches its untraced run and links each table hit to an
// earlier node of the same position and depth.
func checkOrderedValues[S search.Alternating[S]](t *testing.T, name string, root S, depth int) {
	t.Helper()
	ctx := context.Background()
	mm, err := search.MiniMax(ctx, root, search.Options{Depth: depth})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for _, o := range orderings {
		var plainNodes int
		for _, table := range []bool{false, true} {
			checkOrderedRun(t, name, root, search.Options{Depth: depth, Ordering: o, Table: table}, mm, &plainNodes)
		}
	}
}

// checkOrderedRun is checkOrderedValues for one AlphaBeta's options;
// plainNodes holds the nodes of the run without a table, which comes first.
func checkOrderedRun[S search.Alternating[S]](t *testing.T, name string, root S, opts search.Options, mm search.Result, plainNodes *int) {
	t.Helper()
	ctx := context.Background()
	depth, o := opts.Depth, opts.Ordering
	name = fmt.Sprintf("%s tt=%v", name, opts.Table)
	ab, err := search.AlphaBeta(ctx, root, opts)
	if err != nil {
		t.Fatalf("%s ordering %v: %v", name, o, err)
	}
	if !opts.Table {
		*plainNodes = ab.Nodes
	} else if ab.Nodes > *plainNodes {
		t.Errorf("%s depth %d ordering %v: %d nodes with the table, %d without", name, depth, o, ab.Nodes, *plainNodes)
	}
	if ab.Value != mm.Value {
		t.Errorf("%s depth %d: AlphaBeta with ordering %v has value %v, MiniMax %v", name, depth, o, ab.Value, mm.Value)
	}
	if ab.Nodes > mm.Nodes {
		t.Errorf("%s depth %d: AlphaBeta with ordering %v looked at %d nodes, MiniMax at %d", name, depth, o, ab.Nodes, mm.Nodes)
	}
	if !root.Done() && depth > 0 && ab.Action < 0 {
		t.Errorf("%s depth %d: AlphaBeta with ordering %v chose no move", name, depth, o)
	}
	rec := trace.NewRecorder(0)
	opts.Tracing = search.Tracing{Tracer: rec, Boards: true}
	traced, err := search.AlphaBeta(ctx, root, opts)
	if err != nil {
		t.Fatal(err)
	}
	if traced.Action != ab.Action || traced.Value != ab.Value || traced.Nodes != ab.Nodes || traced.Evals != ab.Evals || traced.Cuts != ab.Cuts {
		t.Errorf("%s depth %d ordering %v: untraced %+v, traced %+v", name, depth, o, ab, traced)
	}
	if err := tracetest.Validate(rec.Events()); err != nil {
		t.Errorf("%s depth %d ordering %v: invalid trace: %v", name, depth, o, err)
	}
	if err := checkTableLinks(rec.Events()); err != nil {
		t.Errorf("%s depth %d ordering %v: %v", name, depth, o, err)
	}
}

// TestOrderingKeepsTheValue checks AlphaBeta with move ordering against
// MiniMax and AlphaBeta without it on tic-tac-toe, Connect Four and typed
// trees.
func TestOrderingKeepsTheValue(t *testing.T) {
	t.Parallel()
	ttt := []struct {
		position string
		depth    int
	}{
		{".../.../...", 3},
		{"x.o/.x./..o", search.MaxDepth},
		{"x../.o./...", search.MaxDepth},
		{"x../.o./...", 2},
		{"xx./oo./...", search.MaxDepth},
		{"xo./.x./...", search.MaxDepth},
		{"xo./.x./o..", 2},
		{"xox/oxo/ox.", search.MaxDepth},
		{"xxx/oo./...", search.MaxDepth}, // over: x has won
	}
	for i, tt := range ttt {
		t.Run(fmt.Sprintf("tictactoe/pos%d", i), func(t *testing.T) {
			t.Parallel()
			checkOrderedValues(t, "tictactoe "+tt.position, mustTicTacToe(t, tt.position), tt.depth)
		})
	}
	c4 := []struct {
		position string
		depth    int
	}{
		{"", 4},
		{"......./......./......./......./......./.xxxoo.", 4},
		{"......./......./......./...o.../...x.../..xxo.o", 5},
		{"......./......./...x.../...o.../..ox.../.xxoo..", 4},
	}
	for i, tt := range c4 {
		t.Run(fmt.Sprintf("connectfour/pos%d", i), func(t *testing.T) {
			t.Parallel()
			root, err := connectfour.Parse(tt.position)
			if err != nil {
				t.Fatalf("%q: %v", tt.position, err)
			}
			checkOrderedValues(t, "connectfour "+tt.position, root, tt.depth)
		})
	}
	for i, text := range []string{
		rn,
		"[[[1,5],[7,2]],[[3,9],[4,-6]],[[8,0],[2,2]]]",
		"[[1,[2,3]],[[4,5],6,7],[-1,[8,[9,-9]]]]",
		"[[5,5,5],[5,5],[5]]",
		"[[-2,7,-4,1],[6,-3,0],[2,9]]",
		"42",
	} {
		t.Run(fmt.Sprintf("tree/pos%d", i), func(t *testing.T) {
			t.Parallel()
			checkOrderedValues(t, "tree "+text, mustTree(t, text), search.MaxDepth)
		})
	}
}

// TestOrderingEveryPosition checks AlphaBeta with move ordering on every
// reachable tic-tac-toe position: its value is the exact game value when
// it searches to the end, and AlphaBeta's without ordering at a depth
// limit.
func TestOrderingEveryPosition(t *testing.T) {
	t.Parallel()
	memo := map[string]float64{}
	ctx := context.Background()
	for _, p := range reachable(t) {
		for _, depth := range []int{2, search.MaxDepth} {
			ordered, err := search.AlphaBeta(ctx, p, search.Options{Depth: depth, Ordering: search.OrderScore})
			if err != nil {
				t.Fatal(err)
			}
			want := solve(p, memo)
			if depth != search.MaxDepth {
				plain, err := search.AlphaBeta(ctx, p, search.Options{Depth: depth})
				if err != nil {
					t.Fatal(err)
				}
				want = plain.Value
			}
			if ordered.Value != want {
				t.Errorf("%s depth %d: ordered AlphaBeta's value %v, want %v", p, depth, ordered.Value, want)
			}
		}
	}
}

// TestOrderingSavesNodes searches the whole of tic-tac-toe from the empty
// board with and without move ordering: all find the draw, and every
// ordering looks at strictly fewer nodes than the game's order.
func TestOrderingSavesNodes(t *testing.T) {
	t.Parallel()
	nodes := make([]int, len(orderings))
	for i, o := range orderings {
		res, err := search.AlphaBeta(context.Background(), tictactoe.New(), search.Options{Depth: search.MaxDepth, Ordering: o})
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != 0 {
			t.Errorf("ordering %v: value %v, want 0 (a draw)", o, res.Value)
		}
		nodes[i] = res.Nodes
		t.Logf("AlphaBeta ordering=%v: %d nodes, %d evaluations, %d cuts", o, res.Nodes, res.Evals, res.Cuts)
	}
	if nodes[0] != 18297 {
		t.Errorf("AlphaBeta without ordering looked at %d nodes, want its known 18,297", nodes[0])
	}
	for i, o := range orderings[1:] {
		if nodes[i+1] >= nodes[0] {
			t.Errorf("AlphaBeta with ordering %v looked at %d nodes, without %d: want fewer", o, nodes[i+1], nodes[0])
		}
	}
}

// TestOrderingTextbookTree checks ordered AlphaBeta on the textbook tree:
// each MIN node tries its smallest leaf first, so D's first leaf, 2, is
// already below MAX's 3 and prunes the other two: 9 nodes and two cuts
// where the game's order takes 11 and one.
func TestOrderingTextbookTree(t *testing.T) {
	t.Parallel()
	rec := trace.NewRecorder(0)
	res, err := search.AlphaBeta(context.Background(), mustTree(t, rn), search.Options{Depth: search.MaxDepth, Ordering: search.OrderScore, Tracing: search.Tracing{Tracer: rec}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Value != 3 || res.Label != "a1" || res.Nodes != 9 || res.Cuts != 2 {
		t.Errorf("chose %s with value %v after %d nodes and %d cuts, want a1 with 3 after 9 nodes and 2 cuts", res.Label, res.Value, res.Nodes, res.Cuts)
	}
	var leaves []float64
	var pruned [][]string
	for _, e := range rec.Events() {
		switch e.Kind {
		case trace.KindEval:
			leaves = append(leaves, e.Value)
		case trace.KindCut:
			pruned = append(pruned, e.PrunedLabels)
		}
	}
	if want := []float64{3, 8, 12, 2, 2}; !slices.Equal(leaves, want) {
		t.Errorf("leaves evaluated %v, want %v", leaves, want)
	}
	if want := [][]string{{"c2", "c3"}, {"d2", "d1"}}; !reflect.DeepEqual(pruned, want) {
		t.Errorf("pruned %v, want %v", pruned, want)
	}
}

// TestOrderingNoneIsTheGameOrder checks that AlphaBeta without ordering
// traces the textbook tree exactly as the lecture's hand-built trace does,
// and emits no note.
func TestOrderingNoneIsTheGameOrder(t *testing.T) {
	t.Parallel()
	rec := trace.NewRecorder(0)
	if _, err := search.AlphaBeta(context.Background(), mustTree(t, rn), search.Options{Depth: search.MaxDepth, Ordering: search.OrderNone, Tracing: search.Tracing{Tracer: rec}}); err != nil {
		t.Fatal(err)
	}
	got, want := rec.Events(), tracetest.AlphaBeta()
	got[len(got)-1].Counters.Elapsed, want[len(want)-1].Counters.Elapsed = 0, 0
	if len(got) != len(want) {
		t.Fatalf("%d events, the hand-built trace has %d", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("event %d is\n%+v\nwant\n%+v", i, got[i], want[i])
		}
	}
}

// TestOrderingTrace checks the traces of ordered AlphaBeta: a note on the
// root, after its window, says the moves are ordered, and at every
// interior node the children created, then the moves a cut prunes, are
// the legal moves sorted by the child's score, ascending, ties in the
// game's order.
func TestOrderingTrace(t *testing.T) {
	t.Parallel()
	tests := []struct {
		position string
		depth    int
	}{
		{".../.../...", 4},
		{"x.o/.x./..o", search.MaxDepth},
		{"x../.o./...", 3},
		{"xo./.x./o..", search.MaxDepth},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprintf("pos%d", i), func(t *testing.T) {
			t.Parallel()
			root := mustTicTacToe(t, tt.position)
			rec := trace.NewRecorder(0)
			if _, err := search.AlphaBeta(context.Background(), root, search.Options{Depth: tt.depth, Ordering: search.OrderScore, Tracing: search.Tracing{Tracer: rec}}); err != nil {
				t.Fatal(err)
			}
			events := rec.Events()
			name := fmt.Sprintf("%s depth %d", tt.position, tt.depth)
			if len(events) < 4 || events[3].Kind != trace.KindNote || events[3].Node != 0 || !strings.Contains(events[3].Text, "best-looking first") {
				t.Fatalf("%s: the fourth event is %+v, want the note on the root that the moves are ordered", name, events[3])
			}
			states := map[trace.NodeID]tictactoe.State{0: root}
			order := map[trace.NodeID][]int{} // each node's children's actions, as searched, then the pruned ones
			notes := 0
			for _, e := range events {
				switch e.Kind {
				case trace.KindNode:
					if e.Parent != trace.NoNode {
						states[e.Node] = states[e.Parent].Play(e.Action)
						order[e.Parent] = append(order[e.Parent], e.Action)
					}
				case trace.KindCut:
					order[e.Node] = append(order[e.Node], e.Pruned...)
				case trace.KindNote:
					notes++
				}
			}
			if notes != 1 {
				t.Errorf("%s: %d notes, want one", name, notes)
			}
			checked := 0
			for id, got := range order {
				s := states[id]
				want := s.Legal(nil)
				slices.SortStableFunc(want, func(a, b int) int { return cmp.Compare(s.Play(a).Score(), s.Play(b).Score()) })
				if !slices.Equal(got, want) {
					t.Errorf("%s: node %d (%s) searches and prunes %v, want %v, the moves by the child's score", name, id, s, got, want)
				}
				for i := 1; i < len(got); i++ {
					if s.Play(got[i-1]).Score() > s.Play(got[i]).Score() {
						t.Errorf("%s: node %d (%s): child %d scores more than child %d after it", name, id, s, got[i-1], got[i])
					}
				}
				checked++
			}
			if checked < 10 {
				t.Errorf("%s: only %d interior nodes checked", name, checked)
			}
		})
	}
}

// TestOrderingNoNoteWithoutChildren checks that a search whose root is not
// searched further, at the game's end, says nothing of an ordering.
func TestOrderingNoNoteWithoutChildren(t *testing.T) {
	t.Parallel()
	rec := trace.NewRecorder(0)
	if _, err := search.AlphaBeta(context.Background(), mustTicTacToe(t, "xxx/oo./..."), search.Options{Depth: search.MaxDepth, Ordering: search.OrderScore, Tracing: search.Tracing{Tracer: rec}}); err != nil {
		t.Fatal(err)
	}
	for _, e := range rec.Events() {
		if e.Kind == trace.KindNote {
			t.Errorf("a finished game's search notes %q", e.Text)
		}
	}
}

// TestOrderingCatalog checks AlphaBeta's ordering parameter: no ordering
// by default, ordering=1 the same search as OrderScore, unknown orderings
// refused by the spec and by AlphaBeta itself.
func TestOrderingCatalog(t *testing.T) {
	t.Parallel()
	entry := search.AlphaBetaEntry[tictactoe.State]()
	resolve := func(text string) (spec.Values, error) {
		s, err := spec.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		return spec.Resolve(s, entry.Params)
	}
	v, err := resolve("alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	if v["ordering"] != 0 {
		t.Errorf("ordering defaults to %v, want 0", v["ordering"])
	}
	p := mustTicTacToe(t, "x../.o./...")
	for _, tt := range []struct {
		spec string
		o    search.Ordering
	}{
		{"alphabeta", search.OrderNone}, {"alphabeta ordering=0", search.OrderNone}, {"alphabeta ordering=1", search.OrderScore},
		{"alphabeta ordering=2", search.OrderKiller}, {"alphabeta ordering=3", search.OrderHistory},
	} {
		v, err := resolve(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		got, err := entry.Run(context.Background(), p, v, search.Tracing{})
		if err != nil {
			t.Fatal(err)
		}
		want, err := search.AlphaBeta(context.Background(), p, search.Options{Depth: search.MaxDepth, Ordering: tt.o})
		if err != nil {
			t.Fatal(err)
		}
		if got.Action != want.Action || got.Value != want.Value || got.Nodes != want.Nodes {
			t.Errorf("%s: catalog run %+v, direct run with ordering %v %+v", tt.spec, got, tt.o, want)
		}
	}
	for _, bad := range []string{"alphabeta ordering=4", "alphabeta ordering=-1", "alphabeta ordering=score"} {
		if _, err := resolve(bad); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
	if _, err := search.AlphaBeta(context.Background(), p, search.Options{Ordering: 7}); err == nil || !strings.Contains(err.Error(), "ordering 7") {
		t.Errorf("ordering 7: err = %v, want one naming the ordering", err)
	}
	if s := search.OrderScore.String(); s != "score" {
		t.Errorf("OrderScore is %q, want score", s)
	}
}

// TestOrderingLearnsFromCuts checks the orderings that learn from cuts
// on traces of tic-tac-toe: with killer moves, each interior node
// searches first, of its ply's last two moves that caused a cut before
// the node was entered, those that are legal there, the latest first;
// with history, its moves in descending order of depth² summed over the
// earlier cuts each caused, ties in the game's order.
func TestOrderingLearnsFromCuts(t *testing.T) {
	t.Parallel()
	for _, o := range []search.Ordering{search.OrderKiller, search.OrderHistory} {
		for i, position := range []string{".../.../...", "x../.o./..."} {
			t.Run(fmt.Sprintf("%v/pos%d", o, i), func(t *testing.T) {
				t.Parallel()
				root := mustTicTacToe(t, position)
				rec := trace.NewRecorder(0)
				if _, err := search.AlphaBeta(context.Background(), root, search.Options{Depth: search.MaxDepth, Ordering: o, Tracing: search.Tracing{Tracer: rec}}); err != nil {
					t.Fatal(err)
				}
				states := map[trace.NodeID]tictactoe.State{0: root}
				depth := map[trace.NodeID]int{0: 0}
				var killers [][]int          // by ply, latest first, as learnt up to now
				history := map[int]float64{} // by action
				wants := map[trace.NodeID][]int{}
				order := map[trace.NodeID][]int{}
				lastChild := map[trace.NodeID]int{}
				for _, e := range rec.Events() {
					switch e.Kind {
					case trace.KindNode:
						if e.Parent != trace.NoNode {
							states[e.Node] = states[e.Parent].Play(e.Action)
							depth[e.Node] = e.Depth
							order[e.Parent] = append(order[e.Parent], e.Action)
							lastChild[e.Parent] = e.Action
						}
					case trace.KindEnter:
						s := states[e.Node]
						moves := s.Legal(nil)
						if o == search.OrderKiller {
							var first []int
							if d := depth[e.Node]; d < len(killers) {
								for _, k := range killers[d] {
									if slices.Contains(moves, k) && !slices.Contains(first, k) {
										first = append(first, k)
									}
								}
							}
							rest := slices.DeleteFunc(slices.Clone(moves), func(a int) bool { return slices.Contains(first, a) })
							wants[e.Node] = append(first, rest...)
						} else {
							slices.SortStableFunc(moves, func(a, b int) int { return cmp.Compare(history[b], history[a]) })
							wants[e.Node] = moves
						}
					case trace.KindCut:
						order[e.Node] = append(order[e.Node], e.Pruned...)
						d, a := depth[e.Node], lastChild[e.Node]
						for len(killers) <= d {
							killers = append(killers, nil)
						}
						if len(killers[d]) == 0 || killers[d][0] != a {
							killers[d] = append([]int{a}, killers[d]...)
							if len(killers[d]) > 2 {
								killers[d] = killers[d][:2]
							}
						}
						left := search.MaxDepth - d
						history[a] += float64(left * left)
					}
				}
				checked := 0
				for id, got := range order {
					if want := wants[id]; !slices.Equal(got, want) {
						t.Errorf("%v from %s: node %d (%s) searches and prunes %v, want %v", o, position, id, states[id], got, want)
					}
					checked++
				}
				if checked < 100 {
					t.Errorf("%v from %s: only %d interior nodes checked", o, position, checked)
				}
			})
		}
	}
}
