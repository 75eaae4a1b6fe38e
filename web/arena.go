package web

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/searchviz/searchviz/arena"
	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/web/internal/tracestore"
	"github.com/searchviz/searchviz/web/templates"
)

// The arena page's limits. Each is enforced with a message that names it.
const (
	// webArenaMaxGames caps the games of a match started from the page;
	// viz arena plays up to arena.MaxGames.
	webArenaMaxGames = 200
	// webArenaMaxMatches caps the arena matches running at once; past it
	// a new match is refused with 429 Too Many Requests.
	webArenaMaxMatches = 2
	// webArenaParallel is the games of one match played at once.
	webArenaParallel = 2
	// webArenaTime caps how long a match from the page runs: it stops
	// with the games that ended.
	webArenaTime = 10 * time.Minute
	// webArenaKept caps the matches the server remembers, running or
	// ended; the oldest ended one is forgotten first.
	webArenaKept = 32
	// webArenaDefaultGames is the form's games when none are asked for.
	webArenaDefaultGames = 20
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

// arenaHub holds the arena matches started from the page. Its zero value
// is ready to use.
type arenaHub struct {
	mu      sync.Mutex
	matches map[string]*arenaMatch
	order   []string // ids, oldest first
}

// arenaMatch is one match from the page, running or ended.
type arenaMatch struct {
	id    string
	cfg   arena.Config
	start time.Time

	mu      sync.Mutex
	stats   arena.Stats
	points  []arenaPoint         // the running score after each game ended
	records map[int]arena.Record // the games ended, by index
	done    bool
	errMsg  string // why the match stopped early, if it did
	elapsed time.Duration
}

// arenaPoint is the score and its 95% interval after n games.
type arenaPoint struct {
	N     int     `json:"n"`
	Score float64 `json:"score"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
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
		MaxGames: webArenaMaxGames, MaxMatches: webArenaMaxMatches,
	}
	if page.Games == "" {
		page.Games = strconv.Itoa(webArenaDefaultGames)
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
	page.Recent = s.arenas.recent()
	s.page(w, r, status, templates.ArenaFormPage(page))
}

// arenaConfig checks the form and returns the match it asks for.
func arenaConfig(in arenaForm) (arena.Config, error) {
	cfg := arena.Config{Game: in.game, Engines: [2]string{in.a, in.b}, Parallel: webArenaParallel}
	n, err := strconv.Atoi(in.games)
	switch {
	case in.games == "":
		n = webArenaDefaultGames
	case err != nil:
		return cfg, fmt.Errorf("The games must be a whole number: %q is not one.", in.games)
	case n < 1 || n > webArenaMaxGames:
		return cfg, fmt.Errorf("%d games is out of range: a match from this page plays 1 to %d games (viz arena plays more).", n, webArenaMaxGames)
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
		status := http.StatusServiceUnavailable
		if errors.Is(err, errArenaBusy) {
			status = http.StatusTooManyRequests
			w.Header().Set("Retry-After", "10")
		}
		s.arenaForm(w, r, status, in, err.Error())
		return
	}
	http.Redirect(w, r, "/arena/"+id, http.StatusSeeOther)
}

// errArenaBusy refuses a match past webArenaMaxMatches.
var errArenaBusy = errors.New("web: too many arena matches running")

type arenaBusyError struct{ running int }

func (e *arenaBusyError) Error() string {
	return fmt.Sprintf("%d arena matches are running, the most this server runs at once (%d); try again when one ends, or use viz arena.", e.running, webArenaMaxMatches)
}

func (e *arenaBusyError) Is(target error) bool { return target == errArenaBusy }

// startArena starts the match cfg in the background and returns its id.
func (s *Server) startArena(cfg arena.Config) (string, error) {
	dir, err := os.MkdirTemp("", "searchviz-arena-")
	if err != nil {
		return "", fmt.Errorf("the match was not started: no temporary directory for its games (%s)", s.publicError(err))
	}
	cfg.RecordDir = dir
	m := &arenaMatch{id: tracestore.NewID(), cfg: cfg, start: time.Now(), records: map[int]arena.Record{}, stats: arena.Tally(0, 0, 0)}
	cfg.Progress = func(done int, st arena.Stats, elapsed time.Duration) { m.progress(st, elapsed) }

	h := &s.arenas
	h.mu.Lock()
	if err := s.searchCtx.Err(); err != nil {
		h.mu.Unlock()
		os.RemoveAll(dir)
		return "", errors.New("the server is stopping; it starts no more matches")
	}
	if n := h.running(); n >= webArenaMaxMatches {
		h.mu.Unlock()
		os.RemoveAll(dir)
		return "", &arenaBusyError{running: n}
	}
	h.add(m)
	s.running.Add(1)
	h.mu.Unlock()

	ctx, cancel := context.WithTimeoutCause(s.searchCtx, webArenaTime, fmt.Errorf("the match reached its time limit of %v", webArenaTime))
	go func() {
		defer s.running.Done()
		defer cancel()
		defer os.RemoveAll(dir)
		defer func() {
			if recovered(s.log, recover(), "an arena match", "match", m.id) {
				m.finish(nil, errors.New("the match failed inside the server; the log says why"))
			}
		}()
		rep, err := arena.Run(ctx, cfg)
		if err != nil && ctx.Err() != nil {
			err = fmt.Errorf("stopped: %w", context.Cause(ctx))
		}
		if err != nil {
			s.log.Info("an arena match stopped early", "match", m.id, "err", err)
		}
		m.finish(rep, err)
	}()
	return m.id, nil
}

// running counts the matches not ended; h.mu is held.
func (h *arenaHub) running() int {
	n := 0
	for _, m := range h.matches {
		m.mu.Lock()
		if !m.done {
			n++
		}
		m.mu.Unlock()
	}
	return n
}

// add remembers m, forgetting the oldest ended matches past
// webArenaKept; h.mu is held.
func (h *arenaHub) add(m *arenaMatch) {
	if h.matches == nil {
		h.matches = map[string]*arenaMatch{}
	}
	h.matches[m.id] = m
	h.order = append(h.order, m.id)
	for i := 0; len(h.order) > webArenaKept && i < len(h.order); {
		old := h.matches[h.order[i]]
		old.mu.Lock()
		done := old.done
		old.mu.Unlock()
		if !done {
			i++
			continue
		}
		delete(h.matches, h.order[i])
		h.order = slices.Delete(h.order, i, i+1)
	}
}

// get returns the match id, or nil.
func (h *arenaHub) get(id string) *arenaMatch {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.matches[id]
}

// recent lists the matches remembered, newest first.
func (h *arenaHub) recent() []templates.ArenaRecent {
	h.mu.Lock()
	ids := slices.Clone(h.order)
	ms := make([]*arenaMatch, len(ids))
	for i, id := range ids {
		ms[i] = h.matches[id]
	}
	h.mu.Unlock()
	var out []templates.ArenaRecent
	for _, m := range slices.Backward(ms) {
		st := m.status(false)
		out = append(out, templates.ArenaRecent{
			URL: "/arena/" + m.id, Game: m.cfg.Game, A: m.cfg.Engines[0], B: m.cfg.Engines[1],
			Progress: fmt.Sprintf("%d of %d games", st.Done, st.Games), Score: st.ScoreText,
		})
	}
	return out
}

// progress notes a game ended: the statistics so far and, read from the
// record directory, the games that ended since the last call.
func (m *arenaMatch) progress(st arena.Stats, elapsed time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stats, m.elapsed = st, elapsed
	m.points = append(m.points, arenaPoint{N: st.Games, Score: st.Score, Low: st.Low, High: st.High})
	entries, err := os.ReadDir(m.cfg.RecordDir)
	if err != nil {
		return
	}
	for _, e := range entries {
		var i int
		if _, err := fmt.Sscanf(e.Name(), "game-%06d.json", &i); err != nil {
			continue
		}
		if _, ok := m.records[i]; ok {
			continue
		}
		if rec, err := arena.ReadRecord(filepath.Join(m.cfg.RecordDir, e.Name())); err == nil {
			m.records[i] = rec
		}
	}
}

// finish notes the match ended, with its report (nil if it has none) and
// why it stopped early.
func (m *arenaMatch) finish(rep *arena.Report, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.done {
		return
	}
	m.done = true
	if err != nil {
		m.errMsg = strings.TrimPrefix(err.Error(), "arena: ")
	}
	if rep == nil {
		return
	}
	m.stats, m.elapsed = rep.Stats, rep.Elapsed
	m.records = make(map[int]arena.Record, len(rep.Records))
	for _, r := range rep.Records {
		m.records[r.Index] = r
	}
}

// arenaStatus is GET /arena/{id}/status: the match so far.
type arenaStatus struct {
	ID       string       `json:"id"`
	Game     string       `json:"game"`
	A        string       `json:"a"`
	B        string       `json:"b"`
	Seed     int64        `json:"seed"`
	Games    int          `json:"games"` // asked for
	Done     int          `json:"done"`  // ended
	Finished bool         `json:"finished"`
	Error    string       `json:"error,omitempty"`
	Wins     int          `json:"wins"`
	Draws    int          `json:"draws"`
	Losses   int          `json:"losses"`
	Score    float64      `json:"score"`
	Low      float64      `json:"score_low"`
	High     float64      `json:"score_high"`
	Elo      string       `json:"elo"` // arena.FormatElo's, such as "+120" or "-Inf"
	EloLow   string       `json:"elo_low"`
	EloHigh  string       `json:"elo_high"`
	Seconds  float64      `json:"seconds"`
	Points   []arenaPoint `json:"points"` // the running score after each game
	List     []arenaGame  `json:"list"`   // the games ended, by index

	ScoreText string `json:"score_text"` // "0.625 [0.41, 0.84]"
	EloText   string `json:"elo_text"`   // "+89 [-63, +284]"
}

// arenaGame is one ended game in the list.
type arenaGame struct {
	Index   int    `json:"index"`
	First   string `json:"first"`   // "A" or "B"
	Outcome string `json:"outcome"` // A's: win, draw or loss
	Moves   int    `json:"moves"`
}

// status returns the match so far, with its games' list if list.
func (m *arenaMatch) status(list bool) arenaStatus {
	m.mu.Lock()
	defer m.mu.Unlock()
	st := m.stats
	out := arenaStatus{
		ID: m.id, Game: m.cfg.Game, A: m.cfg.Engines[0], B: m.cfg.Engines[1], Seed: m.cfg.Seed,
		Games: m.cfg.Games, Done: st.Games, Finished: m.done, Error: m.errMsg,
		Wins: st.Wins, Draws: st.Draws, Losses: st.Losses, Score: st.Score, Low: st.Low, High: st.High,
		Elo: arena.FormatElo(st.Elo), EloLow: arena.FormatElo(st.EloLow), EloHigh: arena.FormatElo(st.EloHigh),
		Seconds: m.elapsed.Seconds(), Points: slices.Clone(m.points),
	}
	if !m.done && m.elapsed == 0 {
		out.Seconds = time.Since(m.start).Seconds()
	}
	out.ScoreText = fmt.Sprintf("%.3f [%.3f, %.3f]", st.Score, st.Low, st.High)
	out.EloText = fmt.Sprintf("%s [%s, %s]", out.Elo, out.EloLow, out.EloHigh)
	if st.Games == 0 {
		out.ScoreText, out.EloText = "—", "—"
	}
	if out.Points == nil {
		out.Points = []arenaPoint{}
	}
	out.List = []arenaGame{}
	if list {
		for _, i := range slices.Sorted(maps.Keys(m.records)) {
			r := m.records[i]
			out.List = append(out.List, arenaGame{Index: i, First: r.First, Outcome: r.Outcome, Moves: len(r.Moves)})
		}
	}
	return out
}

// record returns game i's record, if it ended.
func (m *arenaMatch) record(i int) (arena.Record, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.records[i]
	return r, ok
}

// loadArena returns the request's match, or answers 404 and returns nil.
func (s *Server) loadArena(w http.ResponseWriter, r *http.Request, page bool) *arenaMatch {
	id := r.PathValue("id")
	if m := s.arenas.get(id); m != nil {
		return m
	}
	msg := fmt.Sprintf("There is no arena match %q: the server remembers the last %d matches, until it stops.", id, webArenaKept)
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
	st := m.status(false)
	s.page(w, r, http.StatusOK, templates.ArenaMatchPage(templates.ArenaMatch{
		ID: m.id, Game: st.Game, A: st.A, B: st.B, Seed: st.Seed, Games: st.Games,
		Status: "/arena/" + m.id + "/status",
	}))
}

func (s *Server) handleArenaStatus(w http.ResponseWriter, r *http.Request) {
	m := s.loadArena(w, r, false)
	if m == nil {
		return
	}
	writeJSON(w, http.StatusOK, m.status(true))
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

func (s *Server) handleArenaGame(w http.ResponseWriter, r *http.Request) {
	m := s.loadArena(w, r, false)
	if m == nil {
		return
	}
	i, err := strconv.Atoi(r.PathValue("index"))
	rec, ok := m.record(i)
	if err != nil || !ok {
		http.Error(w, fmt.Sprintf("game %q of this match has not ended, or there is no such game (games 0..%d)", r.PathValue("index"), m.cfg.Games-1), http.StatusNotFound)
		return
	}
	out := arenaGameMoves{Index: rec.Index, First: rec.First, Outcome: rec.Outcome, Start: rec.Start, End: rec.End, Moves: []arenaMove{}}
	for _, mv := range rec.Moves {
		am := arenaMove{Ply: mv.Ply, Chance: mv.ChanceLabel}
		for t, tn := range mv.Turns {
			am.Turns = append(am.Turns, arenaTurn{
				Side: tn.Side, Engine: tn.Engine, Algo: tn.Algo, Label: tn.Label,
				MS:       float64(tn.Nanos) / float64(time.Millisecond),
				Tree:     fmt.Sprintf("/arena/%s/game/%d/move/%d/turn/%d/tree", m.id, rec.Index, mv.Ply, t),
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
	rec, ok := m.record(gi)
	if !ok || ply < 0 || ply >= len(rec.Moves) || t < 0 || t >= len(rec.Moves[ply].Turns) {
		s.message(w, r, http.StatusNotFound, "No such move", fmt.Sprintf("Game %s of this match has no ended move %s, turn %s.", r.PathValue("index"), r.PathValue("ply"), r.PathValue("turn")))
		return
	}
	mv := rec.Moves[ply]
	turn := mv.Turns[t]
	req := catalog.Request{Game: rec.Game, Algo: turn.Algo, Position: mv.Position, Seed: turn.Seed, SeedSet: true, Program: s.cfg.Program}
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
	http.Redirect(w, r, "/t/"+id, http.StatusSeeOther)
}

// handleArenaRecord sends game i's record as viz arena --record writes
// it, for viz run to replay its moves' searches.
func (s *Server) handleArenaRecord(w http.ResponseWriter, r *http.Request) {
	m := s.loadArena(w, r, false)
	if m == nil {
		return
	}
	i, err := strconv.Atoi(r.PathValue("index"))
	rec, ok := m.record(i)
	if err != nil || !ok {
		http.Error(w, fmt.Sprintf("game %q of this match has not ended, or there is no such game", r.PathValue("index")), http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, arena.RecordFile(i)))
	writeJSON(w, http.StatusOK, rec)
}
