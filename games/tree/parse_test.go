package tree_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/tree"
)

// leaves returns the leaf values under s from left to right.
func leaves(s tree.State) []float64 {
	if s.Done() {
		v := s.Score()
		if !s.MaxToMove() {
			v = -v
		}
		return []float64{v}
	}
	var vs []float64
	for _, a := range s.Legal(nil) {
		vs = append(vs, leaves(s.Play(a))...)
	}
	return vs
}

// sameBits reports whether a and b hold the same float64 values, telling
// -0 from 0.
func sameBits(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) })
}

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text   string
		nodes  int
		leaves []float64
		canon  string
	}{
		{rn, 13, []float64{3, 12, 8, 2, 4, 6, 14, 5, 2}, rn},
		{"5", 1, []float64{5}, "5"},
		{" [ -1.5 ,\n0.25 ]\t", 3, []float64{-1.5, 0.25}, "[-1.5,0.25]"},
		{"[[[1]]]", 4, []float64{1}, "[[[1]]]"},
		{"[1,[2,[3,4]],5]", 8, []float64{1, 2, 3, 4, 5}, "[1,[2,[3,4]],5]"},
		{"[1e3, 2.50, -0.0, .5, 5., 007, 1E-2]", 8, []float64{1000, 2.5, math.Copysign(0, -1), 0.5, 5, 7, 0.01}, "[1000,2.5,-0,0.5,5,7,0.01]"},
		{"1e-400", 1, []float64{0}, "0"}, // underflows to 0, which is finite
		{"-1.7976931348623157e308", 1, []float64{-math.MaxFloat64}, "-1.7976931348623157e+308"},
	}
	for _, tt := range tests {
		s, err := tree.Parse(tt.text)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.text, err)
			continue
		}
		if got := s.Tree().Len(); got != tt.nodes {
			t.Errorf("Parse(%q): %d nodes, want %d", tt.text, got, tt.nodes)
		}
		if got := leaves(s); !sameBits(got, tt.leaves) {
			t.Errorf("Parse(%q): leaves %v, want %v", tt.text, got, tt.leaves)
		}
		if got := s.String(); got != tt.canon {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.text, got, tt.canon)
		}
		if s.Depth() != 0 || !s.MaxToMove() || s != s.Tree().Root() {
			t.Errorf("Parse(%q) is not the root with MAX to move", tt.text)
		}
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text   string
		offset int
		msg    string
	}{
		{"", 0, "expected a number or '[', found end of input"},
		{"  \n", 3, "expected a number or '[', found end of input"},
		{"[[3,12,x]]", 7, "expected a number or '[', found 'x'"},
		{"[]", 1, "expected a number or '[', found ']'"},
		{"[1,]", 3, "expected a number or '[', found ']'"},
		{"[1 2]", 3, "expected ',' or ']', found '2'"},
		{"[1;2]", 2, "expected ',' or ']', found ';'"},
		{"[1", 2, "expected ',' or ']', found end of input"},
		{"[[1]", 4, "expected ',' or ']', found end of input"},
		{"1]", 1, "expected end of input, found ']'"},
		{"[1] x", 4, "expected end of input, found 'x'"},
		{"[1][2]", 3, "expected end of input, found '['"},
		{"1.2.3", 3, "expected end of input, found '.'"},
		{"0x10", 1, "expected end of input, found 'x'"},
		{"1_000", 1, "expected end of input, found '_'"},
		{"-", 1, "expected a digit, found end of input"},
		{"[-x]", 2, "expected a digit, found 'x'"},
		{"[.]", 2, "expected a digit, found ']'"},
		{"1e", 2, "expected a digit of the exponent, found end of input"},
		{"1e+]", 3, "expected a digit of the exponent, found ']'"},
		{"+1", 0, "expected a number or '[', found '+'"},
		{"inf", 0, "expected a number or '[', found 'i'"},
		{"NaN", 0, "expected a number or '[', found 'N'"},
		{"[\xff]", 1, "expected a number or '[', found byte 0xff"},
		{"[1,\u00bd]", 3, "expected a number or '[', found '½'"},
		{"1e999", 0, "number 1e999 is out of range: leaves must be finite float64 values"},
		{"[0, -1e400]", 4, "number -1e400 is out of range: leaves must be finite float64 values"},
		{"[" + strings.Repeat("1", 33) + "]", 1, "number of 33 bytes: a number has at most 32"},
	}
	for _, tt := range tests {
		_, err := tree.Parse(tt.text)
		var se *tree.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want a *tree.SyntaxError", tt.text, err)
			continue
		}
		if se.Offset != tt.offset || se.Msg != tt.msg {
			t.Errorf("Parse(%q): offset %d, %q\nwant offset %d, %q", tt.text, se.Offset, se.Msg, tt.offset, tt.msg)
		}
	}
	err := &tree.SyntaxError{Offset: 7, Msg: "expected a number or '[', found 'x'"}
	if got, want := err.Error(), "tree: at offset 7: expected a number or '[', found 'x'"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestParseLimits(t *testing.T) {
	t.Parallel()
	// A list of n zeros has n+1 nodes, and its k-th zero (from 0) starts at
	// offset 1+2k.
	zeros := func(n int) string { return "[" + strings.Repeat("0,", n-1) + "0]" }
	nested := func(n int) string { return strings.Repeat("[", n) + "1" + strings.Repeat("]", n) }

	if s, err := tree.Parse(zeros(tree.MaxNodes - 1)); err != nil || s.Tree().Len() != 10000 {
		t.Errorf("a tree of 10000 nodes: %v", err)
	}
	var se *tree.SyntaxError
	_, err := tree.Parse(zeros(tree.MaxNodes))
	if !errors.As(err, &se) || se.Offset != 1+2*9999 || se.Msg != "too many nodes: a tree has at most 10000" {
		t.Errorf("a tree of 10001 nodes: %v, want too many nodes at offset 19999", err)
	}

	s, err := tree.Parse(nested(tree.MaxDepth))
	if err != nil {
		t.Fatalf("64 nested brackets: %v", err)
	}
	leaf := s
	for !leaf.Done() {
		leaf = leaf.Play(0)
	}
	if leaf.Depth() != 64 || !leaf.MaxToMove() || leaf.Score() != 1 {
		t.Errorf("leaf under 64 brackets: depth %d, MAX to move %t, score %v; want 64, true, 1", leaf.Depth(), leaf.MaxToMove(), leaf.Score())
	}
	_, err = tree.Parse(nested(tree.MaxDepth + 1))
	if !errors.As(err, &se) || se.Offset != 64 || se.Msg != "brackets nested more than 64 deep" {
		t.Errorf("65 nested brackets: %v, want an error at the 65th '[', offset 64", err)
	}
}

// sameShape reports whether the subtrees at a and b have the same shape,
// the same leaves and the same names.
func sameShape(a, b tree.State) bool {
	if a.Done() != b.Done() || a.Name() != b.Name() || a.MaxToMove() != b.MaxToMove() {
		return false
	}
	if a.Done() {
		return math.Float64bits(a.Score()) == math.Float64bits(b.Score())
	}
	la, lb := a.Legal(nil), b.Legal(nil)
	if !slices.Equal(la, lb) {
		return false
	}
	for _, x := range la {
		if !sameShape(a.Play(x), b.Play(x)) {
			return false
		}
	}
	return true
}

func FuzzParse(f *testing.F) {
	for _, text := range []string{
		rn, "5", " [ -1.5 ,\n0.25 ]", "[[[1]]]", "[1e3,-0,.5,5.]", "1e-400",
		"", "[]", "[1,]", "[1 2]", "[1", "1]", "[1]x", "1e999", "-", "1e", "[\xff]",
		strings.Repeat("[", 70) + "1" + strings.Repeat("]", 70),
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := tree.Parse(text)
		if err != nil {
			var se *tree.SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(text) {
				t.Errorf("Parse(%q): %v, want a *tree.SyntaxError with an offset in 0..%d", text, err, len(text))
			}
			return
		}
		canon := s.String()
		again, err := tree.Parse(canon)
		if err != nil {
			t.Fatalf("Parse(%q) ok, but its text %q: %v", text, canon, err)
		}
		if again.String() != canon || again.Tree().Len() != s.Tree().Len() || !sameShape(s, again) {
			t.Errorf("Parse(%q) and Parse(%q) differ", text, canon)
		}
	})
}
