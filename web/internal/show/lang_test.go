package show

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
)

// sharing is a store of layouts that remembers what it was offered.
type sharing struct {
	mu     sync.Mutex
	offers map[trace.View][]byte
}

func (s *sharing) SharedLayout(_ context.Context, _ string, v trace.View) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	data, ok := s.offers[v]
	return data, ok
}

func (s *sharing) ShareLayout(_ string, v trace.View, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.offers[v] = data
}

// TestDrawingsByLanguage draws one trace's whole tree and a display set
// of it for a Japanese page, then for an English one, then again: each
// page gets the drawing in its own language, never the other's, and only
// the English drawing is offered to the other replicas, whose store knows
// drawings by view alone.
func TestDrawingsByLanguage(t *testing.T) {
	t.Parallel()
	var g render.Graphviz
	t.Cleanup(func() { g.Close() })
	sh := recordShow(t, "langs", catalog.Request{Game: "tree", Algo: "alphabeta", Position: "[[3,12,8],[2,4,6],[14,5,2]]"})
	store := &sharing{offers: map[trace.View][]byte{}}
	sh.ShareLayouts(store)
	o, _, err := sh.Navigation()
	if err != nil {
		t.Fatal(err)
	}
	set, err := o.Pick(sh.Tree(), render.Choices{Root: sh.Tree().Root(), Budget: 6})
	if err != nil {
		t.Fatal(err)
	}
	words := map[string]string{"ja": "凡例", "en": "Legend"}
	for range 2 {
		for _, l := range []explain.Lang{explain.Japanese, explain.English} {
			for _, v := range Views {
				whole, err := sh.Layout(context.Background(), &g, l, v, time.Minute)
				if err != nil {
					t.Fatal(err)
				}
				shown, err := sh.DrawShown(context.Background(), &g, l, set, v, false, time.Minute)
				if err != nil {
					t.Fatal(err)
				}
				for name, svg := range map[string][]byte{"whole": whole, "shown": shown} {
					for code, word := range words {
						if has := bytes.Contains(svg, []byte(word)); has != (code == l.Code()) {
							t.Errorf("%s page, %v view: the %s drawing has %q: %v", l.Code(), v, name, word, has)
						}
					}
				}
			}
		}
	}
	for v, data := range store.offers {
		if !bytes.Contains(data, []byte("Legend")) {
			t.Errorf("%v view: a drawing not in English was shared", v)
		}
	}
	if len(store.offers) != 2 {
		t.Errorf("%d views' drawings shared, want both English ones", len(store.offers))
	}
}

// TestDecisionAndNotesInJapanese checks the show's words about the whole
// search in Japanese, and in English as they were.
func TestDecisionAndNotesInJapanese(t *testing.T) {
	t.Parallel()
	sh := recordShow(t, "decision", textbook)
	en, ja := sh.DecisionIn(explain.English), sh.DecisionIn(explain.Japanese)
	if en != sh.Decision() || !bytes.HasPrefix([]byte(en), []byte("Decision: play a1")) {
		t.Errorf("English decision %q", en)
	}
	if !bytes.HasPrefix([]byte(ja), []byte("決定：a1 を指します。")) || !bytes.Contains([]byte(ja), []byte("時間")) {
		t.Errorf("Japanese decision %q", ja)
	}
	if got := sh.TitleIn(explain.Japanese); got != "minimax (tree)" {
		t.Errorf("Japanese title %q", got)
	}
}

// TestErrorIn says why drawings failed in Japanese, and in English as the
// errors say it.
func TestErrorIn(t *testing.T) {
	t.Parallel()
	for _, err := range []error{
		fmt.Errorf("drawing: %w", &tooBigError{nodes: 5000, timeout: time.Second}),
		&navigatedError{nodes: 5000},
		&exportTooBigError{nodes: 5000, max: 2000},
	} {
		if got := ErrorIn(explain.English, err); got != err.Error() && !strings.HasSuffix(err.Error(), got) {
			t.Errorf("English %q, the error says %q", got, err)
		}
		if got := ErrorIn(explain.Japanese, err); !strings.Contains(got, "この木は 5,000 ノード") {
			t.Errorf("Japanese %q", got)
		}
	}
}
