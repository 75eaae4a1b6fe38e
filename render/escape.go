package render

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// dotString returns s as a quoted DOT string for a label. Graphviz reads
// backslash escapes and HTML entities in labels, so backslashes, quotes
// and ampersands are escaped; a newline becomes a line break; other
// control characters and invalid UTF-8 become U+FFFD; other non-ASCII
// text is kept, as Graphviz reads DOT as UTF-8.
func dotString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == '"':
			b.WriteString(`\"`)
		case r == '&':
			b.WriteString("&amp;")
		case r == '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(printable(r))
		}
	}
	b.WriteByte('"')
	return b.String()
}

// htmlText returns s escaped as text in a Graphviz HTML-like label: the
// characters & < > " become entities, control characters (newlines
// included) and invalid UTF-8 become U+FFFD, and other non-ASCII text is
// kept.
func htmlText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(printable(r))
		}
	}
	return b.String()
}

// printable maps control characters and the error rune of invalid UTF-8
// to U+FFFD, so that no input can break the DOT syntax around it.
func printable(r rune) rune {
	if unicode.IsControl(r) {
		return utf8.RuneError
	}
	return r
}
