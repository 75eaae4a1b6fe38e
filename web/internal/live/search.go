package live

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
)

// ErrStarting says a search has produced nothing to show yet.
var ErrStarting = errors.New("live: the search has not recorded anything yet")

// Search is a search started from the page and still running. Its pages
// see it through snapshots, the trace so far folded into a show, made at
// most every SnapshotEvery, so that the tree grows on screen while the
// layout work stays bounded. When the search ends, its trace is saved
// under the same id and the last snapshot is the saved trace's. It is
// safe for concurrent use.
type Search struct {
	id     string
	header trace.Header

	// The search's tracer: a Recorder behind a lock, with a signal that
	// there is something new.
	recMu sync.Mutex
	rec   *trace.Recorder
	grew  chan struct{} // capacity 1

	mu       sync.Mutex
	snap     *show.Show    // the latest snapshot; nil before the first
	done     bool          // the search ended and snap is the saved trace, or nil and failed says why
	failed   string        // why a search that ended has nothing to show
	changed  chan struct{} // closed and replaced when snap changes
	watchers int
	idle     *time.Timer   // cancels the search when nobody has watched for grace
	grace    time.Duration // how long the search runs unwatched
	cancel   func()        // stops the search: nobody watched it for grace
}

// ID returns the id the search's trace is saved under.
func (ls *Search) ID() string { return ls.id }

// Emit records e for the watchers.
func (ls *Search) Emit(e trace.Event) {
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
func (ls *Search) recorded() *trace.Builder {
	ls.recMu.Lock()
	defer ls.recMu.Unlock()
	return ls.rec.Freeze()
}

// Truncated reports whether the search reached one of its budgets, after
// which only its decision is recorded.
func (ls *Search) Truncated() bool {
	ls.recMu.Lock()
	defer ls.recMu.Unlock()
	return ls.rec.Truncated()
}

// Len returns the number of events recorded so far.
func (ls *Search) Len() int {
	ls.recMu.Lock()
	defer ls.recMu.Unlock()
	return ls.rec.Len()
}

// Current returns the latest snapshot, whether it is final, and a channel
// closed when a newer one replaces it.
func (ls *Search) Current() (*show.Show, bool, <-chan struct{}) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	return ls.snap, ls.done, ls.changed
}

// First returns the latest snapshot, waiting at most FirstSnapshotWait
// for the first; past it the error is ErrStarting.
func (ls *Search) First(ctx context.Context) (*show.Show, error) {
	timeout := time.NewTimer(FirstSnapshotWait)
	defer timeout.Stop()
	for {
		sh, done, changed := ls.Current()
		if sh != nil {
			return sh, nil
		}
		if done {
			return nil, ls.Failure()
		}
		select {
		case <-changed:
		case <-timeout.C:
			return nil, ErrStarting
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// Wait returns when the search has ended and its trace is saved, or with
// ctx's error.
func (ls *Search) Wait(ctx context.Context) error {
	for {
		_, done, changed := ls.Current()
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
func (ls *Search) publish(sh *show.Show, done bool) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	ls.snap, ls.done = sh, done
	close(ls.changed)
	ls.changed = make(chan struct{})
	if done && ls.idle != nil {
		ls.idle.Stop()
	}
}

// fail ends a search that has nothing to show, saying why.
func (ls *Search) fail(why string) {
	ls.mu.Lock()
	ls.failed = why
	ls.mu.Unlock()
	ls.publish(nil, true)
}

// Failure returns why a search that ended has nothing to show, as an
// error, or nil if it has something.
func (ls *Search) Failure() error {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.done && ls.snap == nil {
		return fmt.Errorf("live: the search has nothing to show: %s", ls.failed)
	}
	return nil
}

// Watch counts a page watching the search; the returned function ends
// the watch. When the last page leaves a running search, the search is
// cancelled after its grace unless a page comes back.
func (ls *Search) Watch() (unwatch func()) {
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

// Cancel stops the search as one nobody watches is stopped; it is saved
// with a note that says so.
func (ls *Search) Cancel() { ls.cancel() }
