package web

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestPagesSmallWords fetches pages a new user opens first and checks the
// small things they notice: the favicon the pages name is served, and a
// title that asks a question ends with its question mark alone.
func TestPagesSmallWords(t *testing.T) {
	t.Parallel()
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

// TestStartPageOptionsReadWhole checks that the new-search form's game and
// algorithm selects name each choice briefly enough to be read whole in
// the form's width, and that what each algorithm does is said beside its
// parameters.
func TestStartPageOptionsReadWhole(t *testing.T) {
	t.Parallel()
	const mostRunes = 48 // what the form's select shows at its narrowest, 340 px at about 7 px a character
	_, ts := newTestServer(t)
	_, body := get(t, ts.URL+"/new")
	options := regexp.MustCompile(`<option value="[^"]*"[^>]*>([^<]*)</option>`).FindAllStringSubmatch(body, -1)
	if len(options) < 10 {
		t.Fatalf("the new-search form has %d options, want every game and algorithm", len(options))
	}
	for _, o := range options {
		if text := html.UnescapeString(o[1]); utf8.RuneCountInString(text) > mostRunes {
			t.Errorf("the option %q is longer than %d characters", text, mostRunes)
		}
	}
	if !strings.Contains(body, `data-testid="algo-help">AlphaBeta: MiniMax&#39;s value, pruning lines the opponent would never allow`) {
		t.Error("the alphabeta parameters do not say what AlphaBeta does")
	}
}
