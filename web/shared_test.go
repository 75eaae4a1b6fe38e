package web

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
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

// TestSharedUnreachable checks that a server whose NATS cannot be reached
// does not start, and says where it looked.
func TestSharedUnreachable(t *testing.T) {
	_, err := New(t.Context(), Config{DataDir: t.TempDir(), Layouter: layouter, NATS: "nats://127.0.0.1:1"})
	if err == nil || !strings.Contains(err.Error(), "connecting to NATS at nats://127.0.0.1:1") {
		t.Errorf("err = %v, want one naming the NATS address", err)
	}
}
