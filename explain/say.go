package explain

import "fmt"

// say formats the sentences of a search's steps: like Lang.F, in the
// language of its Lang with the English singular of a counted key, but
// with numbers written as fmt writes them, never grouped, so that the
// English sentences stay as they always read ("18297 nodes").
type say struct{ Lang }

// F formats the message key with args, as fmt.Sprintf formats a format,
// in the language: its catalog's translation in Japanese; in English the
// key, or its singular ("one") when the first whole number of args is 1.
func (s say) F(key string, args ...any) string {
	if s.texts != nil {
		return fmt.Sprintf(s.T(key), args...)
	}
	if e, ok := Catalog[key]; ok && e.One != "" && firstCount(args) == 1 {
		return fmt.Sprintf(e.One, args...)
	}
	return fmt.Sprintf(key, args...)
}

// firstCount returns the first whole number of args, -1 if it has none.
func firstCount(args []any) int {
	for _, a := range args {
		if n, ok := a.(int); ok {
			return n
		}
	}
	return -1
}

// isJapanese says whether l speaks Japanese, whose lists and sentences
// are joined with other marks than English's.
func (l Lang) isJapanese() bool { return l.texts != nil }
