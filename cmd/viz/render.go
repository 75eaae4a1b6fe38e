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
	"sync"
	"sync/atomic"

	"github.com/searchviz/searchviz/internal/oserr"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
)

// defaultMemoryMiB is the memory, in MiB, viz render lets a folded trace
// take unless --memory says otherwise: about the full MiniMax of
// tic-tac-toe, 2.3 million events, in memory with room to spare.
const defaultMemoryMiB = 512

// drawnUnlessWhole is the most nodes viz render draws of a trace unless
// --whole is given: about what a 1920-pixel-wide screen shows with every
// text readable. A bigger trace draws the nodes a reader needs (the
// root, the path to the step's current node, the best line) and the
// most interesting others, the rest folded into "+N more" boxes, as the
// web app's viewer does: a step of the whole tic-tac-toe MiniMax drawn
// whole is over a gigabyte of SVG no one can read.
const drawnUnlessWhole = 150

func cmdRender(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlagSet("render")
	stepFlag := fs.String("step", "last", "the `step` to draw: a number from 0, or last")
	format := fs.String("format", "svg", "the output `format`: svg or dot")
	view := fs.String("view", "root", "the point of `view` of values: root for "+explain.ViewName(trace.ViewRoot)+", side for the "+explain.ViewName(trace.ViewSide))
	boards := fs.Bool("boards", true, "draw positions inside the nodes when the trace has them and its game is in the catalog")
	layoutFlag := fs.String("layout", "auto", "what lays out an SVG (the `layout`): dot for Graphviz's, tidy for the tidy-tree layout (linear time, for big trees), or auto: dot up to "+strconv.Itoa(render.MaxDotNodes)+" nodes, tidy above")
	crop := fs.Bool("crop", true, "crop an SVG of a step before the last to what that step shows (its nodes, edges, title and legend), instead of the final tree's whole canvas")
	out := fs.String("out", "", "write to this `file` instead of standard output (it appears only when complete)")
	whole := fs.Bool("whole", false, "draw every node of the tree; without it a tree of more than "+strconv.Itoa(drawnUnlessWhole)+" nodes draws the root, the path to the step's current node, the best line and the most interesting others, "+strconv.Itoa(drawnUnlessWhole)+" nodes in all, the rest folded into \"+N more\" boxes")
	memory := fs.Int("memory", defaultMemoryMiB, "the most memory, in `MiB`, the folded trace may take: what does not fit goes to a temporary file; 0 for no bound")
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
	opts.Crop = *crop
	if *memory < 0 {
		return usagef("render: --memory %d is not allowed (want a number of MiB, or 0 for no bound)", *memory)
	}
	path := fs.Arg(0)

	// Neither folding the trace nor a layout can be interrupted, so they
	// run apart while this goroutine waits for them or for ctx: a signal
	// stops viz at once, removing the unfinished file.
	if err := ctx.Err(); err != nil {
		return stopped(ctx, "render", *out)
	}
	o := &output{path: *out, stdout: stdout}
	done := make(chan error, 1)
	go func() {
		done <- func() error {
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
			if !*whole && t.Size() > drawnUnlessWhole {
				if opts.Shown, err = readable(t, step); err != nil {
					return err
				}
			}
			if err := t.Seek(step); err != nil {
				return err
			}
			opts.Title = render.Title(h, step, t.Len()-1)
			if g, err := catalog.LookupGameSpec(h.Game); err == nil && *boards {
				opts.Board = g.Board // the game's own board; a trace of another game draws none
			}
			w, err := o.open()
			if err != nil {
				return err
			}
			bw := bufio.NewWriterSize(w, 64<<10)
			if err := draw(ctx, bw, t, opts, *format); err != nil {
				return err
			}
			return bw.Flush()
		}()
	}()
	select {
	case err := <-done:
		if err != nil {
			o.abandon()
			return err
		}
		return o.commit()
	case <-ctx.Done():
		o.abandon()
		return stopped(ctx, "render", *out)
	}
}

// readable returns the part of t that viz render draws at step unless
// --whole is given: drawnUnlessWhole nodes chosen as the viewer chooses
// them (render.Outline.Pick). It leaves t at step.
func readable(t *trace.Tree, step int) (*render.Shown, error) {
	if err := t.Seek(t.Len() - 1); err != nil {
		return nil, err
	}
	o, err := render.NewOutline(t)
	if err != nil {
		return nil, err
	}
	if err := t.Seek(step); err != nil {
		return nil, err
	}
	return o.Pick(t, render.Choices{Budget: drawnUnlessWhole})
}

// stopped is the error of command cmd when the end of ctx (a signal)
// stopped it before it wrote its file out, if it had one to write.
func stopped(ctx context.Context, cmd, out string) error {
	if out != "" {
		return fmt.Errorf("%s: %w; %s not written", cmd, context.Cause(ctx), out)
	}
	return fmt.Errorf("%s: %w", cmd, context.Cause(ctx))
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

// errAbandoned is what writes to an output return once it is abandoned.
var errAbandoned = errors.New("render: output abandoned")

// output is where viz render writes: standard output, or with a path a
// temporary file beside it (mode 0644, like a trace) renamed to the path
// only when the drawing is complete, so that a failure or a signal never
// leaves a partial file behind.
//
// One goroutine opens the output and writes to it; another commits or
// abandons it once, possibly while the first is still writing: after
// abandon every Write fails, though one already under way may finish.
type output struct {
	path   string    // the file to write, or "" for stdout
	stdout io.Writer // written to when path is ""

	mu        sync.Mutex
	tmp       *os.File    // the temporary file, once open; guarded by mu
	abandoned atomic.Bool // set under mu
}

// open starts the output and returns the writer to draw to.
func (o *output) open() (io.Writer, error) {
	if o.path == "" {
		return o, nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.abandoned.Load() {
		return nil, errAbandoned
	}
	f, err := os.CreateTemp(filepath.Dir(o.path), "."+filepath.Base(o.path)+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("render: creating %s: %w", o.path, oserr.Reason(err))
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, fmt.Errorf("render: creating %s: %w", o.path, oserr.Reason(err))
	}
	o.tmp = f
	return o, nil
}

func (o *output) Write(p []byte) (int, error) {
	if o.abandoned.Load() {
		return 0, errAbandoned
	}
	if o.path == "" {
		return o.stdout.Write(p)
	}
	n, err := o.tmp.Write(p) // o.tmp is set before open returns the writer
	if err != nil {
		err = fmt.Errorf("render: writing %s: %w", o.path, oserr.Reason(err))
	}
	return n, err
}

// commit puts the complete file at its path; call it once the drawing is
// written and flushed.
func (o *output) commit() error {
	if o.path == "" {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.abandoned.Load() {
		return errAbandoned
	}
	name := o.tmp.Name()
	err := o.tmp.Close()
	if err == nil {
		err = os.Rename(name, o.path)
	}
	if err != nil {
		os.Remove(name)
		return fmt.Errorf("render: writing %s: %w", o.path, oserr.Reason(err))
	}
	return nil
}

// abandon makes later writes fail and removes the temporary file, if any.
func (o *output) abandon() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.abandoned.Swap(true) || o.tmp == nil {
		return
	}
	o.tmp.Close()
	os.Remove(o.tmp.Name())
}
