package web

import (
	"errors"
	"net/http"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/web/internal/live"
	"github.com/searchviz/searchviz/web/templates"
)

// refusedStatus returns status, the answer to a request whose work could
// not start for err, or 429 with a Retry-After of retry seconds when err
// is busy: the server runs as much of that work as it may at once.
func refusedStatus(w http.ResponseWriter, err, busy error, status int, retry string) int {
	if errors.Is(err, busy) {
		w.Header().Set("Retry-After", retry)
		return http.StatusTooManyRequests
	}
	return status
}

// searchRefusal says why a search was not started, in the language l:
// the server's own words for a server too busy, which in English name how
// many searches run; a search's own error as it is, its detail being the
// catalog's.
func searchRefusal(l explain.Lang, err error) string {
	if l.Code() == explain.English.Code() || !errors.Is(err, live.ErrBusy) {
		return l.Error(err)
	}
	return l.T("As many searches are running as this server runs at once; try again when one ends.")
}

// rerunSearch starts req, a search a page asks to see the tree of, and
// returns its trace's id; or it answers why the search cannot run and
// returns "".
func (s *Server) rerunSearch(w http.ResponseWriter, r *http.Request, req catalog.Request) string {
	if err := s.store.CheckWritable(); err != nil {
		s.log.Error("the data directory cannot be written", "err", err)
		l := templates.LangOf(r.Context())
		s.message(w, r, http.StatusInternalServerError, l.T("Cannot run the search"), l.F("Its trace could not be saved in the data directory (%s).", s.storageError(l, err)))
		return ""
	}
	id, err := s.startSearch(req)
	if err != nil {
		l := templates.LangOf(r.Context())
		s.message(w, r, refusedStatus(w, err, live.ErrBusy, http.StatusBadRequest, "5"), l.T("Cannot run the search"), searchRefusal(l, err))
		return ""
	}
	return id
}
