package explain

import (
	"strings"
	"testing"
)

// TestNoteInJapanese reads searches' notes in Japanese: those of a known
// form, with their words in it translated, and an unknown one as it was
// written; in English every note reads as written.
func TestNoteInJapanese(t *testing.T) {
	t.Parallel()
	tests := []struct{ note, want string }{
		{"depth 3: 120 nodes", "深さ 3：120 ノード"},
		{"depth 4: 1,234 nodes with move ordering from depth 3", "深さ 4：1,234 ノード（深さ 3 の結果で手を並べ替え）"},
		{"search cut short: nobody was watching after 5,000 nodes; this trace holds what it recorded until then.",
			"探索は 5,000 ノードの時点で打ち切られました（誰も見ていなかったため）。このトレースにはそれまでに記録した分が入っています。"},
		{"search cut short: disk on fire; this trace holds what it recorded until then.",
			"探索は途中で打ち切られました（disk on fire）。このトレースにはそれまでに記録した分が入っています。"},
		{"Transposition table: 12 hits, 35 positions stored.", "置換表：ヒット 12 回、記録した局面 35 個。"},
		{"Quiescence: at the depth limit, but moves are noisy (a3, g8): searched on, up to 2 more plies, with -7 as the floor the side to move can stand on.",
			"静止探索：深さの上限ですが、騒がしい手があります（a3, g8）。さらに最大 2 手先まで探索し、手番が確保できる下限は -7 です。"},
		{"Quiescence: at the depth limit, but move is noisy (a3): searched on, up to 1 more ply, with 4 as the floor the side to move can stand on.",
			"静止探索：深さの上限ですが、騒がしい手があります（a3）。さらに最大 1 手先まで探索し、手番が確保できる下限は 4 です。"},
		{"a note about no node", "a note about no node"},
	}
	for _, tt := range tests {
		if got := Japanese.Note(tt.note); got != tt.want {
			t.Errorf("Japanese.Note(%q) = %q, want %q", tt.note, got, tt.want)
		}
		if got := English.Note(tt.note); got != tt.note {
			t.Errorf("English.Note(%q) = %q", tt.note, got)
		}
	}
}

// TestNoteFormatsTranslated checks that each form of a search's notes has
// a Japanese translation, and holes of %s only, which a note's words fill.
func TestNoteFormatsTranslated(t *testing.T) {
	t.Parallel()
	for _, f := range noteFormats {
		if e, ok := Catalog[f]; !ok || e.Ja == "" {
			t.Errorf("the note form %q has no Japanese", f)
		}
		for _, h := range holes(f) {
			if !strings.HasSuffix(h, "s") {
				t.Errorf("the note form %q has the hole %q, not %%s", f, h)
			}
		}
	}
}
