package web

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
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
		{"inside the first move", url.Values{"game": {"othello"}, "algo": {"minimax"}, "minimax.depth": {"64"}, "minimax.nodes": {"100"}},
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

// TestDefaultsFinishInsideTheirBudgets runs, from each two-player game's
// start, every algorithm of its family as the start page's form submits
// it with every field left empty, and each engine the arena and the play
// page offer for the game: every search ends inside its budgets, with a
// decision and no move unfinished.
func TestDefaultsFinishInsideTheirBudgets(t *testing.T) {
	t.Parallel()
	testenv.SkipUnderRace(t, "runs searches from the forms' defaults")
	type run struct{ game, algo string }
	var runs []run
	for _, g := range catalog.Games() {
		switch g.Family {
		case search.FamilyAlternating, search.FamilyChance, search.FamilySimultaneous:
		default:
			continue
		}
		for _, a := range catalog.Algorithms() {
			if a.Family != g.Family {
				continue
			}
			req, err := formInput{game: g.Name, algo: a.Name, params: map[string]string{}}.request("test")
			if err != nil {
				t.Fatalf("%s on %s: %v", a.Name, g.Name, err)
			}
			runs = append(runs, run{req.Game, req.Algo})
		}
	}
	for _, g := range catalog.Games() {
		for _, engine := range append(g.ArenaEngines[:], g.PlayEngine) {
			if engine != "" {
				runs = append(runs, run{g.Name, engine})
			}
		}
	}
	for _, r := range runs {
		t.Run(r.game+"/"+r.algo, func(t *testing.T) {
			t.Parallel()
			p, err := catalog.Prepare(catalog.Request{Game: r.game, Algo: r.algo})
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.Search(context.Background(), nil)
			if err != nil || res.Unfinished != nil {
				t.Fatalf("the search stopped early: %v; unfinished %v", err, res.Unfinished)
			}
			if res.Action < 0 {
				t.Errorf("no decision from the start: %+v", res)
			}
		})
	}
}

// TestSearchBudgetsFitTheFold checks that whatever a search from the page
// records within its budgets, the server can fold: its events, bytes and
// nodes, the placeholders of its cuts (which trace.Limiter caps at
// trace.MaxPlaceholders) included, are within what the server opens.
func TestSearchBudgetsFitTheFold(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t)
	cfg := srv.cfg
	b := trace.NewBuilder()
	b.LimitMemory(cfg.FoldBytes, t.TempDir())
	if cfg.TraceEvents > cfg.OpenEvents || cfg.TraceBytes > cfg.OpenBytes || cfg.TracePlaceholders > trace.MaxPlaceholders || cfg.TraceNodes+cfg.TracePlaceholders > b.MaxNodes() {
		t.Errorf("a search records up to %d events, %d bytes, %d nodes and %d placeholders; the server opens %d events, %d bytes and folds %d nodes, %d placeholders",
			cfg.TraceEvents, cfg.TraceBytes, cfg.TraceNodes, cfg.TracePlaceholders, cfg.OpenEvents, cfg.OpenBytes, b.MaxNodes(), trace.MaxPlaceholders)
	}
}

// TestPrunedCapSearchIsSaved runs AlphaBeta's whole search of
// tic-tac-toe on a server whose searches record at most 1,000 pruned
// moves (Config.TracePlaceholders, trace.MaxPlaceholders by default, which
// iterative deepening on Othello passes within its second): the trace is
// cut short where its cuts reach the cap, saved, and viewable, where at
// the fold's own cap it used to be refused and lost.
func TestPrunedCapSearchIsSaved(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t, func(c *Config) { c.TracePlaceholders = 1_000 })
	loc := runSearch(t, ts.URL, url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}})
	srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
	code, page := get(t, ts.URL+loc)
	if code != http.StatusOK || !strings.Contains(page, "the cap of 1000 placeholders of pruned moves") {
		t.Fatalf("the viewer of the search: status %d, want 200 with the note that the trace was cut at the placeholders' cap", code)
	}
	if code, _ := get(t, ts.URL+loc+"/trace"); code != http.StatusOK {
		t.Errorf("the saved trace: status %d, want 200", code)
	}
}

// TestViewerSaysWhyCutShortInJapanese opens, as a reader who asks for
// Japanese, the viewers of searches stopped by their node budget: the
// decision's line says why in Japanese, with no English word left.
func TestViewerSaysWhyCutShortInJapanese(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	tests := []struct {
		name string
		form url.Values
		want []string
	}{
		{"inside the first move", url.Values{"game": {"othello"}, "algo": {"minimax"}, "minimax.depth": {"64"}, "minimax.nodes": {"100"}},
			[]string{"ノード数の上限 100 に達したため", "最初の手 d3 の部分木", "決定はありません", "depth= を下げるか nodes= を上げてください"}},
		{"after two moves", url.Values{"game": {"tree"}, "position": {"[[3,12,8],[2,4,6],[14,5,2]]"}, "algo": {"minimax"}, "minimax.nodes": {"9"}},
			[]string{"ノード数の上限 9 に達したため", "a3 は最後まで探索していません"}},
		{"by the clock", url.Values{"game": {"tictactoe"}, "algo": {"mcts"}, "mcts.playouts": {"1000000"}, "mcts.time": {"1"}},
			[]string{"時間の上限 1ms に達したため", "決定はそれまでに見つけた最善の手です。"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := runSearch(t, ts.URL, tt.form)
			srv.liveSearchDone(t, strings.TrimPrefix(loc, "/t/"))
			_, page := getIn(t, "ja", ts.URL+loc)
			m := decisionLine.FindStringSubmatch(page)
			if m == nil {
				t.Fatal("the viewer has no decision line")
			}
			line := html.UnescapeString(m[1])
			for _, want := range tt.want {
				if !strings.Contains(line, want) {
					t.Errorf("the decision line lacks %q: %s", want, line)
				}
			}
			if words := englishOnPage("<main>" + m[1] + "</main>"); len(words) > 0 {
				t.Errorf("the decision line has the English words %q: %s", words, line)
			}
		})
	}
}
