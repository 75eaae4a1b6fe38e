package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
)

// command describes one of viz's commands for its help texts.
type command struct {
	name     string
	synopsis string // what follows "viz name" on the command line
	summary  string // what it does, in one line
	about    string // what "viz name --help" says before the flags, if more than the summary
}

// commands are viz's commands in the order help lists them; the hidden
// layout worker is not one of them.
var commands = []command{
	{
		name:     "serve",
		synopsis: "[--addr HOST:PORT] [--allow-host NAME] [--data DIR] [--nats URL] [-v]",
		summary:  "serve the web app on localhost (the default command)",
		about:    "Serve the web app on localhost until Ctrl-C: run searches, step through them and open saved traces.",
	},
	{
		name:     "replay",
		synopsis: "[--addr HOST:PORT] [--allow-host NAME] [--data DIR] [--nats URL] [-v] TRACE",
		summary:  "serve the web app and print the address of a trace file's page",
	},
	{
		name:    "list",
		summary: "show every game and algorithm with its parameters",
	},
	{
		name:     "run",
		synopsis: "--game SPEC --algo SPEC [--position P] [--seed N] [--out FILE] [--trace-nodes N] [--boards]",
		summary:  "search a position, print the decision and record the search's trace",
		about: "Search a position and print the decision: the move, its value, nodes, evaluations, cuts and time.\n" +
			"With --out, record the trace of the search, up to --trace-nodes nodes.",
	},
	{
		name:     "render",
		synopsis: "[--step N|last] [--format svg|dot] [--layout auto|dot|tidy] [--view side|root] [--boards] [--crop] [--whole] [--memory MiB] [--out FILE] TRACE",
		summary:  "draw a trace's search tree as it stood at a step, as SVG or DOT",
	},
	{
		name:     "arena",
		synopsis: "--game SPEC --a SPEC --b SPEC --games N [--sprt ELO0,ELO1,ALPHA,BETA [--sprt-pairs]] [--seed S] [--parallel P] [--json] [--record DIR] [--position TEXT]",
		summary:  "play engine A against engine B for many games and print A's score and Elo",
		about: "Play engine A against engine B for --games games, A moving first in even games, and print A's wins, draws and losses,\n" +
			"its score and Elo difference with 95% intervals, each engine's time per move and the games per second.\n" +
			"With --sprt, stop as soon as a sequential probability ratio test decides between H0 (A is ELO0 Elo stronger)\n" +
			"and H1 (ELO1), and print its log-likelihood ratio, bounds and decision; --sprt-pairs weighs pairs of games.\n" +
			"The same --seed gives the same games whatever --parallel. With --record, write each game to a JSON file\n" +
			"from which viz run repeats any move's search. On a terminal a progress line shows on standard error.",
	},
	{
		name:     "convert",
		synopsis: "[--to 1|2|3] [--validate] [--memory MiB] IN [OUT]",
		summary:  "write a trace in another version of the format, or check it with --validate",
		about: "Read the trace IN and write it to OUT in version --to of the format: 1 spells every field of every event out,\n" +
			"for programs that read traces; 3, the default, is compact. IN and OUT may be - for standard input and output;\n" +
			"an OUT ending in .gz is compressed, and appears only when complete. It reads and writes as a stream.\n" +
			"With --validate, check IN against the JSON Schema and the invariants every search's trace keeps, fold it,\n" +
			"and report the first problem as IN:LINE: what is wrong; with OUT too, convert it once it is valid.",
	},
	{
		name:     "live",
		synopsis: "[--server URL] [--addr HOST:PORT] [--data DIR] [--listen HOST:PORT] [-v] [-]",
		summary:  "show another program's search in the web app as it runs",
		about: "Read the trace an engine writes on standard input (-), or of each engine that connects to --listen, and show it\n" +
			"in the web app as it grows, as the page's own searches are shown, under the same limits; print the page's address,\n" +
			"and when the engine ends, how its search ended. It uses the server at --server, or at --addr if one answers there,\n" +
			"or else serves the web app at --addr itself until Ctrl-C. A trace that ends before its decision is saved with a note.",
	},
	{
		name:     "help",
		synopsis: "[COMMAND]",
		summary:  "show this text, or a command's flags",
	},
}

// commandNames lists the commands for an error naming what is allowed.
func commandNames() string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

// lookupCommand returns the command called name.
func lookupCommand(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// isHelpFlag reports whether arg asks for help the way the flag package
// understands it.
func isHelpFlag(arg string) bool {
	switch arg {
	case "-h", "-help", "--h", "--help":
		return true
	}
	return false
}

// cmdHelp writes viz's help text, or with one argument that command's.
func cmdHelp(ctx context.Context, args []string, stdout io.Writer) error {
	switch {
	case len(args) == 0:
		return writeUsage(stdout)
	case len(args) > 1:
		return usagef("help: want at most one command, got %d arguments", len(args))
	}
	if _, ok := lookupCommand(args[0]); !ok {
		return usagef("help: unknown command %q (commands: %s)", args[0], commandNames())
	}
	if args[0] == "help" {
		return writeUsage(stdout)
	}
	return dispatch(ctx, []string{args[0], "--help"}, stdout, io.Discard)
}

// writeUsage writes viz's help text: its commands, one line each.
func writeUsage(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprint(bw, "viz makes game-tree search visible.\n\nUsage: viz [COMMAND] [FLAGS] [ARGUMENTS]\n\nCommands:\n")
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(bw, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprint(bw, `
"viz COMMAND --help" (or "viz help COMMAND") shows the command's flags, what each means and its default.
A game or an algorithm is named by a spec: a name followed by key=value parameters,
e.g. --algo 'alphabeta depth=4'; "viz list" shows them all.
`)
	return bw.Flush()
}

// helpRequest is the error parseFlags returns when the command line asks
// for help (-h or --help): run writes the command's help to standard
// output and exits with status 0.
type helpRequest struct{ fs *flag.FlagSet }

func (h helpRequest) Error() string { return h.fs.Name() + ": help requested" }

// Unwrap lets errors.Is(err, flag.ErrHelp) match a helpRequest.
func (h helpRequest) Unwrap() error { return flag.ErrHelp }

// write writes the help of h's command: its synopsis, what it does, and
// each flag with its meaning and default.
func (h helpRequest) write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	name := h.fs.Name()
	c, ok := lookupCommand(name)
	fmt.Fprintf(bw, "Usage: viz %s", name)
	if c.synopsis != "" {
		fmt.Fprintf(bw, " %s", c.synopsis)
	}
	fmt.Fprintln(bw)
	switch {
	case c.about != "":
		fmt.Fprintf(bw, "\n%s\n", c.about)
	case ok:
		fmt.Fprintf(bw, "\n%s%s.\n", strings.ToUpper(c.summary[:1]), c.summary[1:])
	}
	n := 0
	h.fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		fmt.Fprintf(bw, "\n%s takes no flags.\n", name)
		return bw.Flush()
	}
	fmt.Fprint(bw, "\nFlags:\n")
	h.fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(bw, "  --%s", f.Name)
		if arg != "" {
			fmt.Fprintf(bw, " %s", arg)
		}
		fmt.Fprintf(bw, "\n      %s", strings.ReplaceAll(usage, "\n", "\n      "))
		if f.DefValue != "" {
			fmt.Fprintf(bw, " (default %s)", f.DefValue)
		}
		fmt.Fprintln(bw)
	})
	return bw.Flush()
}
