package web

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
	"github.com/searchviz/searchviz/web/internal/tracestore"
)

// Pacing of live searches.
const (
	snapshotEvery = 400 * time.Millisecond // how often watchers see a running search grow
	snapshotCost  = 4                      // a snapshot's making is at most a quarter of the time between snapshots
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
	snap     *show.Show    // the latest snapshot; nil before the first
	done     bool          // the search ended and snap is the saved trace
	changed  chan struct{} // closed and replaced when snap changes
	watchers int
	idle     *time.Timer   // cancels the search when nobody has watched for grace
	grace    time.Duration // how long the search runs unwatched
	cancel   func()        // stops the search: nobody watched it for grace
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

// recorded returns the events recorded so far, frozen, to fold while the
// search goes on.
func (ls *liveSearch) recorded() *trace.Builder {
	ls.recMu.Lock()
	defer ls.recMu.Unlock()
	return ls.rec.Freeze()
}

// current returns the latest snapshot, whether it is final, and a channel
// closed when a newer one replaces it.
func (ls *liveSearch) current() (*show.Show, bool, <-chan struct{}) {
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
func (ls *liveSearch) publish(sh *show.Show, done bool) {
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

// Why a search from the page stopped early, as its context's cause.
var (
	errShutdown  = errors.New("the server was stopped")
	errUnwatched = errors.New("nobody was watching")
	errTimeLimit = errors.New("the search reached its time limit")
)

// errBusy refuses a search past the cap on searches running at once.
var errBusy = errors.New("web: too many searches running")

// busyError says how many searches run, the most the server runs at once.
type busyError struct{ running int }

func (e *busyError) Error() string {
	return fmt.Sprintf("%d searches are running, the most this server runs at once; try again when one ends.", e.running)
}

func (e *busyError) Is(target error) bool { return target == errBusy }

// startSearch checks req, starts it in the background and returns its id
// at once; the search's page shows it as it grows. Past the cap on
// searches running at once it returns an error matching errBusy.
func (s *Server) startSearch(req catalog.Request) (string, error) {
	run, err := catalog.Prepare(req)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithCancelCause(s.searchCtx)
	ctx, stopTimer := context.WithTimeoutCause(ctx, s.cfg.SearchTime, errTimeLimit)
	ls := &liveSearch{
		id:      tracestore.NewID(),
		header:  run.Header(),
		rec:     trace.NewBudgetRecorder(trace.Budget{Nodes: s.cfg.TraceNodes, Events: s.cfg.TraceEvents - 1, Bytes: s.cfg.TraceBytes - cutNoteBytes, Placeholders: s.cfg.TracePlaceholders}),
		grew:    make(chan struct{}, 1),
		changed: make(chan struct{}),
		cancel:  func() { cancel(errUnwatched) },
		grace:   s.watchGrace(),
	}
	ls.idle = time.AfterFunc(ls.grace, ls.cancel)
	s.liveMu.Lock()
	var refused error
	switch n := len(s.live); {
	case s.searchCtx.Err() != nil:
		refused = errors.New("the server is stopping; it starts no more searches")
	case n >= s.cfg.MaxSearches:
		refused = &busyError{running: n}
	}
	if refused != nil {
		s.liveMu.Unlock()
		ls.idle.Stop()
		stopTimer()
		cancel(nil)
		return "", refused
	}
	s.live[ls.id] = ls
	s.running.Add(1)
	s.liveMu.Unlock()
	go func() {
		defer s.running.Done()
		defer stopTimer()
		defer cancel(nil)
		defer func() {
			if recovered(s.log, recover(), "a live search", "trace", ls.id) {
				s.forget(ls.id)
			}
		}()
		s.runLive(ctx, ls, run)
	}()
	return ls.id, nil
}

func (s *Server) watchGrace() time.Duration {
	if s.idleCancel > 0 {
		return s.idleCancel
	}
	return watchGrace
}

// forget drops the running search of id.
func (s *Server) forget(id string) {
	s.liveMu.Lock()
	delete(s.live, id)
	s.liveMu.Unlock()
}

// search runs the search, turning a panic into an error so that what it
// recorded is saved all the same.
func (s *Server) search(ctx context.Context, run *catalog.Run, tr trace.Tracer) (res search.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic in a search", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			err = fmt.Errorf("the search failed: %v", p)
		}
	}()
	return run.Search(ctx, tr)
}

// runLive runs the search, publishes snapshots while it runs, and saves
// its trace when it ends. A search stopped before its end, by the server
// stopping, by its time limit or with nobody watching, is saved with a
// note that says so.
func (s *Server) runLive(ctx context.Context, ls *liveSearch, run *catalog.Run) {
	defer s.forget(ls.id)
	log := s.log.With("trace", ls.id)
	var tr trace.Tracer = ls
	if s.slowTracer != nil {
		tr = s.slowTracer(tr)
	}
	searched := make(chan struct{})
	var snapshots sync.WaitGroup
	snapshots.Go(func() {
		defer func() { recovered(log, recover(), "the snapshots of a live search") }()
		s.snapshots(ls, searched, log)
	})

	res, err := s.search(ctx, run, tr)
	close(searched)
	snapshots.Wait()
	recorded := ls.recorded()
	cause := context.Cause(ctx)
	note := ""
	switch {
	case errors.Is(err, search.ErrBudget):
		log.Info("search stopped at its node budget", "nodes", res.Nodes)
	case err != nil && cause != nil:
		log.Info("search cut short", "why", cause, "nodes", res.Nodes, "events", recorded.Len())
		note = fmt.Sprintf("search cut short: %v after %s nodes; this trace holds what it recorded until then.", cause, explain.Thousands(res.Nodes))
	case err != nil:
		log.Error("search failed", "err", err)
		note = fmt.Sprintf("search cut short: %.300v; this trace holds what it recorded until then.", err)
	}
	s.save(ls, recorded, note, res.Nodes, log)
}

// save folds and saves a finished search's events, with a note about the
// whole search when note is not "", and makes them the search's last
// snapshot. A trace that cannot be saved is still shown, from memory, with
// the reason it was not saved.
func (s *Server) save(ls *liveSearch, recorded *trace.Builder, note string, nodes int, log *slog.Logger) {
	t, err := recorded.Tree()
	if err == nil && s.searchCtx.Err() != nil {
		s.saveStopping(ls, t, note, log)
		return
	}
	if err == nil && note != "" {
		t, err = foldSeq(withNote(treeEvents(t), t.Len(), note))
	}
	var sh *show.Show
	if err == nil {
		sh, err = show.New(ls.id, ls.header, t)
	}
	if err != nil {
		log.Error("folding a finished search", "err", err)
		if sh, _, _ = ls.current(); sh == nil {
			return
		}
		ls.publish(sh, true)
		return
	}
	if err := s.store.SaveAs(ls.id, ls.header, treeEvents(t)); err != nil {
		log.Error("saving a search", "err", err)
		sh.SetUnsaved("This search could not be saved in the data directory (" + s.storageError(err) +
			"). It is kept in memory until the server stops or needs the room; download its trace file to keep it.")
	} else {
		log.Info("search recorded", "game", ls.header.Game, "algo", ls.header.Algorithm, "nodes", nodes, "events", t.Len())
		sh.ShareLayouts(s.store) // saved: its layout can be shared like a loaded trace's
	}
	s.shows.Put(sh)
	// Unlisted before the last frame goes out, so that a page which has
	// it finds the saved search, not a running one.
	s.forget(ls.id)
	ls.publish(sh, true)
	s.prepareLayout(sh)
}

// saveStopping saves a search's folded events t, with note if it is not
// empty, as the server stops: only the file, in one pass over the events,
// since no page will show it from this server's memory.
func (s *Server) saveStopping(ls *liveSearch, t *trace.Tree, note string, log *slog.Logger) {
	events := treeEvents(t)
	if note != "" {
		events = withNote(events, t.Len(), note)
	}
	if err := s.store.SaveAs(ls.id, ls.header, events); err != nil {
		log.Error("saving a search as the server stops", "err", err)
		return
	}
	log.Info("search saved as the server stops", "events", t.Len())
}

// cutNoteBytes bounds the encoded size of the note runLive adds to a
// search cut short; a search's budget keeps room for it and one event.
const cutNoteBytes = 1 << 10

// withNote returns the n events of events with a note about the whole
// search added before the decision, if there is one, or at the end.
func withNote(events iter.Seq[trace.Event], n int, text string) iter.Seq[trace.Event] {
	return func(yield func(trace.Event) bool) {
		noted := false
		note := func(step int) bool {
			noted = true
			return yield(trace.Event{Kind: trace.KindNote, Step: step, Node: trace.NoNode, Text: text})
		}
		for e := range events {
			if e.Step == n-1 && e.Kind == trace.KindDecision && !note(e.Step) {
				return
			}
			if noted {
				e.Step++
			}
			if !yield(e) {
				return
			}
		}
		if !noted {
			note(n)
		}
	}
}

// foldSeq folds events into a Tree.
func foldSeq(events iter.Seq[trace.Event]) (*trace.Tree, error) {
	b := trace.NewBuilder()
	for e := range events {
		if err := b.Add(&e); err != nil {
			return nil, err
		}
	}
	return b.Tree()
}

// snapshots publishes the growing trace every snapshotEvery until
// searched is closed. A snapshot folds every event so far, so a big one
// waits snapshotCost times as long as it took to make before the next.
func (s *Server) snapshots(ls *liveSearch, searched <-chan struct{}, log *slog.Logger) {
	wait := time.NewTimer(snapshotEvery)
	defer wait.Stop()
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
		case <-wait.C:
		}
		recorded := ls.recorded()
		if recorded.Len() == published {
			wait.Reset(snapshotEvery)
			continue
		}
		start := time.Now()
		t, err := recorded.Tree()
		var sh *show.Show
		if err == nil {
			sh, err = show.New(ls.id, ls.header, t)
		}
		wait.Reset(max(snapshotEvery, snapshotCost*time.Since(start)))
		if err != nil {
			log.Error("folding a running search", "err", err)
			continue
		}
		published = recorded.Len()
		ls.publish(sh, false)
	}
}

// Running returns the number of searches running or saving what they
// recorded: those Wait waits for once the server's context has ended.
func (s *Server) Running() int {
	s.liveMu.Lock()
	defer s.liveMu.Unlock()
	return len(s.live)
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
func (s *Server) showOf(ctx context.Context, id string) (*show.Show, *liveSearch, error) {
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
	sh, err := s.shows.Get(ctx, s.store, id)
	return sh, nil, err
}

// errStarting says a search has produced nothing to show yet.
var errStarting = errors.New("web: the search has not recorded anything yet")
