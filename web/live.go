package web

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/searchviz/searchviz/engine"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// Pacing of live searches.
const (
	snapshotEvery = 400 * time.Millisecond // how often watchers see a running search grow
	watchGrace    = 10 * time.Second       // how long a search runs with nobody watching
)

// liveSearch is a search started from the page and still running. Its
// pages see it through snapshots, the trace so far folded into a show,
// made at most every snapshotEvery, so that the tree grows on screen
// while the layout work stays bounded. When the search ends, its trace is
// saved under the same id and the last snapshot is the saved trace's.
type liveSearch struct {
	id     string
	header trace.Header

	// The search's tracer: a Recorder behind a lock, with a signal that
	// there is something new.
	recMu sync.Mutex
	rec   *trace.Recorder
	grew  chan struct{} // capacity 1

	mu       sync.Mutex
	snap     *show         // the latest snapshot; nil before the first
	done     bool          // the search ended and snap is the saved trace
	changed  chan struct{} // closed and replaced when snap changes
	watchers int
	idle     *time.Timer   // cancels the search when nobody has watched for grace
	grace    time.Duration // how long the search runs unwatched
	cancel   context.CancelFunc
}

// Emit records e for the watchers.
func (ls *liveSearch) Emit(e trace.Event) {
	ls.recMu.Lock()
	ls.rec.Emit(e)
	ls.recMu.Unlock()
	select {
	case ls.grew <- struct{}{}:
	default:
	}
}

// events returns the events recorded so far.
func (ls *liveSearch) events() []trace.Event {
	ls.recMu.Lock()
	defer ls.recMu.Unlock()
	return ls.rec.Events()
}

// current returns the latest snapshot, whether it is final, and a channel
// closed when a newer one replaces it.
func (ls *liveSearch) current() (*show, bool, <-chan struct{}) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	return ls.snap, ls.done, ls.changed
}

// wait returns when the search has ended and its trace is saved, or with
// ctx's error.
func (ls *liveSearch) wait(ctx context.Context) error {
	for {
		_, done, changed := ls.current()
		if done {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// publish makes sh the latest snapshot and wakes every watcher.
func (ls *liveSearch) publish(sh *show, done bool) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	ls.snap, ls.done = sh, done
	close(ls.changed)
	ls.changed = make(chan struct{})
	if done && ls.idle != nil {
		ls.idle.Stop()
	}
}

// watch counts a page watching the search; the returned function ends
// the watch. When the last page leaves a running search, the search is
// cancelled after its grace unless a page comes back.
func (ls *liveSearch) watch() (unwatch func()) {
	ls.mu.Lock()
	ls.watchers++
	ls.idle.Stop()
	ls.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			ls.mu.Lock()
			defer ls.mu.Unlock()
			ls.watchers--
			if ls.watchers == 0 && !ls.done {
				ls.idle.Reset(ls.grace)
			}
		})
	}
}

// startSearch checks req, starts it in the background and returns its id
// at once; the search's page shows it as it grows.
func (s *Server) startSearch(req engine.Request) (string, error) {
	run, err := engine.Prepare(req)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.cfg.SearchTime)
	ls := &liveSearch{
		id:      newTraceID(),
		header:  run.Header(),
		rec:     trace.NewRecorder(s.cfg.TraceNodes),
		grew:    make(chan struct{}, 1),
		changed: make(chan struct{}),
		cancel:  cancel,
		grace:   s.watchGrace(),
	}
	ls.idle = time.AfterFunc(ls.grace, cancel)
	s.liveMu.Lock()
	s.live[ls.id] = ls
	s.liveMu.Unlock()
	go s.runLive(ctx, cancel, ls, run)
	return ls.id, nil
}

func (s *Server) watchGrace() time.Duration {
	if s.idleCancel > 0 {
		return s.idleCancel
	}
	return watchGrace
}

// runLive runs the search, publishes snapshots while it runs, and saves
// its trace when it ends.
func (s *Server) runLive(ctx context.Context, cancel context.CancelFunc, ls *liveSearch, run *engine.Run) {
	defer cancel()
	log := s.log.With("trace", ls.id)
	var tr trace.Tracer = ls
	if s.slowTracer != nil {
		tr = s.slowTracer(tr)
	}
	searched := make(chan struct{})
	var snapshots sync.WaitGroup
	snapshots.Go(func() { s.snapshots(ls, searched, log) })

	res, err := run.Search(ctx, tr)
	close(searched)
	snapshots.Wait()
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		log.Info("search stopped at its time limit", "limit", s.cfg.SearchTime, "nodes", res.Nodes)
	case errors.Is(err, context.Canceled):
		log.Info("search cancelled: nobody was watching", "nodes", res.Nodes)
	case errors.Is(err, search.ErrBudget):
		log.Info("search stopped at its node budget", "nodes", res.Nodes)
	case err != nil:
		log.Error("search failed", "err", err)
	}

	events := ls.events()
	sh, ferr := loadShow(ls.id, ls.header, events)
	if ferr == nil {
		ferr = s.store.saveAs(ls.id, ls.header, events)
	}
	if ferr != nil {
		log.Error("saving a search", "err", ferr)
		if sh == nil {
			sh, _, _ = ls.current()
		}
	} else {
		s.shows.put(sh)
		log.Info("search recorded", "game", ls.header.Game, "algo", ls.header.Algorithm, "nodes", res.Nodes, "events", len(events))
	}
	if sh != nil {
		ls.publish(sh, true)
		s.prepareLayout(sh)
	}
	s.liveMu.Lock()
	delete(s.live, ls.id)
	s.liveMu.Unlock()
}

// snapshots publishes the growing trace every snapshotEvery until
// searched is closed.
func (s *Server) snapshots(ls *liveSearch, searched <-chan struct{}, log *slog.Logger) {
	ticker := time.NewTicker(snapshotEvery)
	defer ticker.Stop()
	published := 0
	for {
		select {
		case <-searched:
			return
		case <-ls.grew:
		}
		select {
		case <-searched:
			return
		case <-ticker.C:
		}
		events := ls.events()
		if len(events) == published {
			continue
		}
		sh, err := loadShow(ls.id, ls.header, events)
		if err != nil {
			log.Error("folding a running search", "err", err)
			continue
		}
		published = len(events)
		ls.publish(sh, false)
	}
}

// liveSearch returns the running search of id, or nil.
func (s *Server) liveSearch(id string) *liveSearch {
	s.liveMu.Lock()
	defer s.liveMu.Unlock()
	return s.live[id]
}

// firstSnapshotWait bounds how long a page waits for a new search's first
// snapshot before it is told the search is still starting.
const firstSnapshotWait = 3 * time.Second

// showOf returns what to show for trace id: the latest snapshot of a
// running search, with the search, or a saved trace.
func (s *Server) showOf(ctx context.Context, id string) (*show, *liveSearch, error) {
	if ls := s.liveSearch(id); ls != nil {
		timeout := time.NewTimer(firstSnapshotWait)
		defer timeout.Stop()
		for {
			sh, _, changed := ls.current()
			if sh != nil {
				return sh, ls, nil
			}
			select {
			case <-changed:
			case <-timeout.C:
				return nil, nil, errStarting
			case <-ctx.Done():
				return nil, nil, ctx.Err()
			}
		}
	}
	sh, err := s.shows.get(s.store, id)
	return sh, nil, err
}

// errStarting says a search has produced nothing to show yet.
var errStarting = errors.New("web: the search has not recorded anything yet")
