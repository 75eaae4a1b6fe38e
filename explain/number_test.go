package explain

import (
	"math"
	"strconv"
	"testing"

	"github.com/searchviz/searchviz/trace"
)

func TestNumber(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   float64
		want string
	}{
		{3, "3"},
		{-2.5, "-2.5"},
		{0.125, "0.125"},
		{0.755, "0.755"},
		{41.0 / 60, "0.683"},
		{0.5214723926380368, "0.521"},
		{-1.0 / 3, "-0.333"},
		{12.345678, "12.3"},
		{1234.5678, "1235"},
		{1000000, "1000000"},
		{0.000012345, "1.23e-05"},
		{math.Inf(1), "∞"},
		{math.Inf(-1), "-∞"},
		{math.NaN(), "?"},
	}
	for _, tt := range tests {
		if got := Number(tt.in); got != tt.want {
			t.Errorf("Number(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestDescribeNotesAsSentences checks that a note, which engines write as
// a phrase, reads in the log as the other lines do.
func TestDescribeNotesAsSentences(t *testing.T) {
	t.Parallel()
	tests := []struct{ text, want string }{
		{"depth 3: 120 nodes", "Depth 3: 120 nodes."},
		{"search stopped early: time limit of 1s reached", "Search stopped early: time limit of 1s reached."},
		{"Already a sentence.", "Already a sentence."},
		{"α rises…", "Α rises…"},
	}
	for _, tt := range tests {
		tr, err := trace.NewTree([]trace.Event{
			{Step: 0, Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeMax},
			{Step: 1, Kind: trace.KindNote, Node: 0, Text: tt.text},
		})
		if err != nil {
			t.Fatal(err)
		}
		tr.Seek(1)
		if got := Describe(tr, trace.ViewRoot); got != tt.want {
			t.Errorf("note %q reads %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestBestMoveThroughIterations checks that the best move of an iterative
// deepening root names a move, not the iteration's copy of the root.
func TestBestMoveThroughIterations(t *testing.T) {
	t.Parallel()
	node := func(step int, id, parent trace.NodeID, action int, label string) trace.Event {
		return trace.Event{Step: step, Kind: trace.KindNode, Node: id, Parent: parent, Action: action, Label: label, Depth: 1, Type: trace.TypeMax}
	}
	events := []trace.Event{
		{Step: 0, Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeMax},
		node(1, 1, 0, -1, "depth 4"),
		node(2, 2, 1, 3, "b2"),
		{Step: 3, Kind: trace.KindValue, Node: 2, Value: 1, Best: trace.NoNode},
		{Step: 4, Kind: trace.KindValue, Node: 1, Value: 1, Best: 2},
		{Step: 5, Kind: trace.KindValue, Node: 0, Value: 1, Best: 1},
	}
	tr, err := trace.NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		step int
		node trace.NodeID
		want string
		log  string
	}{
		{4, 1, "b2", "Depth 4's best so far: 1 (MAX's view), through b2."},
		{5, 0, "b2 (depth 4)", "The root's best so far: 1 (MAX's view), through b2 (depth 4)."},
		{3, 0, "", "b2's value becomes 1 (MAX's view)."},
	}
	for _, tt := range tests {
		tr.Seek(tt.step)
		if got := BestMove(tr, tr.Node(tt.node)); got != tt.want {
			t.Errorf("step %d: BestMove(%d) = %q, want %q", tt.step, tt.node, got, tt.want)
		}
		if got := Describe(tr, trace.ViewRoot); got != tt.log {
			t.Errorf("step %d: %q, want %q", tt.step, got, tt.log)
		}
	}
}

// TestProbability checks that probabilities read as typed when short, as
// the fractions dice give, in lowest terms, and as decimals otherwise.
func TestProbability(t *testing.T) {
	t.Parallel()
	tests := []struct {
		p    float64
		want string
	}{
		{1, "1"},
		{0.5, "0.5"},
		{1.0 / 6, "1/6"},
		{4.0 / 6, "2/3"},
		{0.25, "0.25"},
		{0.125, "0.125"},
		{5.0 / 12, "5/12"},
		{0.15, "0.15"},
		{1.0 / 13, "0.0769"},
		{0.1 + 0.2, "0.3"},
	}
	for _, tt := range tests {
		if got := Probability(tt.p); got != tt.want {
			t.Errorf("Probability(%v) = %q, want %q", tt.p, got, tt.want)
		}
	}
}

func TestThousands(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   int
		want string
	}{
		{0, "0"},
		{7, "7"},
		{999, "999"},
		{1000, "1,000"},
		{18297, "18,297"},
		{100000, "100,000"},
		{1234567, "1,234,567"},
		{-1, "-1"},
		{-999, "-999"},
		{-1000, "-1,000"},
		{-123456, "-123,456"},
		{-1234567, "-1,234,567"},
	}
	if strconv.IntSize == 64 {
		tests = append(tests, []struct {
			in   int
			want string
		}{
			{math.MaxInt, "9,223,372,036,854,775,807"},
			{math.MinInt, "-9,223,372,036,854,775,808"},
		}...)
	}
	for _, tt := range tests {
		if got := Thousands(tt.in); got != tt.want {
			t.Errorf("Thousands(%d) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPluralAndCount(t *testing.T) {
	t.Parallel()
	tests := []struct {
		n           int
		one, many   string
		word, count string
	}{
		{1, "node", "nodes", "node", "1 node"},
		{0, "node", "nodes", "nodes", "0 nodes"},
		{2, "ply", "plies", "plies", "2 plies"},
		{-1, "move", "moves", "moves", "-1 moves"},
		{1000, "child", "children", "children", "1,000 children"},
		{18297, "node", "nodes", "nodes", "18,297 nodes"},
		{1, "move is", "moves are", "move is", "1 move is"},
	}
	for _, tt := range tests {
		if got := Plural(tt.n, tt.one, tt.many); got != tt.word {
			t.Errorf("Plural(%d, %q, %q) = %q, want %q", tt.n, tt.one, tt.many, got, tt.word)
		}
		if got := Count(tt.n, tt.one, tt.many); got != tt.count {
			t.Errorf("Count(%d, %q, %q) = %q, want %q", tt.n, tt.one, tt.many, got, tt.count)
		}
	}
}

func TestBytes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   int64
		want string
	}{
		{0, "0 B"},
		{1, "1 B"},
		{1023, "1023 B"},
		{1024, "1.0 KiB"},
		{1536, "1.5 KiB"},
		{100 << 10, "100.0 KiB"},
		{1 << 20, "1.0 MiB"},
		{3<<20 + 1<<19, "3.5 MiB"},
		{5 << 30, "5120.0 MiB"},
		{-5, "-5 B"},
	}
	for _, tt := range tests {
		if got := Bytes(tt.in); got != tt.want {
			t.Errorf("Bytes(%d) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
