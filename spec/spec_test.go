package spec

import (
	"fmt"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		want    string // canonical form; empty when an error is expected
		errPart string
	}{
		{"alphabeta", "alphabeta", ""},
		{"  alphabeta   depth=4 ", "alphabeta depth=4", ""},
		{"maze h=5 w=5 turns=3", "maze h=5 w=5 turns=3", ""},
		{"mcts c=1.4", "mcts c=1.4", ""},
		{"", "", "empty"},
		{"   ", "", "empty"},
		{"AlphaBeta", "", "bad name"},
		{"alphabeta depth", "", "not key=value"},
		{"alphabeta depth=", "", "not key=value"},
		{"alphabeta =4", "", "bad parameter name"},
		{"alphabeta depth=4 depth=5", "", "given twice"},
		{"4ply", "", "bad name"},
		{strings.Repeat("a", MaxLen+1), "", "too long"},
	}
	for _, tt := range tests {
		sp, err := Parse(tt.in)
		if !wantError(t, fmt.Sprintf("Parse(%q)", tt.in), err, tt.errPart) {
			continue
		}
		if got := sp.String(); got != tt.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// wantError checks that call returned an error containing errPart, or no
// error when errPart is empty; it reports whether the call succeeded as
// wanted, so that its result is the next thing to check.
func wantError(t *testing.T, call string, err error, errPart string) bool {
	t.Helper()
	switch {
	case errPart != "" && (err == nil || !strings.Contains(err.Error(), errPart)):
		t.Errorf("%s error = %v, want one containing %q", call, err, errPart)
	case errPart == "" && err != nil:
		t.Errorf("%s: %v", call, err)
	}
	return errPart == "" && err == nil
}

var params = []Param{
	{Name: "depth", Type: Int, Default: 64, Min: 1, Max: 64, Help: "depth"},
	{Name: "c", Type: Float, Default: 1, Min: 0, Max: 10, Help: "exploration"},
}

func TestResolve(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		depth   int
		c       float64
		errPart string
	}{
		{"x", 64, 1, ""},
		{"x depth=4", 4, 1, ""},
		{"x depth=1 c=0.5", 1, 0.5, ""},
		{"x depth=64 c=10", 64, 10, ""},
		{"x depth=0", 0, 0, "out of range (allowed 1..64)"},
		{"x depth=65", 0, 0, "out of range (allowed 1..64)"},
		{"x depth=4.5", 0, 0, "want an integer in 1..64"},
		{"x depth=four", 0, 0, "want an integer in 1..64"},
		{"x c=NaN", 0, 0, "want a number in 0..10"},
		{"x c=inf", 0, 0, "want a number in 0..10"},
		{"x c=-0.1", 0, 0, "out of range (allowed 0..10)"},
		{"x width=3", 0, 0, `unknown parameter "width" (allowed: depth, c)`},
	}
	for _, tt := range tests {
		sp, err := Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Resolve(sp, params)
		if !wantError(t, fmt.Sprintf("Resolve(%q)", tt.in), err, tt.errPart) {
			continue
		}
		if v.Int(params[0]) != tt.depth || v.Float(params[1]) != tt.c {
			t.Errorf("Resolve(%q) = depth %d c %v, want %d %v", tt.in, v.Int(params[0]), v.Float(params[1]), tt.depth, tt.c)
		}
	}
}

func TestStrings(t *testing.T) {
	t.Parallel()
	sp, _ := Parse("x c=0.25")
	v, err := Resolve(sp, params)
	if err != nil {
		t.Fatal(err)
	}
	got := v.Strings(params)
	if got["depth"] != "64" || got["c"] != "0.25" || len(got) != 2 {
		t.Errorf("Strings = %v, want depth 64 and c 0.25", got)
	}
}

// TestFormatRoundTrip checks that a value formatted by Param.Format, put in
// a spec, resolves back to the same value: integers in plain decimal even
// when large, floats in any form ParseFloat reads, exactly.
func TestFormatRoundTrip(t *testing.T) {
	t.Parallel()
	n := Param{Name: "n", Type: Int, Min: -1e12, Max: 1e12}
	x := Param{Name: "x", Type: Float, Min: -1e300, Max: 1e300}
	tests := []struct {
		p    Param
		v    float64
		want string // "" when any text that round-trips will do
	}{
		{n, 5e6, "5000000"},
		{n, 2e8, "200000000"},
		{n, 2147483647, "2147483647"},
		{n, -1e12, "-1000000000000"},
		{n, 0, "0"},
		{x, 1, "1"},
		{x, 0.25, "0.25"},
		{x, 0.1, ""},
		{x, 1e-7, ""},
		{x, 1e21, ""},
		{x, -2.5e-300, ""},
		{x, 1.0 / 3, ""},
	}
	for _, tt := range tests {
		text := tt.p.Format(tt.v)
		if tt.want != "" && text != tt.want {
			t.Errorf("Format(%v) = %q, want %q", tt.v, text, tt.want)
		}
		sp, err := Parse("x " + tt.p.Name + "=" + text)
		if err != nil {
			t.Errorf("Format(%v) = %q does not parse: %v", tt.v, text, err)
			continue
		}
		v, err := Resolve(sp, []Param{tt.p})
		if err != nil || v[tt.p.Name] != tt.v {
			t.Errorf("Format(%v) = %q resolves to %v, %v", tt.v, text, v[tt.p.Name], err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"alphabeta depth=4", "maze h=5 w=5", "", "a=b", "x y=z=w", "x\ty=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := Parse(s)
		if err != nil {
			return
		}
		again, err := Parse(sp.String())
		if err != nil {
			t.Fatalf("canonical form %q of %q does not parse: %v", sp.String(), s, err)
		}
		if again.String() != sp.String() {
			t.Fatalf("round trip changed %q to %q", sp.String(), again.String())
		}
		if _, err := Resolve(sp, params); err != nil && err.Error() == "" {
			t.Fatal("empty error")
		}
	})
}

// TestChoice checks a choice parameter: its names resolve to their
// indexes, any other text is refused with the names allowed, and its
// values format back to their names.
func TestChoice(t *testing.T) {
	t.Parallel()
	eval := Param{Name: "eval", Type: Choice, Default: 1, Max: 2, Choices: []string{"score", "typeA", "typeB"}, Help: "evaluation"}
	tests := []struct {
		in      string
		want    float64
		errPart string
	}{
		{"x", 1, ""},
		{"x eval=score", 0, ""},
		{"x eval=typeB", 2, ""},
		{"x eval=typeb", 0, "eval=typeb: want one of score, typeA, typeB"},
		{"x eval=1", 0, "want one of score, typeA, typeB"},
	}
	for _, tt := range tests {
		sp, err := Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Resolve(sp, []Param{eval})
		if !wantError(t, fmt.Sprintf("Resolve(%q)", tt.in), err, tt.errPart) {
			continue
		}
		if got := v.Float(eval); got != tt.want {
			t.Errorf("Resolve(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if got := eval.Range(); got != "score|typeA|typeB" {
		t.Errorf("Range = %q, want score|typeA|typeB", got)
	}
	for i, name := range eval.Choices {
		if got := eval.Format(float64(i)); got != name {
			t.Errorf("Format(%d) = %q, want %q", i, got, name)
		}
	}
	if got := (Values{"eval": 2}).Strings([]Param{eval}); got["eval"] != "typeB" {
		t.Errorf("Strings = %v, want eval typeB", got)
	}
}
