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

// optionTitle is what a select's option says of a game or an algorithm
// whose help is "Title: what it does": its title, short enough to be read
// whole in the select; the whole help is shown beside it.
func optionTitle(help string) string {
	title, _, found := strings.Cut(help, ": ")
	if !found {
		return help
	}
	return title
}
