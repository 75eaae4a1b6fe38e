package web

import (
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// decisionLine is the viewer's line with the search's result.
var decisionLine = regexp.MustCompile(`(?s)data-testid="decision">(.*?)</p>`)

// TestViewerSaysTheSearchWasCutShort opens the viewers of searches stopped
// by their node budget: the decision's line says the search was cut
// short, why, and what to change; inside the first move's subtree it says
// there is no decision, never that the game is over.
func TestViewerSaysTheSearchWasCutShort(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	tests := []struct {
		name      string
		form      url.Values
		want, not []string
	}{
		{"inside the first move", url.Values{"game": {"othello"}, "algo": {"minimax"}, "minimax.nodes": {"100"}},
			[]string{"Cut short: node budget reached (100 nodes) inside the subtree of the first move, d3", "there is no decision", "lower depth= or raise nodes=", "No move: the search stopped"},
			[]string{"game is over"}},
		{"after two moves", url.Values{"game": {"tree"}, "position": {"[[3,12,8],[2,4,6],[14,5,2]]"}, "algo": {"minimax"}, "minimax.nodes": {"9"}},
			[]string{"Cut short: node budget reached (9 nodes). The decision is the best of the root&#39;s moves searched to the end; a3 was not.", "Decision: play a1"},
			[]string{"game is over"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := runSearch(t, ts.URL, tt.form)
			srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
			_, page := get(t, ts.URL+loc)
			m := decisionLine.FindStringSubmatch(page)
			if m == nil {
				t.Fatal("the viewer has no decision line")
			}
			line := m[1]
			for _, want := range tt.want {
				if !strings.Contains(line, want) {
					t.Errorf("the decision line lacks %q: %s", want, html.UnescapeString(line))
				}
			}
			for _, not := range tt.not {
				if strings.Contains(line, not) {
					t.Errorf("the decision line says %q: %s", not, html.UnescapeString(line))
				}
			}
			if strings.Count(page, "node budget reached") != 1 {
				t.Errorf("the page says why the search stopped %d times, want once, in the decision's line", strings.Count(page, "node budget reached"))
			}
		})
	}
}
