package explain

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/searchviz/searchviz/catalog"
	treegame "github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/spec"
)

// prepareError returns the error catalog.Prepare answers for the specs.
func prepareError(t *testing.T, game, algo string) error {
	t.Helper()
	_, err := catalog.Prepare(catalog.Request{Game: game, Algo: algo})
	if err == nil {
		t.Fatalf("Prepare(%q, %q) succeeded", game, algo)
	}
	return err
}

// positionError returns the error catalog.Prepare answers for the position.
func positionError(t *testing.T, game, position string) error {
	t.Helper()
	_, err := catalog.Prepare(catalog.Request{Game: game, Algo: "alphabeta", Position: position})
	if err == nil {
		t.Fatalf("Prepare(%q at %q) succeeded", game, position)
	}
	return err
}

// TestErrorInJapanese reads the real errors of the lower packages in
// Japanese: each holds the expected Japanese, keeps the reader's input,
// names and numbers as they are, and in English reads as written.
func TestErrorInJapanese(t *testing.T) {
	t.Parallel()
	_, parseErr := spec.Parse("alphabeta depth=3 depth=4")
	_, treeErr := treegame.Parse("[3, x]")
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"out of range", prepareError(t, "tictactoe", "alphabeta depth=99"), "alphabeta：depth=99 は範囲外です（許される値: 1.."},
		{"given twice", parseErr, "「alphabeta」の指定：パラメータ「depth」が2回指定されています"},
		{"wrapped given twice", prepareError(t, "tictactoe", "alphabeta depth=3 depth=4"), "アルゴリズム：「alphabeta」の指定：パラメータ「depth」が2回指定されています"},
		{"unknown parameter", prepareError(t, "tictactoe", "alphabeta colour=red"), "alphabeta：パラメータ「colour」はありません（使えるのは "},
		{"another family", prepareError(t, "maze", "alphabeta"), "二人が交互に指すゲーム"},
		{"unknown algorithm", prepareError(t, "tictactoe", "quantum"), "アルゴリズム「quantum」はありません"},
		{"illegal position", positionError(t, "tictactoe", "xxx/ooo/xx."), "はありえない局面です"},
		{"tree syntax", treeErr, "tree：位置 4：数か '[' が必要ですが、'x' でした"},
		{"end of input", fmt.Errorf("tictactoe: at offset %d: expected a cell 'x', 'o' or '.', found %s", 4, "end of input"),
			"tictactoe：位置 4 にはマス 'x'、'o'、'.' のいずれかが必要ですが、入力の終わりでした"},
		{"reordered", fmt.Errorf("catalog: %d actions for %d sides to move", 3, 2), "手番の陣営は 2 ですが、手が 3 個あります"},
		{"no parameters", prepareError(t, "tictactoe colour=red", "alphabeta"), "tictactoe：パラメータ「colour」はありません（指定できるパラメータはありません）"},
		{"another catalog's phrase", errors.New("nobody was watching"), Japanese.T("nobody was watching")},
		{"unknown", errors.New("disk on fire"), "disk on fire"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := Japanese.Error(tt.err)
			if !strings.Contains(got, tt.want) {
				t.Errorf("Japanese.Error(%q) = %q, want it to hold %q", tt.err, got, tt.want)
			}
			if got := English.Error(tt.err); got != tt.err.Error() {
				t.Errorf("English.Error(%q) = %q", tt.err, got)
			}
		})
	}
}

// TestErrorKeepsNames checks that a hole's single word that another
// catalog translates, a parameter's name there, stays as written, while
// an error's own word is translated.
func TestErrorKeepsNames(t *testing.T) {
	t.Parallel()
	if _, ok := Catalog["depth"]; !ok {
		t.Fatal(`"depth" is in no catalog: the test needs a word that is`)
	}
	err := fmt.Errorf("%s=%s is out of range (allowed %s)", "depth", "99", "1..12")
	if got, want := Japanese.Error(err), "depth=99 は範囲外です（許される値: 1..12）"; got != want {
		t.Errorf("Japanese.Error = %q, want %q", got, want)
	}
	err = fmt.Errorf("x has %d %ss and o has %d, but x moves first, so x has as many %ss as o or one more", 5, "mark", 2, "mark")
	if got, want := Japanese.Error(err), "x の印は 5 個、o は 2 個ですが、先手は x なので、x の印は o と同じ数か1個多いはずです"; got != want {
		t.Errorf("Japanese.Error = %q, want %q", got, want)
	}
}

// TestErrorFormsRanked checks that a generic form is tried after the
// specific ones it could swallow.
func TestErrorFormsRanked(t *testing.T) {
	t.Parallel()
	ps := rankedPatterns([]string{"%s: %w", "%s=%s is out of range (allowed %s)", "%s"})
	if len(ps) != 2 || ps[0].format != "%s=%s is out of range (allowed %s)" {
		t.Fatalf("ranked %v", ps)
	}
}

// TestFillForm checks the filling of a translation's holes.
func TestFillForm(t *testing.T) {
	t.Parallel()
	tests := []struct {
		format string
		args   []string
		want   string
	}{
		{"%s は %d", []string{"a", "1"}, "a は 1"},
		{"%[2]d 中 %[1]d", []string{"1", "2"}, "2 中 1"},
		{"%q がない", []string{`"x y"`}, "「x y」がない"},
		{"%s がない", []string{`"x y"`}, `"x y" がない`},
		{"100%% の %s", []string{"a"}, "100% の a"},
		{"%s と %s", []string{"a"}, "a と %s"},
	}
	for _, tt := range tests {
		if got := fillForm(tt.format, tt.args); got != tt.want {
			t.Errorf("fillForm(%q, %q) = %q, want %q", tt.format, tt.args, got, tt.want)
		}
	}
}

// FuzzError reads any text as an error in each language: it never
// panics, English keeps the text as it is, and Japanese keeps a text of
// valid UTF-8 valid.
func FuzzError(f *testing.F) {
	for _, s := range []string{"alphabeta: depth=99 is out of range (allowed 1..12)", "algorithm: spec \"a\": parameter \"b\" given twice", "%s: %w", "", "：", `"\"`, "0: 00000: 0000000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got := English.Problem(text); got != text {
			t.Errorf("English.Problem(%q) = %q", text, got)
		}
		if got := Japanese.Problem(text); utf8.ValidString(text) && !utf8.ValidString(got) {
			t.Errorf("Japanese.Problem(%q) = %q, not valid UTF-8", text, got)
		}
	})
}

// BenchmarkErrorJapanese reads a wrapped error of the new-search form in
// Japanese, as a page does once per refusal.
func BenchmarkErrorJapanese(b *testing.B) {
	err := fmt.Errorf("algorithm: %w", fmt.Errorf("%s: %w", "alphabeta", fmt.Errorf("%s=%s is out of range (allowed %s)", "depth", "99", "1..64")))
	errorPatterns()
	b.ReportAllocs()
	for b.Loop() {
		Japanese.Error(err)
	}
}
