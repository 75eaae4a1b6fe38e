// Package textpos describes a place in a position's text for the parse
// errors of every game, so that they all name what they found alike. It is
// internal to games, which import nothing else of searchviz.
package textpos

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Found describes the input at offset i of text for an error message: a
// quoted character, a byte that is not UTF-8, or the end of the input.
func Found(text string, i int) string {
	if i >= len(text) {
		return "end of input"
	}
	r, size := utf8.DecodeRuneInString(text[i:])
	if r == utf8.RuneError && size == 1 {
		return fmt.Sprintf("byte 0x%02x", text[i])
	}
	return strconv.QuoteRune(r)
}
