package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/tracestore"
)

// textbookTrace returns the textbook tree's AlphaBeta as a trace file,
// and its number of events.
func textbookTrace(t *testing.T) ([]byte, int) {
	t.Helper()
	h, events := recordSearch(t, catalog.Request{Game: "tree", Algo: "alphabeta", Position: "[[3,12,8],[2,4,6],[14,5,2]]", Program: "test"})
	var buf bytes.Buffer
	w, err := trace.NewWriter(&buf, h)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		w.Emit(e)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), len(events)
}

// lineEnd returns the offset just past the n-th line end of data.
func lineEnd(data []byte, n int) int {
	at := 0
	for range n {
		at += bytes.IndexByte(data[at:], '\n') + 1
	}
	return at
}

func gzipOf(t *testing.T, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestUploadTruncated checks that a file cut short opens up to its last
// whole line, with a notice in the viewer naming the last step, while a
// file damaged in the middle is still refused with the line.
func TestUploadTruncated(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	whole, n := textbookTrace(t)
	z := gzipOf(t, whole)
	tests := []struct {
		name   string
		data   []byte
		status int
		want   string // in the viewer's notes, or in the error
	}{
		{"cut mid-line", whole[:lineEnd(whole, 21)+2], http.StatusSeeOther, "The file ends after step 19: line 22 is cut short"},
		{"last lines missing", whole[:lineEnd(whole, 31)], http.StatusSeeOther, "The file ends after step 29, before the search's decision"},
		{"compressed, cut", z[:len(z)*3/4], http.StatusSeeOther, "compressed data ends early"},
		{"whole", whole, http.StatusSeeOther, ""},
		{"garbage in the middle", append(append(bytes.Clone(whole[:lineEnd(whole, 10)]), "not json\n"...), whole[lineEnd(whole, 10):]...), http.StatusBadRequest, "line 11"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := upload(t, ts.URL, "cut.jsonl", tt.data)
			body := htmlUnescape(readBody(t, res, nil))
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d; body:\n%.500s", res.StatusCode, tt.status, body)
			}
			if tt.status != http.StatusSeeOther {
				if !strings.Contains(body, tt.want) {
					t.Errorf("the error does not name %q", tt.want)
				}
				return
			}
			_, page := get(t, ts.URL+res.Header.Get("Location"))
			page = htmlUnescape(page)
			if tt.want == "" {
				if strings.Contains(page, "The file ends after step") {
					t.Errorf("a whole trace is said to end early")
				}
				return
			}
			if !strings.Contains(page, tt.want) {
				i := strings.Index(page, "The file ends")
				t.Errorf("the viewer does not say %q: %.200s", tt.want, page[max(i, 0):])
			}
		})
	}
	if n < 32 {
		t.Fatalf("the textbook trace has %d events, fewer than the cuts assume", n)
	}
}

// TestUploadSameFileTwice checks that a file uploaded twice is one saved
// trace, and another file another.
func TestUploadSameFileTwice(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	whole, _ := textbookTrace(t)
	first := upload(t, ts.URL, "a.jsonl", whole)
	readBody(t, first, nil)
	second := upload(t, ts.URL, "b.jsonl", whole)
	readBody(t, second, nil)
	if first.StatusCode != http.StatusSeeOther || first.Header.Get("Location") != second.Header.Get("Location") {
		t.Fatalf("the same file twice went to %q then %q, want one trace", first.Header.Get("Location"), second.Header.Get("Location"))
	}
	other := upload(t, ts.URL, "c.jsonl.gz", gzipOf(t, whole))
	readBody(t, other, nil)
	if other.Header.Get("Location") == first.Header.Get("Location") {
		t.Errorf("another file went to the first's trace")
	}
	saved, err := srv.store.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) != 2 {
		t.Fatalf("%d saved traces after the same file twice and another, want 2", len(saved))
	}
}

// TestSavedListDescribes checks that the list of saved traces gives each
// one's parameters, node count and where it came from.
func TestSavedListDescribes(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	loc := runSearch(t, ts.URL, map[string][]string{"game": {"tree"}, "algo": {"alphabeta"}, "position": {"[[3,12,8],[2,4,6],[14,5,2]]"}, "alphabeta.ordering": {"1"}})
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	whole, _ := textbookTrace(t)
	long := strings.Repeat("é", tracestore.MaxFileName+10) + ".jsonl"
	readBody(t, upload(t, ts.URL, long, whole), nil)
	_, page := get(t, ts.URL+"/")
	page = htmlUnescape(page)
	for _, want := range []string{
		`data-testid="saved-source">search<`,
		`data-testid="saved-source">upload: ` + strings.Repeat("é", tracestore.MaxFileName) + "…<",
		`<code>ordering=1</code>`,
		`data-testid="saved-nodes">11<`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the start page's list does not hold %q", want)
		}
	}
	if strings.Count(page, `data-testid="delete-trace"`) != 2 {
		t.Errorf("the list has %d delete buttons, want one per trace", strings.Count(page, `data-testid="delete-trace"`))
	}
	// A description over its limit is not the store's: the trace is listed
	// all the same, with nothing it would say.
	saved, _ := srv.store.List()
	for _, tr := range saved {
		if err := os.WriteFile(filepath.Join(srv.store.Dir(), tr.ID+tracestore.MetaExt), []byte(`{"source":"search","nodes":1,"file":"`+strings.Repeat("x", tracestore.MaxMetaBytes)+`"}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	saved, _ = srv.store.List()
	if len(saved) != 2 || saved[0].Meta != (tracestore.Meta{}) || saved[1].Meta != (tracestore.Meta{}) {
		t.Errorf("descriptions over %d bytes: listed %+v, want both traces with none", tracestore.MaxMetaBytes, saved)
	}
}

// TestDeleteTrace checks who may delete which trace.
func TestDeleteTrace(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	whole, _ := textbookTrace(t)
	res := upload(t, ts.URL, "a.jsonl", whole)
	readBody(t, res, nil)
	uploadedID := strings.TrimPrefix(res.Header.Get("Location"), "/t/")
	exRes, err := noRedirect.Get(ts.URL + "/example/rn-alphabeta")
	readBody(t, exRes, err)
	exampleID := strings.TrimPrefix(strings.SplitN(exRes.Header.Get("Location"), "?", 2)[0], "/t/")
	srv.liveSearchDone(t, exampleID)
	tests := []struct {
		name   string
		id     string
		header http.Header
		status int
		kept   bool // the trace is still there after
	}{
		{"from another site", uploadedID, http.Header{"Sec-Fetch-Site": {"cross-site"}}, http.StatusForbidden, true},
		{"from another origin", uploadedID, http.Header{"Origin": {"http://evil.example"}}, http.StatusForbidden, true},
		{"to another host", uploadedID, http.Header{"Host": {"evil.example"}}, http.StatusMisdirectedRequest, true},
		{"an example", exampleID, nil, http.StatusForbidden, true},
		{"not an id", "..%2Fx", nil, http.StatusNotFound, false},
		{"from the page", uploadedID, http.Header{"Sec-Fetch-Site": {"same-origin"}}, http.StatusNoContent, false},
		{"again", uploadedID, nil, http.StatusNotFound, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodDelete, ts.URL+"/t/"+tt.id, nil)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tt.header {
				req.Header[k] = v
			}
			req.Host = tt.header.Get("Host")
			res, err := testClient.Do(req)
			body := readBody(t, res, err)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tt.status, body)
			}
			if tracestore.ValidID(tt.id) && srv.store.Has(tt.id) != tt.kept {
				t.Errorf("trace kept: %v, want %v", srv.store.Has(tt.id), tt.kept)
			}
		})
	}
	if code, _ := get(t, ts.URL+"/t/"+uploadedID); code != http.StatusNotFound {
		t.Errorf("the deleted trace's page: status %d, want 404", code)
	}
	if _, err := os.Stat(filepath.Join(srv.store.Dir(), uploadedID+tracestore.MetaExt)); !os.IsNotExist(err) {
		t.Errorf("the deleted trace's description is left: %v", err)
	}
	// A page still open on the deleted trace is told so when it reconnects.
	u := "ws" + strings.TrimPrefix(ts.URL, "http") + "/t/" + uploadedID + "/ws"
	conn, _, err := websocket.DefaultDialer.Dial(u, http.Header{"Origin": {ts.URL}})
	if err != nil {
		t.Fatalf("reconnecting to a deleted trace: %v", err)
	}
	defer conn.Close()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, _, err = conn.ReadMessage()
	if ce, ok := err.(*websocket.CloseError); !ok || ce.Code != closeGone || !strings.Contains(ce.Text, "deleted") {
		t.Errorf("the socket of a deleted trace ends with %v, want close %d saying it was deleted", err, closeGone)
	}
}

// TestDeleteRunningSearch checks that a running search's trace is not
// deleted under it.
func TestDeleteRunningSearch(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	release := gateSearches(t, srv)
	loc := runSearch(t, ts.URL, textbookForm)
	req, _ := http.NewRequest(http.MethodDelete, ts.URL+loc, nil)
	res, err := testClient.Do(req)
	body := readBody(t, res, err)
	if res.StatusCode != http.StatusConflict || !strings.Contains(body, "still running") {
		t.Errorf("deleting a running search: status %d %q, want 409", res.StatusCode, body)
	}
	release()
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	if !srv.store.Has(strings.TrimPrefix(loc, "/t/")) {
		t.Errorf("the search's trace was not saved")
	}
}

// TestRunRefusedWhenUnsaveable checks that a search whose trace cannot be
// saved is refused on the form, with the reason, rather than sent to a
// page that says there is no such trace.
func TestRunRefusedWhenUnsaveable(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	dir := srv.store.Dir()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, []byte("not a directory"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, page := postForm(t, ts.URL+"/run", textbookForm)
	if res.StatusCode != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500 on the form", res.StatusCode)
	}
	i := strings.Index(page, `data-testid="form-error"`)
	if i < 0 {
		t.Fatal("no error on the form")
	}
	if msg := page[i:min(len(page), i+300)]; !strings.Contains(msg, "could not be saved") || !strings.Contains(msg, "not a directory") || strings.Contains(msg, dir) {
		t.Errorf("the form's error %q does not give the reason, or shows the path", msg)
	}
}

// TestUploadAnswersTheScript checks the JSON answers the start page's
// script reads: where to go, or what went wrong.
func TestUploadAnswersTheScript(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	whole, _ := textbookTrace(t)
	tests := []struct {
		name   string
		data   []byte
		status int
		want   string
	}{
		{"a trace", whole, http.StatusOK, `"location":"/t/`},
		{"not a trace", []byte("hello\n"), http.StatusBadRequest, `"error":"x.jsonl is not a trace searchviz can show: line 1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := uploadWith(t, ts.URL, "x.jsonl", tt.data, http.Header{"Accept": {"application/json"}})
			body := readBody(t, res, nil)
			var ans uploadAnswer
			if res.StatusCode != tt.status || !strings.Contains(body, tt.want) || json.Unmarshal([]byte(body), &ans) != nil {
				t.Errorf("status %d, %s; want %d with %s", res.StatusCode, body, tt.status, tt.want)
			}
		})
	}
}

// uploadWith is upload with more request headers.
func uploadWith(t *testing.T, base, name string, data []byte, h http.Header) *http.Response {
	t.Helper()
	var body bytes.Buffer
	fmt.Fprintf(&body, "--b\r\nContent-Disposition: form-data; name=\"trace\"; filename=%q\r\nContent-Type: application/octet-stream\r\n\r\n", name)
	body.Write(data)
	body.WriteString("\r\n--b--\r\n")
	req, err := http.NewRequest(http.MethodPost, base+"/upload", &body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header = h
	req.Header.Set("Content-Type", "multipart/form-data; boundary=b")
	res, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestImportTruncated checks `viz replay`'s way in: a trace file cut in a
// line opens as an upload does, up to its last whole line with the
// notice, and damage in the middle is refused with the line named.
func TestImportTruncated(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	whole, _ := textbookTrace(t)
	dir := t.TempDir()
	tests := []struct {
		name    string
		data    []byte
		want    string // in the viewer's notes, or in the error
		refused bool
	}{
		{"cut mid-line", whole[:lineEnd(whole, 21)+2], "The file ends after step 19: line 22 is cut short", false},
		{"garbage in the middle", append(append(bytes.Clone(whole[:lineEnd(whole, 10)]), "not json\n"...), whole[lineEnd(whole, 10):]...), "line 11", true},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := fmt.Sprintf("%s/trace%d.jsonl", dir, i)
			if err := os.WriteFile(path, tt.data, 0o644); err != nil {
				t.Fatal(err)
			}
			loc, err := srv.Import(path)
			if tt.refused {
				if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path) {
					t.Errorf("Import of a damaged file: %v, want an error naming the file and %q", err, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatalf("Import of a file cut short: %v", err)
			}
			_, page := get(t, ts.URL+loc)
			if !strings.Contains(htmlUnescape(page), tt.want) {
				t.Errorf("the viewer of the imported file does not say %q", tt.want)
			}
		})
	}
}
