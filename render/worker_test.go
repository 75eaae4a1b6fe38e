package render

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// workerEnv makes the test binary a layout worker, as `viz layout-worker`
// is in production.
const workerEnv = "SEARCHVIZ_TEST_LAYOUT_WORKER"

// Values of workerEnv: a worker running Graphviz, or one running
// fakeLayouter.
const (
	workerGraphviz = "1"
	workerFake     = "fake"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(workerEnv); mode != "" {
		var l Layouter = fakeLayouter{}
		var g Graphviz
		if mode == workerGraphviz {
			l = &g
		}
		err := ServeLayouts(context.Background(), os.Stdin, os.Stdout, l)
		g.Close()
		if err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func testWorker(t *testing.T, maxBytes int) *Worker {
	t.Helper()
	return newTestWorker(t, workerGraphviz, 0, maxBytes)
}

// newTestWorker returns a Worker running the test binary as its worker
// process in the given mode, closed when the test ends.
func newTestWorker(t *testing.T, mode string, processes, maxBytes int) *Worker {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skip("cannot find the test binary to run as a worker:", err)
	}
	w := &Worker{
		Command: func() *exec.Cmd {
			cmd := exec.Command(exe)
			cmd.Env = append(os.Environ(), workerEnv+"="+mode)
			cmd.Stderr = os.Stderr
			return cmd
		},
		MaxBytes:  maxBytes,
		Processes: processes,
	}
	t.Cleanup(func() { w.Close() })
	return w
}

const smallDOT = `digraph { a -> b; a -> c; }`

func TestWorkerDrawsWhatGraphvizDraws(t *testing.T) {
	t.Parallel()
	var g Graphviz
	defer g.Close()
	want, err := g.SVG(context.Background(), []byte(smallDOT))
	if err != nil {
		t.Fatal(err)
	}
	// A limit below one drawing replaces the process after every layout.
	w := testWorker(t, 1)
	for i := range 3 {
		got, err := w.SVG(context.Background(), []byte(smallDOT))
		if err != nil {
			t.Fatalf("layout %d: %v", i, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("layout %d differs from the in-process one", i)
		}
	}
	if w.starts != 3 {
		t.Errorf("%d processes started for 3 layouts with a 1-byte limit, want 3", w.starts)
	}
}

func TestWorkerKeepsProcessUnderLimit(t *testing.T) {
	t.Parallel()
	w := testWorker(t, 1<<30)
	for range 3 {
		if _, err := w.SVG(context.Background(), []byte(smallDOT)); err != nil {
			t.Fatal(err)
		}
	}
	if w.starts != 1 {
		t.Errorf("%d processes started under the limit, want 1", w.starts)
	}
}

func TestWorkerReportsBadDOTAndGoesOn(t *testing.T) {
	t.Parallel()
	w := testWorker(t, 0)
	_, err := w.SVG(context.Background(), []byte(`digraph { a -> `))
	if err == nil || !strings.Contains(err.Error(), "DOT") {
		t.Fatalf("bad DOT: error %v, want one about the DOT", err)
	}
	if _, err := w.SVG(context.Background(), []byte(smallDOT)); err != nil {
		t.Fatalf("after bad DOT: %v", err)
	}
	if w.starts != 1 {
		t.Errorf("bad DOT restarted the worker: %d starts", w.starts)
	}
}

func TestWorkerAbandonsOnCancel(t *testing.T) {
	t.Parallel()
	w := testWorker(t, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := w.SVG(ctx, []byte(smallDOT)); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled layout: error %v, want context.Canceled", err)
	}
	// A layout cut off mid-way kills the process; the next one starts anew.
	ctx, cancel = context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	w.SVG(ctx, []byte(bigTreeDOT(3000)))
	if _, err := w.SVG(context.Background(), []byte(smallDOT)); err != nil {
		t.Fatalf("after an abandoned layout: %v", err)
	}
}

// bigTreeDOT is a binary tree of n nodes, slow enough to lay out that a
// millisecond's deadline falls inside it.
func bigTreeDOT(n int) string {
	var b strings.Builder
	b.WriteString("digraph {\n")
	for i := 1; i < n; i++ {
		b.WriteString("n" + strconv.Itoa((i-1)/2) + " -> n" + strconv.Itoa(i) + ";\n")
	}
	b.WriteString("}\n")
	return b.String()
}
