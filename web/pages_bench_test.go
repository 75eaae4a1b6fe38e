package web

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// BenchmarkManyPages opens 200 viewer pages of the gallery's whole
// tic-tac-toe MiniMax (549,946 nodes) at once, as a class opening one link
// does, each at its last step and then a step back, and reports the heap
// the open pages hold, per page, the process's resident memory with them
// open, and the slowest first frame.
func BenchmarkManyPages(b *testing.B) {
	if testing.Short() {
		b.Skip("recording MiniMax's whole search of tic-tac-toe takes half a minute; run without -short")
	}
	const pages = 200
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
	open := func() (*websocket.Conn, time.Duration) {
		start := time.Now()
		conn := firstFrame(b, ts.URL, loc+"/ws")
		return conn, time.Since(start)
	}
	warm, _ := open() // the example's search and fold, once
	warm.Close()
	var perPage, slowest, rss float64
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
		rss = residentMiB(b)
		for _, c := range conns {
			c.Close()
		}
	}
	b.ReportMetric(perPage, "MiB/page")
	b.ReportMetric(slowest, "s/slowest-first-frame")
	b.ReportMetric(rss, "MiB-RSS")
}

// residentMiB returns the process's resident memory, in MiB, from Linux's
// /proc/self/status.
func residentMiB(b *testing.B) float64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Skip("no /proc/self/status to read the resident memory from")
	}
	for line := range strings.Lines(string(status)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				b.Fatalf("VmRSS %q: %v", rest, err)
			}
			return float64(kb) / 1024
		}
	}
	b.Fatal("no VmRSS in /proc/self/status")
	return 0
}
