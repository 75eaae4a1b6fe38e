package render

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// wideRunes counts the East Asian wide and full-width characters of s.
func wideRunes(s string) int {
	n := 0
	for _, r := range s {
		if isWide(r) {
			n++
		}
	}
	return n
}

// TestTextWidthOfJapanese checks that a Japanese text is given an em a
// character, and an English one what it always was.
func TestTextWidthOfJapanese(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s    string
		want float64
	}{
		{"values", 6 * 10 * runeWidthEm},
		{"値：MAXの視点", 3*10*runeWidthEm + 5*10*wideRuneEm},
		{"＋", 10},
	}
	for _, tt := range tests {
		if got := textWidth(tt.s, 10); got != tt.want {
			t.Errorf("textWidth(%q, 10) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

// captionCell matches a Patchable DOT drawing's caption slot and width.
var captionCell = regexp.MustCompile(`ID="` + captionSlot + `"[^>]*WIDTH="(\d+)"[^>]*>([^<]*)<`)

// TestJapaneseCaptionFits draws a page's drawing in Japanese and checks
// that the caption's slot is as wide as its Japanese words, each
// character a full em: measured as Latin letters they would overflow it.
func TestJapaneseCaptionFits(t *testing.T) {
	t.Parallel()
	for _, v := range []View{ViewRoot, ViewSide} {
		tr := mustTree(t, searchEvents(t, "tree", "alphabeta", rnTree), lastStep)
		dot := writeDOT(t, tr, Options{View: v, Patchable: true, Legend: true, Lang: explain.Japanese})
		m := captionCell.FindStringSubmatch(dot)
		if m == nil {
			t.Fatalf("%v: no caption slot in\n%s", v, dot)
		}
		width, _ := strconv.Atoi(m[1])
		caption := explain.Japanese.Caption(trace.TypeMax, v)
		if m[2] != caption {
			t.Errorf("%v: caption %q, want %q", v, m[2], caption)
		}
		if least := wideRunes(caption) * fontTitle; width < least {
			t.Errorf("%v: caption %q in a slot %d points wide, less than its %d wide characters' %d", v, caption, width, wideRunes(caption), least)
		}
	}
}

// TestJapanesePlaceholderFits checks that a placeholder's box holds its
// Japanese words.
func TestJapanesePlaceholderFits(t *testing.T) {
	t.Parallel()
	e := Elided{Children: 12, Nodes: 3456}
	more, nodes := e.LabelIn(explain.Japanese)
	if more != "+12 件" || nodes != "3,456 ノード" {
		t.Errorf("Japanese placeholder %q, %q", more, nodes)
	}
	if more, nodes := e.Label(); more != "+12 more" || nodes != "3,456 nodes" {
		t.Errorf("English placeholder %q, %q", more, nodes)
	}
	g := moreGeometry(explain.Japanese, e)
	if least := float64(wideRunes(nodes))*moreFontRoom + textWidth("3,456 ", moreFontRoom); g.width < least {
		t.Errorf("a box %v wide for %q, at least %v", g.width, nodes, least)
	}
}

// svgText matches the texts of an SVG drawing.
var svgText = regexp.MustCompile(`<text[^>]*>([^<]*)</text>`)

// TestJapaneseDrawingHasNoEnglish draws an alpha-beta tree with a cut,
// and an MCTS tree, in Japanese with the legend, and finds no English
// word in its texts but move labels, MAX, MIN and the layout's name.
func TestJapaneseDrawingHasNoEnglish(t *testing.T) {
	t.Parallel()
	kept := map[string]bool{"MAX": true, "MIN": true, "Graphviz": true, "dot": true}
	for _, c := range []struct{ game, algo, position string }{
		{"tree", "alphabeta", rnTree},
		{"tree", "mcts playouts=20", rnTree},
	} {
		tr := mustTree(t, searchEvents(t, c.game, c.algo, c.position), lastStep)
		var b bytes.Buffer
		if err := WriteTidySVG(&b, tr, Options{Legend: true, Patchable: true, Lang: explain.Japanese}); err != nil {
			t.Fatal(err)
		}
		for _, m := range svgText.FindAllStringSubmatch(b.String(), -1) {
			text := m[1]
			for id := range tr.Size() {
				if l := tr.Node(trace.NodeID(id)).Label; l != "" {
					text = strings.ReplaceAll(text, l, " ")
				}
			}
			for _, w := range regexp.MustCompile(`[A-Za-z]{2,}`).FindAllString(text, -1) {
				if !kept[w] {
					t.Errorf("%s: %q has the English word %q", c.algo, m[1], w)
				}
			}
		}
	}
}

// TestLegendWordsTranslated checks the legend's words held as data, which
// the catalogs' scan of calls cannot see.
func TestLegendWordsTranslated(t *testing.T) {
	t.Parallel()
	keys := []string{LegendMore, LegendFold}
	for _, lk := range looks {
		keys = append(keys, lk.legend)
	}
	for _, k := range keys {
		if k == "" {
			continue
		}
		if e, ok := explain.Catalog[k]; !ok || e.Ja == "" {
			t.Errorf("%q has no Japanese in the catalogs", k)
		}
	}
}
