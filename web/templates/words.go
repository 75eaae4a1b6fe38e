package templates

import "strings"

// sentenceStop returns a title followed by the full stop that ends it as a
// sentence, unless it ends in a mark of its own ("whose point of view is
// this number?").
func sentenceStop(title string) string {
	if strings.HasSuffix(title, "?") || strings.HasSuffix(title, "!") || strings.HasSuffix(title, ".") {
		return title
	}
	return title + "."
}
