package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// vizMainEnv, set to 1 in its environment, makes the test binary run as
// viz (TestMain calls main).
const vizMainEnv = "SEARCHVIZ_TEST_VIZ_MAIN"

// signalCase is a viz command stopped by a signal once it has begun
// writing its output file (so during the layout or the search).
type signalCase struct {
	name  string
	args  []string      // the output file is appended, then the trace if any
	trace string        // the trace to render
	delay time.Duration // from the output's start to the signal
	sig   syscall.Signal
	code  int
	says  string
}

// signalCases returns the commands TestSignalStops and BenchmarkSignalStop
// stop, with the traces they render written in a temporary directory.
func signalCases(tb testing.TB) []signalCase {
	tb.Helper()
	dir := tb.TempDir()
	big := filepath.Join(dir, "big.jsonl") // 200,000 nodes: seconds to draw tidy
	if code, _, stderr := runViz(tb, "run", "--game", "tictactoe", "--algo", "minimax", "--trace-nodes", "200000", "--out", big); code != 0 {
		tb.Fatalf("run: exit %d: %s", code, stderr)
	}
	small := filepath.Join(dir, "small.jsonl") // 1,000 nodes: a second or two of Graphviz
	if code, _, stderr := runViz(tb, "run", "--game", "tictactoe", "--algo", "minimax", "--trace-nodes", "1000", "--out", small); code != 0 {
		tb.Fatalf("run: exit %d: %s", code, stderr)
	}
	return []signalCase{
		{"render tidy, SIGINT", []string{"render", "--layout", "tidy", "--whole", "--out"}, big, 0, syscall.SIGINT, 130, "render: interrupted (SIGINT); "},
		// The DOT is written in milliseconds; Graphviz then lays it out for a second or more.
		{"render dot, SIGTERM", []string{"render", "--layout", "dot", "--whole", "--out"}, small, 300 * time.Millisecond, syscall.SIGTERM, 143, "render: terminated (SIGTERM); "},
		{"run, SIGINT", []string{"run", "--game", "connectfour", "--algo", "minimax nodes=200000000", "--out"}, "", 0, syscall.SIGINT, 130, "run: interrupted (SIGINT); "},
		{"run, SIGTERM", []string{"run", "--game", "connectfour", "--algo", "alphabeta nodes=200000000", "--out"}, "", 0, syscall.SIGTERM, 143, "run: terminated (SIGTERM); "},
	}
}

// stopPatience bounds the wait for viz to exit after the signal: far
// longer than it takes (BenchmarkSignalStop measures that), so that only
// a viz that does not stop fails.
const stopPatience = time.Minute

// stopBySignal runs c's command as a process writing to out, a path in a
// directory of its own, sends it c's signal once the output has begun,
// and returns how long the process took to exit after it, its exit code
// and its standard error.
func stopBySignal(tb testing.TB, c signalCase, out string) (stop time.Duration, code int, stderr string) {
	tb.Helper()
	const startLimit = 30 * time.Second // for the output to appear
	args := append(slices.Clone(c.args), out)
	if c.trace != "" {
		args = append(args, c.trace)
	}
	cmd, done, errOut := vizProcess(tb, args...)
	deadline := time.After(startLimit)
	for !hasTempFile(tb, filepath.Dir(out)) {
		select {
		case <-done:
			tb.Fatalf("viz %s ended before writing its output: %s", strings.Join(args, " "), errOut)
		case <-deadline:
			tb.Fatalf("viz %s wrote no output in %v", strings.Join(args, " "), startLimit)
		case <-time.After(2 * time.Millisecond):
		}
	}
	time.Sleep(c.delay)
	if err := cmd.Process.Signal(c.sig); err != nil {
		tb.Fatal(err)
	}
	start := time.Now()
	select {
	case <-done:
	case <-time.After(stopPatience):
		tb.Fatalf("viz %s still ran %v after %v", strings.Join(args, " "), stopPatience, c.sig)
	}
	return time.Since(start), cmd.ProcessState.ExitCode(), errOut.String()
}

// TestSignalStops runs viz as a process, sends it SIGINT or SIGTERM once
// it has begun writing its output file, and checks that it exits with 128
// plus the signal's number and leaves no file behind, temporary or not.
// That it exits at once is measured by BenchmarkSignalStop.
func TestSignalStops(t *testing.T) {
	if testing.Short() {
		t.Skip("runs viz processes for some seconds")
	}
	t.Parallel()
	for _, c := range signalCases(t) {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			outDir := t.TempDir()
			out := filepath.Join(outDir, "out")
			stop, code, stderr := stopBySignal(t, c, out)
			t.Logf("exited %v after the signal", stop)
			if code != c.code {
				t.Errorf("exit %d, want %d", code, c.code)
			}
			if want := c.says + out + " not written"; !strings.Contains(stderr, want) {
				t.Errorf("stderr %q, want it to say %q", stderr, want)
			}
			if entries, _ := os.ReadDir(outDir); len(entries) != 0 {
				t.Errorf("files left behind: %v", entries)
			}
		})
	}
}

// BenchmarkSignalStop measures how long viz takes to exit after SIGINT or
// SIGTERM, during a layout or a search: it should stop at once, not when
// the work is done, in well under a second.
func BenchmarkSignalStop(b *testing.B) {
	for _, c := range signalCases(b) {
		b.Run(c.name, func(b *testing.B) {
			var stops time.Duration
			n := 0
			for b.Loop() {
				stop, code, stderr := stopBySignal(b, c, filepath.Join(b.TempDir(), "out"))
				if code != c.code {
					b.Fatalf("exit %d, want %d: %s", code, c.code, stderr)
				}
				stops += stop
				n++
			}
			b.ReportMetric(float64(stops)/float64(time.Millisecond)/float64(n), "ms/stop")
		})
	}
}

// vizProcess starts the test binary as viz with args, and returns it, a
// channel closed when it has exited, and its standard error, to read once
// it has. It kills the process if the test ends first.
func vizProcess(t testing.TB, args ...string) (cmd *exec.Cmd, done <-chan struct{}, stderr *bytes.Buffer) {
	t.Helper()
	cmd = exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), vizMainEnv+"=1")
	stderr = new(bytes.Buffer)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ch := make(chan struct{})
	go func() {
		cmd.Wait()
		close(ch)
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-ch
	})
	return cmd, ch, stderr
}

// hasTempFile reports whether dir holds a temporary file of an output
// being written.
func hasTempFile(t testing.TB, dir string) bool {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			return true
		}
	}
	return false
}

// TestCancelledCommands runs commands in-process with a context a signal
// has already cancelled: they exit with 128 plus the signal's number,
// say so, and write nothing.
func TestCancelledCommands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tracePath := filepath.Join(dir, "t.jsonl")
	if code, _, stderr := runViz(t, "run", "--game", "tree", "--position", "[[3,12,8],[2,4,6],[14,5,2]]", "--algo", "alphabeta", "--out", tracePath); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	out := filepath.Join(dir, "out")
	tests := []struct {
		name string
		args []string
		sig  syscall.Signal
		code int
		says string
	}{
		{"render", []string{"render", "--out", out, tracePath}, syscall.SIGINT, 130, "viz: render: interrupted (SIGINT); " + out + " not written\n"},
		{"render tidy", []string{"render", "--layout", "tidy", "--out", out, tracePath}, syscall.SIGTERM, 143, "viz: render: terminated (SIGTERM); " + out + " not written\n"},
		{"render to stdout", []string{"render", "--format", "dot", tracePath}, syscall.SIGINT, 130, "viz: render: interrupted (SIGINT)\n"},
		{"run", []string{"run", "--game", "tictactoe", "--algo", "minimax", "--out", out}, syscall.SIGTERM, 143, "viz: run: terminated (SIGTERM); " + out + " not written\n"},
		{"run without a trace", []string{"run", "--game", "tictactoe", "--algo", "minimax"}, syscall.SIGINT, 130, "viz: run: interrupted (SIGINT)\n"},
	}
	// The cases share dir, in which each must leave nothing.
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			cancel(stopSignal{tt.sig})
			var stdout, stderr bytes.Buffer
			code := run(ctx, tt.args, &stdout, &stderr)
			if code != tt.code || stderr.String() != tt.says || stdout.Len() != 0 {
				t.Errorf("viz %s after %v: exit %d, stdout %q, stderr %q; want exit %d, nothing on stdout and %q", strings.Join(tt.args, " "), tt.sig, code, stdout.String(), stderr.String(), tt.code, tt.says)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("viz %s after %v left files: %v", strings.Join(tt.args, " "), tt.sig, entries)
			}
		})
	}
}
