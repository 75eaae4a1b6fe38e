package search

import (
	"cmp"
	"context"
	"fmt"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// SingleOptions are the limits of the single-player engines Greedy, Beam and
// Chokudai. Greedy looks one move ahead and uses only MaxNodes, Tracer and
// Boards.
//
// The three engines rank states by Score, higher first, and break ties by
// creation order, earlier first. They return the first action on the way to
// the best state they found (-1 if they found none: the root has no move),
// its label, and as Value that state's score (the root's when there is
// none). Nodes counts every state generated, the root included; each is
// evaluated once, so Evals equals Nodes; Cuts is 0. A search stopped by
// its node budget or its context returns the best found so far with an
// error wrapping ErrBudget or the context's error; one stopped by its time
// limit returns the best found so far and no error.
//
// Traced, every state is a node of type single followed by its eval event
// (its score, terminal if done); each expansion of a state is an enter
// event, its children, and a leave event; beam events (and Chokudai's
// iteration events) say which states each depth kept. At the end, value
// events give every ancestor of the best state, from its parent up to the
// root, the best state's score and the child on its line as best; then a
// note if the search stopped early, then the decision.
type SingleOptions struct {
	// Width is how many states are expanded at each depth: per search in
	// Beam, per depth and pass in Chokudai. At least 1.
	Width int
	// Depth is the depth limit in moves. At least 1.
	Depth int
	// Passes is how many passes Chokudai runs. At least 1.
	Passes int
	// Limits: MaxNodes counts states, the root included. Greedy ignores
	// TimeLimit; Beam and Chokudai read its clock before each expansion
	// but the first, so a search overruns the limit by at most one
	// expansion.
	Limits
	Tracing
}

// item is a state's place in a beam or a queue: its rank and what the
// answer needs. The state itself is stored apart, at slot, so that sorting
// and heap moves copy small values whatever the size of the state.
type item struct {
	score float64
	id    trace.NodeID // the node's id: creation order, which breaks ties
	first int32        // the first action on the path from the root; -1 at the root
	slot  int32        // where the state is stored
}

// rank orders items best first: by score, higher first, then by creation
// order, earlier first.
func rank(a, b item) int {
	switch {
	case a.score > b.score:
		return -1
	case a.score < b.score:
		return 1
	}
	return cmp.Compare(a.id, b.id)
}

// queue is a priority queue of items, best (by rank) at the top: a binary
// heap written out because container/heap boxes every pushed and popped
// item in an interface, an allocation per state in the hot loop.
type queue []item

func (q *queue) push(it item) {
	h := append(*q, it)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if rank(h[i], h[p]) >= 0 {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
	*q = h
}

func (q *queue) pop() item {
	h := *q
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		c := l
		if r := l + 1; r < n && rank(h[r], h[l]) < 0 {
			c = r
		}
		if rank(h[c], h[i]) >= 0 {
			break
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
	*q = h
	return top
}

// store keeps the states of Chokudai's queues, by slot. It grows by
// chunks, so growing never copies the states already stored, and it reuses
// the slots of states taken from the queues.
type store[S any] struct {
	chunks [][]S
	n      int32   // slots used, free or not
	free   []int32 // slots to reuse
}

const storeChunk = 1 << 9

func (st *store[S]) at(slot int32) *S {
	return &st.chunks[slot/storeChunk][slot%storeChunk]
}

// put stores s and returns its slot.
func (st *store[S]) put(s S) int32 {
	var slot int32
	if n := len(st.free); n > 0 {
		slot, st.free = st.free[n-1], st.free[:n-1]
	} else {
		slot = st.n
		st.n++
		if int(slot/storeChunk) == len(st.chunks) {
			st.chunks = append(st.chunks, make([]S, storeChunk))
		}
	}
	*st.at(slot) = s
	return slot
}

// release frees slot for reuse.
func (st *store[S]) release(slot int32) {
	st.free = append(st.free, slot)
}

// single holds what the single-player engines share during one search.
type single[S Single[S]] struct {
	limiter
	opts       SingleOptions
	tr         trace.Tracer
	moves      []int // the legal-move buffer, reused
	nodes      int
	evals      int
	expansions int

	// Tracing only.
	parents []trace.NodeID // each node's parent, by id
	ids     []trace.NodeID // scratch for beam events
}

func newSingle[S Single[S]](ctx context.Context, opts SingleOptions) *single[S] {
	return &single[S]{limiter: newLimiter(ctx, opts.Limits), opts: opts, tr: opts.Tracer, moves: make([]int, 0, 8)}
}

// create counts a new node and returns its id (ids are dense in creation
// order), or reports false when the search must stop first.
func (e *single[S]) create() (trace.NodeID, bool) {
	if e.err != nil {
		return 0, false
	}
	if !e.fits(e.nodes, 1) || e.nodes%ctxCheckInterval == ctxCheckInterval-1 && e.cancelled(e.nodes, "nodes") {
		return 0, false
	}
	id := trace.NodeID(e.nodes)
	e.nodes++
	return id, true
}

// timeUp reports whether the time limit has passed, and remembers it. It is
// called before each expansion; the first expansion is never refused, so a
// search always has an answer.
func (e *single[S]) timeUp() bool {
	return e.expansions > 0 && e.expired()
}

// expand appends the children of s (whose item is it, at depth-1) to
// states and items, each item's slot its state's index, and returns both.
// Each child is evaluated once. It stops early when create refuses.
func (e *single[S]) expand(s S, it item, depth int, states []S, items []item) ([]S, []item) {
	e.expansions++
	e.moves = s.Legal(e.moves[:0])
	if e.tr != nil {
		e.emitEnter(it.id)
	}
	for _, a := range e.moves {
		id, ok := e.create()
		if !ok {
			break
		}
		c := s.Play(a)
		e.evals++
		first := it.first
		if depth == 1 {
			first = int32(a)
		}
		items = append(items, item{score: c.Score(), id: id, first: first, slot: int32(len(states))})
		states = append(states, c)
		if e.tr != nil {
			e.emitChild(id, it.id, s, a, depth, c, items[len(items)-1].score)
		}
	}
	if e.tr != nil {
		e.emitLeave(it.id)
	}
	return states, items
}

//go:noinline
func (e *single[S]) emitNode(id, parent trace.NodeID, action int, label string, depth int, s S, score float64) {
	ev := trace.Event{Kind: trace.KindNode, Node: id, Parent: parent, Action: action, Label: label, Depth: depth, Type: trace.TypeSingle}
	if e.opts.Boards {
		ev.Board = s.String()
	}
	e.parents = append(e.parents, parent)
	e.tr.Emit(ev)
	e.tr.Emit(trace.Event{Kind: trace.KindEval, Node: id, Value: score, Terminal: s.Done()})
}

//go:noinline
func (e *single[S]) emitChild(id, parent trace.NodeID, s S, action, depth int, child S, score float64) {
	e.emitNode(id, parent, action, s.Label(action), depth, child, score)
}

//go:noinline
func (e *single[S]) emitEnter(id trace.NodeID) {
	e.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: id})
}

//go:noinline
func (e *single[S]) emitLeave(id trace.NodeID) {
	e.tr.Emit(trace.Event{Kind: trace.KindLeave, Node: id})
}

// emitBeam reports the items of one depth: the first nkept kept, the rest
// dropped, in the order given.
//
//go:noinline
func (e *single[S]) emitBeam(depth int, items []item, nkept int) {
	e.ids = e.ids[:0]
	for _, it := range items {
		e.ids = append(e.ids, it.id)
	}
	e.tr.Emit(trace.Event{Kind: trace.KindBeam, Depth: depth, Kept: e.ids[:nkept], Dropped: e.ids[nkept:]})
}

// run creates and reports the root, runs search from it, and turns the
// best state it found into a Result, reporting the best line and the
// decision. search returns the best state's item, or false if it found
// none.
func (e *single[S]) run(root S, search func(root S, it item) (item, bool)) (Result, error) {
	if _, ok := e.create(); !ok {
		return Result{Action: -1}, e.err
	}
	score := root.Score()
	e.evals++
	if e.tr != nil {
		e.emitNode(0, trace.NoNode, -1, "", 0, root, score)
	}
	best, found := search(root, item{score: score, first: -1})
	res := Result{Action: -1, Value: score}
	if found {
		res.Value = best.score
		if best.first >= 0 {
			res.Action = int(best.first)
			res.Label = root.Label(res.Action)
		}
	}
	res.Counters = trace.Counters{Nodes: e.nodes, Evals: e.evals, Elapsed: e.elapsed()}
	if e.tr != nil {
		if found {
			e.emitBestLine(best)
		}
		e.emitDecision(e.tr, res)
	}
	return res, e.err
}

// emitBestLine reports the best state's score at every ancestor, from its
// parent up to the root, each with the child on the line as its best.
//
//go:noinline
func (e *single[S]) emitBestLine(best item) {
	for c := best.id; e.parents[c] != trace.NoNode; c = e.parents[c] {
		e.tr.Emit(trace.Event{Kind: trace.KindValue, Node: e.parents[c], Value: best.score, Best: c})
	}
}

func checkSingle(opts SingleOptions, passes bool) error {
	switch {
	case opts.Width < 1:
		return fmt.Errorf("search: width %d is less than 1", opts.Width)
	case opts.Depth < 1:
		return fmt.Errorf("search: depth %d is less than 1", opts.Depth)
	case passes && opts.Passes < 1:
		return fmt.Errorf("search: passes %d is less than 1", opts.Passes)
	}
	return opts.Limits.check()
}

// beamOptions reads the parameters of Beam and Chokudai; passes is the
// parameter of Chokudai's passes, or nil.
func beamOptions(v spec.Values, width spec.Param, passes *spec.Param, tracing Tracing) SingleOptions {
	o := SingleOptions{
		Width:   v.Int(width),
		Depth:   v.Int(paramBeamDepth),
		Limits:  Limits{MaxNodes: v.Int(paramNodes), TimeLimit: millis(v, paramBeamTime)},
		Tracing: tracing,
	}
	if passes != nil {
		o.Passes = v.Int(*passes)
	}
	return o
}
