package textpos

import "testing"

func TestFound(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		i    int
		want string
	}{
		{"abc", 1, "'b'"},
		{"abc", 3, "end of input"},
		{"abc", 9, "end of input"},
		{"", 0, "end of input"},
		{"a\xffb", 1, "byte 0xff"},
		{"aéb", 1, "'é'"},
		{"a\nb", 1, `'\n'`},
	}
	for _, tt := range tests {
		if got := Found(tt.text, tt.i); got != tt.want {
			t.Errorf("Found(%q, %d) = %s, want %s", tt.text, tt.i, got, tt.want)
		}
	}
}
