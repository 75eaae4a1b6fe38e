package web

import (
	"errors"
	"net/http"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/web/internal/live"
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

// rerunSearch starts req, a search a page asks to see the tree of, and
// returns its trace's id; or it answers why the search cannot run and
// returns "".
func (s *Server) rerunSearch(w http.ResponseWriter, r *http.Request, req catalog.Request) string {
	if err := s.store.CheckWritable(); err != nil {
		s.log.Error("the data directory cannot be written", "err", err)
		s.message(w, r, http.StatusInternalServerError, "Cannot run the search", "Its trace could not be saved in the data directory ("+s.storageError(err)+").")
		return ""
	}
	id, err := s.startSearch(req)
	if err != nil {
		s.message(w, r, refusedStatus(w, err, live.ErrBusy, http.StatusBadRequest, "5"), "Cannot run the search", err.Error())
		return ""
	}
	return id
}
