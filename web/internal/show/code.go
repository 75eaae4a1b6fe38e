package show

import (
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// commentMark starts a pseudocode line's comment, as textbooks mark it.
const commentMark = "▷"

// CodeIn returns the lines of the pseudocode shown with values from view
// v (Code) in language l: see CodeText.
func (s *Show) CodeIn(l explain.Lang, v trace.View) []string { return CodeText(l, s.Code(v)) }

// CodeText returns the lines of c in language l. The pseudocode is
// English, as the textbooks write it: its keywords and identifiers
// (function, return, for each, MAX-VALUE) stay as they are, and only what
// is written in words is translated, through the catalogs: each comment,
// the text after "▷", and each line written in prose ("return the action
// with the best win rate"), whose text, indent aside, is a catalog's key.
func CodeText(l explain.Lang, c search.Code) []string {
	lines := c.Text()
	if l.Code() == explain.English.Code() {
		return lines
	}
	for i, line := range lines {
		lines[i] = codeLine(l, line)
	}
	return lines
}

// codeLine returns one line of pseudocode in language l: its comment
// translated, and its code too when the catalogs hold it as prose. The
// indent, and the spaces that align the comment, are kept.
func codeLine(l explain.Lang, line string) string {
	code, comment, commented := strings.Cut(line, commentMark)
	body := strings.TrimSpace(code)
	if _, prose := explain.Catalog[body]; prose && body != "" {
		indent := code[:len(code)-len(strings.TrimLeft(code, " "))]
		gap := code[len(strings.TrimRight(code, " ")):]
		code = indent + l.T(body) + gap
	}
	if !commented {
		return code
	}
	return code + commentMark + " " + l.T(strings.TrimSpace(comment))
}

// CodeComment returns the comment of a line of pseudocode, the text after
// "▷", and false if the line has none.
func CodeComment(line string) (string, bool) {
	_, comment, ok := strings.Cut(line, commentMark)
	return strings.TrimSpace(comment), ok
}
