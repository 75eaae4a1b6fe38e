package gallery

import (
	"testing"

	"github.com/searchviz/searchviz/explain"
)

// TestGalleryTextsTranslated checks that every text of the gallery a page
// shows has a catalog entry: the lessons' titles and introductions, the
// examples' and comparisons' titles, notes and paragraphs, and what "step
// both" keeps the same. They are data, which the catalogs' scan of the
// code cannot see.
func TestGalleryTextsTranslated(t *testing.T) {
	t.Parallel()
	var texts []string
	for _, l := range Lessons() {
		texts = append(texts, l.Title, l.Intro)
	}
	for _, e := range Examples() {
		texts = append(texts, e.Title, e.Watch, e.About)
	}
	for _, c := range Comparisons() {
		texts = append(texts, c.Title, c.Watch, c.Point, c.About, c.ValueHead, c.Match.Text())
	}
	for _, r := range []Rule{MatchNode, MatchPlayout, MatchShare} {
		texts = append(texts, r.Text())
	}
	for _, text := range texts {
		if _, ok := explain.Catalog[text]; text != "" && !ok {
			t.Errorf("no catalog entry for %q", text)
		}
	}
}

// TestValueInJapanese checks that a comparison's table states values in
// the reader's language, with the numbers and the player as they are.
func TestValueInJapanese(t *testing.T) {
	t.Parallel()
	tests := []struct {
		terms  Terms
		f      Facts
		en, ja string
	}{
		{TermsExpect, Facts{Value: 3}, "+3 points: A ahead", "+3 点：A が優勢"},
		{TermsExpect, Facts{Value: -1}, "-1 point: A behind", "-1 点：A が劣勢"},
		{TermsExpect, Facts{Value: 0.5, MonteCarlo: true}, "0.50 win rate: about even", "勝率 0.50：ほぼ互角"},
		{TermsGame, Facts{Value: 0}, "0: a draw", "0：引き分け"},
		{TermsGame, Facts{Value: 1}, "+1: A wins", "+1：A の勝ち"},
	}
	for _, tt := range tests {
		if got := tt.terms.Value(explain.English, tt.f, "A"); got != tt.en {
			t.Errorf("Value in English = %q, want %q", got, tt.en)
		}
		if got := tt.terms.Value(explain.Japanese, tt.f, "A"); got != tt.ja {
			t.Errorf("Value in Japanese = %q, want %q", got, tt.ja)
		}
	}
}
