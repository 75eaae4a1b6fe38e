package explain

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// The packages below explain (spec, catalog, the games, play, exercise,
// arena, trace, the server's jobs) may not import it, so they write their
// errors in English, as Go errors are written. A reader of another
// language reads them here: an error whose text fits one of the forms of
// errorCatalog, the exact format strings of the source, is written with
// the form's translation, each hole filled with the error's words there,
// themselves read the same way (the hole of "algorithm: %w" is an error).

// errorCatalog is the catalog file whose keys are the forms of the errors
// the lower packages write, each the format string of its source.
const errorCatalog = "locales/errors.json"

// formVerb matches a verb of a format string, "%s", "%[2]d", "%.20q",
// and "%%", which is no verb.
var formVerb = regexp.MustCompile(`%%|%(\[\d+\])?[-+# 0]*\d*(?:\.\d+)?[a-zA-Z]`)

// Hole patterns by verb. A quoted string is matched whole, escapes and
// all; an error (%w, %v) takes any text; any other hole stops short of
// ": ", which separates an error from its wrapped cause, so that a form
// matches the outermost error and the cause fills its own hole.
const (
	holeQuoted = `("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')`
	holeNumber = `(-?[0-9][0-9.,]*)`
	holeAny    = `(.+?)`
	holeWord   = `((?:[^:]|:[^ ])+?)`
)

// formPattern matches the texts of one form: an English format string.
type formPattern struct {
	format  string
	re      *regexp.Regexp
	literal int // bytes of the format outside its verbs, to rank forms
}

// formPatternOf returns the pattern of format, each verb a hole.
func formPatternOf(format string) formPattern {
	var b strings.Builder
	b.WriteString("^")
	last, literal := 0, 0
	for _, m := range formVerb.FindAllStringIndex(format, -1) {
		b.WriteString(regexp.QuoteMeta(format[last:m[0]]))
		literal += m[0] - last
		last = m[1]
		v := format[m[0]:m[1]]
		if v == "%%" {
			b.WriteString("%")
			literal++
			continue
		}
		b.WriteString(holeOf(v[len(v)-1]))
	}
	b.WriteString(regexp.QuoteMeta(format[last:]))
	literal += len(format) - last
	b.WriteString("$")
	return formPattern{format: format, re: regexp.MustCompile(b.String()), literal: literal}
}

// holeOf returns the pattern of a hole of the verb.
func holeOf(verb byte) string {
	switch verb {
	case 'q':
		return holeQuoted
	case 'd':
		return holeNumber
	case 'w', 'v':
		return holeAny
	}
	return holeWord
}

// rankedPatterns returns formats as patterns, the most specific first:
// the one with the most literal text, so that "%s: %w" is tried after
// every form it could swallow. Ties keep a fixed order.
func rankedPatterns(formats []string) []formPattern {
	out := make([]formPattern, 0, len(formats))
	for _, f := range formats {
		p := formPatternOf(f)
		if p.literal == 0 {
			continue // a form of holes only would fit any text
		}
		out = append(out, p)
	}
	slices.SortStableFunc(out, func(a, b formPattern) int {
		return cmp.Or(cmp.Compare(b.literal, a.literal), strings.Compare(a.format, b.format))
	})
	return out
}

// errorPatterns are the keys of errorCatalog as ranked patterns, made on
// first use.
var errorPatterns = sync.OnceValue(func() []formPattern {
	return rankedPatterns(mustReadKeys(localeFiles, errorCatalog))
})

// errorWords are the keys of errorCatalog. Those of them without holes
// are the words the lower packages put in their errors' holes ("mark",
// "end of input"), read in the reader's language even when a single word;
// any other catalog's single word in a hole is a name or a code there
// ("depth" in "depth=99 is out of range"), kept as it is.
var errorWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, k := range mustReadKeys(localeFiles, errorCatalog) {
		m[k] = true
	}
	return m
})

// maxErrorDepth bounds how deep an error's causes are read in another
// language; deeper causes are shown as written.
const maxErrorDepth = 16

// Error returns err's text in language l: in English as written; in
// another language translated where the catalogs know its form, and as
// written where they do not. A nil err is the empty text.
func (l Lang) Error(err error) string {
	if err == nil {
		return ""
	}
	return l.Problem(err.Error())
}

// Problem returns an error's text in language l, as Error does.
func (l Lang) Problem(text string) string {
	if !l.isJapanese() {
		return text
	}
	return l.problem(text, maxErrorDepth)
}

// problem returns text in language l, its holes read down to depth more
// levels.
func (l Lang) problem(text string, depth int) string {
	if t, ok := l.texts[text]; ok && (errorWords()[text] || strings.Contains(text, " ")) {
		return t
	}
	if depth == 0 {
		return text
	}
	for _, p := range errorPatterns() {
		m := p.re.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		for i, s := range m[1:] {
			m[1+i] = l.problem(s, depth-1)
		}
		return fillForm(l.T(p.format), m[1:])
	}
	return text
}

// fillForm writes format with its verbs filled by args in order, or by
// index ("%[2]s"): each arg is a text already, whatever its verb. A %q
// hole's quotes are written as the Japanese corner brackets.
func fillForm(format string, args []string) string {
	var b strings.Builder
	last, next := 0, 0
	for _, m := range formVerb.FindAllStringSubmatchIndex(format, -1) {
		b.WriteString(format[last:m[0]])
		last = m[1]
		v := format[m[0]:m[1]]
		if v == "%%" {
			b.WriteString("%")
			continue
		}
		if m[2] >= 0 {
			n, _ := strconv.Atoi(format[m[2]+1 : m[3]-1])
			next = n - 1
		}
		if next < 0 || next >= len(args) {
			b.WriteString(v)
			next++
			continue
		}
		arg := quoted(args[next], v[len(v)-1] == 'q')
		next++
		if isWide(firstRune(arg)) && strings.HasSuffix(b.String(), " ") {
			trimmed := strings.TrimSuffix(b.String(), " ")
			b.Reset()
			b.WriteString(trimmed)
		}
		b.WriteString(arg)
		if isWide(lastRune(arg)) && strings.HasPrefix(format[last:], " ") {
			last++
		}
	}
	b.WriteString(format[last:])
	return b.String()
}

// A Japanese text spaces Latin letters and digits apart from the words
// around them ("深さ 3 の"), but not Japanese from Japanese: a hole whose
// text begins or ends in Japanese takes no space on that side.

// isWide reports whether r is a Japanese character or punctuation.
func isWide(r rune) bool { return r >= 0x3000 }

// firstRune returns the first rune of s, or 0.
func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// lastRune returns the last rune of s, or 0.
func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// quoted returns s, the text of a %q hole, in corner brackets when the
// translation quotes it with %q, and as it stands otherwise.
func quoted(s string, q bool) string {
	if !q || len(s) < 2 || s[0] != s[len(s)-1] || (s[0] != '"' && s[0] != '\'') {
		return s
	}
	return "「" + s[1:len(s)-1] + "」"
}
