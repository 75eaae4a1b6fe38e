package web

import (
	"errors"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/web/internal/live"
	"github.com/searchviz/searchviz/web/internal/tracestore"
	"github.com/searchviz/searchviz/web/templates"
)

// formInput is what the new-search form holds, and what was wrong with
// its seed field.
type formInput struct {
	game, algo, position, seed string
	params                     map[string]string // "<algorithm>.<param>" -> value
	seedErr                    string
}

// seedError is the error of a seed field that holds no seed: it is shown
// next to the field rather than above the form, in the reader's language,
// which say writes it in.
type seedError struct{ say func(explain.Lang) string }

func (e *seedError) Error() string { return e.say(explain.English) }

// newSearch answers with the new-search form, holding in, and what was
// wrong with the search it asked for.
func (s *Server) newSearch(w http.ResponseWriter, r *http.Request, status int, in formInput, formErr string) {
	ix := templates.NewSearch{
		Position:   in.position,
		Seed:       in.seed,
		Error:      formErr,
		SeedError:  in.seedErr,
		TraceNodes: explain.Thousands(s.cfg.TraceNodes),
	}
	if in.game == "" {
		in.game = catalog.DefaultGame().Name
	}
	if in.algo == "" {
		in.algo = catalog.DefaultAlgorithm().Name
	}
	l := templates.LangOf(r.Context())
	selected, _ := catalog.LookupGame(in.game) // an unknown game, refused with its own error, gives no depth
	for _, g := range catalog.Games() {
		depth := ""
		if g.Depth > 0 {
			depth = strconv.Itoa(g.Depth)
		}
		ix.Games = append(ix.Games, templates.Game{
			Name: g.Name, Help: l.T(g.Help), Family: string(g.Family), Start: g.Start,
			PositionHelp: l.T(g.PositionHelp), Selected: g.Name == in.game, Depth: depth,
			Params: paramFields(l, gameField(g.Name), g.Params, in.params),
		})
	}
	for _, a := range catalog.Algorithms() {
		// One name may search several families, as pmc does, with the same
		// parameters: the form shows it once, for every family.
		if i := slices.IndexFunc(ix.Algorithms, func(t templates.Algorithm) bool { return t.Name == a.Name }); i >= 0 {
			ix.Algorithms[i].Family += " " + string(a.Family)
			continue
		}
		params := paramFields(l, a.Name+".", a.Params, in.params)
		if catalog.TakesGameDepth(a) {
			followGameDepth(l, params, a.Name+".depth", selected)
		}
		ix.Algorithms = append(ix.Algorithms, templates.Algorithm{
			Name: a.Name, Help: l.T(a.Help), Family: string(a.Family), Selected: a.Name == in.algo,
			Params: params,
		})
	}
	s.page(w, r, status, templates.NewSearchPage(ix))
}

// handleNewSearch answers with the new-search form, its fields set from
// the query: a link can hold a search to run, such as a typed tree.
func (s *Server) handleNewSearch(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.newSearch(w, r, http.StatusOK, formInput{game: q.Get("game"), algo: q.Get("algo"), position: q.Get("position"), seed: q.Get("seed")}, "")
}

// gameField is the prefix of a game's parameter fields in the form; an
// algorithm's fields are prefixed with its name and a dot.
func gameField(game string) string { return "game." + game + "." }

// paramFields describes params as form fields named prefix+name, holding
// what the user entered, in the reader's language l.
func paramFields(l explain.Lang, prefix string, params []spec.Param, entered map[string]string) []templates.Param {
	var out []templates.Param
	for _, p := range params {
		field := prefix + p.Name
		tp := templates.Param{
			Name: p.Name, Label: l.T(p.Name), Field: field, Help: l.T(p.Help),
			Default: p.Format(p.Default), Min: p.Format(p.Min), Max: p.Format(p.Max),
			Step: "any", Value: entered[field],
			Limits:      l.F("%s in %s, default ", l.T(p.Type.String()), p.Range()),
			DefaultText: p.Format(p.Default),
		}
		switch p.Type {
		case spec.Int:
			tp.Step = "1"
		case spec.Choice:
			tp.Choices = p.Choices
			tp.Limits = l.T("default ")
		}
		out = append(out, tp)
	}
	return out
}

// followGameDepth makes the depth= field among params follow g's Depth,
// the page updating it as the game changes (see catalog.Game.DepthFor).
func followGameDepth(l explain.Lang, params []templates.Param, field string, g catalog.Game) {
	for i := range params {
		p := &params[i]
		if p.Field != field {
			continue
		}
		p.AlgoDefault = p.Default
		if g.Depth > 0 {
			p.Default = strconv.Itoa(g.Depth)
			p.DefaultText = l.F("%s on %s", p.Default, g.Name)
		}
	}
}

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

// request turns the form into a catalog request: the algorithm's spec is
// its name and the parameters the user set.
func (in formInput) request(program string) (catalog.Request, error) {
	req := catalog.Request{Game: in.game, Position: in.position, Program: program}
	if in.seed != "" {
		seed, err := strconv.ParseInt(in.seed, 10, 64)
		switch {
		case err != nil:
			return req, &seedError{func(l explain.Lang) string {
				return l.F("The seed must be a whole number, 0 or more: %q is not one.", in.seed)
			}}
		case seed < 0:
			// The seed is written as typed, not grouped in thousands.
			return req, &seedError{func(l explain.Lang) string {
				return l.F("The seed must be 0 or more: %s is negative.", strconv.FormatInt(seed, 10))
			}}
		}
		req.Seed = seed
	}
	a, err := catalog.LookupAlgorithm(in.algo)
	if err != nil {
		return req, err
	}
	values := in.params
	if g, err := catalog.LookupGame(in.game); err == nil {
		if d, ok := g.DepthFor(a); ok && values[in.algo+".depth"] == "" {
			values = maps.Clone(values)
			values[in.algo+".depth"] = strconv.Itoa(d)
		}
	}
	if req.Algo, err = specOf(in.algo, in.algo+".", a.Params, values); err != nil {
		return req, err
	}
	if g, err := catalog.LookupGame(in.game); err == nil {
		if req.Game, err = specOf(in.game, gameField(in.game), g.Params, in.params); err != nil {
			return req, err
		}
	}
	return req, nil
}

// specOf writes the spec of name with the parameters set in values, read
// from the fields prefix+param. Each value is checked against its
// parameter's type and range first, so that a field cannot smuggle more
// parameters into the spec's text ("3 nodes=1").
func specOf(name, prefix string, params []spec.Param, values map[string]string) (string, error) {
	s := spec.Spec{Name: name}
	for _, p := range params {
		if v, ok := values[prefix+p.Name]; ok {
			s.Args = append(s.Args, spec.Arg{Key: p.Name, Value: v})
		}
	}
	if _, err := spec.Resolve(s, params); err != nil {
		return "", err
	}
	return s.String(), nil
}

func (s *Server) handleRun(w http.ResponseWriter, r *http.Request) {
	l := templates.LangOf(r.Context())
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		s.newSearch(w, r, http.StatusBadRequest, formInput{}, l.F("The form could not be read: %s", err.Error()))
		return
	}
	in := readForm(r)
	req, err := in.request(s.cfg.Program)
	if se := (*seedError)(nil); errors.As(err, &se) {
		in.seedErr = se.say(l)
		s.newSearch(w, r, http.StatusBadRequest, in, "")
		return
	}
	if err != nil {
		s.newSearch(w, r, http.StatusBadRequest, in, l.Error(err))
		return
	}
	// A search whose trace cannot be saved is refused here, with the
	// reason, rather than run and lost.
	if err := s.store.CheckWritable(); err != nil {
		s.log.Error("the data directory cannot be written", "err", err)
		s.newSearch(w, r, http.StatusInternalServerError, in,
			l.F("The search was not started: its trace could not be saved in the data directory (%s).", s.storageError(l, err)))
		return
	}
	id, err := s.startSearch(req)
	if err != nil {
		s.newSearch(w, r, refusedStatus(w, err, live.ErrBusy, http.StatusBadRequest, "5"), in, searchRefusal(l, err))
		return
	}
	http.Redirect(w, r, "/t/"+id, http.StatusSeeOther)
}

// markExamples marks the traces of saved that are the gallery's examples,
// which cannot be deleted, and returns saved.
func (s *Server) markExamples(saved []tracestore.Saved) []tracestore.Saved {
	for i := range saved {
		if s.examples.Is(saved[i].ID) {
			saved[i].Example = true
		}
	}
	return saved
}
