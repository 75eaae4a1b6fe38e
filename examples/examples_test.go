package examples_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/check"
)

// requireToolsEnv, set to 1, makes a missing python3 or g++ fail the tests
// instead of skipping them (CI sets it).
const requireToolsEnv = "SEARCHVIZ_REQUIRE_TOOLS"

// lookTool returns the path of a tool the tests run, skipping the test
// without it unless requireToolsEnv says it is required.
func lookTool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv(requireToolsEnv) == "1" {
		t.Fatalf("%s is required (%s=1) but not found: %v", name, requireToolsEnv, err)
	}
	t.Skipf("%s not found, so the %s examples are not run (install it, or set %s=1 to fail instead)", name, name, requireToolsEnv)
	return ""
}

// cppEngines compiles the C++ engines once per test binary.
var cppEngines = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "searchviz-examples-")
	if err != nil {
		return "", err
	}
	for _, name := range []string{"tictactoe_negamax", "tictactoe_mcts"} {
		cmd := exec.Command("g++", "-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic",
			"-o", filepath.Join(dir, name), filepath.Join("cpp", name+".cpp"))
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("compiling %s: %v\n%s", name, err, out)
		}
	}
	return dir, nil
})

// engine is one example engine: how to run it in a language.
type engine struct {
	lang, name string // the language ("python", "cpp") and the engine's file name without its extension
}

// command returns the command that runs e with args.
func (e engine) command(t *testing.T, ctx context.Context, args ...string) *exec.Cmd {
	t.Helper()
	switch e.lang {
	case "python":
		py := lookTool(t, "python3")
		cmd := exec.CommandContext(ctx, py, append([]string{filepath.Join("python", e.name+".py")}, args...)...)
		cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1") // leave no __pycache__ in the repository
		return cmd
	case "cpp":
		lookTool(t, "g++")
		dir, err := cppEngines()
		if err != nil {
			t.Fatal(err)
		}
		return exec.CommandContext(ctx, filepath.Join(dir, e.name), args...)
	}
	t.Fatalf("no language %q", e.lang)
	return nil
}

// traceOf runs e with args and returns the trace it writes.
func traceOf(t *testing.T, e engine, args ...string) []byte {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := e.command(t, context.Background(), args...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s %v: %v\n%s", e.lang, e.name, args, err, errOut.Bytes())
	}
	return out.Bytes()
}

// decisionOf checks data as viz convert --validate does (schema,
// invariants, fold) and returns its header and decision.
func decisionOf(t *testing.T, data []byte) (trace.Header, trace.Event) {
	t.Helper()
	h, err := check.Stream(bytes.NewReader(data), check.Options{})
	if err != nil {
		t.Fatalf("the trace is not valid: %v", err)
	}
	if h.Version != 1 {
		t.Errorf("the emitter writes version %d, want 1", h.Version)
	}
	_, events, err := trace.ReadAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	last := events[len(events)-1]
	if last.Kind != trace.KindDecision {
		t.Fatalf("the last event is a %v, want the decision", last.Kind)
	}
	return h, last
}

// ours runs searchviz's own algo on the tic-tac-toe position pos.
func ours(t *testing.T, algo, pos string) trace.Event {
	t.Helper()
	r, err := catalog.Prepare(catalog.Request{Game: "tictactoe", Algo: algo, Position: pos, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := r.Search(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	events := rec.Events()
	return events[len(events)-1]
}

var languages = []string{"python", "cpp"}

// TestNegaMaxEngines runs the NegaMax engines with alpha-beta on the
// positions searchviz's tests search tic-tac-toe from, to depth 2 (where
// evaluations are static) and to the end: each trace is
// valid, and its decision (move, value) and counts (nodes, evaluations,
// cuts) are those of searchviz's AlphaBeta, and its move and value those
// of searchviz's NegaMax, which prunes nothing.
func TestNegaMaxEngines(t *testing.T) {
	testenv.SkipUnderRace(t, "runs other programs")
	t.Parallel()
	g, err := catalog.LookupGame("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range languages {
		for i, pos := range g.Checks {
			for _, depth := range []int{2, 64} {
				t.Run(lang+"/"+strconv.Itoa(i)+"/depth"+strconv.Itoa(depth), func(t *testing.T) {
					t.Parallel()
					checkNegaMax(t, lang, pos, depth)
				})
			}
		}
	}
}

// checkNegaMax is TestNegaMaxEngines for one language, position and depth.
func checkNegaMax(t *testing.T, lang, pos string, depth int) {
	d := strconv.Itoa(depth)
	h, got := decisionOf(t, traceOf(t, engine{lang, "tictactoe_negamax"}, pos, "--depth", d))
	if h.Game != "tictactoe" || h.Position != pos {
		t.Errorf("header names %s %q, want tictactoe %q", h.Game, h.Position, pos)
	}
	ab, nm := ours(t, "alphabeta depth="+d, pos), ours(t, "negamax depth="+d, pos)
	if got.Action != ab.Action || got.Label != ab.Label || got.Value != ab.Value {
		t.Errorf("decision %s (%d) value %v; searchviz's AlphaBeta: %s (%d) value %v", got.Label, got.Action, got.Value, ab.Label, ab.Action, ab.Value)
	}
	if got.Action != nm.Action || got.Value != nm.Value {
		t.Errorf("decision %d value %v; searchviz's NegaMax: %d value %v", got.Action, got.Value, nm.Action, nm.Value)
	}
	if c, want := got.Counters, ab.Counters; c.Nodes != want.Nodes || c.Evals != want.Evals || c.Cuts != want.Cuts {
		t.Errorf("nodes %d, evals %d, cuts %d; searchviz's AlphaBeta: %d, %d, %d", c.Nodes, c.Evals, c.Cuts, want.Nodes, want.Evals, want.Cuts)
	}
}

// TestMCTSEngines runs the MCTS engines on positions where the side to
// move wins at once, one for each side: any correct MCTS with enough
// playouts plays the winning move, and so does searchviz's.
func TestMCTSEngines(t *testing.T) {
	testenv.SkipUnderRace(t, "runs other programs")
	t.Parallel()
	tests := []struct {
		pos  string
		win  int // the winning cell, worked out by hand
		name string
	}{
		{"xx./oo./...", 2, "x completes the top row"},
		{"xx./oo./x..", 5, "o completes the middle row"},
	}
	for _, lang := range languages {
		for _, tt := range tests {
			t.Run(lang+"/"+tt.name, func(t *testing.T) {
				t.Parallel()
				_, got := decisionOf(t, traceOf(t, engine{lang, "tictactoe_mcts"}, tt.pos, "--playouts", "1000", "--seed", "1"))
				if mine := ours(t, "mcts playouts=1000", tt.pos); mine.Action != tt.win {
					t.Fatalf("searchviz's MCTS plays %d in %s, want %d", mine.Action, tt.pos, tt.win)
				}
				if got.Action != tt.win {
					t.Errorf("the engine plays %s (%d) in %s, want %d, as searchviz's MCTS does", got.Label, got.Action, tt.pos, tt.win)
				}
				if got.Value <= 0.5 {
					t.Errorf("the winning move's value %v, want above a draw's 0.5", got.Value)
				}
			})
		}
	}
}

// TestEnginesRefuseBadPositions checks that an engine given a position it
// cannot read says so and writes no trace.
func TestEnginesRefuseBadPositions(t *testing.T) {
	testenv.SkipUnderRace(t, "runs other programs")
	t.Parallel()
	for _, lang := range languages {
		for _, name := range []string{"tictactoe_negamax", "tictactoe_mcts"} {
			t.Run(lang+"/"+name, func(t *testing.T) {
				t.Parallel()
				var out, errOut bytes.Buffer
				cmd := engine{lang, name}.command(t, context.Background(), "x.o")
				cmd.Stdout, cmd.Stderr = &out, &errOut
				err := cmd.Run()
				if _, ok := errors.AsType[*exec.ExitError](err); !ok || out.Len() != 0 || errOut.Len() == 0 {
					t.Errorf("exit %v, %d bytes out, stderr %q; want a failure, no trace and a message", err, out.Len(), errOut.String())
				}
			})
		}
	}
}
