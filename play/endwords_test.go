package play

import "testing"

// TestEndWords checks the sentence that ends a game with each game's
// final captions: who won is said once, with the side that won.
func TestEndWords(t *testing.T) {
	t.Parallel()
	tests := []struct{ caption, winner, want string }{
		{"", "you", "You win."},
		{"", "the engine", "The engine wins."},
		{"", "", "A draw."},
		{"White wins 40–24", "the engine", "White wins 40–24 (the engine)."},
		{"x wins", "you", "x wins (you)."},
		{"Black has a line and wins", "you", "Black has a line and wins (you)."},
		{"draw 32–32", "", "Draw 32–32."},
		{"draw: 200 plies played", "", "Draw: 200 plies played."},
		{"draw", "", "Draw."},
		{"0 turns left", "you", "You win: 0 turns left."},
		{"0 turns left", "", "A draw: 0 turns left."},
	}
	for _, tt := range tests {
		t.Run(tt.caption+"/"+tt.winner, func(t *testing.T) {
			t.Parallel()
			if got := endWords(tt.caption, tt.winner); got != tt.want {
				t.Errorf("endWords(%q, %q) = %q, want %q", tt.caption, tt.winner, got, tt.want)
			}
		})
	}
}
