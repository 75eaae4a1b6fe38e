package safely

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

func TestRecovered(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		panic any
		want  bool
	}{
		{"no panic", nil, false},
		{"a panic", "a bug", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			log := slog.New(slog.NewTextHandler(&buf, nil))
			got := func() (got bool) {
				defer func() { got = Recovered(log, recover(), "a test", "page", 7) }()
				if tt.panic != nil {
					panic(tt.panic)
				}
				return false
			}()
			if got != tt.want {
				t.Errorf("Recovered = %v, want %v", got, tt.want)
			}
			if logged := buf.String(); tt.want != strings.Contains(logged, "panic in a test") || tt.want && !strings.Contains(logged, "page=7") {
				t.Errorf("the log says %q", logged)
			}
		})
	}
}
