package explain

import (
	"regexp"
	"slices"
	"testing"
	"testing/fstest"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

func TestNegotiate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, choice, accept, want string
	}{
		{"nothing said", "", "", "en"},
		{"a Japanese browser", "", "ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7", "ja"},
		{"an English browser", "", "en-GB,en;q=0.9", "en"},
		{"Japanese second", "", "fr-FR,fr;q=0.9,ja;q=0.8", "ja"},
		{"English preferred over Japanese", "", "en;q=0.9,ja;q=0.5", "en"},
		{"a language not spoken", "", "de-DE,de;q=0.9", "en"},
		{"a malformed header", "", ";;q=x,,", "en"},
		{"the switch wins over the browser", "en", "ja-JP", "en"},
		{"the switch to Japanese", "ja", "en-US", "ja"},
		{"an unknown choice is ignored", "xx", "ja", "ja"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Negotiate(tt.choice, tt.accept).Code(); got != tt.want {
				t.Errorf("Negotiate(%q, %q) = %s, want %s", tt.choice, tt.accept, got, tt.want)
			}
		})
	}
}

func TestZeroLangIsEnglish(t *testing.T) {
	t.Parallel()
	var zero Lang
	if zero.Code() != "en" || zero.T("Step") != "Step" || zero.F("%d of %d", 2, 3) != "2 of 3" {
		t.Errorf("the zero Lang speaks %s: T = %q, F = %q", zero.Code(), zero.T("Step"), zero.F("%d of %d", 2, 3))
	}
}

// verbs matches a format's verbs, "%d", "%[2]s", "%.3f", and a script's
// named holes, "{n}"; "%%" is no verb.
var verbs = regexp.MustCompile(`%%|%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z]|\{[a-zA-Z]+\}`)

// holes returns the verbs of s, each with its argument's index made
// explicit, sorted, so that a translation that reorders them compares
// equal to its key.
func holes(s string) []string {
	var out []string
	next := 1
	for _, v := range verbs.FindAllString(s, -1) {
		switch {
		case v == "%%":
			continue
		case v[0] == '{':
			out = append(out, v)
			continue
		}
		if m := regexp.MustCompile(`^%\[(\d+)\]`).FindStringSubmatch(v); m != nil {
			n := 0
			for _, c := range m[1] {
				n = n*10 + int(c-'0')
			}
			next = n
			v = "%" + v[len(m[0]):]
		}
		verb := v[len(v)-1:]
		if verb == "q" {
			verb = "s" // a Japanese text quotes a string in 「」, not "
		}
		out = append(out, string(rune('0'+next))+verb)
		next++
	}
	slices.Sort(out)
	return out
}

func TestHoles(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s    string
		want []string
	}{
		{"%d of %d", []string{"1d", "2d"}},
		{"%[2]d 中 %[1]d", []string{"1d", "2d"}},
		{"100%% of %s", []string{"1s"}},
		{"%.3f and {n}", []string{"1f", "{n}"}},
		{"no example %q", []string{"1s"}},
	}
	for _, tt := range tests {
		if got := holes(tt.s); !slices.Equal(got, tt.want) {
			t.Errorf("holes(%q) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

// TestCatalogComplete checks every message of every catalog: it has its
// Japanese, and the Japanese and the English singular fill the same holes
// as the key, so that no reader sees a number the other reader does not.
func TestCatalogComplete(t *testing.T) {
	t.Parallel()
	for key, e := range Catalog {
		if e.Ja == "" {
			t.Errorf("%q has no Japanese", key)
			continue
		}
		want := holes(key)
		if got := holes(e.Ja); !slices.Equal(got, want) {
			t.Errorf("%q: the Japanese %q fills %q, the English %q", key, e.Ja, got, want)
		}
		if e.One != "" {
			if got := holes(e.One); !slices.Equal(got, want) {
				t.Errorf("%q: the singular %q fills %q, the plural %q", key, e.One, got, want)
			}
		}
	}
}

func TestReadCatalog(t *testing.T) {
	t.Parallel()
	fsys := fstest.MapFS{
		"locales/a.json": {Data: []byte(`{"Step": {"ja": "ステップ"}, "Node": {"ja": "ノード"}}`)},
		"locales/b.json": {Data: []byte(`{"Step": {"ja": "ステップ"}}`)},
	}
	if c, err := readCatalog(fsys); err != nil || len(c) != 2 || c["Step"].Ja != "ステップ" {
		t.Errorf("two catalogs sharing a text read as %v, %v", c, err)
	}
	fsys["locales/b.json"] = &fstest.MapFile{Data: []byte(`{"Step": {"ja": "手順"}}`)}
	if _, err := readCatalog(fsys); err == nil {
		t.Error("two catalogs translating one key apart were read without an error")
	}
	fsys["locales/b.json"] = &fstest.MapFile{Data: []byte(`{"Step": `)}
	if _, err := readCatalog(fsys); err == nil {
		t.Error("a catalog cut short was read without an error")
	}
}

func TestPlurals(t *testing.T) {
	t.Parallel()
	c := mustBuild(map[string]Entry{"%d nodes": {One: "%d node", Ja: "%d ノード"}})
	en := message.NewPrinter(language.English, message.Catalog(c))
	ja := message.NewPrinter(language.Japanese, message.Catalog(c))
	tests := []struct {
		p    *message.Printer
		n    int
		want string
	}{
		{en, 1, "1 node"},
		{en, 0, "0 nodes"},
		{en, 2, "2 nodes"},
		{en, 18297, "18,297 nodes"},
		{ja, 1, "1 ノード"},
		{ja, 2, "2 ノード"},
	}
	for _, tt := range tests {
		if got := tt.p.Sprintf("%d nodes", tt.n); got != tt.want {
			t.Errorf("Sprintf(%%d nodes, %d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
