package explain

import (
	"slices"
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
		{"search stopped early: node budget reached (100 nodes) inside the subtree of the first move, a3, so no move of the root was searched to the end and there is no decision. To get one, lower depth= or raise nodes=.",
			"探索は途中で止まりました（ノード数の上限 100 に達したため）。最初の手 a3 の部分木の中で止まったため、最後まで探索できたルートの手はなく、決定はありません。決定を得るには、depth= を下げるか nodes= を上げてください。"},
		{"search stopped early: stopped after 900 nodes: context deadline exceeded. The decision is the best of the root's moves searched to the end; c4, f5 and e6 were not. To search them all, lower depth= or allow more time.",
			"探索は途中で止まりました（900 ノードの後で停止：時間切れです）。決定は、ルートの手のうち最後まで探索したものの中で最善の手です。c4, f5 と e6 は最後まで探索していません。すべてを探索するには、depth= を下げるか、時間を増やしてください。"},
		{"search stopped early: time limit of 1ms reached; the decision is the best move found so far",
			"探索は途中で止まりました（時間の上限 1ms に達したため）。決定はそれまでに見つけた最善の手です。"},
		{"depth 9 cut short by the clock after 25928 nodes: discarded", "深さ 9 は 25928 ノードの後に時間切れにより打ち切られ、捨てられました"},
		{"c4 beats d3, the previous depth's best move: the budget grows to 2B = 10ms", "c4 が前の深さの最善手 d3 を上回りました。持ち時間を 2B = 10ms に延ばします"},
		{"forward cut after 3 plies: threshold -160.75 (the best, -140.75, minus the margin 20); kept 3 SW -140.75, 4 NE -170 (can win at once); dropped K N -186.3",
			"3 手読みの後の前向き枝刈り：しきい値 -160.75（最善の -140.75 からマージン 20 を引いた値）。残した手：3 SW -140.75, 4 NE -170（すぐ勝てる手）。捨てた手：K N -186.3"},
		{"obvious move, played without searching: 1 E blocks Black's K SE (p = 1/6 → 5/36)",
			"自明な手なので探索せずに指しました：1 E で黒の K SE を防ぎます（p = 1/6 → 5/36）"},
		{"trace truncated: event budget of 9 events reached; later events are not recorded",
			"トレースを打ち切りました：イベント数の上限（9 イベント）に達したため、これより後のイベントは記録されていません"},
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
	for _, f := range slices.Concat(noteFormats, holeFormats, notePhrases) {
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
