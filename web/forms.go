package web

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/engine"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/templates"
)

// formInput is what the new-search form holds.
type formInput struct {
	game, algo, position, seed string
	params                     map[string]string // "<algorithm>.<param>" -> value
}

// savedShown is how many saved traces the start page lists.
const savedShown = 8

// index answers with the start page, the form holding in and any errors.
func (s *Server) index(w http.ResponseWriter, r *http.Request, status int, in formInput, formErr, uploadErr string) {
	ix := templates.Index{
		Position:    in.position,
		Seed:        in.seed,
		Error:       formErr,
		UploadError: uploadErr,
		Examples:    exampleCards(),
		MaxUpload:   fmt.Sprintf("%d MiB", s.cfg.MaxUpload>>20),
		TraceNodes:  thousands(s.cfg.TraceNodes),
	}
	if in.game == "" {
		in.game = "tictactoe"
	}
	if in.algo == "" {
		in.algo = "alphabeta"
	}
	for _, g := range engine.Games() {
		ix.Games = append(ix.Games, templates.Game{
			Name: g.Name, Help: g.Help, Family: string(g.Family), Start: g.Start,
			PositionHelp: g.PositionHelp, Selected: g.Name == in.game,
			Params: paramFields(gameField(g.Name), g.Params, in.params),
		})
	}
	for _, a := range search.Algorithms() {
		ix.Algorithms = append(ix.Algorithms, templates.Algorithm{
			Name: a.Name, Help: a.Help, Family: string(a.Family), Selected: a.Name == in.algo,
			Params: paramFields(a.Name+".", a.Params, in.params),
		})
	}
	saved, err := s.store.list()
	if err != nil {
		s.log.Error("listing traces", "err", err)
	}
	if len(saved) > savedShown {
		saved, ix.MoreSaved = saved[:savedShown], true
	}
	ix.Saved = savedRows(saved)
	s.page(w, r, status, templates.IndexPage(ix))
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// gameField is the prefix of a game's parameter fields in the form; an
// algorithm's fields are prefixed with its name and a dot.
func gameField(game string) string { return "game." + game + "." }

// paramFields describes params as form fields named prefix+name, holding
// what the user entered.
func paramFields(prefix string, params []spec.Param, entered map[string]string) []templates.Param {
	var out []templates.Param
	for _, p := range params {
		field := prefix + p.Name
		tp := templates.Param{
			Name: p.Name, Field: field, Help: p.Help,
			Default: formatNumber(p.Default), Min: formatNumber(p.Min), Max: formatNumber(p.Max),
			Step: "any", Value: entered[field],
			Limits: fmt.Sprintf("%s in %s, default %s", p.Type, p.Range(), formatNumber(p.Default)),
		}
		if p.Type == spec.Int {
			tp.Step = "1"
		}
		out = append(out, tp)
	}
	return out
}

func formatNumber(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// readForm reads the new-search form of r.
func readForm(r *http.Request) formInput {
	in := formInput{
		game:     strings.TrimSpace(r.PostFormValue("game")),
		algo:     strings.TrimSpace(r.PostFormValue("algo")),
		position: strings.TrimSpace(r.PostFormValue("position")),
		seed:     strings.TrimSpace(r.PostFormValue("seed")),
		params:   map[string]string{},
	}
	for key, vals := range r.PostForm {
		ours := strings.HasPrefix(key, in.algo+".") || strings.HasPrefix(key, gameField(in.game))
		if ours && len(vals) > 0 && strings.TrimSpace(vals[0]) != "" {
			in.params[key] = strings.TrimSpace(vals[0])
		}
	}
	return in
}

// request turns the form into an engine request: the algorithm's spec is
// its name and the parameters the user set.
func (in formInput) request(program string) (engine.Request, error) {
	req := engine.Request{Game: in.game, Position: in.position, Program: program}
	if in.seed != "" {
		seed, err := strconv.ParseInt(in.seed, 10, 64)
		if err != nil {
			return req, fmt.Errorf("seed %q is not a whole number", in.seed)
		}
		req.Seed = seed
	}
	a, err := search.Lookup(in.algo)
	if err != nil {
		return req, err
	}
	if req.Algo, err = in.spec(in.algo, in.algo+".", a.Params); err != nil {
		return req, err
	}
	if g, err := engine.LookupGame(in.game); err == nil {
		if req.Game, err = in.spec(in.game, gameField(in.game), g.Params); err != nil {
			return req, err
		}
	}
	return req, nil
}

// spec writes the spec of name with the parameters the user set, read
// from the fields prefix+param. Each value is checked against its
// parameter's type and range first, so that a field cannot smuggle more
// parameters into the spec's text ("3 nodes=1").
func (in formInput) spec(name, prefix string, params []spec.Param) (string, error) {
	s := spec.Spec{Name: name}
	for _, p := range params {
		if v, ok := in.params[prefix+p.Name]; ok {
			s.Args = append(s.Args, spec.Arg{Key: p.Name, Value: v})
		}
	}
	if _, err := spec.Resolve(s, params); err != nil {
		return "", err
	}
	return s.String(), nil
}

func (s *Server) handleRun(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		s.index(w, r, http.StatusBadRequest, formInput{}, "The form could not be read: "+err.Error(), "")
		return
	}
	in := readForm(r)
	req, err := in.request(s.cfg.Program)
	if err == nil {
		var id string
		id, err = s.startSearch(req)
		if err == nil {
			http.Redirect(w, r, "/t/"+id, http.StatusSeeOther)
			return
		}
	}
	status := http.StatusBadRequest
	if errors.Is(err, errBusy) {
		status = http.StatusTooManyRequests
		w.Header().Set("Retry-After", "5")
	}
	s.index(w, r, status, in, err.Error(), "")
}

func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	select {
	case s.uploads <- struct{}{}:
		defer func() { <-s.uploads }()
	default:
		// Read the file to its end, into nothing, so that the browser
		// sees this answer rather than a connection cut mid-upload.
		io.Copy(io.Discard, http.MaxBytesReader(w, r.Body, s.cfg.MaxUpload+64<<10))
		w.Header().Set("Retry-After", "5")
		s.index(w, r, http.StatusTooManyRequests, formInput{}, "", fmt.Sprintf(
			"The server is reading %d uploads already, the most it reads at once; try again in a moment.", cap(s.uploads)))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxUpload+64<<10)
	file, hdr, err := r.FormFile("trace")
	if err != nil {
		var tooBig *http.MaxBytesError
		msg := "Choose a trace file to open."
		if errors.As(err, &tooBig) {
			msg = fmt.Sprintf("The file is too big: traces of at most %d MiB can be opened.", s.cfg.MaxUpload>>20)
		}
		s.index(w, r, http.StatusBadRequest, formInput{}, "", msg)
		return
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, s.cfg.MaxUpload+1))
	if err != nil {
		s.index(w, r, http.StatusBadRequest, formInput{}, "", "The file could not be read: "+err.Error())
		return
	}
	if int64(len(data)) > s.cfg.MaxUpload {
		s.index(w, r, http.StatusRequestEntityTooLarge, formInput{}, "", fmt.Sprintf("The file is too big: traces of at most %d MiB can be opened.", s.cfg.MaxUpload>>20))
		return
	}
	h, events, err := readUpload(data)
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), "trace: ")
		s.index(w, r, http.StatusBadRequest, formInput{}, "", fmt.Sprintf("%s is not a trace searchviz can show: %s", hdr.Filename, msg))
		return
	}
	id, err := s.store.save(h, events)
	if err != nil {
		s.log.Error("saving an upload", "err", err)
		s.index(w, r, http.StatusInternalServerError, formInput{}, "", "The trace could not be saved in the data directory ("+s.storageError(err)+").")
		return
	}
	s.log.Info("trace uploaded", "trace", id, "file", hdr.Filename, "events", len(events))
	s.prepare(id)
	http.Redirect(w, r, "/t/"+id, http.StatusSeeOther)
}

// Import saves the trace file at path under the data directory and returns
// the path of its page, for `viz replay`.
func (s *Server) Import(path string) (string, error) {
	h, events, err := trace.ReadFileLimited(path, traceLimits)
	if err != nil {
		return "", err
	}
	if _, err := trace.NewTree(events); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	id, err := s.store.save(h, events)
	if err != nil {
		return "", err
	}
	s.prepare(id)
	return "/t/" + id, nil
}

// prepare folds a new trace and lays it out in the root player's view in
// the background, so that its page, opened next, finds the drawing ready
// or under way.
func (s *Server) prepare(id string) {
	s.goSafe("preparing a trace", func() {
		sh, err := s.shows.get(s.ctx, s.store, id)
		if err != nil {
			if s.ctx.Err() == nil {
				s.log.Error("preparing a trace", "trace", id, "err", err)
			}
			return
		}
		s.prepareLayout(sh)
	})
}

// prepareLayout lays sh out in the root player's view in the background.
func (s *Server) prepareLayout(sh *show) {
	s.goSafe("laying out a trace", func() {
		_, err := sh.layout(s.ctx, s.cfg.Layouter, trace.ViewRoot, s.cfg.LayoutTimeout)
		switch {
		case errors.Is(err, errTooBigToDraw):
			s.log.Warn("a trace is too big to draw", "trace", sh.id, "nodes", sh.tree.Size(), "limit", s.cfg.LayoutTimeout)
		case err != nil && s.ctx.Err() == nil:
			s.log.Error("laying out a trace", "trace", sh.id, "err", err)
		}
	})
}

// example is one classic setup of the gallery.
type example struct {
	name, title, watch string
	about              string // a paragraph the viewer shows, when a sentence is not enough
	req                engine.Request
	step               string // the step the page opens at
}

// twinAbout says why the alternating model of the twin maze is wrong.
const twinAbout = "In the twin maze both characters move at the same time, and a cell both land on in the same turn scores for both. " +
	"A tree of alternating moves cannot say that: it lets A move first and take the cell, so B arrives at an empty one. A \"steals\" points the two would share, " +
	"and A's search trusts that it sees B's reply to its move, which B in the real game chooses without knowing A's. " +
	"DUCT keeps each player's choice blind to the other's: a node's children are all pairs of moves, and each player picks its own move by UCB1 over its own statistics, summed over whatever the other might do."

// twinEven says what a right model of the twin maze must find.
const twinEven = "The board is the same seen from either side, and the two move at once, so neither has an edge: the game is even. " +
	"The alternating tree's value, A's points minus B's, gives A the lead that moving first hands it; DUCT's win rate for A stays near one half."

var examples = []example{
	{
		name: "rn-alphabeta", title: "The textbook tree with AlphaBeta (Russell & Norvig, Fig. 5.2)",
		watch: "Watch the second MIN node: after its first leaf, 2, MAX already has 3 elsewhere, so the leaves 4 and 6 are pruned (an α-cut).",
		req:   engine.Request{Game: "tree", Algo: "alphabeta", Position: "[[3,12,8],[2,4,6],[14,5,2]]"},
	},
	{
		name: "rn-minimax", title: "The same tree with MiniMax",
		watch: "Every leaf is evaluated: compare the node count with AlphaBeta's. The root's value is the same, 3.",
		req:   engine.Request{Game: "tree", Algo: "minimax", Position: "[[3,12,8],[2,4,6],[14,5,2]]"},
	},
	{
		name: "ttt-alphabeta", title: "Tic-tac-toe mid-game with AlphaBeta",
		watch: "x must block the column c first; watch the β-cuts that skip replies MIN would never allow.",
		req:   engine.Request{Game: "tictactoe", Algo: "alphabeta", Position: "x.o/.x./..o"},
	},
	{
		name: "ttt-minimax", title: "The same position with MiniMax",
		watch: "No pruning: count the nodes and compare with AlphaBeta on the same position.",
		req:   engine.Request{Game: "tictactoe", Algo: "minimax", Position: "x.o/.x./..o"},
	},
	{
		name: "ttt-mcts", title: "MCTS on tic-tac-toe: visits converge on the right move",
		watch: "x must block at c2. Watch the four phases in the pseudocode, and the chart of the root's visits: UCB1 sends more and more visits to the block, and the most visited move is the one chosen.",
		req:   engine.Request{Game: "tictactoe", Algo: "mcts playouts=300", Position: "x.o/.x./..o", Seed: 1},
	},
	{
		name: "ttt-pmc", title: "Primitive Monte Carlo on the same position",
		watch: "Every move gets the same number of random playouts, good or bad: compare its win rates with MCTS's visits.",
		req:   engine.Request{Game: "tictactoe", Algo: "pmc playouts=20", Position: "x.o/.x./..o", Seed: 1},
	},
	{
		name: "ttt-iterative", title: "Iterative deepening from an opening position",
		watch: "Each depth is a subtree under the root: the previous depth's best moves are searched first, so each new depth prunes more than AlphaBeta alone would (the notes give the node counts).",
		req:   engine.Request{Game: "tictactoe", Algo: "iterative depth=4", Position: "x../.o./..."},
	},
	{
		name: "twin-turns", title: "The twin maze as if the players took turns (AlphaBeta)",
		watch: "A and B stand either side of a 6. In this tree A moves first and takes it, so B finds the cell empty: look at the values of B's replies after A's step onto the 6.",
		about: twinAbout,
		req:   engine.Request{Game: "twinmaze-turns", Algo: "alphabeta depth=4", Seed: 0},
	},
	{
		name: "twin-duct", title: "The same twin maze with DUCT, both moving at once",
		watch: "Each node's children are all pairs of moves; select one and look at its matrix: each player picks its move by UCB1 over its own visits, summed over the other's replies.",
		about: twinAbout,
		req:   engine.Request{Game: "twinmaze", Algo: "duct playouts=300", Seed: 0},
	},
	{
		name: "maze-beam", title: "Beam search on the primer's maze (5x5, seed 0)",
		watch: "At each depth the beam keeps the 3 best states and drops the rest: follow the ranked lists, and see the best line after the decision.",
		req:   engine.Request{Game: "maze h=5 w=5 turns=5", Algo: "beam width=3 depth=5", Seed: 0},
	},
	{
		name: "maze-chokudai", title: "Chokudai search on the same maze",
		watch: "Each pass takes one state per depth that no earlier pass took, so later passes explore other lines: compare which pass reached which node.",
		req:   engine.Request{Game: "maze h=5 w=5 turns=5", Algo: "chokudai width=1 depth=5 passes=4", Seed: 0},
	},
	{
		name: "ttt-negamax-view", title: "NegaMax: whose point of view is this number?",
		watch: "Switch the values between the root player's view and the side to move's: NegaMax stores the latter, and each level negates.",
		req:   engine.Request{Game: "tictactoe", Algo: "negamax depth=2", Position: "xo./.x./o.."},
	},
}

// comparison shows two examples side by side, with a paragraph on what
// tells them apart.
type comparison struct {
	name, title string
	watch       string // one sentence for the gallery
	about       string
	left, right string // the examples' names
}

var comparisons = []comparison{
	{
		name: "twin-maze", title: "The twin maze two ways: taking turns, or moving at once",
		watch: "AlphaBeta on the alternating model next to DUCT on the same board: compare what each expects A and B to score, and why.",
		about: twinAbout + " " + twinEven, left: "twin-turns", right: "twin-duct",
	},
}

// comparisonOf returns the comparison an example is part of, or nil.
func comparisonOf(example string) *comparison {
	for i, c := range comparisons {
		if c.left == example || c.right == example {
			return &comparisons[i]
		}
	}
	return nil
}

// comparisonNamed returns the comparison of that name, or nil.
func comparisonNamed(name string) *comparison {
	for i := range comparisons {
		if comparisons[i].name == name {
			return &comparisons[i]
		}
	}
	return nil
}

// exampleCards lists the gallery: each example, and each comparison after
// the second of its examples.
func exampleCards() []templates.Example {
	var out []templates.Example
	for _, e := range examples {
		out = append(out, templates.Example{Title: e.title, Watch: e.watch, URL: "/example/" + e.name})
		for _, c := range comparisons {
			if c.right == e.name {
				out = append(out, templates.Example{Title: "Side by side: " + c.title, Watch: c.watch, URL: "/compare/" + c.name})
			}
		}
	}
	return out
}

// handleCompare shows a comparison's two examples side by side, running
// their searches the first time. The viewers open at their last step, the
// decisions to compare, from which a student steps back.
func (s *Server) handleCompare(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	c := comparisonNamed(name)
	if c == nil {
		s.message(w, r, http.StatusNotFound, "No such comparison", fmt.Sprintf("There is no comparison %q; the start page lists them with the examples.", name))
		return
	}
	m := templates.Compare{Title: c.title, About: c.about}
	for _, name := range []string{c.left, c.right} {
		ex := exampleNamed(name)
		id, err := s.exampleTrace(ex)
		if err != nil {
			s.exampleFailed(w, r, err)
			return
		}
		m.Sides = append(m.Sides, templates.CompareSide{
			Title: ex.title, Watch: ex.watch,
			FrameURL: exampleURL(ex, id, "last", true), ViewerURL: exampleURL(ex, id, ex.step, false),
		})
	}
	s.page(w, r, http.StatusOK, templates.ComparePage(m))
}

// handleExample runs an example once and sends the page to its trace.
func (s *Server) handleExample(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	ex := exampleNamed(name)
	if ex == nil {
		s.message(w, r, http.StatusNotFound, "No such example", fmt.Sprintf("There is no example %q; the start page lists them.", name))
		return
	}
	id, err := s.exampleTrace(ex)
	if err != nil {
		s.exampleFailed(w, r, err)
		return
	}
	http.Redirect(w, r, exampleURL(ex, id, ex.step, false), http.StatusSeeOther)
}

// exampleFailed answers a request for an example whose search could not
// start.
func (s *Server) exampleFailed(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, errBusy) {
		w.Header().Set("Retry-After", "5")
		s.message(w, r, http.StatusTooManyRequests, "The server is busy", err.Error())
		return
	}
	s.message(w, r, http.StatusInternalServerError, "The example failed", err.Error())
}

// exampleTrace returns the id of example ex's trace, running its search
// the first time and again if its trace has been deleted since.
func (s *Server) exampleTrace(ex *example) (string, error) {
	s.examplesMu.Lock()
	defer s.examplesMu.Unlock()
	id, ok := s.examples[ex.name]
	if ok && s.liveSearch(id) == nil {
		if _, err := s.store.raw(id); err != nil {
			ok = false // deleted from the data directory since
		}
	}
	if ok {
		return id, nil
	}
	req := ex.req
	req.Program = s.cfg.Program
	id, err := s.startSearch(req)
	if err != nil {
		s.log.Error("running an example", "example", ex.name, "err", err)
		return "", err
	}
	s.examples[ex.name] = id
	return id, nil
}

// exampleURL is the viewer of example ex's trace id at step ("" for the
// first), embedded in another page or not.
func exampleURL(ex *example, id, step string, embedded bool) string {
	q := url.Values{"example": {ex.name}}
	if step != "" {
		q.Set("step", step)
	}
	if embedded {
		q.Set("embed", "1")
	}
	return "/t/" + id + "?" + q.Encode()
}

// exampleNamed returns the example of that name, or nil.
func exampleNamed(name string) *example {
	for i := range examples {
		if examples[i].name == name {
			return &examples[i]
		}
	}
	return nil
}

// exampleNote is what the viewer says about the example it shows.
func exampleNote(name string) *templates.ExampleNote {
	ex := exampleNamed(name)
	if ex == nil {
		return nil
	}
	note := &templates.ExampleNote{Title: ex.title, Watch: ex.watch, About: ex.about}
	if c := comparisonOf(ex.name); c != nil {
		other := c.left
		if other == ex.name {
			other = c.right
		}
		note.PairTitle, note.CompareURL = exampleNamed(other).title, "/compare/"+c.name
	}
	return note
}

// speeds are the steps a second the viewer offers.
var speeds = []string{"1", "2", "4", "8", "16", "32"}

func viewerModel(sh *show, step int, v trace.View) templates.Viewer {
	base := "/t/" + sh.id
	m := templates.Viewer{
		Title:      sh.title(),
		Position:   sh.header.Position,
		Params:     paramText(sh.header.Algorithm, sh.header.Params),
		Notes:      sh.notes(),
		SaveError:  sh.saveErr,
		Steps:      sh.tree.Len(),
		Step:       step,
		View:       v.String(),
		Code:       sh.code,
		SocketURL:  base + "/ws",
		LayoutURL:  base + "/layout.svg",
		ExportURL:  base + "/export",
		TraceURL:   base + "/trace",
		HasBoards:  sh.hasBoards(),
		TwoPlayer:  sh.tree.Node(sh.tree.Root()).Type != trace.TypeSingle,
		SpeedSteps: speeds,
	}
	m.Decision = sh.decision()
	return m
}

// paramText lists the parameters that differ from the algorithm's
// defaults, as "key=value" in key order; a trace from elsewhere, of an
// algorithm not in the catalog, shows all its parameters.
func paramText(algo string, params map[string]string) string {
	defaults := map[string]string{}
	if a, err := search.Lookup(algo); err == nil {
		for _, p := range a.Params {
			defaults[p.Name] = formatNumber(p.Default)
		}
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(params)) {
		if d, ok := defaults[k]; !ok || d != params[k] {
			parts = append(parts, k+"="+params[k])
		}
	}
	return strings.Join(parts, " ")
}

func savedRows(saved []savedTrace) []templates.Saved {
	var out []templates.Saved
	for _, t := range saved {
		out = append(out, templates.Saved{
			Game: t.Header.Game, Algorithm: t.Header.Algorithm, Position: t.Header.Position,
			Date: t.Saved.Format("2006-01-02 15:04"), Size: byteSize(t.Size), URL: "/t/" + t.ID,
		})
	}
	return out
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
