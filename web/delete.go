package web

import (
	"errors"
	"net/http"

	"github.com/searchviz/searchviz/web/internal/tracestore"
	"github.com/searchviz/searchviz/web/internal/wsconn"
	"github.com/searchviz/searchviz/web/templates"
)

// closeGone is the websocket close code of a page whose trace is not
// stored, deleted since the page opened: the page shows the close reason
// and stops reconnecting. Codes 4000-4999 are the application's own.
const closeGone = 4404

// closeBusy is the close code of a viewer's websocket refused because
// the pages open hold Config.PageBytes: the page tries again later.
const closeBusy = 4503

// handleDelete deletes a saved trace: DELETE /t/{id}. Like every request
// that changes state, it passes guard's host and same-origin checks
// first. The traces of the gallery's examples and of running searches are
// not deleted. Pages still open on the trace go on showing what they
// hold, and are told the trace is gone when they next ask the server.
func (s *Server) handleDelete(w http.ResponseWriter, r *http.Request) {
	l := templates.LangOf(r.Context())
	id := r.PathValue("id")
	if !tracestore.ValidID(id) {
		http.Error(w, l.F("There is no saved trace %q.", id), http.StatusNotFound)
		return
	}
	if s.isExample(id) {
		http.Error(w, l.T("This trace is an example of the gallery; examples cannot be deleted."), http.StatusForbidden)
		return
	}
	if s.liveSearch(id) != nil {
		http.Error(w, l.T("This search is still running; delete its trace when it ends."), http.StatusConflict)
		return
	}
	err := s.store.Remove(id)
	s.shows.Drop(id)
	switch {
	case errors.Is(err, tracestore.ErrNoTrace):
		http.Error(w, l.F("There is no saved trace %q: it may have been deleted already.", id), http.StatusNotFound)
	case err != nil:
		s.log.Error("deleting a trace", "trace", id, "err", err)
		http.Error(w, l.F("The trace could not be deleted (%s).", s.storageError(l, err)), http.StatusInternalServerError)
	default:
		s.log.Info("trace deleted", "trace", id)
		w.WriteHeader(http.StatusNoContent)
	}
}

// isExample reports whether id is the trace of one of the gallery's
// examples.
func (s *Server) isExample(id string) bool {
	return s.examples.Is(id)
}

// socketGone answers the websocket of a page whose trace id is not
// stored: it accepts the socket only to close it with closeGone and a
// reason the page shows, since a refused handshake tells a page nothing.
func (s *Server) socketGone(w http.ResponseWriter, r *http.Request, id string) {
	ws, err := wsconn.Upgrade(w, r)
	if err != nil {
		return // the upgrader has answered
	}
	wsconn.Refuse(ws, closeGone, "This trace was deleted; open another from the start page.")
	s.log.Info("websocket of a trace not stored", "trace", id)
}
