package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
)

// defaultMemoryMiB is the memory, in MiB, viz render lets a folded trace
// take unless --memory says otherwise: about the full MiniMax of
// tic-tac-toe, 2.3 million events, in memory with room to spare.
const defaultMemoryMiB = 512

func cmdRender(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlagSet("render")
	stepFlag := fs.String("step", "last", "the step to draw: a number from 0, or last")
	format := fs.String("format", "svg", "output format: svg or dot")
	view := fs.String("view", "root", "values in "+explain.ViewName(trace.ViewRoot)+" (root) or the "+explain.ViewName(trace.ViewSide)+" (side)")
	boards := fs.Bool("boards", true, "draw positions inside the nodes when the trace has them and its game is in the catalog")
	layoutFlag := fs.String("layout", "auto", "what lays out an SVG: Graphviz's dot, the tidy-tree layout (tidy: linear time, for big trees), or auto: dot up to "+strconv.Itoa(render.MaxDotNodes)+" nodes, tidy above")
	out := fs.String("out", "", "write to this file instead of standard output")
	memory := fs.Int("memory", defaultMemoryMiB, "the most memory, in MiB, the folded trace may take: what does not fit goes to a temporary file (0: no bound)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("render: want exactly one trace file, got %d arguments", fs.NArg())
	}
	opts := render.Options{Legend: true}
	switch *view {
	case "root":
		opts.View = render.ViewRoot
	case "side":
		opts.View = render.ViewSide
	default:
		return usagef("render: --view %q is not allowed (want root or side)", *view)
	}
	if *format != "svg" && *format != "dot" {
		return usagef("render: --format %q is not allowed (want svg or dot)", *format)
	}
	layout, err := render.ParseLayout(*layoutFlag)
	if err != nil {
		return usagef("render: --layout %q is not allowed (want auto, dot or tidy)", *layoutFlag)
	}
	if layout == render.LayoutTidy && *format == "dot" {
		return usagef("render: --layout tidy draws SVG, and DOT is Graphviz's input (want --format svg, or --layout dot or auto)")
	}
	opts.Layout = layout

	path := fs.Arg(0)
	if *memory < 0 {
		return usagef("render: --memory %d is not allowed (want a number of MiB, or 0 for no bound)", *memory)
	}
	h, t, err := catalog.ReadTreeFile(path, trace.Limits{}, int64(*memory)<<20)
	if errors.Is(err, trace.ErrMemoryBudget) {
		return fmt.Errorf("%w; raise --memory (now %d MiB) to open it", err, *memory)
	}
	if err != nil {
		return err
	}
	step := t.Len() - 1
	if *stepFlag != "last" {
		n, err := strconv.Atoi(*stepFlag)
		if err != nil || n < 0 || n >= t.Len() {
			return usagef("render: --step %s is not allowed (this trace has steps 0..%d, or last)", *stepFlag, t.Len()-1)
		}
		step = n
	}
	if err := t.Seek(step); err != nil {
		return err
	}
	opts.Title = render.Title(h, step, t.Len()-1)
	if g, err := catalog.LookupGameSpec(h.Game); err == nil && *boards {
		opts.Board = g.Board // the game's own board; a trace of another game draws none
	}

	if *out == "" {
		w := bufio.NewWriter(stdout)
		if err := draw(ctx, w, t, opts, *format); err != nil {
			return err
		}
		return w.Flush()
	}
	return writeFileAtomic(*out, func(w io.Writer) error { return draw(ctx, w, t, opts, *format) })
}

// draw writes t at its current step to w as DOT, or as SVG laid out as
// opts.Layout says; Graphviz starts only if it lays the tree out.
func draw(ctx context.Context, w io.Writer, t *trace.Tree, opts render.Options, format string) error {
	if format == "dot" {
		return render.WriteDOT(w, t, opts)
	}
	var g render.Graphviz
	defer g.Close()
	return render.Render(ctx, w, t, opts, &g)
}

// writeFileAtomic writes to a temporary file beside path with write and
// renames it into place, so a failure never leaves a partial file behind.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := write(w); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}
