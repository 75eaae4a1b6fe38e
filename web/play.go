package web

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/play"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/web/internal/matches"
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
	l := templates.LangOf(r.Context())
	page := templates.PlayPage{MaxMoveTime: play.MaxMoveTime.String()}
	if l.Code() != "en" {
		page.MaxMoveTime = l.F("%d seconds", int(play.MaxMoveTime.Seconds()))
	}
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
			Name: g.Name, Help: g.Help, Family: familyWord(l, string(g.Family)), Engine: engine,
			Sides: [2]string{play.SideName(l, g.Sides[0]), play.SideName(l, g.Sides[1])}, Selected: g.Name == chosen,
		})
	}
	s.page(w, r, http.StatusOK, templates.PlayPageView(page))
}

// familyWord names a game's family in the language l: as the catalog
// names it in English ("alternating"), in words in Japanese.
func familyWord(l explain.Lang, family string) string {
	if l.Code() == "en" {
		return family
	}
	switch search.Family(family) {
	case search.FamilyAlternating:
		return l.T("two players take turns")
	case search.FamilySingle:
		return l.T("one player")
	case search.FamilySimultaneous:
		return l.T("two players move at once")
	case search.FamilyChance:
		return l.T("two players take turns, chance follows each move")
	}
	return family
}

// handlePlaySocket plays one page's games: a reader hands messages to
// the page's session, which turns them into moves, one at a time, and
// closes a page idle with no game in play; the connection's writer sends
// the frames and pings. Each page has its own games; none outlives its
// socket.
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
	page := matches.Page{Send: func(f matches.Frame) bool { return send.Send(f) }, Close: conn.Close, Idle: s.playIdle, Log: log, Lang: templates.LangOf(r.Context())}
	p := matches.NewSession(conn.Context(), page, s.players)
	defer p.Leave()
	conn.Safely("a play page's game", func() {
		for {
			data, ok := conn.Read()
			if !ok || !p.Handle(data) {
				return
			}
		}
	})
}

// handlePlayTree runs an engine move's search again, traced, and opens
// its viewer at the decision, where the line it expects is drawn.
func (s *Server) handlePlayTree(w http.ResponseWriter, r *http.Request) {
	l := templates.LangOf(r.Context())
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		s.message(w, r, http.StatusBadRequest, l.T("Cannot run the search"), l.F("The form could not be read: %s", err.Error()))
		return
	}
	seed, err := strconv.ParseInt(r.PostFormValue("seed"), 10, 64)
	if err != nil || seed < 0 {
		s.message(w, r, http.StatusBadRequest, l.T("Cannot run the search"), l.F("The seed must be a whole number, 0 or more: %s is not one.", quoted(l, r.PostFormValue("seed"))))
		return
	}
	req := catalog.Request{Game: r.PostFormValue("game"), Algo: r.PostFormValue("algo"), Position: r.PostFormValue("position"), Seed: seed, SeedSet: true, Program: s.cfg.Program}
	if id := s.rerunSearch(w, r, req); id != "" {
		s.openAtDecision(w, r, id)
	}
}

// openAtDecision sends the person to trace id's viewer at its last step,
// the decision, with the line the engine expects drawn, once the search
// that writes it has ended.
func (s *Server) openAtDecision(w http.ResponseWriter, r *http.Request, id string) {
	if ls := s.liveSearch(id); ls != nil {
		unwatch := ls.Watch() // a search no one watches is stopped
		err := ls.Wait(r.Context())
		unwatch()
		if err != nil {
			return
		}
	}
	http.Redirect(w, r, "/t/"+id+"?step=last", http.StatusSeeOther)
}
