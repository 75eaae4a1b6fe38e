package web

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
	"github.com/searchviz/searchviz/web/internal/tracestore"
	"github.com/searchviz/searchviz/web/templates"
)

// uploadAnswer is the JSON answer to an upload sent by the start page's
// script, which shows its progress: where to go, or what went wrong.
type uploadAnswer struct {
	Location string `json:"location,omitempty"`
	Error    string `json:"error,omitempty"`
}

// wantsJSON reports whether r is the start page's script asking for an
// uploadAnswer rather than a page.
func wantsJSON(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "application/json")
}

// uploadFailed answers a failed upload with msg: beside the upload
// control of the start page, or as JSON to the page's script, which
// puts it there.
func (s *Server) uploadFailed(w http.ResponseWriter, r *http.Request, status int, msg string) {
	if wantsJSON(r) {
		writeJSON(w, status, uploadAnswer{Error: msg})
		return
	}
	s.landing(w, r, status, msg)
}

// uploaded sends the page to the viewer of trace id.
func uploaded(w http.ResponseWriter, r *http.Request, id string) {
	if wantsJSON(r) {
		writeJSON(w, http.StatusOK, uploadAnswer{Location: "/t/" + id})
		return
	}
	http.Redirect(w, r, "/t/"+id, http.StatusSeeOther)
}

func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	l := templates.LangOf(r.Context())
	select {
	case s.uploads <- struct{}{}:
		defer func() { <-s.uploads }()
	default:
		// Read the file to its end, into nothing, so that the browser
		// sees this answer rather than a connection cut mid-upload.
		io.Copy(io.Discard, http.MaxBytesReader(w, r.Body, s.cfg.MaxUpload+64<<10))
		w.Header().Set("Retry-After", "5")
		s.uploadFailed(w, r, http.StatusTooManyRequests, l.F(
			"The server is reading %d uploads already, the most it reads at once; try again in a moment.", cap(s.uploads)))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxUpload+64<<10)
	file, hdr, err := r.FormFile("trace")
	if err != nil {
		var tooBig *http.MaxBytesError
		msg := l.T("Choose a trace file to open.")
		if errors.As(err, &tooBig) {
			msg = l.F("The file is too big: traces of at most %d MiB can be opened.", s.cfg.MaxUpload>>20)
		}
		s.uploadFailed(w, r, http.StatusBadRequest, msg)
		return
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, s.cfg.MaxUpload+1))
	if err != nil {
		s.uploadFailed(w, r, http.StatusBadRequest, l.F("The file could not be read: %s", err.Error()))
		return
	}
	if int64(len(data)) > s.cfg.MaxUpload {
		s.uploadFailed(w, r, http.StatusRequestEntityTooLarge, l.F("The file is too big: traces of at most %d MiB can be opened.", s.cfg.MaxUpload>>20))
		return
	}
	// The same file opened again is the trace saved the first time.
	id := tracestore.ContentID(data)
	if s.store.Has(id) {
		s.log.Info("trace uploaded again", "trace", id, "file", hdr.Filename)
		uploaded(w, r, id)
		return
	}
	h, t, err := s.store.ReadUpload(bytes.NewReader(data))
	if pe := (*trace.PanicError)(nil); errors.As(err, &pe) {
		s.log.Error("reading an upload panicked", "file", hdr.Filename, "err", err, "stack", string(pe.Stack))
	}
	if err != nil {
		msg := strings.TrimPrefix(l.Error(err), "trace: ")
		s.uploadFailed(w, r, http.StatusBadRequest, l.F("%s is not a trace searchviz can show: %s", hdr.Filename, msg))
		return
	}
	sh, err := s.outlineWhileSaving(id, h, t, func() error { return s.store.SaveUpload(id, hdr.Filename, h, treeEvents(t)) })
	if err != nil {
		s.log.Error("saving an upload", "err", err)
		s.uploadFailed(w, r, http.StatusInternalServerError, l.F("The trace could not be saved in the data directory (%s).", s.storageError(l, err)))
		return
	}
	s.log.Info("trace uploaded", "trace", id, "file", hdr.Filename, "events", t.Len())
	s.keep(sh)
	uploaded(w, r, id)
}

// Import saves the trace file at path under the data directory and returns
// the path of its page, for `viz replay`. It reads the file as an upload
// is read: a file cut short opens up to its last whole line, with a note.
func (s *Server) Import(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("web: %w", err)
	}
	defer f.Close()
	h, t, err := s.store.ReadUpload(f)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	id := tracestore.NewID()
	sh, err := s.outlineWhileSaving(id, h, t, func() error { return s.store.SaveUpload(id, filepath.Base(path), h, treeEvents(t)) })
	if err != nil {
		return "", err
	}
	s.keep(sh)
	return "/t/" + id, nil
}

// treeEvents returns the events folded in t, in step order.
func treeEvents(t *trace.Tree) iter.Seq[trace.Event] { return t.Events(0) }

// outlineWhileSaving runs save, which writes the trace of tree t under
// id, and meanwhile makes the show its page will open, outlined for
// navigating if it is too big to draw whole: the two take about as long.
// It returns the show, or nil if one cannot be made, and save's error.
func (s *Server) outlineWhileSaving(id string, h trace.Header, t *trace.Tree, save func() error) (*show.Show, error) {
	var sh *show.Show
	var outlined sync.WaitGroup
	outlined.Go(func() {
		defer func() { recovered(s.log, recover(), "outlining a new trace", "trace", id) }()
		var err error
		if sh, err = show.New(id, h, t); err != nil {
			s.log.Error("showing a new trace", "trace", id, "err", err)
			return
		}
		sh.ShareLayouts(s.store)
		if !sh.WholeFits() {
			sh.Navigation()
		}
	})
	err := save()
	outlined.Wait()
	return sh, err
}

// keep caches sh, the show of a trace just saved, and prepares its
// layout: its page then opens without folding the file again.
func (s *Server) keep(sh *show.Show) {
	if sh == nil {
		return
	}
	s.shows.Put(sh)
	s.prepareLayout(sh)
}

// prepareLayout lays sh out in the root player's view in the background,
// or for a tree too big to draw whole, outlines it for navigating.
func (s *Server) prepareLayout(sh *show.Show) {
	s.goSafe("laying out a trace", func() {
		if !sh.WholeFits() {
			if _, _, err := sh.Navigation(); err != nil {
				s.log.Error("outlining a trace", "trace", sh.ID(), "err", err)
			}
			return
		}
		_, err := sh.Layout(s.ctx, s.cfg.Layouter, explain.English, trace.ViewRoot, s.cfg.LayoutTimeout)
		switch {
		case errors.Is(err, show.ErrTooBigToDraw):
			s.log.Warn("a trace is too big to draw", "trace", sh.ID(), "nodes", sh.Tree().Size(), "limit", s.cfg.LayoutTimeout)
		case err != nil && s.ctx.Err() == nil:
			s.log.Error("laying out a trace", "trace", sh.ID(), "err", err)
		}
	})
}
