package explain_test

import (
	"context"
	"errors"
	"regexp"
	"testing"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// noteCollector keeps the texts of the notes a search emits.
type noteCollector map[string]bool

// Emit keeps e's text when e is a note.
func (c noteCollector) Emit(e trace.Event) {
	if e.Kind == trace.KindNote {
		c[e.Text] = true
	}
}

// englishWord finds a word of three or more Latin letters; move labels
// ("d3", "K SE"), durations ("20ms") and α/β are shorter or not Latin.
var englishWord = regexp.MustCompile(`[A-Za-z]{3,}`)

// parameterName finds a parameter written as code ("depth="), which a
// Japanese sentence keeps as it is.
var parameterName = regexp.MustCompile(`[a-z]+=`)

// TestSearchNotesInJapanese runs searches that write every kind of note
// the searches have, stopped early by each of their limits, and checks
// that each note reads in Japanese with no English word left in it.
func TestSearchNotesInJapanese(t *testing.T) {
	t.Parallel()
	const dice = "..C..../......a/DbK#.../..###../...#kBd/A....../....c.. w 0"
	requests := []catalog.Request{
		{Game: "tictactoe", Algo: "iterative time=0"},
		{Game: "tictactoe", Algo: "iterative time=0 ordering=0"},
		{Game: "othello", Algo: "iterative time=0 budget=5 depth=9"},
		{Game: "othello", Algo: "iterative time=20 depth=9"},
		{Game: "othello", Algo: "iterative time=0 depth=9 nodes=3000"},
		{Game: "othello", Algo: "alphabeta depth=3 ordering=1 tt=1 quiescence=2"},
		{Game: "othello", Algo: "alphabeta depth=3 ordering=2"},
		{Game: "othello", Algo: "alphabeta depth=3 ordering=3"},
		{Game: "othello", Algo: "alphabeta depth=4 nodes=300"},
		{Game: "tictactoe", Algo: "alphabeta quiescence=2 tt=1"},
		{Game: "tictactoe", Algo: "minimax nodes=100"},
		{Game: "tictactoe", Algo: "negamax depth=3 nodes=2000"},
		{Game: "tictactoe", Algo: "mcts time=1 playouts=1000000"},
		{Game: "tictactoe", Algo: "mcts nodes=50"},
		{Game: "tictactoe", Algo: "pmc nodes=50"},
		{Game: "maze", Algo: "beam nodes=20 depth=10"},
		{Game: "maze", Algo: "chokudai nodes=20 depth=10"},
		{Game: "twinmaze", Algo: "duct time=1 playouts=1000000"},
		{Game: "twinmaze", Algo: "duct nodes=30"},
		{Game: "dice", Algo: "expectimax cut=1 depth=3"},
		{Game: "dice", Algo: "expectimax obvious=1 depth=1", Position: dice},
		{Game: "dice", Algo: "expectimax depth=2 nodes=100"},
		{Game: "chancetree", Algo: "expectimax", Position: "[{0.5:[3,12],0.5:[2,4]},{1/6:9,5/6:-1}]"},
	}
	for _, req := range requests {
		t.Run(req.Game+" "+req.Algo, func(t *testing.T) {
			t.Parallel()
			run, err := catalog.Prepare(req)
			if err != nil {
				t.Fatal(err)
			}
			notes := noteCollector{}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if _, err := run.Search(ctx, notes); err != nil && !errors.Is(err, search.ErrBudget) {
				t.Fatal(err)
			}
			for note := range notes {
				ja := explain.Japanese.Note(note)
				if w := englishWord.FindString(parameterName.ReplaceAllString(ja, "")); w != "" {
					t.Errorf("the note %q reads in Japanese with the English word %q: %q", note, w, ja)
				}
			}
		})
	}
}
