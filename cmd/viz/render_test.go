package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRenderBoards checks that `viz render` draws each node's board as its
// game declares it: the twin maze played in turns has the grid's rows only
// and says whose turn it is, and --boards=false draws none. The trace
// `viz run` writes holds no boards: render works them out from the game.
func TestRenderBoards(t *testing.T) {
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
			if !strings.Contains(dot, `<FONT POINT-SIZE="8">`+c+`</FONT>`) {
				t.Errorf("%s %q: no board is captioned %q", tt.game, tt.position, c)
			}
		}
	}
}
