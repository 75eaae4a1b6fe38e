package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/live"
	"github.com/searchviz/searchviz/web/internal/show"
	"github.com/searchviz/searchviz/web/internal/tracestore"
	"github.com/searchviz/searchviz/web/internal/viewer"
)

// The tests of this file are the hostile and unlucky users of the server:
// each sends what once took it down or past a limit it promises, and
// checks that the request is refused with a message naming the limit
// while the server goes on serving.

// traceHeader is the header line of the hand-written traces below.
const traceHeader = `{"format":"searchviz-trace","version":1,"game":"tree","position":"[[1,2]]","algorithm":"alphabeta","params":{},"seed":0,"program":"hostile","time":"2026-01-01T00:00:00Z"}` + "\n"

// rootLine is the event line creating the root, node 0.
const rootLine = `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"max"}` + "\n"

// gzipLines compresses the header and the lines that write yields.
func gzipLines(t *testing.T, write func(w io.Writer)) []byte {
	t.Helper()
	return gzipLinesAfter(t, traceHeader, write)
}

// gzipLinesAfter is gzipLines with a header of its own.
func gzipLinesAfter(t *testing.T, header string, write func(w io.Writer)) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(zw, header)
	write(zw)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// uploadMessage uploads data and returns the status and the page's
// upload error, unescaped.
func uploadMessage(t *testing.T, base string, data []byte) (int, string) {
	t.Helper()
	res := upload(t, base, "hostile.jsonl.gz", data)
	return res.StatusCode, htmlUnescape(readBody(t, res, nil))
}

func htmlUnescape(s string) string {
	return strings.NewReplacer("&#34;", `"`, "&#39;", "'", "&amp;", "&", "&lt;", "<", "&gt;", ">").Replace(s)
}

// saveRaw puts a trace file in the server's data directory as if an
// older version had saved it, and returns its id.
func saveRaw(t *testing.T, srv *Server, text string) string {
	t.Helper()
	id := tracestore.NewID()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	io.WriteString(zw, text)
	zw.Close()
	if err := os.WriteFile(filepath.Join(srv.store.Dir(), id+tracestore.TraceExt), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return id
}

// Item 1: a trace with no root node.
func TestHostileTraceWithoutRoot(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	noRoot := gzipLines(t, func(w io.Writer) {
		io.WriteString(w, `{"step":0,"kind":"note","text":"no node here"}`+"\n")
	})
	code, page := uploadMessage(t, ts.URL, noRoot)
	if code != http.StatusBadRequest || !strings.Contains(page, "creates no node") {
		t.Errorf("upload of a trace without a root: status %d, want 400 saying it creates no node", code)
	}

	// The same file saved by an older server: its page and websocket answer
	// with an error, and the server goes on serving.
	id := saveRaw(t, srv, traceHeader+`{"step":0,"kind":"note","text":"no node here"}`+"\n")
	if code, page := get(t, ts.URL+"/t/"+id); code != http.StatusInternalServerError || !strings.Contains(page, "Cannot read this trace") {
		t.Errorf("GET /t/<id> of a rootless trace: status %d, want 500 with a page saying why", code)
	}
	if code, _ := get(t, ts.URL+"/t/"+id+"/ws"); code != http.StatusNotFound {
		t.Errorf("websocket of a rootless trace: status %d, want 404", code)
	}
	if code, _ := get(t, ts.URL+"/"); code != http.StatusOK {
		t.Errorf("the start page after a rootless trace: status %d", code)
	}
}

// panicLayouter panics on every drawing.
type panicLayouter struct{}

func (panicLayouter) SVG(context.Context, []byte) ([]byte, error) { panic("a layouter bug") }

// Item 1: a panic in a handler or in a goroutine the server starts ends
// only that request.
func TestHostilePanicEndsOnlyItsRequest(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t, func(c *Config) { c.Layouter = panicLayouter{} })
	loc := runSearch(t, ts.URL, textbookForm) // its layout, prepared in the background, panics too
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	code, page := get(t, ts.URL+loc+"/layout.svg")
	if code != http.StatusInternalServerError || !strings.Contains(page, "Something went wrong") {
		t.Errorf("a panicking layout: status %d, want 500 with a page saying so", code)
	}
	if code, _ := get(t, ts.URL+loc); code != http.StatusOK {
		t.Errorf("the viewer after a panic: status %d", code)
	}
	p := dial(t, ts.URL, loc+"/ws")
	if f := p.read(); f.Type != "frame" {
		t.Errorf("the websocket after a panic sent %q, want a frame", f.Type)
	}
}

// liveSearchDone waits until the search of id has been saved.
func (s *Server) liveSearchDone(t testing.TB, id string) {
	t.Helper()
	if ls := s.liveSearch(id); ls != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := ls.Wait(ctx); err != nil {
			t.Fatalf("search %s did not end: %v", id, err)
		}
	}
}

// Item 2: cuts whose pruned lists would make millions of placeholders.
func TestHostilePrunedBomb(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	t.Run("per cut", func(t *testing.T) {
		t.Parallel()
		bomb := gzipLines(t, func(w io.Writer) {
			io.WriteString(w, rootLine)
			zeros := strings.Repeat("0,", 2_000_000) + "0"
			for i := range 10 {
				fmt.Fprintf(w, `{"step":%d,"kind":"cut","node":0,"cut":"beta","value":1,"alpha":0,"beta":1,"pruned":[%s],"pruned_labels":[]}`+"\n", i+1, zeros)
			}
		})
		if len(bomb) > 100<<10 {
			t.Fatalf("the bomb is %d bytes compressed; it should be small", len(bomb))
		}
		code, page := uploadMessage(t, ts.URL, bomb)
		want := fmt.Sprint(trace.MaxPrunedPerCut)
		if code != http.StatusBadRequest || !strings.Contains(page, want) {
			t.Errorf("pruned bomb: status %d, want 400 naming the cap %s", code, want)
		}
	})
	t.Run("per trace", func(t *testing.T) {
		t.Parallel()
		// Under the per-cut cap, but over the cap per trace.
		many := gzipLines(t, func(w io.Writer) {
			io.WriteString(w, rootLine)
			list := strings.Repeat("0,", trace.MaxPrunedPerCut-1) + "0"
			for i := range trace.MaxPlaceholders/trace.MaxPrunedPerCut + 1 {
				fmt.Fprintf(w, `{"step":%d,"kind":"cut","node":0,"cut":"beta","value":1,"alpha":0,"beta":1,"pruned":[%s],"pruned_labels":[]}`+"\n", i+1, list)
			}
		})
		code, page := uploadMessage(t, ts.URL, many)
		want := fmt.Sprint(trace.MaxPlaceholders)
		if code != http.StatusBadRequest || !strings.Contains(page, want) {
			t.Errorf("placeholders over the cap: status %d, want 400 naming the cap %s", code, want)
		}
	})
}

// Item 3: a small gzip that decompresses to more than the server opens,
// here past limits of 1 MiB and 10,000 events.
func TestHostileDecompressedSize(t *testing.T) {
	t.Parallel()
	testDecompressedSize(t, func(c *Config) { c.OpenBytes, c.OpenEvents = 1<<20, 10_000 })
}

// TestHostileDecompressedSizeFullLimits is TestHostileDecompressedSize past
// MaxTraceBytes and MaxTraceEvents: 256 MiB decompressed.
func TestHostileDecompressedSizeFullLimits(t *testing.T) {
	testenv.SkipUnlessFullLimits(t)
	t.Parallel()
	testDecompressedSize(t)
}

// testDecompressedSize uploads small gzips that decompress past the
// limits of a server configured by configure, each refused with a message
// naming the limit in force.
func testDecompressedSize(t *testing.T, configure ...func(*Config)) {
	srv, ts := newTestServer(t, configure...)
	bytesLimit, eventsLimit := srv.cfg.OpenBytes, srv.cfg.OpenEvents
	tests := []struct {
		name  string
		write func(w io.Writer)
		want  string
	}{
		{"a note longer than MaxString", func(w io.Writer) {
			io.WriteString(w, rootLine)
			fmt.Fprintf(w, `{"step":1,"kind":"note","node":0,"text":"%s"}`+"\n", strings.Repeat("a", min(15<<20, int(bytesLimit)/2)))
		}, fmt.Sprint(trace.MaxString)},
		{"more bytes than the limit", func(w io.Writer) {
			io.WriteString(w, rootLine)
			text := strings.Repeat("b", 60<<10)
			for i := 1; i <= int(bytesLimit)/len(text)+1; i++ {
				fmt.Fprintf(w, `{"step":%d,"kind":"note","node":0,"text":"%s"}`+"\n", i, text)
			}
		}, fmt.Sprint(bytesLimit)},
		{"more events than the limit", func(w io.Writer) {
			// Version 2's shortest lines, so that the events and not the
			// bytes are over their limit: a root, then empty notes.
			io.WriteString(w, `["n",-1]`+"\n")
			line := []byte(`["t",""]` + "\n")
			for range eventsLimit {
				w.Write(line)
			}
		}, fmt.Sprint(eventsLimit)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			header := traceHeader
			if strings.Contains(tt.name, "events") {
				header = strings.Replace(traceHeader, `"version":1`, `"version":2`, 1)
			}
			data := gzipLinesAfter(t, header, tt.write)
			if int64(len(data)) >= srv.cfg.MaxUpload {
				t.Fatalf("the upload is %d bytes, not under the upload cap", len(data))
			}
			code, page := uploadMessage(t, ts.URL, data)
			if code != http.StatusBadRequest || !strings.Contains(page, tt.want) {
				t.Errorf("status %d, want 400 naming the limit %s", code, tt.want)
			}
		})
	}
}

// Item 3: the viewer page carries a bounded part of a trace's notes.
func TestHostileNotesBoundThePage(t *testing.T) {
	t.Parallel()
	testenv.SkipHeavyUnderRace(t, "TestUpload and TestUploadTruncated")
	_, ts := newTestServer(t)
	const notes = 200
	text := strings.Repeat("n", 60<<10)
	data := gzipLines(t, func(w io.Writer) {
		io.WriteString(w, rootLine)
		for i := 1; i <= notes; i++ {
			fmt.Fprintf(w, `{"step":%d,"kind":"note","text":"%s"}`+"\n", i, text)
		}
	})
	res := upload(t, ts.URL, "notes.jsonl.gz", data)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("upload of %d long notes: status %d, want 303", notes, res.StatusCode)
	}
	_, page := get(t, ts.URL+res.Header.Get("Location"))
	if len(page) > 100<<10 {
		t.Errorf("the viewer page is %d bytes for 12 MB of notes, want at most 100 KiB", len(page))
	}
	// The last note, the trace's last event as a cut file's notice is, is
	// shown after the count of those left out.
	if want := fmt.Sprintf("%d more notes", notes-show.MaxNotesShown-1); !strings.Contains(page, want) {
		t.Errorf("the viewer page does not say %q", want)
	}
}

// Item 4: a search from the page records a bounded trace, whatever its
// parameters, and the server reopens what it saved.
func TestHostileSearchEventBudget(t *testing.T) {
	t.Parallel()
	if DefaultTraceEvents >= MaxTraceEvents || DefaultTraceBytes >= MaxTraceBytes {
		t.Fatalf("a search may record more than the server opens: %d events and %d bytes, against %d and %d",
			DefaultTraceEvents, DefaultTraceBytes, MaxTraceEvents, MaxTraceBytes)
	}
	const events = 5_000
	srv, ts := newTestServer(t, func(c *Config) { c.TraceEvents = events })
	srv.idleCancel = time.Hour // nobody watches; under the race detector the search runs for seconds
	loc := runSearch(t, ts.URL, url.Values{"game": {"tictactoe"}, "algo": {"mcts"}, "position": {"x.o/.x./..o"}, "mcts.playouts": {"20000"}})
	id := strings.TrimPrefix(loc, "/t/")
	srv.liveSearchDone(t, id)

	h, tr, err := srv.store.Load(id)
	if err != nil {
		t.Fatalf("the server cannot reopen the trace it saved: %v", err)
	}
	if tr.Len() > events {
		t.Errorf("the search recorded %d events, over its budget of %d", tr.Len(), events)
	}
	truncated := false
	for e := range treeEvents(tr) {
		truncated = truncated || e.Kind == trace.KindNote && strings.HasPrefix(e.Text, trace.TruncatedNote)
	}
	if !truncated {
		t.Error("the trace does not say it was truncated")
	}
	if h.Algorithm != "mcts" {
		t.Errorf("reopened header names %q", h.Algorithm)
	}
	srv.shows = show.NewCache(DefaultCacheBytes) // open it from disk
	if code, page := get(t, ts.URL+loc); code != http.StatusOK || !strings.Contains(page, "shows only the start of the search") {
		t.Errorf("viewer of the reopened trace: status %d, or no truncation notice", code)
	}
}

// Item 5: uploads past the cap on uploads read at once are refused.
func TestHostileTooManyUploads(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t, func(c *Config) { c.MaxUploads = 1 })
	// The first upload sends its head and stalls, holding its place.
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	req, err := http.NewRequest(http.MethodPost, ts.URL+"/upload", pr)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	var wg sync.WaitGroup
	wg.Go(func() {
		if res, err := noRedirect.Do(req); err == nil {
			res.Body.Close()
		}
	})
	fw, _ := mw.CreateFormFile("trace", "slow.jsonl")
	io.WriteString(fw, traceHeader)
	defer func() {
		pw.CloseWithError(errors.New("the test is over"))
		wg.Wait()
	}()

	// The second is refused once the first holds the only place, which
	// on a loaded machine may take a while to arrive.
	deadline := time.Now().Add(30 * time.Second)
	for len(srv.uploads) < 1 {
		if time.Now().After(deadline) {
			t.Fatal("the first upload never reached the server")
		}
		time.Sleep(10 * time.Millisecond)
	}
	code, page := uploadMessage(t, ts.URL, []byte(traceHeader+rootLine))
	if code != http.StatusTooManyRequests {
		t.Fatalf("a second upload while one is read: status %d, want 429", code)
	}
	if !strings.Contains(page, "1 uploads already") {
		t.Errorf("the refusal does not say how many uploads are read at once")
	}
}

// Item 5: searches past the cap on searches running at once are refused.
func TestHostileTooManySearches(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t, func(c *Config) { c.MaxSearches = 1 })
	release := gateSearches(t, srv)
	first := runSearch(t, ts.URL, textbookForm)
	res, body := postForm(t, ts.URL+"/run", textbookForm)
	if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "the most this server runs at once") {
		t.Errorf("a second search past the cap: status %d, want 429 saying why", res.StatusCode)
	}
	srv.liveSearch(strings.TrimPrefix(first, "/t/")).Cancel()
	release()
	srv.liveSearchDone(t, strings.TrimPrefix(first, "/t/"))
	runSearch(t, ts.URL, textbookForm) // room again
}

// blockingLayouter draws nothing until its context ends, like Graphviz
// on a tree far too big.
type blockingLayouter struct{}

func (blockingLayouter) SVG(ctx context.Context, dot []byte) ([]byte, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// Item 6: a drawing past its time limit fails with a message, at once on
// the next asking, and the viewer works without it.
func TestHostileLayoutTimeLimit(t *testing.T) {
	t.Parallel()
	const limit = 100 * time.Millisecond
	srv, ts := newTestServer(t, func(c *Config) { c.Layouter = blockingLayouter{}; c.LayoutTimeout = limit })
	loc := runSearch(t, ts.URL, textbookForm)
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	for range 2 {
		code, msg := get(t, ts.URL+loc+"/layout.svg")
		if code != http.StatusServiceUnavailable || !strings.Contains(msg, "too big to lay out in "+limit.String()) {
			t.Errorf("a drawing past its time limit: status %d %q, want 503 saying it is too big to lay out in %v", code, msg, limit)
		}
	}
	if code, msg := get(t, ts.URL+loc+"/export.svg?step=3"); code != http.StatusServiceUnavailable || !strings.Contains(msg, "too big") {
		t.Errorf("an export past the time limit: status %d %q, want 503", code, msg)
	}
	p := dial(t, ts.URL, loc+"/ws")
	p.read()
	p.send(`{"type":"seek","step":5}`)
	if f := p.read(); f.Type != "frame" || f.Step != 5 || len(f.Log) == 0 {
		t.Errorf("stepping without a drawing: %+v, want a frame of step 5 with its words", f)
	}
}

// Item 7: stopping the server saves what running searches recorded, with
// a note that says they were cut short.
func TestHostileShutdownSavesRunningSearches(t *testing.T) {
	t.Parallel()
	ctx, stop := context.WithCancel(context.Background())
	dir := t.TempDir()
	srv, err := New(ctx, Config{DataDir: dir, Layouter: layouter, Program: "viz test"})
	if err != nil {
		t.Fatal(err)
	}
	// Nodes come slowly until the server stops, then at full speed, so
	// that the search soon sees its context end.
	srv.slowTracer = func(tr trace.Tracer) trace.Tracer { return untilDone{ctx, slowTracer{tr, 50 * time.Millisecond}} }
	id, err := srv.startSearch(catalog.Request{Game: "tictactoe", Algo: "minimax", Position: "x../.o./..."})
	if err != nil {
		t.Fatal(err)
	}
	waitRecorded(t, srv.liveSearch(id), 3) // a few nodes in
	stop()
	wctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Wait(wctx); err != nil {
		t.Fatal(err)
	}
	_, evs, err := trace.ReadFile(filepath.Join(dir, id+tracestore.TraceExt))
	if err != nil {
		t.Fatalf("the running search was not saved: %v", err)
	}
	said := false
	for _, e := range evs {
		said = said || e.Kind == trace.KindNote && strings.Contains(e.Text, live.ErrShutdown.Error())
	}
	if !said {
		t.Error("the saved trace does not say the server stopped it")
	}
	if _, err := trace.NewTree(evs); err != nil {
		t.Errorf("the saved trace does not fold: %v", err)
	}
}

// waitRecorded waits until the running search ls has recorded n events.
func waitRecorded(t testing.TB, ls *live.Search, n int) {
	t.Helper()
	if ls == nil {
		t.Fatal("the search is not running")
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		got := ls.Len()
		if got >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the search recorded %d events in 10 s, want %d", got, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// untilDone is a slow tracer until ctx ends, and then a fast one.
type untilDone struct {
	ctx  context.Context
	slow slowTracer
}

func (u untilDone) Emit(e trace.Event) {
	if u.ctx.Err() == nil {
		u.slow.Emit(e)
		return
	}
	u.slow.next.Emit(e)
}

// Item 8: a search that cannot be saved, the disk failing while it runs,
// is shown with the reason, its trace file is still sent, and no page
// shows the server's paths.
func TestHostileDiskFull(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	release := gateSearches(t, srv)
	dir := srv.store.Dir()
	loc := runSearch(t, ts.URL, textbookForm)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, []byte("not a directory"), 0o644); err != nil { // every save fails, even as root
		t.Fatal(err)
	}
	release()
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	code, page := get(t, ts.URL+loc)
	if code != http.StatusOK || !strings.Contains(page, `data-testid="save-error"`) || !strings.Contains(page, "could not be saved") {
		t.Errorf("viewer of an unsaved search: status %d, or no word of the failure", code)
	}
	if strings.Contains(page, dir) {
		t.Errorf("the viewer shows the data directory's path %s", dir)
	}
	res, err := testClient.Get(ts.URL + loc + "/trace")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if _, evs, err := trace.ReadAll(res.Body); res.StatusCode != http.StatusOK || err != nil || len(evs) == 0 {
		t.Errorf("trace file of an unsaved search: status %d, %d events, err %v", res.StatusCode, len(evs), err)
	}
	code, page = uploadMessage(t, ts.URL, []byte(traceHeader+rootLine))
	if code != http.StatusInternalServerError || !strings.Contains(page, "could not be saved") || strings.Contains(page, dir) {
		t.Errorf("upload to a full disk: status %d, want 500 saying why without the path", code)
	}
}

// Item 8: a damaged trace's error page names no path of the server.
func TestHostileErrorPagesHideThePath(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	id := saveRaw(t, srv, traceHeader+"not json\n")
	code, page := get(t, ts.URL+"/t/"+id)
	if code != http.StatusInternalServerError || !strings.Contains(page, "line 2") {
		t.Errorf("a damaged trace: status %d, want 500 naming the bad line", code)
	}
	if strings.Contains(page, srv.store.Dir()) {
		t.Errorf("the error page shows the data directory's path %s", srv.store.Dir())
	}
}

// Item 9: temporary files of saves that a crash cut short are removed at
// start; a fresh one, maybe another server's save in progress, is not.
func TestHostileStaleTempFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	stale := filepath.Join(dir, ".0123456789ab"+tracestore.TraceExt+".123456.tmp")
	fresh := filepath.Join(dir, ".ba9876543210"+tracestore.TraceExt+".654321.tmp")
	other := filepath.Join(dir, "notes.txt.tmp")
	for _, p := range []string{stale, fresh, other} {
		if err := os.WriteFile(p, make([]byte, 1<<20), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-tracestore.StaleTemp - time.Minute)
	for _, p := range []string{stale, other} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := New(context.Background(), Config{DataDir: dir, Layouter: layouter}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		kept bool
	}{{stale, false}, {fresh, true}, {other, true}} {
		_, err := os.Stat(c.path)
		if kept := err == nil; kept != c.kept {
			t.Errorf("%s: kept %v, want %v", filepath.Base(c.path), kept, c.kept)
		}
	}
}

// Item 10: other sites cannot drive the server.
func TestHostileOtherSites(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	tests := []struct {
		name   string
		method string
		path   string
		header http.Header
		host   string
		want   int
	}{
		{"cross-site form post", http.MethodPost, "/run", http.Header{"Origin": {"http://evil.example"}, "Content-Type": {"application/x-www-form-urlencoded"}}, "", http.StatusForbidden},
		{"cross-site upload", http.MethodPost, "/upload", http.Header{"Sec-Fetch-Site": {"cross-site"}}, "", http.StatusForbidden},
		{"cross-site answer to a room", http.MethodPost, "/rooms/K7QX2M/answers", http.Header{"Origin": {"http://evil.example"}, "Content-Type": {"application/x-www-form-urlencoded"}}, "", http.StatusForbidden},
		{"an answer to a room by GET", http.MethodGet, "/rooms/K7QX2M/answers?who=abcdefgh1&answer=A%3D3", nil, "", http.StatusMethodNotAllowed},
		{"DNS rebinding", http.MethodGet, "/", nil, "evil.example", http.StatusMisdirectedRequest},
		{"DNS rebinding of the websocket", http.MethodGet, "/t/0123456789ab/ws", http.Header{"Origin": {"http://evil.example"}}, "evil.example", http.StatusMisdirectedRequest},
		{"same origin", http.MethodGet, "/", nil, "", http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req, err := http.NewRequest(tt.method, ts.URL+tt.path, strings.NewReader(textbookForm.Encode()))
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tt.header {
				req.Header[k] = v
			}
			if tt.host != "" {
				req.Host = tt.host
			}
			res, err := noRedirect.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != tt.want {
				t.Errorf("status %d, want %d", res.StatusCode, tt.want)
			}
			for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options"} {
				if res.Header.Get(h) == "" {
					t.Errorf("no %s header", h)
				}
			}
			if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors") {
				t.Errorf("Content-Security-Policy %q sets no frame-ancestors", csp)
			}
		})
	}
}

// Item 11: a form field cannot add parameters to a spec.
func TestHostileFormInjection(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	for _, field := range []struct{ key, value string }{
		{"alphabeta.depth", "3 nodes=1"},
		{"alphabeta.depth", "3\tnodes=1"},
		{"alphabeta.nodes", "100 depth=1"},
	} {
		form := url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "position": {"x.o/.x./..o"}, field.key: {field.value}}
		res, body := postForm(t, ts.URL+"/run", form)
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(body, "want an integer") {
			t.Errorf("%s=%q: status %d, want 400 saying the value is not an integer", field.key, field.value, res.StatusCode)
		}
	}
	if saved, _ := srv.store.List(); len(saved) != 0 {
		t.Errorf("%d traces saved from refused forms", len(saved))
	}
}

var (
	_ render.Layouter = blockingLayouter{}
	_ render.Layouter = panicLayouter{}
)

// Item 1: a panic in one page's websocket session closes that page's
// connection only; the server and the other pages go on.
func TestHostileSessionPanicClosesOnlyItsPage(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	good := runSearch(t, ts.URL, textbookForm)
	bad := runSearch(t, ts.URL, textbookForm)
	srv.liveSearchDone(t, strings.TrimPrefix(good, "/t/"))
	srv.liveSearchDone(t, strings.TrimPrefix(bad, "/t/"))
	id := strings.TrimPrefix(bad, "/t/")
	h, tr, err := srv.store.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	// Making a frame now lights a line of pseudocode that panics.
	boom := search.Code{{Text: "boom", Lights: []search.Light{{Kind: trace.KindNode, When: func(*trace.Tree, trace.Event) bool { panic("boom") }}}}}
	broken, err := show.New(id, h, tr, show.WithCode(boom))
	if err != nil {
		t.Fatal(err)
	}
	srv.shows.Put(broken)

	other := dial(t, ts.URL, good+"/ws")
	other.read()
	u := "ws" + strings.TrimPrefix(ts.URL, "http") + bad + "/ws"
	conn, _, err := websocket.DefaultDialer.Dial(u, http.Header{"Origin": {ts.URL}})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, msg, err := conn.ReadMessage(); err == nil {
		t.Fatalf("the panicking session sent %s, want its connection closed", msg)
	}
	other.send(`{"type":"seek","step":3}`)
	if f := other.read(); f.Type != "frame" || f.Step != 3 {
		t.Errorf("another page after the panic got %+v, want the frame of step 3", f)
	}
	if code, _ := get(t, ts.URL+"/"); code != http.StatusOK {
		t.Errorf("the start page after the panic: status %d", code)
	}
}

// TestHostileTraceOverFoldBudget uploads a small file of more nodes than
// a fold budget of 4 MiB holds: version 3 writes a child of the node
// entered as ["n",0,"a"], a dozen bytes a node.
func TestHostileTraceOverFoldBudget(t *testing.T) {
	t.Parallel()
	testTraceOverFoldBudget(t, func(c *Config) { c.FoldBytes = 4 << 20 })
}

// TestHostileTraceOverFoldBudgetFullLimits is TestHostileTraceOverFoldBudget
// past MaxFoldBytes: 1.5 million nodes, 18 MB or a few dozen kB gzipped.
func TestHostileTraceOverFoldBudgetFullLimits(t *testing.T) {
	testenv.SkipUnlessFullLimits(t)
	t.Parallel()
	testTraceOverFoldBudget(t)
}

// testTraceOverFoldBudget uploads a trace of more nodes than the fold
// budget of a server configured by configure holds, refused with a
// message naming the budget in force.
func testTraceOverFoldBudget(t *testing.T, configure ...func(*Config)) {
	srv, ts := newTestServer(t, configure...)
	budget := srv.cfg.FoldBytes
	most := int(budget / 2 / trace.BytesPerNode)
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	io.WriteString(zw, `{"format":"searchviz-trace","version":3}`+"\n"+`["n",-1]`+"\n"+`"e"`+"\n")
	for range most + 10 {
		io.WriteString(zw, `["n",0,"a"]`+"\n")
	}
	zw.Close()
	code, page := uploadMessage(t, ts.URL, buf.Bytes())
	want := fmt.Sprintf("more than %s nodes, the most a memory budget of %d MiB holds", strconv.Itoa(most), budget>>20)
	if code != http.StatusBadRequest || !strings.Contains(page, want) {
		t.Errorf("upload of %d nodes: status %d, want 400 saying %q", most+10, code, want)
	}
}

// deepChain returns a version 3 trace, gzipped, of a chain of depth+1
// nodes, each entered as it is made: a few bytes a level.
func deepChain(t testing.TB, depth int) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	io.WriteString(zw, `{"format":"searchviz-trace","version":3}`+"\n"+`["n",-1]`+"\n"+`"e"`+"\n")
	for range depth {
		io.WriteString(zw, `["n",0,"a"]`+"\n"+`"e"`+"\n")
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestHostileDeepChain opens a chain too deep to draw at its last step:
// the page is told why there is no drawing, and its words stay short
// (the path to the node and the way to a deep view's root elided).
func TestHostileDeepChain(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	depth := render.MaxAlwaysShown
	res := upload(t, ts.URL, "deep.jsonl.gz", deepChain(t, depth))
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("upload: status %d %s", res.StatusCode, readBody(t, res, nil))
	}
	p := dial(t, ts.URL, res.Header.Get("Location")+"/ws?step="+strconv.Itoa(2*depth+1))
	var layout struct {
		Type, Error, SVG string
	}
	if err := p.conn.ReadJSON(&layout); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%s levels deep, more than the %s nodes", explain.Thousands(depth), explain.Thousands(render.MaxAlwaysShown))
	if layout.Type != "layout" || !strings.Contains(layout.Error, want) || layout.SVG != "" {
		t.Fatalf("the layout of a step %d levels deep: %q %q (%d bytes of drawing), want an error saying %q", depth, layout.Type, layout.Error, len(layout.SVG), want)
	}
	f := p.read()
	node := ""
	for _, v := range f.Vars {
		if v.Name == "node" {
			node = v.Value
		}
	}
	if moves := strings.Fields(node); !strings.Contains(node, "… "+explain.Thousands(depth-viewer.MaxPathMoves)+" moves …") || len(moves) > viewer.MaxPathMoves+4 {
		t.Errorf("the node variable %.300q: want %d moves and a gap naming the %d left out", node, viewer.MaxPathMoves, depth-viewer.MaxPathMoves)
	}
	p.send(fmt.Sprintf(`{"type":"root","node":%d}`, depth))
	var nav struct {
		Nav *viewer.NavView `json:"nav"`
	}
	for nav.Nav == nil {
		p.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		if err := p.conn.ReadJSON(&nav); err != nil {
			t.Fatal(err)
		}
	}
	trail := nav.Nav.Trail
	if len(trail) != viewer.MaxPathMoves || trail[0].Node != 0 || trail[len(trail)-1].Node != depth || !strings.HasPrefix(trail[1].Name, "… ") {
		t.Errorf("the trail to a view's root %d levels down: %d crumbs %v…, want %d from the root, a gap, to the view's root", depth, len(trail), trail[:min(3, len(trail))], viewer.MaxPathMoves)
	}
}

// TestHostileImpliedWork uploads small compact traces whose bare lines
// repeat long lists: each is refused at once, naming the limit, instead
// of being expanded for minutes.
func TestHostileImpliedWork(t *testing.T) {
	testenv.SkipHeavyUnderRace(t, "TestUpload and trace's TestReaderBoundsImpliedWork")
	t.Parallel()
	_, ts := newTestServer(t)
	wide := func(w io.Writer) {
		io.WriteString(w, `["n",-1]`+"\n"+`"e"`+"\n")
		cands := make([]string, 50_000)
		for i := range cands {
			fmt.Fprintf(w, `["n",%d,"a"]`+"\n", i)
			cands[i] = fmt.Sprintf("[%d,%d]", i+1, i)
		}
		io.WriteString(w, `["s",null,null,0,1,{"candidates":[`+strings.Join(cands, ",")+`]}]`+"\n")
		io.WriteString(w, strings.Repeat(`"e"`+"\n"+`"l"`+"\n"+`"s"`+"\n", 2_000))
	}
	deep := func(w io.Writer) {
		io.WriteString(w, `["n",-1]`+"\n"+`"e"`+"\n"+strings.Repeat(`["n",0,"a"]`+"\n"+`"e"`+"\n", 30_000))
		io.WriteString(w, strings.Repeat(`["p",1,3]`+"\n"+`"b"`+"\n", 2_000))
	}
	for name, write := range map[string]func(io.Writer){"bare selects": wide, "bare backprops": deep} {
		data := gzipLinesAfter(t, `{"format":"searchviz-trace","version":3}`+"\n", write)
		code, page := uploadMessage(t, ts.URL, data)
		if code != http.StatusBadRequest || !strings.Contains(page, "at most 2 entries a byte") {
			t.Errorf("%s, %d bytes: status %d, want 400 naming the entries a byte; page %s", name, len(data), code, page[strings.Index(page, "<main"):])
		}
	}
}

// TestHostilePagesBudget crosses Config.PageBytes: while the pages open
// hold the budget a new page is refused with a close that says to try
// again, and once they leave, their share is released and pages open.
func TestHostilePagesBudget(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t, func(c *Config) { c.PageBytes = 1 })
	base, loc := ts.URL, runSearch(t, ts.URL, textbookForm)
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	first := dial(t, base, loc+"/ws")
	for first.read().Type != "frame" {
	}
	if held := srv.pageBytes.Load(); held <= 0 {
		t.Fatalf("an open page holds %d bytes by the server's count, want its share", held)
	}
	refused := dial(t, base, loc+"/ws")
	refused.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, _, err := refused.conn.ReadMessage()
	var ce *websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != closeBusy || !strings.Contains(ce.Text, "tries again") {
		t.Fatalf("a page past the budget: %v, want a close %d saying it tries again", err, closeBusy)
	}
	first.conn.Close()
	deadline := time.Now().Add(10 * time.Second)
	for srv.pageBytes.Load() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the page left, and the server still counts %d bytes of pages", srv.pageBytes.Load())
		}
		time.Sleep(10 * time.Millisecond)
	}
	again := dial(t, base, loc+"/ws")
	if f := again.read(); f.Type != "frame" && f.Type != "layout" {
		t.Errorf("a page once the others left: %q, want its first frame", f.Type)
	}
}
