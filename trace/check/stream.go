package check

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/searchviz/searchviz/trace"
)

// Problem is the first thing wrong with a trace: the number of its line,
// from 1 (the header), and what is wrong.
type Problem struct {
	Line int
	Err  error
}

// Error says the line and what is wrong with it, without a file's name;
// a caller that has one writes "NAME:" before it.
func (p *Problem) Error() string { return fmt.Sprintf("line %d: %v", p.Line, p.Err) }

// Unwrap returns what is wrong.
func (p *Problem) Unwrap() error { return p.Err }

// Options bound a check: Limits are the reader's (a zero field means no
// limit), and Memory, when above 0, the bytes the fold may take in
// memory, the rest going to a temporary file in SpillDir (the system's
// temporary directory when "").
type Options struct {
	Limits   trace.Limits
	Memory   int64
	SpillDir string
}

// Stream checks the trace r holds, plain or gzip-compressed, as it reads
// it: every line against the JSON Schema (an event line of version 2 or 3
// once decoded, in its version 1 form), every event against
// the invariants of a Validator, and the events folded into a Tree. It
// returns the header and nil when the trace is valid, or the first
// problem, by line, as a *Problem. It holds one line at a time, and of
// the events what a Validator and a trace.Builder within opts.Memory keep.
func Stream(r io.Reader, opts Options) (trace.Header, error) {
	sch, err := CompiledSchemas()
	if err != nil {
		return trace.Header{}, err
	}
	plain, err := decompress(r)
	if err != nil {
		return trace.Header{}, &Problem{Line: 1, Err: err}
	}
	lines := &lineChecker{src: plain, sch: sch}
	tr, err := trace.NewLimitedReader(lines, opts.Limits)
	if err != nil {
		return trace.Header{}, lines.first(readProblem(err, 1))
	}
	h := tr.Header()
	s := &stream{sch: sch, valid: NewValidator(), fold: trace.NewBuilder(), version: h.Version}
	if opts.Memory > 0 {
		s.fold.LimitMemory(opts.Memory, opts.SpillDir)
	}
	if h.Version >= 2 {
		if s.v1, err = trace.NewWriter(&s.v1buf, trace.Header{Version: 1}); err != nil {
			return h, fmt.Errorf("check: %w", err)
		}
		s.v1buf.Reset()
	}
	for i := 0; ; i++ {
		e, err := tr.ReadEvent()
		if err == io.EOF {
			break
		}
		line := i + 2
		if err != nil {
			return h, lines.first(readProblem(err, line))
		}
		if p := lines.before(line); p != nil {
			return h, p
		}
		if err := s.event(&e); err != nil {
			return h, &Problem{Line: line, Err: err}
		}
	}
	if p := lines.before(maxInt); p != nil {
		return h, p
	}
	if _, err := s.fold.Tree(); err != nil {
		return h, &Problem{Line: 1, Err: errors.New(trimPrefix(err))}
	}
	return h, nil
}

const maxInt = int(^uint(0) >> 1)

// stream is the state of one Stream.
type stream struct {
	sch     *Schemas
	valid   *Validator
	fold    *trace.Builder
	version int
	v1      *trace.Writer // for version 2 and 3: writes each event's version 1 form
	v1buf   bytes.Buffer
}

// event checks one event.
func (s *stream) event(e *trace.Event) error {
	if s.v1 != nil {
		s.v1.Emit(*e)
		if err := s.v1.Flush(); err != nil {
			return fmt.Errorf("its event cannot be written in version 1: %s", trimPrefix(err))
		}
		line := bytes.TrimSuffix(s.v1buf.Bytes(), []byte("\n"))
		err := s.sch.Event(line)
		s.v1buf.Reset()
		if err != nil {
			return fmt.Errorf("its event, in version 1, is not what the schema allows: %s", oneLine(err))
		}
	}
	if err := s.valid.Add(e); err != nil {
		return errors.New(violations(err))
	}
	if err := s.fold.Add(e); err != nil {
		return errors.New(trimPrefix(err))
	}
	return nil
}

// violations words a Validator's violations of one event without their
// step, which the line says.
func violations(err error) string {
	var msgs []string
	for _, one := range Split(err) {
		var v *Violation
		if errors.As(one, &v) {
			msgs = append(msgs, v.Msg)
		} else {
			msgs = append(msgs, one.Error())
		}
	}
	return strings.Join(msgs, "; ")
}

// readProblem turns an error of the trace reader into a Problem at the
// line it names, or at line, the line it was reading.
func readProblem(err error, line int) *Problem {
	if se, ok := errors.AsType[*trace.SyntaxError](err); ok {
		return &Problem{Line: se.Line, Err: se.Err}
	}
	if te, ok := errors.AsType[*trace.TruncatedError](err); ok {
		return &Problem{Line: te.Line, Err: fmt.Errorf("the trace stops in the middle of this line (%s): it was cut short", trimPrefix(te.Err))}
	}
	return &Problem{Line: line, Err: wrapped{trimPrefix(err), err}}
}

// wrapped is an error with its own words that still matches its cause
// (ErrTooLarge, say) with errors.Is.
type wrapped struct {
	msg   string
	cause error
}

func (w wrapped) Error() string { return w.msg }
func (w wrapped) Unwrap() error { return w.cause }

// trimPrefix is err's text without the package name it begins with.
func trimPrefix(err error) string {
	msg := err.Error()
	for _, p := range []string{"trace: ", "check: ", "codec: "} {
		msg = strings.TrimPrefix(msg, p)
	}
	return msg
}

// oneLine puts a schema error's lines, one a violated keyword, on one line.
func oneLine(err error) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(err.Error(), "\n", "; ")), " ")
}

// decompress returns r's text, inflated when r is gzip-compressed.
func decompress(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	magic, _ := br.Peek(2)
	if !bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		return br, nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, fmt.Errorf("gzip data that does not inflate: %w", err)
	}
	return zr, nil
}

// lineChecker passes a trace's text on to the reader and checks each of
// its lines against the schema as the reader takes it, remembering the
// first that fails. The reader reads ahead, so the problem it finds may
// be on a line after one the schema refused: before and first order them.
type lineChecker struct {
	src     io.Reader
	sch     *Schemas
	line    int    // the lines completed
	partial []byte // the line under way
	long    bool   // the line under way is too long to check
	version int    // the header's version, once read
	bad     *Problem
}

func (c *lineChecker) Read(p []byte) (int, error) {
	n, err := c.src.Read(p)
	c.scan(p[:n])
	if err == io.EOF && (len(c.partial) > 0 || c.long) {
		c.complete()
	}
	return n, err
}

// scan adds text to the line under way, checking each line it completes.
func (c *lineChecker) scan(text []byte) {
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n')
		part := text
		if i >= 0 {
			part = text[:i]
		}
		if !c.long {
			if len(c.partial)+len(part) > maxCheckedLine {
				c.long, c.partial = true, nil
			} else {
				c.partial = append(c.partial, part...)
			}
		}
		if i < 0 {
			return
		}
		c.complete()
		text = text[i+1:]
	}
}

// complete checks the line under way and starts the next.
func (c *lineChecker) complete() {
	c.line++
	line := bytes.TrimSuffix(c.partial, []byte("\r"))
	if c.bad == nil && !c.long {
		var err error
		switch {
		case c.line == 1:
			err = c.sch.Header(line)
			c.version = HeaderVersion(line)
		case len(bytes.TrimSpace(line)) == 0:
			// Blank lines may end a trace; the reader refuses one before
			// an event.
		case c.version >= 2:
			// A compact line is checked in its version 1 form, once
			// decoded (stream.event): that is the form the schema spells
			// out, and a line's text is the reader's to check.
		default:
			err = c.sch.Event(line)
		}
		if err != nil {
			c.bad = &Problem{Line: c.line, Err: fmt.Errorf("not what the schema allows: %s", oneLine(err))}
		}
	}
	c.partial, c.long = c.partial[:0], false
}

// before returns the schema's problem if it is on a line before line.
func (c *lineChecker) before(line int) *Problem {
	if c.bad != nil && c.bad.Line < line {
		return c.bad
	}
	return nil
}

// first returns the earlier of the reader's problem p and the schema's;
// on the same line, the reader's, which says what is allowed in the
// format's own words.
func (c *lineChecker) first(p *Problem) *Problem {
	if b := c.before(p.Line); b != nil {
		return b
	}
	return p
}
