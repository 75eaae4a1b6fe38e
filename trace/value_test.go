package trace

import (
	"fmt"
	"math"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

func TestFormatValue(t *testing.T) {
	testenv.SkipUnderRace(t, "formats numbers")
	t.Parallel()
	tests := []struct {
		v    float64
		want string
	}{
		{3, "3"},
		{-2.5, "-2.5"},
		{100, "100"},
		{1e6, "1000000"},
		{0.1, "0.1"},
		{57.0 / 109, "0.522936"},   // a win rate: rounded, not 0.5229357798165137
		{-1234.5678, "-1234.5678"}, // exact while it fits
		{1e300, "1e+300"},
		{math.Copysign(0, -1), "0"},
		{math.Inf(1), "∞"},
		{math.Inf(-1), "-∞"},
		{math.NaN(), "?"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.v), func(t *testing.T) {
			t.Parallel()
			if got := FormatValue(tt.v); got != tt.want {
				t.Errorf("FormatValue(%v) = %q, want %q", tt.v, got, tt.want)
			}
		})
	}
}

func TestViewConversions(t *testing.T) {
	testenv.SkipUnderRace(t, "converts values between views")
	t.Parallel()
	inf := math.Inf(1)
	tests := []struct {
		view         View
		typ          NodeType
		x            float64
		alpha, beta  float64
		wantX        float64
		wantA, wantB float64
	}{
		{ViewRoot, TypeMax, 3, 3, inf, 3, 3, inf},
		{ViewRoot, TypeMin, -2, -inf, -3, 2, 3, inf},
		{ViewSide, TypeMin, -2, -inf, -3, -2, -inf, -3},
		{ViewRoot, TypeChance, 1.5, 0, 1, 1.5, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.view.String()+" "+tt.typ.String(), func(t *testing.T) {
			t.Parallel()
			if got := tt.view.Value(tt.typ, tt.x); got != tt.wantX {
				t.Errorf("%v.Value(%v, %v) = %v, want %v", tt.view, tt.typ, tt.x, got, tt.wantX)
			}
			a, b := tt.view.Window(tt.typ, tt.alpha, tt.beta)
			if a != tt.wantA || b != tt.wantB {
				t.Errorf("%v.Window(%v, %v, %v) = (%v, %v), want (%v, %v)", tt.view, tt.typ, tt.alpha, tt.beta, a, b, tt.wantA, tt.wantB)
			}
		})
	}
	for _, name := range []string{"root", "side"} {
		v, err := ParseView(name)
		if err != nil || v.String() != name {
			t.Errorf("ParseView(%q) = %v, %v", name, v, err)
		}
	}
	if _, err := ParseView("max"); err == nil {
		t.Error("ParseView(max) succeeded")
	}
}
