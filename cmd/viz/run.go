package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// Limits on recorded traces, so a file stays small enough to view: by
// default the whole MiniMax of tic-tac-toe (549,946 nodes, 16 MB) and more,
// which viz render folds within its default --memory; at most what it
// folds within 1 GiB.
const (
	defaultTraceNodes = 1_000_000
	maxTraceNodes     = 2_000_000
)

func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run")
	game := fs.String("game", "", "the game's `spec`, e.g. tictactoe or 'maze h=7 w=7' (see viz list)")
	algo := fs.String("algo", "", "the algorithm's `spec`, e.g. 'alphabeta depth=4' (see viz list)")
	position := fs.String("position", "", "the root position's `text` (default: the game's start, or a board generated from the seed)")
	seed := fs.Int64("seed", 0, "random `seed` of generated boards and of the algorithm's playouts; an algorithm's seed= may not say otherwise")
	out := fs.String("out", "", "record the trace to this `file` (.gz to compress)")
	traceNodes := fs.Int("trace-nodes", defaultTraceNodes, fmt.Sprintf("record at most this many `nodes` of the search in the trace, up to %d", maxTraceNodes))
	boards := fs.Bool("boards", false, "write each node's position in the trace, for programs that cannot replay the game (viz works them out)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return usagef("run: unexpected argument %q (give everything as flags: --game, --algo, --position, --seed, --out)", fs.Arg(0))
	case *game == "":
		return usagef("run: --game is required (see viz list)")
	case *algo == "":
		return usagef("run: --algo is required (see viz list)")
	case *traceNodes < 1 || *traceNodes > maxTraceNodes:
		return usagef("run: --trace-nodes %d is out of range (allowed 1..%d)", *traceNodes, maxTraceNodes)
	}
	seedSet := false
	fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
	r, err := catalog.Prepare(catalog.Request{Game: *game, Algo: *algo, Position: *position, Seed: *seed, SeedSet: seedSet, Program: programVersion()})
	if err != nil {
		return usageError{err}
	}

	if !*boards {
		r.OmitBoards()
	}
	var (
		file    *trace.FileWriter
		limiter *trace.Limiter
		tr      trace.Tracer
	)
	if *out != "" {
		file, err = trace.Create(*out, r.Header())
		if err != nil {
			return err
		}
		defer file.Abort()
		limiter = trace.Limit(file, *traceNodes)
		tr = limiter
	}
	res, err := r.Search(ctx, tr)
	if ctx.Err() != nil {
		return stopped(ctx, "run", *out)
	}
	if err != nil && !errors.Is(err, search.ErrBudget) {
		return err
	}
	budgetErr := err
	if file != nil {
		if err := file.Close(); err != nil {
			return err
		}
	}
	h := r.Header()
	fmt.Fprintf(stdout, "%s on %s %s\n", h.Algorithm, h.Game, h.Position)
	value := "value %s (" + explain.Whose(rootType(r.Game().Family), trace.ViewRoot) + ")"
	if r.Game().Family == search.FamilySingle {
		value = "best score %s"
	}
	switch {
	case res.Action < 0 && len(res.Unfinished) > 0:
		fmt.Fprintf(stdout, "no move: the search stopped inside the first move's subtree (%s), before it searched any move to the end\n", res.Unfinished[0])
	case res.Action < 0:
		fmt.Fprintf(stdout, "no move: the game is over ("+value+")\n", formatValue(res.Value))
	case len(res.Unfinished) > 0:
		fmt.Fprintf(stdout, "move %s  "+value+", the best of the moves searched to the end\n", res.Label, formatValue(res.Value))
		fmt.Fprintf(stdout, "not searched to the end: %s\n", strings.Join(res.Unfinished, " "))
	default:
		fmt.Fprintf(stdout, "move %s  "+value+"\n", res.Label, formatValue(res.Value))
	}
	fmt.Fprintf(stdout, "nodes %d  evaluations %d  cuts %d  time %v\n", res.Nodes, res.Evals, res.Cuts, res.Elapsed)
	if budgetErr != nil {
		fmt.Fprintf(stdout, "stopped early: %v; lower depth=, or raise nodes=\n", budgetErr)
	}
	if *out != "" {
		fmt.Fprintf(stdout, "trace written to %s\n", *out)
	}
	switch {
	case limiter != nil && limiter.Capped():
		fmt.Fprintf(stderr, "viz: run: the trace is cut short: it records %d of the search's %d nodes, where its cuts reach %d pruned moves, the most a trace holds; search less (nodes= or depth= in --algo) to record the whole search\n", limiter.Nodes(), res.Nodes, trace.MaxPlaceholders)
	case limiter != nil && limiter.Truncated():
		fmt.Fprintln(stderr, "viz:", truncatedWarning(*traceNodes, res.Nodes))
	}
	return nil
}

// truncatedWarning tells the user of viz run that its trace holds only the
// first traceNodes of the search's nodes, and how to record more.
func truncatedWarning(traceNodes, nodes int) string {
	cut := fmt.Sprintf("run: the trace is cut short: it records %d of the search's %d nodes, the most --trace-nodes", traceNodes, nodes)
	if traceNodes == defaultTraceNodes {
		cut += " allows by default"
	} else {
		cut += fmt.Sprintf(" %d allows (%d by default)", traceNodes, defaultTraceNodes)
	}
	switch {
	case traceNodes >= maxTraceNodes:
		return cut + fmt.Sprintf("; %d is its maximum: search less (nodes= or depth= in --algo) to record the whole search", maxTraceNodes)
	case nodes <= maxTraceNodes:
		return cut + fmt.Sprintf("; --trace-nodes %d records them all", nodes)
	}
	return cut + fmt.Sprintf("; --trace-nodes %d, its maximum, records more, and a smaller search (nodes= or depth= in --algo) all of it", maxTraceNodes)
}

// rootType is the type of the root of a game of family f, which says
// whose view a search's value is in.
func rootType(f search.Family) trace.NodeType {
	switch f {
	case search.FamilySingle:
		return trace.TypeSingle
	case search.FamilySimultaneous:
		return trace.TypeJoint
	}
	return trace.TypeMax
}

func formatValue(v float64) string {
	return trace.FormatValue(v)
}
