package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

func runViz(t testing.TB, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestUsageErrors(t *testing.T) {
	testenv.SkipUnderRace(t, "parses command lines")
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "out.jsonl")
	tests := []struct {
		name string
		args []string
		want string // part of the one-line error
	}{
		{"unknown command", []string{"frobnicate"}, `unknown command "frobnicate" (commands: serve, replay, list, run, render, arena, convert, live, help)`},
		{"serve with an argument", []string{"serve", "extra"}, `serve: unexpected argument "extra"`},
		{"serve with an unknown flag", []string{"serve", "--port", "80"}, "flag provided but not defined: -port (flags: --addr, --allow-host, --data, --nats, --v)"},
		{"replay without a trace", []string{"replay"}, "replay: want exactly one trace file, got 0 arguments"},
		{"layout-worker with an argument", []string{"layout-worker", "x"}, "layout-worker takes no arguments"},
		{"run without a game", []string{"run", "--algo", "alphabeta", "--out", out}, "--game is required"},
		{"run without an algorithm", []string{"run", "--game", "tictactoe", "--out", out}, "--algo is required"},
		{"run an unknown game", []string{"run", "--game", "chess", "--algo", "alphabeta", "--out", out}, `unknown game "chess" (known: tictactoe, othello, connectfour, tree, chancetree, dice, maze, twinmaze, twinmaze-turns)`},
		{"run an unknown algorithm", []string{"run", "--game", "tictactoe", "--algo", "alfabeta", "--out", out}, `unknown algorithm "alfabeta" (known: minimax, negamax, alphabeta, iterative, pmc, mcts, greedy, beam, chokudai, duct, expectimax)`},
		{"run a parameter out of range", []string{"run", "--game", "tictactoe", "--algo", "alphabeta depth=99", "--out", out}, "depth=99 is out of range (allowed 1..64)"},
		{"run an unknown parameter", []string{"run", "--game", "tictactoe", "--algo", "alphabeta width=3", "--out", out}, `unknown parameter "width" (allowed: depth, ordering, tt, quiescence, nodes)`},
		{"run a bad tictactoe position", []string{"run", "--game", "tictactoe", "--algo", "alphabeta", "--position", "xxx/ooo/...", "--out", out}, "position: tictactoe"},
		{"run a bad tree position", []string{"run", "--game", "tree", "--algo", "alphabeta", "--position", "[[1,2],", "--out", out}, "position: tree"},
		{"run with an unknown flag", []string{"run", "--bogus", "--out", out}, "flag provided but not defined: -bogus (flags: --algo, --boards, --game, --out, --position, --seed, --trace-nodes)"},
		{"run too many trace nodes", []string{"run", "--game", "tictactoe", "--algo", "minimax", "--trace-nodes", "2000001", "--out", out}, "--trace-nodes 2000001 is out of range (allowed 1..2000000)"},
		{"list with an argument", []string{"list", "extra"}, "list takes no arguments"},
		{"render without a trace", []string{"render"}, "want exactly one trace file"},
		{"convert without files", []string{"convert"}, "want IN and OUT (a file, or - for standard input or output), or --validate IN; got 0 arguments"},
		{"convert to an unknown version", []string{"convert", "--to", "4", "a", "b"}, "--to 4 is not allowed (want 1, 2 or 3)"},
		{"convert and validate standard input", []string{"convert", "--validate", "-", "b"}, "standard input is read once"},
		{"live without an engine", []string{"live"}, "want - to read the engine's trace from standard input, or --listen HOST:PORT"},
		{"live listening with an argument", []string{"live", "--listen", "127.0.0.1:0", "-"}, "--listen takes no argument"},
		{"render an unknown view", []string{"render", "--view", "max", "x.jsonl"}, `--view "max" is not allowed (want root or side)`},
		{"render an unknown format", []string{"render", "--format", "png", "x.jsonl"}, `--format "png" is not allowed (want svg or dot)`},
		{"render a negative memory", []string{"render", "--memory", "-1", "x.jsonl"}, "--memory -1 is not allowed (want a number of MiB, or 0 for no bound)"},
		{"render with an unknown flag", []string{"render", "--hlep", "x.jsonl"}, "render: flag provided but not defined: -hlep (flags: --boards, --crop, --format, --layout, --memory, --out, --step, --view, --whole)"},
		{"help on an unknown command", []string{"help", "frobnicate"}, `help: unknown command "frobnicate" (commands: serve, replay, list, run, render, arena, convert, live, help)`},
		{"help on two commands", []string{"help", "run", "render"}, "help: want at most one command, got 2 arguments"},
		{"run with two seeds", []string{"run", "--game", "tictactoe", "--algo", "mcts seed=2", "--seed", "1", "--out", out}, `the seed is given twice, seed 1 and seed=2 in "mcts seed=2"; give it once`},
		{"run with two seeds, one of them 0", []string{"run", "--game", "tictactoe", "--algo", "pmc playouts=5 seed=3", "--seed", "0", "--out", out}, `the seed is given twice, seed 0 and seed=3 in "pmc playouts=5 seed=3"; give it once`},
	}
	// The cases share out, which each must leave unwritten.
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runViz(t, tt.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.Contains(stderr, tt.want) {
				t.Errorf("stderr %q, want it to contain %q", stderr, tt.want)
			}
			if strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("error is not one line: %q", stderr)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Fatalf("left %s behind", out)
			}
		})
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files left behind: %v", entries)
	}
}

func TestRunAndRender(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tracePath := filepath.Join(dir, "t.jsonl.gz")
	code, stdout, stderr := runViz(t, "run", "--game", "tree", "--position", "[[3,12,8],[2,4,6],[14,5,2]]", "--algo", "alphabeta", "--out", tracePath)
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"move a1  value 3", "nodes 11", "cuts 1"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("run output %q lacks %q", stdout, want)
		}
	}
	h, events, err := trace.ReadFile(tracePath)
	if err != nil {
		t.Fatal(err)
	}
	if h.Game != "tree" || h.Algorithm != "alphabeta" || h.Params["depth"] != "64" {
		t.Errorf("header %+v does not describe the run", h)
	}
	if err := tracetest.Validate(events); err != nil {
		t.Fatal(err)
	}

	code, stdout, stderr = runViz(t, "render", "--format", "dot", "--step", "35", tracePath)
	if code != 0 {
		t.Fatalf("render: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, `α-cut\n2 ≤ α=3`) {
		t.Errorf("DOT at the cut step lacks the cut's reason:\n%s", stdout)
	}

	svgPath := filepath.Join(dir, "t.svg")
	if code, _, stderr = runViz(t, "render", "--out", svgPath, tracePath); code != 0 {
		t.Fatalf("render svg: exit %d: %s", code, stderr)
	}
	svg, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(bytes.TrimSpace(svg), []byte("<?xml")) || !bytes.Contains(svg, []byte(`id="n0"`)) {
		t.Errorf("not an SVG with node ids: %.200s", svg)
	}

	code, _, stderr = runViz(t, "render", "--step", "9999", "--out", filepath.Join(dir, "bad.svg"), tracePath)
	if code != 2 || !strings.Contains(stderr, "this trace has steps 0..") {
		t.Errorf("render --step 9999: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.svg")); !os.IsNotExist(err) {
		t.Error("a failed render left its output file")
	}
}

// TestErrorsForPeople checks what viz prints for mistakes and failures
// a person meets: the error says what went wrong with what they gave,
// without the name of the package that found it ("catalog:", "trace:")
// and without naming a temporary file they never gave.
func TestErrorsForPeople(t *testing.T) {
	testenv.SkipUnderRace(t, "parses command lines")
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	if code, _, stderr := runViz(t, "run", "--game", "tree", "--position", "[[1,2],[3]]", "--algo", "minimax", "--out", good); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte("not a trace\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing", "out")
	tests := []struct {
		name string
		args []string
		code int
		want string // the error, after "viz: "
	}{
		{"an unknown game", []string{"run", "--game", "chess", "--algo", "alphabeta", "--out", good}, 2, `unknown game "chess" (known: `},
		{"an unknown algorithm", []string{"run", "--game", "tictactoe", "--algo", "alfabeta", "--out", good}, 2, `unknown algorithm "alfabeta" (known: `},
		{"an algorithm of another family", []string{"run", "--game", "tictactoe", "--algo", "duct", "--out", good}, 2, "duct searches games where two players move at once"},
		{"a trace that is not there", []string{"render", filepath.Join(dir, "none.jsonl")}, 1, "open " + filepath.Join(dir, "none.jsonl") + ": no such file or directory"},
		{"a trace that cannot be read", []string{"render", bad}, 1, bad + ": line 1: not a searchviz-trace header"},
		{"a trace into a missing directory", []string{"run", "--game", "tictactoe", "--algo", "alphabeta depth=1", "--out", missing + ".jsonl"}, 1, "creating " + missing + ".jsonl: no such file or directory"},
		{"a drawing into a missing directory", []string{"render", "--out", missing + ".svg", good}, 1, "render: creating " + missing + ".svg: no such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runViz(t, tt.args...)
			if code != tt.code || !strings.HasPrefix(stderr, "viz: "+tt.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, tt.code, "viz: "+tt.want)
			}
			for _, never := range []string{"catalog:", "trace:", ".tmp"} {
				if strings.Contains(stderr, never) {
					t.Errorf("stderr %q says %q", stderr, never)
				}
			}
		})
	}
}

func TestRenderMalformedTrace(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{\"format\":\"searchviz-trace\",\"version\":1}\n{\"step\":0,\"kind\":\"nope\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runViz(t, "render", bad)
	if code != 1 || !strings.Contains(stderr, "line 2") {
		t.Errorf("render of a malformed trace: exit %d, %q; want exit 1 naming line 2", code, stderr)
	}
}

func TestList(t *testing.T) {
	testenv.SkipUnderRace(t, "lists the catalog")
	t.Parallel()
	code, stdout, _ := runViz(t, "list")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"tictactoe", "tree", "minimax", "negamax", "alphabeta", "depth", "1..64", "nodes"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("viz list lacks %q:\n%s", want, stdout)
		}
	}
}

// TestRunSeeds checks how --seed and an algorithm's seed= combine: either
// alone seeds the playouts, both may be given if they agree, and two that
// differ are refused (see TestUsageErrors) rather than one silently
// chosen.
func TestRunSeeds(t *testing.T) {
	testenv.SkipUnderRace(t, "runs searches in the test goroutine")
	t.Parallel()
	tests := []struct {
		algo string
		seed []string // the --seed flag, if given
		want string   // the seed of the trace's header's parameters
		code int
		says string // part of standard error
	}{
		{"mcts playouts=5 seed=2", nil, "2", 0, ""},
		{"mcts playouts=5 seed=2", []string{"--seed", "2"}, "2", 0, ""},
		{"mcts playouts=5", []string{"--seed", "3"}, "3", 0, ""},
		{"mcts playouts=5", nil, "0", 0, ""},
		{"mcts playouts=5 seed=2", []string{"--seed", "0"}, "", 2, `viz: the seed is given twice, seed 0 and seed=2 in "mcts playouts=5 seed=2"; give it once`},
		{"mcts playouts=5 seed=2", []string{"--seed=7"}, "", 2, `seed 7 and seed=2`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(append([]string{tt.algo}, tt.seed...), " "), func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "t.jsonl")
			args := append([]string{"run", "--game", "tictactoe", "--algo", tt.algo, "--out", path}, tt.seed...)
			code, _, stderr := runViz(t, args...)
			if code != tt.code || !strings.Contains(stderr, tt.says) {
				t.Fatalf("viz %s: exit %d, stderr %q; want %d and %q", strings.Join(args, " "), code, stderr, tt.code, tt.says)
			}
			if code != 0 {
				if _, err := os.Stat(path); !os.IsNotExist(err) {
					t.Errorf("viz %s left %s behind", strings.Join(args, " "), path)
				}
				return
			}
			h, _, err := trace.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := h.Params["seed"]; got != tt.want {
				t.Errorf("viz %s: the playouts' seed is %q, want %q", strings.Join(args, " "), got, tt.want)
			}
		})
	}
}

// TestOutputModes checks that the files viz writes are readable by all,
// mode 0644, whatever the umask, as traces always were. It is not
// parallel: the umask is the whole process's.
func TestOutputModes(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	dir := t.TempDir()
	tracePath := filepath.Join(dir, "t.jsonl")
	tests := []struct {
		args []string
		out  string
	}{
		{[]string{"run", "--game", "tree", "--position", "[[3,12,8],[2,4,6],[14,5,2]]", "--algo", "alphabeta", "--out", tracePath}, tracePath},
		{[]string{"run", "--game", "tree", "--position", "[[3,12,8],[2,4,6],[14,5,2]]", "--algo", "alphabeta", "--out", tracePath + ".gz"}, tracePath + ".gz"},
		{[]string{"render", "--out", filepath.Join(dir, "t.svg"), tracePath}, filepath.Join(dir, "t.svg")},
		{[]string{"render", "--layout", "tidy", "--out", filepath.Join(dir, "tidy.svg"), tracePath}, filepath.Join(dir, "tidy.svg")},
		{[]string{"render", "--format", "dot", "--out", filepath.Join(dir, "t.dot"), tracePath}, filepath.Join(dir, "t.dot")},
	}
	for _, tt := range tests {
		if code, _, stderr := runViz(t, tt.args...); code != 0 {
			t.Fatalf("viz %s: exit %d: %s", strings.Join(tt.args, " "), code, stderr)
		}
		fi, err := os.Stat(tt.out)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o644 {
			t.Errorf("viz %s wrote %s with mode %v, want -rw-r--r--", strings.Join(tt.args, " "), tt.out, fi.Mode().Perm())
		}
	}
}

// TestRunCutByItsBudget runs searches stopped by their node budget: one
// inside its first move's subtree says there is no move and why, never
// that the game is over; one after some moves answers the best of them
// and names the others. The textbook tree's root moves a1 a2 a3 have
// subtrees of 4 nodes each under MiniMax, and values 3, 2 and 2.
func TestRunCutByItsBudget(t *testing.T) {
	t.Parallel()
	const textbook = "[[3,12,8],[2,4,6],[14,5,2]]"
	tests := []struct {
		name      string
		args      []string
		want, not []string
	}{
		{"inside the first move", []string{"--game", "othello", "--algo", "minimax nodes=100"},
			[]string{"no move: the search stopped inside the first move's subtree (d3)", "lower depth=, or raise nodes="}, []string{"game is over"}},
		{"after two moves", []string{"--game", "tree", "--position", textbook, "--algo", "minimax nodes=9"},
			[]string{"move a1  value 3 (MAX's view), the best of the moves searched to the end", "not searched to the end: a3\n"}, []string{"game is over"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := runViz(t, append([]string{"run"}, tt.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, want := range tt.want {
				if !strings.Contains(stdout, want) {
					t.Errorf("the output lacks %q:\n%s", want, stdout)
				}
			}
			for _, not := range tt.not {
				if strings.Contains(stdout, not) {
					t.Errorf("the output says %q:\n%s", not, stdout)
				}
			}
		})
	}
}
