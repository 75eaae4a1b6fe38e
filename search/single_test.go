package search_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/games/maze"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// walk is a tiny single-player game for these tests: a walk through a
// pseudo-random tree whose states have one to three moves, each adding
// -2..4 points, so ties are common. With early set, some states end the
// game before its turns run out.
type walk struct {
	left  int
	h     uint64
	score float64
	early bool
}

var _ search.Single[walk] = walk{}
var _ search.Single[maze.State] = maze.State{}

func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func newWalk(turns int, seed uint64, early bool) walk {
	return walk{left: turns, h: mix(seed), early: early}
}

func (w walk) Done() bool { return w.left == 0 || w.early && w.h%5 == 0 }

func (w walk) Legal(buf []int) []int {
	if w.Done() {
		return buf
	}
	for a := range 1 + int(w.h%3) {
		buf = append(buf, a)
	}
	return buf
}

func (w walk) Play(a int) walk {
	h := mix(w.h*31 + uint64(a) + 1)
	return walk{left: w.left - 1, h: h, score: w.score + float64(int(h%7)-2), early: w.early}
}

func (w walk) Score() float64     { return w.score }
func (w walk) Label(a int) string { return fmt.Sprintf("m%d", a) }
func (w walk) String() string     { return fmt.Sprintf("%d:%x:%v", w.left, w.h, w.score) }

// single is the shape of the three engines.
type single[S search.Single[S]] func(context.Context, S, search.SingleOptions) (search.Result, error)

// bestScore is an independent brute force: the greatest score over every
// sequence of depth actions, or of fewer where the game ends first.
func bestScore[S search.Single[S]](s S, depth int) float64 {
	moves := s.Legal(nil)
	if depth == 0 || len(moves) == 0 {
		return s.Score()
	}
	best := math.Inf(-1)
	for _, a := range moves {
		best = max(best, bestScore(s.Play(a), depth-1))
	}
	return best
}

// widest returns the most states at any depth from 0 to depth.
func widest[S search.Single[S]](root S, depth int) int {
	level, widest := []S{root}, 1
	for range depth {
		var next []S
		for _, s := range level {
			for _, a := range s.Legal(nil) {
				next = append(next, s.Play(a))
			}
		}
		level, widest = next, max(widest, len(next))
	}
	return widest
}

func isLegal[S search.Single[S]](s S, a int) bool {
	return slices.Contains(s.Legal(nil), a)
}

// checkExhaustive checks that a search wide enough to keep every state
// finds the brute-force optimum, and a first action that leads to it.
func checkExhaustive[S search.Single[S]](t *testing.T, name string, root S, turns int) {
	t.Helper()
	ctx := context.Background()
	want := bestScore(root, turns)
	width := widest(root, turns)
	engines := map[string]single[S]{"beam": search.Beam[S], "chokudai": search.Chokudai[S]}
	for ename, run := range engines {
		res, err := run(ctx, root, search.SingleOptions{Width: width, Depth: turns, Passes: 1})
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != want {
			t.Errorf("%s %s: %s found %v, the optimum is %v", name, root, ename, res.Value, want)
			continue
		}
		if !isLegal(root, res.Action) || bestScore(root.Play(res.Action), turns-1) != want {
			t.Errorf("%s %s: %s chose %d (%s), which does not lead to the optimum %v", name, root, ename, res.Action, res.Label, want)
		}
	}
}

func TestSingleExhaustiveWalk(t *testing.T) {
	t.Parallel()
	for seed := range uint64(200) {
		for turns := 1; turns <= 6; turns++ {
			t.Run(fmt.Sprintf("seed%d/turns=%d", seed, turns), func(t *testing.T) {
				t.Parallel()
				checkExhaustive(t, "walk", newWalk(turns, seed, false), turns)
			})
		}
	}
}

func TestSingleExhaustiveMaze(t *testing.T) {
	t.Parallel()
	n := 0
	for seed := range int64(30) {
		for _, h := range []int{3, 5} {
			for _, w := range []int{3, 5} {
				for turns := 1; turns <= 6; turns++ {
					if seed >= 10 && turns > 4 && h*w > 15 {
						continue // keep the run short
					}
					t.Run(fmt.Sprintf("seed%d/%dx%d/turns=%d", seed, h, w, turns), func(t *testing.T) {
						t.Parallel()
						checkExhaustive(t, "maze", mustMaze(t, h, w, turns, seed), turns)
					})
					n++
				}
			}
		}
	}
	if n < 300 {
		t.Fatalf("tried %d mazes, want a few hundred", n)
	}
}

// TestGreedyIsFirstBest checks Greedy against its definition: the first
// action in move order whose state scores strictly best.
func TestGreedyIsFirstBest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for seed := range uint64(300) {
		root := newWalk(3, seed, true)
		want, best := -1, math.Inf(-1)
		for _, a := range root.Legal(nil) {
			if v := root.Play(a).Score(); v > best {
				want, best = a, v
			}
		}
		res, err := search.Greedy(ctx, root, search.SingleOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Action != want || want >= 0 && res.Value != best {
			t.Errorf("%s: greedy chose %d with %v, want %d with %v", root, res.Action, res.Value, want, best)
		}
		if wantNodes := 1 + len(root.Legal(nil)); res.Nodes != wantNodes || res.Evals != wantNodes || res.Cuts != 0 {
			t.Errorf("%s: counters %+v, want %d nodes and evals", root, res.Counters, wantNodes)
		}
	}
}

// TestGreedyIsNarrowBeam plays whole games choosing each move with Greedy
// and with Beam of width 1 and depth 1: they must agree at every turn.
func TestGreedyIsNarrowBeam(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, g := range []struct{ h, w, turns int }{{5, 5, 20}, {31, 11, 100}} {
		for seed := range int64(3) {
			t.Run(fmt.Sprintf("%dx%d/seed%d", g.h, g.w, seed), func(t *testing.T) {
				t.Parallel()
				s := mustMaze(t, g.h, g.w, g.turns, seed)
				for turn := 0; !s.Done(); turn++ {
					gr, err := search.Greedy(ctx, s, search.SingleOptions{})
					if err != nil {
						t.Fatal(err)
					}
					bm, err := search.Beam(ctx, s, search.SingleOptions{Width: 1, Depth: 1})
					if err != nil {
						t.Fatal(err)
					}
					if gr.Action != bm.Action || gr.Value != bm.Value || gr.Nodes != bm.Nodes {
						t.Fatalf("%dx%d seed %d turn %d %s: greedy %+v, beam %+v", g.h, g.w, seed, turn, s, gr, bm)
					}
					s = s.Play(gr.Action)
				}
			})
		}
	}
}

// TestChokudaiOnePassIsBeam checks that one pass of Chokudai search is a
// beam search of the same width and depth.
func TestChokudaiOnePassIsBeam(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for seed := range int64(40) {
		root := mustMaze(t, 5+2*int(seed%3), 5+2*int(seed%4), 3+int(seed%6), seed)
		for width := 1; width <= 3; width++ {
			for depth := 1; depth <= 6; depth++ {
				t.Run(fmt.Sprintf("seed%d/width=%d/depth=%d", seed, width, depth), func(t *testing.T) {
					t.Parallel()
					opts := search.SingleOptions{Width: width, Depth: depth, Passes: 1}
					bm, err := search.Beam(ctx, root, opts)
					if err != nil {
						t.Fatal(err)
					}
					ch, err := search.Chokudai(ctx, root, opts)
					if err != nil {
						t.Fatal(err)
					}
					if bm.Action != ch.Action || bm.Value != ch.Value || bm.Nodes != ch.Nodes {
						t.Errorf("%s width %d depth %d: beam %+v, chokudai %+v", root, width, depth, bm, ch)
					}
				})
			}
		}
	}
}

// TestChokudaiMorePassesNoWorse: Chokudai keeps every state it generates
// until it is taken, so more passes never lower the best score at a
// fixed depth, and they explore other first moves.
func TestChokudaiMorePassesNoWorse(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root := mustMaze(t, 31, 11, 100, 0)
	prev := math.Inf(-1)
	for _, passes := range []int{1, 2, 5, 20, 50} {
		res, err := search.Chokudai(ctx, root, search.SingleOptions{Width: 1, Depth: 30, Passes: passes})
		if err != nil {
			t.Fatal(err)
		}
		if res.Value < prev {
			t.Errorf("%d passes: best score %v, fewer passes found %v", passes, res.Value, prev)
		}
		prev = res.Value
		if !isLegal(root, res.Action) {
			t.Errorf("%d passes: illegal action %d", passes, res.Action)
		}
	}
}

func TestSingleRootWithoutMoves(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root, err := maze.Parse("0:1@2")
	if err != nil {
		t.Fatal(err)
	}
	opts := search.SingleOptions{Width: 2, Depth: 3, Passes: 2}
	for name, run := range map[string]single[maze.State]{"greedy": search.Greedy[maze.State], "beam": search.Beam[maze.State], "chokudai": search.Chokudai[maze.State]} {
		rec := trace.NewRecorder(0)
		opts.Tracer = rec
		res, err := run(ctx, root, opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.Action != -1 || res.Label != "" || res.Value != 0 || res.Nodes != 1 {
			t.Errorf("%s: %+v, want no action, value 0 and one node", name, res)
		}
		checkTrace(t, name, rec.Events())
	}
}

func TestSingleBadOptions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root := newWalk(3, 1, false)
	for _, opts := range []search.SingleOptions{
		{Width: 0, Depth: 1, Passes: 1},
		{Width: 1, Depth: 0, Passes: 1},
		{Width: 1, Depth: 1, Passes: 1, Limits: search.Limits{TimeLimit: -time.Second}},
	} {
		if _, err := search.Beam(ctx, root, opts); err == nil {
			t.Errorf("beam %+v: no error", opts)
		}
		if _, err := search.Chokudai(ctx, root, opts); err == nil {
			t.Errorf("chokudai %+v: no error", opts)
		}
	}
	if _, err := search.Chokudai(ctx, root, search.SingleOptions{Width: 1, Depth: 1}); err == nil {
		t.Error("chokudai with no passes: no error")
	}
}

// checkTrace validates a trace, folds it, checks that it survives the file
// format unchanged, and that the decision's line of best children ends at
// a state with the decision's value.
func checkTrace(t *testing.T, name string, events []trace.Event) {
	t.Helper()
	if err := tracetest.Validate(events); err != nil {
		t.Fatalf("%s: invalid trace: %v", name, err)
	}
	tree, err := trace.NewTree(events)
	if err != nil {
		t.Fatalf("%s: trace does not fold: %v", name, err)
	}
	var buf bytes.Buffer
	w, err := trace.NewWriter(&buf, trace.Header{Game: "test", Algorithm: name})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		w.Emit(e)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := tracetest.CheckJSONL(buf.Bytes()); err != nil {
		t.Fatalf("%s: schema: %v", name, err)
	}
	_, back, err := trace.ReadAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(normalise(back), normalise(events)) {
		for i := range min(len(back), len(events)) {
			if !reflect.DeepEqual(back[i], events[i]) {
				t.Fatalf("%s: event %d reads back as %+v, was %+v", name, i, back[i], events[i])
			}
		}
		t.Fatalf("%s: %d events read back, %d written", name, len(back), len(events))
	}
	if err := tree.Seek(tree.Len() - 1); err != nil {
		t.Fatal(err)
	}
	d, ok := tree.Decision()
	if !ok {
		t.Fatalf("%s: no decision", name)
	}
	id, action := tree.Root(), -1
	for n := tree.Node(id); n.Best != trace.NoNode; n = tree.Node(id) {
		if n.Status != trace.StatusBest || n.Value != d.Value {
			t.Errorf("%s: node %d on the best line has status %v and value %v, want best and %v", name, id, n.Status, n.Value, d.Value)
		}
		id = n.Best
		if action < 0 {
			action = tree.Node(id).Action
		}
	}
	if leaf := tree.Node(id); id != tree.Root() && (leaf.Value != d.Value || leaf.Status != trace.StatusBest) {
		t.Errorf("%s: the best line ends at node %d with value %v and status %v, the decision's value is %v", name, id, leaf.Value, leaf.Status, d.Value)
	}
	if action != d.Action {
		t.Errorf("%s: the best line starts with action %d, the decision is %d", name, action, d.Action)
	}
}

// normalise clears what the file format does not distinguish: nil and
// empty slices.
func normalise(events []trace.Event) []trace.Event {
	out := slices.Clone(events)
	for i := range out {
		e := &out[i]
		if len(e.Kept) == 0 {
			e.Kept = nil
		}
		if len(e.Dropped) == 0 {
			e.Dropped = nil
		}
	}
	return out
}

// nodesOf returns the node and eval events of a trace by node id.
func nodesOf(events []trace.Event) (nodes []trace.Event, evals []float64) {
	for _, e := range events {
		switch e.Kind {
		case trace.KindNode:
			nodes = append(nodes, e)
		case trace.KindEval:
			evals = append(evals, e.Value)
		}
	}
	return nodes, evals
}

// checkBeamEvents checks a Beam (or Greedy) trace: each depth's beam event
// lists exactly the children of that depth, kept first, min(width, n) of
// them, all ranked by score (ties to the earlier created).
func checkBeamEvents(t *testing.T, name string, events []trace.Event, width int) {
	t.Helper()
	nodes, evals := nodesOf(events)
	if len(evals) != len(nodes) {
		t.Fatalf("%s: %d evals for %d nodes", name, len(evals), len(nodes))
	}
	byDepth := map[int][]trace.NodeID{}
	for _, n := range nodes {
		byDepth[n.Depth] = append(byDepth[n.Depth], n.Node)
	}
	seen := map[int]bool{}
	for _, e := range events {
		if e.Kind != trace.KindBeam {
			continue
		}
		if seen[e.Depth] {
			t.Errorf("%s: two beam events at depth %d", name, e.Depth)
		}
		seen[e.Depth] = true
		all := append(slices.Clone(e.Kept), e.Dropped...)
		if got, want := slices.Sorted(slices.Values(all)), byDepth[e.Depth]; !slices.Equal(got, want) {
			t.Errorf("%s: beam at depth %d lists %v, the children of that depth are %v", name, e.Depth, got, want)
		}
		if len(e.Kept) != min(width, len(all)) {
			t.Errorf("%s: beam at depth %d keeps %d of %d, width %d", name, e.Depth, len(e.Kept), len(all), width)
		}
		for i := 1; i < len(all); i++ {
			a, b := all[i-1], all[i]
			if evals[a] < evals[b] || evals[a] == evals[b] && a > b {
				t.Errorf("%s: beam at depth %d ranks node %d (%v) before node %d (%v)", name, e.Depth, a, evals[a], b, evals[b])
			}
		}
	}
	for depth := range byDepth {
		if depth > 0 && !seen[depth] {
			t.Errorf("%s: no beam event at depth %d", name, depth)
		}
	}
}

func TestBeamTrace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for seed := range int64(8) {
		for _, width := range []int{1, 2, 3, 7} {
			t.Run(fmt.Sprintf("maze/seed%d/width=%d", seed, width), func(t *testing.T) {
				t.Parallel()
				root := mustMaze(t, 5, 7, 6, seed)
				rec := trace.NewRecorder(0)
				res, err := search.Beam(ctx, root, search.SingleOptions{Width: width, Depth: 4, Tracing: search.Tracing{Tracer: rec, Boards: seed%2 == 0}})
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("beam seed %d width %d", seed, width)
				checkTrace(t, name, rec.Events())
				checkBeamEvents(t, name, rec.Events(), width)
				nodes, _ := nodesOf(rec.Events())
				if len(nodes) != res.Nodes {
					t.Errorf("%s: %d node events, %d nodes counted", name, len(nodes), res.Nodes)
				}
			})
		}
	}
	// The walk game ends early on some lines; its beams hold done states.
	for seed := range uint64(30) {
		t.Run(fmt.Sprintf("walk/seed%d", seed), func(t *testing.T) {
			t.Parallel()
			root := newWalk(6, seed, true)
			rec := trace.NewRecorder(0)
			if _, err := search.Beam(ctx, root, search.SingleOptions{Width: 2, Depth: 6, Tracing: search.Tracing{Tracer: rec}}); err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("beam walk %d", seed)
			checkTrace(t, name, rec.Events())
			checkBeamEvents(t, name, rec.Events(), 2)
		})
	}
}

func TestGreedyTrace(t *testing.T) {
	t.Parallel()
	for seed := range int64(10) {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			t.Parallel()
			rec := trace.NewRecorder(0)
			root := mustMaze(t, 5, 5, 3, seed)
			if _, err := search.Greedy(context.Background(), root, search.SingleOptions{Tracing: search.Tracing{Tracer: rec, Boards: true}}); err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("greedy seed %d", seed)
			checkTrace(t, name, rec.Events())
			checkBeamEvents(t, name, rec.Events(), 1)
		})
	}
}

func TestChokudaiTrace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// The walk game ends early on some lines: done states block queues.
	for seed := range uint64(30) {
		t.Run(fmt.Sprintf("walk/seed%d", seed), func(t *testing.T) {
			t.Parallel()
			rec := trace.NewRecorder(0)
			if _, err := search.Chokudai(ctx, newWalk(6, seed, true), search.SingleOptions{Width: 2, Depth: 6, Passes: 5, Tracing: search.Tracing{Tracer: rec}}); err != nil {
				t.Fatal(err)
			}
			checkTrace(t, fmt.Sprintf("chokudai walk %d", seed), rec.Events())
		})
	}
	for seed := range int64(10) {
		t.Run(fmt.Sprintf("maze/seed%d", seed), func(t *testing.T) {
			t.Parallel()
			const width, depth, passes = 2, 5, 4
			rec := trace.NewRecorder(0)
			root := mustMaze(t, 7, 7, 8, seed)
			res, err := search.Chokudai(ctx, root, search.SingleOptions{Width: width, Depth: depth, Passes: passes, Tracing: search.Tracing{Tracer: rec}})
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("chokudai seed %d", seed)
			events := rec.Events()
			checkTrace(t, name, events)
			nodes, _ := nodesOf(events)
			if len(nodes) != res.Nodes {
				t.Errorf("%s: %d node events, %d nodes counted", name, len(nodes), res.Nodes)
			}
			pass, entered, taken := 0, map[trace.NodeID]bool{}, map[trace.NodeID]bool{}
			var pending []trace.NodeID // entered since the last beam event
			for _, e := range events {
				switch e.Kind {
				case trace.KindIteration:
					pass++
					if e.Iteration != pass || len(pending) > 0 {
						t.Errorf("%s: iteration %d as pass %d, %d expansions unreported", name, e.Iteration, pass, len(pending))
					}
				case trace.KindEnter:
					if entered[e.Node] {
						t.Errorf("%s: node %d expanded twice", name, e.Node)
					}
					entered[e.Node] = true
					pending = append(pending, e.Node)
				case trace.KindBeam:
					if !slices.Equal(e.Kept, pending) || len(e.Dropped) != 0 || len(e.Kept) > width {
						t.Errorf("%s pass %d: beam at depth %d keeps %v drops %v; the states taken were %v", name, pass, e.Depth, e.Kept, e.Dropped, pending)
					}
					for _, id := range e.Kept {
						if nodes[id].Depth != e.Depth {
							t.Errorf("%s: beam at depth %d keeps node %d of depth %d", name, e.Depth, id, nodes[id].Depth)
						}
						taken[id] = true
					}
					pending = nil
				}
			}
			if pass != passes || len(taken) != len(entered) {
				t.Errorf("%s: %d passes, %d taken, %d expanded", name, pass, len(taken), len(entered))
			}
		})
	}
}

// TestSingleDeterministic records each engine twice on the same maze and
// parameters: the traces must be the same, event for event.
func TestSingleDeterministic(t *testing.T) {
	t.Parallel()
	root := mustMaze(t, 9, 9, 12, 7)
	for name, run := range map[string]single[maze.State]{"greedy": search.Greedy[maze.State], "beam": search.Beam[maze.State], "chokudai": search.Chokudai[maze.State]} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			opts := search.SingleOptions{Width: 3, Depth: 8, Passes: 5, Tracing: search.Tracing{Boards: true}}
			var traces [2][]trace.Event
			for i := range traces {
				rec := trace.NewRecorder(0)
				opts.Tracer = rec
				if _, err := run(context.Background(), root, opts); err != nil {
					t.Fatal(err)
				}
				traces[i] = rec.Events()
				traces[i][len(traces[i])-1].Counters.Elapsed = 0
			}
			if !reflect.DeepEqual(traces[0], traces[1]) {
				t.Errorf("%s: two runs gave different traces", name)
			}
		})
	}
}

func TestSingleTracedEqualsUntraced(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for seed := range int64(10) {
		root := mustMaze(t, 11, 9, 20, seed)
		opts := search.SingleOptions{Width: 3, Depth: 10, Passes: 3}
		for name, run := range map[string]single[maze.State]{"greedy": search.Greedy[maze.State], "beam": search.Beam[maze.State], "chokudai": search.Chokudai[maze.State]} {
			t.Run(fmt.Sprintf("%s/seed%d", name, seed), func(t *testing.T) {
				t.Parallel()
				plain, err := run(ctx, root, opts)
				if err != nil {
					t.Fatal(err)
				}
				traced := opts
				traced.Tracer = trace.NewRecorder(0)
				got, err := run(ctx, root, traced)
				if err != nil {
					t.Fatal(err)
				}
				if plain.Action != got.Action || plain.Value != got.Value || plain.Nodes != got.Nodes || plain.Evals != got.Evals {
					t.Errorf("%s seed %d: untraced %+v, traced %+v", name, seed, plain, got)
				}
			})
		}
	}
}

// TestSingleTimeLimit stops Beam and Chokudai with their time limit on a
// test clock that advances a millisecond per read: each search must stop at
// the first read past the limit with no error, a legal action and a note on
// the limit, traced or not. Wide, the clock is read before every expansion
// but the first, so the limit allows one expansion per read; narrow,
// Chokudai also reads it after each pass, and the limit spans passes. Then,
// on the real clock, searches far longer than their limit must stop too; a
// context deadline far beyond the limit turns one that ignores the limit
// into an error rather than a hang. How soon after the limit they stop is a
// matter of speed, which is for benchmarks.
func TestSingleTimeLimit(t *testing.T) {
	t.Parallel()
	const limit, step = 10 * time.Millisecond, time.Millisecond
	root := mustMaze(t, 31, 11, 100, 0)
	wide := search.SingleOptions{Width: 10_000, Depth: 1_000, Passes: 100_000, Limits: search.Limits{TimeLimit: limit}}
	narrow := search.SingleOptions{Width: 1, Depth: 3, Passes: 100_000, Limits: search.Limits{TimeLimit: limit}}
	tests := []struct {
		name string
		run  single[maze.State]
		opts search.SingleOptions
	}{
		{"beam", search.Beam[maze.State], wide},
		{"chokudai", search.Chokudai[maze.State], wide},
		{"chokudai narrow", search.Chokudai[maze.State], narrow},
	}
	for _, tt := range tests {
		clock := newTestClock(step)
		opts := tt.opts
		opts.Tracer, opts.Now = clock, clock.Now
		res, err := tt.run(context.Background(), root, opts)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !isLegal(root, res.Action) {
			t.Errorf("%s: illegal action %d", tt.name, res.Action)
		}
		past := checkStoppedByClock(t, tt.name, clock, limit, res.Elapsed)
		events := clock.events()
		checkTrace(t, tt.name, events)
		if note := events[len(events)-2]; note.Kind != trace.KindNote || !strings.Contains(note.Text, "time limit of 10ms") {
			t.Errorf("%s: the event before the decision is %+v, want a note on the time limit", tt.name, note)
		}
		var enters, passes int
		for _, e := range events {
			switch e.Kind {
			case trace.KindEnter:
				enters++
			case trace.KindIteration:
				passes++
			}
		}
		if want := int(limit/step) + 1; past != want {
			t.Errorf("%s: stopped at read %d, want %d", tt.name, past, want)
		}
		switch {
		case tt.opts.Width > 1 && enters != past:
			t.Errorf("%s: %d expansions, want one per read before the limit: %d", tt.name, enters, past)
		case tt.opts.Width == 1 && (passes < 2 || enters+passes-1 != past):
			// Every pass but the last ends with a read of the clock.
			t.Errorf("%s: %d expansions in %d passes, want more than one pass and one read per expansion but the first and per pass but the last: %d", tt.name, enters, passes, past)
		}
		untraced := newTestClock(step)
		opts.Tracer, opts.Now = nil, untraced.Now
		plain, err := tt.run(context.Background(), root, opts)
		if err != nil || plain.Action != res.Action || plain.Value != res.Value || plain.Counters != res.Counters {
			t.Errorf("%s untraced: %+v, %v; traced: %+v", tt.name, plain, err, res)
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, tt := range tests[:2] { // narrow, Chokudai runs out of states after a few passes
		rec := trace.NewRecorder(0)
		opts := tt.opts
		opts.Tracer, opts.TimeLimit = rec, 5*time.Millisecond
		res, err := tt.run(ctx, root, opts)
		if err != nil {
			t.Fatalf("%s, real clock: %v", tt.name, err)
		}
		events := rec.Events()
		if note := events[len(events)-2]; note.Kind != trace.KindNote || !strings.Contains(note.Text, "time limit") || !isLegal(root, res.Action) {
			t.Errorf("%s, real clock: %+v, the event before the decision %+v; want a legal action and a note on the time limit", tt.name, res, note)
		}
	}
}

func TestSingleBudget(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root := mustMaze(t, 31, 11, 100, 3)
	for _, budget := range []int{2, 5, 17, 100, 300} {
		for name, run := range map[string]single[maze.State]{"greedy": search.Greedy[maze.State], "beam": search.Beam[maze.State], "chokudai": search.Chokudai[maze.State]} {
			if name == "greedy" && budget > 4 {
				continue
			}
			t.Run(fmt.Sprintf("%s/nodes=%d", name, budget), func(t *testing.T) {
				t.Parallel()
				rec := trace.NewRecorder(0)
				res, err := run(ctx, root, search.SingleOptions{Width: 3, Depth: 50, Passes: 10, Limits: search.Limits{MaxNodes: budget}, Tracing: search.Tracing{Tracer: rec}})
				if !errors.Is(err, search.ErrBudget) {
					t.Fatalf("%s budget %d: err = %v, want ErrBudget", name, budget, err)
				}
				if res.Nodes != budget || !isLegal(root, res.Action) {
					t.Errorf("%s budget %d: %d nodes, action %d", name, budget, res.Nodes, res.Action)
				}
				events := rec.Events()
				checkTrace(t, name, events)
				if note := events[len(events)-2]; note.Kind != trace.KindNote {
					t.Errorf("%s budget %d: no note before the decision", name, budget)
				}
			})
		}
	}
}

func TestSingleCancel(t *testing.T) {
	t.Parallel()
	root := mustMaze(t, 31, 11, 100, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for name, run := range map[string]single[maze.State]{"beam": search.Beam[maze.State], "chokudai": search.Chokudai[maze.State]} {
		res, err := run(ctx, root, search.SingleOptions{Width: 1000, Depth: 100, Passes: 10})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s: err = %v, want context.Canceled", name, err)
		}
		if !isLegal(root, res.Action) || res.Nodes > 5000 {
			t.Errorf("%s: action %d after %d nodes", name, res.Action, res.Nodes)
		}
	}
}

// singleEntries are the single-player engines' catalog entries, by name.
var singleEntries = map[string]search.Entry[maze.State]{
	"greedy":   search.GreedyEntry[maze.State](),
	"beam":     search.BeamEntry[maze.State](),
	"chokudai": search.ChokudaiEntry[maze.State](),
}

func TestSingleCatalog(t *testing.T) {
	t.Parallel()
	root := mustMaze(t, 5, 5, 3, 0)
	for name, entry := range singleEntries {
		if entry.Family != search.FamilySingle || entry.Help == "" {
			t.Errorf("%s: family %q, help %q", name, entry.Family, entry.Help)
		}
		s, err := spec.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		v, err := spec.Resolve(s, entry.Params)
		if err != nil {
			t.Fatal(err)
		}
		rec := trace.NewRecorder(0)
		res, err := entry.Run(context.Background(), root, v, search.Tracing{Tracer: rec, Boards: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !isLegal(root, res.Action) {
			t.Errorf("%s: illegal action %d", name, res.Action)
		}
		checkTrace(t, name, rec.Events())
	}
	// The primer's example board, 3 turns: beam and chokudai with their
	// defaults find the optimum.
	want := bestScore(root, 3)
	for _, spec := range []string{"beam", "chokudai passes=100"} {
		res := runSpec(t, spec, root)
		if res.Value != want {
			t.Errorf("%s: found %v, the optimum is %v", spec, res.Value, want)
		}
	}
}

func runSpec(t *testing.T, text string, root maze.State) search.Result {
	t.Helper()
	s, err := spec.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	entry, ok := singleEntries[s.Name]
	if !ok {
		t.Fatalf("%s is not a single-player algorithm", s.Name)
	}
	v, err := spec.Resolve(s, entry.Params)
	if err != nil {
		t.Fatal(err)
	}
	res, err := entry.Run(context.Background(), root, v, search.Tracing{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}
