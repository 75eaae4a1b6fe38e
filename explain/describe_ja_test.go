package explain

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
)

// searched returns the tree of a search of game from position by algo.
func searched(t *testing.T, game, algo, position string) *trace.Tree {
	t.Helper()
	r, err := catalog.Prepare(catalog.Request{Game: game, Algo: algo, Position: position, Seed: 1, SeedSet: true})
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := r.Search(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	return tree(t, rec.Events())
}

// englishWord finds a word of English letters; the words a Japanese
// sentence may keep are removed first (see foreign).
var englishWord = regexp.MustCompile(`[A-Za-z]{2,}`)

// kept are the Latin words a Japanese sentence keeps as they are.
var kept = map[string]bool{"MAX": true, "MIN": true, "UCB": true, "MCTS": true, "DUCT": true}

// foreign returns the English words of s, a Japanese sentence about t:
// words of Latin letters other than MAX, MIN, UCB1 and t's move labels,
// each player's moves of a joint move too.
func foreign(t *trace.Tree, s string) []string {
	for id := range t.Size() {
		n := t.Node(trace.NodeID(id))
		labels := []string{n.Label}
		if n.Joint != nil {
			for _, j := range n.Joint {
				labels = append(labels, j.Label) // each player's part of a joint move
			}
		}
		for _, l := range labels {
			if l != "" {
				s = strings.ReplaceAll(s, l, " ")
			}
		}
	}
	var words []string
	for _, w := range englishWord.FindAllString(s, -1) {
		if !kept[w] {
			words = append(words, w)
		}
	}
	return words
}

// TestDescribeJapanese describes every step of a few searches, one of
// each kind of event, in Japanese in both views, and finds no English
// word outside move labels; and the English sentences stay English.
func TestDescribeJapanese(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, game, algo, position string }{
		{"minimax", "tree", "minimax", "[[3,12,8],[2,4,6],[14,5,2]]"},
		{"alphabeta", "tree", "alphabeta", "[[[3,5],[6,9]],[[1,2],[0,-1]]]"},
		{"mcts", "tree", "mcts playouts=30", "[[3,12,8],[2,4,6],[14,5,2]]"},
		{"expectimax", "chancetree", "expectimax", "[{0.5:[3,{1/3:1,2/3:[4,-2]}],0.5:7},[2,9],{0.25:-1,0.75:5}]"},
		{"pmc", "tree", "pmc", "[[3,12,8],[2,4,6],[14,5,2]]"},
		{"iterative", "tree", "iterative", "[[[3,5],[6,9]],[[1,2],[0,-1]]]"},
		{"beam", "maze", "beam width=2 depth=3", "3:39737/3#1#6/69@86/6#8#4/36914"},
		{"chokudai", "maze", "chokudai width=1 depth=3 passes=3", "3:39737/3#1#6/69@86/6#8#4/36914"},
		{"duct", "twinmaze", "duct playouts=20", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr := searched(t, tt.game, tt.algo, tt.position)
			for k := range tr.Len() {
				if err := tr.Seek(k); err != nil {
					t.Fatal(err)
				}
				if tr.Event(k).Kind == trace.KindNote {
					continue // a search's own notes are its words
				}
				for _, v := range []trace.View{trace.ViewRoot, trace.ViewSide} {
					ja := Japanese.Describe(tr, v)
					if w := foreign(tr, ja); len(w) > 0 || ja == "" {
						t.Errorf("step %d (%s), %v view: %q has English words %q", k, tr.Event(k).Kind, v, ja, w)
					}
					if en := Describe(tr, v); en == ja || !englishWord.MatchString(en) {
						t.Errorf("step %d, %v view: English %q", k, v, en)
					}
				}
			}
		})
	}
}

// TestDescribeJapaneseCut checks the Japanese of the textbook's α-cut.
func TestDescribeJapaneseCut(t *testing.T) {
	t.Parallel()
	tr := textbook(t)
	if err := tr.Seek(35); err != nil {
		t.Fatal(err)
	}
	want := "a2でαカット：2 ≤ α=3（MINノード）。その値はすでに、上のMAXがほかで確保している値 α まで下がっているので、MAXはこのノードに決して進ませません。よってc2、c3は探索する必要がありません。"
	if got := Japanese.Describe(tr, trace.ViewRoot); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestDataWordsTranslated checks that the words the vocabulary holds as
// data, which the catalogs' scan of calls cannot see, are translated.
func TestDataWordsTranslated(t *testing.T) {
	t.Parallel()
	var keys []string
	for _, w := range typeWords {
		keys = append(keys, w.player, w.node, w.legend)
	}
	keys = append(keys, statusWords[:]...)
	for _, w := range rootWords {
		keys = append(keys, w.Title, w.Help, w.Top, w.Tied)
	}
	for _, p := range simPlayers {
		keys = append(keys, p, Capital(p))
	}
	keys = append(keys, FactNode, FactToMove, FactDepth, FactStatus, FactWindow, FactVisits, FactMeanResult, FactPlayout,
		FactBestSoFar, FactBestMove, FactBestBelow, FactCreatedIn, FactSame, NotKnownYet, NoResultsYet,
		LegendTitle, LegendWindow, LegendVisits, LegendMove)
	for _, k := range keys {
		if k == "" {
			continue
		}
		if e, ok := Catalog[k]; !ok || e.Ja == "" {
			t.Errorf("%q has no Japanese in the catalogs", k)
		}
	}
}
