package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/searchviz/searchviz/arena"
	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/web/internal/matches"
	"github.com/searchviz/searchviz/web/internal/tracestore"
	"github.com/searchviz/searchviz/web/templates"
)

// arenaGames are the games a match can play: the two-player families,
// and of them those whose start opens a match (a typed tree's text does
// not say whose turn it is).
func arenaGames() []catalog.Game {
	var out []catalog.Game
	for _, g := range catalog.Games() {
		switch g.Family {
		case search.FamilyAlternating, search.FamilySimultaneous, search.FamilyChance:
		default:
			continue
		}
		if _, err := catalog.NewMatch(g.Name, "", 0); err != nil {
			continue
		}
		out = append(out, g)
	}
	return out
}

// arenaForm is what the arena form holds.
type arenaForm struct {
	game, a, b, games, seed string
	posted                  bool // sent back: keep its fields as they are
}

func (s *Server) handleArenaForm(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.arenaForm(w, r, http.StatusOK, arenaForm{game: q.Get("game"), a: q.Get("a"), b: q.Get("b"), games: q.Get("games"), seed: q.Get("seed")}, "")
}

// arenaForm answers with the arena form holding in and the error msg.
func (s *Server) arenaForm(w http.ResponseWriter, r *http.Request, status int, in arenaForm, msg string) {
	if in.game == "" {
		in.game = catalog.DefaultGame().Name
	}
	page := templates.ArenaForm{
		Error: msg, A: in.a, B: in.b, Games: in.games, Seed: in.seed,
		MaxGames: matches.MaxGames, MaxMatches: matches.MaxMatches,
	}
	if page.Games == "" {
		page.Games = strconv.Itoa(matches.DefaultGames)
	}
	for _, g := range arenaGames() {
		d := g.ArenaEngines
		page.GameList = append(page.GameList, templates.ArenaGame{
			Name: g.Name, Help: g.Help, Family: string(g.Family), A: d[0], B: d[1], Selected: g.Name == in.game,
		})
		if g.Name == in.game && !in.posted {
			if page.A == "" {
				page.A = d[0]
			}
			if page.B == "" {
				page.B = d[1]
			}
		}
	}
	page.Recent = s.recentArenas()
	s.page(w, r, status, templates.ArenaFormPage(page))
}

// arenaConfig checks the form and returns the match it asks for.
func arenaConfig(in arenaForm) (arena.Config, error) {
	cfg := arena.Config{Game: in.game, Engines: [2]string{in.a, in.b}, Parallel: matches.Parallel}
	n, err := strconv.Atoi(in.games)
	switch {
	case in.games == "":
		n = matches.DefaultGames
	case err != nil:
		return cfg, fmt.Errorf("The games must be a whole number: %q is not one.", in.games)
	case n < 1 || n > matches.MaxGames:
		return cfg, fmt.Errorf("%d games is out of range: a match from this page plays 1 to %d games (viz arena plays more).", n, matches.MaxGames)
	}
	cfg.Games = n
	if in.seed != "" {
		seed, err := strconv.ParseInt(in.seed, 10, 64)
		if err != nil || seed < 0 {
			return cfg, fmt.Errorf("The seed must be a whole number, 0 or more: %q is not one.", in.seed)
		}
		cfg.Seed = seed
	}
	g, err := catalog.LookupGame(in.game)
	if err != nil {
		return cfg, err
	}
	if g.Family == search.FamilySingle {
		return cfg, fmt.Errorf("%s is a one-player game: a match needs two players. Choose a game of two players.", g.Name)
	}
	// What arena.Run checks before it plays, checked here so that the
	// form can say it.
	m, err := catalog.NewMatch(in.game, "", arena.Seed(cfg.Seed, 0, 0))
	if err != nil {
		return cfg, err
	}
	for e, spec := range cfg.Engines {
		name := [2]string{"A", "B"}[e]
		if spec == "" {
			return cfg, fmt.Errorf("Engine %s needs an algorithm's spec, such as %q.", name, g.ArenaEngines[e])
		}
		if err := m.Check(spec); err != nil {
			return cfg, fmt.Errorf("Engine %s (%s): %w", name, spec, err)
		}
	}
	return cfg, nil
}

func (s *Server) handleArenaStart(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	if err := r.ParseForm(); err != nil {
		s.arenaForm(w, r, http.StatusBadRequest, arenaForm{}, "The form could not be read: "+err.Error())
		return
	}
	field := func(name string) string { return strings.TrimSpace(r.PostFormValue(name)) }
	in := arenaForm{game: field("game"), a: field("a"), b: field("b"), games: field("games"), seed: field("seed"), posted: true}
	cfg, err := arenaConfig(in)
	if err != nil {
		s.arenaForm(w, r, http.StatusBadRequest, in, err.Error())
		return
	}
	id, err := s.startArena(cfg)
	if err != nil {
		s.arenaForm(w, r, refusedStatus(w, err, matches.ErrBusy, http.StatusServiceUnavailable, "10"), in, err.Error())
		return
	}
	http.Redirect(w, r, "/arena/"+id, http.StatusSeeOther)
}

// startArena starts the match cfg in the background and returns its id.
func (s *Server) startArena(cfg arena.Config) (string, error) {
	dir, err := os.MkdirTemp("", "searchviz-arena-")
	if err != nil {
		return "", fmt.Errorf("the match was not started: no temporary directory for its games (%s)", s.publicError(err))
	}
	cfg.RecordDir = dir
	m, err := s.arenas.Add(s.searchCtx, &s.running, tracestore.NewID(), cfg)
	if err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	ctx, cancel := context.WithTimeoutCause(s.searchCtx, matches.MaxTime, fmt.Errorf("the match reached its time limit of %v", matches.MaxTime))
	go func() {
		defer s.running.Done()
		defer cancel()
		defer os.RemoveAll(dir)
		defer func() {
			if recovered(s.log, recover(), "an arena match", "match", m.ID()) {
				m.Fail(errors.New("the match failed inside the server; the log says why"))
			}
		}()
		if err := m.Run(ctx); err != nil {
			s.log.Info("an arena match stopped early", "match", m.ID(), "err", err)
		}
	}()
	return m.ID(), nil
}

// recentArenas lists the matches remembered, newest first.
func (s *Server) recentArenas() []templates.ArenaRecent {
	var out []templates.ArenaRecent
	for _, m := range s.arenas.Recent() {
		st, cfg := m.Status(false), m.Config()
		out = append(out, templates.ArenaRecent{
			URL: "/arena/" + m.ID(), Game: cfg.Game, A: cfg.Engines[0], B: cfg.Engines[1],
			Progress: fmt.Sprintf("%d of %d games", st.Done, st.Games), Score: st.ScoreText,
		})
	}
	return out
}

// loadArena returns the request's match, or answers 404 and returns nil.
func (s *Server) loadArena(w http.ResponseWriter, r *http.Request, page bool) *matches.Match {
	id := r.PathValue("id")
	if m := s.arenas.Get(id); m != nil {
		return m
	}
	msg := fmt.Sprintf("There is no arena match %q: the server remembers the last %d matches, until it stops.", id, matches.Kept)
	if page {
		s.message(w, r, http.StatusNotFound, "No such match", msg)
	} else {
		http.Error(w, msg, http.StatusNotFound)
	}
	return nil
}

func (s *Server) handleArenaMatch(w http.ResponseWriter, r *http.Request) {
	m := s.loadArena(w, r, true)
	if m == nil {
		return
	}
	st := m.Status(false)
	s.page(w, r, http.StatusOK, templates.ArenaMatchPage(templates.ArenaMatch{
		ID: m.ID(), Game: st.Game, A: st.A, B: st.B, Seed: st.Seed, Games: st.Games,
		Status: "/arena/" + m.ID() + "/status",
	}))
}

func (s *Server) handleArenaStatus(w http.ResponseWriter, r *http.Request) {
	m := s.loadArena(w, r, false)
	if m == nil {
		return
	}
	writeJSON(w, http.StatusOK, m.Status(true))
}

// arenaMove is one move of a game as the page lists it.
type arenaMove struct {
	Ply    int         `json:"ply"`
	Chance string      `json:"chance,omitempty"` // the dice's outcome after the move, if any
	Turns  []arenaTurn `json:"turns"`
}

// arenaTurn is one engine's choice in a move.
type arenaTurn struct {
	Side   int     `json:"side"`
	Engine string  `json:"engine"` // "A" or "B"
	Algo   string  `json:"algo"`
	Label  string  `json:"label"`
	MS     float64 `json:"ms"`
	Tree   string  `json:"tree"` // where to POST to see its search
	// Fallback says the search finished no move, so the engine played its
	// first legal move (see arena.Turn).
	Fallback bool `json:"fallback,omitempty"`
}

// arenaGameMoves is GET /arena/{id}/game/{index}.
type arenaGameMoves struct {
	Index   int         `json:"index"`
	First   string      `json:"first"`
	Outcome string      `json:"outcome"`
	Start   string      `json:"start"`
	End     string      `json:"end"`
	Moves   []arenaMove `json:"moves"`
}

// loadGame returns the request's match, the index in its path and that
// game's record; or it answers 404, saying what missing says of the
// match, and returns a nil match.
func (s *Server) loadGame(w http.ResponseWriter, r *http.Request, missing func(*matches.Match) string) (*matches.Match, int, arena.Record) {
	m := s.loadArena(w, r, false)
	if m == nil {
		return nil, 0, arena.Record{}
	}
	i, err := strconv.Atoi(r.PathValue("index"))
	rec, ok := m.Record(i)
	if err != nil || !ok {
		http.Error(w, missing(m), http.StatusNotFound)
		return nil, 0, arena.Record{}
	}
	return m, i, rec
}

func (s *Server) handleArenaGame(w http.ResponseWriter, r *http.Request) {
	m, _, rec := s.loadGame(w, r, func(m *matches.Match) string {
		return fmt.Sprintf("game %q of this match has not ended, or there is no such game (games 0..%d)", r.PathValue("index"), m.Config().Games-1)
	})
	if m == nil {
		return
	}
	out := arenaGameMoves{Index: rec.Index, First: rec.First, Outcome: rec.Outcome, Start: rec.Start, End: rec.End, Moves: []arenaMove{}}
	for _, mv := range rec.Moves {
		am := arenaMove{Ply: mv.Ply, Chance: mv.ChanceLabel}
		for t, tn := range mv.Turns {
			am.Turns = append(am.Turns, arenaTurn{
				Side: tn.Side, Engine: tn.Engine, Algo: tn.Algo, Label: tn.Label,
				MS:       float64(tn.Nanos) / float64(time.Millisecond),
				Tree:     fmt.Sprintf("/arena/%s/game/%d/move/%d/turn/%d/tree", m.ID(), rec.Index, mv.Ply, t),
				Fallback: tn.Fallback,
			})
		}
		out.Moves = append(out.Moves, am)
	}
	writeJSON(w, http.StatusOK, out)
}

// handleArenaTree runs a recorded move's search again, exactly as viz
// run does from the record, and opens its viewer.
func (s *Server) handleArenaTree(w http.ResponseWriter, r *http.Request) {
	m := s.loadArena(w, r, true)
	if m == nil {
		return
	}
	atoi := func(name string) int {
		n, err := strconv.Atoi(r.PathValue(name))
		if err != nil {
			return -1
		}
		return n
	}
	gi, ply, t := atoi("index"), atoi("ply"), atoi("turn")
	rec, ok := m.Record(gi)
	if !ok || ply < 0 || ply >= len(rec.Moves) || t < 0 || t >= len(rec.Moves[ply].Turns) {
		s.message(w, r, http.StatusNotFound, "No such move", fmt.Sprintf("Game %s of this match has no ended move %s, turn %s.", r.PathValue("index"), r.PathValue("ply"), r.PathValue("turn")))
		return
	}
	mv := rec.Moves[ply]
	turn := mv.Turns[t]
	req := catalog.Request{Game: rec.Game, Algo: turn.Algo, Position: mv.Position, Seed: turn.Seed, SeedSet: true, Program: s.cfg.Program}
	if id := s.rerunSearch(w, r, req); id != "" {
		s.openAtDecision(w, r, id)
	}
}

// handleArenaRecord sends game i's record as viz arena --record writes
// it, for viz run to replay its moves' searches.
func (s *Server) handleArenaRecord(w http.ResponseWriter, r *http.Request) {
	m, i, rec := s.loadGame(w, r, func(*matches.Match) string {
		return fmt.Sprintf("game %q of this match has not ended, or there is no such game", r.PathValue("index"))
	})
	if m == nil {
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, arena.RecordFile(i)))
	writeJSON(w, http.StatusOK, rec)
}
