package arena

import (
	"regexp"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/explain"
)

// TestVerdictWordsIn checks that a test's decision reads in English as
// Words and Accepted say it, and in Japanese with no English word but
// the hypotheses' names and Elo, and with the same Elo differences.
func TestVerdictWordsIn(t *testing.T) {
	t.Parallel()
	english := regexp.MustCompile(`[A-Za-z]+[0-9]*`)
	t1 := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	for _, d := range []Decision{Undecided, AcceptedH0, AcceptedH1} {
		v := Verdict{SPRT: t1, Decision: d}
		if got := v.WordsIn(explain.English); got != v.Words() {
			t.Errorf("%s: WordsIn(English) = %q, Words = %q", d, got, v.Words())
		}
		if got := d.AcceptedIn(explain.English); got != d.Accepted() {
			t.Errorf("%s: AcceptedIn(English) = %q, Accepted = %q", d, got, d.Accepted())
		}
		for _, ja := range []string{v.WordsIn(explain.Japanese), d.AcceptedIn(explain.Japanese)} {
			for _, w := range english.FindAllString(ja, -1) {
				if w != "H0" && w != "H1" && w != "Elo" {
					t.Errorf("%s: the Japanese %q has the English %q", d, ja, w)
				}
			}
		}
		if d != Undecided && (!strings.Contains(v.WordsIn(explain.Japanese), FormatElo(10)) || !strings.Contains(v.WordsIn(explain.Japanese), FormatElo(0))) {
			t.Errorf("%s: the Japanese %q lacks the Elo differences", d, v.WordsIn(explain.Japanese))
		}
	}
}
