package search_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// depthCounter is a Tracer that counts the nodes of each iteration of
// iterative deepening, the iteration's root included.
type depthCounter struct {
	nodes     []int // per iteration, from depth 1
	discarded bool  // the last iteration was cut short
}

func (c *depthCounter) Emit(e trace.Event) {
	switch {
	case e.Kind == trace.KindIteration && e.Discarded:
		c.discarded = true
	case e.Kind == trace.KindIteration:
		c.nodes = append(c.nodes, 0)
	case e.Kind == trace.KindNode && len(c.nodes) > 0:
		c.nodes[len(c.nodes)-1]++
	}
}

// completed returns the deepest completed depth.
func (c *depthCounter) completed() int {
	if c.discarded {
		return len(c.nodes) - 1
	}
	return len(c.nodes)
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// runIterative runs Iterative with a depthCounter.
func runIterative(t testing.TB, p tictactoe.State, opts search.IterativeOptions) (search.Result, *depthCounter) {
	t.Helper()
	c := &depthCounter{}
	opts.Tracer = c
	res, err := search.Iterative(context.Background(), p, opts)
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	return res, c
}

// TestIterativeEveryPosition checks iterative deepening against AlphaBeta
// at its deepest completed depth on every reachable tic-tac-toe position,
// with and without move ordering, and that ordering saves nodes.
func TestIterativeEveryPosition(t *testing.T) {
	t.Parallel()
	positions := reachable(t)
	ctx := context.Background()
	for _, maxDepth := range []int{1, 2, 3, 4, search.MaxDepth} {
		t.Run(fmt.Sprintf("depth=%d", maxDepth), func(t *testing.T) {
			t.Parallel()
			memo := map[string]float64{}
			var final, total [2]int // summed over positions, [0] unordered, [1] ordered
			for _, p := range positions {
				var results [2]search.Result
				for o, ordering := range []bool{false, true} {
					res, c := runIterative(t, p, search.IterativeOptions{Depth: maxDepth, Ordering: ordering})
					results[o] = res
					d := c.completed()
					if d < 1 || d > maxDepth || c.discarded || res.Nodes != 1+sum(c.nodes) {
						t.Fatalf("%s depth %d: completed %d of %v nodes per depth, %d nodes in all", p, maxDepth, d, c.nodes, res.Nodes)
					}
					if d > max(1, strings.Count(p.String(), ".")) {
						t.Errorf("%s depth %d: searched to depth %d, past the end of the game", p, maxDepth, d)
					}
					final[o] += c.nodes[d-1]
					total[o] += res.Nodes
					ab, err := search.AlphaBeta(ctx, p, search.Options{Depth: d})
					if err != nil {
						t.Fatal(err)
					}
					if res.Value != ab.Value {
						t.Errorf("%s depth %d ordering %v: value %v, AlphaBeta at depth %d: %v", p, maxDepth, ordering, res.Value, d, ab.Value)
					}
					if maxDepth == search.MaxDepth && res.Value != solve(p, memo) {
						t.Errorf("%s: value %v, exact value %v", p, res.Value, solve(p, memo))
					}
					if !ordering && (res.Action != ab.Action || c.nodes[d-1] != ab.Nodes) {
						t.Errorf("%s depth %d: last iteration chose %d after %d nodes, AlphaBeta %d after %d", p, d, res.Action, c.nodes[d-1], ab.Action, ab.Nodes)
					}
					if p.Done() {
						if res.Action != -1 {
							t.Errorf("%s: chose %d in a finished game", p, res.Action)
						}
						continue
					}
					if res.Action < 0 || p.Play(res.Action).String() == p.String() || res.Label != p.Label(res.Action) {
						t.Fatalf("%s depth %d: chose %d (%s)", p, maxDepth, res.Action, res.Label)
					}
					child, err := search.AlphaBeta(ctx, p.Play(res.Action), search.Options{Depth: d - 1})
					if err != nil {
						t.Fatal(err)
					}
					if -child.Value != res.Value {
						t.Errorf("%s depth %d: chose %s of value %v, the root's value is %v", p, d, res.Label, -child.Value, res.Value)
					}
				}
				if results[0].Value != results[1].Value {
					t.Errorf("%s depth %d: ordering changed the value from %v to %v", p, maxDepth, results[0].Value, results[1].Value)
				}
			}
			t.Logf("depth cap %d, over %d positions: last iterations %d nodes unordered, %d ordered; all iterations %d and %d",
				maxDepth, len(positions), final[0], final[1], total[0], total[1])
			if final[1] > final[0] || maxDepth >= 3 && (final[1] >= final[0] || total[1] >= total[0]) {
				t.Errorf("depth cap %d: ordering took %d nodes in the last iterations and %d in all, without %d and %d", maxDepth, final[1], total[1], final[0], total[0])
			}
		})
	}
}

// TestIterativeEmptyBoard reports the nodes per depth from the empty
// board, with and without ordering; without, each depth is AlphaBeta's.
func TestIterativeEmptyBoard(t *testing.T) {
	t.Parallel()
	root := tictactoe.New()
	var perDepth [2][]int
	for o, ordering := range []bool{false, true} {
		res, c := runIterative(t, root, search.IterativeOptions{Ordering: ordering})
		if res.Value != 0 || len(c.nodes) != 9 {
			t.Errorf("ordering %v: value %v after %d depths, want a draw at depth 9", ordering, res.Value, len(c.nodes))
		}
		perDepth[o] = c.nodes
		t.Logf("ordering %-5v: nodes per depth %v, %d in all", ordering, c.nodes, res.Nodes)
	}
	for d, n := range perDepth[0] {
		ab, err := search.AlphaBeta(context.Background(), root, search.Options{Depth: d + 1})
		if err != nil {
			t.Fatal(err)
		}
		if n != ab.Nodes {
			t.Errorf("depth %d without ordering: %d nodes, AlphaBeta %d", d+1, n, ab.Nodes)
		}
	}
	if last := len(perDepth[1]) - 1; perDepth[1][last] >= perDepth[0][last] {
		t.Errorf("depth 9: %d nodes with ordering, %d without", perDepth[1][last], perDepth[0][last])
	}
}

// TestIterativeBudget cuts a depth short with the node budget: the answer
// is the previous depth's, whether the depth started or not.
func TestIterativeBudget(t *testing.T) {
	t.Parallel()
	p, err := tictactoe.Parse("x../.o./...")
	if err != nil {
		t.Fatal(err)
	}
	_, c := runIterative(t, p, search.IterativeOptions{Ordering: true})
	if len(c.nodes) < 6 {
		t.Fatalf("%s: %d depths, want at least 6", p, len(c.nodes))
	}
	const done = 4 // the depth the budget lets complete
	want, _ := runIterative(t, p, search.IterativeOptions{Depth: done, Ordering: true})
	through := 1 + sum(c.nodes[:done])
	for _, budget := range []int{through, through + 1, through + c.nodes[done]/2, through + c.nodes[done] - 1} {
		rec := trace.NewRecorder(0)
		res, err := search.Iterative(context.Background(), p, search.IterativeOptions{Ordering: true, Limits: search.Limits{MaxNodes: budget}, Tracing: search.Tracing{Tracer: rec, Boards: true}})
		if !errors.Is(err, search.ErrBudget) {
			t.Errorf("budget %d: err %v, want ErrBudget", budget, err)
		}
		if res.Action != want.Action || res.Value != want.Value || res.Nodes != budget {
			t.Errorf("budget %d: chose %s with %v after %d nodes, depth %d alone chose %s with %v", budget, res.Label, res.Value, res.Nodes, done, want.Label, want.Value)
		}
		events := rec.Events()
		checkIterativeTrace(t, fmt.Sprintf("budget %d", budget), events, res, done)
		discarded := budget > through
		var sawDiscarded bool
		for _, e := range events {
			if e.Kind == trace.KindIteration && e.Discarded {
				sawDiscarded = e.Depth == done+1
			}
			if e.Kind == trace.KindNote && discarded && strings.Contains(e.Text, "cut short by the node budget") &&
				!strings.HasPrefix(e.Text, fmt.Sprintf("depth %d cut short by the node budget after %d nodes", done+1, budget-through)) {
				t.Errorf("budget %d: note %q", budget, e.Text)
			}
		}
		if sawDiscarded != discarded {
			t.Errorf("budget %d: discarded iteration event %v, want %v", budget, sawDiscarded, discarded)
		}
	}
}

// slowState is tic-tac-toe whose first move to a position with ply marks
// advances a test clock by pause: iterative deepening's first iteration of
// depth ply (from the empty board) stalls, so its time limit runs out there.
type slowState struct {
	tictactoe.State
	slow *stall
}

type stall struct {
	ply   int
	pause time.Duration
	clock *testClock
	done  bool
}

func (s slowState) Play(a int) slowState {
	c := slowState{s.State.Play(a), s.slow}
	if !s.slow.done && 9-strings.Count(c.String(), ".") >= s.slow.ply {
		s.slow.done = true
		s.slow.clock.advance(s.slow.pause)
	}
	return c
}

var _ search.Alternating[slowState] = slowState{}

// TestIterativeClock cuts a depth short with the time limit, on a test
// clock that stands still but when a position of the depth stalls it: the
// answer is the previous depth's, no error, and the search stops at the
// first read of the clock past the limit.
func TestIterativeClock(t *testing.T) {
	t.Parallel()
	const limit = 100 * time.Millisecond
	_, c := runIterative(t, tictactoe.New(), search.IterativeOptions{Ordering: true})
	// The clock is read every 4,096 nodes: stall in a depth long enough
	// to read it after the stall.
	stallAt := 0
	for d, n := range c.nodes {
		if n > 4096+9 {
			stallAt = d + 1
			break
		}
	}
	if stallAt == 0 {
		t.Fatalf("no depth has more than 4,105 nodes: %v", c.nodes)
	}
	want, _ := runIterative(t, tictactoe.New(), search.IterativeOptions{Depth: stallAt - 1, Ordering: true})
	clock := newTestClock(0)
	root := slowState{tictactoe.New(), &stall{ply: stallAt, pause: 3 * limit, clock: clock}}
	res, err := search.Iterative(context.Background(), root, search.IterativeOptions{Ordering: true, Limits: search.Limits{TimeLimit: limit, Now: clock.Now}, Tracing: search.Tracing{Tracer: clock}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Action != want.Action || res.Value != want.Value {
		t.Errorf("chose %s with %v, depth %d alone chose %s with %v", res.Label, res.Value, stallAt-1, want.Label, want.Value)
	}
	checkStoppedByClock(t, "clock", clock, limit, res.Elapsed)
	checkIterativeTrace(t, "clock", clock.events(), res, stallAt-1)
	var discarded, note bool
	for _, e := range clock.events() {
		discarded = discarded || e.Kind == trace.KindIteration && e.Discarded && e.Depth == stallAt
		note = note || e.Kind == trace.KindNote && strings.HasPrefix(e.Text, fmt.Sprintf("depth %d cut short by the clock after ", stallAt)) && strings.HasSuffix(e.Text, " nodes: discarded")
	}
	if !discarded || !note {
		t.Errorf("depth %d: discarded iteration event %v, note %v; want both", stallAt, discarded, note)
	}
	// A time limit only reached between depths stops without a discarded
	// iteration; the first depth always completes.
	want, _ = runIterative(t, tictactoe.New(), search.IterativeOptions{Depth: 1, Ordering: true})
	clock = newTestClock(time.Millisecond)
	res, err = search.Iterative(context.Background(), tictactoe.New(), search.IterativeOptions{Ordering: true, Limits: search.Limits{TimeLimit: time.Nanosecond, Now: clock.Now}, Tracing: search.Tracing{Tracer: clock}})
	if err != nil || res.Action != want.Action || res.Value != want.Value {
		t.Errorf("1ns: chose %d with %v, err %v; want depth 1's move %d with %v", res.Action, res.Value, err, want.Action, want.Value)
	}
	if past := checkStoppedByClock(t, "1ns", clock, time.Nanosecond, res.Elapsed); past != 1 {
		t.Errorf("1ns: stopped at read %d, want 1, before depth 2", past)
	}
	checkIterativeTrace(t, "1ns", clock.events(), res, 1)
	if events := clock.events(); !slices.ContainsFunc(events, func(e trace.Event) bool {
		return e.Kind == trace.KindNote && e.Text == "time limit of 1ns reached before depth 2"
	}) {
		t.Errorf("1ns: no note on the time limit before depth 2")
	}
	// On the real clock, a time limit stops with no error, reached or not.
	if res, err := search.Iterative(context.Background(), tictactoe.New(), search.IterativeOptions{Limits: search.Limits{TimeLimit: time.Millisecond}}); err != nil || res.Action < 0 {
		t.Errorf("real clock: chose %d, err %v; want a move and no error", res.Action, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := search.Iterative(ctx, tictactoe.New(), search.IterativeOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v, want context.Canceled", err)
	}
}

// checkIterativeTrace checks a trace of Iterative: valid, folds, one
// subtree per iteration under node 0, and the decision's best line through
// the root of the iteration of depth done.
func checkIterativeTrace(t *testing.T, name string, events []trace.Event, res search.Result, done int) {
	t.Helper()
	if err := tracetest.Validate(events); err != nil {
		t.Fatalf("%s: invalid trace: %v", name, err)
	}
	tree, err := trace.NewTree(events)
	if err != nil {
		t.Fatalf("%s: NewTree: %v", name, err)
	}
	if err := tree.Seek(tree.Len() - 1); err != nil {
		t.Fatal(err)
	}
	dec, ok := tree.Decision()
	if !ok || dec.Node != 0 || dec.Action != res.Action || dec.Value != res.Value || dec.Counters.Nodes != res.Nodes {
		t.Fatalf("%s: decision %+v, result %+v", name, dec, res)
	}
	root := tree.Node(0)
	for _, id := range root.Children {
		n := tree.Node(id)
		if n.Action != -1 || n.Depth != 1 || n.Type != trace.TypeMax || !strings.HasPrefix(n.Label, "depth ") || n.Board != root.Board {
			t.Errorf("%s: iteration root %+v", name, n)
		}
		for _, cid := range n.Children {
			if c := tree.Node(cid); c.Depth != 2 || c.Type != trace.TypeMin {
				t.Errorf("%s: child %d of iteration root %d has depth %d and type %v", name, cid, id, c.Depth, c.Type)
			}
		}
	}
	it := tree.Node(root.Best)
	if root.Status != trace.StatusBest || it.Parent != 0 || it.Label != fmt.Sprintf("depth %d", done) || it.Status != trace.StatusBest {
		t.Fatalf("%s: node 0 (%v) has best %d %q (%v), want the root of depth %d", name, root.Status, root.Best, it.Label, it.Status, done)
	}
	if !root.HasValue || root.Value != res.Value || it.Value != res.Value {
		t.Errorf("%s: node 0 value %v, iteration root %v, result %v", name, root.Value, it.Value, res.Value)
	}
	if res.Action >= 0 {
		if m := tree.Node(it.Best); m.Action != res.Action || m.Status != trace.StatusBest {
			t.Errorf("%s: best line goes through %s (%v), decision %s", name, m.Label, m.Status, res.Label)
		}
	}
}

// TestIterativeTrace checks traces of Iterative: the same twice, valid,
// folded, and, without ordering, each iteration traced exactly as
// AlphaBeta traces a search of its depth.
func TestIterativeTrace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for i, pos := range []string{".../.../...", "x../.o./...", "xo./.x./...", "xox/oox/x..", "xxx/oo./..."} {
		for _, ordering := range []bool{false, true} {
			t.Run(fmt.Sprintf("pos%d/ordering=%v", i, ordering), func(t *testing.T) {
				t.Parallel()
				p, err := tictactoe.Parse(pos)
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%s ordering %v", p, ordering)
				opts := search.IterativeOptions{Depth: 5, Ordering: ordering, Tracing: search.Tracing{Boards: true}}
				var traces [2][]trace.Event
				var res search.Result
				for i := range traces {
					rec := trace.NewRecorder(0)
					opts.Tracer = rec
					res, err = search.Iterative(ctx, p, opts)
					if err != nil {
						t.Fatal(err)
					}
					traces[i] = rec.Events()
					traces[i][len(traces[i])-1].Counters.Elapsed = 0
				}
				if fmt.Sprint(traces[0]) != fmt.Sprint(traces[1]) {
					t.Errorf("%s: two runs gave different traces", name)
				}
				plain, err := search.Iterative(ctx, p, search.IterativeOptions{Depth: 5, Ordering: ordering})
				if err != nil {
					t.Fatal(err)
				}
				if plain.Action != res.Action || plain.Value != res.Value || plain.Nodes != res.Nodes || plain.Cuts != res.Cuts || plain.Evals != res.Evals {
					t.Errorf("%s: untraced %+v, traced %+v", name, plain, res)
				}
				events := traces[0]
				var iterations []int // the index of each iteration event
				for i, e := range events {
					if e.Kind == trace.KindIteration {
						iterations = append(iterations, i)
					}
				}
				checkIterativeTrace(t, name, events, res, len(iterations))
				for i, start := range iterations {
					end := len(events)
					if i+1 < len(iterations) {
						end = iterations[i+1]
					}
					nodes, text := 0, ""
					for _, e := range events[start:end] {
						if e.Kind == trace.KindNode {
							nodes++
						}
						if e.Kind == trace.KindNote && e.Node == events[start+1].Node && strings.HasPrefix(e.Text, "depth") && text == "" {
							text = e.Text
						}
					}
					want := fmt.Sprintf("depth %d: %d nodes", i+1, nodes)
					if ordering && i > 0 {
						want += fmt.Sprintf(" with move ordering from depth %d", i)
					}
					if text != want {
						t.Errorf("%s: note %q, want %q", name, text, want)
					}
				}
				if ordering {
					return
				}
				for i, start := range iterations {
					checkSameAsAlphaBeta(t, name, p, i+1, events[start+1:])
				}
			})
		}
	}
}

// checkSameAsAlphaBeta checks that events, from an iteration root's node
// event on, trace the search of AlphaBeta at depth d up to its leave of
// the root, with node ids shifted and depths one more.
func checkSameAsAlphaBeta(t *testing.T, name string, p tictactoe.State, d int, events []trace.Event) {
	t.Helper()
	rec := trace.NewRecorder(0)
	if _, err := search.AlphaBeta(context.Background(), p, search.Options{Depth: d, Tracing: search.Tracing{Tracer: rec, Boards: true}}); err != nil {
		t.Fatal(err)
	}
	want := rec.Events()
	want = want[:len(want)-1] // the decision
	if len(events) < len(want) {
		t.Fatalf("%s depth %d: %d events, AlphaBeta %d", name, d, len(events), len(want))
	}
	base := events[0].Node
	shift := func(id trace.NodeID) trace.NodeID {
		if id == trace.NoNode {
			return id
		}
		return id - base
	}
	for i := 1; i < len(want); i++ {
		e := events[i]
		e.Step, e.Node = 0, shift(e.Node)
		switch e.Kind {
		case trace.KindNode:
			e.Parent, e.Depth = shift(e.Parent), e.Depth-1
		case trace.KindValue:
			e.Best = shift(e.Best)
		}
		w := want[i]
		w.Step = 0
		if fmt.Sprint(e) != fmt.Sprint(w) {
			t.Fatalf("%s depth %d: event %d is\n%+v\nAlphaBeta's is\n%+v", name, d, i, e, w)
		}
	}
}

func TestIterativeCatalog(t *testing.T) {
	t.Parallel()
	entry := search.IterativeEntry[tictactoe.State]()
	s, err := spec.Parse("iterative depth=4")
	if err != nil {
		t.Fatal(err)
	}
	v, err := spec.Resolve(s, entry.Params)
	if err != nil {
		t.Fatal(err)
	}
	if v["time"] != 1000 || v["ordering"] != 1 || v["nodes"] != search.DefaultMaxNodes {
		t.Errorf("defaults %v", v)
	}
	p, err := tictactoe.Parse("x../.o./...")
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	got, err := entry.Run(context.Background(), p, v, search.Tracing{Tracer: rec, Boards: true})
	if err != nil {
		t.Fatal(err)
	}
	want, err := search.Iterative(context.Background(), p, search.IterativeOptions{Depth: 4, Ordering: true, Limits: search.Limits{TimeLimit: time.Second, MaxNodes: search.DefaultMaxNodes}})
	if err != nil {
		t.Fatal(err)
	}
	if got.Action != want.Action || got.Value != want.Value || got.Nodes != want.Nodes {
		t.Errorf("catalog run %+v, direct run %+v", got, want)
	}
	checkIterativeTrace(t, "catalog", rec.Events(), got, 4)
	for _, bad := range []string{"iterative depth=0", "iterative depth=65", "iterative time=60001", "iterative ordering=2"} {
		s, err := spec.Parse(bad)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := spec.Resolve(s, entry.Params); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
	if _, err := search.Iterative(context.Background(), p, search.IterativeOptions{Depth: -1}); err == nil {
		t.Error("depth -1 accepted")
	}
	if _, err := search.Iterative(context.Background(), p, search.IterativeOptions{Limits: search.Limits{TimeLimit: -1}}); err == nil {
		t.Error("time limit -1 accepted")
	}
}

// TestIterativeTimeBudget checks the lecture's time allocation: no depth
// starts after B/2, and a depth whose root finds a better move than the
// previous depth's best earns 2B, one whose previous best fails low 4B.
func TestIterativeTimeBudget(t *testing.T) {
	t.Parallel()
	const budget = 50 * time.Millisecond
	// Each read of the clock advances it 10ms: the start, then one read
	// before each depth (tic-tac-toe's first three depths have far fewer
	// than the 4,096 nodes between reads). Before depth 4, 30ms have
	// passed, past B/2.
	clock := newTestClock(10 * time.Millisecond)
	res, err := search.Iterative(context.Background(), tictactoe.New(), search.IterativeOptions{Budget: budget, Ordering: true, Limits: search.Limits{Now: clock.Now}, Tracing: search.Tracing{Tracer: clock}})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := runIterative(t, tictactoe.New(), search.IterativeOptions{Depth: 3, Ordering: true})
	if res.Action != want.Action || res.Value != want.Value {
		t.Errorf("chose %s with %v, depth 3 alone chose %s with %v", res.Label, res.Value, want.Label, want.Value)
	}
	checkIterativeTrace(t, "budget", clock.events(), res, 3)
	if !slices.ContainsFunc(clock.events(), func(e trace.Event) bool {
		return e.Kind == trace.KindNote && strings.Contains(e.Text, "so depth 4 is not started")
	}) {
		t.Error("no note says that depth 4 did not start after B/2")
	}

	tests := []struct {
		name, tree string
		note       string
	}{
		// Depth 1 sees only zeros and keeps the first move; depth 2 finds
		// the second worth more.
		{"better move", "[[1,1],[5,5]]", "a2 beats a1, the previous depth's best move: the budget grows to 2B = 100ms"},
		// Depth 2 finds the first move worth less than depth 1 thought.
		{"fail low", "[[-3,-3],[-5,-5]]", "a1, the previous depth's best move, fails low: -3, below the previous depth's 0: the budget grows to 4B = 200ms"},
		{"settled", "[[1,1],[0,0]]", ""},
	}
	for _, tt := range tests {
		clock := newTestClock(0)
		if _, err := search.Iterative(context.Background(), mustTree(t, tt.tree), search.IterativeOptions{Budget: budget, Ordering: true, Limits: search.Limits{Now: clock.Now}, Tracing: search.Tracing{Tracer: clock}}); err != nil {
			t.Fatal(err)
		}
		var notes []string
		for _, e := range clock.events() {
			if e.Kind == trace.KindNote && strings.Contains(e.Text, "the budget grows") {
				notes = append(notes, e.Text)
			}
		}
		if tt.note == "" && len(notes) > 0 || tt.note != "" && !slices.Equal(notes, []string{tt.note}) {
			t.Errorf("%s: budget notes %q, want %q", tt.name, notes, tt.note)
		}
	}
	if _, err := search.Iterative(context.Background(), tictactoe.New(), search.IterativeOptions{Budget: -time.Second}); err == nil || !strings.Contains(err.Error(), "time budget -1s is negative") {
		t.Errorf("a negative budget: %v, want an error saying so", err)
	}
}
