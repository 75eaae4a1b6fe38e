package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/searchviz/searchviz/render"
)

// startNATS runs a NATS server with JetStream on a free loopback port
// until t ends and returns its address.
func startNATS(t testing.TB) string {
	t.Helper()
	ns, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: t.TempDir(), NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("the NATS server did not start")
	}
	t.Cleanup(ns.Shutdown)
	return ns.ClientURL()
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
	if _, err := os.Stat(filepath.Join(a.store.dir, id+traceExt)); err != nil {
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
	res, err := http.DefaultClient.Do(req)
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

// TestSharedUnreachable checks that a server whose NATS cannot be reached
// does not start, and says where it looked.
func TestSharedUnreachable(t *testing.T) {
	t.Parallel()
	_, err := New(t.Context(), Config{DataDir: t.TempDir(), Layouter: layouter, NATS: "nats://127.0.0.1:1"})
	if err == nil || !strings.Contains(err.Error(), "connecting to NATS at nats://127.0.0.1:1") {
		t.Errorf("err = %v, want one naming the NATS address", err)
	}
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
	res, err := http.Get(tsB.URL + "/r/" + o.Code)
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
