package board

import "testing"

// shade is a test enumeration of two named values.
type shade uint8

var shadeNames = names[shade]{list: []string{"light", "dark"}, typ: "shade", what: "shade"}

func TestNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		v       shade
		has     bool
		name    string
		marshal string // the text, or the error when !has
	}{
		{0, true, "light", "light"},
		{1, true, "dark", "dark"},
		{2, false, "shade(2)", "board: no name for shade 2"},
		{255, false, "shade(255)", "board: no name for shade 255"},
	}
	for _, tt := range tests {
		if got := shadeNames.has(tt.v); got != tt.has {
			t.Errorf("has(%d) = %t, want %t", tt.v, got, tt.has)
		}
		if got := shadeNames.name(tt.v); got != tt.name {
			t.Errorf("name(%d) = %q, want %q", tt.v, got, tt.name)
		}
		text, err := shadeNames.marshal(tt.v)
		got := string(text)
		if err != nil {
			got = err.Error()
		}
		if got != tt.marshal || (err == nil) != tt.has {
			t.Errorf("marshal(%d) = %q, %v; want %q", tt.v, text, err, tt.marshal)
		}
	}
}

func TestNamesUnmarshal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want shade
		err  string // "" for none
	}{
		{"light", 0, ""},
		{"dark", 1, ""},
		{"Dark", 0, `board: unknown shade "Dark" (known: light, dark)`},
		{"", 0, `board: unknown shade "" (known: light, dark)`},
		{"a very long name, cut short", 0, `board: unknown shade "a very long name, cu" (known: light, dark)`},
	}
	for _, tt := range tests {
		v := shade(1)
		err := shadeNames.unmarshal([]byte(tt.text), &v)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if v != tt.want || got != tt.err {
			t.Errorf("unmarshal(%q) = %d, %q; want %d, %q", tt.text, v, got, tt.want, tt.err)
		}
	}
}
