package explain

import (
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// holeRE matches a script text's holes, {name}.
var holeRE = regexp.MustCompile(`\{[a-zA-Z]+\}`)

// TestScriptCatalogUsed fails for a text of the scripts' catalog that no
// script asks for with t("..."): every Japanese page carries the whole
// catalog, so a text left behind by a change costs every page its bytes.
func TestScriptCatalogUsed(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(moduleRoot(t), "static", "js")
	used := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".js") {
			for _, k := range scriptFileKeys(t, path) {
				used[k.key] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(used) == 0 {
		t.Fatalf("no script under %s asks for a text", dir)
	}
	for _, key := range scriptKeys {
		if !used[key] {
			t.Errorf("%s holds %q, which no script asks for", scriptCatalog, key)
		}
	}
}

// TestScriptCatalogJapanese fails for a script's text whose Japanese is
// the English again or holds an English word: a Japanese page would show
// it in English. Latin letters stand in the Japanese only for what the
// key's holes, code or names hold, which the list below allows.
func TestScriptCatalogJapanese(t *testing.T) {
	t.Parallel()
	allowed := strings.NewReplacer("MAX", "", "MIN", "", "LLR", "", "SPRT", "", "ms", "", "p =", "", "A ", "", "B ", "", "Shift", "")
	for _, key := range scriptKeys {
		ja := Japanese.Script()[key]
		if ja == "" || ja == key {
			t.Errorf("%q has no Japanese of its own: %q", key, ja)
			continue
		}
		rest := allowed.Replace(holeRE.ReplaceAllString(ja, ""))
		if strings.ContainsFunc(rest, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) {
			t.Errorf("%q: the Japanese %q holds Latin letters", key, ja)
		}
	}
}
