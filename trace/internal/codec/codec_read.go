package codec

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"

	"github.com/searchviz/searchviz/trace/internal/event"
)

// MaxFields is the most fields any object in a line has.
const MaxFields = 11

// MaxLine is the longest line a Reader accepts, in bytes: far more than
// any event needs, yet a bound on the memory a corrupt file can claim.
const MaxLine = 16 << 20

// SyntaxError is an error in the text of a trace: a line that is not the
// JSON the format requires.
type SyntaxError struct {
	Line int   // the line's number, from 1 (the header)
	Err  error // what is wrong with it
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("trace: line %d: %v", e.Line, e.Err) }

// Unwrap returns e.Err.
func (e *SyntaxError) Unwrap() error { return e.Err }

// TruncatedError is the error of a Reader whose trace stops short, as a
// file does when a copy or a download is cut: its last line has no line
// end and does not decode, or its compressed data ends before the
// compressed stream does. Every event before the cut was read whole, so
// a caller may show them; a bad line with more lines after it is a
// *SyntaxError instead, since that is damage, not an end.
type TruncatedError struct {
	Line   int   // the number of the line that is cut, from 1 (the header)
	Events int   // the events read whole before it
	Err    error // what is wrong with the cut line
}

func (e *TruncatedError) Error() string {
	return fmt.Sprintf("trace: line %d is cut short, the file ends in it: %v", e.Line, e.Err)
}

// Unwrap returns e.Err.
func (e *TruncatedError) Unwrap() error { return e.Err }

// Reader decodes a trace written by a Writer, or by any program that
// follows the format. It is not safe for concurrent use.
type Reader struct {
	br    *bufio.Reader
	long  []byte // holds a line longer than br's buffer
	line  int    // lines read so far
	open  bool   // the last line read has no line end: the input ended in it
	blank int    // the first blank line after the last event, or 0
	n     int    // events decoded so far
	lim   Limits
	h     event.Header
	err   error          // sticky: the first error, or io.EOF
	v2    *compactReader // the version 2 and 3 decoder; nil for version 1
	work  entryBudget    // the list entries decoded, against the text read

	// lineLimit is the longest line accepted, in bytes; 0 means MaxLine.
	// Tests set it to cross the limit without lines of 16 MiB.
	lineLimit int
}

// NewReader reads and checks the header of the trace in r and returns a
// Reader positioned at its first event. It decompresses r when r is
// gzip-compressed. It refuses a first line that is not a header, another
// format, and a version other than Version. It accepts a trace of any
// size, but no line longer than 16 MiB and no string longer than
// MaxString; NewLimitedReader limits the trace's size too.
func NewReader(r io.Reader) (*Reader, error) {
	return NewLimitedReader(r, Limits{})
}

// NewLimitedReader is NewReader with limits on the trace's size: it and
// the Reader it returns fail with an error wrapping ErrTooLarge as soon as
// the trace crosses one of lim's limits, having read at most lim.Bytes
// bytes of text, and one byte more of decompressed data, whatever the
// rest of r holds.
func NewLimitedReader(r io.Reader, lim Limits) (*Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var text io.Reader
	after := ""
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("trace: reading gzip header: %w", err)
		}
		text, after = zr, " after decompression"
	}
	if lim.Bytes > 0 {
		if text == nil {
			text = br
		}
		text = &byteLimiter{r: text, left: lim.Bytes, err: &limitError{
			msg: fmt.Sprintf("trace: over the limit of %d bytes%s", lim.Bytes, after),
		}}
	}
	if text != nil {
		br = bufio.NewReaderSize(text, 64<<10)
	}
	tr := &Reader{br: br, lim: lim}
	line, err := tr.readLine()
	if err == io.EOF {
		return nil, &SyntaxError{Line: 1, Err: errors.New("empty input, want a header line")}
	}
	if err != nil {
		return nil, err
	}
	tr.work.bytes = int64(len(line) + 1)
	if err := decodeHeader(line, &tr.h); err != nil {
		return nil, &SyntaxError{Line: 1, Err: err}
	}
	if tr.h.Version >= 2 {
		tr.v2 = newCompactReader(tr.h.Version >= 3)
	}
	return tr, nil
}

// Header returns the trace's header.
func (r *Reader) Header() event.Header { return r.h }

// ReadEvent decodes the next event. At the end of the trace it returns
// io.EOF. A line that does not decode gives a *SyntaxError, or a
// *TruncatedError when it is the last line and the input ends in it.
// Every error is sticky.
func (r *Reader) ReadEvent() (event.Event, error) {
	var e event.Event
	err := r.readEvent(&e)
	return e, err
}

// ReadInto is r.ReadEvent into e, which it overwrites whole: package
// trace's Builder decodes into events of its own batches so.
func ReadInto(r *Reader, e *event.Event) error { return r.readEvent(e) }

// Line returns the number of lines r has read, the header included.
func Line(r *Reader) int { return r.line }

// Decoded returns the number of events r has decoded.
func Decoded(r *Reader) int { return r.n }

// SetLineLimit makes r accept lines of at most n bytes, so that tests
// cross the limit on lines shorter than MaxLine; 0 means MaxLine. It is a
// function, not a method, so that trace.Reader, an alias of Reader, does
// not gain it.
func SetLineLimit(r *Reader, n int) { r.lineLimit = n }

// readEvent is ReadEvent into e, which it overwrites whole.
func (r *Reader) readEvent(e *event.Event) error {
	for r.err == nil {
		line, err := r.readLine()
		if errors.Is(err, io.ErrUnexpectedEOF) {
			r.err = &TruncatedError{Line: r.line + 1, Events: r.n, Err: fmt.Errorf("the compressed data ends early: %w", io.ErrUnexpectedEOF)}
			break
		}
		if err != nil {
			r.err = err
			break
		}
		if len(bytes.TrimSpace(line)) == 0 {
			if r.blank == 0 {
				r.blank = r.line
			}
			continue
		}
		if r.blank != 0 {
			r.err = &SyntaxError{Line: r.blank, Err: errors.New("blank line before the end of the trace")}
			break
		}
		if r.lim.Events > 0 && r.n >= r.lim.Events {
			r.err = &limitError{msg: fmt.Sprintf("trace: line %d: more than %d events, the limit", r.line, r.lim.Events)}
			break
		}
		*e = event.Event{}
		if r.v2 != nil {
			err = r.v2.decodeEvent(line, r.n, e)
		} else {
			err = decodeEvent(line, r.n, e)
		}
		if err == nil {
			err = r.work.add(e, len(line)+1)
		}
		if err == nil && r.lim.Entries > 0 && r.work.entries > r.lim.Entries {
			err = &limitError{msg: fmt.Sprintf("the events up to here hold %d list entries (candidates, children, paths, beam states), over the limit of %d", r.work.entries, r.lim.Entries)}
		}
		switch {
		case errors.Is(err, ErrTooLarge):
			r.err = &limitError{msg: fmt.Sprintf("trace: line %d: %v", r.line, err)}
		case err != nil && r.open:
			r.err = &TruncatedError{Line: r.line, Events: r.n, Err: err}
		case err != nil:
			r.err = &SyntaxError{Line: r.line, Err: err}
		}
		if err != nil {
			break
		}
		r.n++
		return nil
	}
	*e = event.Event{}
	return r.err
}

// ReadAll reads a whole trace from r. With the header and events it
// returns the events read before any error.
func ReadAll(r io.Reader) (event.Header, []event.Event, error) {
	return ReadAllLimited(r, Limits{})
}

// ReadAllLimited is ReadAll with limits on the trace's size, as
// NewLimitedReader applies them: a trace that crosses one is refused with
// an error wrapping ErrTooLarge, after reading no more of it than the
// limit allows.
func ReadAllLimited(r io.Reader, lim Limits) (event.Header, []event.Event, error) {
	tr, err := NewLimitedReader(r, lim)
	if err != nil {
		return event.Header{}, nil, err
	}
	var events []event.Event
	for {
		e, err := tr.ReadEvent()
		if err == io.EOF {
			return tr.h, events, nil
		}
		if err != nil {
			return tr.h, events, err
		}
		events = append(events, e)
	}
}

// longestLine returns the longest line r accepts, in bytes.
func (r *Reader) longestLine() int {
	if r.lineLimit > 0 {
		return r.lineLimit
	}
	return MaxLine
}

// lineTooLong is the error of line n, longer than r accepts.
func (r *Reader) lineTooLong(n int) error {
	most := r.longestLine()
	return &SyntaxError{Line: n, Err: fmt.Errorf("line longer than the limit of %d bytes (%g MiB)", most, float64(most)/(1<<20))}
}

// readLine returns the next line without its line end, valid until the
// next call. It returns io.EOF only when no bytes are left.
func (r *Reader) readLine() ([]byte, error) {
	r.long = r.long[:0]
	most := r.longestLine()
	for {
		chunk, err := r.br.ReadSlice('\n')
		if len(r.long)+len(chunk) > most+1 {
			return nil, r.lineTooLong(r.line + 1)
		}
		if err == bufio.ErrBufferFull {
			// Double the buffer, up to the longest line: append's growth
			// of a quarter would allocate five times a long line in all.
			if need := len(r.long) + len(chunk); need > cap(r.long) {
				long := make([]byte, len(r.long), max(min(2*cap(r.long), most+1), need))
				copy(long, r.long)
				r.long = long
			}
			r.long = append(r.long, chunk...)
			continue
		}
		if len(r.long) > 0 {
			r.long = append(r.long, chunk...)
			chunk = r.long
		}
		if errors.Is(err, ErrTooLarge) {
			return nil, err
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("trace: reading line %d: %w", r.line+1, err)
		}
		if len(chunk) == 0 {
			return nil, io.EOF
		}
		r.line++
		r.open = err == io.EOF && chunk[len(chunk)-1] != '\n'
		chunk = bytes.TrimSuffix(chunk, []byte("\n"))
		if len(chunk) > most {
			return nil, r.lineTooLong(r.line)
		}
		return chunk, nil
	}
}
