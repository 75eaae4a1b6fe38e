package tree_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/tree"
)

// lecture is the example of the package documentation: MAX chooses
// between a coin that gives MIN one of two choices and a die.
const lecture = "[{0.5:[3,12],0.5:[2,4]},{1/6:9,5/6:-1}]"

// isChance reports whether action leads from s to a chance node: only a
// chance node's outcomes have labels.
func isChance(s tree.ChanceState, action int) bool {
	return s.OutcomeLabel(action, 0) != ""
}

// size returns the number of nodes of the subtree at s, chance nodes
// included, and its levels of brackets and braces.
func size(s tree.ChanceState) (nodes, levels int) {
	nodes = 1
	for _, a := range s.Legal(nil) {
		extra := 0
		if isChance(s, a) {
			nodes, extra = nodes+1, 1
		}
		for o := range s.Chances(a, nil) {
			n, l := size(s.Roll(a, o))
			nodes += n
			levels = max(levels, 1+extra+l)
		}
	}
	return nodes, levels
}

// sameChance reports whether the subtrees at a and b have the same shape,
// names, labels, probabilities and leaves.
func sameChance(a, b tree.ChanceState) bool {
	if a.Done() != b.Done() || a.Name() != b.Name() || a.MaxToMove() != b.MaxToMove() || a.Depth() != b.Depth() ||
		math.Float64bits(a.Score()) != math.Float64bits(b.Score()) {
		return false
	}
	la, lb := a.Legal(nil), b.Legal(nil)
	if !slices.Equal(la, lb) {
		return false
	}
	for _, x := range la {
		pa, pb := a.Chances(x, nil), b.Chances(x, nil)
		if a.Label(x) != b.Label(x) || !sameBits(pa, pb) {
			return false
		}
		for o := range pa {
			if a.OutcomeLabel(x, o) != b.OutcomeLabel(x, o) || !sameChance(a.Roll(x, o), b.Roll(x, o)) {
				return false
			}
		}
	}
	return true
}

func TestParseChance(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text  string
		nodes int // chance nodes included
		canon string
	}{
		{lecture, 11, lecture},
		{" [ { 0.5 : 3 ,\n.5:12 } , {0.50:2, 0.5:20} ]\t", 7, "[{0.5:3,.5:12},{0.50:2,0.5:20}]"},
		{"[{1:5}]", 3, "[{1:5}]"},
		{"[{1/3:1e3,1/3:-0,1/3:007}]", 5, "[{1/3:1000,1/3:-0,1/3:7}]"},
		{"[{0.25:[1,{1:[2]}],3/4:[4]},5]", 10, "[{0.25:[1,{1:[2]}],3/4:[4]},5]"},
		{"[{1.:1}]", 3, "[{1.:1}]"},
		{"[{01/02:1,2/4:2}]", 4, "[{01/02:1,2/4:2}]"},
		// Plain trees, which Parse reads the same.
		{rn, 13, rn},
		{"5", 1, "5"},
		{"[[[1]]]", 4, "[[[1]]]"},
	}
	for _, tt := range tests {
		s, err := tree.ParseChance(tt.text)
		if err != nil {
			t.Errorf("ParseChance(%q): %v", tt.text, err)
			continue
		}
		if n, _ := size(s); n != tt.nodes {
			t.Errorf("ParseChance(%q): %d nodes, want %d", tt.text, n, tt.nodes)
		}
		if got := s.String(); got != tt.canon {
			t.Errorf("ParseChance(%q).String() = %q, want %q", tt.text, got, tt.canon)
		}
		if s.Depth() != 0 || !s.MaxToMove() || s.Name() != rootName(s) {
			t.Errorf("ParseChance(%q) is not the root with MAX to move", tt.text)
		}
		again, err := tree.ParseChance(tt.canon)
		if err != nil || again.String() != tt.canon || !sameChance(s, again) {
			t.Errorf("ParseChance(%q) and ParseChance(%q) differ: %v", tt.text, tt.canon, err)
		}
	}
}

// rootName is the name of a root: "A", or the value of a tree that
// is a single leaf.
func rootName(s tree.ChanceState) string {
	if s.Done() {
		return s.String()
	}
	return "A"
}

func TestParseChanceReadsPlainTreesAsParse(t *testing.T) {
	t.Parallel()
	for _, text := range []string{rn, "[[[1,2],3],[4,[5,6]]]", "-7", "[1e3, 2.50, -0.0, .5, 5., 007, 1E-2]"} {
		plain := mustParse(t, text)
		s, err := tree.ParseChance(text)
		if err != nil {
			t.Errorf("ParseChance(%q): %v", text, err)
			continue
		}
		if s.String() != plain.String() || !sameAsPlain(s, plain) {
			t.Errorf("ParseChance(%q) and Parse(%q) differ", text, text)
		}
	}
}

// sameAsPlain reports whether the subtree at s, of a chance tree, is the
// subtree at p, of a plain one: every action has a single outcome of
// probability 1, without a label, and the rest is as in p.
func sameAsPlain(s tree.ChanceState, p tree.State) bool {
	if s.Done() != p.Done() || s.Name() != p.Name() || s.MaxToMove() != p.MaxToMove() || s.Depth() != p.Depth() ||
		math.Float64bits(s.Score()) != math.Float64bits(p.Score()) || !slices.Equal(s.Legal(nil), p.Legal(nil)) {
		return false
	}
	for _, a := range s.Legal(nil) {
		if s.Label(a) != p.Label(a) || !slices.Equal(s.Chances(a, nil), []float64{1}) || s.OutcomeLabel(a, 0) != "" ||
			!sameAsPlain(s.Roll(a, 0), p.Play(a)) {
			return false
		}
	}
	return true
}

func TestParseChanceErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text   string
		offset int
		msg    string
	}{
		// Where chance nodes may not be.
		{"{0.5:3,0.5:12}", 0, "found '{', a chance node, at the root: the root is MAX's move, a number or a list in '[' ']'"},
		{" {1:1}", 1, "found '{', a chance node, at the root: the root is MAX's move, a number or a list in '[' ']'"},
		{"[{0.5:{0.5:1,0.5:2},0.5:3}]", 6, "found '{', a chance node, as an outcome of a chance node: an outcome is a number or a list in '[' ']'; multiply the probabilities into one chance node"},
		{"[{1: {1:2}}]", 5, "found '{', a chance node, as an outcome of a chance node: an outcome is a number or a list in '[' ']'; multiply the probabilities into one chance node"},
		// Probabilities.
		{"[{0.5:1,0.4:2}]", 1, "the chance node's probabilities sum to 0.9: they must sum to 1"},
		{"[{0.6:1,0.6:2}]", 1, "the chance node's probabilities sum to 1.2: they must sum to 1"},
		{"[4,{1/3:1,1/3:2}]", 3, "the chance node's probabilities sum to 0.6666666667: they must sum to 1"},
		{"[{0.999999998:1}]", 1, "the chance node's probabilities sum to 0.999999998: they must sum to 1"},
		{"[{0:1,1:2}]", 2, "probability 0 is out of range: a probability is more than 0 and at most 1"},
		{"[{0.5:1,0.0:2}]", 8, "probability 0.0 is out of range: a probability is more than 0 and at most 1"},
		{"[{-0.5:1,1.5:2}]", 2, "probability -0.5 is out of range: a probability is more than 0 and at most 1"},
		{"[{-1/2:1}]", 2, "probability -1/2 is out of range: a probability is more than 0 and at most 1"},
		{"[{1.5:1}]", 2, "probability 1.5 is out of range: a probability is more than 0 and at most 1"},
		{"[{1.0000000001:1}]", 2, "probability 1.0000000001 is out of range: a probability is more than 0 and at most 1"},
		{"[{3/2:1}]", 2, "probability 3/2 is out of range: a probability is more than 0 and at most 1"},
		{"[{0/3:1,1:2}]", 2, "probability 0/3 is out of range: a probability is more than 0 and at most 1"},
		{"[{0/0:1}]", 2, "probability 0/0 divides by zero"},
		{"[{1/0:1}]", 2, "probability 1/0 divides by zero"},
		{"[{1.5/3:1}]", 2, "probability 1.5/3: a fraction is of two whole numbers, e.g. 1/6"},
		{"[{1/2.0:1}]", 2, "probability 1/2.0: a fraction is of two whole numbers, e.g. 1/6"},
		{"[{1/:1}]", 4, "expected a digit of the denominator, found ':'"},
		{"[{.:1}]", 3, "expected a digit, found ':'"},
		{"[{-:1}]", 3, "expected a digit, found ':'"},
		{"[{x:1}]", 2, "expected a probability, found 'x'"},
		{"[{+1:1}]", 2, "expected a probability, found '+'"},
		{"[{1/" + strings.Repeat("1", 31) + ":1}]", 2, "probability of 33 bytes: a probability has at most 32"},
		{"[{1e0:1}]", 3, "expected ':' after the probability, found 'e'"},
		{"[{0.5 1}]", 6, "expected ':' after the probability, found '1'"},
		{"[{1/2/3:1}]", 5, "expected ':' after the probability, found '/'"},
		// The shape of a chance node.
		{"[{}]", 2, "expected a probability, found '}': a chance node has at least one outcome"},
		{"[{ }]", 3, "expected a probability, found '}': a chance node has at least one outcome"},
		{"[{0.5:1,0.5:2,}]", 14, "expected a probability, found '}'"},
		{"[{0.5:}]", 6, "expected a number or '[', found '}'"},
		{"[{0.5:1,0.5:2]", 13, "expected ',' or '}', found ']'"},
		{"[{0.5:1;0.5:2}]", 7, "expected ',' or '}', found ';'"},
		{"[{1:1", 5, "expected ',' or '}', found end of input"},
		{"[{1:1}", 6, "expected ',' or ']', found end of input"},
		{"[{1:1}]x", 7, "expected end of input, found 'x'"},
		// Plain syntax, where a chance node could be.
		{"[]", 1, "expected a number, '[' or '{', found ']'"},
		{"[1,x]", 3, "expected a number, '[' or '{', found 'x'"},
		{"}", 0, "expected a number or '[', found '}'"},
		{"[{1:[1e999]}]", 5, "number 1e999 is out of range: leaves must be finite float64 values"},
	}
	for _, tt := range tests {
		_, err := tree.ParseChance(tt.text)
		var se *tree.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("ParseChance(%q) = %v, want a *tree.SyntaxError", tt.text, err)
			continue
		}
		if se.Offset != tt.offset || se.Msg != tt.msg {
			t.Errorf("ParseChance(%q): offset %d, %q\nwant offset %d, %q", tt.text, se.Offset, se.Msg, tt.offset, tt.msg)
		}
	}
}

func TestParseRefusesChance(t *testing.T) {
	t.Parallel()
	const msg = "found '{', a chance node: chance nodes need the chance tree game, chancetree"
	tests := []struct {
		text   string
		offset int
	}{
		{lecture, 1},
		{"{1:2}", 0},
		{"[1,[2,{1:3}]]", 6},
	}
	for _, tt := range tests {
		_, err := tree.Parse(tt.text)
		var se *tree.SyntaxError
		if !errors.As(err, &se) || se.Offset != tt.offset || se.Msg != msg {
			t.Errorf("Parse(%q) = %v\nwant at offset %d: %s", tt.text, err, tt.offset, msg)
		}
	}
}

func TestParseChanceLimits(t *testing.T) {
	t.Parallel()
	// A list of n chance nodes {1:0} has 2n+1 nodes; the k-th (from 0)
	// starts at offset 1+6k and its leaf at offset 4+6k.
	chances := func(n int) string { return "[" + strings.Repeat("{1:0},", n-1) + "{1:0}]" }
	// Each "[{1:" adds a bracket and a brace, two levels, and one move, so
	// pairs of them fill MaxDepth.
	const pairs = tree.MaxDepth / 2
	nested := strings.Repeat("[{1:", pairs) + "1" + strings.Repeat("}]", pairs)

	const half = (tree.MaxNodes - 2) / 2 // 4999 chance nodes and a leaf fill the tree
	s, err := tree.ParseChance(chances(half)[:6*half] + ",0]")
	if n, _ := size(s); err != nil || n != tree.MaxNodes {
		t.Errorf("a tree of %d nodes: %d nodes, %v", tree.MaxNodes, n, err)
	}
	var se *tree.SyntaxError
	_, err = tree.ParseChance(chances(half + 1))
	if !errors.As(err, &se) || se.Offset != 4+6*half || se.Msg != "too many nodes: a tree has at most 10000" {
		t.Errorf("a tree of %d nodes: %v, want too many nodes at the last leaf, offset %d", tree.MaxNodes+1, err, 4+6*half)
	}

	s, err = tree.ParseChance(nested)
	if err != nil {
		t.Fatalf("64 levels of brackets and braces: %v", err)
	}
	if _, levels := size(s); levels != tree.MaxDepth {
		t.Errorf("64 levels of brackets and braces: size says %d levels", levels)
	}
	leaf := s
	for !leaf.Done() {
		leaf = leaf.Roll(0, 0)
	}
	if leaf.Depth() != 32 || !leaf.MaxToMove() || leaf.Score() != 1 {
		t.Errorf("leaf under 32 moves and 32 chance nodes: depth %d, MAX to move %t, score %v; want 32, true, 1", leaf.Depth(), leaf.MaxToMove(), leaf.Score())
	}
	tests := []struct {
		text   string
		offset int
	}{
		{"[" + nested + "]", 126}, // the 65th level is the last '{'
		{nested[:4*pairs] + "[1]" + nested[4*pairs+1:], 128},
		{strings.Repeat("[", tree.MaxDepth+1) + "1" + strings.Repeat("]", tree.MaxDepth+1), 64},
	}
	for _, tt := range tests {
		_, err := tree.ParseChance(tt.text)
		if !errors.As(err, &se) || se.Offset != tt.offset || se.Msg != "brackets and braces nested more than 64 deep" {
			t.Errorf("65 levels of brackets and braces: %v, want an error at offset %d", err, tt.offset)
		}
	}
}

func FuzzParseChance(f *testing.F) {
	for _, text := range []string{
		lecture, rn, "5", "[{1:5}]", " [ { 0.5 : 3 ,\n.5:12 } , {0.50:2, 0.5:20} ]", "[{1/3:1,1/3:2,1/3:3}]",
		"[{0.25:[1,{1:[2]}],3/4:[4]},5]", "[{01/02:1,2/4:2}]", "[{1.:1}]",
		"{1:1}", "[{1:{1:1}}]", "[{}]", "[{1:1,}]", "[{0:1}]", "[{1/0:1}]", "[{0/0:1}]", "[{1.5/3:1}]",
		"[{0.5:1,0.4:2}]", "[{-1:1}]", "[{1e0:1}]", "[{1", "[{1:",
		strings.Repeat("[{1:", 40) + "1" + strings.Repeat("}]", 40),
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		plain, plainErr := tree.Parse(text)
		s, err := tree.ParseChance(text)
		if !strings.Contains(text, "{") && (err == nil) != (plainErr == nil) {
			t.Fatalf("without braces, ParseChance(%q) = %v but Parse = %v", text, err, plainErr)
		}
		if err != nil {
			var se *tree.SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(text) {
				t.Errorf("ParseChance(%q): %v, want a *tree.SyntaxError with an offset in 0..%d", text, err, len(text))
			}
			return
		}
		if plainErr == nil && !sameAsPlain(s, plain) {
			t.Errorf("ParseChance(%q) and Parse differ", text)
		}
		if n, levels := size(s); n > tree.MaxNodes || levels > tree.MaxDepth {
			t.Errorf("ParseChance(%q): %d nodes and %d levels, want at most %d and %d", text, n, levels, tree.MaxNodes, tree.MaxDepth)
		}
		canon := s.String()
		again, err := tree.ParseChance(canon)
		if err != nil {
			t.Fatalf("ParseChance(%q) ok, but its text %q: %v", text, canon, err)
		}
		if again.String() != canon || !sameChance(s, again) {
			t.Errorf("ParseChance(%q) and ParseChance(%q) differ", text, canon)
		}
	})
}
