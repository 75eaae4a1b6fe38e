package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestPagesSmallWords fetches pages a new user opens first and checks the
// small things they notice: the favicon the pages name is served, and a
// title that asks a question ends with its question mark alone.
func TestPagesSmallWords(t *testing.T) {
	_, ts := newTestServer(t)
	tests := []struct {
		path    string
		status  int
		want    []string
		notWant []string
	}{
		{"/", http.StatusOK, []string{`<link rel="icon" href="/static/favicon.svg"`}, nil},
		{"/static/favicon.svg", http.StatusOK, []string{"<svg"}, nil},
		{"/example/ttt-negamax-view", http.StatusOK, []string{"this number?</strong>", `rel="icon"`}, []string{"number?."}},
		{"/example/ttt-mcts", http.StatusOK, []string{"visits converge on the right move.</strong>"}, nil},
	}
	for _, tt := range tests {
		status, body := get(t, ts.URL+tt.path)
		if status != tt.status {
			t.Errorf("GET %s: status %d, want %d", tt.path, status, tt.status)
		}
		for _, w := range tt.want {
			if !strings.Contains(body, w) {
				t.Errorf("GET %s: no %q", tt.path, w)
			}
		}
		for _, w := range tt.notWant {
			if strings.Contains(body, w) {
				t.Errorf("GET %s: has %q", tt.path, w)
			}
		}
	}
}
