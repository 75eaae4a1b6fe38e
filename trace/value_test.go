package trace

import (
	"math"
	"testing"
)

func TestFormatValue(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{
		{3, "3"},
		{-2.5, "-2.5"},
		{100, "100"},
		{1e6, "1000000"},
		{0.1, "0.1"},
		{math.Copysign(0, -1), "0"},
		{math.Inf(1), "∞"},
		{math.Inf(-1), "-∞"},
		{math.NaN(), "?"},
	}
	for _, tt := range tests {
		if got := FormatValue(tt.v); got != tt.want {
			t.Errorf("FormatValue(%v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}
