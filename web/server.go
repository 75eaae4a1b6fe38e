package web

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/a-h/templ"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/static"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/gallery"
	"github.com/searchviz/searchviz/web/internal/guard"
	"github.com/searchviz/searchviz/web/internal/live"
	"github.com/searchviz/searchviz/web/internal/matches"
	"github.com/searchviz/searchviz/web/internal/natsshare"
	"github.com/searchviz/searchviz/web/internal/rooms"
	"github.com/searchviz/searchviz/web/internal/show"
	"github.com/searchviz/searchviz/web/internal/tracestore"
	"github.com/searchviz/searchviz/web/templates"
)

// Config is what a Server needs.
type Config struct {
	// DataDir holds the saved traces; it is created if missing.
	DataDir string
	// Layouter draws trees; it must be safe for concurrent use.
	Layouter render.Layouter
	// Log receives the server's structured logs; nil discards them.
	Log *slog.Logger
	// Program names this program in the headers of traces it records.
	Program string
	// MaxUpload caps an uploaded trace in bytes; 0 means DefaultMaxUpload.
	MaxUpload int64
	// OpenBytes caps the bytes of a trace the server opens (uploaded,
	// replayed or saved), after decompression; 0 means MaxTraceBytes.
	// TraceBytes must stay under it, or the server cannot reopen the
	// searches it saved.
	OpenBytes int64
	// OpenEvents caps the events of a trace the server opens; 0 means
	// MaxTraceEvents. TraceEvents must stay under it.
	OpenEvents int
	// PageBytes caps what the viewer pages open at once hold of their
	// own; 0 means DefaultPageBytes.
	PageBytes int64
	// FoldBytes caps the memory of one trace the server folds, a whole
	// number of MiB as its messages name it; 0 means MaxFoldBytes.
	FoldBytes int64
	// TraceNodes caps the nodes a search from the page records; 0 means
	// DefaultTraceNodes.
	TraceNodes int
	// TracePlaceholders caps the pruned moves a search from the page
	// records; 0 means trace.MaxPlaceholders, the most a fold takes.
	TracePlaceholders int
	// SearchTime caps how long a search from the page runs; 0 means
	// DefaultSearchTime.
	SearchTime time.Duration
	// TraceEvents caps the events a search from the page records; 0
	// means DefaultTraceEvents.
	TraceEvents int
	// TraceBytes caps the encoded bytes a search from the page records;
	// 0 means DefaultTraceBytes.
	TraceBytes int64
	// MaxSearches caps the searches running at once; 0 means
	// DefaultMaxSearches.
	MaxSearches int
	// MaxUploads caps the uploads read at once; 0 means DefaultMaxUploads.
	MaxUploads int
	// CacheBytes caps the memory of the traces kept folded; 0 means
	// DefaultCacheBytes.
	CacheBytes int64
	// LayoutTimeout caps one drawing; 0 means DefaultLayoutTimeout.
	LayoutTimeout time.Duration
	// ExportNodes caps the nodes of a tree exported whole; 0 means
	// DefaultExportNodes.
	ExportNodes int
	// Listen is the address the server listens on; with AllowHosts it
	// names the hosts requests may be addressed to (see Host checks in
	// the package documentation). Empty means loopback only.
	Listen string
	// AllowHosts are more host names requests may be addressed to.
	AllowHosts []string
	// NATS is the address of a NATS server with JetStream, for replicas of
	// the server behind a load balancer: every trace saved goes to its
	// object store too, and a trace this replica lacks is fetched from
	// there; rooms span the replicas. New fails if it cannot reach NATS
	// or NATS has no JetStream; once started, the server rides out NATS
	// going away and coming back. Empty keeps everything in DataDir.
	NATS string
}

// setDefaults fills in the zero fields of cfg.
func (cfg *Config) setDefaults() {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	setDefault(&cfg.MaxUpload, DefaultMaxUpload)
	setDefault(&cfg.OpenBytes, MaxTraceBytes)
	setDefault(&cfg.OpenEvents, MaxTraceEvents)
	setDefault(&cfg.PageBytes, DefaultPageBytes)
	setDefault(&cfg.FoldBytes, MaxFoldBytes)
	setDefault(&cfg.TraceNodes, DefaultTraceNodes)
	setDefault(&cfg.TracePlaceholders, trace.MaxPlaceholders)
	setDefault(&cfg.SearchTime, DefaultSearchTime)
	setDefault(&cfg.TraceEvents, DefaultTraceEvents)
	setDefault(&cfg.TraceBytes, DefaultTraceBytes)
	setDefault(&cfg.MaxSearches, DefaultMaxSearches)
	setDefault(&cfg.MaxUploads, DefaultMaxUploads)
	setDefault(&cfg.CacheBytes, DefaultCacheBytes)
	setDefault(&cfg.LayoutTimeout, DefaultLayoutTimeout)
	setDefault(&cfg.ExportNodes, DefaultExportNodes)
}

func setDefault[T int | int64 | time.Duration](field *T, def T) {
	if *field <= 0 {
		*field = def
	}
}

// Server is the web app: the start page, searches, the viewer and its
// websocket, uploads and exports. Build one with New; it is an
// http.Handler safe for concurrent use.
type Server struct {
	ctx    context.Context // ends every websocket when the server stops
	cfg    Config
	log    *slog.Logger
	store  *tracestore.Store
	shared *natsshare.Link // with Config.NATS, the link to NATS; nil without
	shows  *show.Cache
	mux    *http.ServeMux
	static http.Handler

	// pageBytes is what the viewer pages open hold of their own, each
	// page's share counted after each of its frames (viewer.account).
	pageBytes atomic.Int64

	examples gallery.Runner // the traces of the gallery's examples, once run

	searches *live.Runner // the searches started from the page

	arenas   *matches.Hub     // the arena matches started from the page, kept in DataDir/arena
	players  *matches.Players // the games played against an engine from play pages
	playIdle time.Duration    // PlayIdle; tests shorten it
	rooms    *rooms.Hub       // the classroom rooms open, by code
	// roomHello is how long a room's page has to say hello (helloWait);
	// tests shorten it.
	roomHello time.Duration

	matcher gallery.Matcher // pairs the steps of a comparison's viewers for "step both"

	// Searches run under searchCtx, which ends with live.ErrShutdown when the
	// server stops; running counts them until their traces are saved.
	searchCtx    context.Context
	stopSearches context.CancelCauseFunc
	running      sync.WaitGroup

	uploads  chan struct{} // a token per upload being read
	handouts chan struct{} // a token per handout being made
	handler  http.Handler  // the routes behind the guards

	// Seams for tests: a wrapper around every live search's tracer, how
	// long a search runs unwatched (0 for live.WatchGrace), and the cap on a
	// handout's bytes (MaxHandoutBytes).
	slowTracer   func(trace.Tracer) trace.Tracer
	idleCancel   time.Duration
	handoutBytes int64
}

// New returns a server for cfg. Its websockets end when ctx does.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Layouter == nil {
		return nil, errors.New("web: Config.Layouter is required")
	}
	if cfg.DataDir == "" {
		return nil, errors.New("web: Config.DataDir is required")
	}
	cfg.setDefaults()
	st, err := tracestore.Open(cfg.DataDir, cfg.Log, trace.Limits{Bytes: cfg.OpenBytes, Events: cfg.OpenEvents, Entries: MaxTraceEntries}, cfg.FoldBytes)
	if err != nil {
		return nil, err
	}
	var (
		shared  *natsshare.Link  // with cfg.NATS, the link to NATS
		bus     *natsshare.Rooms // the rooms' bus between replicas
		replica string           // and this replica's name on it
		started bool             // New returns the server: it closes shared when ctx ends
	)
	if cfg.NATS != "" {
		if shared, err = natsshare.Dial(ctx, cfg.NATS, "viz "+cfg.Program, cfg.Log); err != nil {
			return nil, err
		}
		defer func() {
			if !started {
				shared.Close()
			}
		}()
		if err := st.ShareWith(shared); err != nil {
			return nil, err
		}
		if bus, err = natsshare.NewRooms(ctx, shared, cfg.Log); err != nil {
			return nil, err
		}
		if replica, err = rooms.NewKey(); err != nil {
			return nil, err
		}
	}
	arenas, err := matches.OpenHub(filepath.Join(st.Dir(), arenaDir), cfg.Log)
	if err != nil {
		return nil, err
	}
	assets, err := fs.Sub(static.FS, ".")
	if err != nil {
		return nil, err
	}
	s := &Server{
		ctx:      ctx,
		cfg:      cfg,
		log:      cfg.Log,
		store:    st,
		shared:   shared,
		shows:    show.NewCache(cfg.CacheBytes),
		mux:      http.NewServeMux(),
		static:   http.StripPrefix("/static/", http.FileServerFS(assets)),
		uploads:  make(chan struct{}, cfg.MaxUploads),
		handouts: make(chan struct{}, MaxHandouts),
		arenas:   arenas,
		players:  matches.NewPlayers(MaxPlayGames),
		playIdle: PlayIdle,

		roomHello: helloWait,

		handoutBytes: MaxHandoutBytes,
	}
	hub := rooms.Config{Log: cfg.Log}
	if bus != nil {
		hub.Bus, hub.Replica = bus, replica
	}
	s.rooms = rooms.New(ctx, hub)
	context.AfterFunc(ctx, func() {
		s.rooms.EndAll("The room ended: the server is stopping.")
		if shared != nil {
			bus.Flush()
			shared.Close()
		}
	})
	s.searchCtx, s.stopSearches = context.WithCancelCause(context.WithoutCancel(ctx))
	context.AfterFunc(ctx, func() { s.stopSearches(live.ErrShutdown) })
	s.searches = live.NewRunner(s.searchCtx, live.Config{
		Limits: live.Limits{Nodes: cfg.TraceNodes, Events: cfg.TraceEvents, Placeholders: cfg.TracePlaceholders, Bytes: cfg.TraceBytes, Time: cfg.SearchTime, Searches: cfg.MaxSearches},
		Store:  liveStore{s.store, func(err error) string { return s.storageError(explain.English, err) }}, Keep: s.keep, NewID: tracestore.NewID, Log: s.log, Running: &s.running,
	})
	hosts, err := guard.NewHosts(cfg.Listen, cfg.AllowHosts)
	if err != nil {
		return nil, err
	}
	if shared != nil {
		err := shared.Watch(func(id string) {
			defer func() { recovered(s.log, recover(), "dropping a trace another replica deleted", "trace", id) }()
			st.DropCopy(id)
			s.shows.Drop(id)
		})
		if err != nil {
			return nil, err
		}
		shared.OnLink(func(up bool) {
			defer func() { recovered(s.log, recover(), "news of the link to NATS", "up", up) }()
			s.rooms.SetLink(up)
			if up {
				st.RetrySharing()
			}
		})
		s.goSafe("publishing the rooms' events", func() { bus.Run(ctx) })
		s.goSafe("sharing the traces saved while NATS was away", func() { st.KeepSharing(ctx) })
	}
	s.routes()
	s.handler = guard.New(withLang(s.mux), hosts, s.log)
	started = true
	return s, nil
}

// Wait returns when every search that was running when the server's
// context ended has saved what it recorded, or when ctx ends first.
func (s *Server) Wait(ctx context.Context) error {
	done := make(chan struct{})
	go func() {
		s.running.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("web: searches still saving: %w", ctx.Err())
	}
}

func (s *Server) routes() {
	s.mux.HandleFunc("GET /{$}", s.handleIndex)
	s.mux.HandleFunc("GET /new", s.handleNewSearch)
	s.mux.HandleFunc("GET /lang/{code}", s.handleLang)
	s.mux.HandleFunc("GET /traces", s.handleTraces)
	s.mux.HandleFunc("POST /run", s.handleRun)
	s.mux.HandleFunc("POST /editor", s.handleEditor)
	s.mux.HandleFunc("POST /upload", s.handleUpload)
	s.mux.HandleFunc("POST "+FeedPath, s.handleFeed)
	s.mux.HandleFunc("GET /example/{name}", s.handleExample)
	s.mux.HandleFunc("GET /compare/{name}", s.handleCompare)
	s.mux.HandleFunc("GET /compare/{name}/summary", s.handleCompareSummary)
	s.mux.HandleFunc("GET /compare/{name}/match", s.handleCompareMatch)
	s.mux.HandleFunc("GET /counts", s.handleCounts)
	s.mux.HandleFunc("GET /arena", s.handleArenaForm)
	s.mux.HandleFunc("POST /arena", s.handleArenaStart)
	s.mux.HandleFunc("GET /arena/{id}", s.handleArenaMatch)
	s.mux.HandleFunc("GET /arena/{id}/status", s.handleArenaStatus)
	s.mux.HandleFunc("POST /arena/{id}/stop", s.handleArenaStop)
	s.mux.HandleFunc("GET /arena/{id}/game/{index}", s.handleArenaGame)
	s.mux.HandleFunc("GET /arena/{id}/game/{index}/record", s.handleArenaRecord)
	s.mux.HandleFunc("POST /arena/{id}/game/{index}/move/{ply}/turn/{turn}/tree", s.handleArenaTree)
	s.mux.HandleFunc("GET /play", s.handlePlay)
	s.mux.HandleFunc("GET /play/ws", s.handlePlaySocket)
	s.mux.HandleFunc("POST /play/tree", s.handlePlayTree)
	s.mux.HandleFunc("GET /exercise", s.handleExercise)
	s.mux.HandleFunc("POST /rooms", s.handleRoomOpen)
	s.mux.HandleFunc("GET /r", s.handleRoomJoin)
	s.mux.HandleFunc("GET /r/{code}", s.handleRoomJoin)
	s.mux.HandleFunc("POST /rooms/{code}/answers", s.handleRoomAnswer)
	s.mux.HandleFunc("GET /rooms/{code}/qr.svg", s.handleRoomQR)
	s.mux.HandleFunc("GET /rooms/{code}/ws", s.handleRoomSocket)
	s.mux.HandleFunc("GET /t/{id}", s.handleViewer)
	s.mux.HandleFunc("DELETE /t/{id}", s.handleDelete)
	s.mux.HandleFunc("GET /t/{id}/layout.svg", s.handleLayout)
	s.mux.HandleFunc("GET /t/{id}/counts", s.handleTraceCounts)
	s.mux.HandleFunc("GET /t/{id}/export.svg", s.handleExport("svg"))
	s.mux.HandleFunc("GET /t/{id}/export.dot", s.handleExport("dot"))
	s.mux.HandleFunc("GET /t/{id}/handout.zip", s.handleHandout)
	s.mux.HandleFunc("GET /t/{id}/handout.html", s.handleHandoutHTML)
	s.mux.HandleFunc("GET /t/{id}/trace", s.handleTraceFile)
	s.mux.HandleFunc("GET /t/{id}/ws", s.handleSocket)
	s.mux.HandleFunc("GET /tree.css", s.handleTreeCSS)
	s.mux.Handle("GET /static/", s.static)
}

// ServeHTTP serves the app.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
	defer s.recoverRequest(rec, r)
	s.handler.ServeHTTP(rec, r)
	s.log.Debug("request", "method", r.Method, "path", r.URL.Path, "status", rec.status, "duration", time.Since(start))
}

// page writes a templ component as an HTML page with the given status.
func (s *Server) page(w http.ResponseWriter, r *http.Request, status int, c templ.Component) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := c.Render(r.Context(), w); err != nil {
		s.log.Error("rendering a page", "path", r.URL.Path, "err", err)
	}
}

// message answers with a page that says one thing.
func (s *Server) message(w http.ResponseWriter, r *http.Request, status int, title, text string) {
	s.page(w, r, status, templates.MessagePage(templates.Message{Title: title, Text: text}))
}

func (s *Server) handleTraces(w http.ResponseWriter, r *http.Request) {
	saved, err := s.store.List()
	if err != nil {
		s.log.Error("listing traces", "err", err)
		s.message(w, r, http.StatusInternalServerError, templates.T(r.Context(), "Cannot list traces"), s.publicError(templates.LangOf(r.Context()), err))
		return
	}
	s.page(w, r, http.StatusOK, templates.TracesPage(templates.Traces{Saved: savedRows(templates.LangOf(r.Context()), s.markExamples(saved)), DataDir: s.cfg.DataDir}))
}
