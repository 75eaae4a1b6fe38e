package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/web"
)

// shutdownGrace is how long a stopping server waits for requests in
// flight.
const shutdownGrace = 5 * time.Second

// maxSaving bounds how long a stopping server waits for its running
// searches to save what they recorded: each save is a fold and a write,
// a few seconds for the biggest, so the wait follows from the work left
// and this only guards against a save that hangs (a stuck disk). A
// second Ctrl-C stops at once.
const maxSaving = 2 * time.Minute

// serveMemoryLimit is viz serve's soft memory limit unless GOMEMLIMIT sets
// one: near it the Go runtime collects garbage harder, so that bursts of
// folding (several searches and uploads at once) stay within a laptop's
// means instead of growing the heap to twice what is live.
const serveMemoryLimit = 1 << 30

// hostList is a flag that may be given several times, each a host name or
// a comma-separated list of them.
type hostList []string

func (h *hostList) String() string { return strings.Join(*h, ",") }

func (h *hostList) Set(v string) error {
	for name := range strings.SplitSeq(v, ",") {
		if name = strings.TrimSpace(name); name != "" {
			*h = append(*h, name)
		}
	}
	return nil
}

func cmdServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return serve(ctx, "serve", args, stdout, stderr)
}

func cmdReplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return serve(ctx, "replay", args, stdout, stderr)
}

// serve runs the web app until ctx ends, logging to stderr. For replay it
// first saves the trace file named by the one argument and prints its
// page's address.
func serve(ctx context.Context, name string, args []string, stdout, stderr io.Writer) error {
	return serveWith(ctx, name, args, stdout, stderr, nil)
}

// serveWith is serve that, once the server listens, runs then with its
// base URL in a goroutine of its own; the server goes on until ctx ends,
// or then returns an error.
func serveWith(ctx context.Context, name string, args []string, stdout, stderr io.Writer, then func(ctx context.Context, base string) error) error {
	replay := name == "replay"
	fs := newFlagSet(name)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on, `host:port`")
	data := fs.String("data", defaultDataDir(), "the `directory` of saved traces and of the arena's matches (under arena/)")
	verbose := fs.Bool("v", false, "log every request")
	var allow hostList
	fs.Var(&allow, "allow-host", "a further host `name` pages may use to reach the server (repeatable, or names separated by commas)")
	natsURL := fs.String("nats", "", "the `URL` of a NATS server with JetStream that replicas of the server share their traces through, e.g. nats://127.0.0.1:4222")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case replay && fs.NArg() != 1:
		return usagef("replay: want exactly one trace file, got %d arguments", fs.NArg())
	case !replay && fs.NArg() != 0:
		return usagef("%s: unexpected argument %q (flags: --addr, --allow-host, --data, --nats, -v)", name, fs.Arg(0))
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(serveMemoryLimit)
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))

	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding this program to run its layout worker: %w", err)
	}
	// Graphviz runs in a child process that is replaced as it grows, since
	// go-graphviz never frees what each drawing leaks.
	layouter := &render.Worker{Command: func() *exec.Cmd {
		cmd := exec.Command(exe, layoutWorkerCommand)
		cmd.Stderr = stderr
		return cmd
	}}
	defer layouter.Close()
	srv, err := web.New(ctx, web.Config{DataDir: *data, Layouter: layouter, Log: log, Program: programVersion(), Listen: *addr, AllowHosts: allow, NATS: *natsURL})
	if err != nil {
		return err
	}
	page := "/"
	if replay {
		if page, err = srv.Import(fs.Arg(0)); err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("%s is already in use: another viz may be running there; choose another with --addr 127.0.0.1:8081", *addr)
		}
		return fmt.Errorf("listening on %s: %w", *addr, err)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "searchviz is serving http://%s%s (Ctrl-C to stop)\n", ln.Addr(), page)
	log.Info("serving", "addr", ln.Addr().String(), "data", *data)

	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	thenErr := make(chan error, 1)
	if then != nil {
		go func() {
			if err := then(ctx, "http://"+ln.Addr().String()); err != nil {
				thenErr <- err
			}
		}()
	}
	var failed error // then's, which stops the server as Ctrl-C does
	select {
	case err := <-errc:
		return err
	case failed = <-thenErr:
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	err = hs.Shutdown(sctx)
	if n := srv.Running(); n > 0 {
		fmt.Fprintf(stdout, "saving what %d running %s recorded (Ctrl-C again to stop without it)\n", n, explain.Plural(n, "search", "searches"))
	}
	again, stopAgain := signalContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stopAgain()
	wctx, cancel := context.WithTimeout(again, maxSaving)
	defer cancel()
	if werr := srv.Wait(wctx); werr != nil {
		log.Error("stopping before every running search was saved", "err", werr)
		err = errors.Join(err, werr)
	}
	return errors.Join(failed, err)
}

// layoutWorkerCommand is the hidden command that serve runs as its layout
// worker process.
const layoutWorkerCommand = "layout-worker"

// cmdLayoutWorker lays out the DOT graphs it reads on standard input, for
// the server that started it (render.ServeLayouts).
func cmdLayoutWorker(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) > 0 {
		return usagef("%s takes no arguments; it is started by viz serve", layoutWorkerCommand)
	}
	var g render.Graphviz
	defer g.Close()
	return render.ServeLayouts(ctx, stdin, stdout, &g)
}

// defaultDataDir is where saved traces and arena matches live unless --data says otherwise:
// the user's data directory, or a folder under the temporary directory.
func defaultDataDir() string {
	if dir := os.Getenv("XDG_DATA_HOME"); dir != "" {
		return filepath.Join(dir, "searchviz")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".local", "share", "searchviz")
	}
	return filepath.Join(os.TempDir(), "searchviz")
}
