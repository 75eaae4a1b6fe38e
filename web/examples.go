package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/web/templates"
)

// example is one classic setup of the gallery.
type example struct {
	name, title, watch string
	about              string // a paragraph the viewer shows, when a sentence is not enough
	req                catalog.Request
	step               string // the step the page opens at
}

// comparison shows two examples side by side: one sentence that makes
// its point and a table of both searches' results in the same terms, the
// two viewers, and a paragraph on what tells them apart.
type comparison struct {
	name, title string
	watch       string // one sentence for the gallery
	point       string // the sentence the page opens with, above its table
	about       string
	left, right string // the examples' names
	// extra names examples whose counts join the panel's, after left's
	// and right's, without a viewer: at most counts.MaxTraces-2 of them.
	// The table has a row for each, after left's and right's.
	extra []string

	valueHead string     // the heading of the table's column of values
	terms     valueTerms // how that column states them
	player    string     // the root player, as the values name them: "x", "A"
	match     matchRule  // how "step both" pairs the viewers' steps
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
	for i, e := range examples {
		out = append(out, templates.Example{Title: e.title, Watch: e.watch, URL: "/example/" + e.name})
		for _, c := range comparisons {
			if (c.left == e.name || c.right == e.name) && secondOf(c, i) {
				out = append(out, templates.Example{Title: "Side by side: " + c.title, Watch: c.watch, URL: "/compare/" + c.name})
			}
		}
	}
	return out
}

// secondOf reports whether examples[i] comes after the other of c's two
// examples in the gallery.
func secondOf(c comparison, i int) bool {
	other := c.left
	if other == examples[i].name {
		other = c.right
	}
	for _, e := range examples[:i] {
		if e.name == other {
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
// examples, once they end. The viewers open at their last step, the
// decisions to compare, from which a student steps back.
func (s *Server) handleCompare(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	c := comparisonNamed(name)
	if c == nil {
		s.message(w, r, http.StatusNotFound, "No such comparison", fmt.Sprintf("There is no comparison %q; the start page lists them with the examples.", name))
		return
	}
	m := templates.Compare{Title: c.title, Point: c.point, About: c.about, StepBoth: c.match.text(), MatchURL: "/compare/" + c.name + "/match"}
	panel := templates.CompareCountsPanel{Heading: "Counts per depth of both searches"}
	var ids []string
	for i, name := range append([]string{c.left, c.right}, c.extra...) {
		ex := exampleNamed(name)
		id, err := s.exampleTrace(ex)
		if err != nil {
			s.exampleFailed(w, r, err)
			return
		}
		ids = append(ids, id)
		if i >= 2 {
			panel.Extras = append(panel.Extras, templates.CompareExtra{Title: ex.title, URL: "/example/" + ex.name})
			continue
		}
		m.Sides = append(m.Sides, templates.CompareSide{
			Title: ex.title, Watch: ex.watch, TraceID: id,
			FrameURL: exampleURL(ex, id, "last", true), ViewerURL: exampleURL(ex, id, ex.step, false),
		})
	}
	if len(ids) > 2 {
		panel.Heading = "Counts per depth of the " + strconv.Itoa(len(ids)) + " searches"
	}
	panel.URL = countsFragmentURL(ids)
	// The table is in the page when the searches have ended, as they have
	// after the first visit; else the page fetches it once they end.
	m.SummaryURL = summaryURL(c, ids)
	if !slices.ContainsFunc(ids, func(id string) bool { return !s.searchEnded(id) }) {
		sum, err := s.compareSummary(r.Context(), c, ids)
		if err != nil {
			if status, msg := s.countsFailure(r.Context(), err); status != 0 {
				s.message(w, r, status, "The comparison failed", msg)
			}
			return
		}
		m.Summary = &sum
	}
	s.page(w, r, http.StatusOK, withChildren(templates.ComparePage(m), templates.CompareCounts(panel)))
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
	// The step, view and presentation mode asked for go with it, so that
	// an example's address opens it as a lesson needs it.
	q := r.URL.Query()
	step := ex.step
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
		if _, err := s.store.Raw(id); err != nil {
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
