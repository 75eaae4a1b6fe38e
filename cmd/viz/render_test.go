package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// TestRenderBoards checks that `viz render` draws each node's board as its
// game declares it: the twin maze played in turns has the grid's rows only
// and says whose turn it is, and --boards=false draws none. The trace
// `viz run` writes holds no boards: render works them out from the game.
func TestRenderBoards(t *testing.T) {
	t.Parallel()
	cell := regexp.MustCompile(`<TD FIXEDSIZE="TRUE" WIDTH="12" HEIGHT="12"[^>]*>(?:<FONT POINT-SIZE="10">(?:<B>)?([^<]*))?`)
	tests := []struct {
		game, position, algo string
		boards               string
		cells                int      // board cells in the root's node, 0 for none
		captions             []string // in the drawing
		stray                string   // a mark no cell may hold
	}{
		{"twinmaze-turns", "1:A9B;A", "alphabeta", "true", 3, []string{"1 turn left, A to move", "1 turn left, B to move"}, ";"},
		{"maze", "2:.@9/#.1", "beam width=2 depth=2", "true", 6, []string{"2 turns left", "1 turn left", "no turns left"}, ":"},
		{"tictactoe", "xo./.x./o..", "alphabeta", "true", 9, nil, "/"},
		{"twinmaze-turns", "1:A9B;A", "alphabeta", "false", 0, nil, ";"},
	}
	for _, tt := range tests {
		t.Run(tt.game+" boards="+tt.boards, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "t.jsonl")
			if code, _, stderr := runViz(t, "run", "--game", tt.game, "--position", tt.position, "--algo", tt.algo, "--out", path); code != 0 {
				t.Fatalf("run %s %q: exit %d: %s", tt.game, tt.position, code, stderr)
			}
			if data, err := os.ReadFile(path); err != nil || strings.Contains(string(data), `"board"`) {
				t.Fatalf("viz run wrote boards into the trace (error %v); render must work them out", err)
			}
			code, dot, stderr := runViz(t, "render", "--format", "dot", "--boards="+tt.boards, path)
			if code != 0 {
				t.Fatalf("render: exit %d: %s", code, stderr)
			}
			var root string
			for line := range strings.SplitSeq(dot, "\n") {
				if strings.HasPrefix(line, "\tn0 [") {
					root = line
				}
			}
			if got := len(cell.FindAllString(root, -1)); got != tt.cells {
				t.Errorf("%s %q, --boards=%s: the root draws %d board cells, want %d", tt.game, tt.position, tt.boards, got, tt.cells)
			}
			for _, m := range cell.FindAllStringSubmatch(dot, -1) {
				if m[1] == tt.stray {
					t.Errorf("%s %q: a cell holds %q, which is no cell of the game", tt.game, tt.position, m[1])
					break
				}
			}
			for _, c := range tt.captions {
				if !regexp.MustCompile(`<FONT POINT-SIZE="\d+">` + regexp.QuoteMeta(c) + `</FONT>`).MatchString(dot) {
					t.Errorf("%s %q: no board is captioned %q", tt.game, tt.position, c)
				}
			}
		})
	}
}

// TestRenderMemory renders a trace of 3,610 nodes (MiniMax to depth 4 from
// the empty tic-tac-toe board: 1+9+72+504+3024) under a --memory bound
// that holds fewer nodes, and one that holds them.
func TestRenderMemory(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "t.jsonl")
	if code, _, stderr := runViz(t, "run", "--game", "tictactoe", "--algo", "minimax depth=4", "--out", path); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	most := int(1 << 20 / 2 / trace.BytesPerNode)
	code, _, stderr := runViz(t, "render", "--memory", "1", "--format", "dot", path)
	for _, want := range []string{fmt.Sprintf("more than %d nodes, the most a memory budget of 1 MiB holds", most), "raise --memory (now 1 MiB) to open it"} {
		if code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("render --memory 1: exit %d, stderr %q, want 1 and %q", code, stderr, want)
		}
	}
	code, stdout, stderr := runViz(t, "render", "--memory", "4", "--whole", "--format", "dot", path)
	if code != 0 || strings.Count(stdout, "label=") < 3610 {
		t.Errorf("render --memory 4 --whole: exit %d (%s), %d labels, want 0 and a node for each of 3610", code, stderr, strings.Count(stdout, "label="))
	}
}

// dotNode matches a node's or a placeholder's statement in DOT: the kind
// (n a node, m a placeholder) and the id.
var dotNode = regexp.MustCompile(`(?m)^\t(n|m)(\d+) \[`)

// TestRenderReadableByDefault draws MiniMax 3 plies deep from the empty
// tic-tac-toe board, 1 + 9 + 72 + 504 = 586 nodes (no game ends before
// the fifth ply): by default the drawing holds drawnUnlessWhole of them,
// the root and the best line among them, and boxes for the rest; with
// --whole, all 586.
func TestRenderReadableByDefault(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "t.jsonl")
	if code, _, stderr := runViz(t, "run", "--game", "tictactoe", "--algo", "minimax depth=3", "--out", path); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	count := func(args ...string) (nodes, boxes int, best []string) {
		t.Helper()
		code, dot, stderr := runViz(t, append(append([]string{"render", "--format", "dot"}, args...), path)...)
		if code != 0 {
			t.Fatalf("render %v: exit %d: %s", args, code, stderr)
		}
		for _, m := range dotNode.FindAllStringSubmatch(dot, -1) {
			if m[1] == "n" {
				nodes++
			} else {
				boxes++
			}
		}
		return nodes, boxes, regexp.MustCompile(`id="(n\d+)" class="st_best`).FindAllString(dot, -1)
	}
	nodes, boxes, best := count()
	if nodes != drawnUnlessWhole || boxes == 0 {
		t.Errorf("by default: %d nodes and %d boxes, want %d nodes and boxes for the rest", nodes, boxes, drawnUnlessWhole)
	}
	if len(best) != 4 {
		t.Errorf("by default the best line has %d nodes drawn, want the root and three plies: %v", len(best), best)
	}
	if nodes, boxes, _ := count("--whole"); nodes != 586 || boxes != 0 {
		t.Errorf("--whole: %d nodes and %d boxes, want 586 and none", nodes, boxes)
	}
}

// TestRunTraceNodes records MiniMax on tic-tac-toe with a node budget below
// its 549,946 nodes, and by default, which records them all; a trace cut
// short is said so on standard error, with the flag that records more.
func TestRunTraceNodes(t *testing.T) {
	testenv.SkipUnderRace(t, "runs a search and reads its trace in the test goroutine")
	t.Parallel()
	for _, tc := range []struct {
		name      string
		args      []string
		nodes     int
		truncated bool
		warning   string // standard error, all of it
	}{
		{"1000", []string{"--trace-nodes", "1000"}, 1000, true, "viz: run: the trace is cut short: it records 1000 of the search's 549946 nodes, the most --trace-nodes 1000 allows (1000000 by default); --trace-nodes 549946 records them all\n"},
		{"default", nil, 549_946, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "t.jsonl")
			args := append([]string{"run", "--game", "tictactoe", "--algo", "minimax", "--out", path}, tc.args...)
			code, _, stderr := runViz(t, args...)
			if code != 0 {
				t.Fatalf("viz %v: exit %d: %s", args, code, stderr)
			}
			if stderr != tc.warning {
				t.Errorf("viz %v: stderr %q, want %q", args, stderr, tc.warning)
			}
			_, tr, err := catalog.ReadTreeFile(path, trace.Limits{}, 0)
			if err != nil {
				t.Fatal(err)
			}
			created, truncated := 0, false
			for id := range tr.Size() {
				if !tr.Node(trace.NodeID(id)).Placeholder {
					created++
				}
			}
			for k := range tr.Len() {
				if e := tr.Event(k); e.Kind == trace.KindNote && e.Truncated == trace.TruncatedNodes {
					truncated = true
				}
			}
			if created != tc.nodes || truncated != tc.truncated {
				t.Errorf("viz %v: %d nodes recorded, truncated %v; want %d, %v", args, created, truncated, tc.nodes, tc.truncated)
			}
		})
	}
}

// TestTruncatedWarning checks the words of viz run's warning about a trace
// cut short, for --trace-nodes at its default, its maximum and between,
// and searches that it could or could not record whole.
func TestTruncatedWarning(t *testing.T) {
	testenv.SkipUnderRace(t, "words a warning")
	t.Parallel()
	if defaultTraceNodes != 1_000_000 || maxTraceNodes != 2_000_000 {
		t.Fatalf("the cases below assume --trace-nodes of 1000000 by default and 2000000 at most, not %d and %d", defaultTraceNodes, maxTraceNodes)
	}
	tests := []struct {
		traceNodes, nodes int
		want              string
	}{
		{1_000_000, 1_500_000, "run: the trace is cut short: it records 1000000 of the search's 1500000 nodes, the most --trace-nodes allows by default; --trace-nodes 1500000 records them all"},
		{1_000_000, 5_000_000, "run: the trace is cut short: it records 1000000 of the search's 5000000 nodes, the most --trace-nodes allows by default; --trace-nodes 2000000, its maximum, records more, and a smaller search (nodes= or depth= in --algo) all of it"},
		{100, 659, "run: the trace is cut short: it records 100 of the search's 659 nodes, the most --trace-nodes 100 allows (1000000 by default); --trace-nodes 659 records them all"},
		{2_000_000, 5_000_000, "run: the trace is cut short: it records 2000000 of the search's 5000000 nodes, the most --trace-nodes 2000000 allows (1000000 by default); 2000000 is its maximum: search less (nodes= or depth= in --algo) to record the whole search"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d of %d", tt.traceNodes, tt.nodes), func(t *testing.T) {
			t.Parallel()
			if got := truncatedWarning(tt.traceNodes, tt.nodes); got != tt.want {
				t.Errorf("truncatedWarning(%d, %d) =\n%s\nwant\n%s", tt.traceNodes, tt.nodes, got, tt.want)
			}
		})
	}
}
