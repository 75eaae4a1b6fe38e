package explain

import (
	"testing"

	"github.com/searchviz/searchviz/trace"
)

func TestBoardCaption(t *testing.T) {
	t.Parallel()
	tests := []struct {
		en, ja string
	}{
		{"White to move, ply 0 of 200, no diagonal King move", "白の手番、0 / 200 手目、キングは斜めに動けません"},
		{"Black to move, ply 7 of 200, must pass", "黒の手番、7 / 200 手目、パスするしかありません"},
		{"Black to move, ply 7 of 200", "黒の手番、7 / 200 手目"},
		{"White has a line and wins", "白が一列に並べて勝ち"},
		{"draw: 200 plies played", "引き分け：200 手を指し終えました"},
		{"Black to move · 2–2", "黒の手番 · 2–2"},
		{"White must pass · 30–20", "白はパス · 30–20"},
		{"Black wins 40–24", "黒の勝ち 40–24"},
		{"draw 32–32", "引き分け 32–32"},
		{"20 turns left, A to move, A 0 – B 0", "残り 20 ターン、Aの手番、A 0 – B 0"},
		{"1 turn left, B to move", "残り 1 ターン、Bの手番"},
		{"3 turns left, A 2 – B 1", "残り 3 ターン、A 2 – B 1"},
		{"B wins 5 – 3", "Bの勝ち 5 – 3"},
		{"Draw 4 – 4", "引き分け 4 – 4"},
		{"no turns left", "残りターンなし"},
		{"x to move", "xの手番"},
		{"o wins", "oの勝ち"},
		{"draw", "引き分け"},
		{"", ""},
		{"a caption no game writes", "a caption no game writes"},
	}
	for _, tt := range tests {
		if got := Japanese.BoardCaption(tt.en); got != tt.ja {
			t.Errorf("Japanese.BoardCaption(%q) = %q, want %q", tt.en, got, tt.ja)
		}
		if got := English.BoardCaption(tt.en); got != tt.en {
			t.Errorf("English.BoardCaption(%q) = %q, want it unchanged", tt.en, got)
		}
	}
}

func TestNodeLabel(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		n    trace.NodeState
		ja   string
	}{
		{"a move", trace.NodeState{Action: 2, Parent: 0, Label: "b3"}, "b3"},
		{"the root", trace.NodeState{Action: -1, Parent: trace.NoNode, Label: "root"}, "root"},
		{"an iteration's root", trace.NodeState{Action: -1, Parent: 0, Label: "depth 4"}, "深さ 4"},
		{"a pass of one ply", trace.NodeState{Action: -1, Parent: 0, Label: "1 ply"}, "1 手読み"},
		{"a pass of three plies", trace.NodeState{Action: -1, Parent: 0, Label: "3 plies"}, "3 手読み"},
		{"other words", trace.NodeState{Action: -1, Parent: 0, Label: "pass"}, "pass"},
	}
	for _, tt := range tests {
		if got := Japanese.NodeLabel(tt.n); got != tt.ja {
			t.Errorf("%s: Japanese.NodeLabel = %q, want %q", tt.name, got, tt.ja)
		}
		if got := English.NodeLabel(tt.n); got != tt.n.Label {
			t.Errorf("%s: English.NodeLabel = %q, want %q", tt.name, got, tt.n.Label)
		}
	}
}
