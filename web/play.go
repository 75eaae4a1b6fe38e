package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/play"
	"github.com/searchviz/searchviz/web/internal/wsconn"
	"github.com/searchviz/searchviz/web/templates"
)

// playGames are the games a person can play against an engine: those a
// match can play that have two sides to choose between.
func playGames() []catalog.Game {
	var out []catalog.Game
	for _, g := range arenaGames() {
		if g.Sides[0] != "" {
			out = append(out, g)
		}
	}
	return out
}

// handlePlay is the play page: a form to start a game and the board;
// play.js plays it over the page's socket.
func (s *Server) handlePlay(w http.ResponseWriter, r *http.Request) {
	chosen := r.URL.Query().Get("game")
	page := templates.PlayPage{MaxMoveTime: play.MaxMoveTime.String()}
	games := playGames()
	if chosen == "" && len(games) > 0 {
		chosen = games[0].Name
		if want := catalog.DefaultPlayGame().Name; slices.ContainsFunc(games, func(g catalog.Game) bool { return g.Name == want }) {
			chosen = want
		}
	}
	for _, g := range games {
		engine := g.PlayEngine
		if engine == "" {
			engine = g.ArenaEngines[0]
		}
		page.Games = append(page.Games, templates.PlayGame{
			Name: g.Name, Help: g.Help, Family: string(g.Family), Engine: engine,
			Sides: g.Sides, Selected: g.Name == chosen,
		})
	}
	s.page(w, r, http.StatusOK, templates.PlayPageView(page))
}

// playCommand is a message from a play page.
type playCommand struct {
	Type   string          `json:"type"`   // "new", "move", "undo" or "open"
	Game   string          `json:"game"`   // new: the game's spec
	Engine string          `json:"engine"` // new: the engine's spec
	Side   int             `json:"side"`   // new: the person's side
	Seed   int64           `json:"seed"`   // new: the game's seed
	Action int             `json:"action"` // move: the person's move
	Record json.RawMessage `json:"record"` // open: a game record
}

// playFrame is a message to a play page: the game after a change, or the
// engine starting to think, or an error.
type playFrame struct {
	Type     string       `json:"type"` // "state", "thinking" or "error"
	State    *play.State  `json:"state,omitempty"`
	Record   *play.Record `json:"record,omitempty"`
	Message  string       `json:"message,omitempty"`
	Thinking string       `json:"thinking,omitempty"` // the engine's spec, while it thinks
}

// handlePlaySocket plays one page's games: a reader turns messages into
// moves, one at a time, and the connection's writer sends the frames and
// pings. Each page has its own games; none outlives its socket.
func (s *Server) handlePlaySocket(w http.ResponseWriter, r *http.Request) {
	ws, err := wsconn.Upgrade(w, r)
	if err != nil {
		s.log.Info("play websocket refused", "err", err, "remote", r.RemoteAddr)
		return
	}
	log := s.log.With("play", r.RemoteAddr)
	conn := wsconn.New(s.ctx, ws, maxPlayMessage, log)
	defer conn.Stop()
	send := wsconn.NewQueue(log)
	conn.Write(send)
	p := &playSession{ctx: conn.Context(), send: send, players: s.players}
	defer p.leave()
	conn.Safely("a play page's game", func() {
		// A page with no game in play that says nothing for playIdle is
		// closed, so that idle sockets do not pile up.
		idle := time.AfterFunc(s.playIdle, func() {
			defer func() { recovered(log, recover(), "a play page's idle timer") }()
			conn.Close(fmt.Sprintf("No game was played on this page for %v, so the server closed its connection.", s.playIdle))
		})
		defer idle.Stop()
		for {
			data, ok := conn.Read()
			if !ok {
				return
			}
			idle.Stop()
			if !p.handle(data) {
				return
			}
			if !p.playing() {
				idle.Reset(s.playIdle)
			}
		}
	})
}

// playSession is one page's game.
type playSession struct {
	ctx     context.Context
	send    *wsconn.Queue
	game    *play.Game
	players players
	place   bool // the game holds one of the players' places
}

// playing reports whether the page has a game that is not over.
func (p *playSession) playing() bool { return p.game != nil && p.game.Turn() != play.TurnOver }

// hold takes a place among the games played for the page's game, if it
// holds none, and reports whether it holds one.
func (p *playSession) hold() bool {
	if !p.place {
		p.place = p.players.take()
	}
	return p.place
}

// leave gives back the page's place, if it holds one.
func (p *playSession) leave() {
	if p.place {
		p.place = false
		p.players.give()
	}
}

// errServerFull tells a page that its game cannot start yet.
var errServerFull = fmt.Errorf("%d games are being played, the most this server plays at once; try again when one ends.", MaxPlayGames)

// handle answers one message; it reports false when the page is gone.
func (p *playSession) handle(data []byte) bool {
	var c playCommand
	if err := wsconn.Decode(data, &c); err != nil {
		return p.fail(fmt.Errorf("the message is not a play command: %w (want JSON such as {\"type\":\"move\",\"action\":19})", err))
	}
	if p.game == nil && c.Type != "new" && c.Type != "open" {
		return p.fail(errors.New("no game has started: send new or open first"))
	}
	if (c.Type == "new" || c.Type == "open" || c.Type == "undo") && !p.hold() {
		return p.fail(errServerFull)
	}
	var err error
	switch c.Type {
	case "new":
		var g *play.Game
		if g, err = play.New(play.Config{Game: strings.TrimSpace(c.Game), Engine: strings.TrimSpace(c.Engine), Person: c.Side, Seed: c.Seed}); err == nil {
			p.game = g
		}
	case "open":
		var rec play.Record
		if rec, err = play.ReadRecord(c.Record); err == nil {
			var g *play.Game
			if g, err = play.Open(p.ctx, rec); err == nil {
				p.game = g
			}
		}
	case "move":
		err = p.game.Move(p.ctx, c.Action)
	case "undo":
		_, err = p.game.Undo()
	default:
		err = fmt.Errorf("%q is not a play command (want new, move, undo or open)", c.Type)
	}
	if err != nil {
		if !p.fail(err) {
			return false
		}
	}
	ok := p.answer()
	if !p.playing() {
		p.leave() // a game over, or none, is not being played
	}
	return ok
}

// answer sends the game, then lets the engine move while it is its turn,
// sending the game after each move.
func (p *playSession) answer() bool {
	if p.game == nil {
		return true
	}
	for {
		if !p.state() {
			return false
		}
		if p.game.Turn() != play.TurnEngine {
			return true
		}
		if !p.frame(playFrame{Type: "thinking", Thinking: p.game.Config().Engine}) {
			return false
		}
		if err := p.game.Answer(p.ctx); err != nil {
			if p.ctx.Err() != nil {
				return false
			}
			return p.fail(err) && p.state()
		}
	}
}

// state sends the game.
func (p *playSession) state() bool {
	st, rec := p.game.State(), p.game.Record()
	return p.frame(playFrame{Type: "state", State: &st, Record: &rec})
}

// fail sends err to the page.
func (p *playSession) fail(err error) bool {
	return p.frame(playFrame{Type: "error", Message: err.Error()})
}

func (p *playSession) frame(f playFrame) bool { return p.send.Send(f) }

// players counts the play pages open, up to MaxPlayGames.
type players struct{ slots chan struct{} }

func newPlayers(n int) players { return players{slots: make(chan struct{}, n)} }

func (p players) take() bool {
	select {
	case p.slots <- struct{}{}:
		return true
	default:
		return false
	}
}

func (p players) give() { <-p.slots }

// handlePlayTree runs an engine move's search again, traced, and opens
// its viewer at the decision, where the line it expects is drawn.
func (s *Server) handlePlayTree(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		s.message(w, r, http.StatusBadRequest, "Cannot run the search", "The form could not be read: "+err.Error())
		return
	}
	seed, err := strconv.ParseInt(r.PostFormValue("seed"), 10, 64)
	if err != nil || seed < 0 {
		s.message(w, r, http.StatusBadRequest, "Cannot run the search", fmt.Sprintf("The seed must be a whole number, 0 or more: %q is not one.", r.PostFormValue("seed")))
		return
	}
	req := catalog.Request{Game: r.PostFormValue("game"), Algo: r.PostFormValue("algo"), Position: r.PostFormValue("position"), Seed: seed, SeedSet: true, Program: s.cfg.Program}
	if err := s.store.CheckWritable(); err != nil {
		s.log.Error("the data directory cannot be written", "err", err)
		s.message(w, r, http.StatusInternalServerError, "Cannot run the search", "Its trace could not be saved in the data directory ("+s.storageError(err)+").")
		return
	}
	id, err := s.startSearch(req)
	if err != nil {
		status := http.StatusBadRequest
		if errors.Is(err, errBusy) {
			status = http.StatusTooManyRequests
			w.Header().Set("Retry-After", "5")
		}
		s.message(w, r, status, "Cannot run the search", err.Error())
		return
	}
	if ls := s.liveSearch(id); ls != nil {
		unwatch := ls.watch() // a search no one watches is stopped
		err := ls.wait(r.Context())
		unwatch()
		if err != nil {
			return
		}
	}
	http.Redirect(w, r, "/t/"+id+"?step=last", http.StatusSeeOther)
}
