package web

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// textbookV1 is AlphaBeta's trace of the textbook tree (Russell & Norvig
// Fig. 5.2) in version 1, as lines, the header first.
func textbookV1(t *testing.T) []string {
	t.Helper()
	h := trace.Header{Version: 1, Game: "tree", Position: "[[3,12,8],[2,4,6],[14,5,2]]", Algorithm: "alphabeta", Time: time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)}
	return strings.SplitAfter(strings.TrimSuffix(string(tracetest.Encode(t, h, tracetest.AlphaBeta())), "\n"), "\n")
}

// postFeed feeds body to the server at base and returns the status and
// the answer's lines.
func postFeed(t *testing.T, base, contentType, origin, body string) (int, []FeedAnswer) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+FeedPath, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	res, err := testClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var answers []FeedAnswer
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		var a FeedAnswer
		if json.Unmarshal(sc.Bytes(), &a) == nil {
			answers = append(answers, a)
		}
	}
	io.Copy(io.Discard, res.Body)
	return res.StatusCode, answers
}

// TestFeed feeds the server whole, cut and broken traces: a whole one is
// saved as sent, a cut or broken one is saved up to its last good event
// with a note that says where and why, and a feed that is not a trace,
// or not sent as one, or from another site, is refused.
func TestFeed(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	lines := textbookV1(t)
	whole := strings.Join(lines, "")
	n := len(lines) - 1 // the events
	broken := append(append([]string(nil), lines[:6]...), `{"step":5,"kind":"leave","node":9}`+"\n")
	tests := []struct {
		name, contentType, origin, body string
		status                          int
		steps                           int    // the saved trace's events, 0 when refused, -1 when nothing is saved
		note                            string // part of the last answer's notes or decision
	}{
		{"whole", FeedContentType, "", whole, http.StatusOK, n, "value 3"},
		{"with its charset", FeedContentType + "; charset=utf-8", "", whole, http.StatusOK, n, "value 3"},
		{"cut before its decision", FeedContentType, "", strings.Join(lines[:11], ""), http.StatusOK, 10, "ended before its decision (after 10 events)"},
		{"a line cut", FeedContentType, "", strings.Join(lines[:11], "") + `{"step":10,"ki`, http.StatusOK, 10, "its line 12 is cut"},
		{"an event that breaks the invariants", FeedContentType, "", strings.Join(broken, ""), http.StatusOK, 5, "line 7: step 5: node 9 does not exist"},
		{"a first event that breaks the invariants", FeedContentType, "", lines[0] + `{"step":0,"kind":"leave","node":4}` + "\n", http.StatusOK, -1, "nothing to show: search cut short: line 2: step 0: node 4 does not exist"},
		{"as a form", "application/x-www-form-urlencoded", "", whole, http.StatusUnsupportedMediaType, 0, ""},
		{"not a trace", FeedContentType, "", "hello\n", http.StatusBadRequest, 0, ""},
		{"from another site", FeedContentType, "http://evil.example", whole, http.StatusForbidden, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			status, answers := postFeed(t, ts.URL, tt.contentType, tt.origin, tt.body)
			if status != tt.status {
				t.Fatalf("status %d, want %d (answers %+v)", status, tt.status, answers)
			}
			if tt.steps == 0 {
				return
			}
			if tt.steps < 0 {
				if len(answers) != 2 || !strings.Contains(answers[1].Error, tt.note) {
					t.Errorf("answers %+v, want the page's location, then %q", answers, tt.note)
				}
				return
			}
			if len(answers) != 2 || answers[0].Location == "" || !answers[1].Done {
				t.Fatalf("answers %+v, want the page's location, then the end", answers)
			}
			end := answers[1]
			if said := end.Decision + " " + strings.Join(end.Notes, " "); !strings.Contains(said, tt.note) {
				t.Errorf("the end says %q, want %q", said, tt.note)
			}
			_, events := storedTrace(t, ts.URL+answers[0].Location+"/trace")
			saved := len(events)
			if events[saved-1].Kind == trace.KindNote && tt.steps != n {
				saved-- // the note the server adds
			}
			if saved != tt.steps || end.Steps != len(events) {
				t.Errorf("saved %d events (the answer says %d), want the %d sent and good", len(events), end.Steps, tt.steps)
			}
		})
	}
}

// TestFeedBusy refuses a feed past the cap on searches running at once,
// as a search from the page is refused.
func TestFeedBusy(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t, func(c *Config) { c.MaxSearches = 1 })
	release := gateSearches(t, srv)
	loc := runSearch(t, ts.URL, textbookForm)
	if srv.liveSearch(strings.TrimPrefix(loc, "/t/")) == nil {
		t.Fatal("the gated search is not running")
	}
	status, answers := postFeed(t, ts.URL, FeedContentType, "", strings.Join(textbookV1(t), ""))
	release()
	if status != http.StatusTooManyRequests || len(answers) != 1 || !strings.Contains(answers[0].Error, "the most this server runs at once") {
		t.Errorf("status %d, answers %+v; want 429 saying the server runs as many searches as it can", status, answers)
	}
}
