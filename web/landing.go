package web

import (
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/searchviz/searchviz/web/internal/gallery"
	"github.com/searchviz/searchviz/web/templates"
)

// savedShown is how many saved traces the start page lists.
const savedShown = 8

// formFields are the query's fields the new-search form reads: a start
// page's address with one of them is an older link to the form, which
// the form's own page now answers.
var formFields = []string{"game", "algo", "position", "seed"}

// handleIndex answers with the start page, or sends an older link to the
// form, "/?game=tree&position=...", on to the form's page.
func (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	for _, f := range formFields {
		if q.Has(f) {
			http.Redirect(w, r, "/new?"+r.URL.RawQuery, http.StatusSeeOther)
			return
		}
	}
	s.landing(w, r, http.StatusOK, "")
}

// landing answers with the start page and what was wrong with the last
// file opened, if anything.
func (s *Server) landing(w http.ResponseWriter, r *http.Request, status int, uploadErr string) {
	lessons, err := lessonViewsOnce()
	if err != nil {
		s.log.Error("drawing the gallery", "err", err)
		s.message(w, r, http.StatusInternalServerError, templates.T(r.Context(), "The start page failed"), err.Error())
		return
	}
	l := templates.Landing{
		Lessons:     lessons,
		UploadError: uploadErr,
		MaxUpload:   strconv.FormatInt(s.cfg.MaxUpload>>20, 10) + " MiB",
	}
	saved, err := s.store.List()
	if err != nil {
		s.log.Error("listing traces", "err", err)
	}
	if len(saved) > savedShown {
		saved, l.MoreSaved = saved[:savedShown], true
	}
	l.Saved = savedRows(templates.LangOf(r.Context()), s.markExamples(saved))
	s.page(w, r, status, templates.IndexPage(l))
}

// lessonViewsOnce is lessonViews made once: the gallery is fixed in the
// binary, so its pictures are drawn at the first start page, not at each.
var lessonViewsOnce = sync.OnceValues(lessonViews)

// lessonViews returns the gallery's lessons, each with its cards in the
// gallery's order and a picture of each card's position: a comparison's
// is its first example's.
func lessonViews() ([]templates.Lesson, error) {
	var out []templates.Lesson
	at := map[string]int{}
	for _, l := range gallery.Lessons() {
		at[l.Name] = len(out)
		out = append(out, templates.Lesson{Anchor: "lesson-" + l.Name, Title: l.Title, Intro: l.Intro})
	}
	for _, c := range exampleCards() {
		var err error
		if c.Thumb, err = thumbOf(pictured(c.URL).Req); err != nil {
			return nil, err
		}
		i := at[c.Lesson]
		out[i].Cards = append(out[i].Cards, c)
	}
	return out, nil
}

// pictured returns the example whose position the card at url shows: the
// example's own, or a comparison's first.
func pictured(url string) *gallery.Example {
	if name, ok := strings.CutPrefix(url, "/compare/"); ok {
		return gallery.ExampleNamed(gallery.ComparisonNamed(name).Left)
	}
	return gallery.ExampleNamed(strings.TrimPrefix(url, "/example/"))
}
