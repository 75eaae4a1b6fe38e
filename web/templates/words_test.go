package templates

import "testing"

func TestOptionTitle(t *testing.T) {
	tests := []struct{ help, want string }{
		{"AlphaBeta: MiniMax's value, pruning lines the opponent would never allow", "AlphaBeta"},
		{"MCTS (UCT): grow a tree by UCB1 selection", "MCTS (UCT)"},
		{"tic-tac-toe: three in a row wins; x moves first", "tic-tac-toe"},
		{"a game tree typed in: nested brackets of leaf values", "a game tree typed in"},
		{"no title here", "no title here"},
		{"ratio 1:2 is not a title", "ratio 1:2 is not a title"},
	}
	for _, tt := range tests {
		if got := optionTitle(tt.help); got != tt.want {
			t.Errorf("optionTitle(%q) = %q, want %q", tt.help, got, tt.want)
		}
	}
}

func TestOptionTitleJapanese(t *testing.T) {
	t.Parallel()
	if got := optionTitle("アルファベータ法：ミニマックス法と同じ値を求めます"); got != "アルファベータ法" {
		t.Errorf("optionTitle of a Japanese help = %q", got)
	}
}
