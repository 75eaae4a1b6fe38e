package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/trace"
)

// slowTracer delays every node event, so that a small search runs long
// enough to be watched growing.
type slowTracer struct {
	next  trace.Tracer
	delay time.Duration
}

func (s slowTracer) Emit(e trace.Event) {
	if e.Kind == trace.KindNode {
		time.Sleep(s.delay)
	}
	s.next.Emit(e)
}

func slowServer(t *testing.T, delay, idle time.Duration) (*Server, string) {
	srv, ts := newTestServer(t)
	srv.slowTracer = func(tr trace.Tracer) trace.Tracer { return slowTracer{tr, delay} }
	srv.idleCancel = idle
	return srv, ts.URL
}

var textbookForm = url.Values{"game": {"tree"}, "algo": {"alphabeta"}, "position": {"[[3,12,8],[2,4,6],[14,5,2]]"}}

func TestLiveSearchGrowsThenSaves(t *testing.T) {
	// 11 nodes at 150 ms: the search runs about 1.7 s, several snapshots long.
	srv, base := slowServer(t, 150*time.Millisecond, time.Minute)
	loc := runSearch(t, base, textbookForm)
	id := strings.TrimPrefix(loc, "/t/")
	if srv.liveSearch(id) == nil {
		t.Fatal("the search is not running after the form redirected")
	}
	code, page := get(t, base+loc)
	if code != http.StatusOK || !strings.Contains(page, `data-live="true"`) {
		t.Fatalf("viewer of a running search: status %d, live mark missing", code)
	}

	p := dial(t, base, loc+"/ws")
	f := p.read()
	if !f.Live {
		t.Fatalf("first frame of a running search is not live")
	}
	steps := []int{f.Steps}
	stepped := false
	for f.Live {
		f = p.read()
		if !f.Relayout {
			continue
		}
		if !f.Full {
			t.Errorf("a relayout frame is not full")
		}
		if f.Steps < steps[len(steps)-1] {
			t.Errorf("the trace shrank from %d to %d steps", steps[len(steps)-1], f.Steps)
		}
		steps = append(steps, f.Steps)
		if !stepped && f.Live && f.Steps > 3 {
			// Step back through what has arrived while the search goes on.
			p.send(`{"type":"seek","step":2}`)
			stepped = true
		}
	}
	if len(steps) < 3 {
		t.Errorf("the page saw %d sizes of the trace (%v); want it to grow in several snapshots", len(steps), steps)
	}
	if f.Decision == "" || !strings.Contains(f.Decision, "value 3") {
		t.Errorf("the last frame's decision is %q, want the textbook's value 3", f.Decision)
	}

	// Saved under the same id, as the whole trace.
	if srv.liveSearch(id) != nil {
		t.Error("the search is still listed as running after its last frame")
	}
	h, events := storedTrace(t, base+loc+"/trace")
	if h.Algorithm != "alphabeta" || events[len(events)-1].Kind != trace.KindDecision {
		t.Errorf("saved trace: algorithm %q, last event %v", h.Algorithm, events[len(events)-1].Kind)
	}
	if f.Steps != len(events) {
		t.Errorf("the last frame has %d steps, the saved trace %d", f.Steps, len(events))
	}
}

func TestLiveSearchCancelledWhenNobodyWatches(t *testing.T) {
	// MiniMax over the whole tic-tac-toe tree, 549,946 nodes each delayed
	// by at least a tenth of a millisecond, would take minutes; nobody
	// watches for 200 ms, and the search sees its context every 4,096 nodes.
	srv, base := slowServer(t, 100*time.Microsecond, 200*time.Millisecond)
	loc := runSearch(t, base, url.Values{"game": {"tictactoe"}, "algo": {"minimax"}, "position": {".../.../..."}})
	id := strings.TrimPrefix(loc, "/t/")
	ls := srv.liveSearch(id)
	if ls == nil {
		t.Fatal("the search is not running")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		sh, done, changed := ls.current()
		if done {
			d, ok := sh.tree.Decision()
			if !ok {
				t.Fatal("a cancelled search saved no decision")
			}
			if d.Counters.Nodes >= 549946 {
				t.Errorf("the search ran to the end (%d nodes) with nobody watching", d.Counters.Nodes)
			}
			if notes := strings.Join(sh.notes(), " "); !strings.Contains(notes, "stopped early") {
				t.Errorf("the page does not say the search stopped early: notes %q", notes)
			}
			return
		}
		select {
		case <-changed:
		case <-ctx.Done():
			t.Fatal("the unwatched search was not cancelled within 10 s")
		}
	}
}

func TestLiveSearchCancelledWhenTheLastPageLeaves(t *testing.T) {
	srv, base := slowServer(t, 100*time.Microsecond, 200*time.Millisecond)
	loc := runSearch(t, base, url.Values{"game": {"tictactoe"}, "algo": {"minimax"}, "position": {".../.../..."}})
	ls := srv.liveSearch(strings.TrimPrefix(loc, "/t/"))
	if ls == nil {
		t.Fatal("the search is not running")
	}
	p := dial(t, base, loc+"/ws")
	p.read()
	// Watched for longer than the grace, the search goes on.
	time.Sleep(600 * time.Millisecond)
	if _, done, _ := ls.current(); done {
		t.Fatal("a watched search ended early")
	}
	p.conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, done, changed := ls.current()
		if done {
			return
		}
		select {
		case <-changed:
		case <-ctx.Done():
			t.Fatal("the search went on for 10 s after its last page left")
		}
	}
}
