package web

import (
	"encoding/json"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/viewer"
)

// svgNode and svgMore find the classes of nodes and placeholders in a
// drawing.
var (
	svgNode = regexp.MustCompile(`<g id="n(\d+)" class="node (st_\w+) `)
	svgMore = regexp.MustCompile(`<g id="m(\d+)" class="node more (st_\w+)"`)
)

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
	var p viewer.MorePatch
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
		want := viewer.MorePatch{Parent: m.Parent, Class: "st_not_reached"}
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
func pageState(l viewer.Layout, f viewer.Frame) (map[int]bool, map[int]viewer.MorePatch) {
	nodes, more := map[int]bool{}, map[int]viewer.MorePatch{}
	for _, g := range svgNode.FindAllStringSubmatch(l.SVG, -1) {
		id, _ := strconv.Atoi(g[1])
		nodes[id] = true
	}
	for _, g := range svgMore.FindAllStringSubmatch(l.SVG, -1) {
		p, _ := strconv.Atoi(g[1])
		more[p] = viewer.MorePatch{Parent: p, Class: g[2]}
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
func (c *navClient) readStep() viewer.Frame {
	c.p.t.Helper()
	m := c.read()
	var l viewer.Layout
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
func (c *navClient) readLayout() (viewer.Layout, viewer.Frame) {
	c.p.t.Helper()
	m := c.read()
	if m.Type != "layout" {
		c.p.t.Fatalf("got a %s message, want a new drawing: %.300s", m.Type, m.raw)
	}
	var l viewer.Layout
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
	var r viewer.Rest
	if err := json.Unmarshal(m.raw, &r); err != nil || r.Type != "rest" {
		c.p.t.Fatalf("got %.300s, want the rest of a drawing", m.raw)
	}
	return r.SVG
}

// readFrame reads a frame.
func (c *navClient) readFrame() viewer.Frame {
	c.p.t.Helper()
	m := c.read()
	if m.Type != "frame" {
		c.p.t.Fatalf("got a %s message, want a frame: %.300s", m.Type, m.raw)
	}
	return decodeFrame(c.p.t, m.raw)
}

// decodeFrame reads a frame from the wire, patches included.
func decodeFrame(t *testing.T, data []byte) viewer.Frame {
	t.Helper()
	var w struct {
		viewer.Frame
		Nodes [][]any `json:"nodes"`
		More  [][]any `json:"more"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		t.Fatalf("frame %.200s: %v", data, err)
	}
	f := w.Frame
	f.Nodes, f.More = nil, nil
	for _, n := range w.Nodes {
		f.Nodes = append(f.Nodes, viewer.NodePatch{ID: int(n[0].(float64)), NodeDisplay: render.NodeDisplay{Class: n[1].(string), Value: n[2].(string), Window: n[3].(string), Weight: int(n[4].(float64))}})
	}
	for _, m := range w.More {
		f.More = append(f.More, viewer.MorePatch{Parent: int(m[0].(float64)), Class: m[1].(string), More: m[2].(string), Nodes: m[3].(string)})
	}
	return f
}
