package web

import (
	"encoding/json"
	"maps"
	"math/rand/v2"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
)

// bigShows caches the folded traces of the searches the tests navigate,
// each recorded once, however many tests ask for it at once.
var bigShows sync.Map // request -> *bigShowOnce

// bigShowOnce is the show of one search, recorded by the first test to
// ask for it.
type bigShowOnce struct {
	once sync.Once
	sh   *show.Show
}

// bigShow returns the show of the search req asks for, which must be too
// big to draw whole.
func bigShow(tb testing.TB, req catalog.Request) *show.Show {
	tb.Helper()
	key := req.Game + "|" + req.Algo + "|" + req.Position
	v, _ := bigShows.LoadOrStore(key, &bigShowOnce{})
	o := v.(*bigShowOnce)
	o.once.Do(func() { o.sh = recordShow(tb, "big", req) })
	if o.sh == nil {
		tb.Fatalf("%s of %s could not be recorded by the test that first asked", req.Algo, req.Game)
	}
	if o.sh.WholeFits() {
		tb.Fatalf("%s of %s has %d nodes, within the display budget", req.Algo, req.Game, o.sh.Tree().Size())
	}
	return o.sh
}

// The searches the tests navigate: AlphaBeta's whole search of
// tic-tac-toe, 25,227 nodes with its pruned moves, and MCTS, 4,918 nodes
// visited again and again.
var (
	alphabetaAll = catalog.Request{Game: "tictactoe", Algo: "alphabeta"}
	mctsBig      = catalog.Request{Game: "tictactoe", Algo: "mcts playouts=20000", Seed: 1}
)

// pageModel is what a page draws after applying messages: the nodes and
// placeholders of its drawing, with their looks.
type pageModel struct {
	nodes map[int]render.NodeDisplay
	more  map[int]morePatch
}

// apply applies a frame as a page does; drawn, if not nil, is a new
// drawing's state, which the frame restyles.
func (m *pageModel) apply(drawn *pageModel, f frameMsg) {
	if drawn != nil {
		m.nodes, m.more = maps.Clone(drawn.nodes), maps.Clone(drawn.more)
	}
	if f.Full || m.nodes == nil {
		m.nodes, m.more = map[int]render.NodeDisplay{}, map[int]morePatch{}
	}
	for _, p := range f.Nodes {
		m.nodes[p.ID] = p.NodeDisplay
	}
	for _, p := range f.More {
		m.more[p.Parent] = p
	}
}

// svgNode and svgMore find the classes of nodes and placeholders in a
// drawing.
var (
	svgNode = regexp.MustCompile(`<g id="n(\d+)" class="node (st_\w+) `)
	svgMore = regexp.MustCompile(`<g id="m(\d+)" class="node more (st_\w+)"`)
)

// drawnState returns what a new drawing of set s shows: the final tree's
// display, as a full frame of the last step gives it, after checking that
// the drawing's classes say the same.
func drawnState(t *testing.T, sh *show.Show, s *render.Shown, svg string) *pageModel {
	t.Helper()
	m := pageModel{nodes: map[int]render.NodeDisplay{}, more: map[int]morePatch{}}
	for _, id := range s.Nodes() {
		m.nodes[int(id)] = render.Display(sh.Tree(), id, trace.ViewRoot)
	}
	for i, p := range s.Groups() {
		more, nodes := s.Final(i).Label()
		m.more[int(p)] = morePatch{Parent: int(p), Class: "st_more", More: more, Nodes: nodes}
	}
	seen := 0
	for _, g := range svgNode.FindAllStringSubmatch(svg, -1) {
		id, _ := strconv.Atoi(g[1])
		if d, ok := m.nodes[id]; !ok || d.Class != g[2] {
			t.Errorf("the drawing has node %d of class %s, the last step's frame %+v", id, g[2], d)
		}
		seen++
	}
	for _, g := range svgMore.FindAllStringSubmatch(svg, -1) {
		p, _ := strconv.Atoi(g[1])
		if d, ok := m.more[p]; !ok || d.Class != g[2] {
			t.Errorf("the drawing has a placeholder under %d of class %s, the last step's frame %+v", p, g[2], d)
		}
		seen++
	}
	if seen != len(m.nodes)+len(m.more) {
		t.Errorf("the drawing has %d nodes and placeholders, the set %d", seen, len(m.nodes)+len(m.more))
	}
	return &m
}

// TestNavigatedFramesAddUp steps a viewer of a big trace, forwards, back
// and by jumps: what a page has drawn after applying each frame's patches
// must be what a full frame of the same display set at that step draws.
func TestNavigatedFramesAddUp(t *testing.T) {
	testenv.SkipUnderRace(t, "steps viewers of big folded traces in one goroutine")
	t.Parallel()
	for _, req := range []catalog.Request{alphabetaAll, mctsBig} {
		t.Run(req.Algo, func(t *testing.T) {
			t.Parallel()
			sh := bigShow(t, req)
			vw := newViewer(sh, trace.ViewRoot)
			vw.layouter = layouter
			rng := rand.New(rand.NewPCG(1, 2))
			var page pageModel
			steps := []int{0, 1, 2, 3}
			k := sh.Tree().Len() / 3
			for range 150 {
				steps = append(steps, k)
				k++
			}
			for range 10 {
				steps = append(steps, rng.IntN(sh.Tree().Len()))
			}
			steps = append(steps, sh.Tree().Len()-1, sh.Tree().Len()-2)
			layouts := 0
			for _, k := range steps {
				layout, f, err := vw.frame(k, false)
				if err != nil {
					t.Fatal(err)
				}
				var drawn *pageModel
				if layout != nil {
					layouts++
					if layout.SVG == "" || layout.Shown != vw.shown.Len() {
						t.Fatalf("step %d: a layout of %d nodes with %d bytes of SVG", k, layout.Shown, len(layout.SVG))
					}
					drawn = drawnState(t, sh, vw.shown, layout.SVG)
				}
				if f.Full {
					t.Errorf("step %d: a full frame of a display set", k)
				}
				page.apply(drawn, f)
				var want pageModel
				want.apply(nil, fullFrame(t, sh, vw.shown, k))
				if len(page.nodes) != vw.shown.Len() || len(want.nodes) != len(page.nodes) {
					t.Fatalf("step %d: the page draws %d nodes, a full frame %d, the set has %d", k, len(page.nodes), len(want.nodes), vw.shown.Len())
				}
				for id, d := range want.nodes {
					if page.nodes[id] != d {
						t.Errorf("step %d, node %d: the page draws %+v, a full frame %+v", k, id, page.nodes[id], d)
					}
				}
				for p, m := range want.more {
					if page.more[p] != m {
						t.Errorf("step %d, placeholder under %d: the page draws %+v, a full frame %+v", k, p, page.more[p], m)
					}
				}
				if !vw.shown.Has(trace.NodeID(max(f.Current, 0))) {
					t.Errorf("step %d: the current node %d is not drawn", k, f.Current)
				}
			}
			t.Logf("%d frames, %d drawings", len(steps), layouts)
			if layouts > 20 {
				t.Errorf("%d drawings in %d frames: the drawing changes too often", layouts, len(steps))
			}
		})
	}
}

// fullFrame returns a full frame of display set s at step k, from a fresh
// viewer that draws s.
func fullFrame(t *testing.T, sh *show.Show, s *render.Shown, k int) frameMsg {
	t.Helper()
	o, _, err := sh.Navigation()
	if err != nil {
		t.Fatal(err)
	}
	vw := newViewer(sh, trace.ViewRoot)
	tally, err := render.NewTally(s, o)
	if err != nil {
		t.Fatal(err)
	}
	vw.shown, vw.tally, vw.pageWhole = s, tally, false
	vw.ahead = 0
	if err := vw.tree.Seek(k); err != nil {
		t.Fatal(err)
	}
	layout, f, err := vw.frame(k, false)
	if err != nil {
		t.Fatal(err)
	}
	if layout != nil || !f.Full {
		t.Fatalf("a viewer given the set at step %d drew anew (%v) or sent a partial frame", k, layout != nil)
	}
	return f
}

// TestNavigatedShowsWhatItMust checks, at random steps of big traces, that
// a viewer draws the current node, the path to it and the best line, and
// at most the budget of nodes but for those and leaves in the place of
// one-leaf placeholders.
func TestNavigatedShowsWhatItMust(t *testing.T) {
	testenv.SkipUnderRace(t, "picks display sets of big folded traces")
	t.Parallel()
	for _, req := range []catalog.Request{alphabetaAll, mctsBig} {
		t.Run(req.Algo, func(t *testing.T) {
			t.Parallel()
			sh := bigShow(t, req)
			vw := newViewer(sh, trace.ViewRoot)
			vw.layouter = layouter
			rng := rand.New(rand.NewPCG(3, 4))
			for range 30 {
				k := rng.IntN(sh.Tree().Len())
				if _, _, err := vw.frame(k, false); err != nil {
					t.Fatal(err)
				}
				walk := vw.tree
				var must []trace.NodeID
				for id := walk.Current(); id != trace.NoNode; id = walk.Node(id).Parent {
					must = append(must, id)
				}
				for id := walk.Root(); id != trace.NoNode; id = walk.Node(id).Best {
					must = append(must, id)
				}
				for _, id := range must {
					if !vw.shown.Has(id) {
						t.Errorf("%s step %d: node %d, on the current path or the best line, is not drawn", req.Algo, k, id)
					}
				}
				if n := vw.shown.Len(); n > render.DefaultBudget+len(vw.shown.Groups()) {
					t.Errorf("%s step %d: %d nodes drawn", req.Algo, k, n)
				}
			}
		})
	}
}

// TestNavigateCommands drives a big trace's viewer through its websocket
// as a page does: it is given a drawing of part of the tree, views a
// subtree and goes up, expands a placeholder, collapses a node, reveals
// a node from the minimap, and steps through one subtree's events only.
func TestNavigateCommands(t *testing.T) {
	t.Parallel()
	testenv.SkipHeavyUnderRace(t, "TestNavigatedTreeHasNoWholeDrawing and TestSocketStepsByGrainInASubtree")
	srv, ts := newTestServer(t)
	loc := runSearch(t, ts.URL, url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "position": {".../.../..."}})
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	_, events := storedTrace(t, ts.URL+loc+"/trace")
	parent := parentsOf(events)
	under := func(id, top int) bool {
		for ; id >= 0; id = int(parent[id]) {
			if id == top {
				return true
			}
		}
		return false
	}
	c := dialNav(t, ts.URL, loc+"/ws?step=5000")
	l, f := c.readLayout()
	if l.Minimap == nil || l.Minimap.Cols*l.Minimap.Rows != len(l.Minimap.Count) || len(l.Minimap.Rep) != len(l.Minimap.Count) {
		t.Fatalf("the first drawing has no minimap: %+v", l.Minimap)
	}
	if f.Nav == nil || f.Nav.Total != len(parent) || f.Nav.Shown != l.Shown || f.Nav.Root != 0 {
		t.Fatalf("the first frame's nav is %+v", f.Nav)
	}

	// A subtree: a child of the root, then up.
	top := childrenOf(parent, 0)[2]
	c.send(`{"type":"root","node":` + strconv.Itoa(top) + `}`)
	l, f = c.readLayout()
	if f.Nav.Root != top || len(f.Nav.Trail) != 2 || f.Nav.Trail[0].Name != "root" {
		t.Errorf("after viewing node %d's subtree the nav is %+v", top, f.Nav)
	}
	inside := 0
	for _, p := range f.Nodes {
		if under(p.ID, top) {
			inside++
		}
	}
	if inside < len(f.Nodes)/2 {
		t.Errorf("viewing node %d's subtree, %d of the %d nodes drawn are in it", top, inside, len(f.Nodes))
	}
	c.send(`{"type":"up"}`)
	if l, f = c.readLayout(); f.Nav.Root != 0 {
		t.Errorf("up from node %d views node %d", top, f.Nav.Root)
	}
	c.send(`{"type":"up"}`)
	if m := c.read(); m.Type != "frame" {
		t.Errorf("up from the root: %s, want a frame", m.Type)
	}

	// A placeholder of several children, as the page shows it at the
	// step: it counts the children not drawn that exist then.
	drawn, more := pageState(l, f)
	exists := existsAt(events, f.Step)
	var p morePatch
	for _, m := range more {
		if m.Class == "st_more" && m.More != "+1 more" && (p.More == "" || m.Parent < p.Parent) {
			p = m
		}
	}
	if p.More == "" {
		t.Fatalf("no placeholder of several children among %v", more)
	}
	for _, m := range more {
		hidden, nodes := 0, 0
		for _, ch := range childrenOf(parent, m.Parent) {
			if !drawn[ch] && exists(ch) {
				hidden++
				for id := range parent {
					if under(id, ch) && exists(id) {
						nodes++
					}
				}
			}
		}
		want := morePatch{Parent: m.Parent, Class: "st_not_reached"}
		if hidden > 0 {
			want.Class, want.More, want.Nodes = "st_more", "+"+strconv.Itoa(hidden)+" more", explain.Thousands(nodes)+" nodes"
			if nodes == 1 {
				want.Nodes = "1 node"
			}
		}
		if m != want {
			t.Errorf("at step %d the placeholder under %d shows %+v, want %+v", f.Step, m.Parent, m, want)
		}
	}
	c.send(`{"type":"expand","node":` + strconv.Itoa(p.Parent) + `}`)
	l, f = c.readLayout()
	drawn, _ = pageState(l, f)
	shown := 0
	for id := range drawn {
		if int(parent[id]) == p.Parent {
			shown++
		}
	}
	if kids := len(childrenOf(parent, p.Parent)); shown != kids {
		t.Errorf("after expanding node %d, %d of its %d children are drawn", p.Parent, shown, kids)
	}

	// A collapsed node shows under it only the search's nodes: those it
	// is in at the step, and those it visits next.
	c.send(`{"type":"collapse","node":` + strconv.Itoa(top) + `}`)
	l, f = c.readLayout()
	drawn, _ = pageState(l, f)
	searched := map[int]bool{}
	for _, e := range events[f.Step:] {
		if e.Kind == trace.KindEnter {
			for id := int(e.Node); id >= 0; id = int(parent[id]) {
				searched[id] = true
			}
		}
	}
	for _, id := range coreIDs(events, f.Step) {
		for ; id >= 0; id = int(parent[id]) {
			searched[id] = true
		}
	}
	for id := range drawn {
		if under(id, top) && id != top && !searched[id] {
			t.Errorf("node %d under the collapsed node %d is drawn", id, top)
			break
		}
	}

	// Reveal, as a click on the minimap does.
	deep := -1
	for id := range parent {
		if under(id, top) && parent[id] >= 0 && int(parent[parent[id]]) == top {
			deep = id
			break
		}
	}
	c.send(`{"type":"reveal","node":` + strconv.Itoa(deep) + `}`)
	_, f = c.readLayout()
	if f.Nav.Root != int(parent[deep]) || f.Selected == nil || f.Selected.Node != deep || !f.Selected.Shown {
		t.Errorf("revealing node %d: the view's root is %d, selected %+v", deep, f.Nav.Root, f.Selected)
	}

	// The steps of one subtree: those whose events change a node of it.
	fold, err := trace.NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	touches := func(k int) bool {
		return slices.ContainsFunc(fold.Touched(k), func(id trace.NodeID) bool { return under(int(id), top) })
	}
	c.send(`{"type":"filter","node":` + strconv.Itoa(top) + `}`)
	if f = c.readFrame(); f.Nav.Filter != top || f.Nav.FilterName == "" {
		t.Errorf("the filter is %d %q, want node %d", f.Nav.Filter, f.Nav.FilterName, top)
	}
	prev := f.Step
	for range 5 {
		c.send(`{"type":"step","by":1}`)
		f = c.readStep()
		if f.Step <= prev || !touches(f.Step) {
			t.Errorf("stepping through node %d's subtree from step %d went to step %d, %s of node %d", top, prev, f.Step, events[f.Step].Kind, events[f.Step].Node)
		}
		for k := prev + 1; k < f.Step; k++ {
			if touches(k) {
				t.Errorf("stepping through node %d's subtree skipped step %d, which touches it", top, k)
				break
			}
		}
		prev = f.Step
	}
	c.send(`{"type":"step","by":-1}`)
	if f = c.readStep(); f.Step >= prev || !touches(f.Step) {
		t.Errorf("a step back in node %d's subtree went from %d to %d", top, prev, f.Step)
	}
	c.send(`{"type":"seek","step":` + strconv.Itoa(len(events)-1) + `}`)
	c.readAny()
	c.send(`{"type":"step","by":1}`)
	if m := c.read(); m.Type != "error" || !strings.Contains(m.Message, "No later step touches") {
		t.Errorf("a step past the subtree's last: %s %q", m.Type, m.Message)
	}
	c.send(`{"type":"filter","node":-1}`)
	if f = c.readStep(); f.Nav.Filter != -1 {
		t.Errorf("the filter cleared is %d", f.Nav.Filter)
	}
}

// coreIDs returns the nodes entered and not left by step k, and the best
// line then, from the root along each node's best child as the value
// events give it.
func coreIDs(events []trace.Event, k int) []int {
	var out []int
	best := map[trace.NodeID]trace.NodeID{}
	for _, e := range events[:k+1] {
		switch e.Kind {
		case trace.KindEnter:
			out = append(out, int(e.Node))
		case trace.KindLeave:
			out = out[:len(out)-1]
		case trace.KindValue:
			best[e.Node] = e.Best
		}
	}
	for id, ok := trace.NodeID(0), true; ok && id != trace.NoNode; id, ok = best[id] {
		out = append(out, int(id))
	}
	return out
}

// existsAt returns whether a node exists at step k: made by a node event,
// or as the placeholder of a pruned move by a cut, at or before k.
func existsAt(events []trace.Event, k int) func(id int) bool {
	created, all, pruned := 0, 0, 0
	for i, e := range events {
		switch e.Kind {
		case trace.KindNode:
			all++
			if i <= k {
				created++
			}
		case trace.KindCut:
			if i <= k {
				pruned += len(e.Pruned)
			}
		}
	}
	return func(id int) bool { return id < created || id >= all && id < all+pruned }
}

// svgMoreText finds the texts of placeholders in a drawing of the tidy
// layout, the text elements "a_mv<p>" and "a_mw<p>", empty when they say
// nothing.
var svgMoreText = regexp.MustCompile(`<text id="a_m([vw])(\d+)"[^>]*?(?:/>|>([^<]*)</text>)`)

// pageState returns what a page shows after a drawing and the frame that
// restyles it: the nodes drawn, and the placeholders with their looks.
func pageState(l layoutMsg, f frameMsg) (map[int]bool, map[int]morePatch) {
	nodes, more := map[int]bool{}, map[int]morePatch{}
	for _, g := range svgNode.FindAllStringSubmatch(l.SVG, -1) {
		id, _ := strconv.Atoi(g[1])
		nodes[id] = true
	}
	for _, g := range svgMore.FindAllStringSubmatch(l.SVG, -1) {
		p, _ := strconv.Atoi(g[1])
		more[p] = morePatch{Parent: p, Class: g[2]}
	}
	for _, g := range svgMoreText.FindAllStringSubmatch(l.SVG, -1) {
		p, _ := strconv.Atoi(g[2])
		m := more[p]
		if g[1] == "v" {
			m.More = g[3]
		} else {
			m.Nodes = g[3]
		}
		more[p] = m
	}
	for _, m := range f.More {
		more[m.Parent] = m
	}
	return nodes, more
}

// parentsOf returns each node's parent from a trace's events: the node
// events' and the cuts' placeholders', which come after the created nodes.
func parentsOf(events []trace.Event) []trace.NodeID {
	var parent, holders []trace.NodeID
	for _, e := range events {
		switch e.Kind {
		case trace.KindNode:
			parent = append(parent, e.Parent)
		case trace.KindCut:
			for range e.Pruned {
				holders = append(holders, e.Node)
			}
		}
	}
	return append(parent, holders...)
}

// childrenOf returns the children of p.
func childrenOf(parent []trace.NodeID, p int) []int {
	var out []int
	for id, q := range parent {
		if int(q) == p {
			out = append(out, id)
		}
	}
	return out
}

// navClient is a websocket client that reads a navigated viewer's
// messages as they are.
type navClient struct{ p *page }

func dialNav(t *testing.T, base, path string) *navClient {
	return &navClient{p: dial(t, base, path)}
}

func (c *navClient) send(msg string) { c.p.send(msg) }

// navMsg is any message, read loosely.
type navMsg struct {
	Type    string `json:"type"`
	Message string `json:"message"`
	raw     []byte
}

func (c *navClient) read() navMsg {
	c.p.t.Helper()
	c.p.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, data, err := c.p.conn.ReadMessage()
	if err != nil {
		c.p.t.Fatalf("reading: %v", err)
	}
	var m navMsg
	if err := json.Unmarshal(data, &m); err != nil {
		c.p.t.Fatalf("message %.200s: %v", data, err)
	}
	m.raw = data
	return m
}

// readAny reads a frame, and the drawing before it if there is one.
func (c *navClient) readAny() {
	c.p.t.Helper()
	c.readStep()
}

// readStep returns a frame, after the drawing before it if there is one,
// and reads the drawing's rest after it if it comes in two parts: a step
// may leave the display set.
func (c *navClient) readStep() frameMsg {
	c.p.t.Helper()
	m := c.read()
	var l layoutMsg
	if m.Type == "layout" {
		if err := json.Unmarshal(m.raw, &l); err != nil {
			c.p.t.Fatal(err)
		}
		m = c.read()
	}
	if m.Type != "frame" {
		c.p.t.Fatalf("got a %s message, want a frame: %.300s", m.Type, m.raw)
	}
	if l.Rest {
		c.readRest()
	}
	return decodeFrame(c.p.t, m.raw)
}

// readLayout reads a drawing and the frame that follows it; a drawing in
// two parts comes whole, its rest after its first part.
func (c *navClient) readLayout() (layoutMsg, frameMsg) {
	c.p.t.Helper()
	m := c.read()
	if m.Type != "layout" {
		c.p.t.Fatalf("got a %s message, want a new drawing: %.300s", m.Type, m.raw)
	}
	var l layoutMsg
	if err := json.Unmarshal(m.raw, &l); err != nil {
		c.p.t.Fatal(err)
	}
	f := c.readFrame()
	if l.Rest {
		l.SVG += "\n" + c.readRest()
	}
	return l, f
}

// readRest reads the rest of a drawing sent in two parts.
func (c *navClient) readRest() string {
	c.p.t.Helper()
	m := c.read()
	var r restMsg
	if err := json.Unmarshal(m.raw, &r); err != nil || r.Type != "rest" {
		c.p.t.Fatalf("got %.300s, want the rest of a drawing", m.raw)
	}
	return r.SVG
}

// readFrame reads a frame.
func (c *navClient) readFrame() frameMsg {
	c.p.t.Helper()
	m := c.read()
	if m.Type != "frame" {
		c.p.t.Fatalf("got a %s message, want a frame: %.300s", m.Type, m.raw)
	}
	return decodeFrame(c.p.t, m.raw)
}

// decodeFrame reads a frame from the wire, patches included.
func decodeFrame(t *testing.T, data []byte) frameMsg {
	t.Helper()
	var w struct {
		frameMsg
		Nodes [][]any `json:"nodes"`
		More  [][]any `json:"more"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		t.Fatalf("frame %.200s: %v", data, err)
	}
	f := w.frameMsg
	f.Nodes, f.More = nil, nil
	for _, n := range w.Nodes {
		f.Nodes = append(f.Nodes, nodePatch{ID: int(n[0].(float64)), NodeDisplay: render.NodeDisplay{Class: n[1].(string), Value: n[2].(string), Window: n[3].(string), Weight: int(n[4].(float64))}})
	}
	for _, m := range w.More {
		f.More = append(f.More, morePatch{Parent: int(m[0].(float64)), Class: m[1].(string), More: m[2].(string), Nodes: m[3].(string)})
	}
	return f
}

// TestNavigateKeepsDrawingWhileStepping checks that stepping on through a
// big trace changes the drawing rarely: the display set keeps the nodes
// the search visits next.
func TestNavigateKeepsDrawingWhileStepping(t *testing.T) {
	testenv.SkipUnderRace(t, "steps a viewer of a big folded trace in one goroutine")
	t.Parallel()
	sh := bigShow(t, alphabetaAll)
	vw := newViewer(sh, trace.ViewRoot)
	vw.layouter = layouter
	layouts := 0
	const from, steps = 20_000, 3_000
	for k := from; k < from+steps; k++ {
		layout, _, err := vw.frame(k, false)
		if err != nil {
			t.Fatal(err)
		}
		if layout != nil {
			layouts++
		}
	}
	t.Logf("%d drawings in %d steps", layouts, steps)
	if layouts > 3 {
		t.Errorf("%d drawings in %d steps forwards, want the drawing kept for most of them", layouts, steps)
	}
}

// TestNavigateSplitsBigDrawings checks that a new drawing of a display
// set is sent in two parts: first a drawing around the node the page
// centres on, with its current node, then the lines of the nodes and
// edges out of reach, which together are the whole drawing.
func TestNavigateSplitsBigDrawings(t *testing.T) {
	testenv.SkipUnderRace(t, "splits drawings of a big folded trace")
	t.Parallel()
	sh := bigShow(t, alphabetaAll)
	vw := newViewer(sh, trace.ViewRoot)
	vw.layouter = layouter
	if _, _, err := vw.frame(0, false); err != nil {
		t.Fatal(err)
	}
	groups := func(svg string) []string {
		var out []string
		for _, l := range strings.Split(svg, "\n") {
			if strings.HasPrefix(l, `<g id="`) && !strings.HasPrefix(l, `<g id="graph0"`) && !strings.HasPrefix(l, `<g id="legend"`) {
				out = append(out, l)
			}
		}
		slices.Sort(out)
		return out
	}
	for _, k := range []int{30_000, 80_000} {
		layout, f, err := vw.frame(k, false)
		if err != nil || layout == nil || f.Current < 0 {
			t.Fatalf("step %d: drawing %v, current node %d, err %v", k, layout != nil, f.Current, err)
		}
		whole := layout.SVG
		rest := splitLayout(layout, vw.anchor(command{Type: cmdSeek}))
		if rest == nil || !layout.Rest {
			t.Fatalf("step %d: a drawing of %d nodes is sent whole", k, layout.Shown)
		}
		if !strings.Contains(layout.SVG, `<g id="n`+strconv.Itoa(f.Current)+`" `) {
			t.Errorf("step %d: the first part has no current node %d", k, f.Current)
		}
		t.Logf("step %d: %d bytes first and %d after, of %d", k, len(layout.SVG), len(rest.SVG), len(whole))
		if len(layout.SVG) > len(whole)/2 {
			t.Errorf("step %d: the first part is %d bytes of %d", k, len(layout.SVG), len(whole))
		}
		if !slices.Equal(groups(layout.SVG+"\n"+rest.SVG), groups(whole)) {
			t.Errorf("step %d: the parts do not make the whole drawing", k)
		}
	}
}

// TestShowMemoryCountsNavigation checks that a show's memory, which the
// cache keeps within its byte budget, counts what navigating it makes
// (the outline, the minimap, the drawings of display sets and their
// tally indexes) and not the frames its viewers make.
func TestShowMemoryCountsNavigation(t *testing.T) {
	testenv.SkipUnderRace(t, "counts the bytes a show holds")
	t.Parallel()
	sh := recordShow(t, "mem", alphabetaAll)
	before := sh.MemSize()
	if before != sh.Tree().MemSize()+int64(len(sh.Decision())) {
		t.Errorf("a show holds %d bytes once loaded, its fold %d: it keeps more than the fold", before, sh.Tree().MemSize())
	}
	vw := newViewer(sh, trace.ViewRoot)
	vw.layouter = layouter
	layout, _, err := vw.frame(1000, false)
	if err != nil || layout == nil {
		t.Fatalf("the first frame: drawing %v, err %v", layout != nil, err)
	}
	o, ov, _ := sh.Navigation()
	index := int64(sh.Tree().Size())*4 + 64
	want := before + o.MemSize() + ov.MemSize() + int64(len(layout.SVG)) + index
	if got := sh.MemSize(); got != want {
		t.Errorf("after one drawing the show holds %d bytes, want %d: the fold, outline, minimap, drawing and tally index", got, want)
	}
	for k := 1001; k < 3000; k++ {
		if _, _, err := vw.frame(k, false); err != nil {
			t.Fatal(err)
		}
	}
	if got := sh.MemSize(); got > want+int64(show.MaxShownDrawings)*(int64(len(layout.SVG))*2+index) {
		t.Errorf("after 2,000 frames the show holds %d bytes, from %d", got, want)
	}
	for _, c := range sh.Tree().Node(0).Children {
		vw.nav.collapse(c)
		if _, _, err := vw.frame(3000, false); err != nil {
			t.Fatal(err)
		}
	}
	if n := sh.KeptDrawings(); n > show.MaxShownDrawings {
		t.Errorf("the show keeps %d drawings, over its cap of %d", n, show.MaxShownDrawings)
	}
}

// TestNavigationRemembersAtMostMaxChoices crosses the cap on the choices
// a page's navigation remembers: past it the oldest are forgotten.
func TestNavigationRemembersAtMostMaxChoices(t *testing.T) {
	testenv.SkipUnderRace(t, "fills a navigation's lists")
	t.Parallel()
	n := newNavigation()
	for id := range trace.NodeID(maxChoices + 10) {
		n.expand(id)
		n.collapse(id + 1000)
	}
	if len(n.expanded) != maxChoices || n.expanded[0] != 10 || len(n.collapsed) != maxChoices || n.collapsed[0] != 1010 {
		t.Errorf("after %d expansions and collapses the navigation remembers %d expansions from node %d and %d collapses from node %d, want the last %d of each",
			maxChoices+10, len(n.expanded), n.expanded[0], len(n.collapsed), n.collapsed[0], maxChoices)
	}
	n.expand(1010)
	if n.isCollapsed(1010) || slices.Contains(n.expanded, 1010) {
		t.Error("expanding a collapsed node did not just show its children again")
	}
	n.collapse(11)
	if slices.Contains(n.expanded, 11) || !n.isCollapsed(11) {
		t.Error("collapsing an expanded node left it expanded")
	}
}

// TestViewersShareDisplaySets checks that the pages of one trace showing
// the same nodes share one display set and its tally index, which holds
// 4 bytes a node of the tree, while each keeps its own counts.
func TestViewersShareDisplaySets(t *testing.T) {
	testenv.SkipUnderRace(t, "makes frames in the test goroutine")
	t.Parallel()
	sh := recordShow(t, "share", alphabetaAll)
	var pages [3]*viewer
	for i := range pages {
		pages[i] = newViewer(sh, trace.ViewRoot)
		pages[i].layouter = layouter
		if _, _, err := pages[i].frame(1000, false); err != nil {
			t.Fatal(err)
		}
	}
	if pages[0].shown != pages[1].shown || pages[1].shown != pages[2].shown {
		t.Error("three pages at one step hold display sets of their own")
	}
	if _, _, err := pages[2].frame(5, false); err != nil {
		t.Fatal(err)
	}
	if pages[2].tally == pages[0].tally || pages[0].tally.Step() != 1000 || pages[2].tally.Step() != 5 {
		t.Errorf("the pages' tallies are at steps %d and %d, want 1000 and 5, each its own", pages[0].tally.Step(), pages[2].tally.Step())
	}
}
