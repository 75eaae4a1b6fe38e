package rooms

import (
	"testing"
	"time"
)

// TestInWords checks durations said in words against hand-written ones.
func TestInWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		d    time.Duration
		want string
	}{
		{RoomLifetime, "6 hours"},
		{RoomIdle, "10 minutes"},
		{RoomUnclaimed, "2 minutes"},
		{time.Hour, "1 hour"},
		{90 * time.Minute, "90 minutes"},
		{time.Second, "1 second"},
		{61 * time.Second, "61 seconds"},
		{50 * time.Millisecond, "50ms"},
		{1500 * time.Millisecond, "1.5s"},
	}
	for _, tt := range tests {
		if got := inWords(tt.d); got != tt.want {
			t.Errorf("inWords(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}
