package web

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/gallery"
)

// smallComparisons are the comparisons whose searches take a moment: the
// tests run them, and leave the two of the whole of tic-tac-toe, half a
// million nodes each, to the counts' tests.
var smallComparisons = []string{"twin-maze", "ttt-minimax-alphabeta", "ttt-mcts-pmc"}

// resultOf runs example name's search on its own, without the server: the
// facts the comparison's table must give.
func resultOf(t *testing.T, name string) search.Result {
	t.Helper()
	run, err := catalog.Prepare(gallery.ExampleNamed(name).Req)
	if err != nil {
		t.Fatal(err)
	}
	res, err := run.Search(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// openComparison opens comparison name's page once its searches have
// ended, and returns the page and its viewers' trace ids.
func openComparison(t *testing.T, srv *Server, base, name string) (string, []string) {
	t.Helper()
	code, page := get(t, base+"/compare/"+name)
	if code != http.StatusOK {
		t.Fatalf("GET /compare/%s: status %d:\n%s", name, code, page)
	}
	var ids []string
	for _, m := range regexp.MustCompile(`data-trace="([0-9a-f]+)"`).FindAllStringSubmatch(page, -1) {
		ids = append(ids, m[1])
	}
	if len(ids) != 2 {
		t.Fatalf("comparison %s has %d viewers with a trace, want 2", name, len(ids))
	}
	for _, id := range ids {
		srv.liveSearchDone(t, id)
	}
	// Now that the searches have ended, the page holds the table.
	_, page = get(t, base+"/compare/"+name)
	return page, ids
}

// tableOf returns the rows of the comparison table in page, by the name of
// their search, each a map from the column's heading to the cell.
func tableOf(t *testing.T, page string) []map[string]string {
	t.Helper()
	i := strings.Index(page, `data-testid="compare-table"`)
	if i < 0 {
		t.Fatalf("the page has no comparison table:\n%s", page)
	}
	table := page[i:]
	table = table[:strings.Index(table, "</table>")]
	cell := regexp.MustCompile(`<t[hd][^>]*>([^<]*)</t[hd]>`)
	var head []string
	for _, m := range cell.FindAllStringSubmatch(table[:strings.Index(table, "</thead>")], -1) {
		head = append(head, textOf(m[1]))
	}
	var rows []map[string]string
	for _, tr := range strings.Split(table, `data-testid="compare-row"`)[1:] {
		row := map[string]string{}
		for j, m := range cell.FindAllStringSubmatch(tr, -1) {
			if j < len(head) {
				row[head[j]] = textOf(m[1])
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// textOf unescapes the text of an HTML element.
func textOf(s string) string {
	return strings.TrimSpace(strings.NewReplacer("&#39;", "'", "&amp;", "&", "&lt;", "<", "&gt;", ">", "&#34;", `"`).Replace(s))
}

// TestCompareSummary opens each small comparison: it opens with its
// sentence and a table whose rows give each search's move, value, nodes,
// cuts and evaluations or playouts, checked against the searches run on
// their own and against what is known of them: MiniMax and AlphaBeta agree
// on the move and the value and AlphaBeta needs fewer nodes, the
// alternating twin maze promises A a lead where DUCT finds an even game,
// and MCTS spends more of the same 300 playouts on its move than Primitive
// Monte Carlo's even 60 of 300.
func TestCompareSummary(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	tests := []struct {
		name  string
		check func(t *testing.T, rows []map[string]string, left, right search.Result)
	}{
		{"twin-maze", func(t *testing.T, rows []map[string]string, ab, duct search.Result) {
			if ab.Value <= 0 {
				t.Fatalf("the alternating model's value is %v: the twin maze no longer shows its point", ab.Value)
			}
			want := "+" + trace.FormatValue(ab.Value) + " points: A ahead"
			if got := rows[0]["What A expects"]; got != want {
				t.Errorf("AlphaBeta's row says A expects %q, want %q, the decision's value", got, want)
			}
			if math.Abs(duct.Value-0.5) > gallery.EvenRate {
				t.Fatalf("DUCT's win rate for A is %v, not about even", duct.Value)
			}
			if got, want := rows[1]["What A expects"], strconv.FormatFloat(duct.Value, 'f', 2, 64)+" win rate: about even"; got != want {
				t.Errorf("DUCT's row says A expects %q, want %q", got, want)
			}
			if got, want := rows[0]["Evaluations or playouts"], explain.Count(ab.Counters.Evals, "evaluation", "evaluations"); got != want {
				t.Errorf("AlphaBeta's row has %q evaluated, want %q", got, want)
			}
			if got, want := rows[1]["Evaluations or playouts"], explain.Count(duct.Counters.Evals, "playout", "playouts"); got != want {
				t.Errorf("DUCT's row has %q evaluated, want %q", got, want)
			}
			if rows[1]["Cuts"] != "—" {
				t.Errorf("DUCT's row gives cuts %q; DUCT cuts nothing", rows[1]["Cuts"])
			}
		}},
		{"ttt-minimax-alphabeta", func(t *testing.T, rows []map[string]string, mm, ab search.Result) {
			if mm.Label != ab.Label || mm.Value != ab.Value {
				t.Fatalf("MiniMax plays %s for %v, AlphaBeta %s for %v: they must agree", mm.Label, mm.Value, ab.Label, ab.Value)
			}
			if rows[0]["Plays"] != rows[1]["Plays"] || rows[0]["Value for x"] != rows[1]["Value for x"] {
				t.Errorf("the rows differ in move or value: %v and %v", rows[0], rows[1])
			}
			if got := rows[0]["Value for x"]; got != "0: a draw" {
				t.Errorf("the value is %q, want a draw: x blocks and neither can win", got)
			}
			if ab.Counters.Nodes >= mm.Counters.Nodes {
				t.Fatalf("AlphaBeta searched %d nodes, MiniMax %d", ab.Counters.Nodes, mm.Counters.Nodes)
			}
			if rows[0]["Cuts"] != "0" || rows[1]["Cuts"] != explain.Thousands(ab.Counters.Cuts) || ab.Counters.Cuts == 0 {
				t.Errorf("cuts %q and %q, want 0 and AlphaBeta's %d", rows[0]["Cuts"], rows[1]["Cuts"], ab.Counters.Cuts)
			}
			for i, r := range []search.Result{mm, ab} {
				if got, want := rows[i]["Evaluations"], explain.Thousands(r.Counters.Evals); got != want {
					t.Errorf("row %d has %s evaluations, want %s", i+1, got, want)
				}
			}
		}},
		{"ttt-mcts-pmc", func(t *testing.T, rows []map[string]string, mcts, pmc search.Result) {
			for i, r := range []search.Result{mcts, pmc} {
				if r.Counters.Evals != 300 || rows[i]["Playouts"] != "300" {
					t.Errorf("row %d has %q playouts (the search %d): the budgets must both be 300", i+1, rows[i]["Playouts"], r.Counters.Evals)
				}
				if got, want := rows[i]["x's win rate with that move"], strconv.FormatFloat(r.Value, 'f', 2, 64); got != want {
					t.Errorf("row %d gives the win rate %q, want %q", i+1, got, want)
				}
			}
			if got := rows[1]["Playouts on that move"]; got != "60 of 300 (20%)" {
				t.Errorf("Primitive Monte Carlo spent %q on its move, want an even 60 of 300 over five moves", got)
			}
			share := func(cell string) int {
				var on, all, pct int
				if _, err := fmt.Sscanf(cell, "%d of %d (%d%%)", &on, &all, &pct); err != nil {
					t.Fatalf("playouts on the move %q: %v", cell, err)
				}
				return on
			}
			if m, p := share(rows[0]["Playouts on that move"]), share(rows[1]["Playouts on that move"]); m <= 2*p {
				t.Errorf("MCTS spent %d playouts on its move, Primitive Monte Carlo %d: MCTS's should concentrate", m, p)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := gallery.ComparisonNamed(tt.name)
			page, _ := openComparison(t, srv, ts.URL, tt.name)
			if got := textsOf(page, "compare-point"); len(got) != 1 || got[0] != c.Point {
				t.Errorf("the page opens with %q, want the comparison's sentence %q", got, c.Point)
			}
			if !strings.Contains(page, `data-testid="step-both"`) {
				t.Error("the page has no step both box")
			}
			rows := tableOf(t, page)
			if len(rows) != 2 {
				t.Fatalf("the table has %d rows, want 2", len(rows))
			}
			left, right := resultOf(t, c.Left), resultOf(t, c.Right)
			for i, r := range []search.Result{left, right} {
				if rows[i]["Plays"] != r.Label {
					t.Errorf("row %d plays %q, want the search's move %q", i+1, rows[i]["Plays"], r.Label)
				}
				if rows[i]["Nodes"] != explain.Thousands(r.Counters.Nodes) {
					t.Errorf("row %d has %s nodes, want the search's %d", i+1, rows[i]["Nodes"], r.Counters.Nodes)
				}
			}
			tt.check(t, rows, left, right)
		})
	}
}

// TestCompareSummaryWhileRunning fetches a comparison's table the way its
// page does while the searches run: the answer waits for them and gives
// the table; bad requests are refused.
func TestCompareSummaryWhileRunning(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	code, page := get(t, ts.URL+"/compare/ttt-minimax-alphabeta")
	if code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	m := regexp.MustCompile(`data-summary="([^"]+)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page has no table's address")
	}
	code, frag := get(t, ts.URL+textOf(m[1]))
	if code != http.StatusOK || !strings.Contains(frag, `data-testid="compare-table"`) {
		t.Fatalf("the table's address answers %d:\n%s", code, frag)
	}
	if n := strings.Count(frag, `data-testid="compare-row"`); n != 2 {
		t.Errorf("the table has %d rows, want 2", n)
	}
	for _, bad := range []struct {
		path string
		code int
	}{
		{"/compare/nonesuch/summary?t=0123456789ab&t=0123456789ac", http.StatusNotFound},
		{"/compare/ttt-minimax-alphabeta/summary?t=0123456789ab", http.StatusBadRequest},
		{"/compare/ttt-minimax-alphabeta/summary?t=zz&t=0123456789ab", http.StatusBadRequest},
		{"/compare/ttt-minimax-alphabeta/summary?t=0123456789ab&t=0123456789ab", http.StatusBadRequest},
		{"/compare/ttt-minimax-alphabeta/summary?t=0123456789ab&t=0123456789ac", http.StatusNotFound},
	} {
		if code, body := get(t, ts.URL+bad.path); code != bad.code {
			t.Errorf("GET %s: status %d, want %d: %s", bad.path, code, bad.code, body)
		}
	}
}

// matchOf asks comparison name which step of trace to matches step k of
// trace from.
func matchOf(t *testing.T, base, name, from, to string, k int) int {
	t.Helper()
	q := url.Values{"from": {from}, "to": {to}, "step": {strconv.Itoa(k)}}
	code, body := get(t, base+"/compare/"+name+"/match?"+q.Encode())
	if code != http.StatusOK {
		t.Fatalf("match of step %d: status %d: %s", k, code, body)
	}
	var a matchAnswer
	if err := json.Unmarshal([]byte(body), &a); err != nil {
		t.Fatalf("match of step %d: %v: %s", k, err, body)
	}
	return a.Step
}

// movesTo returns the actions from the root to node id of t.
func movesTo(t *trace.Tree, id trace.NodeID) []int {
	var p []int
	for ; id != t.Root(); id = t.Node(id).Parent {
		p = append([]int{t.Node(id).Action}, p...)
	}
	return p
}

// rootResults returns how many results the events up to step k of t
// back up through the root.
func rootResults(t *trace.Tree, k int) int {
	n := 0
	for j := 0; j <= k; j++ {
		if e := t.Event(j); e.Kind == trace.KindBackprop {
			p := e.Backprop().Path
			if len(p) >= 2 && p[len(p)-1] == t.Root() {
				n++
			}
		}
	}
	return n
}

// TestCompareMatch asks each small comparison which step of one viewer
// matches steps of the other, both ways, and checks the answers against
// the traces' events: for MiniMax and AlphaBeta the step at which the
// other search made the same position or cut a move on the way to it, for
// MCTS and Primitive Monte Carlo a step after as many playouts, for the
// twin maze the same share of the search; the last step always matches
// the last.
func TestCompareMatch(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	for _, name := range smallComparisons {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, ids := openComparison(t, srv, ts.URL, name)
			for dir := range 2 {
				from, to := ids[dir], ids[1-dir]
				fs, err := srv.endedShow(context.Background(), from)
				if err != nil {
					t.Fatal(err)
				}
				tsh, err := srv.endedShow(context.Background(), to)
				if err != nil {
					t.Fatal(err)
				}
				f, tt := fs.Tree(), tsh.Tree()
				if m := matchOf(t, ts.URL, name, from, to, f.Len()-1); m != tt.Len()-1 {
					t.Errorf("the last step %d matches %d, not the other's last, %d", f.Len()-1, m, tt.Len()-1)
				}
				if m := matchOf(t, ts.URL, name, from, to, 0); m != 0 {
					t.Errorf("the first step matches %d, not the other's first", m)
				}
				stride := max(1, f.Len()/40)
				for k := 1; k < f.Len()-1; k += stride {
					m := matchOf(t, ts.URL, name, from, to, k)
					if m < 0 || m >= tt.Len() {
						t.Fatalf("step %d matches %d, outside the other's 0..%d", k, m, tt.Len()-1)
					}
					switch gallery.ComparisonNamed(name).Match {
					case gallery.MatchShare:
						if want := int(math.Round(float64(k) * float64(tt.Len()-1) / float64(f.Len()-1))); m != want {
							t.Errorf("step %d of %d matches %d of %d, want %d", k, f.Len(), m, tt.Len(), want)
						}
					case gallery.MatchPlayout:
						if a, b := rootResults(f, k-1), rootResults(tt, m-1); a != b && b != rootResults(tt, tt.Len()-1) {
							t.Errorf("step %d, in playout %d, matches step %d, in playout %d", k, a+1, m, b+1)
						}
						if e := f.Event(k); e.Kind == trace.KindBackprop && tt.Event(m).Kind != trace.KindBackprop {
							t.Errorf("step %d backs up a result; its match %d is a %s", k, m, tt.Event(m).Kind)
						}
					case gallery.MatchNode:
						checkSamePosition(t, f, k, tt, m)
					}
				}
			}
			for _, bad := range []string{"step=-1", "step=999999", "step=x", "from=" + ids[0] + "&to=" + ids[0] + "&step=1", "from=zz&to=" + ids[1] + "&step=1"} {
				q := bad
				if !strings.Contains(q, "from=") {
					q = "from=" + ids[0] + "&to=" + ids[1] + "&" + q
				}
				if code, body := get(t, ts.URL+"/compare/"+name+"/match?"+q); code != http.StatusBadRequest {
					t.Errorf("match?%s: status %d, want 400: %s", q, code, body)
				}
			}
		})
	}
}

// checkSamePosition checks that step m of trace tt shows the position that
// step k of trace f reached last: tt makes the node of the same moves at
// step m, or cuts there the move on the way to it.
func checkSamePosition(t *testing.T, f *trace.Tree, k int, tt *trace.Tree, m int) {
	t.Helper()
	var made trace.NodeID
	for j := k; j >= 0; j-- {
		if e := f.Event(j); e.Kind == trace.KindNode {
			made = e.Node
			break
		}
	}
	want := movesTo(f, made)
	switch e := tt.Event(m); e.Kind {
	case trace.KindNode:
		if got := movesTo(tt, e.Node); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("step %d reaches %v; its match %d reaches %v", k, want, m, got)
		}
	case trace.KindCut:
		p, cut := movesTo(tt, e.Node), e.Cutoff()
		if len(p) >= len(want) || fmt.Sprint(p) != fmt.Sprint(want[:len(p)]) || !containsInt(cut.Pruned, want[len(p)]) {
			t.Errorf("step %d reaches %v; its match %d cuts %v at %v", k, want, m, cut.Pruned, p)
		}
	default:
		t.Errorf("step %d reaches %v; its match %d is a %s event", k, want, m, e.Kind)
	}
}

func containsInt(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// TestCompareGalleryOrder checks that the gallery lists each comparison
// right after the later of its two examples.
func TestCompareGalleryOrder(t *testing.T) {
	testenv.SkipUnderRace(t, "checks the order of the gallery's cards")
	t.Parallel()
	cards := exampleCards()
	at := map[string]int{}
	for i, c := range cards {
		at[c.URL] = i
	}
	for _, c := range gallery.Comparisons() {
		i := at["/compare/"+c.Name]
		later := max(at["/example/"+c.Left], at["/example/"+c.Right])
		if i <= later {
			t.Errorf("comparison %s is card %d, want it after card %d, its later example", c.Name, i, later)
		}
		for _, e := range cards[later+1 : i] {
			if strings.HasPrefix(e.URL, "/example/") {
				t.Errorf("comparison %s is listed after example %s, not right after its own", c.Name, e.URL)
			}
		}
	}
}
