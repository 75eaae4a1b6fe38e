package counts

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// latinWord finds a word of Latin letters.
var latinWord = regexp.MustCompile(`[A-Za-z]{2,}`)

// englishOf returns the English words of a Japanese text of the counts:
// words of Latin letters outside the traces' names.
func englishOf(s string, names []string) []string {
	for _, n := range names {
		s = strings.ReplaceAll(s, n, " ")
	}
	return latinWord.FindAllString(s, -1)
}

// TestCountsInJapanese counts MiniMax, AlphaBeta with a table, MCTS and a
// trace cut short by a budget, and checks that their words, notes,
// charts and tables in Japanese have no English word but the traces'
// names, and that their English is the package's English.
func TestCountsInJapanese(t *testing.T) {
	t.Parallel()
	rn := "[[3,12,8],[2,4,6],[14,5,2]]"
	run, err := catalog.Prepare(catalog.Request{Game: "tictactoe", Algo: "minimax", Position: "x.o/.x./..o"})
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(40)
	if _, err := run.Search(t.Context(), rec); err != nil {
		t.Fatal(err)
	}
	minimax := Trace{Name: "MiniMax", Counts: mustCount(t, foldedTrace(t, catalog.Request{Game: "tree", Algo: "minimax", Position: rn}))}
	sets := [][]Trace{{
		minimax,
		{Name: "AlphaBeta", Counts: mustCount(t, foldedTrace(t, catalog.Request{Game: "tictactoe", Algo: "alphabeta tt=1", Position: "x../.o./..."}))},
		{Name: "Cut", Counts: mustCount(t, foldEvents(t, rec.Events()))},
	}, {
		minimax,
		{Name: "MCTS", Counts: mustCount(t, foldedTrace(t, catalog.Request{Game: "tree", Algo: "mcts playouts=30", Position: rn, Seed: 1}))},
	}}
	for _, ts := range sets {
		checkJapaneseCounts(t, ts)
	}
}

// checkJapaneseCounts checks the Japanese and English of the counts of ts.
func checkJapaneseCounts(t *testing.T, ts []Trace) {
	t.Helper()
	var names []string
	for _, tr := range ts {
		names = append(names, tr.Name)
	}
	ja := explain.Japanese
	var texts []string
	texts = append(texts, WordsIn(ja, ts)...)
	texts = append(texts, NotesIn(ja, ts)...)
	for _, c := range ChartsIn(ja, ts, ScaleAuto) {
		texts = append(texts, c.Title)
		for _, m := range regexp.MustCompile(`>([^<>]+)<`).FindAllStringSubmatch(c.SVG, -1) {
			texts = append(texts, m[1])
		}
	}
	for _, tab := range TablesIn(ja, ts) {
		texts = append(texts, tab.Caption)
		texts = append(texts, tab.Head...)
		texts = append(texts, tab.Total[0])
	}
	for _, s := range texts {
		if w := englishOf(s, names); len(w) > 0 {
			t.Errorf("Japanese %q has the English words %q", s, w)
		}
	}
	if got, want := Words(ts), WordsIn(explain.English, ts); !slices.Equal(got, want) || !strings.HasPrefix(got[0], "MiniMax looked at ") {
		t.Errorf("English words %q", got)
	}
}

// TestChartWordsTranslated checks the words the charts hold as data,
// which the catalogs' scan of calls cannot see: each chart's title and
// unit, and each scale's name.
func TestChartWordsTranslated(t *testing.T) {
	t.Parallel()
	keys := []string{ScaleLog.String(), ScaleLinear.String()}
	for _, m := range chartMetrics {
		keys = append(keys, m.title, m.unit)
	}
	for _, k := range keys {
		if e, ok := explain.Catalog[k]; !ok || e.Ja == "" {
			t.Errorf("%q has no Japanese in the catalogs", k)
		}
	}
}
