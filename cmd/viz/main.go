// Command viz makes game-tree search visible: it serves a web app that
// steps through searches next to the board, runs instrumented searches,
// records their traces, and renders the search tree at any step as SVG or
// DOT.
//
// Usage:
//
//	viz [serve] [--addr HOST:PORT] [--allow-host NAME] [--data DIR] [--nats URL] [-v]
//	viz replay [--addr HOST:PORT] [--allow-host NAME] [--data DIR] [--nats URL] [-v] TRACE
//	viz list
//	viz run --game SPEC --algo SPEC [--position P] [--seed N] [--out FILE] [--trace-nodes N] [--boards]
//	viz render [--step N|last] [--format svg|dot] [--layout auto|dot|tidy] [--view side|root] [--boards] [--crop] [--whole] [--memory MiB] [--out FILE] TRACE
//	viz arena --game SPEC --a SPEC --b SPEC --games N [--seed S] [--parallel P] [--json] [--record DIR] [--position TEXT]
//	viz convert [--to 1|2|3] [--validate] [--memory MiB] IN [OUT]
//	viz live [--server URL] [--addr HOST:PORT] [--data DIR] [--listen HOST:PORT] [-v] [-]
//	viz help [COMMAND]
//
// "viz COMMAND --help" shows each of a command's flags with its meaning
// and its default. A game or an algorithm is named by a spec: its name
// followed by optional key=value parameters, e.g. --algo 'alphabeta
// depth=4'. "viz list" shows every game, algorithm and parameter.
//
// SIGINT (Ctrl-C) and SIGTERM stop a command at once: viz run and viz
// render leave no partial file and exit with status 130 and 143; viz serve
// shuts down, saving the searches it was running.
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

func main() {
	ctx, stop := signalContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// stopSignal is the cause of the context of a command that a signal
// stopped: viz then exits with status 128 plus the signal's number, as a
// shell reports a program the signal killed (130 for SIGINT, 143 for
// SIGTERM).
type stopSignal struct{ sig syscall.Signal }

func (s stopSignal) Error() string {
	switch s.sig {
	case syscall.SIGINT:
		return "interrupted (SIGINT)"
	case syscall.SIGTERM:
		return "terminated (SIGTERM)"
	}
	return fmt.Sprintf("stopped by signal %d (%v)", int(s.sig), s.sig)
}

// Is makes a stopSignal match context.Canceled, as the context's Err does.
func (s stopSignal) Is(target error) bool { return target == context.Canceled }

// signalContext is signal.NotifyContext with a cause that says which
// signal arrived (a stopSignal), so that viz can exit with that signal's
// status; signal.NotifyContext's cause names it only in words. Calling
// stop, which must be done, unregisters the signals.
func signalContext(parent context.Context, sigs ...os.Signal) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	go func() {
		select {
		case s := <-ch:
			if sig, ok := s.(syscall.Signal); ok {
				cancel(stopSignal{sig})
			} else {
				cancel(context.Canceled)
			}
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel(nil)
	}
}

// run executes one command line and returns the process's exit status:
// 0 on success or when help was asked for, 2 for a usage error, 128 plus
// the signal's number for a command that a signal stopped (ctx's cause is
// a stopSignal), 1 for any other failure.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	err := dispatch(ctx, args, stdout, stderr)
	if err == nil {
		return 0
	}
	if h, ok := errors.AsType[helpRequest](err); ok {
		if err := h.write(stdout); err != nil {
			fmt.Fprintln(stderr, "viz:", err)
			return 1
		}
		return 0
	}
	fmt.Fprintln(stderr, "viz:", userMessage(err))
	if s, ok := errors.AsType[stopSignal](context.Cause(ctx)); ok {
		return 128 + int(s.sig)
	}
	if errors.As(err, new(usageError)) {
		return 2
	}
	return 1
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || len(args[0]) > 0 && args[0][0] == '-' && !isHelpFlag(args[0]) {
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
		return cmdRun(ctx, rest, stdout, stderr)
	case "render":
		return cmdRender(ctx, rest, stdout)
	case "arena":
		return cmdArena(ctx, rest, stdout, stderr)
	case "convert":
		return cmdConvert(ctx, rest, os.Stdin, stdout)
	case "live":
		return cmdLive(ctx, rest, os.Stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		return cmdHelp(ctx, rest, stdout)
	default:
		return usagef("unknown command %q (commands: %s)", cmd, commandNames())
	}
}

// programVersion names this program and its module version for trace headers.
func programVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return "viz " + bi.Main.Version
	}
	return "viz (devel)"
}

// Unwrap returns the mistake, so that the errors it wraps are seen
// through it (userMessage reads the chain).
func (u usageError) Unwrap() error { return u.error }
