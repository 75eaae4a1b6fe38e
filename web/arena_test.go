package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

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

// srvArenaRecord reads game i's record through the status's server.
func srvArenaRecord(t *testing.T, base, path string, i int) struct {
	Moves []struct {
		Position string
		Turns    []struct{ Seed int64 }
	}
} {
	t.Helper()
	var out struct {
		Moves []struct {
			Position string
			Turns    []struct{ Seed int64 }
		}
	}
	code, body := get(t, base+path+"/game/"+strconv.Itoa(i)+"/record")
	if code != http.StatusOK {
		t.Fatalf("GET the record of game %d: status %d: %s", i, code, body)
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err)
	}
	return out
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
