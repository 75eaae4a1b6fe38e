package render

import (
	"fmt"
	"math"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

func TestFormatValue(t *testing.T) {
	testenv.SkipUnderRace(t, "formats numbers")
	t.Parallel()
	tests := []struct {
		in   float64
		want string
	}{
		{3, "3"},
		{-2.5, "-2.5"},
		{0, "0"},
		{math.Copysign(0, -1), "0"},
		{math.Inf(1), "∞"},
		{math.Inf(-1), "-∞"},
		{math.NaN(), "?"},
		{1000000, "1000000"},
		{12345.678, "12346"},
		{1.0 / 3, "0.333"},
		{-1.0 / 3, "-0.333"},
		{41.0 / 60, "0.683"},
		{0.755, "0.755"},
		{17.25, "17.25"},
		{12.345678, "12.3"},
		{0.5, "0.5"},
		{0.0001, "0.0001"},
		{0.000012345, "1.23e-05"},
		{1e7, "1e+07"},
		{-123456789, "-1.23e+08"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.in), func(t *testing.T) {
			t.Parallel()
			if got := formatValue(tt.in); got != tt.want {
				t.Errorf("formatValue(%v) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestCutReason(t *testing.T) {
	testenv.SkipUnderRace(t, "words cuts")
	t.Parallel()
	tests := []struct {
		name string
		n    trace.NodeState
		want string
	}{
		{
			// Textbook node C: -2 in its own view, window (-∞, -3) in its own view.
			name: "alpha cut at a min node, in root terms",
			n:    trace.NodeState{Type: trace.TypeMin, Cut: trace.CutAlpha, CutValue: -2, CutAlpha: math.Inf(-1), CutBeta: -3},
			want: "α-cut: 2 ≤ α=3",
		},
		{
			name: "beta cut at a max node, as stored",
			n:    trace.NodeState{Type: trace.TypeMax, Cut: trace.CutBeta, CutValue: 5, CutAlpha: math.Inf(-1), CutBeta: 3},
			want: "β-cut: 5 ≥ β=3",
		},
		{
			name: "alpha cut with a fractional bound",
			n:    trace.NodeState{Type: trace.TypeMin, Cut: trace.CutAlpha, CutValue: 0.5, CutAlpha: -1, CutBeta: 0.25},
			want: "α-cut: -0.5 ≤ α=-0.25",
		},
		{
			name: "no cut",
			n:    trace.NodeState{Type: trace.TypeMin, CutValue: 1, CutBeta: 2},
			want: "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := CutReason(tt.n); got != tt.want {
				t.Errorf("CutReason = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestWindowText(t *testing.T) {
	testenv.SkipUnderRace(t, "words windows")
	t.Parallel()
	minNode := trace.NodeState{Type: trace.TypeMin, Alpha: math.Inf(-1), Beta: -3}
	maxNode := trace.NodeState{Type: trace.TypeMax, Alpha: 3, Beta: math.Inf(1)}
	tests := []struct {
		name string
		n    trace.NodeState
		v    View
		want string
	}{
		{"min node, root view flips the window", minNode, ViewRoot, "α=3 β=∞"},
		{"min node, side view as stored", minNode, ViewSide, "α=-∞ β=-3"},
		{"max node, root view as stored", maxNode, ViewRoot, "α=3 β=∞"},
		{"max node, side view as stored", maxNode, ViewSide, "α=3 β=∞"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := windowText(tt.n, tt.v); got != tt.want {
				t.Errorf("windowText = %q, want %q", got, tt.want)
			}
		})
	}
}
