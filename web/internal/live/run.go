package live

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/safely"
	"github.com/searchviz/searchviz/web/internal/show"
)

// Why a search from the page stopped early, as its context's cause.
var (
	// ErrShutdown is the cause that ends the runner's context when the
	// server stops: searches stop and save what they recorded.
	ErrShutdown  = errors.New("the server was stopped")
	errUnwatched = errors.New("nobody was watching")
	errTimeLimit = errors.New("the search reached its time limit")
)

// ErrBusy refuses a search past the cap on searches running at once.
var ErrBusy = errors.New("live: too many searches running")

// busyError says how many searches run, the most the server runs at once.
type busyError struct{ running int }

func (e *busyError) Error() string {
	return fmt.Sprintf("%d searches are running, the most this server runs at once; try again when one ends.", e.running)
}

func (e *busyError) Is(target error) bool { return target == ErrBusy }

// Store saves the traces of finished searches, and keeps their layouts.
type Store interface {
	show.Layouts
	// SaveAs writes the trace of a search under id.
	SaveAs(id string, h trace.Header, events iter.Seq[trace.Event]) error
	// Reason says, for a page, why a save failed.
	Reason(err error) string
}

// Limits cap what a search records, how long it runs, and the searches
// running at once.
type Limits struct {
	Nodes, Events, Placeholders int
	Bytes                       int64
	Time                        time.Duration
	Searches                    int
}

// Config is what a Runner needs.
type Config struct {
	Limits Limits
	Store  Store
	// Keep caches a finished search's show for the pages that open it.
	Keep func(*show.Show)
	// NewID names a new search's trace.
	NewID func() string
	Log   *slog.Logger
	// Running counts the searches until their traces are saved.
	Running *sync.WaitGroup
}

// Options change one search: Tracer wraps its tracer, and Grace, when
// not 0, is how long it runs unwatched in place of WatchGrace.
type Options struct {
	Tracer func(trace.Tracer) trace.Tracer
	Grace  time.Duration
}

// Runner runs the searches started from the page under its context,
// whose cause, when it ends, is the note their saved traces carry. It is
// safe for concurrent use.
type Runner struct {
	ctx context.Context
	cfg Config

	mu   sync.Mutex
	live map[string]*Search // running searches by trace id
}

// NewRunner returns a runner of searches under ctx.
func NewRunner(ctx context.Context, cfg Config) *Runner {
	return &Runner{ctx: ctx, cfg: cfg, live: map[string]*Search{}}
}

// Start checks req, starts it in the background and returns it at once;
// the search's page shows it as it grows. Past the cap on searches
// running at once it returns an error matching ErrBusy.
func (r *Runner) Start(req catalog.Request, opts Options) (*Search, error) {
	run, err := catalog.Prepare(req)
	if err != nil {
		return nil, err
	}
	return r.start(run.Header(), run.Search, opts)
}

// A Feed passes the events of a search that runs elsewhere to tr as they
// come, until its end or ctx's, and returns the nodes it searched.
// search.ErrBudget says that tr took no more; another error that the
// search stopped short, and why.
type Feed func(ctx context.Context, tr trace.Tracer) (nodes int, err error)

// StartFeed starts showing the search whose header is h and whose events
// feed passes on, another program's, exactly as a search from the page
// is shown: the same snapshots, budgets and limits, cancelled when nobody
// watches, saved when it ends, with a note when it stopped short.
func (r *Runner) StartFeed(h trace.Header, feed Feed, opts Options) (*Search, error) {
	return r.start(h, func(ctx context.Context, tr trace.Tracer) (search.Result, error) {
		nodes, err := feed(ctx, tr)
		return search.Result{Counters: trace.Counters{Nodes: nodes}}, err
	}, opts)
}

// searchFunc runs a search that reports its events to tr.
type searchFunc func(ctx context.Context, tr trace.Tracer) (search.Result, error)

// start runs search in the background under the runner's limits.
func (r *Runner) start(h trace.Header, run searchFunc, opts Options) (*Search, error) {
	lim := r.cfg.Limits
	ctx, cancel := context.WithCancelCause(r.ctx)
	ctx, stopTimer := context.WithTimeoutCause(ctx, lim.Time, errTimeLimit)
	ls := &Search{
		id:      r.cfg.NewID(),
		header:  h,
		rec:     trace.NewBudgetRecorder(trace.Budget{Nodes: lim.Nodes, Events: lim.Events - 1, Bytes: lim.Bytes - CutNoteBytes, Placeholders: lim.Placeholders}),
		grew:    make(chan struct{}, 1),
		changed: make(chan struct{}),
		cancel:  func() { cancel(errUnwatched) },
		grace:   cmpOr(opts.Grace, WatchGrace),
	}
	ls.idle = time.AfterFunc(ls.grace, ls.cancel)
	r.mu.Lock()
	var refused error
	switch n := len(r.live); {
	case r.ctx.Err() != nil:
		refused = errors.New("the server is stopping; it starts no more searches")
	case n >= lim.Searches:
		refused = &busyError{running: n}
	}
	if refused != nil {
		r.mu.Unlock()
		ls.idle.Stop()
		stopTimer()
		cancel(nil)
		return nil, refused
	}
	r.live[ls.id] = ls
	r.cfg.Running.Add(1)
	r.mu.Unlock()
	var tr trace.Tracer = ls
	if opts.Tracer != nil {
		tr = opts.Tracer(tr)
	}
	go func() {
		defer r.cfg.Running.Done()
		defer stopTimer()
		defer cancel(nil)
		defer func() {
			if safely.Recovered(r.cfg.Log, recover(), "a live search", "trace", ls.id) {
				r.forget(ls.id)
			}
		}()
		r.run(ctx, ls, run, tr)
	}()
	return ls, nil
}

func cmpOr(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// forget drops the running search of id.
func (r *Runner) forget(id string) {
	r.mu.Lock()
	delete(r.live, id)
	r.mu.Unlock()
}

// Running returns the number of searches running or saving what they
// recorded.
func (r *Runner) Running() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.live)
}

// Lookup returns the running search of id, or nil.
func (r *Runner) Lookup(id string) *Search {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.live[id]
}

// search runs the search, turning a panic into an error so that what it
// recorded is saved all the same.
func (r *Runner) search(ctx context.Context, run searchFunc, tr trace.Tracer) (res search.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			safely.Recovered(r.cfg.Log, p, "a search")
			err = fmt.Errorf("the search failed: %v", p)
		}
	}()
	return run(ctx, tr)
}

// run runs the search, publishes snapshots while it runs, and saves its
// trace when it ends. A search stopped before its end, by the server
// stopping, by its time limit or with nobody watching, is saved with a
// note that says so.
func (r *Runner) run(ctx context.Context, ls *Search, run searchFunc, tr trace.Tracer) {
	defer r.forget(ls.id)
	log := r.cfg.Log.With("trace", ls.id)
	searched := make(chan struct{})
	var snapshots sync.WaitGroup
	snapshots.Go(func() {
		defer func() { safely.Recovered(log, recover(), "the snapshots of a live search") }()
		snapshotsOf(ls, searched, log)
	})

	res, err := r.search(ctx, run, tr)
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
		note = cutShortNote(cause, res.Nodes)
	case err != nil:
		log.Error("search failed", "err", err)
		note = failedNote(err)
	}
	r.save(ls, recorded, note, res.Nodes, log)
}

// cutShortNote is the note a search stopped by cause after nodes nodes
// leaves in its trace. A trace keeps its notes in English, the search's
// words; explain.Lang.Note reads this one's form in the reader's language.
func cutShortNote(cause error, nodes int) string {
	return fmt.Sprintf("search cut short: %v after %s nodes; this trace holds what it recorded until then.", cause, explain.Thousands(nodes))
}

// failedNote is the note a search that failed with err leaves in its
// trace, in the form cutShortNote's is read in.
func failedNote(err error) string {
	return fmt.Sprintf("search cut short: %.300v; this trace holds what it recorded until then.", err)
}

// save folds and saves a finished search's events, with a note about the
// whole search when note is not "", and makes them the search's last
// snapshot. A trace that cannot be saved is still shown, from memory, with
// the reason it was not saved.
func (r *Runner) save(ls *Search, recorded *trace.Builder, note string, nodes int, log *slog.Logger) {
	t, err := recorded.Tree()
	if err == nil && r.ctx.Err() != nil {
		r.saveStopping(ls, t, note, log)
		return
	}
	if err == nil && note != "" {
		t, err = foldSeq(withNote(t.Events(0), t.Len(), note))
	}
	var sh *show.Show
	if err == nil {
		sh, err = show.New(ls.id, ls.header, t)
	}
	if err != nil {
		log.Error("folding a finished search", "err", err)
		if sh, _, _ = ls.Current(); sh == nil {
			// Nothing to show, as when another program's trace breaks at
			// its first event: the search ends all the same, saying why.
			why := strings.TrimPrefix(err.Error(), "trace: ")
			if note != "" {
				why = note + " (" + why + ")"
			}
			r.forget(ls.id)
			ls.fail(why)
			return
		}
		ls.publish(sh, true)
		return
	}
	if err := r.cfg.Store.SaveAs(ls.id, ls.header, t.Events(0)); err != nil {
		log.Error("saving a search", "err", err)
		sh.SetUnsaved("This search could not be saved in the data directory (" + r.cfg.Store.Reason(err) +
			"). It is kept in memory until the server stops or needs the room; download its trace file to keep it.")
	} else {
		log.Info("search recorded", "game", ls.header.Game, "algo", ls.header.Algorithm, "nodes", nodes, "events", t.Len())
		sh.ShareLayouts(r.cfg.Store) // saved: its layout can be shared like a loaded trace's
	}
	r.cfg.Keep(sh)
	// Unlisted before the last frame goes out, so that a page which has
	// it finds the saved search, not a running one.
	r.forget(ls.id)
	ls.publish(sh, true)
}

// saveStopping saves a search's folded events t, with note if it is not
// empty, as the server stops: only the file, in one pass over the events,
// since no page will show it from this server's memory.
func (r *Runner) saveStopping(ls *Search, t *trace.Tree, note string, log *slog.Logger) {
	events := t.Events(0)
	if note != "" {
		events = withNote(events, t.Len(), note)
	}
	if err := r.cfg.Store.SaveAs(ls.id, ls.header, events); err != nil {
		log.Error("saving a search as the server stops", "err", err)
		return
	}
	log.Info("search saved as the server stops", "events", t.Len())
}

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

// snapshotsOf publishes the growing trace every SnapshotEvery until
// searched is closed. A snapshot folds every event so far, so a big one
// waits snapshotCost times as long as it took to make before the next.
func snapshotsOf(ls *Search, searched <-chan struct{}, log *slog.Logger) {
	wait := time.NewTimer(SnapshotEvery)
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
			wait.Reset(SnapshotEvery)
			continue
		}
		start := time.Now()
		t, err := recorded.Tree()
		var sh *show.Show
		if err == nil {
			sh, err = show.New(ls.id, ls.header, t)
		}
		wait.Reset(max(SnapshotEvery, snapshotCost*time.Since(start)))
		if err != nil {
			log.Error("folding a running search", "err", err)
			continue
		}
		published = recorded.Len()
		ls.publish(sh, false)
	}
}
