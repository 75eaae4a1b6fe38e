package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/searchviz/searchviz/web"
)

// The pacing of viz live.
const (
	// probeTimeout bounds the wait for an answer from a server viz live
	// may use before it starts one of its own.
	probeTimeout = 2 * time.Second
	// maxAnswerLine caps a line of the server's answer to a feed.
	maxAnswerLine = 64 << 10
)

// cmdLive shows another program's search in the web app as it runs: the
// trace it writes on standard input ("-"), or the traces of the engines
// that connect to --listen, each fed to a server as the page's own live
// searches are shown. It uses the server at --server, or at --addr if one
// answers there, or else serves the web app itself until Ctrl-C.
func cmdLive(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("live")
	server := fs.String("server", "", "the `URL` of a running viz serve to show the search in; without it, the server at --addr, started there if none answers")
	addr := fs.String("addr", "127.0.0.1:8080", "the address of the server to use or start, `host:port`")
	listen := fs.String("listen", "", "accept engines on this `host:port`: each connection's stream is a trace, shown as one live search")
	data := fs.String("data", defaultDataDir(), "the `directory` of saved traces of a server viz live starts")
	verbose := fs.Bool("v", false, "log every request of a server viz live starts")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *listen == "" && (fs.NArg() != 1 || fs.Arg(0) != stdio):
		return usagef("live: want - to read the engine's trace from standard input, or --listen HOST:PORT for engines that connect")
	case *listen != "" && fs.NArg() != 0:
		return usagef("live: --listen takes no argument (got %q): engines connect to it", fs.Arg(0))
	}
	feed := func(ctx context.Context, base string) error {
		if *listen != "" {
			return listenFeeds(ctx, base, *listen, stdout, stderr)
		}
		return feedTrace(ctx, base, stdin, stdout)
	}
	base := strings.TrimSuffix(*server, "/")
	if base == "" && answers(ctx, "http://"+*addr) {
		base = "http://" + *addr
	}
	if base != "" {
		return feed(ctx, base)
	}
	serveArgs := []string{"--addr", *addr, "--data", *data}
	if *verbose {
		serveArgs = append(serveArgs, "-v")
	}
	return serveWith(ctx, "live", serveArgs, stdout, stderr, func(ctx context.Context, base string) error {
		if err := feed(ctx, base); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "still serving %s (Ctrl-C to stop)\n", base)
		return nil
	})
}

// feedClient sends feeds: each on a connection of its own, which the
// server closes once the search ends, whether or not it read the rest.
var feedClient = &http.Client{Transport: &http.Transport{Proxy: http.ProxyFromEnvironment, DisableKeepAlives: true}}

// answers reports whether a searchviz server answers at base.
func answers(ctx context.Context, base string) bool {
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/", nil)
	if err != nil {
		return false
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	res.Body.Close()
	return res.StatusCode == http.StatusOK
}

// feedTrace sends the trace trace reads to the server at base as a live
// search, says on out where to watch it, and returns when the server has
// saved it, with an error if it stopped short.
func feedTrace(ctx context.Context, base string, trace io.Reader, out io.Writer) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+web.FeedPath, trace)
	if err != nil {
		return fmt.Errorf("live: %w", err)
	}
	req.Header.Set("Content-Type", web.FeedContentType)
	res, err := feedClient.Do(req)
	if err != nil {
		return fmt.Errorf("live: sending the trace to %s: %w", base, err)
	}
	defer res.Body.Close()
	answers := bufio.NewScanner(res.Body)
	answers.Buffer(nil, maxAnswerLine)
	next := func() (web.FeedAnswer, error) {
		var a web.FeedAnswer
		if !answers.Scan() {
			err := answers.Err()
			if err == nil {
				err = io.ErrUnexpectedEOF
			}
			return a, fmt.Errorf("live: the server at %s stopped answering: %w", base, err)
		}
		if err := json.Unmarshal(answers.Bytes(), &a); err != nil {
			return a, fmt.Errorf("live: the server at %s answered %.200q, not a feed's answer: %w", base, answers.Text(), err)
		}
		if a.Error != "" {
			return a, fmt.Errorf("live: %s", a.Error)
		}
		return a, nil
	}
	first, err := next()
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "watch the search at %s%s\n", base, first.Location)
	last, err := next()
	if err != nil {
		return err
	}
	switch {
	case last.Unsaved != "":
		fmt.Fprintf(out, "search ended, %d steps, kept in memory only: %s\n", last.Steps, last.Unsaved)
	default:
		fmt.Fprintf(out, "search ended, %d steps, saved: %s%s\n", last.Steps, base, first.Location)
	}
	if last.Decision != "" {
		fmt.Fprintln(out, last.Decision)
	}
	for _, n := range last.Notes {
		fmt.Fprintln(out, "note:", n)
	}
	return nil
}

// listenFeeds accepts engines on addr until ctx ends, feeding each
// connection's trace to the server at base as a live search.
func listenFeeds(ctx context.Context, base, addr string, stdout, stderr io.Writer) error {
	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("live: listening for engines on %s: %w", addr, err)
	}
	stop := context.AfterFunc(ctx, func() { ln.Close() })
	defer stop()
	fmt.Fprintf(stdout, "waiting for engines on %s (Ctrl-C to stop)\n", ln.Addr())
	var out sync.Mutex // one engine's lines at a time
	var feeds sync.WaitGroup
	defer feeds.Wait()
	for {
		conn, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("live: accepting engines on %s: %w", addr, err)
		}
		feeds.Go(func() {
			defer conn.Close()
			closeOnStop := context.AfterFunc(ctx, func() { conn.Close() })
			defer closeOnStop()
			var lines strings.Builder
			err := feedTrace(ctx, base, conn, &lines)
			out.Lock()
			defer out.Unlock()
			fmt.Fprintf(stdout, "engine %s:\n%s", conn.RemoteAddr(), lines.String())
			if err != nil {
				fmt.Fprintf(stderr, "viz: engine %s: %s\n", conn.RemoteAddr(), userMessage(err))
			}
		})
	}
}
