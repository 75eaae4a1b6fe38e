package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
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

// pacedTracer sleeps for pause once in every run of every node events: a
// big search slowed evenly, where a sleep per node would last as long as
// the system timer's granularity, a millisecond or more.
type pacedTracer struct {
	next  trace.Tracer
	every int
	pause time.Duration
	nodes int
}

func (p *pacedTracer) Emit(e trace.Event) {
	if e.Kind == trace.KindNode {
		if p.nodes++; p.nodes%p.every == 0 {
			time.Sleep(p.pause)
		}
	}
	p.next.Emit(e)
}

// pacedServer is a server whose searches make at most 16 nodes a
// millisecond and run unwatched for idle: MiniMax over the whole
// tic-tac-toe tree, 549,946 nodes, takes at least half a minute, and a
// search that is cancelled sees it within its next 4,096 nodes, a quarter
// of a second.
func pacedServer(t *testing.T, idle time.Duration) (*Server, string) {
	srv, ts := newTestServer(t)
	srv.slowTracer = func(tr trace.Tracer) trace.Tracer { return &pacedTracer{next: tr, every: 16, pause: time.Millisecond} }
	srv.idleCancel = idle
	return srv, ts.URL
}

// gatedTracer holds every node event until open is closed.
type gatedTracer struct {
	next trace.Tracer
	open <-chan struct{}
}

func (g gatedTracer) Emit(e trace.Event) {
	if e.Kind == trace.KindNode {
		<-g.open
	}
	g.next.Emit(e)
}

// gateSearches holds every search srv starts at its first node, running,
// until release is called, as it is when t ends.
func gateSearches(t *testing.T, srv *Server) (release func()) {
	open := make(chan struct{})
	release = sync.OnceFunc(func() { close(open) })
	t.Cleanup(release)
	srv.slowTracer = func(tr trace.Tracer) trace.Tracer { return gatedTracer{tr, open} }
	return release
}

var textbookForm = url.Values{"game": {"tree"}, "algo": {"alphabeta"}, "position": {"[[3,12,8],[2,4,6],[14,5,2]]"}}

func TestLiveSearchGrowsThenSaves(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
	// Nobody watches for 200 ms.
	srv, base := pacedServer(t, 200*time.Millisecond)
	loc := runSearch(t, base, url.Values{"game": {"tictactoe"}, "algo": {"minimax"}, "position": {".../.../..."}})
	id := strings.TrimPrefix(loc, "/t/")
	ls := srv.liveSearch(id)
	if ls == nil {
		t.Fatal("the search is not running")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		sh, done, changed := ls.Current()
		if done {
			d, ok := sh.Tree().Decision()
			if !ok {
				t.Fatal("a cancelled search saved no decision")
			}
			if d.Counters.Nodes >= 549946 {
				t.Errorf("the search ran to the end (%d nodes) with nobody watching", d.Counters.Nodes)
			}
			if notes := strings.Join(sh.Notes(), " "); !strings.Contains(notes, "stopped early") {
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
	t.Parallel()
	const grace = 500 * time.Millisecond
	srv, base := pacedServer(t, grace)
	start := time.Now()
	loc := runSearch(t, base, url.Values{"game": {"tictactoe"}, "algo": {"minimax"}, "position": {".../.../..."}})
	ls := srv.liveSearch(strings.TrimPrefix(loc, "/t/"))
	if ls == nil {
		t.Fatal("the search is not running")
	}
	// A page watches a running search once it has its first snapshot,
	// which may come after the grace on a loaded machine: the test holds
	// the search meanwhile, as the server does for a page waiting for its
	// end.
	unwatch := ls.Watch()
	if held := time.Since(start); held >= grace {
		t.Fatalf("the search was held %v after it started, past its grace of %v", held, grace)
	}
	p := dial(t, base, loc+"/ws")
	p.read()
	unwatch()
	// Watched by the page alone for longer than the grace, the search
	// goes on.
	time.Sleep(grace + 250*time.Millisecond)
	if _, done, _ := ls.Current(); done {
		t.Fatal("a watched search ended early")
	}
	p.conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, done, changed := ls.Current()
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
