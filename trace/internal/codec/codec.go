package codec

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/searchviz/searchviz/trace/internal/event"
)

// flushSize is how many encoded bytes a Writer collects before it writes
// them out: writes stay rare without holding much memory.
const flushSize = 64 << 10

// Writer encodes a trace as JSON Lines: a header line, then one line per
// event. It buffers its output; call Flush when done.
//
// Emit encodes each event at once and keeps no reference to it, so the
// caller may reuse the event's slices as soon as Emit returns.
//
// The first error, writing or encoding, is sticky: later calls to Emit do
// nothing, and Flush and Err report it. A Writer is not safe for concurrent
// use.
type Writer struct {
	w       io.Writer
	buf     []byte
	n       int            // events encoded so far; the next event's step
	err     error          // the first error
	compact *compactWriter // the version 2 and 3 encoder; nil for version 1
	work    entryBudget    // the list entries written, against the text
}

// NewWriter returns a Writer that writes a trace to w in version
// h.Version of the format: Version when it is 0, or 2, or 1, the version
// that spells every field of every event out. It writes the header line at
// once, with Format filled in whatever h says, and returns the error of
// that write. It refuses, writing nothing, another version and a header
// that Reader would refuse: one with a string longer than MaxString or
// more than MaxParams parameters.
func NewWriter(w io.Writer, h event.Header) (*Writer, error) {
	h.Format = event.Format
	var compact *compactWriter
	switch h.Version {
	case 0, event.Version:
		h.Version, compact = event.Version, newCompactWriter(true)
	case 2:
		compact = newCompactWriter(false)
	case 1:
	default:
		return nil, fmt.Errorf("trace: cannot write format version %d; write version %d, 2 or 1", h.Version, event.Version)
	}
	line, err := appendHeader(make([]byte, 0, flushSize+4096), &h)
	if err != nil {
		return nil, fmt.Errorf("trace: header %w", err)
	}
	tw := &Writer{w: w, buf: line, compact: compact, work: entryBudget{bytes: int64(len(line))}}
	if err := tw.Flush(); err != nil {
		return nil, err
	}
	return tw, nil
}

// Emit encodes e as the next line of the trace. It sets the line's step to
// the number of events emitted before it, whatever e.Step says. An event
// that cannot be encoded (an invalid kind, node type or cut kind, or a NaN
// anywhere but a score's UCB) or that Reader would refuse (a string longer
// than MaxString, a cut of more than MaxPrunedPerCut actions) sets the
// Writer's error.
func (w *Writer) Emit(e event.Event) {
	if w.err != nil {
		return
	}
	start := len(w.buf)
	var b []byte
	var err error
	if w.compact != nil {
		b, err = w.compact.appendEvent(w.buf, &e)
	} else {
		b, err = appendEvent(w.buf, w.n, &e)
	}
	if err == nil {
		err = w.work.add(&e, len(b)-start)
	}
	if err != nil {
		w.buf = w.buf[:start]
		w.err = fmt.Errorf("trace: step %d: cannot encode %v event: %w", w.n, e.Kind, err)
		return
	}
	w.buf = b
	w.n++
	if len(w.buf) >= flushSize {
		w.Flush()
	}
}

// Flush writes any buffered lines to the underlying writer and returns the
// Writer's error, if any.
func (w *Writer) Flush() error {
	if w.err != nil || len(w.buf) == 0 {
		return w.err
	}
	n, err := w.w.Write(w.buf)
	if err == nil && n < len(w.buf) {
		err = io.ErrShortWrite
	}
	if err != nil {
		w.err = fmt.Errorf("trace: writing event %d: %w", w.n, err)
	}
	w.buf = w.buf[:0]
	return w.err
}

// Err returns the Writer's first error, or nil.
func (w *Writer) Err() error { return w.err }

// textLen returns the length of the text a Reader decodes from the JSON
// string that appendString writes for s: len(s), but for invalid UTF-8,
// whose every byte becomes U+FFFD, three bytes. It only counts when the
// count can matter, when s is longer than a third of MaxString.
func textLen(s string) int {
	if len(s) <= MaxString/3 || utf8.ValidString(s) {
		return len(s)
	}
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		n += runeTextLen(r, size)
		i += size
	}
	return n
}

// runeTextLen is the bytes a decoded rune of size bytes takes as text:
// an invalid byte becomes U+FFFD, three bytes.
func runeTextLen(r rune, size int) int {
	if r == utf8.RuneError && size == 1 {
		return 3
	}
	return size
}

// appendText appends s as a JSON string after checking that its text is
// within MaxString.
func appendText(b []byte, name string, s string) ([]byte, error) {
	if err := checkString(textLen(s)); err != nil {
		return b, fmt.Errorf("field %q: %w", name, err)
	}
	return appendString(b, s), nil
}

// appendHeader appends the header line, every field of the header's spec
// in its order and parameters sorted by name, so equal headers encode to
// equal bytes. It refuses a header that Reader would refuse: a string
// longer than MaxString or more than MaxParams parameters.
func appendHeader(b []byte, h *event.Header) ([]byte, error) {
	var err error
	for i := range event.HeaderSpec.Fields {
		f := &event.HeaderSpec.Fields[i]
		b = append(b, f.Key...)
		switch f.ID {
		case event.FFormat:
			b, err = appendText(b, f.Name, h.Format)
		case event.FVersion:
			b = strconv.AppendInt(b, int64(h.Version), 10)
		case event.FGame:
			b, err = appendText(b, f.Name, h.Game)
		case event.FPosition:
			b, err = appendText(b, f.Name, h.Position)
		case event.FAlgorithm:
			b, err = appendText(b, f.Name, h.Algorithm)
		case event.FParams:
			b, err = appendParams(b, f.Name, h.Params)
		case event.FSeed:
			b = strconv.AppendInt(b, h.Seed, 10)
		case event.FProgram:
			b, err = appendText(b, f.Name, h.Program)
		case event.FTime:
			b = append(b, '"')
			b = h.Time.AppendFormat(b, time.RFC3339Nano)
			b = append(b, '"')
		}
		if err != nil {
			return b, err
		}
	}
	return append(b, '}', '\n'), nil
}

// appendParams appends a header's parameters as a JSON object, sorted by
// name.
func appendParams(b []byte, name string, params map[string]string) ([]byte, error) {
	if len(params) > MaxParams {
		return b, fmt.Errorf("field %q: %d parameters, over the limit of %d", name, len(params), MaxParams)
	}
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		if err := checkString(textLen(k)); err != nil {
			return b, fmt.Errorf("field %q: a parameter's name: %w", name, err)
		}
		b = appendString(b, k)
		b = append(b, ':')
		if err := checkString(textLen(params[k])); err != nil {
			return b, fmt.Errorf("field %q: parameter %q: %w", name, k, err)
		}
		b = appendString(b, params[k])
	}
	return append(b, '}'), nil
}

// AppendEvent appends e's line in version 1 of the format, with step as
// its step, for tests that check SizeBound against the encoding.
func AppendEvent(b []byte, step int, e *event.Event) ([]byte, error) {
	return appendEvent(b, step, e)
}

// appendEvent appends e's line with the given step, its fields in the
// order of the spec table. It writes the plain types, which make up most
// lines, itself, and leaves the rest to appendValue, so that its loop
// stays small and fast.
func appendEvent(b []byte, step int, e *event.Event) ([]byte, error) {
	if !event.KindEnum.Valid(e.Kind) {
		return b, errors.New("invalid kind")
	}
	var err error
	for i := range event.Specs[e.Kind].Fields {
		f := &event.Specs[e.Kind].Fields[i]
		if f.Optional && isZero(f.ID, e) {
			continue
		}
		b = append(b, f.Key...)
		switch f.FieldType {
		case event.TStep:
			b = strconv.AppendInt(b, int64(step), 10)
		case event.TKind:
			b = append(b, '"')
			b = append(b, event.KindEnum.Names[e.Kind]...)
			b = append(b, '"')
		case event.TInteger:
			b = strconv.AppendInt(b, int64(*event.IntMember(f.ID, e)), 10)
		case event.TNode:
			b = strconv.AppendInt(b, int64(*event.NodeMember(f.ID, e)), 10)
		case event.TNumber:
			b, err = appendNumber(b, f.Name, *event.NumberMember(f.ID, e))
		case event.TString:
			b, err = appendText(b, f.Name, *event.StringMember(f.ID, e))
		case event.TBoolean:
			b = strconv.AppendBool(b, *event.BoolMember(f.ID, e))
		default:
			b, err = appendValue(b, f, e)
		}
		if err != nil {
			return b, err
		}
	}
	return append(b, '}', '\n'), nil
}

// appendValue appends the value of field f of e for the types that
// appendEvent leaves to it: the enums but the kind, lists and objects.
func appendValue(b []byte, f *event.LineField, e *event.Event) ([]byte, error) {
	switch f.FieldType {
	case event.TNodeKind:
		return appendName(b, f.Name, &event.NodeTypeEnum, e.Type, "node type")
	case event.TCut:
		return appendName(b, f.Name, &event.CutKindEnum, e.Cut, "cut kind")
	case event.TTruncation:
		return appendName(b, f.Name, &event.TruncationEnum, e.Truncated, "truncation")
	case event.TNodes:
		return appendInts(b, *event.NodesMember(f.ID, e)), nil
	case event.TIntegers:
		if err := CheckPruned(len(e.Pruned)); err != nil {
			return b, fmt.Errorf("field %q: %w", f.Name, err)
		}
		return appendInts(b, e.Pruned), nil
	case event.TStrings:
		if err := checkPrunedLabels(len(e.PrunedLabels)); err != nil {
			return b, fmt.Errorf("field %q: %w", f.Name, err)
		}
		return appendList(b, f.Name, e.PrunedLabels, appendText)
	case event.TNumbers:
		return appendList(b, f.Name, e.Values, appendNumber)
	case event.TScores:
		return appendScores(b, e.Scores)
	case event.TCounters:
		b = append(b, `{"nodes":`...)
		b = strconv.AppendInt(b, int64(e.Counters.Nodes), 10)
		b = append(b, `,"evals":`...)
		b = strconv.AppendInt(b, int64(e.Counters.Evals), 10)
		b = append(b, `,"cuts":`...)
		b = strconv.AppendInt(b, int64(e.Counters.Cuts), 10)
		b = append(b, `,"elapsed_ns":`...)
		b = strconv.AppendInt(b, int64(e.Counters.Elapsed), 10)
		return append(b, '}'), nil
	case event.TJoint:
		return appendList(b, f.Name, e.Joint[:], appendMove)
	}
	return b, fmt.Errorf("field %q: events have no encoding for type %s", f.Name, f.Type)
}

// appendName appends the name of v, a value of enum t, as a JSON string.
// It refuses a value that files cannot hold, which its error calls a noun.
func appendName[E ~uint8](b []byte, field string, t *event.Enum[E], v E, noun string) ([]byte, error) {
	if !t.Valid(v) {
		return b, fmt.Errorf("field %q: invalid %s %s", field, noun, t.Name(v))
	}
	b = append(b, '"')
	b = append(b, t.Names[v]...)
	return append(b, '"'), nil
}

// appendMove appends one player's part of a joint action as an object.
func appendMove(b []byte, name string, m event.Move) ([]byte, error) {
	b = append(b, `{"action":`...)
	b = strconv.AppendInt(b, int64(m.Action), 10)
	b = append(b, `,"label":`...)
	b, err := appendText(b, name, m.Label)
	return append(b, '}'), err
}

// isZero reports whether the member of e that field id carries has the
// zero value that an optional field omits: for a field without a case of
// its own, its Go zero value.
func isZero(id event.FieldID, e *event.Event) bool {
	switch id {
	case event.FBoard:
		return e.Board == ""
	case event.FBest:
		return e.Best == event.NoNode
	case event.FSame:
		return e.Same == 0
	case event.FNode:
		return e.Node == event.NoNode
	case event.FDepth:
		return e.Depth == 0
	case event.FDiscarded:
		return !e.Discarded
	case event.FJoint:
		return e.Joint == nil
	case event.FTruncated:
		return e.Truncated == event.NotTruncated
	case event.FVisits:
		return e.Visits == 0
	case event.FExplore:
		return e.Explore == 0
	case event.FProb:
		return e.Prob == 0
	}
	return !event.NonZero(id, e)
}

// appendNumber appends v as a JSON number, or as "inf" or "-inf", which
// JSON has no number for. NaN has no encoding.
func appendNumber(b []byte, name string, v float64) ([]byte, error) {
	switch {
	case math.IsNaN(v):
		return b, fmt.Errorf("field %q is NaN (only a score's ucb may be NaN)", name)
	case math.IsInf(v, 1):
		return append(b, `"inf"`...), nil
	case math.IsInf(v, -1):
		return append(b, `"-inf"`...), nil
	}
	return strconv.AppendFloat(b, v, 'g', -1, 64), nil
}

// appendInts appends xs as a JSON list of integers.
func appendInts[T ~int | ~int32](b []byte, xs []T) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

// appendList appends xs as a JSON list, each element with elem, and
// returns elem's first error, which names field name.
func appendList[T any](b []byte, name string, xs []T, elem func([]byte, string, T) ([]byte, error)) ([]byte, error) {
	var err error
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = elem(b, name, x); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

func appendScores(b []byte, scores []event.Score) ([]byte, error) {
	var err error
	b = append(b, '[')
	for i, s := range scores {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"child":`...)
		b = strconv.AppendInt(b, int64(s.Child), 10)
		b = append(b, `,"action":`...)
		b = strconv.AppendInt(b, int64(s.Action), 10)
		b = append(b, `,"w":`...)
		if b, err = appendNumber(b, "w", s.W); err != nil {
			return b, fmt.Errorf("scores[%d]: %w", i, err)
		}
		b = append(b, `,"n":`...)
		b = strconv.AppendInt(b, int64(s.N), 10)
		b = append(b, `,"ucb":`...)
		if math.IsNaN(s.UCB) {
			b = append(b, "null"...)
		} else {
			b, _ = appendNumber(b, "ucb", s.UCB)
		}
		b = append(b, '}')
	}
	return append(b, ']'), nil
}

// appendString appends s as a JSON string. Besides what JSON requires
// (quote, backslash and control characters) it escapes U+2028 and U+2029,
// which older JavaScript parsers take for line ends, and writes each byte
// of invalid UTF-8 as \ufffd, as encoding/json does; it does not escape
// HTML characters.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
