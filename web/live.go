package web

import (
	"context"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/web/internal/live"
	"github.com/searchviz/searchviz/web/internal/show"
	"github.com/searchviz/searchviz/web/internal/tracestore"
)

// startSearch checks req, starts it in the background and returns its id
// at once; the search's page shows it as it grows. Past the cap on
// searches running at once it returns an error matching live.ErrBusy.
func (s *Server) startSearch(req catalog.Request) (string, error) {
	ls, err := s.searches.Start(req, live.Options{Tracer: s.slowTracer, Grace: s.idleCancel})
	if err != nil {
		return "", err
	}
	return ls.ID(), nil
}

// Running returns the number of searches running or saving what they
// recorded: those Wait waits for once the server's context has ended.
func (s *Server) Running() int { return s.searches.Running() }

// liveSearch returns the running search of id, or nil.
func (s *Server) liveSearch(id string) *live.Search { return s.searches.Lookup(id) }

// showOf returns what to show for trace id: the latest snapshot of a
// running search, with the search, or a saved trace.
func (s *Server) showOf(ctx context.Context, id string) (*show.Show, *live.Search, error) {
	if ls := s.liveSearch(id); ls != nil {
		sh, err := ls.First(ctx)
		if err != nil {
			return nil, nil, err
		}
		return sh, ls, nil
	}
	sh, err := s.shows.Get(ctx, s.store, id)
	return sh, nil, err
}

// liveStore is the trace store as the live searches save to it, with the
// words the pages give for a data directory that failed.
type liveStore struct {
	*tracestore.Store
	reason func(error) string
}

// Reason says, for a page, why a save failed.
func (l liveStore) Reason(err error) string { return l.reason(err) }
