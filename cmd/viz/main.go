// Command viz makes game-tree search visible: it serves a web app that
// steps through searches next to the board, runs instrumented searches,
// records their traces, and renders the search tree at any step as SVG or
// DOT.
//
// Usage:
//
//	viz [serve] [--addr HOST:PORT] [--data DIR]
//	viz replay [--addr HOST:PORT] [--data DIR] TRACE
//	viz list
//	viz run --game SPEC --algo SPEC [--position P] [--seed N] [--out FILE]
//	viz render [--step N|last] [--format svg|dot] [--layout auto|dot|tidy] [--view side|root] [--boards] [--out FILE] TRACE
//
// A game or an algorithm is named by a spec: its name followed by optional
// key=value parameters, e.g. --algo 'alphabeta depth=4'. "viz list" shows
// every game, algorithm and parameter.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
)

// usageError is a mistake in the command line; viz exits with status 2.
type usageError struct{ error }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

const usage = `viz makes game-tree search visible.

Usage:
  viz [serve] [--addr 127.0.0.1:8080] [--data DIR]   the web app (the default)
  viz replay [--addr A] [--data DIR] TRACE           the web app, opening a trace file
  viz list                      games, algorithms and their parameters
  viz run --game SPEC --algo SPEC [--position P] [--seed N] [--out FILE]
  viz render [--step N|last] [--format svg|dot] [--layout auto|dot|tidy] [--view side|root] [--boards] [--out FILE] TRACE
  viz help                      this text

A spec is a name followed by key=value parameters, e.g. --algo 'alphabeta depth=4'.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes one command line and returns the process's exit status:
// 0 on success, 2 for a usage error, 1 for any other failure.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	err := dispatch(ctx, args, stdout, stderr)
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "viz:", err)
	if errors.As(err, new(usageError)) {
		return 2
	}
	return 1
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || len(args[0]) > 0 && args[0][0] == '-' && args[0] != "-h" && args[0] != "-help" && args[0] != "--help" {
		return cmdServe(ctx, args, stdout, stderr)
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "serve":
		return cmdServe(ctx, rest, stdout, stderr)
	case "replay":
		return cmdReplay(ctx, rest, stdout, stderr)
	case layoutWorkerCommand:
		return cmdLayoutWorker(ctx, rest, os.Stdin, stdout)
	case "list":
		return cmdList(rest, stdout)
	case "run":
		return cmdRun(ctx, rest, stdout)
	case "render":
		return cmdRender(ctx, rest, stdout)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		return usagef("unknown command %q (commands: serve, replay, list, run, render, help)", cmd)
	}
}

// programVersion names this program and its module version for trace headers.
func programVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return "viz " + bi.Main.Version
	}
	return "viz (devel)"
}
