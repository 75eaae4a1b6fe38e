package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// TestMain lets the test binary stand in for viz as the layout worker that
// serve starts (serve runs os.Executable() with layoutWorkerCommand), and
// as viz itself, signals and all, when vizMainEnv is set (see vizProcess).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == layoutWorkerCommand {
		os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
	}
	if os.Getenv(vizMainEnv) == "1" {
		main()
	}
	os.Exit(m.Run())
}

// freeAddr returns a loopback address with a port nothing listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// syncBuffer is a bytes buffer safe to write and read from two goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// serveInBackground runs viz cmd with args until the test ends, and
// returns the address it serves once it answers.
func serveInBackground(t *testing.T, cmd string, args ...string) (base string, stdout *syncBuffer, stop func() int) {
	t.Helper()
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	stdout = &syncBuffer{}
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, append([]string{cmd, "--addr", addr, "--data", t.TempDir()}, args...), stdout, io.Discard)
	}()
	base = "http://" + addr
	deadline := time.Now().Add(10 * time.Second)
	for {
		res, err := http.Get(base + "/")
		if err == nil {
			res.Body.Close()
			break
		}
		select {
		case code := <-done:
			cancel()
			t.Fatalf("viz %v exited with %d before serving: %s", args, code, stdout.String())
		default:
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("viz %v did not serve within 10 s", args)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var once sync.Once
	code := 0
	stop = func() int {
		once.Do(func() {
			cancel()
			code = <-done
		})
		return code
	}
	t.Cleanup(func() { stop() })
	return base, stdout, stop
}

// get fetches url and returns the response's status and body.
func get(t *testing.T, url string) (status int, body string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

// TestServeAndStop is not parallel, nor is TestReplay: each serves on an
// address freeAddr found free, which a test running beside it could take
// first.
func TestServeAndStop(t *testing.T) {
	base, stdout, stop := serveInBackground(t, "serve")
	if !strings.Contains(stdout.String(), "searchviz is serving "+base+"/") {
		t.Errorf("serve printed %q, want the address it serves", stdout.String())
	}
	// A search from the page, drawn by the layout worker process.
	res, err := http.PostForm(base+"/run", map[string][]string{"game": {"tree"}, "algo": {"minimax"}, "position": {"[[1,2],[3,4]]"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	viewer := res.Request.URL.Path
	if !strings.HasPrefix(viewer, "/t/") {
		t.Fatalf("the form led to %s, want a viewer", viewer)
	}
	status, svg := get(t, base+viewer+"/layout.svg")
	if status != http.StatusOK || !strings.Contains(svg, "<svg") {
		t.Fatalf("layout from the worker: status %d, %.100q", status, svg)
	}
	if code := stop(); code != 0 {
		t.Errorf("viz serve exited with %d on interrupt, want 0", code)
	}
}

func TestServePortTaken(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	code, _, stderr := runViz(t, "serve", "--addr", ln.Addr().String(), "--data", t.TempDir())
	if code != 1 || !strings.Contains(stderr, "already in use") || !strings.Contains(stderr, "--addr") {
		t.Errorf("serve on a taken port: exit %d, %q; want 1 and a message naming --addr", code, stderr)
	}
}

func TestReplay(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.jsonl")
	if code, _, stderr := runViz(t, "run", "--game", "tree", "--position", "[[3,12,8],[2,4,6],[14,5,2]]", "--algo", "alphabeta", "--out", path); code != 0 {
		t.Fatalf("run: %s", stderr)
	}
	base, stdout, _ := serveInBackground(t, "replay", path)
	line := stdout.String()
	i := strings.Index(line, base+"/t/")
	if i < 0 {
		t.Fatalf("replay printed %q, want the trace's address", line)
	}
	page := strings.Fields(line[i:])[0]
	if status, body := get(t, page); status != http.StatusOK || !strings.Contains(body, "value 3") {
		t.Errorf("replayed trace's page: status %d, no decision with value 3", status)
	}

	code, _, stderr := runViz(t, "replay", "--data", t.TempDir(), filepath.Join(dir, "missing.jsonl"))
	if code != 1 || !strings.Contains(stderr, "missing.jsonl") {
		t.Errorf("replay of a missing file: exit %d, %q", code, stderr)
	}
}

// TestServeSavesEverySearchOnStop stops a server with searches still
// running: it says it is saving them, waits for every save, and leaves
// each trace whole in the data directory, with no temporary file behind.
// (Not parallel: see TestServeAndStop.)
func TestServeSavesEverySearchOnStop(t *testing.T) {
	testenv.SkipHeavyUnderRace(t, "TestServeAndStop and web's TestHostileShutdownSavesRunningSearches")
	dir := t.TempDir()
	base, stdout, stop := serveInBackground(t, "serve", "--data", dir)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var ids []string
	// Connect Four's MiniMax twelve plies deep, with the largest node
	// budget, runs for minutes: eight plies deep under the default budget
	// had now and then ended before a stop slowed by a loaded machine.
	const running = 2
	for range running {
		res, err := client.PostForm(base+"/run", map[string][]string{"game": {"connectfour"}, "algo": {"minimax"}, "minimax.depth": {"12"}, "minimax.nodes": {"200000000"}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		loc := res.Header.Get("Location")
		if !strings.HasPrefix(loc, "/t/") {
			t.Fatalf("search %d: status %d, want a redirect to its viewer", len(ids)+1, res.StatusCode)
		}
		ids = append(ids, strings.TrimPrefix(loc, "/t/"))
	}
	if code := stop(); code != 0 {
		t.Errorf("viz serve exited with %d on interrupt, want 0", code)
	}
	if want := fmt.Sprintf("saving what %d running searches recorded", running); !strings.Contains(stdout.String(), want) {
		t.Errorf("serve printed %q, want %q (searches %v)", stdout.String(), want, ids)
	}
	for _, id := range ids {
		if _, _, err := trace.ReadFile(filepath.Join(dir, id+".jsonl.gz")); err != nil {
			t.Errorf("search %s was not saved whole: %v", id, err)
		}
	}
	tmp, err := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	if err != nil || len(tmp) > 0 {
		t.Errorf("temporary files left behind: %v %v", tmp, err)
	}
}
