package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/a-h/templ"

	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/counts"
	"github.com/searchviz/searchviz/web/internal/tracestore"
	"github.com/searchviz/searchviz/web/templates"
)

// errCounting marks a trace that folds but cannot be counted, such as one
// whose nodes claim depths past counts.MaxDepth.
var errCounting = errors.New("web: cannot count the trace")

// countsQuery reads the query of /counts: one to counts.MaxTraces trace ids
// as "t", each once, and an optional scale.
func countsQuery(q url.Values) ([]string, counts.Scale, error) {
	scale, err := counts.ParseScale(q.Get("scale"))
	if err != nil {
		return nil, scale, err
	}
	ids := q["t"]
	switch {
	case len(ids) == 0:
		return nil, scale, fmt.Errorf("name the traces to count: /counts?t=<id>&t=<id>, at most %d", counts.MaxTraces)
	case len(ids) > counts.MaxTraces:
		return nil, scale, fmt.Errorf("%d traces named, but the counts compare at most %d side by side", len(ids), counts.MaxTraces)
	}
	for i, id := range ids {
		if !tracestore.ValidID(id) {
			return nil, scale, fmt.Errorf("%q is not a trace id (a trace's address is /t/<id>, with 12 hexadecimal digits)", id)
		}
		if slices.Contains(ids[:i], id) {
			return nil, scale, fmt.Errorf("trace %s is named twice", id)
		}
	}
	return ids, scale, nil
}

// countTraces counts the traces of ids and names them. A search still
// running is waited for, and watched meanwhile so that it is not
// cancelled, since its counts are those of its whole trace.
func (s *Server) countTraces(ctx context.Context, ids []string) ([]countedTrace, error) {
	var out []countedTrace
	for _, id := range ids {
		t, err := s.countTrace(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	nameTraces(out)
	return out, nil
}

// countTrace counts the trace of id, once its search has ended.
func (s *Server) countTrace(ctx context.Context, id string) (countedTrace, error) {
	sh, err := s.endedShow(ctx, id)
	if err != nil {
		return countedTrace{}, err
	}
	c, err := counts.Count(sh.Tree())
	if err != nil {
		return countedTrace{}, &traceError{id: id, err: err, counting: true}
	}
	return countedTrace{id: id, header: sh.Header(), Trace: counts.Trace{Counts: c}}, nil
}

// traceError is why the trace of id could not be counted: it could not
// be opened, or, when counting is set, it could not be counted.
type traceError struct {
	id       string
	err      error
	counting bool
}

func (e *traceError) Error() string { return "trace " + e.id + ": " + e.err.Error() }

func (e *traceError) Unwrap() error { return e.err }

// Is matches errCounting when the trace could not be counted.
func (e *traceError) Is(target error) bool { return e.counting && target == errCounting }

// countsFailure returns the status and the message that answer a request
// whose traces could not be counted for err; status 0 means the client
// left and nobody reads the answer.
func (s *Server) countsFailure(ctx context.Context, err error) (int, string) {
	if ctx.Err() != nil {
		return 0, ""
	}
	te := &traceError{}
	if !errors.As(err, &te) {
		te = &traceError{err: err}
	}
	l := templates.LangOf(ctx)
	switch {
	case errors.Is(err, tracestore.ErrNoTrace):
		return http.StatusNotFound, l.F("There is no saved trace %q. Saved traces are listed under Saved traces.", te.id)
	case errors.Is(err, trace.ErrTooLarge):
		return http.StatusRequestEntityTooLarge, l.F("Trace %s is too big to open: %s.", te.id, s.publicError(l, te.err))
	case te.counting:
		return http.StatusUnprocessableEntity, l.F("Trace %s cannot be counted: %s.", te.id, strings.TrimPrefix(l.Error(te.err), "counts: "))
	}
	s.log.Error("counting traces", "err", err)
	return http.StatusInternalServerError, s.publicError(l, err)
}

// handleCounts answers /counts?t=<id>&t=<id>...: a page comparing the
// counts of one to counts.MaxTraces traces, or with fragment=1 the counts
// alone as an HTML fragment, for a page to fetch into a panel.
func (s *Server) handleCounts(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	fragment := q.Get("fragment") == "1"
	ids, scale, err := countsQuery(q)
	if err != nil && fragment {
		http.Error(w, readerLang(r).Error(err), http.StatusBadRequest)
		return
	}
	if err != nil {
		s.message(w, r, http.StatusBadRequest, readerLang(r).T("Bad counts link"), readerLang(r).Error(err))
		return
	}
	if fragment {
		s.countsFragment(w, r, ids, scale)
		return
	}
	ts, err := s.countTraces(r.Context(), ids)
	if err != nil {
		if status, msg := s.countsFailure(r.Context(), err); status != 0 {
			s.message(w, r, status, "Cannot count these traces", msg)
		}
		return
	}
	s.page(w, r, http.StatusOK, templates.CountsPage(countsModel(readerLang(r), ts, scale, *r.URL)))
}

// handleTraceCounts answers /t/{id}/counts with the counts of one trace as
// an HTML fragment, for the viewer to show in a panel.
func (s *Server) handleTraceCounts(w http.ResponseWriter, r *http.Request) {
	scale, err := counts.ParseScale(r.URL.Query().Get("scale"))
	if err != nil {
		http.Error(w, readerLang(r).Error(err), http.StatusBadRequest)
		return
	}
	s.countsFragment(w, r, []string{r.PathValue("id")}, scale)
}

// countsFragment answers with the counts of the traces of ids on scale as
// an HTML fragment, whose scale links are the request's own on other
// scales; an error is answered as plain text.
func (s *Server) countsFragment(w http.ResponseWriter, r *http.Request, ids []string, scale counts.Scale) {
	ts, err := s.countTraces(r.Context(), ids)
	if err != nil {
		if status, msg := s.countsFailure(r.Context(), err); status != 0 {
			http.Error(w, msg, status)
		}
		return
	}
	m := countsModel(readerLang(r), ts, scale, url.URL{Path: r.URL.Path, RawQuery: r.URL.RawQuery})
	m.PageURL = "/counts?" + url.Values{"t": ids}.Encode()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := templates.CountsBody(m).Render(r.Context(), w); err != nil {
		s.log.Error("rendering counts", "traces", ids, "err", err)
	}
}

// countsFragmentURL is the address of the counts of the traces of ids as
// an HTML fragment.
func countsFragmentURL(ids []string) string {
	return "/counts?" + url.Values{"t": ids, "fragment": {"1"}}.Encode()
}

// withChildren is c rendered with children as its children.
func withChildren(c, children templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return c.Render(templ.WithChildren(ctx, children), w)
	})
}
