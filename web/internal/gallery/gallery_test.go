package gallery

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestGalleryFile checks the gallery's file as a teacher edits it: it
// loads whole, says what is wrong with a bad entry, and writes back the
// same, so that nothing in it is lost on the way to the pages.
func TestGalleryFile(t *testing.T) {
	t.Parallel()
	if len(examples) < 28 || len(comparisons) < 8 {
		t.Fatalf("the gallery holds %d examples and %d comparisons, want at least the 28 and 8 it had when it became data", len(examples), len(comparisons))
	}
	const ex = `{"name":"a","title":"T","lesson":"l","watch":"W","game":"tree","algo":"minimax","position":"[1,2]"}`
	const ex2 = `{"name":"b","title":"T","lesson":"l","watch":"W","game":"tree","algo":"alphabeta","position":"[1,2]"}`
	cmp := func(fields string) string {
		return `{"name":"c","title":"T","lesson":"l","watch":"W","point":"P","left":"a","right":"b","value_head":"V","player":"x"` + fields + `}`
	}
	const lesson = `{"name":"l","title":"L","intro":"I"}`
	docOf := func(lessons, exs, cmps string) string {
		return `{"lessons":[` + lessons + `],"examples":[` + exs + `],"comparisons":[` + cmps + `]}`
	}
	doc := func(exs, cmps string) string { return docOf(lesson, exs, cmps) }
	for _, tt := range []struct {
		name, doc, want string // want "" if it loads
	}{
		{"good", doc(ex+","+ex2, cmp(`,"terms":"rate","match":"playout"`)), ""},
		{"an unknown field", doc(strings.Replace(ex, `"title"`, `"tittle"`, 1), ""), `unknown field "tittle"`},
		{"two examples of a name", doc(ex+","+ex, ""), `names two examples "a"`},
		{"a name with a space", doc(strings.Replace(ex, `"a"`, `"a b"`, 1), ""), `name "a b" is not 1 to 60`},
		{"a name of 61 letters", doc(strings.Replace(ex, `"a"`, `"`+strings.Repeat("a", maxNameLen+1)+`"`, 1), ""), "is not 1 to 60"},
		{"a comparison's name of 61 letters", doc(ex+","+ex2, strings.Replace(cmp(""), `"c"`, `"`+strings.Repeat("c", maxNameLen+1)+`"`, 1)), "a name of 1 to 60"},
		{"no watch sentence", doc(strings.Replace(ex, `"watch":"W",`, "", 1), ""), `"a" needs a title, a watch sentence`},
		{"a comparison of a missing example", doc(ex, cmp(`,"terms":"game","match":"node"`)), `names example "b", which the gallery does not have`},
		{"terms unknown", doc(ex+","+ex2, cmp(`,"terms":"score","match":"node"`)), `terms "score": not one of the names allowed: "game", "rate" or "expect"`},
		{"a match rule unknown", doc(ex+","+ex2, cmp(`,"terms":"game","match":"step"`)), `match "step": not one of the names allowed`},
		{"too many examples counted", doc(ex+","+ex2, cmp(`,"extra":["a","a","a","a"]`)), "counts 6 examples, at most"},
		{"no lessons", docOf("", ex, ""), "has no lessons"},
		{"a lesson without an intro", docOf(`{"name":"l","title":"L"}`, ex, ""), `lesson "l" needs a title and an intro`},
		{"two lessons of a name", docOf(lesson+","+lesson, ex, ""), `lesson "l": a name of 1 to 60`},
		{"an example in no lesson", doc(strings.Replace(ex, `"lesson":"l",`, "", 1), ""), `example "a" is in lesson "", which the gallery does not have`},
		{"a comparison in a lesson unknown", doc(ex+","+ex2, strings.Replace(cmp(""), `"lesson":"l"`, `"lesson":"m"`, 1)), `comparison "c" is in lesson "m"`},
		{"an empty lesson", docOf(lesson+`,{"name":"m","title":"M","intro":"I"}`, ex, ""), `lesson "m" holds no example`},
	} {
		g, err := Load([]byte(tt.doc))
		exs, cmps := g.Examples, g.Comparisons
		switch {
		case tt.want == "" && (err != nil || len(exs) != 2 || len(cmps) != 1 || cmps[0].Terms != TermsRate || cmps[0].Match != MatchPlayout):
			t.Errorf("%s: %d examples, %d comparisons, error %v; want 2 and 1, rate by playout", tt.name, len(exs), len(cmps), err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
		}
	}
	var g file
	if err := json.Unmarshal(galleryJSON, &g); err != nil {
		t.Fatal(err)
	}
	var back bytes.Buffer
	enc := json.NewEncoder(&back)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(g); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back.Bytes(), galleryJSON) {
		t.Error("the gallery's file does not write back as it is: a field of it is not read, or it is not indented as the rest")
	}
}
