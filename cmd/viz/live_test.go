package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/searchviz/searchviz/trace"
)

// watchLine waits for viz live's line naming the page of the search, and
// returns the page's address.
func watchLine(t *testing.T, out *syncBuffer, done <-chan error) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if _, rest, ok := strings.Cut(out.String(), "watch the search at "); ok {
			if page, _, ok := strings.Cut(rest, "\n"); ok {
				return page
			}
		}
		select {
		case err := <-done:
			t.Fatalf("viz live ended before naming the page: %v; printed %q", err, out.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("viz live did not name the page within 20 s; printed %q", out.String())
	return ""
}

// frame is what the test reads of a viewer's frame.
type frame struct {
	Type  string `json:"type"`
	Steps int    `json:"steps"`
	Live  bool   `json:"live"`
}

// TestLivePipesPythonEngine pipes the Python NegaMax engine, thinking
// 20 ms at each node, into viz live against a running server, and
// watches the page's websocket: frames arrive while the engine searches,
// the tree grows from one to the next, and the last is the saved trace,
// whole: the 496 events the engine writes (worked out as the same
// search's trace by searchviz's AlphaBeta, 495 steps and the decision)
// and its decision, c2. (Not parallel: see TestServeAndStop.)
func TestLivePipesPythonEngine(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("SEARCHVIZ_REQUIRE_TOOLS") == "1" {
			t.Fatal("python3 is required (SEARCHVIZ_REQUIRE_TOOLS=1) but not found")
		}
		t.Skip("python3 not found, so no engine to pipe")
	}
	base, _, _ := serveInBackground(t, "serve")
	engine := exec.Command(py, filepath.Join("..", "..", "examples", "python", "tictactoe_negamax.py"), "x.o/.x./..o", "--delay", "0.02")
	engine.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	stdout, err := engine.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { engine.Process.Kill(); engine.Wait() })
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- cmdLive(context.Background(), []string{"--server", base, "-"}, stdout, out, out) }()
	page := watchLine(t, out, done)

	ws, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(page, "http")+"/ws", http.Header{"Origin": {base}})
	if err != nil {
		t.Fatalf("dialling the page's websocket: %v (%v)", err, res)
	}
	defer ws.Close()
	var live []int // the steps of each frame of the running search
	last := frame{Live: true}
	for last.Live {
		ws.SetReadDeadline(time.Now().Add(20 * time.Second))
		_, data, err := ws.ReadMessage()
		if err != nil {
			t.Fatalf("reading frames after %v: %v", live, err)
		}
		var f frame
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatalf("a frame that is not JSON: %.200s", data)
		}
		if f.Steps == 0 {
			continue // a message that is not a frame of the tree
		}
		if f.Live {
			live = append(live, f.Steps)
		}
		last = f
	}
	t.Logf("steps in the frames of the running search: %v; in the last: %d", live, last.Steps)
	grew := false
	for i := 1; i < len(live); i++ {
		grew = grew || live[i] > live[i-1]
		if live[i] < live[i-1] {
			t.Errorf("the trace shrank from %d to %d steps", live[i-1], live[i])
		}
	}
	if len(live) < 2 || !grew {
		t.Errorf("frames of the running search had %v steps; want it seen growing", live)
	}
	if last.Steps != 496 {
		t.Errorf("the last frame has %d steps, want the engine's 496", last.Steps)
	}
	if err := <-done; err != nil {
		t.Fatalf("viz live: %v", err)
	}
	if !strings.Contains(out.String(), "search ended, 496 steps, saved") || !strings.Contains(out.String(), "play c2") {
		t.Errorf("viz live printed %q, want the search's end, saved, and its decision c2", out.String())
	}
	_, events := fetchTrace(t, page+"/trace")
	if d := events[len(events)-1]; d.Kind != trace.KindDecision || d.Label != "c2" {
		t.Errorf("the saved trace ends with %v %q, want the decision c2", d.Kind, d.Label)
	}
}

// fetchTrace downloads and reads a trace.
func fetchTrace(t *testing.T, url string) (trace.Header, []trace.Event) {
	t.Helper()
	status, body := get(t, url)
	if status != http.StatusOK {
		t.Fatalf("GET %s: %d", url, status)
	}
	h, events, err := trace.ReadAll(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return h, events
}

// TestLiveEngineStopsMidSearch feeds viz live the first 100 lines of a
// trace, as an engine that crashed would leave them: the search is saved,
// viewable, with a note that it ended before its decision. (Not
// parallel: see TestServeAndStop.)
func TestLiveEngineStopsMidSearch(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ab.jsonl")
	if code, _, stderr := runViz(t, "run", "--game", "tictactoe", "--position", "x.o/.x./..o", "--algo", "alphabeta", "--out", path); code != 0 {
		t.Fatal(stderr)
	}
	var v1 bytes.Buffer
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := cmdConvert(context.Background(), []string{"--to", "1", "-", "-"}, f, &v1); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(v1.String(), "\n")
	cut := strings.Join(lines[:100], "")

	base, _, _ := serveInBackground(t, "serve")
	out := &syncBuffer{}
	if err := cmdLive(context.Background(), []string{"--server", base, "-"}, strings.NewReader(cut), out, out); err != nil {
		t.Fatalf("viz live: %v", err)
	}
	if !strings.Contains(out.String(), "ended before its decision (after 99 events)") {
		t.Errorf("viz live printed %q, want the note that the engine stopped", out.String())
	}
	page := watchLine(t, out, nil)
	if status, body := get(t, page); status != http.StatusOK || !strings.Contains(body, "ended before its decision") {
		t.Errorf("the page of the stopped search: status %d, or no note that it stopped", status)
	}
	_, events := fetchTrace(t, page+"/trace")
	if len(events) != 100 || events[99].Kind != trace.KindNote || !strings.Contains(events[99].Text, "ended before its decision") {
		t.Errorf("the saved trace has %d events, the last %v; want the 99 sent and a note", len(events), events[len(events)-1])
	}
}

// waitFor waits until out holds want, or fails the test after 20 s.
func waitFor(t *testing.T, out *syncBuffer, want string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(out.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("waited 20 s for %q; printed %q", want, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// textbookTrace is AlphaBeta's trace of the textbook tree, as viz run
// writes it.
func textbookTrace(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rn.jsonl")
	if code, _, stderr := runViz(t, "run", "--game", "tree", "--position", "[[3,12,8],[2,4,6],[14,5,2]]", "--algo", "alphabeta", "--out", path); code != 0 {
		t.Fatal(stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestLiveStartsAServer runs viz live where no server answers: it serves
// the web app itself, shows the search there, and goes on serving it
// until stopped. (Not parallel: see TestServeAndStop.)
func TestLiveStartsAServer(t *testing.T) {
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- cmdLive(ctx, []string{"--addr", addr, "--data", t.TempDir(), "-"}, strings.NewReader(textbookTrace(t)), out, io.Discard)
	}()
	waitFor(t, out, "still serving http://"+addr)
	page := watchLine(t, out, done)
	if status, body := get(t, page); status != http.StatusOK || !strings.Contains(body, "value 3") {
		t.Errorf("the page of the search on the server viz live started: status %d, no decision with value 3", status)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("viz live stopped with %v", err)
	}
}

// TestLiveListens runs viz live --listen: an engine that connects and
// writes its trace is shown as one search, and viz live says where.
// (Not parallel: see TestServeAndStop.)
func TestLiveListens(t *testing.T) {
	base, _, _ := serveInBackground(t, "serve")
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- cmdLive(ctx, []string{"--server", base, "--listen", addr}, nil, out, out) }()
	waitFor(t, out, "waiting for engines on "+addr)
	for range 2 {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(conn, textbookTrace(t)); err != nil {
			t.Fatal(err)
		}
		conn.Close()
	}
	deadline := time.Now().Add(20 * time.Second)
	for strings.Count(out.String(), "search ended, ") < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("two engines' searches did not end within 20 s; printed %q", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if n := strings.Count(out.String(), "value 3"); n != 2 {
		t.Errorf("viz live printed %d decisions with value 3, want one per engine: %q", n, out.String())
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("viz live stopped with %v", err)
	}
}
