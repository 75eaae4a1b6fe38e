package testenv

import (
	"testing"
)

func TestFullLimitsFollowsTheEnvironment(t *testing.T) {
	tests := []struct {
		value string
		want  bool
	}{
		{"", false},
		{"0", false},
		{"yes", false},
		{"1", true},
	}
	for _, tt := range tests {
		t.Run("value="+tt.value, func(t *testing.T) {
			t.Setenv(FullLimitsEnv, tt.value)
			if got := FullLimits(); got != tt.want {
				t.Errorf("FullLimits() with %s=%q = %v, want %v", FullLimitsEnv, tt.value, got, tt.want)
			}
		})
	}
}
