package web

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/live"
	"github.com/searchviz/searchviz/web/internal/show"
	"github.com/searchviz/searchviz/web/internal/tracestore"
	"github.com/searchviz/searchviz/web/internal/viewer"
	"github.com/searchviz/searchviz/web/templates"
)

// loadShow returns what to show for the request's trace id, and the
// running search it comes from, if any; or it answers with an error page
// and returns nil.
func (s *Server) loadShow(w http.ResponseWriter, r *http.Request) (*show.Show, *live.Search) {
	id := r.PathValue("id")
	sh, ls, err := s.showOf(r.Context(), id)
	l := readerLang(r)
	switch {
	case errors.Is(err, tracestore.ErrNoTrace):
		s.message(w, r, http.StatusNotFound, l.T("No such trace"), l.F("There is no saved trace %s. Saved traces are listed under Saved traces.", strconv.Quote(id)))
		return nil, nil
	case errors.Is(err, live.ErrStarting):
		w.Header().Set("Retry-After", "1")
		s.message(w, r, http.StatusServiceUnavailable, l.T("The search is starting"), l.T("It has not recorded anything yet; reload the page in a moment."))
		return nil, nil
	case errors.Is(err, trace.ErrTooLarge):
		s.message(w, r, http.StatusRequestEntityTooLarge, l.T("This trace is too big to show"), s.publicError(l, err))
		return nil, nil
	case err != nil:
		s.log.Error("loading a trace", "trace", id, "err", err)
		s.message(w, r, http.StatusInternalServerError, l.T("Cannot read this trace"), s.publicError(l, err))
		return nil, nil
	}
	return sh, ls
}

// loadShowAt is loadShow for a request that names a step and a view of
// the trace, as a drawing or an export does: it answers a bad step or
// view in plain text and returns nil.
func (s *Server) loadShowAt(w http.ResponseWriter, r *http.Request) (*show.Show, int, trace.View) {
	sh, _ := s.loadShow(w, r)
	if sh == nil {
		return nil, 0, trace.ViewRoot
	}
	step, v, err := stepAndView(r, sh.Tree().Len())
	if err != nil {
		http.Error(w, readerLang(r).Error(err), http.StatusBadRequest)
		return nil, 0, trace.ViewRoot
	}
	return sh, step, v
}

// stepAndView reads the optional "step" and "view" query parameters.
func stepAndView(r *http.Request, steps int) (int, trace.View, error) {
	q := r.URL.Query()
	v, err := trace.ParseView(q.Get("view"))
	if q.Get("view") == "" {
		v, err = trace.ViewRoot, nil
	}
	if err != nil {
		return 0, v, fmt.Errorf("view %q is not allowed (want root or side)", q.Get("view"))
	}
	step := 0
	switch raw := q.Get("step"); raw {
	case "":
	case "last":
		step = steps - 1
	default:
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 || n >= steps {
			return 0, v, fmt.Errorf("step %q is not allowed (this trace has steps 0..%d, or last)", raw, steps-1)
		}
		step = n
	}
	return step, v, nil
}

func (s *Server) handleViewer(w http.ResponseWriter, r *http.Request) {
	sh, ls := s.loadShow(w, r)
	if sh == nil {
		return
	}
	step, v, err := stepAndView(r, sh.Tree().Len())
	if err != nil {
		s.message(w, r, http.StatusBadRequest, readerLang(r).T("Bad link"), readerLang(r).Error(err))
		return
	}
	m := viewerModel(readerLang(r), sh, step, v)
	m.Example = exampleNote(r.URL.Query().Get("example"))
	m.Embedded = r.URL.Query().Get("embed") == "1"
	if ls != nil {
		if _, done, _ := ls.Current(); !done {
			m.Live = true
		}
	}
	s.page(w, r, http.StatusOK, templates.ViewerPage(m))
}

func (s *Server) handleLayout(w http.ResponseWriter, r *http.Request) {
	sh, _, v := s.loadShowAt(w, r)
	if sh == nil {
		return
	}
	svg, err := sh.Layout(r.Context(), s.cfg.Layouter, readerLang(r), v, s.cfg.LayoutTimeout)
	if err != nil {
		s.drawError(w, r, sh, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(svg)
}

func (s *Server) handleExport(format string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		sh, step, v := s.loadShowAt(w, r)
		if sh == nil {
			return
		}
		// An SVG of a step before the last is cropped to what it shows
		// unless crop=0 asks for the final tree's whole canvas.
		crop := r.URL.Query().Get("crop") != "0"
		data, err := sh.Export(r.Context(), s.cfg.Layouter, readerLang(r), step, v, format, s.cfg.LayoutTimeout, s.cfg.ExportNodes, crop)
		if err != nil {
			s.drawError(w, r, sh, err)
			return
		}
		ctype := "image/svg+xml"
		if format == "dot" {
			ctype = "text/vnd.graphviz; charset=utf-8"
		}
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-step%d.%s"`, sh.ID(), step, format))
		w.Write(data)
	}
}

// drawError answers a request for a drawing that failed: a tree too big
// to draw in time is the trace's limit, not the server's fault.
func (s *Server) drawError(w http.ResponseWriter, r *http.Request, sh *show.Show, err error) {
	l := readerLang(r)
	switch {
	case errors.Is(err, show.ErrTooBigToDraw):
		http.Error(w, show.ErrorIn(l, err), http.StatusServiceUnavailable)
	case errors.Is(err, show.ErrExportTooBig):
		http.Error(w, show.ErrorIn(l, err), http.StatusRequestEntityTooLarge)
	case errors.Is(err, show.ErrNavigated):
		http.Error(w, show.ErrorIn(l, err), http.StatusConflict)
	case r.Context().Err() != nil:
		// The page left; nobody reads the answer.
	default:
		s.log.Error("drawing a trace", "trace", sh.ID(), "err", err)
		http.Error(w, l.F("cannot draw this tree: %s", s.publicError(l, err)), http.StatusInternalServerError)
	}
}

// handleTraceFile sends a trace file; a search still running is saved
// when it ends, so its file is sent then. A trace the server could not
// save is sent from memory.
func (s *Server) handleTraceFile(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if ls := s.liveSearch(id); ls != nil {
		if err := ls.Wait(r.Context()); err != nil {
			return // the client left
		}
	}
	data, err := s.store.Raw(id)
	if err != nil {
		if sh := s.shows.Cached(id); sh != nil && sh.SaveErr() != "" {
			data, err = sh.Encode()
		}
	}
	if errors.Is(err, tracestore.ErrNoTrace) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		s.log.Error("reading a trace file", "trace", id, "err", err)
		http.Error(w, s.publicError(readerLang(r), err), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/gzip")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s%s"`, id, tracestore.TraceExt))
	w.Write(data)
}

func (s *Server) handleSocket(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	sh, ls, err := s.showOf(r.Context(), id)
	if errors.Is(err, tracestore.ErrNoTrace) {
		s.socketGone(w, r, id)
		return
	}
	if err != nil {
		http.Error(w, "no such trace", http.StatusNotFound)
		return
	}
	step, v, err := stepAndView(r, sh.Tree().Len())
	if err != nil {
		http.Error(w, readerLang(r).Error(err), http.StatusBadRequest)
		return
	}
	panel, err := panelOf(r)
	if err != nil {
		http.Error(w, readerLang(r).Error(err), http.StatusBadRequest)
		return
	}
	s.serveWS(w, r, sh, ls, v, step, panel)
}

// panelOf reads the optional "panel" query parameter of a viewer's
// socket, its tree panel's width and height in the drawing's units at a
// readable scale, "736x420": nil when there is none.
func panelOf(r *http.Request) (*[2]float64, error) {
	raw := r.URL.Query().Get("panel")
	if raw == "" {
		return nil, nil
	}
	ws, hs, ok := strings.Cut(raw, "x")
	w, werr := strconv.ParseFloat(ws, 64)
	h, herr := strconv.ParseFloat(hs, 64)
	if !ok || werr != nil || herr != nil {
		return nil, fmt.Errorf("panel %q is not allowed (want WIDTHxHEIGHT, two numbers of the drawing's units)", raw)
	}
	if err := viewer.CheckPanel(w, h); err != nil {
		return nil, err
	}
	return &[2]float64{w, h}, nil
}

func (s *Server) handleTreeCSS(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	io.WriteString(w, render.StyleSheet())
}
