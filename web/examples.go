package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/web/internal/gallery"
	"github.com/searchviz/searchviz/web/internal/live"
	"github.com/searchviz/searchviz/web/templates"
)

// exampleCards lists the gallery: each example, and each comparison after
// the second of its examples.
func exampleCards() []templates.Example {
	var out []templates.Example
	examples := gallery.Examples()
	for i, e := range examples {
		out = append(out, templates.Example{Title: e.Title, Watch: e.Watch, URL: "/example/" + e.Name, Lesson: e.Lesson})
		for _, c := range gallery.Comparisons() {
			if (c.Left == e.Name || c.Right == e.Name) && secondOf(&c, examples, i) {
				out = append(out, templates.Example{Title: c.Title, Watch: c.Watch, URL: "/compare/" + c.Name, Lesson: c.Lesson, Comparison: true})
			}
		}
	}
	return out
}

// secondOf reports whether examples[i] comes after the other of c's two
// examples in the gallery.
func secondOf(c *gallery.Comparison, examples []gallery.Example, i int) bool {
	other := c.Other(examples[i].Name)
	for _, e := range examples[:i] {
		if e.Name == other {
			return true
		}
	}
	return false
}

// handleCompare shows a comparison's two examples side by side, running
// their searches the first time: its sentence and the table of the
// searches' results (in the page once they have ended, else fetched when
// they end), the "step both" box, the two viewers, and a panel that
// fetches the counts per depth of both, and of the comparison's extra
// examples, once they end. Once the searches have ended the viewers open
// at matched early steps (openSteps), "step both" ticked, so that a class
// steps both searches from the same moment; while they run, each at its
// last step, following it.
func (s *Server) handleCompare(w http.ResponseWriter, r *http.Request) {
	l := templates.LangOf(r.Context())
	c := galleryEntry(s, w, r, gallery.ComparisonNamed, l.T("No such comparison"), l.T("There is no comparison %q; the start page lists them with the examples."))
	if c == nil {
		return
	}
	m := templates.Compare{Title: c.Title, Point: c.Point, About: c.About, StepBoth: c.Match.Text(), MatchURL: "/compare/" + c.Name + "/match"}
	panel := templates.CompareCountsPanel{Heading: l.T("Counts per depth of both searches")}
	var ids []string
	for i, name := range append([]string{c.Left, c.Right}, c.Extra...) {
		ex := gallery.ExampleNamed(name)
		id, err := s.exampleTrace(ex)
		if err != nil {
			s.exampleFailed(w, r, err)
			return
		}
		ids = append(ids, id)
		if i >= 2 {
			panel.Extras = append(panel.Extras, templates.CompareExtra{Title: ex.Title, URL: "/example/" + ex.Name})
			continue
		}
		m.Sides = append(m.Sides, templates.CompareSide{
			Title: ex.Title, Watch: ex.Watch, TraceID: id,
			FrameURL: exampleURL(ex, id, "last", true), ViewerURL: exampleURL(ex, id, ex.Step, false),
		})
	}
	ended := !slices.ContainsFunc(ids, func(id string) bool { return !s.searchEnded(id) })
	if ended {
		steps, err := s.openSteps(r.Context(), c, ids[:2])
		if err != nil {
			if status, msg := s.countsFailure(r.Context(), err); status != 0 {
				s.message(w, r, status, l.T("The comparison failed"), msg)
			}
			return
		}
		for i, name := range []string{c.Left, c.Right} {
			m.Sides[i].FrameURL = exampleURL(gallery.ExampleNamed(name), ids[i], strconv.Itoa(steps[i]), true)
		}
		m.Matched = true
	}
	if len(ids) > 2 {
		panel.Heading = l.F("Counts per depth of the %d searches", len(ids))
	}
	panel.URL = countsFragmentURL(ids)
	// The table is in the page when the searches have ended, as they have
	// after the first visit; else the page fetches it once they end.
	m.SummaryURL = summaryURL(c, ids)
	if ended {
		sum, err := s.compareSummary(r.Context(), c, ids)
		if err != nil {
			if status, msg := s.countsFailure(r.Context(), err); status != 0 {
				s.message(w, r, status, l.T("The comparison failed"), msg)
			}
			return
		}
		m.Summary = &sum
	}
	s.page(w, r, http.StatusOK, withChildren(templates.ComparePage(m), templates.CompareCounts(panel)))
}

// handleExample runs an example once and sends the page to its trace.
func (s *Server) handleExample(w http.ResponseWriter, r *http.Request) {
	l := templates.LangOf(r.Context())
	ex := galleryEntry(s, w, r, gallery.ExampleNamed, l.T("No such example"), l.T("There is no example %q; the start page lists them."))
	if ex == nil {
		return
	}
	id, err := s.exampleTrace(ex)
	if err != nil {
		s.exampleFailed(w, r, err)
		return
	}
	// The step, view and presentation mode asked for go with it, so that
	// an example's address opens it as a lesson needs it.
	q := r.URL.Query()
	step := ex.Step
	if q.Has("step") {
		step = q.Get("step")
	}
	to := exampleURL(ex, id, step, false)
	for _, k := range []string{"view", "present", "room"} {
		if q.Has(k) {
			to += "&" + k + "=" + url.QueryEscape(q.Get(k))
		}
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// exampleFailed answers a request for an example whose search could not
// start.
func (s *Server) exampleFailed(w http.ResponseWriter, r *http.Request, err error) {
	l := templates.LangOf(r.Context())
	if errors.Is(err, live.ErrBusy) {
		w.Header().Set("Retry-After", "5")
		s.message(w, r, http.StatusTooManyRequests, l.T("The server is busy"), searchRefusal(l, err))
		return
	}
	s.message(w, r, http.StatusInternalServerError, l.T("The example failed"), l.Error(err))
}

// galleryEntry returns the entry of the gallery named by the request's
// name, found by named, or answers 404 with title and missing, a format of
// the name, and returns nil.
func galleryEntry[T any](s *Server, w http.ResponseWriter, r *http.Request, named func(string) *T, title, missing string) *T {
	name := r.PathValue("name")
	v := named(name)
	if v == nil {
		s.message(w, r, http.StatusNotFound, title, fmt.Sprintf(missing, name))
	}
	return v
}

// exampleTrace returns the id of example ex's trace, running its search
// the first time and again if its trace has been deleted since.
func (s *Server) exampleTrace(ex *gallery.Example) (string, error) {
	id, err := s.examples.Trace(ex, exampleSearches{s})
	if err != nil {
		s.log.Error("running an example", "example", ex.Name, "err", err)
	}
	return id, err
}

// exampleSearches runs the gallery's examples as the page's searches.
type exampleSearches struct{ s *Server }

// Start starts the search of req, as this server's program.
func (e exampleSearches) Start(req catalog.Request) (string, error) {
	req.Program = e.s.cfg.Program
	return e.s.startSearch(req)
}

// Has reports whether the trace of id is running or stored.
func (e exampleSearches) Has(id string) bool {
	if e.s.liveSearch(id) != nil {
		return true
	}
	_, err := e.s.store.Raw(id)
	return err == nil
}

// exampleURL is the viewer of example ex's trace id at step ("" for the
// first), embedded in another page or not.
func exampleURL(ex *gallery.Example, id, step string, embedded bool) string {
	q := url.Values{"example": {ex.Name}}
	if step != "" {
		q.Set("step", step)
	}
	if embedded {
		q.Set("embed", "1")
	}
	return "/t/" + id + "?" + q.Encode()
}

// exampleNote is what the viewer says about the example it shows.
func exampleNote(name string) *templates.ExampleNote {
	ex := gallery.ExampleNamed(name)
	if ex == nil {
		return nil
	}
	note := &templates.ExampleNote{Title: ex.Title, Watch: ex.Watch, About: ex.About}
	if c := gallery.ComparisonOf(ex.Name); c != nil {
		note.PairTitle, note.CompareURL = gallery.ExampleNamed(c.Other(ex.Name)).Title, "/compare/"+c.Name
	}
	return note
}
