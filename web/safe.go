package web

import (
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/web/internal/safely"
	"github.com/searchviz/searchviz/web/templates"
)

// recovered is safely.Recovered, which every goroutine the server starts
// defers, so that one bad trace or request ends only its own work.
func recovered(log *slog.Logger, p any, what string, args ...any) bool {
	return safely.Recovered(log, p, what, args...)
}

// goSafe runs fn in a new goroutine that logs its panic instead of
// ending the process.
func (s *Server) goSafe(what string, fn func()) {
	go func() {
		defer func() { recovered(s.log, recover(), what) }()
		fn()
	}()
}

// recoverRequest answers a request whose handler panicked with a page
// that says so, if nothing was sent yet; net/http would only drop the
// connection.
func (s *Server) recoverRequest(w *statusRecorder, r *http.Request) {
	if !recovered(s.log, recover(), "a request", "method", r.Method, "path", r.URL.Path) {
		return
	}
	if !w.wrote {
		ctx := r.Context()
		s.message(w, r, http.StatusInternalServerError, templates.T(ctx, "Something went wrong"),
			templates.T(ctx, "The server could not answer this request; the error is in its log. Other pages keep working."))
	}
}

// storageError says, for a page in the reader's language l, why the data
// directory failed: the system's reason ("no space left on device") when
// there is one.
func (s *Server) storageError(l explain.Lang, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return l.Error(pe.Err)
	}
	return s.publicError(l, err)
}

// publicError is err's text for a page, in the reader's language l: the
// data directory's path is left out, since a page may be seen by others
// than the server's owner.
func (s *Server) publicError(l explain.Lang, err error) string {
	msg := l.Error(err)
	dir := s.store.Dir()
	msg = strings.ReplaceAll(msg, dir+string(os.PathSeparator), "")
	return strings.ReplaceAll(msg, dir, l.T("the data directory"))
}
