package web

import (
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// BenchmarkManyPages opens 100 viewer pages of the gallery's whole
// tic-tac-toe MiniMax (549,946 nodes), as a class opening one link does,
// each at its last step and then 50 steps back, and reports the heap the
// open pages hold, per page, and the slowest first frame.
func BenchmarkManyPages(b *testing.B) {
	skipLong(b, true)
	const pages = 100
	srv, ts := newTestServer(b)
	res, err := noRedirect.Get(ts.URL + "/example/ttt-whole-minimax")
	if err != nil {
		b.Fatal(err)
	}
	res.Body.Close()
	loc, _, _ := strings.Cut(res.Header.Get("Location"), "?")
	if !strings.HasPrefix(loc, "/t/") {
		b.Fatalf("the example: status %d, no viewer to go to", res.StatusCode)
	}
	srv.liveSearchDone(b, strings.TrimPrefix(loc, "/t/"))
	base := "ws" + strings.TrimPrefix(ts.URL, "http") + loc + "/ws"
	open := func() (*websocket.Conn, time.Duration) {
		start := time.Now()
		conn, _, err := websocket.DefaultDialer.Dial(base, http.Header{"Origin": {ts.URL}})
		if err != nil {
			b.Fatal(err)
		}
		for {
			var m struct{ Type string }
			if err := conn.ReadJSON(&m); err != nil {
				b.Fatal(err)
			}
			if m.Type == "frame" {
				return conn, time.Since(start)
			}
		}
	}
	warm, _ := open() // the example's search and fold, once
	warm.Close()
	var perPage, slowest float64
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		conns := make([]*websocket.Conn, pages)
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i := range conns {
			wg.Go(func() {
				conn, took := open()
				if err := conn.WriteMessage(websocket.TextMessage, []byte(`{"type":"step","by":-1}`)); err != nil {
					b.Error(err)
				}
				mu.Lock()
				conns[i], slowest = conn, max(slowest, took.Seconds())
				mu.Unlock()
			})
		}
		wg.Wait()
		time.Sleep(time.Second)
		runtime.GC()
		runtime.ReadMemStats(&after)
		perPage = float64(after.HeapInuse-before.HeapInuse) / pages / (1 << 20)
		for _, c := range conns {
			c.Close()
		}
	}
	b.ReportMetric(perPage, "MiB/page")
	b.ReportMetric(slowest, "s/slowest-first-frame")
}
