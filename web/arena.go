package web

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/searchviz/searchviz/arena"
	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/board"
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

// arenaDir is the folder of the data directory where the arena's matches
// are kept.
const arenaDir = "arena"

// arenaForm is what the arena form holds.
type arenaForm struct {
	game, a, b, games, seed string
	// The SPRT's fields, all empty for a match without one; pairs is
	// "on" to weigh pairs of games.
	elo0, elo1, alpha, beta, pairs string
	posted                         bool // sent back: keep its fields as they are
}

// readArenaForm reads the form's fields from values.
func readArenaForm(get func(string) string) arenaForm {
	field := func(name string) string { return strings.TrimSpace(get(name)) }
	return arenaForm{
		game: field("game"), a: field("a"), b: field("b"), games: field("games"), seed: field("seed"),
		elo0: field("elo0"), elo1: field("elo1"), alpha: field("alpha"), beta: field("beta"), pairs: field("pairs"),
	}
}

func (s *Server) handleArenaForm(w http.ResponseWriter, r *http.Request) {
	s.arenaForm(w, r, http.StatusOK, readArenaForm(r.URL.Query().Get), "")
}

// arenaForm answers with the arena form holding in and the error msg.
func (s *Server) arenaForm(w http.ResponseWriter, r *http.Request, status int, in arenaForm, msg string) {
	if in.game == "" {
		in.game = catalog.DefaultGame().Name
	}
	l := templates.LangOf(r.Context())
	page := templates.ArenaForm{
		Error: msg, A: in.a, B: in.b, Games: in.games, Seed: in.seed,
		Elo0: in.elo0, Elo1: in.elo1, Alpha: in.alpha, Beta: in.beta, Pairs: in.pairs == "on",
		MaxGames: matches.MaxGames, MaxMatches: matches.MaxMatches, Kept: matches.Kept,
	}
	if page.Games == "" {
		page.Games = strconv.Itoa(matches.DefaultGames)
	}
	for _, g := range arenaGames() {
		d := g.ArenaEngines
		page.GameList = append(page.GameList, templates.ArenaGame{
			Name: g.Name, Help: g.Help, Family: familyWord(l, string(g.Family)), A: d[0], B: d[1], Selected: g.Name == in.game,
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
	page.Recent = s.recentArenas(l)
	s.page(w, r, status, templates.ArenaFormPage(page))
}

// arenaConfig checks the form and returns the match it asks for; its
// errors say what is wrong in the language l.
func arenaConfig(l explain.Lang, in arenaForm) (arena.Config, error) {
	cfg := arena.Config{Game: in.game, Engines: [2]string{in.a, in.b}, Parallel: matches.Parallel}
	n, err := strconv.Atoi(in.games)
	switch {
	case in.games == "":
		n = matches.DefaultGames
	case err != nil:
		return cfg, errors.New(l.F("The games must be a whole number: %s is not one.", quoted(l, in.games)))
	case n < 1 || n > matches.MaxGames:
		return cfg, errors.New(l.F("%s games is out of range: a match from this page plays 1 to %s games (viz arena plays more).", strconv.Itoa(n), strconv.Itoa(matches.MaxGames)))
	}
	cfg.Games = n
	if in.seed != "" {
		seed, err := strconv.ParseInt(in.seed, 10, 64)
		if err != nil || seed < 0 {
			return cfg, errors.New(l.F("The seed must be a whole number, 0 or more: %s is not one.", quoted(l, in.seed)))
		}
		cfg.Seed = seed
	}
	test, err := arenaSPRT(l, in)
	if err != nil {
		return cfg, err
	}
	cfg.SPRT = test
	g, err := catalog.LookupGame(in.game)
	if err != nil {
		return cfg, err
	}
	if g.Family == search.FamilySingle {
		return cfg, errors.New(l.F("%s is a one-player game: a match needs two players. Choose a game of two players.", g.Name))
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
			return cfg, errors.New(l.F("Engine %s needs an algorithm's spec, such as %s.", name, quoted(l, g.ArenaEngines[e])))
		}
		if err := m.Check(spec); err != nil {
			return cfg, fmt.Errorf("%s%w", l.F("Engine %s (%s): ", name, spec), err)
		}
	}
	return cfg, nil
}

// arenaSPRT reads the form's SPRT: nil when its fields are empty, and
// alpha and beta 0.05 when only they are; its errors are in the
// language l.
func arenaSPRT(l explain.Lang, in arenaForm) (*arena.SPRT, error) {
	if in.elo0 == "" && in.elo1 == "" && in.alpha == "" && in.beta == "" && in.pairs == "" {
		return nil, nil
	}
	if in.elo0 == "" || in.elo1 == "" {
		return nil, errors.New(l.T("The SPRT needs both Elo differences, H0's and H1's, such as 0 and 10; leave all four fields empty for a match without one."))
	}
	t := arena.SPRT{Pairs: in.pairs == "on"}
	for _, f := range []struct {
		name, text, def string
		to              *float64
	}{
		{l.T("H0's Elo"), in.elo0, "", &t.Elo0}, {l.T("H1's Elo"), in.elo1, "", &t.Elo1},
		{"alpha", in.alpha, "0.05", &t.Alpha}, {"beta", in.beta, "0.05", &t.Beta},
	} {
		text := cmp.Or(f.text, f.def)
		v, err := strconv.ParseFloat(text, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, errors.New(l.F("The SPRT's %s must be a number: %s is not one.", f.name, quoted(l, text)))
		}
		*f.to = v
	}
	if err := t.Check(); err != nil {
		if l.Code() != explain.English.Code() {
			return nil, errors.New(l.F("%s.", l.Error(err)))
		}
		msg := strings.TrimPrefix(err.Error(), "arena: the SPRT's ")
		return nil, errors.New(l.F("The SPRT's %s.", msg))
	}
	return &t, nil
}

func (s *Server) handleArenaStart(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	if err := r.ParseForm(); err != nil {
		s.arenaForm(w, r, http.StatusBadRequest, arenaForm{}, templates.LangOf(r.Context()).F("The form could not be read: %s", err.Error()))
		return
	}
	in := readArenaForm(r.PostFormValue)
	in.posted = true
	cfg, err := arenaConfig(templates.LangOf(r.Context()), in)
	if err != nil {
		s.arenaForm(w, r, http.StatusBadRequest, in, templates.LangOf(r.Context()).Error(err))
		return
	}
	id, err := s.startArena(cfg)
	if err != nil {
		s.arenaForm(w, r, refusedStatus(w, err, matches.ErrBusy, http.StatusServiceUnavailable, "10"), in, templates.LangOf(r.Context()).Error(err))
		return
	}
	http.Redirect(w, r, "/arena/"+id, http.StatusSeeOther)
}

// startArena starts the match cfg in the background, its games kept
// under the data directory, and returns its id.
func (s *Server) startArena(cfg arena.Config) (string, error) {
	m, err := s.arenas.Add(s.searchCtx, &s.running, tracestore.NewID(), cfg)
	if err != nil {
		if errors.Is(err, matches.ErrBusy) {
			return "", err
		}
		return "", errors.New(s.publicError(explain.English, err))
	}
	ctx, cancel := context.WithTimeoutCause(s.searchCtx, matches.MaxTime, fmt.Errorf("the match reached its time limit of %v", matches.MaxTime))
	go func() {
		defer s.running.Done()
		defer cancel()
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

// recentArenas lists the matches remembered, newest first, in the
// language l.
func (s *Server) recentArenas(l explain.Lang) []templates.ArenaRecent {
	var out []templates.ArenaRecent
	for _, m := range s.arenas.Recent() {
		st, cfg := m.Status(false), m.Config()
		out = append(out, templates.ArenaRecent{
			URL: "/arena/" + m.ID(), Game: cfg.Game, A: cfg.Engines[0], B: cfg.Engines[1],
			Started:  st.Started.Format("2006-01-02 15:04"),
			Progress: l.F("%d of %d games", st.Done, st.Games), Score: st.ScoreText, State: arenaState(st),
			StateWords: arenaStateIn(l, st),
		})
	}
	return out
}

// arenaState says in a few words how a match stands: running, done,
// stopped, or what its SPRT decided.
func arenaState(st matches.Status) string {
	switch {
	case !st.Finished:
		return "running"
	case st.SPRT != nil && st.SPRT.Decision != arena.Undecided:
		return st.SPRT.Decision.Accepted()
	case st.Stopped:
		return "stopped"
	}
	return "done"
}

// arenaStateIn is arenaState in the language l, for a reader.
func arenaStateIn(l explain.Lang, st matches.Status) string {
	switch {
	case !st.Finished:
		return l.T("running")
	case st.SPRT != nil && st.SPRT.Decision != arena.Undecided:
		return st.SPRT.Decision.AcceptedIn(l)
	case st.Stopped:
		return l.T("stopped")
	}
	return l.T("done")
}

// loadArena returns the request's match, or answers 404 and returns nil.
func (s *Server) loadArena(w http.ResponseWriter, r *http.Request, page bool) *matches.Match {
	id := r.PathValue("id")
	if m := s.arenas.Get(id); m != nil {
		return m
	}
	l := templates.LangOf(r.Context())
	msg := l.F("There is no arena match %s: the server keeps the last %d matches.", quoted(l, id), matches.Kept)
	if page {
		s.message(w, r, http.StatusNotFound, l.T("No such match"), msg)
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
	page := templates.ArenaMatch{
		ID: m.ID(), Game: st.Game, A: st.A, B: st.B, Seed: st.Seed, Games: st.Games,
		Status: "/arena/" + m.ID() + "/status", Stop: "/arena/" + m.ID() + "/stop", Running: !st.Finished,
	}
	if t := m.Config().SPRT; t != nil {
		page.SPRT = &templates.ArenaSPRT{Elo0: arena.FormatElo(t.Elo0), Elo1: arena.FormatElo(t.Elo1), Alpha: t.Alpha, Beta: t.Beta, Pairs: t.Pairs}
	}
	s.page(w, r, http.StatusOK, templates.ArenaMatchPage(page))
}

// handleArenaStop stops a running match, which ends with the games that
// ended, and goes back to its page.
func (s *Server) handleArenaStop(w http.ResponseWriter, r *http.Request) {
	m := s.loadArena(w, r, true)
	if m == nil {
		return
	}
	if m.Stop() {
		s.log.Info("an arena match was stopped from its page", "match", m.ID())
	}
	http.Redirect(w, r, "/arena/"+m.ID(), http.StatusSeeOther)
}

func (s *Server) handleArenaStatus(w http.ResponseWriter, r *http.Request) {
	m := s.loadArena(w, r, false)
	if m == nil {
		return
	}
	st := m.Status(true)
	l := templates.LangOf(r.Context())
	if st.SPRT != nil && m.Config().SPRT != nil {
		st.SPRT.Words = arena.Verdict{SPRT: *m.Config().SPRT, Decision: st.SPRT.Decision}.WordsIn(l)
	}
	st.Error = matchError(l, st.Error)
	writeJSON(w, http.StatusOK, st)
}

// matchError is why a match stopped early, as its status keeps it, in the
// reader's language l. The page's script reads the prefix "stopped: ",
// which stays; the status keeps arena's errors without their "arena: ",
// which their forms begin with.
func matchError(l explain.Lang, msg string) string {
	if msg == "" || l.Code() == explain.English.Code() {
		return msg
	}
	if why, ok := strings.CutPrefix(msg, "stopped: "); ok {
		return "stopped: " + l.Problem(why)
	}
	return l.Problem("arena: " + msg)
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
	// Boards are the game's positions as its board draws them: before
	// each move, then the end; nil for a game without a board.
	Boards []board.Board `json:"boards"`
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
	out.Boards = gameBoards(rec)
	writeJSON(w, http.StatusOK, out)
}

// gameBoards returns the boards of a game's positions, before each move
// and at its end, or nil if its game draws no board for any of them.
func gameBoards(rec arena.Record) []board.Board {
	g, err := catalog.LookupGameSpec(rec.Game)
	if err != nil {
		return nil
	}
	out := make([]board.Board, 0, len(rec.Moves)+1)
	for _, pos := range append(positions(rec), rec.End) {
		b, ok := g.Board(pos)
		if !ok {
			return nil
		}
		out = append(out, b)
	}
	return out
}

// positions returns the positions of a game before each of its moves.
func positions(rec arena.Record) []string {
	out := make([]string, len(rec.Moves))
	for i, m := range rec.Moves {
		out[i] = m.Position
	}
	return out
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
		l := templates.LangOf(r.Context())
		s.message(w, r, http.StatusNotFound, l.T("No such move"), l.F("Game %s of this match has no ended move %s, turn %s.", r.PathValue("index"), r.PathValue("ply"), r.PathValue("turn")))
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
