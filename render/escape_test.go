package render

import (
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

func TestDOTString(t *testing.T) {
	testenv.SkipUnderRace(t, "escapes text")
	t.Parallel()
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", `""`},
		{"plain", "a1", `"a1"`},
		{"quote", `say "hi"`, `"say \"hi\""`},
		{"backslash", `a\b`, `"a\\b"`},
		{"graphviz escape stays text", `\N`, `"\\N"`},
		{"ampersand", "x & y", `"x &amp; y"`},
		{"entity stays text", "&amp;", `"&amp;amp;"`},
		{"angle brackets need nothing", "<b>", `"<b>"`},
		{"newline breaks the line", "a\nb", `"a\nb"`},
		{"tab", "a\tb", "\"a\uFFFDb\""},
		{"non-ASCII kept", "α-cut: 2 ≤ α=3", `"α-cut: 2 ≤ α=3"`},
		{"invalid UTF-8", "a\xffb", "\"a\uFFFDb\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := dotString(tt.in); got != tt.want {
				t.Errorf("dotString(%q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

func TestHTMLText(t *testing.T) {
	testenv.SkipUnderRace(t, "escapes text")
	t.Parallel()
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"plain", "x", "x"},
		{"markup", `<B>"a" & b</B>`, "&lt;B&gt;&quot;a&quot; &amp; b&lt;/B&gt;"},
		{"entity stays text", "&lt;", "&amp;lt;"},
		{"apostrophe needs nothing", "it's", "it's"},
		{"backslash needs nothing", `\N`, `\N`},
		{"non-ASCII kept", "♛ α ∞", "♛ α ∞"},
		{"newline", "a\nb", "a\uFFFDb"},
		{"invalid UTF-8", "\xff", "\uFFFD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := htmlText(tt.in); got != tt.want {
				t.Errorf("htmlText(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
