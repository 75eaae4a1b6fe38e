package search_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// TestAlphaBetaListing checks the negamax listing of AlphaBeta for runs
// with its options off and on against the lecture's pseudocode: the
// primer's seven-line body (Fig. 5.7 in negamax form), the table's probe
// and store around it, QUIESCE after it, and the ordering's remark on the
// loop. Parameters missing from a header, or unreadable, take their
// defaults, which turn every option off.
func TestAlphaBetaListing(t *testing.T) {
	t.Parallel()
	plain := []string{
		"function ALPHABETA(node, depth, α, β)",
		"if depth = 0 or node is terminal then",
		"return EVALUATE(node) ▷ from the side to move's view",
		"value ← −∞",
		"for each child of node do",
		"value ← max(value, −ALPHABETA(child, depth − 1, −β, −α))",
		"if value ≥ β then",
		"return value ▷ cut: the rest of the children are pruned",
		"α ← max(α, value)",
		"return value",
	}
	tests := []struct {
		name   string
		params map[string]string
		lines  int      // how many lines are listed
		has    []string // lines listed, by their text
		hasNot []string // pieces of text no line has
	}{
		{"a header without parameters", nil, len(plain), plain, []string{"TABLE", "QUIESCE", "ordering"}},
		{"every option off", map[string]string{"tt": "0", "ordering": "0", "quiescence": "0"}, len(plain), plain, []string{"TABLE", "QUIESCE", "ordering"}},
		{"unreadable values", map[string]string{"tt": "yes", "ordering": "-3", "quiescence": "99"}, len(plain), plain, []string{"TABLE", "QUIESCE"}},
		{"the table", map[string]string{"tt": "1"}, len(plain) + 2, []string{"if TABLE[node, depth] settles (α, β) then return it ▷ tt=1", "TABLE[node, depth] ← value, exact or a bound ▷ tt=1"}, []string{"QUIESCE", "ordering"}},
		{"killer moves", map[string]string{"ordering": "2"}, len(plain), []string{"for each child of node do ▷ ordering≥1: likely cuts first"}, []string{"TABLE", "QUIESCE"}},
		{"quiescence", map[string]string{"quiescence": "2"}, len(plain) + 8, []string{"function QUIESCE(node, q, α, β) ▷ below the depth limit", "return value ▷ the floor or a noisy line's"}, []string{"TABLE", "ordering"}},
	}
	a := search.AlphaBetaEntry[tree.State]().Algorithm
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code := a.Listing(trace.ViewSide, tt.params)
			var texts []string
			for _, l := range code {
				texts = append(texts, strings.Join(strings.Fields(l.Text), " "))
			}
			if len(code) != tt.lines {
				t.Errorf("%d lines, want %d:\n%s", len(code), tt.lines, strings.Join(texts, "\n"))
			}
			for _, want := range tt.has {
				if !slices.Contains(texts, want) {
					t.Errorf("no line %q in:\n%s", want, strings.Join(texts, "\n"))
				}
			}
			for _, piece := range tt.hasNot {
				for _, text := range texts {
					if strings.Contains(text, piece) {
						t.Errorf("line %q is listed, want no line with %q", text, piece)
					}
				}
			}
		})
	}
}

// TestListingKeepsLights checks that a listing keeps each line's lights:
// on the textbook tree, with every option off, AlphaBeta's first leaf
// lights the evaluation, line 3 of the plain listing as of the full one,
// and the second node's call lights line 6, the full listing's 7 less the
// table's probe above it.
func TestListingKeepsLights(t *testing.T) {
	t.Parallel()
	a := search.AlphaBetaEntry[tree.State]().Algorithm
	tr, err := trace.NewTree(recordTree(t, textbookTree, alphaBetaRun))
	if err != nil {
		t.Fatal(err)
	}
	code := a.Listing(trace.ViewSide, nil)
	tests := []struct {
		kind trace.Kind
		node trace.NodeID
		want int
	}{
		{trace.KindEval, 2, 3},
		{trace.KindNode, 1, 6},
		{trace.KindLeave, 0, 10},
	}
	for _, tt := range tests {
		k := slices.IndexFunc(events(tr), func(e trace.Event) bool { return e.Kind == tt.kind && e.Node == tt.node })
		if k < 0 {
			t.Fatalf("no %s event at node %d", tt.kind, tt.node)
		}
		if err := tr.Seek(k); err != nil {
			t.Fatal(err)
		}
		if got := code.Lit(tr); got != tt.want {
			t.Errorf("%s at node %d: line %d lit, want %d", tt.kind, tt.node, got, tt.want)
		}
	}
}

func alphaBetaRun(ctx context.Context, s tree.State, tr search.Tracing) error {
	_, err := search.AlphaBeta(ctx, s, search.Options{Depth: search.MaxDepth, Tracing: tr})
	return err
}

// events returns the events folded in tr.
func events(tr *trace.Tree) []trace.Event {
	out := make([]trace.Event, tr.Len())
	for k := range out {
		out[k] = tr.Event(k)
	}
	return out
}
