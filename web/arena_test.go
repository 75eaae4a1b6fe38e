package web

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/arena"
	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/web/internal/matches"
)

// TestArenaAndPlayGamesHaveEngines checks that every game the arena and
// the play page offer declares its engines in the catalog: a game added
// without them would come up on the pages with empty engine fields.
func TestArenaAndPlayGamesHaveEngines(t *testing.T) {
	t.Parallel()
	for _, g := range arenaGames() {
		if g.ArenaEngines[0] == "" || g.ArenaEngines[1] == "" {
			t.Errorf("%s: the arena offers it with engines %q; the catalog gives it no ArenaEngines", g.Name, g.ArenaEngines)
		}
	}
	for _, g := range playGames() {
		if g.PlayEngine == "" && g.ArenaEngines[0] == "" {
			t.Errorf("%s: the play page offers it with no engine; the catalog gives it no PlayEngine", g.Name)
		}
	}
}

func TestArenaFormRenders(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	code, body := get(t, ts.URL+"/arena")
	if code != http.StatusOK {
		t.Fatalf("GET /arena: status %d", code)
	}
	for _, want := range []string{`action="/arena"`, `value="tictactoe"`, `value="dice"`, `value="alphabeta depth=9"`, `value="mcts playouts=1000"`, `value="20"`, `max="200"`, `href="/arena"`} {
		if !strings.Contains(body, htmlEscape(want)) && !strings.Contains(body, want) {
			t.Errorf("the arena form lacks %s", want)
		}
	}
	for _, not := range []string{`value="maze"`, `value="tree"`} {
		if strings.Contains(body, not) {
			t.Errorf("the arena form offers %s, which a match cannot play", not)
		}
	}
	// A game's defaults come with it.
	_, body = get(t, ts.URL+"/arena?game=dice")
	if !strings.Contains(body, `value="expectimax depth=1 eval=typeA"`) || !strings.Contains(body, `value="expectimax depth=1 eval=typeB"`) {
		t.Errorf("the dice form lacks the typeA and typeB engines")
	}
}

func TestArenaRefusesBadForms(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	base := url.Values{"game": {"tictactoe"}, "a": {"alphabeta depth=2"}, "b": {"mcts playouts=20"}, "games": {"4"}, "seed": {"1"}}
	for _, c := range []struct {
		name, field, value, want string
	}{
		{"unknown algorithm", "a", "nosuch depth=2", "nosuch"},
		{"bad parameter", "b", "mcts playouts=zero", "playouts"},
		{"wrong family", "a", "expectimax depth=1", "Engine A"},
		{"seeded engine", "b", "mcts seed=3", "seed"},
		{"one-player game", "game", "maze", "one-player game"},
		{"unknown game", "game", "chess", "unknown game"},
		{"too many games", "games", "201", "1 to 200 games"},
		{"no games", "games", "0", "out of range"},
		{"bad seed", "seed", "-1", "The seed must be"},
		{"no engine", "b", "", "Engine B needs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			form := url.Values{}
			for k, v := range base {
				form[k] = v
			}
			form.Set(c.field, c.value)
			res, body := postForm(t, ts.URL+"/arena", form)
			if res.StatusCode != http.StatusBadRequest {
				t.Fatalf("status %d, want 400", res.StatusCode)
			}
			if !strings.Contains(body, `data-testid="arena-error"`) || !strings.Contains(body, htmlEscape(c.want)) {
				t.Errorf("the form does not say %q:\n%s", c.want, body)
			}
			if c.field != "game" && !strings.Contains(body, htmlEscape(`value="`+c.value+`"`)) && !strings.Contains(body, `value="`+htmlEscape(c.value)+`"`) {
				t.Errorf("the form lost what was typed, %q", c.value)
			}
		})
	}
}

func TestArenaUnknownMatch(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	for _, p := range []string{"/arena/nosuch", "/arena/nosuch/status", "/arena/nosuch/game/0"} {
		code, body := get(t, ts.URL+p)
		if code != http.StatusNotFound || !strings.Contains(body, "no arena match") {
			t.Errorf("GET %s: status %d, body %q; want 404 saying there is no such match", p, code, body)
		}
	}
}

// startArenaMatch posts the arena form and returns the match's path.
func startArenaMatch(t *testing.T, base string, form url.Values) string {
	t.Helper()
	res, body := postForm(t, base+"/arena", form)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("POST /arena: status %d, want 303; body:\n%s", res.StatusCode, body)
	}
	return res.Header.Get("Location")
}

// waitArena polls a match's status until it ends.
func waitArena(t *testing.T, base, path string) matches.Status {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		code, body := get(t, base+path+"/status")
		if code != http.StatusOK {
			t.Fatalf("GET %s/status: status %d: %s", path, code, body)
		}
		var st matches.Status
		if err := json.Unmarshal([]byte(body), &st); err != nil {
			t.Fatalf("the status is not JSON: %v\n%s", err, body)
		}
		if st.Finished {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("the match has not ended after a minute: %+v", st)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestArenaMatchAndTree(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	path := startArenaMatch(t, ts.URL, url.Values{"game": {"tictactoe"}, "a": {"alphabeta depth=2"}, "b": {"mcts playouts=30"}, "games": {"4"}, "seed": {"7"}})
	if !strings.HasPrefix(path, "/arena/") {
		t.Fatalf("the match is at %q", path)
	}
	code, page := get(t, ts.URL+path)
	if code != http.StatusOK || !strings.Contains(page, `data-status="`+path+`/status"`) || !strings.Contains(page, "/static/js/pages/arena.js") {
		t.Fatalf("GET %s: status %d:\n%s", path, code, page)
	}
	st := waitArena(t, ts.URL, path)
	if st.Error != "" {
		t.Fatalf("the match stopped: %s", st.Error)
	}
	if st.Done != 4 || st.Wins+st.Draws+st.Losses != 4 || len(st.List) != 4 || len(st.Points) != 4 {
		t.Fatalf("the match ended with %d games done, W/D/L %d/%d/%d, %d listed, %d points; want 4 of each", st.Done, st.Wins, st.Draws, st.Losses, len(st.List), len(st.Points))
	}
	if st.ScoreText == "" || !strings.Contains(st.EloText, "[") {
		t.Errorf("the status lacks the intervals: score %q, Elo %q", st.ScoreText, st.EloText)
	}
	for i, g := range st.List {
		want := "A"
		if i%2 == 1 {
			want = "B"
		}
		if g.Index != i || g.First != want || g.Moves < 5 {
			t.Errorf("game %d is listed as %+v; want index %d, %s first, 5 moves or more", i, g, i, want)
		}
	}

	code, body := get(t, ts.URL+path+"/game/1")
	if code != http.StatusOK {
		t.Fatalf("GET game 1: status %d: %s", code, body)
	}
	var g arenaGameMoves
	if err := json.Unmarshal([]byte(body), &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != st.List[1].Moves || g.First != "B" {
		t.Fatalf("game 1 has %d moves, %s first; the list says %d, B", len(g.Moves), g.First, st.List[1].Moves)
	}
	// The second move of game 1 is A's: its tree is A's search of the
	// position after B's first move, with its recorded seed.
	m := g.Moves[1]
	turn := m.Turns[0]
	if turn.Engine != "A" || turn.Algo != "alphabeta depth=2" {
		t.Fatalf("game 1's move 1 is %+v, want A's alphabeta", turn)
	}
	m2 := g.Moves[2]
	res, body := postForm(t, ts.URL+m2.Turns[0].Tree, nil)
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/t/") {
		t.Fatalf("POST the tree of move 2: status %d, location %q:\n%s", res.StatusCode, res.Header.Get("Location"), body)
	}
	viewer := res.Header.Get("Location")
	if code, body := get(t, ts.URL+viewer); code != http.StatusOK {
		t.Fatalf("GET %s: status %d:\n%s", viewer, code, body)
	}
	page, at, _ := strings.Cut(viewer, "?")
	if at != "step=last" {
		t.Errorf("the tree opens at %q, want the decision, step=last", viewer)
	}
	h, events := storedTrace(t, ts.URL+page+"/trace")
	am := srvArenaRecord(t, ts.URL, path, 1)
	rec := am.Moves[2]
	if h.Position != rec.Position || h.Seed != rec.Turns[0].Seed || h.Algorithm != "mcts" || h.Game != "tictactoe" {
		t.Errorf("the tree's header is %s %s at %q seed %d; want mcts on tictactoe at %q seed %d", h.Game, h.Algorithm, h.Position, h.Seed, rec.Position, rec.Turns[0].Seed)
	}
	if len(events) == 0 {
		t.Error("the tree's trace is empty")
	}

	for _, bad := range []string{"/game/9/move/0/turn/0/tree", "/game/1/move/99/turn/0/tree", "/game/1/move/0/turn/5/tree", "/game/x/move/0/turn/0/tree"} {
		res, _ := postForm(t, ts.URL+path+bad, nil)
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("POST %s: status %d, want 404", bad, res.StatusCode)
		}
	}
	// The form lists the match.
	if _, body := get(t, ts.URL+"/arena"); !strings.Contains(body, `href="`+path+`"`) || !strings.Contains(body, "4 of 4 games") {
		t.Errorf("the arena form does not list the match")
	}
}

// arenaRecord is what the tests read of a game's record.
type arenaRecord struct {
	Moves []struct {
		Position string
		Turns    []struct{ Seed int64 }
	}
}

// srvArenaRecord reads game i's record through the status's server.
func srvArenaRecord(t *testing.T, base, path string, i int) arenaRecord {
	t.Helper()
	return getJSON[arenaRecord](t, base+path+"/game/"+strconv.Itoa(i)+"/record")
}

func TestArenaLimitOfMatches(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	slow := url.Values{"game": {"connectfour"}, "a": {"mcts playouts=200000"}, "b": {"mcts playouts=200000"}, "games": {"200"}}
	for range matches.MaxMatches {
		startArenaMatch(t, ts.URL, slow)
	}
	res, body := postForm(t, ts.URL+"/arena", slow)
	if res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("match %d: status %d, want 429", matches.MaxMatches+1, res.StatusCode)
	}
	if !strings.Contains(body, strconv.Itoa(matches.MaxMatches)+" arena matches are running, the most this server runs at once") {
		t.Errorf("the refusal does not say why:\n%s", body)
	}
}

// TestArenaBudgetCutEngineStillPlays runs a match on Othello whose A,
// AlphaBeta with a node budget that runs out inside its first move's
// subtree, used to end the match at move 0: the game ends, and A's moves
// that its search finished none of are marked in the game's moves.
func TestArenaBudgetCutEngineStillPlays(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	path := startArenaMatch(t, ts.URL, url.Values{"game": {"othello"}, "a": {"alphabeta nodes=2000"}, "b": {"mcts playouts=10"}, "games": {"1"}})
	st := waitArena(t, ts.URL, path)
	if st.Error != "" || st.Done != 1 {
		t.Fatalf("the match ended with %d games done: %q", st.Done, st.Error)
	}
	code, body := get(t, ts.URL+path+"/game/0")
	if code != http.StatusOK {
		t.Fatalf("GET game 0: status %d: %s", code, body)
	}
	var g arenaGameMoves
	if err := json.Unmarshal([]byte(body), &g); err != nil {
		t.Fatal(err)
	}
	if turn := g.Moves[0].Turns[0]; turn.Engine != "A" || !turn.Fallback {
		t.Errorf("A's first move from the opening is %+v, want one marked its first legal move", turn)
	}
}

// arenaStatus reads a match's status.
func arenaStatus(t *testing.T, base, path string) matches.Status {
	t.Helper()
	return getJSON[matches.Status](t, base+path+"/status")
}

// arenaGame reads game i of a match as its page does.
func arenaGame(t *testing.T, base, path string, i int) arenaGameMoves {
	t.Helper()
	return getJSON[arenaGameMoves](t, base+path+"/game/"+strconv.Itoa(i))
}

func TestArenaRefusesBadSPRTs(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	base := url.Values{"game": {"tictactoe"}, "a": {"alphabeta depth=2"}, "b": {"mcts playouts=20"}, "games": {"4"}}
	for _, c := range []struct {
		name                    string
		elo0, elo1, alpha, beta string
		want                    string
	}{
		{"H1 missing", "0", "", "", "", "The SPRT needs both Elo differences, H0's and H1's"},
		{"only alpha", "", "", "0.05", "", "The SPRT needs both Elo differences"},
		{"not a number", "0", "ten", "", "", `The SPRT's H1's Elo must be a number: "ten" is not one.`},
		{"reversed", "10", "0", "", "", "The SPRT's elo0 (10) must be below its elo1 (0)"},
		{"alpha too big", "0", "10", "0.7", "", "alpha (0.7) and beta (0.05) must be above 0 and at most 0.5"},
		{"beta zero", "0", "10", "", "0", "alpha (0.05) and beta (0) must be above 0 and at most 0.5"},
		{"Elo too big", "0", "2000", "", "", "must be within ±1000"},
		{"pairs alone", "", "", "", "", "The SPRT needs both Elo differences"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			form := url.Values{"elo0": {c.elo0}, "elo1": {c.elo1}, "alpha": {c.alpha}, "beta": {c.beta}, "pairs": {"on"}}
			for k, v := range base {
				form[k] = v
			}
			res, body := postForm(t, ts.URL+"/arena", form)
			if res.StatusCode != http.StatusBadRequest || !strings.Contains(body, htmlEscape(c.want)) {
				t.Errorf("status %d, want 400 saying %q:\n%s", res.StatusCode, c.want, body)
			}
			if c.elo1 != "" && !strings.Contains(body, `value="`+htmlEscape(c.elo1)+`"`) {
				t.Errorf("the form lost H1's Elo, %q", c.elo1)
			}
		})
	}
}

// TestArenaSPRTDecides plays perfect tic-tac-toe (AlphaBeta to depth 9),
// which never loses, against PMC, which does not always draw, under a
// test of 0 against +50 Elo: the match stops long before its 200 games,
// its status giving H1 accepted with the log-likelihood ratio past the
// upper bound log(19), after each game in the chart's points too, and the
// form's list says H1 accepted.
func TestArenaSPRTDecides(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	path := startArenaMatch(t, ts.URL, url.Values{"game": {"tictactoe"}, "a": {"alphabeta depth=9"}, "b": {"pmc playouts=10"}, "games": {"200"}, "seed": {"1"}, "elo0": {"0"}, "elo1": {"50"}})
	if _, page := get(t, ts.URL+path); !strings.Contains(page, `data-testid="arena-llr"`) || !strings.Contains(page, "H0 Elo +0 against H1 Elo +50, alpha 0.05, beta 0.05") {
		t.Errorf("the match's page does not show its SPRT")
	}
	st := waitArena(t, ts.URL, path)
	v := st.SPRT
	if v == nil || v.Decision != arena.AcceptedH1 || st.Done >= 200 || st.Stopped || st.Error != "" || st.Losses != 0 {
		t.Fatalf("the match ended: %+v with %+v, want H1 accepted before game 200 and no loss", st, v)
	}
	if math.Abs(v.Upper-math.Log(19)) > 1e-9 || math.Abs(v.Lower+math.Log(19)) > 1e-9 || v.LLR < v.Upper || v.Test != "0,50,0.05,0.05" {
		t.Errorf("the SPRT's status %+v, want bounds ∓log(19) and the LLR past the upper", v)
	}
	if len(st.Points) != st.Done || st.Points[len(st.Points)-1].LLR == nil || *st.Points[len(st.Points)-1].LLR != v.LLR {
		t.Errorf("the chart's points do not end at the LLR %v", v.LLR)
	}
	if _, body := get(t, ts.URL+"/arena"); !strings.Contains(body, ">H1 accepted<") {
		t.Errorf("the form's list of matches does not say H1 accepted")
	}
	// Weighed in pairs of games, it accepts H1 too, and counts the pairs.
	path = startArenaMatch(t, ts.URL, url.Values{"game": {"tictactoe"}, "a": {"alphabeta depth=9"}, "b": {"pmc playouts=10"}, "games": {"200"}, "seed": {"1"}, "elo0": {"0"}, "elo1": {"50"}, "pairs": {"on"}})
	if _, page := get(t, ts.URL+path); !strings.Contains(page, `data-testid="arena-pairs"`) || !strings.Contains(page, "beta 0.05, of pairs of games") {
		t.Errorf("the match's page does not show that its SPRT weighs pairs")
	}
	st = waitArena(t, ts.URL, path)
	if n := st.Pairs[0] + st.Pairs[1] + st.Pairs[2] + st.Pairs[3] + st.Pairs[4]; st.SPRT == nil || !st.SPRT.Pairs || st.SPRT.Decision != arena.AcceptedH1 || n == 0 || 2*n > st.Done || st.Pairs[0]+st.Pairs[1] != 0 {
		t.Errorf("in pairs: %+v with pairs %v after %d games, want H1 accepted, and no pair A lost", st.SPRT, st.Pairs, st.Done)
	}
}

// TestArenaStop stops a match from its page's Stop button (its form's
// POST) while it plays: it ends at once with the games that ended, marked
// stopped and saying why; stopping it again, or an unknown match, changes
// nothing.
func TestArenaStop(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	path := startArenaMatch(t, ts.URL, url.Values{"game": {"tictactoe"}, "a": {"alphabeta depth=9"}, "b": {"mcts playouts=1000"}, "games": {"200"}})
	for arenaStatus(t, ts.URL, path).Done == 0 {
		time.Sleep(10 * time.Millisecond)
	}
	res, _ := postForm(t, ts.URL+path+"/stop", nil)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != path {
		t.Fatalf("POST stop: status %d to %q, want 303 to the match", res.StatusCode, res.Header.Get("Location"))
	}
	st := waitArena(t, ts.URL, path)
	if !st.Stopped || st.Error != "stopped: "+matches.ErrStopped.Error() || st.Done == 200 || len(st.List) != st.Done {
		t.Errorf("the match stopped: stopped %v, %q, %d games done, %d listed; want it stopped with what ended", st.Stopped, st.Error, st.Done, len(st.List))
	}
	if res, _ := postForm(t, ts.URL+path+"/stop", nil); res.StatusCode != http.StatusSeeOther || arenaStatus(t, ts.URL, path).Done != st.Done {
		t.Errorf("stopping an ended match: status %d, or its games changed", res.StatusCode)
	}
	if res, _ := postForm(t, ts.URL+"/arena/nosuch/stop", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("stopping an unknown match: status %d, want 404", res.StatusCode)
	}
}

// TestArenaGameBoards checks the boards a game's replay draws: one before
// each move and one at the end, the first the start's and the last the
// end's as the game draws them, and in tic-tac-toe, where every move puts
// down one mark, k marks on the board after k moves.
func TestArenaGameBoards(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	path := startArenaMatch(t, ts.URL, url.Values{"game": {"tictactoe"}, "a": {"alphabeta depth=9"}, "b": {"pmc playouts=10"}, "games": {"2"}})
	waitArena(t, ts.URL, path)
	g := arenaGame(t, ts.URL, path, 1)
	if len(g.Boards) != len(g.Moves)+1 {
		t.Fatalf("%d boards for %d moves, want one more", len(g.Boards), len(g.Moves))
	}
	game, err := catalog.LookupGame("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	start, _ := game.Board(g.Start)
	end, _ := game.Board(g.End)
	if !reflect.DeepEqual(g.Boards[0], start) || !reflect.DeepEqual(g.Boards[len(g.Moves)], end) {
		t.Error("the first and last boards are not the start's and the end's")
	}
	for k, b := range g.Boards {
		marks := 0
		for _, c := range b.Cells {
			if c.Kind == board.Piece {
				marks++
			}
		}
		if marks != k {
			t.Errorf("board %d has %d marks, want %d", k, marks, k)
		}
	}
}

// TestArenaKeptAcrossRestart plays a match to its end and leaves another
// running on a server, stops the server, and starts another on the same
// data directory: it lists both, the ended one with its results and its
// games as they were, the running one stopped by the server's stop.
func TestArenaKeptAcrossRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	start := func() (*Server, *httptest.Server, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		srv, err := New(ctx, Config{DataDir: dir, Layouter: layouter, Program: "viz test"})
		if err != nil {
			t.Fatal(err)
		}
		return srv, httptest.NewServer(srv), cancel
	}
	srv, ts, stop := start()
	ended := startArenaMatch(t, ts.URL, url.Values{"game": {"tictactoe"}, "a": {"alphabeta depth=9"}, "b": {"pmc playouts=10"}, "games": {"4"}})
	before := waitArena(t, ts.URL, ended)
	game := arenaGame(t, ts.URL, ended, 3)
	running := startArenaMatch(t, ts.URL, url.Values{"game": {"connectfour"}, "a": {"mcts playouts=200000"}, "b": {"mcts playouts=200000"}, "games": {"200"}})
	stop()
	ts.Close()
	wctx, done := context.WithTimeout(context.Background(), 10*time.Second)
	defer done()
	if err := srv.Wait(wctx); err != nil {
		t.Fatal(err)
	}

	_, ts, stop = start()
	defer func() {
		stop()
		ts.Close()
	}()
	_, list := get(t, ts.URL+"/arena")
	if !strings.Contains(list, `href="`+ended+`"`) || !strings.Contains(list, `href="`+running+`"`) || strings.Count(list, `data-testid="arena-recent-match"`) != 2 {
		t.Fatalf("the restarted server's arena page does not list the two matches:\n%s", list)
	}
	if code, _ := get(t, ts.URL+ended); code != http.StatusOK {
		t.Errorf("GET %s after the restart: status %d", ended, code)
	}
	after := arenaStatus(t, ts.URL, ended)
	if after.Done != before.Done || after.Wins != before.Wins || after.Draws != before.Draws || !reflect.DeepEqual(after.List, before.List) || after.Stopped {
		t.Errorf("the ended match after the restart: %+v\nwant as before: %+v", after, before)
	}
	if again := arenaGame(t, ts.URL, ended, 3); !reflect.DeepEqual(again, game) {
		t.Errorf("game 3 after the restart differs:\n%+v\nwant\n%+v", again, game)
	}
	cut := arenaStatus(t, ts.URL, running)
	if !cut.Finished || !cut.Stopped || !strings.Contains(cut.Error, "the server was stopped") {
		t.Errorf("the match running when the server stopped: %+v, want it ended, stopped by the server", cut)
	}
}
