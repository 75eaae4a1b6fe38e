package trace

import (
	"io"

	"github.com/searchviz/searchviz/trace/internal/codec"
)

// The codec, versions 1, 2 and 3 of the file format, is in
// trace/internal/codec; these are its public names.

// Writer encodes a trace as JSON Lines: a header line, then one line per
// event. It buffers its output; call Flush when done.
//
// Emit encodes each event at once and keeps no reference to it, so the
// caller may reuse the event's slices as soon as Emit returns.
//
// The first error, writing or encoding, is sticky: later calls to Emit do
// nothing, and Flush and Err report it. A Writer is not safe for concurrent
// use.
type Writer = codec.Writer

var _ Tracer = (*Writer)(nil)

// NewWriter returns a Writer that writes a trace to w in version
// h.Version of the format: Version when it is 0, or 2, or 1, the version
// that spells every field of every event out. It writes the header line at
// once, with Format filled in whatever h says, and returns the error of
// that write. It refuses, writing nothing, another version and a header
// that Reader would refuse: one with a string longer than MaxString or
// more than MaxParams parameters.
func NewWriter(w io.Writer, h Header) (*Writer, error) { return codec.NewWriter(w, h) }

// Reader decodes a trace written by a Writer, or by any program that
// follows the format: Header returns the trace's header, and ReadEvent
// the next event, io.EOF at the end, a *SyntaxError for a line that does
// not decode, or a *TruncatedError for a last line the input ends in;
// every error is sticky. It is not safe for concurrent use.
type Reader = codec.Reader

// NewReader reads and checks the header of the trace in r and returns a
// Reader positioned at its first event. It decompresses r when r is
// gzip-compressed. It refuses a first line that is not a header, another
// format, and a version other than Version. It accepts a trace of any
// size, but no line longer than 16 MiB and no string longer than
// MaxString; NewLimitedReader limits the trace's size too.
func NewReader(r io.Reader) (*Reader, error) { return codec.NewReader(r) }

// NewLimitedReader is NewReader with limits on the trace's size: it and
// the Reader it returns fail with an error wrapping ErrTooLarge as soon as
// the trace crosses one of lim's limits, having read at most lim.Bytes
// bytes of text, and one byte more of decompressed data, whatever the
// rest of r holds.
func NewLimitedReader(r io.Reader, lim Limits) (*Reader, error) {
	return codec.NewLimitedReader(r, lim)
}

// ReadAll reads a whole trace from r. With the header and events it
// returns the events read before any error.
func ReadAll(r io.Reader) (Header, []Event, error) { return codec.ReadAll(r) }

// ReadAllLimited is ReadAll with limits on the trace's size, as
// NewLimitedReader applies them: a trace that crosses one is refused with
// an error wrapping ErrTooLarge, after reading no more of it than the
// limit allows.
func ReadAllLimited(r io.Reader, lim Limits) (Header, []Event, error) {
	return codec.ReadAllLimited(r, lim)
}

// SyntaxError is an error in the text of a trace: a line that is not the
// JSON the format requires. Line is the line's number, from 1 (the
// header), and Err, which Unwrap returns, what is wrong with it.
type SyntaxError = codec.SyntaxError

// TruncatedError is the error of a Reader whose trace stops short, as a
// file does when a copy or a download is cut: its last line has no line
// end and does not decode, or its compressed data ends before the
// compressed stream does. Every event before the cut was read whole, so
// a caller may show them; a bad line with more lines after it is a
// *SyntaxError instead, since that is damage, not an end. Line is the
// number of the line that is cut, from 1 (the header), Events the events
// read whole before it, and Err, which Unwrap returns, what is wrong with
// the cut line.
type TruncatedError = codec.TruncatedError

// UCB1 is the score a select event's candidate of total w over n visits
// has, t being the visits its ln t counts and c the exploration constant:
// w/n + c·sqrt(2·ln t / n), or NaN when n is 0. Engines that compute it
// this way let version 2 traces leave every score out.
func UCB1(w float64, n, t int, c float64) float64 { return codec.UCB1(w, n, t, c) }
