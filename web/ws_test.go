package web

import (
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/viewer"
	"github.com/searchviz/searchviz/web/internal/wsconn"
)

// wireFrame is a frame as a page reads it.
type wireFrame struct {
	Type     string            `json:"type"`
	Message  string            `json:"message"`
	Step     int               `json:"step"`
	Steps    int               `json:"steps"`
	View     string            `json:"view"`
	Full     bool              `json:"full"`
	Playing  bool              `json:"playing"`
	Live     bool              `json:"live"`
	Relayout bool              `json:"relayout"`
	Decision string            `json:"decision"`
	Nodes    [][]any           `json:"nodes"`
	Current  int               `json:"current"`
	Line     int               `json:"line"`
	Code     []string          `json:"code"`
	Log      []viewer.LogLine  `json:"log"`
	Vars     []viewer.Variable `json:"vars"`
	Selected *viewer.Details   `json:"selected"`
}

// page is a websocket client that keeps the drawing as a page would.
type page struct {
	t     *testing.T
	conn  *websocket.Conn
	nodes map[int]wireNode
}

// wireNode is what a page draws of a node: a node patch without its id.
type wireNode struct {
	Class, Value, Window string
	Weight               int // the width of the edge into the node by visits, 0 for none
}

func dial(t *testing.T, base, path string) *page {
	t.Helper()
	u := "ws" + strings.TrimPrefix(base, "http") + path
	h := http.Header{"Origin": {base}}
	conn, res, err := websocket.DefaultDialer.Dial(u, h)
	if err != nil {
		t.Fatalf("dial %s: %v (response %v)", u, err, res)
	}
	t.Cleanup(func() { conn.Close() })
	return &page{t: t, conn: conn, nodes: map[int]wireNode{}}
}

func (p *page) send(msg string) {
	p.t.Helper()
	if err := p.conn.WriteMessage(websocket.TextMessage, []byte(msg)); err != nil {
		p.t.Fatal(err)
	}
}

// read returns the next message, applying a frame to the page's drawing.
func (p *page) read() wireFrame {
	p.t.Helper()
	p.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, data, err := p.conn.ReadMessage()
	if err != nil {
		p.t.Fatalf("reading: %v", err)
	}
	var f wireFrame
	if err := json.Unmarshal(data, &f); err != nil {
		p.t.Fatalf("message %s: %v", data, err)
	}
	if f.Type == "frame" {
		if f.Full {
			p.nodes = map[int]wireNode{}
		}
		for _, n := range f.Nodes {
			if len(n) != 5 {
				p.t.Fatalf("node patch %v, want [id, class, value, window, weight]", n)
			}
			p.nodes[int(n[0].(float64))] = wireNode{n[1].(string), n[2].(string), n[3].(string), int(n[4].(float64))}
		}
	}
	return f
}

// textbook runs the Russell & Norvig tree with alphabeta and returns the
// server and its trace's path.
func textbook(t *testing.T) (string, string) {
	_, ts := newTestServer(t)
	loc := runSearch(t, ts.URL, url.Values{"game": {"tree"}, "algo": {"alphabeta"}, "position": {"[[3,12,8],[2,4,6],[14,5,2]]"}})
	return ts.URL, loc
}

// mcts runs MCTS on a tic-tac-toe position where x must block at c2, and
// returns the server and its trace's path.
func mcts(t *testing.T, playouts int) (string, string) {
	_, ts := newTestServer(t)
	loc := runSearch(t, ts.URL, url.Values{"game": {"tictactoe"}, "algo": {"mcts"}, "position": {"x.o/.x./..o"}, "mcts.playouts": {strconv.Itoa(playouts)}})
	return ts.URL, loc
}

func TestSocketFramesAddUpToFullFrames(t *testing.T) {
	t.Parallel()
	t.Run("alphabeta", func(t *testing.T) {
		t.Parallel()
		base, loc := textbook(t)
		testFramesAddUp(t, base, loc, [][]int{
			{1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
			{40, 39, 38, 0, 25, 26, 12},
			{5, 60, 61, 3},
		})
	})
	t.Run("mcts", func(t *testing.T) {
		t.Parallel()
		// Edge weights change with the root's visits even where a node's
		// own do not: step by step through a few iterations, some frames
		// change a node's weight alone.
		base, loc := mcts(t, 30)
		var steps []int
		for k := 150; k <= 200; k++ {
			steps = append(steps, k)
		}
		testFramesAddUp(t, base, loc, [][]int{steps, {250, 120, 40, 251}})
	})
}

// testFramesAddUp sends several pages at once through the trace at loc,
// each on its own walk: what each has drawn after applying deltas must
// equal a full frame of that step.
func testFramesAddUp(t *testing.T, base, loc string, walks [][]int) {
	last := 0
	for _, walk := range walks {
		last = max(last, slices.Max(walk))
	}
	var wg sync.WaitGroup
	for _, walk := range walks {
		wg.Go(func() {
			p := dial(t, base, loc+"/ws")
			first := p.read()
			if first.Type != "frame" || first.Step != 0 || !first.Full {
				t.Errorf("first message: %+v, want a full frame of step 0", first)
				return
			}
			if first.Steps <= last {
				t.Errorf("steps = %d; the walks need a longer trace", first.Steps)
				return
			}
			for _, k := range walk {
				p.send(`{"type":"seek","step":` + strconv.Itoa(k) + `}`)
				f := p.read()
				if f.Type != "frame" || f.Step != k || f.Full {
					t.Errorf("after seek %d: %s frame of step %d (full %v)", k, f.Type, f.Step, f.Full)
					return
				}
				fresh := dial(t, base, loc+"/ws?step="+strconv.Itoa(k))
				full := fresh.read()
				if len(fresh.nodes) != len(p.nodes) {
					t.Errorf("step %d: page has %d nodes, a full frame %d", k, len(p.nodes), len(fresh.nodes))
				}
				for id, want := range fresh.nodes {
					if got := p.nodes[id]; got != want {
						t.Errorf("step %d, node %d: page draws %v, a full frame %v", k, id, got, want)
					}
				}
				if full.Current != f.Current || full.Line != f.Line {
					t.Errorf("step %d: focus %d line %d, a full frame says %d line %d", k, f.Current, f.Line, full.Current, full.Line)
				}
				fresh.conn.Close()
			}
		})
	}
	wg.Wait()
}

func TestSocketFramesCarryEdgeWeights(t *testing.T) {
	t.Parallel()
	// After 200 iterations the root (node 0) shows n=200. An edge's
	// weight is 1 + round(5·√(n/200)) points where that is wider than
	// its status draws it: 5 points on the best line, else 1.
	base, loc := mcts(t, 200)
	p := dial(t, base, loc+"/ws?step=last")
	p.read()
	if p.nodes[0].Window != "n=200" {
		t.Fatalf("the root shows %q, want n=200", p.nodes[0].Window)
	}
	if p.nodes[0].Weight != 0 {
		t.Errorf("the root, which has no edge, has weight %d", p.nodes[0].Weight)
	}
	widest := 0
	for id, n := range p.nodes {
		if id == 0 {
			continue
		}
		visits, _ := strconv.Atoi(strings.TrimPrefix(n.Window, "n="))
		want := 0
		if visits > 0 {
			want = 1 + int(math.Round(5*math.Sqrt(float64(visits)/200)))
		}
		status := 1
		if n.Class == "st_best" {
			status = 5
		}
		if want <= status {
			want = 0
		}
		if n.Weight != want {
			t.Errorf("node %d (%s, %s) has weight %d, want %d", id, n.Class, n.Window, n.Weight, want)
		}
		widest = max(widest, n.Weight, status)
	}
	// c2, the block, takes more than a third of the iterations.
	if widest < 4 {
		t.Errorf("the widest edge is %d points, want the chosen move's at least 4", widest)
	}
}

// TestSocketMonteCarloVariables checks the variables panel of MCTS at the
// steps of its playouts: the node the playout starts from has the mean of
// the results backed up through it before that step and their number,
// both counted here from the trace's backprop events, and the playout's
// result, which the event gives in the root player's view.
func TestSocketMonteCarloVariables(t *testing.T) {
	t.Parallel()
	base, loc := mcts(t, 20)
	_, events := storedTrace(t, base+loc+"/trace")
	minNode := map[trace.NodeID]bool{} // o, the opponent, to move: its results are 1 − r for x
	total, visits := map[trace.NodeID]float64{}, map[trace.NodeID]int{}
	checked := 0
	for k, e := range events {
		switch e.Kind {
		case trace.KindNode:
			minNode[e.Node] = e.Type == trace.TypeMin
		case trace.KindBackprop:
			for i, id := range e.Path {
				total[id] += e.Values[i]
				visits[id]++
			}
		case trace.KindPlayout:
			checked++
			p := dial(t, base, loc+"/ws?step="+strconv.Itoa(k))
			f := p.read()
			vars := map[string]string{}
			for _, v := range f.Vars {
				vars[v.Name] = v.Value
			}
			mean := "no results yet"
			if n := visits[e.Node]; n > 0 {
				r := total[e.Node] / float64(n)
				if minNode[e.Node] {
					r = 1 - r
				}
				mean = explain.Number(r)
			}
			word := map[float64]string{1: "win", 0.5: "draw", 0: "loss"}[e.Result]
			want := map[string]string{
				"mean result (MAX's view)":    mean,
				"visits":                      strconv.Itoa(visits[e.Node]),
				"playout result (MAX's view)": explain.Number(e.Result) + " (" + word + ")",
			}
			for name, value := range want {
				if vars[name] != value {
					t.Errorf("step %d, a playout from node %d: %q is %q, want %q (all: %v)", k, e.Node, name, vars[name], value, f.Vars)
				}
			}
			if f.Current != int(e.Node) {
				t.Errorf("step %d: the variables are of node %d, want the playout's node %d", k, f.Current, e.Node)
			}
		}
	}
	if checked == 0 {
		t.Fatal("the trace has no playout")
	}
}

func TestSocketBadMessagesKeepTheConnection(t *testing.T) {
	t.Parallel()
	base, loc := textbook(t)
	p := dial(t, base, loc+"/ws")
	p.read()
	for _, msg := range []string{
		`garbage`,
		`{"type":"seek"}`,
		`{"type":"seek","step":100000}`,
		`{"type":"seek","step":-3}`,
		`{"type":"play","speed":0}`,
		`{"type":"play","speed":1e9}`,
		`{"type":"view","view":"max"}`,
		`{"type":"select","node":13}`,
		`{"type":"step","by":2}`,
		`{"type":"step"}`,
		`{"type":"expand","node":-1}`,
		`{"type":"collapse","node":13}`,
		`{"type":"root"}`,
		`{"type":"reveal","node":1e3}`,
		`{"type":"filter","node":-2}`,
		`{"type":"panel","width":0,"height":400}`,
		`{"type":"panel","width":720,"height":1e6}`,
		`{"type":"panel"}`,
		`{"type":"up","node":"x"}`,
		`{"type":"launch"}`,
		`{"type":"seek","step":1,"extra":true}`,
		`{"type":"pause"}{"type":"pause"}`,
	} {
		p.send(msg)
		if f := p.read(); f.Type != "error" || f.Message == "" {
			t.Errorf("%s: got %s %q, want an error", msg, f.Type, f.Message)
		}
	}
	p.send(`{"type":"seek","step":3}`)
	if f := p.read(); f.Type != "frame" || f.Step != 3 {
		t.Errorf("after bad messages, seek 3 gave %s step %d", f.Type, f.Step)
	}
}

// TestSocketPanelAddress opens sockets whose address gives the tree
// panel's size: a good one is answered with frames, a bad one with 400
// saying what is allowed.
func TestSocketPanelAddress(t *testing.T) {
	t.Parallel()
	base, loc := textbook(t)
	p := dial(t, base, loc+"/ws?panel=720x400")
	if f := p.read(); f.Type != "frame" && f.Type != "layout" {
		t.Errorf("a socket with a panel of 720x400 first got %s %q", f.Type, f.Message)
	}
	for _, panel := range []string{"720", "x400", "0x400", "720x100001", "wide", "720x400x3"} {
		res, err := testClient.Get(base + loc + "/ws?panel=" + panel)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "panel") {
			t.Errorf("panel=%s: %d %q, want 400 saying what a panel may be", panel, res.StatusCode, body)
		}
	}
}

func TestSocketRefusesHugeMessages(t *testing.T) {
	t.Parallel()
	base, loc := textbook(t)
	p := dial(t, base, loc+"/ws")
	p.read()
	p.send(`{"type":"pause","pad":"` + strings.Repeat("x", wsconn.MaxMessage) + `"}`)
	p.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		if _, _, err := p.conn.ReadMessage(); err != nil {
			if websocket.IsCloseError(err, websocket.CloseMessageTooBig) || strings.Contains(err.Error(), "close") || strings.Contains(err.Error(), "EOF") || strings.Contains(err.Error(), "reset") {
				return
			}
			t.Fatalf("want the connection closed, got %v", err)
		}
	}
}

func TestSocketChecksOrigin(t *testing.T) {
	t.Parallel()
	base, loc := textbook(t)
	u := "ws" + strings.TrimPrefix(base, "http") + loc + "/ws"
	_, res, err := websocket.DefaultDialer.Dial(u, http.Header{"Origin": {"http://evil.example"}})
	if err == nil {
		t.Fatal("a page of another origin was let in")
	}
	if res == nil || res.StatusCode != http.StatusForbidden {
		t.Errorf("cross-origin dial: response %v, want 403", res)
	}
}

func TestSocketPlayRunsToTheEnd(t *testing.T) {
	t.Parallel()
	base, loc := textbook(t)
	p := dial(t, base, loc+"/ws?step=50")
	first := p.read()
	p.send(`{"type":"play","speed":50}`)
	prev := first.Step
	for {
		f := p.read()
		if f.Step != prev && f.Step != prev+1 {
			t.Fatalf("playing went from step %d to %d", prev, f.Step)
		}
		prev = f.Step
		if !f.Playing {
			if f.Step != f.Steps-1 {
				t.Fatalf("playing stopped at step %d of %d", f.Step, f.Steps-1)
			}
			return
		}
	}
}

func TestSocketSelectExplainsThePrune(t *testing.T) {
	t.Parallel()
	base, loc := textbook(t)
	p := dial(t, base, loc+"/ws?step=last")
	f := p.read()
	var pruned []int
	for id, n := range p.nodes {
		if n.Class == "st_pruned" {
			pruned = append(pruned, id)
		}
	}
	// Russell & Norvig: the leaves 4 and 6 are pruned, and nothing else.
	if len(pruned) != 2 {
		t.Fatalf("%d pruned nodes at the last step (frame %d), want 2", len(pruned), f.Step)
	}
	p.send(`{"type":"select","node":` + strconv.Itoa(pruned[0]) + `}`)
	sel := p.read().Selected
	if sel == nil {
		t.Fatal("no selected node in the frame")
	}
	if !strings.Contains(sel.Reason, "α-cut: 2 ≤ α=3") {
		t.Errorf("reason %q does not give the cut 2 ≤ α=3", sel.Reason)
	}
	p.send(`{"type":"view","view":"side"}`)
	f = p.read()
	if !f.Full || f.View != "side" || f.Selected == nil {
		t.Fatalf("after a view change: full %v view %s, selected %v", f.Full, f.View, f.Selected)
	}
	// In the side to move's view, MIN's node holds -2 under the window
	// (-∞, -3): negamax cuts as -2 ≥ β=-3.
	if !strings.Contains(f.Selected.Reason, "β-cut: -2 ≥ β=-3") {
		t.Errorf("reason in the side's view %q does not give the cut -2 ≥ β=-3", f.Selected.Reason)
	}
	p.send(`{"type":"select","node":-1}`)
	if f := p.read(); f.Selected != nil {
		t.Errorf("select -1 left node %d selected", f.Selected.Node)
	}
}
