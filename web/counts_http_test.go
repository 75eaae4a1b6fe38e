package web

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/tictactoe"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/counts"
	"github.com/searchviz/searchviz/web/internal/tracestore"
)

// textsOf returns the texts of the elements of data-testid id in page,
// unescaped, with their tags removed.
func textsOf(page, id string) []string {
	re := regexp.MustCompile(`(?s)data-testid="` + regexp.QuoteMeta(id) + `"[^>]*>(.*?)</(?:p|li|figure|details|div)>`)
	tags := regexp.MustCompile(`<[^>]*>`)
	var out []string
	for _, m := range re.FindAllStringSubmatch(page, -1) {
		out = append(out, strings.TrimSpace(html.UnescapeString(tags.ReplaceAllString(m[1], ""))))
	}
	return out
}

// traceIDOf returns the trace id of a viewer's path, /t/<id>.
func traceIDOf(t *testing.T, loc string) string {
	t.Helper()
	id, ok := strings.CutPrefix(loc, "/t/")
	if !ok || !tracestore.ValidID(id) {
		t.Fatalf("%q is not a viewer's path", loc)
	}
	return id
}

// uploadEvents uploads a trace of events and returns its viewer's path.
func uploadEvents(t *testing.T, base string, events []trace.Event) string {
	t.Helper()
	var buf bytes.Buffer
	w, err := trace.NewWriter(&buf, trace.Header{Game: "tree", Algorithm: "minimax"})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		w.Emit(e)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	res := upload(t, base, "deep.jsonl", buf.Bytes())
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("uploading the trace: status %d", res.StatusCode)
	}
	return res.Header.Get("Location")
}

// countsURLOf is the counts page of ids, with more query parameters.
func countsURLOf(ids []string, more url.Values) string {
	q := url.Values{"t": ids}
	for k, v := range more {
		q[k] = v
	}
	return "/counts?" + q.Encode()
}

// TestCountsPage counts the textbook tree searched by MiniMax, AlphaBeta
// and NegaMax: the words give the totals, MiniMax's 13 nodes and
// AlphaBeta's 11, which leaves out the two leaves its one cut prunes; the
// page has a chart per count that is not zero everywhere and a table per
// trace.
func TestCountsPage(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	var ids []string
	for _, algo := range []string{"minimax", "alphabeta", "negamax"} {
		loc := runSearch(t, ts.URL, url.Values{"game": {"tree"}, "algo": {algo}, "position": {"[[3,12,8],[2,4,6],[14,5,2]]"}})
		ids = append(ids, traceIDOf(t, loc))
	}
	code, page := get(t, ts.URL+countsURLOf(ids[:2], nil))
	if code != http.StatusOK {
		t.Fatalf("status %d:\n%s", code, page)
	}
	words := textsOf(page, "counts-words")
	for i, want := range []string{
		"MiniMax looked at 13 nodes and made 9 evaluations; it never pruned.",
		"AlphaBeta looked at 11 nodes, 85% of MiniMax's 13, and made 7 evaluations; it pruned 1 time, cutting off 2 moves.",
		"AlphaBeta saves the most at depth 2: 7 nodes where MiniMax has 9 (78%).",
	} {
		if i >= len(words) || words[i] != want {
			t.Errorf("sentence %d is %q, want %q (all: %q)", i+1, words[min(i, len(words)-1)], want, words)
		}
	}
	if n := strings.Count(page, `data-testid="counts-chart"`); n != 3 {
		t.Errorf("%d charts, want nodes, cuts and evaluations", n)
	}
	if n := strings.Count(page, "<caption>"); n != 2 {
		t.Errorf("%d tables, want one per trace", n)
	}
	if !strings.Contains(page, `<th scope="row">all</th><td>11</td><td>85%</td><td>2</td><td>1</td><td>0</td><td>7</td><td>0</td>`) {
		t.Error("AlphaBeta's table lacks its totals: 11 nodes, 85% of MiniMax's, 2 pruned, 1 α-cut, no β-cut, 7 evaluations of finished games")
	}

	code, page = get(t, ts.URL+countsURLOf(ids, url.Values{"scale": {"linear"}}))
	if code != http.StatusOK || strings.Count(page, "<caption>") != counts.MaxTraces {
		t.Errorf("%d traces on a linear scale: status %d, %d tables", counts.MaxTraces, code, strings.Count(page, "<caption>"))
	}
	if !strings.Contains(page, "nodes, linear scale") {
		t.Error("the charts asked for on a linear scale do not say so")
	}
}

// TestCountsBadRequests checks that the counts refuse what they cannot
// count with a status and a message that says why.
func TestCountsBadRequests(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	id := traceIDOf(t, runSearch(t, ts.URL, url.Values{"game": {"tree"}, "algo": {"minimax"}, "position": {"[[1,2],[3,4]]"}}))
	deep := traceIDOf(t, uploadEvents(t, ts.URL, chain(counts.MaxDepth+1)))
	missing := "000000000000"
	tests := []struct {
		name, path string
		code       int
		want       string
	}{
		{"no trace", "/counts", http.StatusBadRequest, "name the traces"},
		{"one trace too many", countsURLOf([]string{id, missing, "111111111111", "222222222222"}, nil), http.StatusBadRequest, "at most 3"},
		{"not an id", countsURLOf([]string{"../../etc"}, nil), http.StatusBadRequest, "is not a trace id"},
		{"twice the same", countsURLOf([]string{id, id}, nil), http.StatusBadRequest, "named twice"},
		{"no such trace", countsURLOf([]string{id, missing}, nil), http.StatusNotFound, "There is no saved trace"},
		{"bad scale", countsURLOf([]string{id}, url.Values{"scale": {"cubic"}}), http.StatusBadRequest, "want log or linear"},
		{"fragment of no trace", "/counts?fragment=1", http.StatusBadRequest, "name the traces"},
		{"fragment of no such trace", countsURLOf([]string{missing}, url.Values{"fragment": {"1"}}), http.StatusNotFound, "There is no saved trace"},
		{"panel of no such trace", "/t/" + missing + "/counts", http.StatusNotFound, "There is no saved trace"},
		{"panel of a bad id", "/t/nope/counts", http.StatusNotFound, "There is no saved trace"},
		{"panel on a bad scale", "/t/" + id + "/counts?scale=cubic", http.StatusBadRequest, "want log or linear"},
		{"too deep", countsURLOf([]string{id, deep}, nil), http.StatusUnprocessableEntity, "outside the counts view's 0..1000"},
		{"panel too deep", "/t/" + deep + "/counts", http.StatusUnprocessableEntity, "outside the counts view's 0..1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, body := get(t, ts.URL+tt.path)
			if code != tt.code || !strings.Contains(html.UnescapeString(body), tt.want) {
				t.Errorf("GET %s: status %d, want %d with %q; body:\n%.400s", tt.path, code, tt.code, tt.want, body)
			}
		})
	}
}

// TestCountsPanel fetches the viewer's counts of one trace: a fragment of
// a page, with the words, the charts and the link to the counts' own page;
// the viewer has the panel that fetches it, and an embedded viewer has
// none.
func TestCountsPanel(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	loc := runSearch(t, ts.URL, url.Values{"game": {"tree"}, "algo": {"alphabeta"}, "position": {"[[3,12,8],[2,4,6],[14,5,2]]"}})
	code, frag := get(t, ts.URL+loc+"/counts")
	if code != http.StatusOK {
		t.Fatalf("status %d:\n%s", code, frag)
	}
	if strings.Contains(frag, "<html") || strings.Contains(frag, `class="topbar"`) {
		t.Error("the panel's counts are a whole page, not a fragment")
	}
	words := textsOf(frag, "counts-words")
	if len(words) != 1 || !strings.HasPrefix(words[0], "AlphaBeta looked at 11 nodes and made 7 evaluations") {
		t.Errorf("the panel says %q", words)
	}
	if !strings.Contains(frag, `href="/counts?t=`+traceIDOf(t, loc)+`"`) {
		t.Error("the panel does not link to the counts' own page")
	}
	_, page := get(t, ts.URL+loc)
	if !strings.Contains(page, `data-counts="`+loc+`/counts"`) || !strings.Contains(page, `src="/static/js/pages/counts.js"`) {
		t.Error("the viewer has no counts panel fetching its counts")
	}
	_, embedded := get(t, ts.URL+loc+"?embed=1")
	if strings.Contains(embedded, `data-testid="counts-panel"`) {
		t.Error("an embedded viewer has a counts panel, which the page around it shows")
	}
}

// comparisonCounts opens comparison name, which must have two viewers, and
// returns its page and the counts its panel fetches.
func comparisonCounts(t *testing.T, base, name string) (string, string) {
	t.Helper()
	code, page := get(t, base+"/compare/"+name)
	if code != http.StatusOK {
		t.Fatalf("status %d:\n%.1000s", code, page)
	}
	if n := strings.Count(page, `data-testid="compare-frame"`); n != 2 {
		t.Errorf("the comparison has %d viewers, want 2", n)
	}
	m := regexp.MustCompile(`data-counts="([^"]+)"[^>]*data-testid="compare-counts"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the comparison has no counts panel:\n%s", page)
	}
	code, counts := get(t, base+html.UnescapeString(m[1]))
	if code != http.StatusOK {
		t.Fatalf("the comparison's counts: status %d:\n%s", code, counts)
	}
	return page, counts
}

// TestCountsWholeTicTacToeCutShort opens the gallery's comparison of the
// whole of tic-tac-toe on a server whose searches record 1,500 nodes: its
// two viewers' traces and the ordered AlphaBeta's, counted without a
// viewer, are all cut short, and the page says so, with the whole
// searches' totals in words and no comparison of the depths they do not
// hold.
func TestCountsWholeTicTacToeCutShort(t *testing.T) {
	t.Parallel()
	testenv.SkipHeavyUnderRace(t, "TestComparePage and TestCompareSummary")
	_, ts := newTestServer(t, func(cfg *Config) { cfg.TraceNodes = 1_500 })
	compare, page := comparisonCounts(t, ts.URL, "ttt-whole")
	if !strings.Contains(compare, "Counts per depth of the 3 searches") {
		t.Error("the counts panel's heading does not say it counts three searches")
	}
	if extras := textsOf(compare, "compare-extras"); len(extras) != 1 || !strings.HasSuffix(extras[0], "with AlphaBeta and move ordering.") ||
		!strings.Contains(compare, `href="/example/ttt-whole-alphabeta-ordered"`) {
		t.Errorf("the panel does not name and link the ordered AlphaBeta it counts: %q", extras)
	}
	words := strings.Join(textsOf(page, "counts-words"), " ")
	if !strings.Contains(words, "MiniMax looked at 549,946 nodes") || !strings.Contains(words, "of MiniMax's 549,946") {
		t.Errorf("the words do not give MiniMax's 549,946 nodes, the size of the game tree: %q", words)
	}
	if !strings.Contains(words, "AlphaBeta looked at 18,297 nodes") || !strings.Contains(words, "AlphaBeta ordering=1 looked at 3,052 nodes") {
		t.Errorf("the words do not give both AlphaBetas' nodes, 18,297 and 3,052 with ordering: %q", words)
	}
	if strings.Contains(words, "saves the most") {
		t.Errorf("the words compare depths the traces do not hold: %q", words)
	}
	notes := textsOf(page, "counts-note")
	if len(notes) != 3 || !strings.Contains(notes[0], "recorded 1,500 nodes of the 549,946") || !strings.Contains(notes[2], "of the 3,052") {
		t.Errorf("the notes do not say all three traces stop at 1,500 nodes: %q", notes)
	}
	if !strings.Contains(page, `href="/counts?t=`) {
		t.Error("the comparison does not link to the counts' own page")
	}
}

// TestCompareOrdering opens the gallery's comparison of AlphaBeta with and
// without move ordering: two viewers, two searches counted, and ordering
// looks at fewer nodes for the same draw.
func TestCompareOrdering(t *testing.T) {
	t.Parallel()
	testenv.SkipHeavyUnderRace(t, "TestComparePage and TestCompareSummary")
	_, ts := newTestServer(t)
	compare, page := comparisonCounts(t, ts.URL, "ttt-ordering")
	if !strings.Contains(compare, "Counts per depth of both searches") || strings.Contains(compare, `data-testid="compare-extras"`) {
		t.Error("the comparison of two searches does not count just those two")
	}
	if about := textsOf(compare, "compare-about"); len(about) != 1 || !strings.Contains(about[0], "raises α early") {
		t.Errorf("the paragraph does not say why ordering prunes more: %q", about)
	}
	words := strings.Join(textsOf(page, "counts-words"), " ")
	if !strings.Contains(words, "AlphaBeta looked at 18,297 nodes") || !strings.Contains(words, "AlphaBeta ordering=1 looked at 3,052 nodes, 17% of AlphaBeta's 18,297") {
		t.Errorf("the words do not compare 3,052 nodes with ordering with 18,297 without: %q", words)
	}
}

// TestCountsWholeTicTacToe opens the gallery's comparison of the whole of
// tic-tac-toe on a server whose searches record the whole of MiniMax's:
// its table holds the known counts of the game tree's positions by ply,
// and the words say where AlphaBeta saves the most.
func TestCountsWholeTicTacToe(t *testing.T) {
	testenv.SkipUnderRace(t, "counts the whole of tic-tac-toe, 2.3 million events, in one goroutine")
	t.Parallel()
	switch {
	case testing.Short():
		t.Skip("records 2.3 million events: not in -short mode")
	case DefaultTraceNodes < 549_946:
		t.Skip("the page's node budget, DefaultTraceNodes, records only the start of MiniMax's search")
	}
	_, ts := newTestServer(t)
	_, page := comparisonCounts(t, ts.URL, "ttt-whole")
	if notes := textsOf(page, "counts-note"); len(notes) != 0 {
		t.Errorf("the page says the traces were cut short: %q", notes)
	}
	minimax := page[:strings.Index(page, "<caption>AlphaBeta")]
	for ply, n := range wholeTicTacToePositions {
		if row := fmt.Sprintf(`<th scope="row">%d</th><td>%s</td>`, ply, explain.Thousands(n)); !strings.Contains(minimax, row) {
			t.Errorf("MiniMax's table has not %s positions at depth %d", explain.Thousands(n), ply)
		}
	}
	words := strings.Join(textsOf(page, "counts-words"), " ")
	if !strings.Contains(words, "AlphaBeta saves the most at depth") || !strings.Contains(words, "AlphaBeta ordering=1 saves the most at depth") {
		t.Errorf("the words do not say where both AlphaBetas save: %q", words)
	}
}

// TestCompareTableAndLearntOrderings opens the gallery's comparisons of
// AlphaBeta with a transposition table and with the orderings that learn
// from cuts: each counts its searches, whose nodes the words give as the
// engine itself counts them, all finding the draw in fewer nodes than
// AlphaBeta in the board's order, and the table's hits.
func TestCompareTableAndLearntOrderings(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	nodes := func(t *testing.T, o search.Options) int {
		t.Helper()
		o.Depth = search.MaxDepth
		res, err := search.AlphaBeta(context.Background(), tictactoe.New(), o)
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != 0 {
			t.Fatalf("%+v: value %v, want the draw", o, res.Value)
		}
		return res.Nodes
	}
	plain := nodes(t, search.Options{})
	for _, tt := range []struct {
		comparison string
		want       map[string]search.Options
	}{
		{"ttt-table", map[string]search.Options{"AlphaBeta tt=1": {Table: true}}},
		{"ttt-learnt-ordering", map[string]search.Options{"AlphaBeta ordering=2": {Ordering: search.OrderKiller}, "AlphaBeta ordering=3": {Ordering: search.OrderHistory}}},
	} {
		t.Run(tt.comparison, func(t *testing.T) {
			t.Parallel()
			_, page := comparisonCounts(t, ts.URL, tt.comparison)
			words := strings.Join(textsOf(page, "counts-words"), " ")
			if !strings.Contains(words, fmt.Sprintf("AlphaBeta looked at %s nodes", explain.Thousands(plain))) {
				t.Errorf("the words do not give AlphaBeta's %d nodes: %q", plain, words)
			}
			for name, o := range tt.want {
				n := nodes(t, o)
				if n >= plain {
					t.Errorf("%s looks at %d nodes, AlphaBeta at %d: want fewer", name, n, plain)
				}
				if !strings.Contains(words, fmt.Sprintf("%s looked at %s nodes, %s of AlphaBeta's", name, explain.Thousands(n), counts.Relative(n, plain))) {
					t.Errorf("the words do not give %s's %d nodes against AlphaBeta's: %q", name, n, words)
				}
			}
			if tt.comparison == "ttt-table" && !strings.Contains(words, "its transposition table spared the search of ") {
				t.Errorf("the words do not count the table's hits: %q", words)
			}
		})
	}
}

// chain returns a trace of a root and one child at depth depth, as a
// trace from elsewhere may claim.
func chain(depth int) []trace.Event {
	return []trace.Event{
		{Step: 0, Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeMax},
		{Step: 1, Kind: trace.KindNode, Node: 1, Parent: 0, Depth: depth, Type: trace.TypeMin},
		{Step: 2, Kind: trace.KindEval, Node: 1, Value: 1, Terminal: true},
	}
}

// wholeTicTacToePositions are the known counts of the positions of
// tic-tac-toe's game tree by ply from the empty board, which sum to
// 549,946.
var wholeTicTacToePositions = []int{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}
