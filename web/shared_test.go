package web

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/web/internal/natsshare"
	"github.com/searchviz/searchviz/web/internal/natsshare/natstest"
	"github.com/searchviz/searchviz/web/internal/tracestore"
)

// startNATS runs a NATS server with JetStream on a free loopback port
// until t ends and returns its address.
func startNATS(t testing.TB) string {
	t.Helper()
	return natstest.Run(t, true).URL()
}

// linkProxy forwards TCP connections to a NATS server, and plays the
// faults of a replica's link to it: stalled, it holds every byte either
// way, a NATS gone silent with its connections open; cut, it closes them
// and refuses new ones, one replica's link lost with NATS still there.
type linkProxy struct {
	ln   net.Listener
	to   string
	gate sync.RWMutex // held for writing while stalled

	mu     sync.Mutex
	conns  []net.Conn
	refuse bool // cut
}

// newLinkProxy forwards to the server at url until t ends.
func newLinkProxy(t *testing.T, to string) *linkProxy {
	t.Helper()
	u, err := url.Parse(to)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &linkProxy{ln: ln, to: u.Host}
	t.Cleanup(func() {
		ln.Close()
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, c := range p.conns {
			c.Close()
		}
	})
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.pipe(c)
		}
	}()
	return p
}

func (p *linkProxy) url() string { return "nats://" + p.ln.Addr().String() }

func (p *linkProxy) pipe(c net.Conn) {
	up, err := net.Dial("tcp", p.to)
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	refuse := p.refuse
	if !refuse {
		p.conns = append(p.conns, c, up)
	}
	p.mu.Unlock()
	if refuse {
		c.Close()
		up.Close()
		return
	}
	go p.copy(up, c)
	p.copy(c, up)
}

func (p *linkProxy) copy(dst, src net.Conn) {
	defer dst.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.gate.RLock()
			_, werr := dst.Write(buf[:n])
			p.gate.RUnlock()
			if werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// stall holds what the proxy carries until resume.
func (p *linkProxy) stall()  { p.gate.Lock() }
func (p *linkProxy) resume() { p.gate.Unlock() }

// cut closes the connections the proxy carries, and refuses new ones
// until mend.
func (p *linkProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.refuse = true
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

func (p *linkProxy) mend() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.refuse = false
}

// linked reports whether srv's client is connected to NATS.
func linked(srv *Server) bool {
	return srv.shared.Linked()
}

// eventually fails t unless ok is true within d, polled.
func eventually(t *testing.T, d time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, d)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestSharedTraces runs two replicas of the server on one NATS server: a
// trace searched on one is viewed, downloaded and listed on the other,
// whose data directory never held it; deleted on one, it is gone from
// both.
func TestSharedTraces(t *testing.T) {
	t.Parallel()
	nats := startNATS(t)
	a, tsA := newTestServer(t, func(c *Config) { c.NATS = nats })
	_, tsB := newTestServer(t, func(c *Config) { c.NATS = nats })
	path := runSearch(t, tsA.URL, url.Values{"game": {"tictactoe"}, "position": {"x.o/.x./..o"}, "algo": {"alphabeta"}})
	id := strings.TrimPrefix(path, "/t/")
	_, fromA := get(t, tsA.URL+path+"/trace") // once the search has saved it
	if _, err := os.Stat(filepath.Join(a.store.Dir(), id+tracestore.TraceExt)); err != nil {
		t.Fatalf("replica A did not keep its trace: %v", err)
	}
	// Pages asking replica B at once each get it, fetched once or more.
	var wg sync.WaitGroup
	bodies := make([]string, 8)
	codes := make([]int, len(bodies))
	for i := range bodies {
		wg.Go(func() { codes[i], bodies[i] = get(t, tsB.URL+path+"/trace") })
	}
	wg.Wait()
	for i := range bodies {
		if codes[i] != http.StatusOK || bodies[i] != fromA {
			t.Fatalf("request %d to replica B: %d, %d bytes; A's trace has %d", i, codes[i], len(bodies[i]), len(fromA))
		}
	}
	if code, page := get(t, tsB.URL+path); code != http.StatusOK || !strings.Contains(page, "alphabeta on tictactoe") {
		t.Errorf("replica B's viewer: %d", code)
	}
	if _, page := get(t, tsB.URL+"/traces"); !strings.Contains(page, path) {
		t.Error("replica B does not list the trace it fetched")
	}
	req, _ := http.NewRequest(http.MethodDelete, tsB.URL+path, nil)
	req.Header.Set("Origin", tsB.URL)
	res, err := testClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode >= 300 {
		t.Fatalf("deleting on replica B: %s", res.Status)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, _ := get(t, tsA.URL+"/t/"+id+"/trace")
		if code == http.StatusNotFound {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("replica A still serves the trace B deleted: %d", code)
		}
		time.Sleep(20 * time.Millisecond)
	}
	_, tsC := newTestServer(t, func(c *Config) { c.NATS = nats })
	if code, _ := get(t, tsC.URL+"/t/"+id+"/trace"); code != http.StatusNotFound {
		t.Errorf("a new replica finds the deleted trace: %d", code)
	}
}

// countingLayouter is a Layouter that counts the drawings it makes.
type countingLayouter struct {
	render.Layouter
	n atomic.Int32
}

func (c *countingLayouter) SVG(ctx context.Context, dot []byte) ([]byte, error) {
	c.n.Add(1)
	return c.Layouter.SVG(ctx, dot)
}

// TestSharedLayouts checks that a tree drawn on one replica is not drawn
// again on another: B serves A's layout, byte for byte, without a call to
// its own Graphviz.
func TestSharedLayouts(t *testing.T) {
	t.Parallel()
	nats := startNATS(t)
	_, tsA := newTestServer(t, func(c *Config) { c.NATS = nats })
	counted := &countingLayouter{Layouter: layouter}
	_, tsB := newTestServer(t, func(c *Config) { c.NATS = nats; c.Layouter = counted })
	path := runSearch(t, tsA.URL, url.Values{"game": {"tictactoe"}, "position": {"x.o/.x./..o"}, "algo": {"alphabeta"}})
	get(t, tsA.URL+path+"/trace") // once the search has saved it
	codeA, fromA := get(t, tsA.URL+path+"/layout.svg")
	codeB, fromB := get(t, tsB.URL+path+"/layout.svg")
	if codeA != http.StatusOK || codeB != http.StatusOK || fromA != fromB {
		t.Fatalf("layouts: A %d (%d bytes), B %d (%d bytes), want the same", codeA, len(fromA), codeB, len(fromB))
	}
	if n := counted.n.Load(); n != 0 {
		t.Errorf("replica B drew the tree %d times, want none: A shared it", n)
	}
}

// TestSharedUnreachable checks that a server whose NATS cannot be
// reached, or has no JetStream, does not start, and says why and where
// it looked.
func TestSharedUnreachable(t *testing.T) {
	t.Parallel()
	plain := natstest.Run(t, false).URL()
	for _, tt := range []struct {
		name, nats, want string
	}{
		{"nothing listens", "nats://127.0.0.1:1", "connecting to NATS at nats://127.0.0.1:1"},
		{"no JetStream", plain, "the NATS server at " + plain + " has no JetStream: start it with -js"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := New(t.Context(), Config{DataDir: t.TempDir(), Layouter: layouter, NATS: tt.nats})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one saying %q", err, tt.want)
			}
		})
	}
}

// TestSharedDuringOutage stops NATS under two replicas: a trace
// uploaded to A meanwhile is saved at once, without waiting on NATS, and
// is served by B soon after NATS comes back, without A being asked again.
func TestSharedDuringOutage(t *testing.T) {
	t.Parallel()
	n := natstest.Run(t, true)
	a, tsA := newTestServer(t, func(c *Config) { c.NATS = n.URL() })
	_, tsB := newTestServer(t, func(c *Config) { c.NATS = n.URL() })
	data := recordTrace(t, catalog.Request{Game: "tree", Algo: "alphabeta", Position: "[[3,12,8],[2,4,6],[14,5,2]]"}, true)

	n.Stop()
	eventually(t, 5*time.Second, "replica A sees NATS gone", func() bool { return !linked(a) })
	start := time.Now()
	res := upload(t, tsA.URL, "outage.jsonl.gz", data)
	took := time.Since(start)
	t.Logf("the upload during the outage took %v", took)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("uploading during the outage: %s", res.Status)
	}
	if took > natsshare.CallTimeout {
		t.Errorf("the upload took %v during the outage, more than natsshare.CallTimeout (%v): it waited on NATS", took, natsshare.CallTimeout)
	}
	path := res.Header.Get("Location")
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	id := strings.TrimPrefix(path, "/t/")
	if _, err := os.Stat(filepath.Join(a.store.Dir(), id+tracestore.UnsharedExt)); err != nil {
		t.Errorf("the trace is not marked to share later: %v", err)
	}
	_, fromA := get(t, tsA.URL+path+"/trace")

	n.Start()
	eventually(t, 10*time.Second, "replica B serves the trace A saved during the outage", func() bool {
		code, fromB := get(t, tsB.URL+path+"/trace")
		return code == http.StatusOK && fromB == fromA
	})
	eventually(t, 5*time.Second, "the trace's mark is removed once shared", func() bool {
		_, err := os.Stat(filepath.Join(a.store.Dir(), id+tracestore.UnsharedExt))
		return os.IsNotExist(err)
	})
}

// TestNATSStalled stalls the link of replica B to NATS, its connection
// open and silent: each room request on B that asks NATS answers within
// natsshare.CallTimeout and a second, and the upload within its two calls'
// timeouts (is the file shared already, and sharing it); the room B
// already follows answers at once, while the others wait. Once the link
// carries again, the upload is shared, and A serves it.
func TestNATSStalled(t *testing.T) {
	t.Parallel()
	nats := startNATS(t)
	proxy := newLinkProxy(t, nats)
	_, tsA := newTestServer(t, func(c *Config) { c.NATS = nats })
	_, tsB := newTestServer(t, func(c *Config) { c.NATS = proxy.url() })
	known := openRoom(t, tsA.URL, "/example/rn-alphabeta")
	unknown := openRoom(t, tsA.URL, "/example/rn-minimax")
	if code, _ := get(t, tsB.URL+"/r/"+known.Code); code != http.StatusOK {
		t.Fatalf("replica B's join address of a room on A: %d", code)
	}
	data := recordTrace(t, catalog.Request{Game: "tree", Algo: "minimax", Position: "[[3,12,8],[2,4,6],[14,5,2]]"}, true)

	proxy.stall()
	stalled := true
	defer func() {
		if stalled {
			proxy.resume()
		}
	}()
	client := &http.Client{Transport: testTransport, Timeout: 10 * natsshare.CallTimeout, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var upload *http.Response
	ops := []struct {
		name  string
		do    func() (*http.Response, error)
		code  int
		bound time.Duration
	}{
		{"a mistyped code", func() (*http.Response, error) { return client.Get(tsB.URL + "/r/WRNGCD") }, http.StatusServiceUnavailable, natsshare.CallTimeout + time.Second},
		{"a room B has not followed", func() (*http.Response, error) { return client.Get(tsB.URL + "/r/" + unknown.Code) }, http.StatusServiceUnavailable, natsshare.CallTimeout + time.Second},
		{"opening a room", func() (*http.Response, error) {
			return client.PostForm(tsB.URL+"/rooms", url.Values{"path": {"/example/rn-alphabeta"}})
		}, http.StatusServiceUnavailable, natsshare.CallTimeout + time.Second},
		{"the room B follows", func() (*http.Response, error) { return client.Get(tsB.URL + "/r/" + known.Code) }, http.StatusSeeOther, time.Second},
		{"its QR code", func() (*http.Response, error) { return client.Get(tsB.URL + "/rooms/" + known.Code + "/qr.svg") }, http.StatusOK, time.Second},
		{"an upload", func() (*http.Response, error) {
			req, err := uploadRequest(tsB.URL, "stalled.jsonl.gz", data)
			if err != nil {
				return nil, err
			}
			res, err := client.Do(req)
			upload = res
			return res, err
		}, http.StatusSeeOther, natsshare.CallTimeout + natsshare.TransferTimeout(uint64(len(data))) + time.Second},
	}
	var wg sync.WaitGroup
	took := make([]time.Duration, len(ops))
	codes := make([]int, len(ops))
	errs := make([]error, len(ops))
	// The room B follows is asked last, while the others wait on NATS.
	for i, op := range ops {
		if op.name == "the room B follows" || op.name == "its QR code" {
			continue
		}
		wg.Go(func() { took[i], codes[i], errs[i] = timed(op.do) })
	}
	time.Sleep(natsshare.CallTimeout / 4)
	for i, op := range ops {
		if op.name == "the room B follows" || op.name == "its QR code" {
			wg.Go(func() { took[i], codes[i], errs[i] = timed(op.do) })
		}
	}
	wg.Wait()
	for i, op := range ops {
		t.Logf("%s: %d in %v", op.name, codes[i], took[i])
		switch {
		case errs[i] != nil:
			t.Errorf("%s: %v", op.name, errs[i])
		case codes[i] != op.code || took[i] > op.bound:
			t.Errorf("%s: %d in %v, want %d within %v", op.name, codes[i], took[i], op.code, op.bound)
		}
	}
	if upload == nil || upload.StatusCode != http.StatusSeeOther {
		t.FailNow()
	}
	path := upload.Header.Get("Location")
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}

	proxy.resume()
	stalled = false
	eventually(t, 5*tracestore.ShareRetryWait, "replica A serves the trace B saved while its link stalled", func() bool {
		code, _ := get(t, tsA.URL+path+"/trace")
		return code == http.StatusOK
	})
}

// timed runs do and returns how long it took and its response's status.
func timed(do func() (*http.Response, error)) (time.Duration, int, error) {
	start := time.Now()
	res, err := do()
	if err != nil {
		return time.Since(start), 0, err
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return time.Since(start), res.StatusCode, nil
}

// TestRoomAcrossReplicas runs a room over two replicas of the server on
// one NATS server: the presenter on A, three followers on B, which joins
// them by the code A gave; the count, every state and an exercise's
// answers cross over, and A counts an answer with the ticket B gave; the
// key never reaches a follower; ending the room on A tells B's followers
// and frees the code on both.
func TestRoomAcrossReplicas(t *testing.T) {
	t.Parallel()
	nats := startNATS(t)
	_, tsA := newTestServer(t, func(c *Config) { c.NATS = nats })
	_, tsB := newTestServer(t, func(c *Config) { c.NATS = nats })
	o := openRoom(t, tsA.URL, "/example/rn-alphabeta")
	res, err := testClient.Get(tsB.URL + "/r/" + o.Code)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.Request.URL.Query().Get("room") != o.Code {
		t.Fatalf("replica B's join address leads to %s", res.Request.URL)
	}
	p := dialRoom(t, tsA.URL, o.Code, roomMessage{Type: "hello", Role: "presenter", Key: o.Key, Path: "/example/rn-alphabeta"})
	var fs []*roomPage
	var tickets []string
	for i := range 3 {
		f, ticket := followWith(t, tsB.URL, o.Code, fmt.Sprintf("abcdefgh%d", i))
		fs, tickets = append(fs, f), append(tickets, ticket)
	}
	p.wait("3 followers on the other replica", func(m roomMessage) bool { return m.Type == "followers" && *m.Followers == 3 })
	for step := 1; step <= 5; step++ {
		p.send(roomMessage{Type: "state", State: &roomState{Step: step, View: "root", Selected: -1}})
	}
	for _, f := range fs {
		m := f.wait("step 5 from the other replica", withState(5))
		if !*m.Live || m.Path != "/example/rn-alphabeta" {
			t.Errorf("a follower on B got %+v", m)
		}
	}

	path := exerciseURL("alphabeta", "easy", 5)
	p.send(roomMessage{Type: "page", Path: path})
	for _, f := range fs {
		f.wait("the exercise", func(m roomMessage) bool { return m.Type == "room" && m.Path == path })
	}
	for i, base := range []string{tsB.URL, tsA.URL} {
		res, body := postForm(t, base+"/rooms/"+o.Code+"/answers", url.Values{"path": {path}, "answer": {"pruned: none; A=100"}, "who": {fmt.Sprintf("abcdefgh%d", i)}, "ticket": {tickets[i]}})
		if res.StatusCode != http.StatusNoContent {
			t.Fatalf("answering on %s: %s %q", base, res.Status, body)
		}
	}
	p.wait("the answers given on B and on A", func(m roomMessage) bool { return m.Type == "answers" && len(m.Answers) == 1 && m.Answers[0].Count == 2 })

	p.send(roomMessage{Type: "end"})
	for _, f := range fs {
		f.wait("the end", func(m roomMessage) bool { return m.Type == "ended" && strings.Contains(m.Message, "presenter ended") })
		<-f.done
		f.mu.Lock()
		for _, raw := range f.raw {
			if strings.Contains(string(raw), o.Key) {
				t.Errorf("a follower on B was sent the key: %s", raw)
			}
		}
		f.mu.Unlock()
	}
	for _, base := range []string{tsA.URL, tsB.URL} {
		if code, _ := get(t, base+"/r/"+o.Code); code != http.StatusNotFound {
			t.Errorf("%s: the ended room's address answers %d", base, code)
		}
	}

	delays := propagate(t, tsA.URL, tsB.URL, 200, 30)
	t.Logf("200 followers on B of a presenter on A, 30 states: p50 %v, p99 %v, max %v", percentile(delays, 0.5), percentile(delays, 0.99), percentile(delays, 1))
}

// TestRoomOutage stops NATS under a room presented on replica A and
// followed on A and B. B's follower is told the room is paused and no
// longer sees the presenter live; A's follower, with the presenter, is
// not; the presenter is told its followers elsewhere miss its moves. On
// B a mistyped code, the room's address and opening a room answer at
// once. When NATS comes back, B's follower is told, and catches up with
// the state the presenter sent meanwhile, with no new move. Then B alone
// loses its link, NATS staying up, so that nothing the presenter sends
// meanwhile is kept for B: B's follower catches up all the same.
func TestRoomOutage(t *testing.T) {
	t.Parallel()
	n := natstest.Run(t, true)
	proxy := newLinkProxy(t, n.URL())
	a, tsA := newTestServer(t, func(c *Config) { c.NATS = n.URL() })
	b, tsB := newTestServer(t, func(c *Config) { c.NATS = proxy.url() })
	o := openRoom(t, tsA.URL, "/example/rn-alphabeta")
	p := dialRoom(t, tsA.URL, o.Code, roomMessage{Type: "hello", Role: "presenter", Key: o.Key, Path: "/example/rn-alphabeta"})
	fA := dialRoom(t, tsA.URL, o.Code, roomMessage{Type: "hello", Role: "follower"})
	fB := dialRoom(t, tsB.URL, o.Code, roomMessage{Type: "hello", Role: "follower"})
	p.wait("both followers", func(m roomMessage) bool { return m.Type == "followers" && *m.Followers == 2 })
	p.send(roomMessage{Type: "state", State: &roomState{Step: 3, View: "root", Selected: -1}})
	fB.wait("step 3, live", func(m roomMessage) bool { return withState(3)(m) && *m.Live })
	linkIs := func(up bool) func(roomMessage) bool {
		return func(m roomMessage) bool { return m.Type == "link" && *m.Up == up }
	}

	down := fB.sent()
	n.Stop()
	fB.waitFrom(down, "the link down", linkIs(false))
	fB.waitFrom(down, "the presenter no longer live", func(m roomMessage) bool { return m.Type == "room" && !*m.Live })
	p.wait("the presenter told of the link", linkIs(false))
	eventually(t, 5*time.Second, "both replicas see NATS gone", func() bool { return !linked(a) && !linked(b) })

	client := &http.Client{Transport: testTransport, Timeout: 10 * natsshare.CallTimeout, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tt := range []struct {
		name string
		do   func() (*http.Response, error)
		code int
	}{
		{"a mistyped code", func() (*http.Response, error) { return client.Get(tsB.URL + "/r/WRNGCD") }, http.StatusServiceUnavailable},
		{"the room's address", func() (*http.Response, error) { return client.Get(tsB.URL + "/r/" + o.Code) }, http.StatusSeeOther},
		{"opening a room", func() (*http.Response, error) {
			return client.PostForm(tsB.URL+"/rooms", url.Values{"path": {"/example/rn-alphabeta"}})
		}, http.StatusServiceUnavailable},
	} {
		took, code, err := timed(tt.do)
		t.Logf("during the outage, %s on B: %d in %v", tt.name, code, took)
		if err != nil || code != tt.code || took > time.Second {
			t.Errorf("during the outage, %s on B: %d in %v (%v), want %d within a second", tt.name, code, took, err, tt.code)
		}
	}
	p.send(roomMessage{Type: "state", State: &roomState{Step: 7, View: "side", Selected: 2}})
	fA.wait("step 7 on the presenter's replica", withState(7))

	n.Start()
	fB.waitFrom(down, "the link back", linkIs(true))
	m := fB.waitFrom(down, "the state sent during the outage, live", func(m roomMessage) bool { return withState(7)(m) && *m.Live })
	if m.State.View != "side" || m.State.Selected != 2 {
		t.Errorf("B's follower caught up with %+v, want the side view with node 2 selected", *m.State)
	}
	p.wait("the presenter told the link is back", linkIs(true))

	down = fB.sent()
	proxy.cut()
	fB.waitFrom(down, "the link of B alone down", linkIs(false))
	p.send(roomMessage{Type: "state", State: &roomState{Step: 9, View: "root", Selected: -1}})
	fA.wait("step 9 on the presenter's replica", withState(9))
	proxy.mend()
	fB.waitFrom(down, "the link of B back", linkIs(true))
	fB.waitFrom(down, "the state sent while B's link was down, live", func(m roomMessage) bool { return withState(9)(m) && *m.Live })

	fA.mu.Lock()
	defer fA.mu.Unlock()
	for _, m := range fA.msgs {
		if m.Type == "link" {
			t.Errorf("the follower on the presenter's replica was told %+v", m)
		}
	}
}
