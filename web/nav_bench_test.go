package web

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/searchviz/searchviz/catalog"
)

// BenchmarkDeepChainLastStep opens a page at the last step of a chain
// 400,000 levels deep, uploaded as a 31 kB file: each iteration dials
// the page's socket and reads its first frame.
func BenchmarkDeepChainLastStep(b *testing.B) {
	const depth = 400_000
	_, ts := newTestServer(b)
	res := upload(b, ts.URL, "deep.jsonl.gz", deepChain(b, depth))
	if res.StatusCode != http.StatusSeeOther {
		b.Fatalf("upload: status %d", res.StatusCode)
	}
	path := res.Header.Get("Location") + "/ws?step=" + strconv.Itoa(2*depth+1)
	b.ReportAllocs()
	for b.Loop() {
		firstFrame(b, ts.URL, path).Close()
	}
}

// firstFrame opens the websocket at path of the server at base, as a
// page does, and returns it once the page's first frame has come.
func firstFrame(b testing.TB, base, path string) *websocket.Conn {
	b.Helper()
	conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(base, "http")+path, http.Header{"Origin": {base}})
	if err != nil {
		b.Fatal(err)
	}
	for {
		var m struct{ Type string }
		if err := conn.ReadJSON(&m); err != nil {
			b.Fatal(err)
		}
		if m.Type == "frame" {
			return conn
		}
	}
}

// BenchmarkUploadFirstFrame uploads MiniMax's whole search of tic-tac-toe
// as viz run writes it (16 MB of version 3 text, 2,265,232 events) to a
// new server and reads its page's first frame: the seconds from the
// upload's start to the first picture, reported as s/first-frame.
func BenchmarkUploadFirstFrame(b *testing.B) {
	if testing.Short() {
		b.Skip("recording MiniMax's whole search of tic-tac-toe takes half a minute; run without -short")
	}
	data := recordTrace(b, catalog.Request{Game: "tictactoe", Algo: "minimax"}, false)
	var waited time.Duration
	for b.Loop() {
		_, ts := newTestServer(b)
		start := time.Now()
		res := upload(b, ts.URL, "minimax.jsonl", data)
		if res.StatusCode != http.StatusSeeOther {
			b.Fatalf("upload: status %d", res.StatusCode)
		}
		conn := firstFrame(b, ts.URL, res.Header.Get("Location")+"/ws")
		waited += time.Since(start)
		conn.Close()
	}
	b.ReportMetric(waited.Seconds()/float64(b.N), "s/first-frame")
}
