package web

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
)

// show is a stored trace loaded for viewing: its events folded once, the
// words and pseudocode line of every step, and its layout in each view,
// made on first use. Everything but the layouts is immutable after
// loadShow; viewers step through clones of tree.
type show struct {
	id     string
	header trace.Header
	events []trace.Event
	tree   *trace.Tree // at the last step; only ever cloned
	code   []string    // the algorithm's pseudocode, nil when it has none
	lines  []int       // the pseudocode line of each step, 0 for none
	texts  [2][]string // by view, each step in words
	beamAt []int       // by step, the latest beam event at or before it, or -1
	passOf []int       // by node, the iteration (Chokudai pass) that created it, 0 before the first
	passAt []int       // by step, the iteration under way, 0 before the first
	evalOf []float64   // by node, its first evaluation: a one-player state's own score; NaN if none

	// MCTS and Monte Carlo traces: the root's children, and for each
	// result backed up through the root, its step and the child it came
	// through, for the chart of the root's visits.
	rootKids   []trace.NodeID
	visitSteps []int
	visitKid   []int

	mu      sync.Mutex
	layouts [2][]byte // by view, the Patchable SVG of the final tree
}

// views are the two points of view, indexed as show.texts and layouts.
var views = [2]trace.View{trace.ViewRoot, trace.ViewSide}

func viewIndex(v trace.View) int {
	if v == trace.ViewSide {
		return 1
	}
	return 0
}

func loadShow(id string, h trace.Header, events []trace.Event) (*show, error) {
	t, err := trace.NewTree(events)
	if err != nil {
		return nil, err
	}
	s := &show{id: id, header: h, events: events, tree: t.Clone(), code: explain.Pseudocode(h.Algorithm)}
	s.lines = make([]int, t.Len())
	s.beamAt = make([]int, t.Len())
	s.passOf = make([]int, t.Size())
	s.passAt = make([]int, t.Len())
	s.evalOf = make([]float64, t.Size())
	for i := range s.evalOf {
		s.evalOf[i] = math.NaN()
	}
	lastBeam, pass := -1, 0
	for k, e := range events {
		switch e.Kind {
		case trace.KindBeam:
			lastBeam = k
		case trace.KindIteration:
			pass = e.Iteration
		case trace.KindNode:
			s.passOf[e.Node] = pass
		case trace.KindEval:
			if math.IsNaN(s.evalOf[e.Node]) {
				s.evalOf[e.Node] = e.Value
			}
		case trace.KindBackprop:
			if n := len(e.Path); n >= 2 && e.Path[n-1] == t.Root() {
				s.visitSteps = append(s.visitSteps, k)
				s.visitKid = append(s.visitKid, int(e.Path[n-2]))
			}
		}
		s.beamAt[k], s.passAt[k] = lastBeam, pass
	}
	for i := range views {
		s.texts[i] = make([]string, t.Len())
	}
	for k := range t.Len() {
		if err := t.Seek(k); err != nil {
			return nil, err
		}
		s.lines[k] = explain.Line(h.Algorithm, t)
		for i, v := range views {
			s.texts[i][k] = explain.Describe(t, v)
		}
	}
	if err := s.tree.Seek(s.tree.Len() - 1); err != nil {
		return nil, err
	}
	if len(s.visitSteps) > 0 {
		s.rootKids = s.tree.Node(s.tree.Root()).Children
		for i, id := range s.visitKid {
			s.visitKid[i] = slices.Index(s.rootKids, trace.NodeID(id))
		}
	}
	return s, nil
}

// title names the search the trace shows.
func (s *show) title() string {
	return fmt.Sprintf("%s on %s", s.header.Algorithm, s.header.Game)
}

// notes returns the trace's notes about the whole search, made at no node
// or at the root: what a reader
// must know, such as a node budget that cut the recording short, which
// the page follows with what to do about it.
func (s *show) notes() []string {
	var out []string
	for _, e := range s.events {
		if e.Kind != trace.KindNote {
			continue
		}
		text := e.Text
		if e.Node != trace.NoNode && e.Node != s.tree.Root() {
			continue
		}
		// trace.Limiter's note: the search went on, its drawing did not.
		if strings.HasPrefix(text, trace.TruncatedNote) {
			text = "This drawing shows only the start of the search (" + text + "). The decision above is the whole search's." +
				" To see the whole tree, try a position with fewer moves left or a smaller depth=."
		}
		out = append(out, text)
	}
	return out
}

// decision returns the search's result in words, or "" while it has none.
func (s *show) decision() string {
	d, ok := s.tree.Decision()
	if !ok {
		return ""
	}
	// The decision is the last event; its words give the root player's view.
	elapsed := d.Counters.Elapsed.Round(time.Microsecond)
	if elapsed > 10*time.Millisecond {
		elapsed = elapsed.Round(time.Millisecond)
	}
	return s.texts[viewIndex(trace.ViewRoot)][d.Step] + " Time: " + elapsed.String() + "."
}

// hasBoards reports whether the trace's nodes carry positions.
func (s *show) hasBoards() bool {
	return s.tree.Node(s.tree.Root()).Board != ""
}

// maxBoardNodes is the largest tree whose nodes the viewer draws with their
// boards inside: beyond it a board is too small to read at any zoom that
// shows the tree, and costs Graphviz time and the page three times the
// drawing's size. The side panel shows the board of any node.
const maxBoardNodes = 400

// layout returns the drawing a page restyles step by step: the final tree
// in view v, Patchable, laid out once and kept.
func (s *show) layout(ctx context.Context, l render.Layouter, v trace.View) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := viewIndex(v)
	if s.layouts[i] != nil {
		return s.layouts[i], nil
	}
	var buf bytes.Buffer
	opts := render.Options{View: v, Boards: s.tree.Size() <= maxBoardNodes, Legend: true, Patchable: true}
	if err := render.Render(ctx, &buf, s.tree, opts, l); err != nil {
		return nil, err
	}
	s.layouts[i] = buf.Bytes()
	return s.layouts[i], nil
}

// export draws step k as `viz render --step k` does, as SVG or DOT.
func (s *show) export(ctx context.Context, l render.Layouter, k int, v trace.View, format string) ([]byte, error) {
	t := s.tree.Clone()
	if err := t.Seek(k); err != nil {
		return nil, err
	}
	opts := render.Options{View: v, Boards: true, Legend: true, Title: render.Title(s.header, k, t.Len()-1)}
	var dot bytes.Buffer
	if err := render.WriteDOT(&dot, t, opts); err != nil {
		return nil, err
	}
	if format == "dot" {
		return dot.Bytes(), nil
	}
	return l.SVG(ctx, dot.Bytes())
}

// showCache keeps the most recently viewed shows, so that a page and its
// websocket, or several students on one trace, share one fold and layout.
type showCache struct {
	mu    sync.Mutex
	max   int
	order []string // least recently used first
	shows map[string]*show
}

func newShowCache(max int) *showCache {
	return &showCache{max: max, shows: map[string]*show{}}
}

// get returns the show of id, loading it from st if it is not cached.
func (c *showCache) get(st *store, id string) (*show, error) {
	c.mu.Lock()
	if s, ok := c.shows[id]; ok {
		c.touch(id)
		c.mu.Unlock()
		return s, nil
	}
	c.mu.Unlock()

	h, events, err := st.load(id)
	if err != nil {
		return nil, err
	}
	s, err := loadShow(id, h, events)
	if err != nil {
		return nil, err
	}

	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.shows[id]; ok {
		c.touch(id)
		return old, nil
	}
	c.shows[id] = s
	c.order = append(c.order, id)
	for len(c.order) > c.max {
		delete(c.shows, c.order[0])
		c.order = c.order[1:]
	}
	return s, nil
}

// put caches sh, replacing any show of the same id.
func (c *showCache) put(sh *show) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.shows[sh.id]; ok {
		c.touch(sh.id)
	} else {
		c.order = append(c.order, sh.id)
	}
	c.shows[sh.id] = sh
	for len(c.order) > c.max {
		delete(c.shows, c.order[0])
		c.order = c.order[1:]
	}
}

// touch moves id to the most recently used end; c.mu is held.
func (c *showCache) touch(id string) {
	for i, o := range c.order {
		if o == id {
			c.order = append(c.order[:i], c.order[i+1:]...)
			break
		}
	}
	c.order = append(c.order, id)
}
