package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// vizMainEnv, set to 1 in its environment, makes the test binary run as
// viz (TestMain calls main).
const vizMainEnv = "SEARCHVIZ_TEST_VIZ_MAIN"

// TestSignalStops runs viz as a process, sends it SIGINT or SIGTERM once
// it has begun writing its output file (so during the layout or the
// search), and checks that it exits at once with 128 plus the signal's
// number and leaves no file behind, temporary or not.
func TestSignalStops(t *testing.T) {
	if testing.Short() {
		t.Skip("runs viz processes for some seconds")
	}
	dir := t.TempDir()
	big := filepath.Join(dir, "big.jsonl") // 200,000 nodes: seconds to draw tidy
	if code, _, stderr := runViz(t, "run", "--game", "tictactoe", "--algo", "minimax", "--trace-nodes", "200000", "--out", big); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	small := filepath.Join(dir, "small.jsonl") // 1,000 nodes: a second or two of Graphviz
	if code, _, stderr := runViz(t, "run", "--game", "tictactoe", "--algo", "minimax", "--trace-nodes", "1000", "--out", small); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	const (
		startLimit = 30 * time.Second // for the output to appear
		stopLimit  = 2 * time.Second  // from the signal to the exit
	)
	tests := []struct {
		name  string
		args  []string      // the output file is appended
		delay time.Duration // from the output's start to the signal
		sig   syscall.Signal
		code  int
		says  string
	}{
		{"render tidy, SIGINT", []string{"render", "--layout", "tidy", "--out"}, 0, syscall.SIGINT, 130, "render: interrupted (SIGINT); "},
		// The DOT is written in milliseconds; Graphviz then lays it out for a second or more.
		{"render dot, SIGTERM", []string{"render", "--layout", "dot", "--out"}, 300 * time.Millisecond, syscall.SIGTERM, 143, "render: terminated (SIGTERM); "},
		{"run, SIGINT", []string{"run", "--game", "connectfour", "--algo", "minimax nodes=200000000", "--out"}, 0, syscall.SIGINT, 130, "run: interrupted (SIGINT); "},
		{"run, SIGTERM", []string{"run", "--game", "connectfour", "--algo", "alphabeta nodes=200000000", "--out"}, 0, syscall.SIGTERM, 143, "run: terminated (SIGTERM); "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			outDir := t.TempDir()
			out := filepath.Join(outDir, "out")
			args := append(tt.args, out)
			switch {
			case strings.Contains(tt.name, "tidy"):
				args = append(args, big)
			case strings.Contains(tt.name, "dot"):
				args = append(args, small)
			}
			cmd, done, stderr := vizProcess(t, args...)

			deadline := time.After(startLimit)
			for !hasTempFile(t, outDir) {
				select {
				case <-done:
					t.Fatalf("viz %s ended before writing its output: %s", strings.Join(args, " "), stderr)
				case <-deadline:
					t.Fatalf("viz %s wrote no output in %v", strings.Join(args, " "), startLimit)
				case <-time.After(2 * time.Millisecond):
				}
			}
			time.Sleep(tt.delay)
			if err := cmd.Process.Signal(tt.sig); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			select {
			case <-done:
			case <-time.After(stopLimit):
				t.Fatalf("viz %s still ran %v after %v", strings.Join(args, " "), stopLimit, tt.sig)
			}
			t.Logf("exited %v after the signal", time.Since(start))
			if got := cmd.ProcessState.ExitCode(); got != tt.code {
				t.Errorf("exit %d (%v), want %d", got, cmd.ProcessState, tt.code)
			}
			if want := tt.says + out + " not written"; !strings.Contains(stderr.String(), want) {
				t.Errorf("stderr %q, want it to say %q", stderr, want)
			}
			if entries, _ := os.ReadDir(outDir); len(entries) != 0 {
				t.Errorf("files left behind: %v", entries)
			}
		})
	}
}

// vizProcess starts the test binary as viz with args, and returns it, a
// channel closed when it has exited, and its standard error, to read once
// it has. It kills the process if the test ends first.
func vizProcess(t *testing.T, args ...string) (cmd *exec.Cmd, done <-chan struct{}, stderr *bytes.Buffer) {
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
func hasTempFile(t *testing.T, dir string) bool {
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
	dir := t.TempDir()
	tracePath := filepath.Join(dir, "t.jsonl")
	if code, _, stderr := runViz(t, "run", "--game", "tree", "--position", "[[3,12,8],[2,4,6],[14,5,2]]", "--algo", "alphabeta", "--out", tracePath); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	out := filepath.Join(dir, "out")
	tests := []struct {
		args []string
		sig  syscall.Signal
		code int
		says string
	}{
		{[]string{"render", "--out", out, tracePath}, syscall.SIGINT, 130, "viz: render: interrupted (SIGINT); " + out + " not written\n"},
		{[]string{"render", "--layout", "tidy", "--out", out, tracePath}, syscall.SIGTERM, 143, "viz: render: terminated (SIGTERM); " + out + " not written\n"},
		{[]string{"render", "--format", "dot", tracePath}, syscall.SIGINT, 130, "viz: render: interrupted (SIGINT)\n"},
		{[]string{"run", "--game", "tictactoe", "--algo", "minimax", "--out", out}, syscall.SIGTERM, 143, "viz: run: terminated (SIGTERM); " + out + " not written\n"},
		{[]string{"run", "--game", "tictactoe", "--algo", "minimax"}, syscall.SIGINT, 130, "viz: run: interrupted (SIGINT)\n"},
	}
	for _, tt := range tests {
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
	}
}
