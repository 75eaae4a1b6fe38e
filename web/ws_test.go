package web

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// wireFrame is a frame as a page reads it.
type wireFrame struct {
	Type     string     `json:"type"`
	Message  string     `json:"message"`
	Step     int        `json:"step"`
	Steps    int        `json:"steps"`
	View     string     `json:"view"`
	Full     bool       `json:"full"`
	Playing  bool       `json:"playing"`
	Live     bool       `json:"live"`
	Relayout bool       `json:"relayout"`
	Decision string     `json:"decision"`
	Nodes    [][]any    `json:"nodes"`
	Current  int        `json:"current"`
	Line     int        `json:"line"`
	Log      []logLine  `json:"log"`
	Vars     []variable `json:"vars"`
	Selected *nodeMsg   `json:"selected"`
}

// page is a websocket client that keeps the drawing as a page would.
type page struct {
	t     *testing.T
	conn  *websocket.Conn
	nodes map[int][3]string // id -> class, value, window
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
	return &page{t: t, conn: conn, nodes: map[int][3]string{}}
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
			p.nodes = map[int][3]string{}
		}
		for _, n := range f.Nodes {
			p.nodes[int(n[0].(float64))] = [3]string{n[1].(string), n[2].(string), n[3].(string)}
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

func TestSocketFramesAddUpToFullFrames(t *testing.T) {
	base, loc := textbook(t)
	// Several pages at once, each stepping its own way; what each has
	// drawn after applying deltas must equal a full frame of that step.
	walks := [][]int{
		{1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
		{40, 39, 38, 0, 25, 26, 12},
		{5, 60, 61, 3},
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
			if first.Steps < 60 {
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

func TestSocketBadMessagesKeepTheConnection(t *testing.T) {
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

func TestSocketRefusesHugeMessages(t *testing.T) {
	base, loc := textbook(t)
	p := dial(t, base, loc+"/ws")
	p.read()
	p.send(`{"type":"pause","pad":"` + strings.Repeat("x", maxMessageSize) + `"}`)
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
	base, loc := textbook(t)
	p := dial(t, base, loc+"/ws?step=last")
	f := p.read()
	var pruned []int
	for id, n := range p.nodes {
		if n[0] == "st_pruned" {
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
	if f := p.read(); !f.Full || f.View != "side" || f.Selected == nil {
		t.Errorf("after a view change: full %v view %s, selected %v", f.Full, f.View, f.Selected)
	}
	p.send(`{"type":"select","node":-1}`)
	if f := p.read(); f.Selected != nil {
		t.Errorf("select -1 left node %d selected", f.Selected.Node)
	}
}

func TestQueueDropsASlowPage(t *testing.T) {
	send := make(chan []byte, 2)
	log := slog.New(slog.DiscardHandler)
	for i := range 2 {
		if !queue(send, errorMsg{Type: "error", Message: "x"}, log) {
			t.Fatalf("message %d refused with room in the queue", i)
		}
	}
	if queue(send, errorMsg{Type: "error", Message: "x"}, log) {
		t.Error("a full queue took another message instead of dropping the page")
	}
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{
		`{"type":"seek","step":3}`, `{"type":"play","speed":4}`, `{"type":"pause"}`,
		`{"type":"view","view":"side"}`, `{"type":"select","node":-1}`, `{"type":"select","node":2}`,
		`{}`, `[]`, `null`, `{"type":"seek","step":1e400}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const steps, nodes = 50, 10
		c, err := decodeCommand(data)
		if err != nil {
			return
		}
		if err := c.check(steps, nodes); err != nil {
			return
		}
		switch c.Type {
		case cmdSeek:
			if *c.Step < 0 || *c.Step >= steps {
				t.Errorf("accepted seek to %d", *c.Step)
			}
		case cmdSelect:
			if *c.Node < -1 || *c.Node >= nodes {
				t.Errorf("accepted select of %d", *c.Node)
			}
		case cmdPlay:
			if !(c.Speed > 0 && c.Speed <= maxSpeed) {
				t.Errorf("accepted speed %v", c.Speed)
			}
		case cmdView, cmdPause:
		default:
			t.Errorf("accepted type %q", c.Type)
		}
	})
}
