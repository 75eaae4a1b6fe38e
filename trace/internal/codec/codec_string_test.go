package codec

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/searchviz/searchviz/internal/testenv"
)

func TestCodecAppendString(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes strings in the test goroutine")
	t.Parallel()
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", `""`},
		{"plain", "b2 up", `"b2 up"`},
		{"quote", `say "hi"`, `"say \"hi\""`},
		{"backslash", `a\b`, `"a\\b"`},
		{"short escapes", "\n\r\t", `"\n\r\t"`},
		{"other controls", "\x00\x01\x08\x0c\x1f", `"\u0000\u0001\u0008\u000c\u001f"`},
		{"space and DEL are literal", " \x7f", "\" \x7f\""},
		{"no HTML escaping", "<a&b>", `"<a&b>"`},
		{"multibyte literal", "é♞😀", `"é♞😀"`},
		{"line and paragraph separators", "a\u2028b\u2029c", `"a\u2028b\u2029c"`},
		{"invalid byte", "a\xffb", `"a\ufffdb"`},
		{"truncated sequence, one replacement per byte", "\xe2\x80", `"\ufffd\ufffd"`},
		{"encoded surrogate is invalid", "\xed\xa0\x80", `"\ufffd\ufffd\ufffd"`},
		{"a real U+FFFD is literal", "\uFFFD", "\"\uFFFD\""},
		{"escape at the end", "ab\n", `"ab\n"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := string(appendString([]byte("x"), tt.in))
			if got != "x"+tt.want {
				t.Errorf("appendString(%q) = %s, want %s", tt.in, got[1:], tt.want)
			}
			if !json.Valid([]byte(tt.want)) {
				t.Fatalf("test case %s is not valid JSON", tt.want)
			}
			if n := QuotedLen(tt.in); n != len(tt.want) {
				t.Errorf("QuotedLen(%q) = %d, want %d", tt.in, n, len(tt.want))
			}
			if n, want := unquotedLen([]byte(tt.want)), len(unquote([]byte(tt.want))); n != want {
				t.Errorf("unquotedLen(%s) = %d, want %d", tt.want, n, want)
			}
		})
	}
}

func FuzzCodecAppendString(f *testing.F) {
	for _, s := range []string{"", "a\"b\\c", "\x00\x1f\u2028", "a\xffb", "\xed\xa0\x80", "é♞"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := appendString(nil, s)
		if n := QuotedLen(s); n != len(out) {
			t.Errorf("QuotedLen(%q) = %d, want the %d bytes of %s", s, n, len(out), out)
		}
		var back string
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("appendString(%q) = %s, not a JSON string: %v", s, out, err)
		}
		if utf8.ValidString(s) && back != s {
			t.Errorf("appendString(%q) decodes to %q", s, back)
		}
		if !utf8.Valid(out) {
			t.Errorf("appendString(%q) = %q, not valid UTF-8", s, out)
		}
		for _, c := range out {
			if c < 0x20 {
				t.Fatalf("appendString(%q) = %q holds control byte %#x", s, out, c)
			}
		}
		if bytes.Contains(out, []byte("\u2028")) || bytes.Contains(out, []byte("\u2029")) {
			t.Errorf("appendString(%q) = %q holds a raw U+2028 or U+2029", s, out)
		}
	})
}

// FuzzUnquotedLen checks that unquotedLen measures what unquote decodes,
// and textLen what a Reader decodes of what appendString writes.
func FuzzUnquotedLen(f *testing.F) {
	for _, s := range []string{`""`, `"abc"`, `"\n\"\\\/\b\f"`, `"\u00e9\u2028"`, `"\ud83d\ude00"`, `"\ud83d"`,
		`"\ude00\ud83d"`, `"\ud83d\u0041"`, `"\ud83dx"`, "\"\xff\xfe\"", "\"\xed\xa0\x80\"", `"\uD83D\uDE00"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, s []byte) {
		var v string
		if len(s) < 2 || s[0] != '"' || json.Unmarshal(s, &v) != nil || skipString(s, 0) != len(s) {
			return // not one valid JSON string
		}
		if n, want := unquotedLen(s), len(unquote(s)); n != want {
			t.Errorf("unquotedLen(%s) = %d, want %d", s, n, want)
		}
		// textLen counts only strings long enough to matter.
		if text := s[1 : len(s)-1]; len(text) > 0 {
			long := strings.Repeat(string(text), MaxString/3/len(text)+1)
			if n, want := textLen(long), len(unquote(appendString(nil, long))); n != want {
				t.Errorf("textLen(%q repeated) = %d, want %d", text, n, want)
			}
		}
	})
}
