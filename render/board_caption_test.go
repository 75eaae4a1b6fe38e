package render

import "testing"

// TestNodeCaption checks the part of a board's caption a node shows:
// whole clauses that fit, or the start and an ellipsis.
func TestNodeCaption(t *testing.T) {
	t.Parallel()
	tests := []struct{ caption, want string }{
		{"", ""},
		{"x to move", "x to move"},
		{"20 turns left, A to move", "20 turns left, A to move"}, // 24 characters: fits
		{"White to move, ply 0 of 200, no diagonal King move", "White to move"},
		{"Black must pass, ply 12 of 60", "Black must pass"},
		{"a, b, c, d, e, f, g, h, i, j, k", "a, b, c, d, e, f, g, h"},
		{"a caption with no comma that goes on", "a caption with no comma…"},
		{"étoiles ★★★★★★★★★★★★★★★★★★★★", "étoiles " + "★★★★★★★★★★★★★★★" + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.caption, func(t *testing.T) {
			t.Parallel()
			got := nodeCaption(tt.caption)
			if got != tt.want {
				t.Errorf("nodeCaption(%q) = %q, want %q", tt.caption, got, tt.want)
			}
			if n := len([]rune(got)); n > maxNodeCaption {
				t.Errorf("nodeCaption(%q) is %d characters, more than %d", tt.caption, n, maxNodeCaption)
			}
		})
	}
}
