package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/play"
	"github.com/searchviz/searchviz/web/internal/matches"
)

// playPage is a play page's socket, as a test drives it.
type playPage struct {
	t         *testing.T
	conn      *websocket.Conn
	lastState play.State // the state a test last settled on, when it keeps it
}

func dialPlay(t *testing.T, base string) *playPage {
	t.Helper()
	conn, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(base, "http")+"/play/ws", http.Header{"Origin": {base}})
	if err != nil {
		t.Fatalf("dial: %v (response %v)", err, res)
	}
	t.Cleanup(func() { conn.Close() })
	return &playPage{t: t, conn: conn}
}

func (p *playPage) send(msg any) {
	p.t.Helper()
	if err := p.conn.WriteJSON(msg); err != nil {
		p.t.Fatal(err)
	}
}

func (p *playPage) read() matches.Frame {
	p.t.Helper()
	p.conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	var f matches.Frame
	if err := p.conn.ReadJSON(&f); err != nil {
		p.t.Fatalf("reading: %v", err)
	}
	return f
}

// settle reads frames until the game waits for the person or is over,
// and returns the last state and the errors read on the way.
func (p *playPage) settle() (play.State, []string) {
	p.t.Helper()
	var errs []string
	for {
		f := p.read()
		switch f.Type {
		case "error":
			errs = append(errs, f.Message)
		case "state":
			if f.State.Turn != play.TurnEngine {
				return *f.State, errs
			}
		}
	}
}

// TestPlaySocketChecksEveryMove plays tic-tac-toe and Connect Four to the
// end over the socket, the person trying an illegal move before each legal
// one: the server refuses it, with the legal moves named, and the game
// goes on unchanged; every engine move is legal in the position before it.
func TestPlaySocketChecksEveryMove(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	tests := []struct {
		game, engine string
		side         int
	}{
		{"tictactoe", "alphabeta", 0},
		{"tictactoe", "mcts playouts=100", 1},
		{"connectfour", "alphabeta depth=3", 1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s %s side %d", tt.game, tt.engine, tt.side), func(t *testing.T) {
			t.Parallel()
			p := dialPlay(t, ts.URL)
			p.send(matches.Command{Type: "new", Game: tt.game, Engine: tt.engine, Side: tt.side, Seed: 5})
			st, errs := p.settle()
			if len(errs) > 0 {
				t.Fatalf("errors at the start: %v", errs)
			}
			rng := rand.New(rand.NewPCG(5, 5))
			for st.Turn == play.TurnPerson {
				illegal := 999
				for _, m := range st.Moves {
					illegal = min(illegal, m.Action)
				}
				illegal-- // below every legal action: never one
				p.send(matches.Command{Type: "move", Action: illegal})
				after, errs := p.settle()
				if len(errs) != 1 || !strings.Contains(errs[0], "is not a legal move here") {
					t.Fatalf("illegal move %d: errors %v", illegal, errs)
				}
				if after.Position != st.Position {
					t.Fatalf("an illegal move changed %s to %s", st.Position, after.Position)
				}
				p.send(matches.Command{Type: "move", Action: st.Moves[rng.IntN(len(st.Moves))].Action})
				if st, errs = p.settle(); len(errs) > 0 {
					t.Fatalf("errors: %v", errs)
				}
			}
			if st.Turn != play.TurnOver || st.Over == "" {
				t.Fatalf("the game stopped at turn %q: %q", st.Turn, st.Over)
			}
			checkPliesLegal(t, tt.game, st.Plies)
		})
	}
}

// checkPliesLegal replays plies on a match of game, which refuses an
// illegal move.
func checkPliesLegal(t *testing.T, game string, plies []play.Ply) {
	t.Helper()
	m, err := catalog.NewMatch(game, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	for k, p := range plies {
		if m.Position() != p.Position {
			t.Fatalf("ply %d: the match is at %s, the ply says %s", k+1, m.Position(), p.Position)
		}
		var actions []int
		for i, side := range p.Sides {
			j := slices.IndexFunc(m.Moves(side), func(mv catalog.Move) bool { return mv.Label == p.Labels[i] })
			if j < 0 {
				t.Fatalf("ply %d: %s is not legal in %s", k+1, p.Labels[i], p.Position)
			}
			actions = append(actions, m.Moves(side)[j].Action)
		}
		if _, err := m.Play(actions...); err != nil {
			t.Fatalf("ply %d: %v", k+1, err)
		}
	}
}

// TestPlaySocketBadMessages sends what a page never would: each is
// answered with an error that says what is allowed, and the socket stays
// open for a game after.
func TestPlaySocketBadMessages(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	p := dialPlay(t, ts.URL)
	tests := []struct {
		msg  string
		want string
	}{
		{`not json`, "not a play command"},
		{`{"type":"move","action":4}`, "no game has started"},
		{`{"type":"undo"}`, "no game has started"},
		{`{"type":"fly"}`, "no game has started"},
		{`{"type":"new","game":"tictactoe","engine":"duct","side":0}`, "duct searches"},
		{`{"type":"new","game":"tictactoe","engine":"alphabeta","side":3}`, "side 3 is not a side"},
		{`{"type":"new","game":"maze","engine":"greedy","side":0}`, "a match needs two players"},
		{`{"type":"open","record":{"format":"x"}}`, "is not a game record"},
		{`{"type":"open","record":[1]}`, "reading a game record"},
	}
	for _, tt := range tests {
		if err := p.conn.WriteMessage(websocket.TextMessage, []byte(tt.msg)); err != nil {
			t.Fatal(err)
		}
		f := p.read()
		if f.Type != "error" || !strings.Contains(f.Message, tt.want) {
			t.Errorf("%s: got %+v, want an error containing %q", tt.msg, f, tt.want)
		}
	}
	p.send(matches.Command{Type: "new", Game: "tictactoe", Engine: "alphabeta", Side: 0})
	if st, errs := p.settle(); len(errs) > 0 || st.Turn != play.TurnPerson || len(st.Moves) != 9 {
		t.Fatalf("a game after bad messages: %+v, errors %v", st, errs)
	}
	p.send(matches.Command{Type: "fly"})
	if f := p.read(); f.Type != "error" || !strings.Contains(f.Message, `"fly" is not a play command`) {
		t.Errorf("an unknown command in a game: %+v", f)
	}
	big := `{"type":"open","record":"` + strings.Repeat("x", maxPlayMessage) + `"}`
	p.conn.WriteMessage(websocket.TextMessage, []byte(big))
	p.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		if _, _, err := p.conn.ReadMessage(); err != nil {
			if !websocket.IsCloseError(err, websocket.CloseMessageTooBig) && !strings.Contains(err.Error(), "close") && !strings.Contains(err.Error(), "reset") && !strings.Contains(err.Error(), "EOF") {
				t.Fatalf("a message over maxPlayMessage: %v, want the socket closed", err)
			}
			break
		}
	}
}

// TestPlaySocketUndoAndOpen takes a move back, then opens the game's
// record on a new socket and finds the same position.
func TestPlaySocketUndoAndOpen(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	p := dialPlay(t, ts.URL)
	p.send(matches.Command{Type: "new", Game: "connectfour", Engine: "alphabeta depth=2", Side: 0, Seed: 1})
	start, _ := p.settle()
	p.send(matches.Command{Type: "move", Action: 3})
	one, _ := p.settle()
	if len(one.Plies) != 2 || one.Plies[1].Engine == nil || one.Plies[1].Engine.Seed != 2 {
		t.Fatalf("after one move: %+v", one.Plies)
	}
	p.send(matches.Command{Type: "move", Action: 2})
	p.settle()
	p.send(matches.Command{Type: "undo"})
	back, errs := p.settle()
	if len(errs) > 0 || back.Position != one.Position {
		t.Fatalf("undo: %s, errors %v; want %s", back.Position, errs, one.Position)
	}
	p.send(matches.Command{Type: "undo"})
	if back, _ = p.settle(); back.Position != start.Position || len(back.Plies) != 0 {
		t.Fatalf("second undo: %s with %d plies, want the start", back.Position, len(back.Plies))
	}
	p.send(matches.Command{Type: "move", Action: 3})
	var rec *play.Record
	for rec == nil {
		if f := p.read(); f.Type == "state" && f.State.Turn == play.TurnPerson {
			rec = f.Record
		}
	}
	data, _ := json.Marshal(rec)
	q := dialPlay(t, ts.URL)
	q.send(map[string]any{"type": "open", "record": json.RawMessage(data)})
	opened, errs := q.settle()
	if len(errs) > 0 || opened.Position != one.Position || len(opened.Plies) != 2 {
		t.Fatalf("opened: %s (%d plies), errors %v; want %s", opened.Position, len(opened.Plies), errs, one.Position)
	}
}

// TestPlayGamesLimit crosses MaxPlayGames: one page more is refused with
// TestPlayGamesLimit fills the server with MaxPlayGames games in play,
// with as many pages again open and idle: only the games count. A page
// that starts one more is told the server is full and keeps its socket;
// its game starts once another ends, and a game over holds no place.
func TestPlayGamesLimit(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	for range MaxPlayGames {
		dialPlay(t, ts.URL) // idle pages, holding no place
	}
	var pages []*playPage
	for range MaxPlayGames {
		p := dialPlay(t, ts.URL)
		p.send(matches.Command{Type: "new", Game: "tictactoe", Engine: "alphabeta depth=1", Side: 0})
		st, errs := p.settle()
		if len(errs) > 0 {
			t.Fatalf("game %d of %d could not start: %v", len(pages)+1, MaxPlayGames, errs)
		}
		p.lastState = st
		pages = append(pages, p)
	}
	late := dialPlay(t, ts.URL)
	late.send(matches.Command{Type: "new", Game: "tictactoe", Engine: "alphabeta depth=1", Side: 0})
	if f := late.read(); f.Type != "error" || !strings.Contains(f.Message, "games are being played") {
		t.Fatalf("game %d: %+v; want an error saying the server is full", MaxPlayGames+1, f)
	}
	// A game played to its end gives its place back.
	first := pages[0]
	for st := first.lastState; st.Turn != play.TurnOver; {
		first.send(matches.Command{Type: "move", Action: st.Moves[0].Action})
		var errs []string
		if st, errs = first.settle(); len(errs) > 0 {
			t.Fatal(errs)
		}
	}
	late.send(matches.Command{Type: "new", Game: "tictactoe", Engine: "alphabeta depth=1", Side: 0})
	if _, errs := late.settle(); len(errs) > 0 {
		t.Fatalf("after a game ended, a new one could not start: %v", errs)
	}
}

// TestPlayIdlePageCloses leaves a play page without a game: the server
// closes its socket after playIdle, saying why.
func TestPlayIdlePageCloses(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	srv.playIdle = 100 * time.Millisecond
	p := dialPlay(t, ts.URL)
	p.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, _, err := p.conn.ReadMessage()
	var ce *websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.CloseNormalClosure || !strings.Contains(ce.Text, "No game was played on this page for 100ms") {
		t.Fatalf("the idle page's socket ended with %v, want a close saying it was idle", err)
	}
}

// TestPlayTree runs an engine move's search again and lands on its
// viewer at the decision.
func TestPlayTree(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	tests := []struct {
		form   url.Values
		status int
		want   string
	}{
		{url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "position": {"x../.o./..."}, "seed": {"3"}}, http.StatusSeeOther, ""},
		{url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "position": {"x../.o./..."}, "seed": {"-1"}}, http.StatusBadRequest, "0 or more"},
		{url.Values{"game": {"tictactoe"}, "algo": {"duct"}, "position": {""}, "seed": {"1"}}, http.StatusBadRequest, "duct searches"},
		{url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "position": {"xxxx"}, "seed": {"1"}}, http.StatusBadRequest, "tictactoe"},
	}
	for _, tt := range tests {
		res, body := postForm(t, ts.URL+"/play/tree", tt.form)
		if res.StatusCode != tt.status || !strings.Contains(body, tt.want) {
			t.Errorf("%v: %d, want %d with %q", tt.form, res.StatusCode, tt.status, tt.want)
		}
		if tt.status != http.StatusSeeOther {
			continue
		}
		loc := res.Header.Get("Location")
		if !strings.HasPrefix(loc, "/t/") || !strings.HasSuffix(loc, "?step=last") {
			t.Fatalf("%v: sent to %q, want a trace's decision (/t/ID?step=last)", tt.form, loc)
		}
		// The search has ended when the redirect is sent, so the page is
		// at its decision, not following a live search.
		if status, page := get(t, ts.URL+loc); status != http.StatusOK || !strings.Contains(page, "alphabeta on tictactoe") || !strings.Contains(page, `data-live="false"`) {
			t.Errorf("%s: %d, live or not the search", loc, status)
		}
	}
}
