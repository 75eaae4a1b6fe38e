package codec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// The decoder checks each line with json.Valid and then walks it with the
// small scanner below, which may assume valid JSON: this avoids decoding
// every line into a map, which cost a dozen allocations per event.

// checkObject checks that line is exactly one valid JSON object.
func checkObject(line []byte) error {
	if t := bytes.TrimSpace(line); len(t) == 0 || t[0] != '{' {
		return fmt.Errorf("want a JSON object, got %s", describe(t))
	}
	if !json.Valid(line) {
		var discard struct{}
		err := json.Unmarshal(line, &discard)
		if err == nil {
			err = errors.New("not valid JSON")
		}
		return fmt.Errorf("invalid JSON: %w", err)
	}
	return nil
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index just after the string that starts at b[i].
func skipString(b []byte, i int) int {
	for i++; b[i] != '"'; i++ {
		if b[i] == '\\' {
			i++
		}
	}
	return i + 1
}

// skipValue returns the index just after the value that starts at b[i].
func skipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for {
			switch b[i] {
			case '"':
				i = skipString(b, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
			i++
		}
	}
	for i < len(b) && b[i] != ',' && b[i] != '}' && b[i] != ']' && b[i] != ' ' && b[i] != '\t' && b[i] != '\n' && b[i] != '\r' {
		i++
	}
	return i
}

// maxNameLen is the longest member name that members unquotes: longer
// than any name the format knows, so that a longer one, which matches
// none, costs no memory to compare.
const maxNameLen = 64

// members yields the name and raw value of each member of the valid JSON
// object obj, in order. The name is valid until the next iteration. A name
// with escapes is unquoted only if it is at most maxNameLen bytes long;
// a longer one is yielded as it is written, quotes included.
func members(obj []byte) func(yield func(name, raw []byte) bool) {
	return func(yield func([]byte, []byte) bool) {
		for key, raw := range rawMembers(obj) {
			name := key[1 : len(key)-1]
			if bytes.IndexByte(name, '\\') >= 0 {
				if len(key) > maxNameLen+2 {
					name = key
				} else {
					name = []byte(unquote(key))
				}
			}
			if !yield(name, raw) {
				return
			}
		}
	}
}

// rawMembers yields the name, as a JSON string with its quotes, and the
// raw value of each member of the valid JSON object obj, in order.
func rawMembers(obj []byte) func(yield func(key, raw []byte) bool) {
	return func(yield func([]byte, []byte) bool) {
		for i := skipSpace(obj, 0) + 1; ; {
			if i = nextItem(obj, i, '}'); i < 0 {
				return
			}
			end := skipString(obj, i)
			key := obj[i:end]
			i = skipSpace(obj, skipSpace(obj, end)+1)
			end = skipValue(obj, i)
			if !yield(key, obj[i:end]) {
				return
			}
			i = end
		}
	}
}

// elements yields each element of the valid JSON list list.
func elements(list []byte) func(yield func(raw []byte) bool) {
	return func(yield func([]byte) bool) {
		for i := skipSpace(list, 0) + 1; ; {
			if i = nextItem(list, i, ']'); i < 0 {
				return
			}
			end := skipValue(list, i)
			if !yield(list[i:end]) {
				return
			}
			i = end
		}
	}
}

// nextItem returns where the next member or element of a valid JSON
// object or list starts, looking from b[i], just after the opening bracket
// or the previous item; or -1 if end, the closing bracket, comes first.
func nextItem(b []byte, i int, end byte) int {
	i = skipSpace(b, i)
	if b[i] == ',' {
		i = skipSpace(b, i+1)
	}
	if b[i] == end {
		return -1
	}
	return i
}

// unquote returns the text of the valid JSON string s, quotes included.
func unquote(s []byte) string {
	body := s[1 : len(s)-1]
	if bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body) {
		return string(body)
	}
	var out string
	json.Unmarshal(s, &out)
	return out
}
