package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/searchviz/searchviz/internal/oserr"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/check"
)

// stdio names standard input or output in place of a file.
const stdio = "-"

// cmdConvert writes a trace in another version of the format, or with
// --validate alone checks one, reading it as a stream: it holds one line
// at a time, and what the compact writer or the check keep of each node.
func cmdConvert(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlagSet("convert")
	to := fs.Int("to", trace.Version, "the format `version` to write: 1 spells every field of every event out, for programs that read traces; 2 and 3 are compact")
	validate := fs.Bool("validate", false, "check the trace against the JSON Schema and the invariants every search's trace keeps, and fold it; report the first problem by line")
	memory := fs.Int("memory", defaultMemoryMiB, "with --validate, the most memory, in `MiB`, the folded trace may take: what does not fit goes to a temporary file; 0 for no bound")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *to < 1 || *to > trace.Version {
		return usagef("convert: --to %d is not allowed (want 1, 2 or %d)", *to, trace.Version)
	}
	if *memory < 0 {
		return usagef("convert: --memory %d is not allowed (want a number of MiB, or 0 for no bound)", *memory)
	}
	switch n := fs.NArg(); {
	case *validate && n == 1:
		return validateTrace(ctx, fs.Arg(0), stdin, int64(*memory)<<20)
	case *validate && n == 2 && fs.Arg(0) == stdio:
		return usagef("convert: standard input is read once: check it (--validate -), or convert it, not both")
	case *validate && n == 2:
		if err := validateTrace(ctx, fs.Arg(0), stdin, int64(*memory)<<20); err != nil {
			return err
		}
	case n != 2:
		return usagef("convert: want IN and OUT (a file, or - for standard input or output), or --validate IN; got %d arguments", n)
	}
	return convertTrace(ctx, fs.Arg(0), fs.Arg(1), *to, stdin, stdout)
}

// openIn opens the trace to read: standard input for "-".
func openIn(name string, stdin io.Reader) (io.Reader, func(), error) {
	if name == stdio {
		return stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, fmt.Errorf("convert: %w", oserr.Reason(err))
	}
	return f, func() { f.Close() }, nil
}

// validateTrace checks the trace named in and returns its first problem
// as "IN:LINE: what is wrong".
func validateTrace(ctx context.Context, in string, stdin io.Reader, memory int64) error {
	r, closeIn, err := openIn(in, stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	_, err = check.Stream(stopReader{ctx, r}, check.Options{Memory: memory})
	if p, ok := errors.AsType[*check.Problem](err); ok {
		return fmt.Errorf("%s:%d: %w", displayName(in), p.Line, p.Err)
	}
	return err
}

// displayName names the file in messages.
func displayName(name string) string {
	if name == stdio {
		return "stdin"
	}
	return name
}

// convertTrace reads the trace named in and writes it to out in version to.
func convertTrace(ctx context.Context, in, out string, to int, stdin io.Reader, stdout io.Writer) error {
	r, closeIn, err := openIn(in, stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	// No limits beyond the reader's own (lines, strings, list entries per
	// byte): a conversion holds one line at a time.
	tr, err := trace.NewReader(stopReader{ctx, r})
	if err != nil {
		return readError(ctx, in, out, err, 1)
	}
	h := tr.Header()
	h.Version = to
	w, err := newTraceOut(out, h, stdout)
	if err != nil {
		return err
	}
	defer w.abort()
	// The compact writer derives fields from the nodes before, so events
	// that break the invariants would be written as other events: the
	// Validator refuses them first.
	valid := check.NewValidator()
	for i := 0; ; i++ {
		e, err := tr.ReadEvent()
		if err == io.EOF {
			break
		}
		if err != nil {
			return readError(ctx, in, out, err, i+2)
		}
		if err := valid.Add(&e); err != nil {
			return fmt.Errorf("%s:%d: %w (viz convert --validate %s reports the first problem of a trace)", displayName(in), i+2, err, in)
		}
		w.emit(e)
	}
	return w.close()
}

// readError words an error of reading the trace in, at the line it names
// or else at line, for the person who gave the file.
func readError(ctx context.Context, in, out string, err error, line int) error {
	if ctx.Err() != nil {
		if out == stdio {
			out = ""
		}
		return stopped(ctx, "convert", out)
	}
	if se, ok := errors.AsType[*trace.SyntaxError](err); ok {
		return fmt.Errorf("%s:%d: %w", displayName(in), se.Line, se.Err)
	}
	if te, ok := errors.AsType[*trace.TruncatedError](err); ok {
		return fmt.Errorf("%s:%d: the trace stops in the middle of this line, cut short: %w", displayName(in), te.Line, te.Err)
	}
	msg, _ := strings.CutPrefix(err.Error(), "trace: ")
	return fmt.Errorf("%s:%d: %s", displayName(in), line, msg)
}

// traceOut is where viz convert writes: a trace file, which appears only
// when complete, or standard output.
type traceOut struct {
	file *trace.FileWriter // nil for standard output
	w    *trace.Writer
}

func newTraceOut(out string, h trace.Header, stdout io.Writer) (*traceOut, error) {
	if out != stdio {
		fw, err := trace.Create(out, h)
		if err != nil {
			return nil, fmt.Errorf("convert: %w", err)
		}
		return &traceOut{file: fw}, nil
	}
	w, err := trace.NewWriter(stdout, h)
	if err != nil {
		return nil, fmt.Errorf("convert: %w", err)
	}
	return &traceOut{w: w}, nil
}

func (o *traceOut) emit(e trace.Event) {
	if o.file != nil {
		o.file.Emit(e)
		return
	}
	o.w.Emit(e)
}

func (o *traceOut) close() error {
	if o.file != nil {
		if err := o.file.Close(); err != nil {
			return fmt.Errorf("convert: %w", err)
		}
		return nil
	}
	if err := o.w.Flush(); err != nil {
		return fmt.Errorf("convert: writing to standard output: %w", err)
	}
	return nil
}

func (o *traceOut) abort() {
	if o.file != nil {
		o.file.Abort()
	}
}

// stopReader fails once ctx ends, so a signal stops a conversion at its
// next read.
type stopReader struct {
	ctx context.Context
	r   io.Reader
}

func (s stopReader) Read(p []byte) (int, error) {
	if err := s.ctx.Err(); err != nil {
		return 0, context.Cause(s.ctx)
	}
	return s.r.Read(p)
}
