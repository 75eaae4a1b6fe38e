package search

import (
	"context"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/trace"
)

// TestTableProbe checks which stored values settle a window: an exact
// value always, a lower bound only at or above beta, an upper bound only
// at or below alpha, and never one of another depth.
func TestTableProbe(t *testing.T) {
	t.Parallel()
	tab := newTable(10)
	tab.store("exact", 3, 5, 0, 10, 1)
	tab.store("lower", 3, 12, 0, 10, 2)
	tab.store("upper", 3, -2, 0, 10, 3)
	for _, tt := range []struct {
		key         string
		depth       int
		alpha, beta float64
		want        bool
	}{
		{"exact", 3, -100, 100, true},
		{"exact", 2, -100, 100, false},
		{"exact", 4, -100, 100, false},
		{"lower", 3, 0, 12, true},
		{"lower", 3, 0, 13, false},
		{"upper", 3, -2, 10, true},
		{"upper", 3, -3, 10, false},
		{"absent", 3, -100, 100, false},
	} {
		_, _, ok := tab.probe(tt.key, tt.depth, tt.alpha, tt.beta)
		if ok != tt.want {
			t.Errorf("probe(%q, depth %d, (%v, %v)) = %v, want %v", tt.key, tt.depth, tt.alpha, tt.beta, ok, tt.want)
		}
	}
}

// TestTableFull crosses the table's size: a search whose table fills
// stores no more, still finds the value of one without a table, and
// its closing note says how many positions the table refused.
func TestTableFull(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	plain, err := AlphaBeta(ctx, tictactoe.New(), Options{Depth: MaxDepth})
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	const size = 50
	res, err := alphaBeta(ctx, tictactoe.New(), Options{Depth: MaxDepth, Table: true, Tracing: Tracing{Tracer: rec}}, size)
	if err != nil {
		t.Fatal(err)
	}
	if res.Value != plain.Value {
		t.Errorf("value %v with a full table, %v without one", res.Value, plain.Value)
	}
	events := rec.Events()
	note := events[len(events)-2].Text
	if !strings.Contains(note, "it filled at 50 positions and refused ") {
		t.Errorf("closing note %q does not say the table filled", note)
	}
	full, err := alphaBeta(ctx, tictactoe.New(), Options{Depth: MaxDepth, Table: true}, MaxTableEntries)
	if err != nil {
		t.Fatal(err)
	}
	if res.Nodes <= full.Nodes {
		t.Errorf("%d nodes with a table of %d positions, %d with one of %d: want more", res.Nodes, size, full.Nodes, MaxTableEntries)
	}
}
