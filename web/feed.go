package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/live"
)

// FeedPath is where another program's search is posted as it runs (viz
// live does): a trace, header first, as the request's body, sent as the
// engine writes it.
const FeedPath = "/live"

// FeedContentType is the media type a feed must be sent with. A page of
// another site cannot send it without asking the server first (a CORS
// preflight, which the server does not answer), and the server refuses a
// cross-origin POST besides.
const FeedContentType = "application/x-ndjson"

// FeedAnswer is one line of the answer to a feed, JSON Lines: the first
// says where the search is shown, the last how it ended.
type FeedAnswer struct {
	// ID and Location name the search's trace and its viewer, on the
	// first line.
	ID       string `json:"id,omitempty"`
	Location string `json:"location,omitempty"`
	// Done, on the last line, says the search ended and its trace was
	// saved (or, when Unsaved says why, kept in memory only); Steps are
	// its events, Decision its result in words, as its viewer gives it
	// (with why it stopped early, if it did), and Notes the viewer's
	// other notes about it.
	Done     bool     `json:"done,omitempty"`
	Steps    int      `json:"steps,omitempty"`
	Decision string   `json:"decision,omitempty"`
	Notes    []string `json:"notes,omitempty"`
	Unsaved  string   `json:"unsaved,omitempty"`
	// Error says why the feed was refused or the answer could not go on.
	Error string `json:"error,omitempty"`
}

// handleFeed shows a search another program runs, from its trace sent
// as it is written, exactly as a search started from the page is shown.
func (s *Server) handleFeed(w http.ResponseWriter, r *http.Request) {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != FeedContentType {
		writeJSON(w, http.StatusUnsupportedMediaType, FeedAnswer{Error: fmt.Sprintf(
			"a search is fed as %s (a trace, header first, one line an event); this request is %q", FeedContentType, r.Header.Get("Content-Type"))})
		return
	}
	tr, err := trace.NewLimitedReader(r.Body, trace.Limits{Bytes: s.cfg.OpenBytes, Events: s.cfg.OpenEvents, Entries: MaxTraceEntries})
	if err != nil {
		writeJSON(w, http.StatusBadRequest, FeedAnswer{Error: "the feed's header: " + strings.TrimPrefix(err.Error(), "trace: ")})
		return
	}
	h := tr.Header()
	ls, err := s.searches.StartFeed(h, live.ReadFeed(tr, catalog.BoardFiller(h)), live.Options{Grace: s.idleCancel})
	if errors.Is(err, live.ErrBusy) {
		w.Header().Set("Retry-After", "5")
		writeJSON(w, http.StatusTooManyRequests, FeedAnswer{Error: err.Error()})
		return
	}
	if err != nil {
		writeJSON(w, http.StatusServiceUnavailable, FeedAnswer{Error: err.Error()})
		return
	}
	// The answer's first line goes out while the engine still writes:
	// the request's body is read after it.
	rc := http.NewResponseController(w)
	if err := rc.EnableFullDuplex(); err != nil {
		s.log.Warn("a feed's answer cannot go out before its end", "err", err)
	}
	w.Header().Set("Content-Type", FeedContentType)
	w.Header().Set("Cache-Control", "no-store")
	// The engine's end of the body may be unread when the search ends:
	// the connection is not used again.
	w.Header().Set("Connection", "close")
	enc := json.NewEncoder(w)
	enc.Encode(FeedAnswer{ID: ls.ID(), Location: "/t/" + ls.ID()})
	rc.Flush()
	waitErr := ls.Wait(r.Context())
	// A search stopped early stops reading: the rest of the body has
	// feedDrain to arrive before the connection is closed, so that an
	// engine that sends nothing more cannot hold it.
	rc.SetReadDeadline(time.Now().Add(feedDrain))
	if waitErr != nil {
		return // the engine's connection is gone; the search saves itself
	}
	if err := ls.Failure(); err != nil {
		enc.Encode(FeedAnswer{Error: strings.TrimPrefix(err.Error(), "live: ")})
		return
	}
	sh, _, _ := ls.Current()
	ans := FeedAnswer{Done: true, Steps: sh.Tree().Len(), Decision: sh.Decision(), Notes: sh.Notes(), Unsaved: sh.SaveErr()}
	if err := enc.Encode(ans); err != nil {
		s.log.Info("a feed's engine left before its answer", "trace", ls.ID(), "err", err)
	}
}
