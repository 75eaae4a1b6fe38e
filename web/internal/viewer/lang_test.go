package viewer

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// latin finds a word of Latin letters, which a Japanese text keeps only
// for move labels, MAX, MIN and UCB1.
var latin = regexp.MustCompile(`[A-Za-z]{2,}`)

// englishIn returns the English words of a Japanese text s about tree
// t: words of Latin letters other than t's move labels, MAX and MIN.
func englishIn(t *trace.Tree, s string) []string {
	for id := range t.Size() {
		if l := t.Node(trace.NodeID(id)).Label; l != "" {
			s = strings.ReplaceAll(s, l, " ")
		}
	}
	var out []string
	for _, w := range latin.FindAllString(s, -1) {
		if w != "MAX" && w != "MIN" && w != "UCB" && w != "MCTS" && w != "DUCT" {
			out = append(out, w)
		}
	}
	return out
}

// frameTexts returns the words a frame carries for its reader: its log,
// caption, counter, variables, selected node's details and root moves'
// panel.
func frameTexts(f Frame) []string {
	texts := []string{f.Caption, f.Counter}
	for _, l := range f.Log {
		texts = append(texts, l.Text)
	}
	vars := f.Vars
	if f.Selected != nil {
		vars = append(vars, f.Selected.Facts...)
		texts = append(texts, f.Selected.Title, f.Selected.Reason)
	}
	for _, v := range vars {
		texts = append(texts, v.Name, v.Value)
	}
	if v := f.Visits; v != nil {
		texts = append(texts, v.Title, v.Caption, v.Help)
		for _, r := range v.Rows {
			texts = append(texts, r.Text, r.Mark)
		}
	}
	return texts
}

// TestViewerSpeaksItsReadersLanguage runs an English and a Japanese
// viewer of one show side by side, as two pages of a room: at every step
// the Japanese frames' words (the step in words, the variables, the
// selected node's details and pruning reason) have no English word, and
// the English viewer's are as they always were.
func TestViewerSpeaksItsReadersLanguage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		req  catalog.Request
	}{
		{"alphabeta", catalog.Request{Game: "tree", Algo: "alphabeta", Position: "[[[3,5],[6,9]],[[1,2],[0,-1]]]"}},
		{"mcts", catalog.Request{Game: "tree", Algo: "mcts playouts=20", Position: "[[3,12,8],[2,4,6],[14,5,2]]", Seed: 1, SeedSet: true}},
		{"pmc", catalog.Request{Game: "tree", Algo: "pmc", Position: "[[3,12,8],[2,4,6],[14,5,2]]", Seed: 1, SeedSet: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			sh := recordShow(t, tt.name, tt.req)
			ja := New(context.Background(), sh, trace.ViewRoot, Options{Timeout: testLayoutTimeout, Lang: explain.Japanese})
			en := newViewer(sh, trace.ViewRoot)
			tree := sh.Tree()
			for id := range tree.Size() {
				// Select each node in turn, pruned ones with their reasons.
				ja.selected, en.selected = trace.NodeID(id), trace.NodeID(id)
				k := (id * 7) % tree.Len()
				if tree.Node(trace.NodeID(id)).Status == trace.StatusPruned {
					k = tree.Len() - 1
				}
				_, jf, err := ja.frame(k, false)
				if err != nil {
					t.Fatal(err)
				}
				_, ef, err := en.frame(k, false)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range frameTexts(jf) {
					if w := englishIn(tree, s); len(w) > 0 {
						t.Errorf("step %d: Japanese %q has English words %q", k, s, w)
					}
				}
				if got, want := jf.Log[len(jf.Log)-1].Text, explain.Japanese.Describe(ja.tree, trace.ViewRoot); got != want {
					t.Errorf("step %d: Japanese log %q, want %q", k, got, want)
				}
				if got, want := ef.Log[len(ef.Log)-1].Text, explain.Describe(en.tree, trace.ViewRoot); got != want {
					t.Errorf("step %d: English log %q, want %q", k, got, want)
				}
				if ef.Caption != "" && !strings.HasPrefix(ef.Caption, "values: ") {
					t.Errorf("step %d: English caption %q", k, ef.Caption)
				}
			}
		})
	}
}

// TestGrainLabelsTranslated checks the words the viewer makes from names
// the scan of calls cannot see: each grain's label, and what iterations
// count.
func TestGrainLabelsTranslated(t *testing.T) {
	t.Parallel()
	tr, err := trace.NewTree(tracetest.AlphaBeta())
	if err != nil {
		t.Fatal(err)
	}
	keys := []string{"depth", "pass", "iteration"}
	for _, g := range trace.Grains() {
		keys = append(keys, GrainLabel(tr, g))
	}
	for _, k := range keys {
		if e, ok := explain.Catalog[k]; !ok || e.Ja == "" {
			t.Errorf("%q has no Japanese in the catalogs", k)
		}
	}
}

// TestViewersDrawInTheirLanguages gives an English and a Japanese viewer
// of one show panels too small for the whole tree, so that both draw
// display sets, which the show keeps and shares between its pages: each
// viewer's drawings, and its placeholders' words, are in its own language.
func TestViewersDrawInTheirLanguages(t *testing.T) {
	t.Parallel()
	sh := recordShow(t, "langs", catalog.Request{Game: "tictactoe", Algo: "alphabeta", Position: "x.o/.x./..o"})
	words := map[string][2]string{"ja": {"凡例", " 件"}, "en": {"Legend", " more"}}
	for _, l := range []explain.Lang{explain.Japanese, explain.English, explain.Japanese} {
		vw := New(context.Background(), sh, trace.ViewRoot, Options{Layouter: layouter, Timeout: testLayoutTimeout, Lang: l})
		if err := vw.SetPanel(300, 400); err != nil {
			t.Fatal(err)
		}
		layout, f, err := vw.frame(sh.Tree().Len()/2, false)
		if err != nil {
			t.Fatal(err)
		}
		if layout == nil {
			t.Fatal("no display set drawn")
		}
		for code, w := range words {
			if has := strings.Contains(layout.SVG, w[0]); has != (code == l.Code()) {
				t.Errorf("%s viewer: its drawing has %q: %v", l.Code(), w[0], has)
			}
		}
		for _, m := range f.More {
			if m.More != "" && !strings.HasSuffix(m.More, words[l.Code()][1]) {
				t.Errorf("%s viewer: a placeholder says %q", l.Code(), m.More)
			}
		}
	}
}
