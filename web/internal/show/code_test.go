package show

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/search"
)

// listingLines returns every line every algorithm of the catalog may
// list, in both forms, with each option on (Text) and off (Else).
func listingLines() map[string][]string {
	out := map[string][]string{}
	for _, a := range catalog.Algorithms() {
		for _, c := range []search.Code{a.Code, a.MaxMin} {
			for _, l := range c {
				for _, s := range []string{l.Text, l.Else} {
					if s != "" {
						out[a.Name] = append(out[a.Name], s)
					}
				}
			}
		}
	}
	return out
}

// TestEveryCodeCommentTranslated checks that each comment of every
// algorithm's pseudocode, in every form and with every option on or off,
// has a Japanese translation: the scan of the catalogs' calls cannot see
// these texts, which the listings hold as data.
func TestEveryCodeCommentTranslated(t *testing.T) {
	t.Parallel()
	for algo, lines := range listingLines() {
		for _, line := range lines {
			comment, ok := CodeComment(line)
			if !ok {
				continue
			}
			if e, ok := explain.Catalog[comment]; !ok || e.Ja == "" {
				t.Errorf("%s: the comment %q has no Japanese in the catalogs (explain/locales/code.json)", algo, comment)
			}
		}
	}
}

// TestCodeCatalogIsUsed checks that each entry of the pseudocode's
// catalog is a comment or a line of prose of some listing, so that an
// edited listing does not leave its old words behind, untranslated.
func TestCodeCatalogIsUsed(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../../explain/locales/code.json")
	if err != nil {
		t.Fatal(err)
	}
	var entries map[string]explain.Entry
	if err := json.Unmarshal(data, &entries); err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, lines := range listingLines() {
		for _, line := range lines {
			code, _, _ := strings.Cut(line, commentMark)
			used[strings.TrimSpace(code)] = true
			if comment, ok := CodeComment(line); ok {
				used[comment] = true
			}
		}
	}
	for key := range entries {
		if !used[key] {
			t.Errorf("code.json translates %q, which no listing has", key)
		}
	}
}

// TestCodeInJapanese checks a Japanese listing line by line: its
// comments and prose translated, its code, keywords and indents kept,
// and in English every line as it is.
func TestCodeInJapanese(t *testing.T) {
	t.Parallel()
	a, err := catalog.LookupAlgorithm("mcts")
	if err != nil {
		t.Fatal(err)
	}
	en := CodeText(explain.English, a.Code)
	if strings.Join(en, "\n") != strings.Join(a.Code.Text(), "\n") {
		t.Errorf("English listing changed:\n%s", strings.Join(en, "\n"))
	}
	ja := CodeText(explain.Japanese, a.Code)
	want := map[int]string{
		0: "function MCTS(root, iterations, C, threshold)",
		1: "  root を展開する",
		4: "    while node has children do               ▷ 1. 選択",
		8: "      n ← n + 1; w ← w + value（そこへ指したプレイヤーにとっての値）",
	}
	for i, w := range want {
		if ja[i] != w {
			t.Errorf("line %d: %q, want %q", i, ja[i], w)
		}
	}
	for i, line := range ja {
		if strings.TrimLeft(line, " ") != "" && len(line)-len(strings.TrimLeft(line, " ")) != len(en[i])-len(strings.TrimLeft(en[i], " ")) {
			t.Errorf("line %d lost its indent: %q", i, line)
		}
	}
}
