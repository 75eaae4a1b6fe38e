package render

import (
	"testing"
)

// TestExactSize checks that a drawing's width and height become its
// viewBox's in points, worked by hand, and that what has no readable
// root comes back as it was.
func TestExactSize(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"graphviz's rounding",
			`<?xml version="1.0"?>` + "\n" + `<svg width="498pt" height="100pt"` + "\n" + ` viewBox="0.00 0.00 498.43 99.80" xmlns="http://www.w3.org/2000/svg"><g/></svg>`,
			`<?xml version="1.0"?>` + "\n" + `<svg width="498.43pt" height="99.8pt"` + "\n" + ` viewBox="0 0 498.43 99.8" xmlns="http://www.w3.org/2000/svg"><g/></svg>`},
		{"exact already", `<svg width="10pt" height="20pt" viewBox="0 0 10 20"></svg>`, `<svg width="10pt" height="20pt" viewBox="0 0 10 20"></svg>`},
		{"no viewBox", `<svg width="10pt" height="20pt"></svg>`, `<svg width="10pt" height="20pt"></svg>`},
		{"a viewBox of three numbers", `<svg width="10pt" viewBox="0 0 10"></svg>`, `<svg width="10pt" viewBox="0 0 10"></svg>`},
		{"a viewBox with a word", `<svg width="10pt" viewBox="0 0 ten 20"></svg>`, `<svg width="10pt" viewBox="0 0 ten 20"></svg>`},
		{"no root", `<g width="10pt" viewBox="0 0 10 20"></g>`, `<g width="10pt" viewBox="0 0 10 20"></g>`},
		{"an unclosed root", `<svg width="10pt" viewBox="0 0 10 20"`, `<svg width="10pt" viewBox="0 0 10 20"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := string(ExactSize([]byte(tt.in))); got != tt.want {
				t.Errorf("ExactSize(%q)\n = %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestDrawingSize(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		svg  string
		w, h float64
		ok   bool
	}{
		{"Graphviz", `<?xml version="1.0"?>` + "\n" + `<svg width="404pt" height="188pt" viewBox="0.00 0.00 404.00 188.35" xmlns="http://www.w3.org/2000/svg">`, 404, 188.35, true},
		{"no viewBox", `<svg width="10pt" height="10pt">`, 0, 0, false},
		{"a viewBox below the root", `<svg width="10pt"><svg viewBox="0 0 5 5">`, 0, 0, false},
		{"three numbers", `<svg viewBox="0 0 5">`, 0, 0, false},
		{"negative", `<svg viewBox="0 0 -5 5">`, 0, 0, false},
		{"not a drawing", `hello`, 0, 0, false},
		{"an open tag", `<svg viewBox="0 0 5 5"`, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w, h, ok := DrawingSize([]byte(tt.svg))
			if w != tt.w || h != tt.h || ok != tt.ok {
				t.Errorf("DrawingSize(%q) = %g, %g, %v; want %g, %g, %v", tt.svg, w, h, ok, tt.w, tt.h, tt.ok)
			}
		})
	}
}
