package trace

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
)

// maxFields is the most fields any object in a line has.
const maxFields = 11

// maxLine is the longest line a Reader accepts, in bytes: far more than
// any event needs, yet a bound on the memory a corrupt file can claim.
const maxLine = 16 << 20

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
	h     Header
	err   error          // sticky: the first error, or io.EOF
	v2    *compactReader // the version 2 and 3 decoder; nil for version 1
	work  entryBudget    // the list entries decoded, against the text read

	// lineLimit is the longest line accepted, in bytes; 0 means maxLine.
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
func (r *Reader) Header() Header { return r.h }

// ReadEvent decodes the next event. At the end of the trace it returns
// io.EOF. A line that does not decode gives a *SyntaxError, or a
// *TruncatedError when it is the last line and the input ends in it.
// Every error is sticky.
func (r *Reader) ReadEvent() (Event, error) {
	var e Event
	err := r.readEvent(&e)
	return e, err
}

// readEvent is ReadEvent into e, which it overwrites whole.
func (r *Reader) readEvent(e *Event) error {
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
		*e = Event{}
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
	*e = Event{}
	return r.err
}

// ReadAll reads a whole trace from r. With the header and events it
// returns the events read before any error.
func ReadAll(r io.Reader) (Header, []Event, error) {
	return ReadAllLimited(r, Limits{})
}

// ReadAllLimited is ReadAll with limits on the trace's size, as
// NewLimitedReader applies them: a trace that crosses one is refused with
// an error wrapping ErrTooLarge, after reading no more of it than the
// limit allows.
func ReadAllLimited(r io.Reader, lim Limits) (Header, []Event, error) {
	tr, err := NewLimitedReader(r, lim)
	if err != nil {
		return Header{}, nil, err
	}
	var events []Event
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
	return maxLine
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

// decodeHeader decodes a header line into h, its fields as the header's
// spec lists them, in that order, so that a line of another format is
// refused for its "format" before anything else. It skips unknown
// members.
func decodeHeader(line []byte, h *Header) error {
	if err := checkObject(line); err != nil {
		return fmt.Errorf("not a %s header: %w", Format, err)
	}
	fields := header.fields
	raws := collect(line, fields)
	for i := range fields {
		f := &fields[i]
		if raws[i] == nil {
			switch {
			case f.Optional:
				continue
			case f.id == fFormat:
				return fmt.Errorf("not a %s header: no %q field", Format, f.Name)
			}
			return fmt.Errorf("missing required field %q", f.Name)
		}
		if err := decodeHeaderField(f, raws[i], h); err != nil {
			return fmt.Errorf("field %q: %w", f.Name, err)
		}
		// Checked as soon as decoded: nothing else of another format's
		// line, or of another version's, is worth an error.
		switch {
		case f.id == fFormat && h.Format != Format:
			return fmt.Errorf("format is %q, want %q", h.Format, Format)
		case f.id == fVersion && (h.Version < 1 || h.Version > Version):
			return fmt.Errorf("unsupported format version %d (this program reads versions 1 to %d)", h.Version, Version)
		}
	}
	return nil
}

// collect returns the raw values of the members of the valid JSON object
// line that fields name, by the fields' indexes; it keeps no other member,
// so a line with a million unknown ones costs no memory.
func collect(line []byte, fields []field) [maxFields][]byte {
	var raws [maxFields][]byte
	for name, raw := range members(line) {
		for i := range fields {
			if fields[i].Name == string(name) {
				raws[i] = raw
				break
			}
		}
	}
	return raws
}

// decodeHeaderField decodes raw into the member of h that f carries.
func decodeHeaderField(f *field, raw json.RawMessage, h *Header) error {
	var err error
	switch f.id {
	case fFormat:
		h.Format, err = decodeString(raw)
	case fVersion:
		var v int64
		v, err = decodeInt(raw, strconv.IntSize)
		h.Version = int(v)
	case fGame:
		h.Game, err = decodeString(raw)
	case fPosition:
		h.Position, err = decodeString(raw)
	case fAlgorithm:
		h.Algorithm, err = decodeString(raw)
	case fParams:
		h.Params, err = decodeParams(raw)
	case fSeed:
		h.Seed, err = decodeInt(raw, 64)
	case fProgram:
		h.Program, err = decodeString(raw)
	case fTime:
		var s string
		if s, err = decodeString(raw); err != nil {
			return err
		}
		if h.Time, err = time.Parse(time.RFC3339Nano, s); err != nil {
			return fmt.Errorf("want an RFC 3339 time, got %q", s)
		}
	}
	return err
}

// decodeEvent decodes the line of the event with index step into e,
// checking it against the kind's spec.
func decodeEvent(line []byte, step int, e *Event) error {
	if err := checkObject(line); err != nil {
		return err
	}
	var kind []byte
	for name, raw := range members(line) {
		if string(name) == "kind" {
			kind = raw
		}
	}
	if kind == nil {
		return errors.New("missing required field \"kind\"")
	}
	name, err := decodeString(kind)
	if err != nil {
		return fmt.Errorf("field \"kind\": %w", err)
	}
	var ok bool
	if e.Kind, ok = kinds.lookup(name); !ok {
		return fmt.Errorf("unknown kind %q (known kinds: %s)", name, strings.Join(kinds.validNames(), ", "))
	}
	fields := specs[e.Kind].fields
	raws := collect(line, fields)
	for i := range fields {
		f := &fields[i]
		if f.id == fKind {
			continue
		}
		if raws[i] == nil {
			if !f.Optional {
				return fmt.Errorf("missing required field %q for kind %q", f.Name, e.Kind)
			}
			if f.typ == tNode && f.id != fSame { // Same's none is 0, as the root never is one
				*nodeMember(f.id, e) = NoNode
			}
			continue
		}
		if err := decodeField(f, raws[i], e); err != nil {
			return fmt.Errorf("field %q: %w", f.Name, err)
		}
	}
	if e.Step != step {
		return fmt.Errorf("step is %d, want %d (steps count 0, 1, 2, ... in line order)", e.Step, step)
	}
	// A Limiter's note written before notes had a "truncated" field.
	if e.Kind == KindNote && e.Truncated == NotTruncated {
		e.Truncated = truncationOfText(e.Text)
	}
	return nil
}

// decodeField decodes raw into the member of e that f carries.
func decodeField(f *field, raw json.RawMessage, e *Event) error {
	var err error
	switch f.typ {
	case tStep, tInteger:
		var v int64
		v, err = decodeInt(raw, strconv.IntSize)
		*intMember(f.id, e) = int(v)
	case tNode:
		*nodeMember(f.id, e), err = decodeNode(raw)
	case tNumber:
		*numberMember(f.id, e), err = decodeNumber(raw)
	case tString:
		*stringMember(f.id, e), err = decodeString(raw)
	case tBoolean:
		*boolMember(f.id, e), err = decodeBool(raw)
	case tNodes:
		*nodesMember(f.id, e), err = decodeList(raw, decodeNode, nil)
	case tNodeKind:
		e.Type, err = decodeName(raw, &nodeTypes, "node kind")
	case tCut:
		e.Cut, err = decodeName(raw, &cutKinds, "cut")
	case tTruncation:
		e.Truncated, err = decodeName(raw, &truncations, "truncation")
	case tIntegers:
		e.Pruned, err = decodeList(raw, func(raw json.RawMessage) (int, error) {
			v, err := decodeInt(raw, strconv.IntSize)
			return int(v), err
		}, checkPruned)
	case tStrings:
		e.PrunedLabels, err = decodeList(raw, decodeString, checkPrunedLabels)
	case tNumbers:
		e.Values, err = decodeList(raw, decodeNumber, nil)
	case tScores:
		e.Scores, err = decodeList(raw, decodeScore, nil)
	case tCounters:
		e.Counters, err = decodeCounters(raw)
	case tJoint:
		e.Joint, err = decodeJoint(raw)
	}
	return err
}

// decodeName decodes a JSON string naming a value of enum t, which its
// error calls a noun.
func decodeName[E ~uint8](raw json.RawMessage, t *enum[E], noun string) (E, error) {
	s, err := decodeString(raw)
	if err != nil {
		return 0, err
	}
	v, ok := t.lookup(s)
	if !ok {
		return 0, fmt.Errorf("unknown %s %q (want %s)", noun, s, t.want())
	}
	return v, nil
}

// decodeJoint decodes a list of exactly two moves, player 0's and player
// 1's.
func decodeJoint(raw json.RawMessage) (*JointAction, error) {
	moves, err := decodeList(raw, decodeMove, func(n int) error {
		if n != 2 {
			return fmt.Errorf("%d moves, want 2: player 0's and player 1's", n)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &JointAction{moves[0], moves[1]}, nil
}

func decodeMove(raw json.RawMessage) (Move, error) {
	var m Move
	err := decodeFields(raw, moveFields, func(name string, raw json.RawMessage) error {
		var err error
		switch name {
		case "action":
			var v int64
			v, err = decodeInt(raw, strconv.IntSize)
			m.Action = int(v)
		case "label":
			m.Label, err = decodeString(raw)
		}
		return err
	})
	return m, err
}

// describe names the JSON type of raw, for error messages.
func describe(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "a list"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	if isNumber(raw) {
		return "the number " + abbrev(raw)
	}
	return "invalid JSON"
}

// abbrev returns raw as a string short enough for an error message.
func abbrev(raw []byte) string {
	const limit = 40
	if len(raw) > limit {
		return string(raw[:limit]) + "..."
	}
	return string(raw)
}

// decodeString decodes a JSON string whose text is at most MaxString
// bytes long. It measures a long string before it decodes it, so that a
// string over the limit costs no memory.
func decodeString(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || raw[0] != '"' {
		return "", fmt.Errorf("want a string, got %s", describe(raw))
	}
	// Each byte of the JSON decodes to at most three (invalid UTF-8
	// becomes U+FFFD), so only a long string needs measuring.
	if len(raw)-2 > MaxString/3 {
		if err := checkString(unquotedLen(raw)); err != nil {
			return "", err
		}
	}
	return unquote(raw), nil
}

func decodeBool(raw json.RawMessage) (bool, error) {
	switch string(raw) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("want true or false, got %s", describe(raw))
}

func isNumber(raw json.RawMessage) bool {
	return len(raw) > 0 && (raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9')
}

// decodeInt decodes a JSON number with an integral value that fits in a
// signed integer of the given size.
func decodeInt(raw json.RawMessage, bits int) (int64, error) {
	if !isNumber(raw) {
		return 0, fmt.Errorf("want an integer, got %s", describe(raw))
	}
	v, err := strconv.ParseInt(string(raw), 10, bits)
	if err == nil {
		return v, nil
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err == nil && f != math.Trunc(f) {
		return 0, fmt.Errorf("want an integer, got %s", describe(raw))
	}
	if limit := math.Ldexp(1, bits-1); err != nil || f < -limit || f >= limit {
		return 0, fmt.Errorf("integer %s out of range (want %d bits)", abbrev(raw), bits)
	}
	return int64(f), nil
}

// decodeNode decodes a node id, which must fit in an int32.
func decodeNode(raw json.RawMessage) (NodeID, error) {
	v, err := decodeInt(raw, 64)
	if err != nil {
		return 0, fmt.Errorf("node id: %w", err)
	}
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, fmt.Errorf("node id %d out of range (want an integer from %d to %d)", v, math.MinInt32, math.MaxInt32)
	}
	return NodeID(v), nil
}

// decodeNumber decodes a JSON number or the string "inf" or "-inf".
func decodeNumber(raw json.RawMessage) (float64, error) {
	switch string(raw) {
	case `"inf"`:
		return math.Inf(1), nil
	case `"-inf"`:
		return math.Inf(-1), nil
	}
	if !isNumber(raw) {
		return 0, fmt.Errorf("want a number, \"inf\" or \"-inf\", got %s", describe(raw))
	}
	v, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		return 0, fmt.Errorf("number %s out of range (write \"inf\" or \"-inf\" for infinities)", abbrev(raw))
	}
	return v, nil
}

// decodeList decodes a JSON list, each element with elem. An empty list
// decodes as a non-nil empty slice. If check is not nil, decodeList first
// counts the elements, and refuses the list with check's error, if any,
// before decoding one.
func decodeList[T any](raw json.RawMessage, elem func(json.RawMessage) (T, error), check func(n int) error) ([]T, error) {
	if len(raw) == 0 || raw[0] != '[' {
		return nil, fmt.Errorf("want a list, got %s", describe(raw))
	}
	var out []T
	if check != nil {
		n := 0
		for range elements(raw) {
			n++
		}
		if err := check(n); err != nil {
			return nil, err
		}
		out = make([]T, 0, n)
	}
	for r := range elements(raw) {
		v, err := elem(r)
		if err != nil {
			return nil, fmt.Errorf("element %d: %w", len(out), err)
		}
		out = append(out, v)
	}
	if out == nil {
		out = []T{}
	}
	return out, nil
}

// checkPrunedLabels checks that a cut has at most MaxPrunedPerCut labels
// of pruned actions.
func checkPrunedLabels(n int) error {
	if n > MaxPrunedPerCut {
		return fmt.Errorf("%d pruned labels, over the limit of %d per cut", n, MaxPrunedPerCut)
	}
	return nil
}

// decodeParams decodes a header's parameters: an object of at most
// MaxParams members whose names and values are strings. An empty object
// decodes as nil.
func decodeParams(raw json.RawMessage) (map[string]string, error) {
	if len(raw) == 0 || raw[0] != '{' {
		return nil, fmt.Errorf("want an object of strings, got %s", describe(raw))
	}
	n := 0
	for range rawMembers(raw) {
		n++
	}
	if n > MaxParams {
		return nil, fmt.Errorf("%d parameters, over the limit of %d", n, MaxParams)
	}
	if n == 0 {
		return nil, nil
	}
	params := make(map[string]string, n)
	for key, value := range rawMembers(raw) {
		k, err := decodeString(key)
		if err != nil {
			return nil, fmt.Errorf("a parameter's name: %w", err)
		}
		v, err := decodeString(value)
		if err != nil {
			if value[0] != '"' {
				return nil, fmt.Errorf("want an object of strings, but %q is %s", k, describe(value))
			}
			return nil, fmt.Errorf("parameter %q: %w", k, err)
		}
		params[k] = v
	}
	return params, nil
}

// decodeFields decodes a JSON object whose members are the given fields,
// all required, calling set for each.
func decodeFields(raw json.RawMessage, fields []field, set func(name string, raw json.RawMessage) error) error {
	if len(raw) == 0 || raw[0] != '{' {
		return fmt.Errorf("want an object, got %s", describe(raw))
	}
	raws := collect(raw, fields)
	for i, f := range fields {
		if raws[i] == nil {
			return fmt.Errorf("missing required field %q", f.Name)
		}
		if err := set(f.Name, raws[i]); err != nil {
			return fmt.Errorf("field %q: %w", f.Name, err)
		}
	}
	return nil
}

func decodeScore(raw json.RawMessage) (Score, error) {
	var s Score
	err := decodeFields(raw, scoreFields, func(name string, raw json.RawMessage) error {
		var err error
		var v int64
		switch name {
		case "child":
			s.Child, err = decodeNode(raw)
		case "action":
			v, err = decodeInt(raw, strconv.IntSize)
			s.Action = int(v)
		case "w":
			s.W, err = decodeNumber(raw)
		case "n":
			v, err = decodeInt(raw, strconv.IntSize)
			s.N = int(v)
		case "ucb":
			if string(raw) == "null" {
				s.UCB = math.NaN()
			} else {
				s.UCB, err = decodeNumber(raw)
			}
		}
		return err
	})
	return s, err
}

func decodeCounters(raw json.RawMessage) (Counters, error) {
	var c Counters
	err := decodeFields(raw, counterFields, func(name string, raw json.RawMessage) error {
		bits := strconv.IntSize
		if name == "elapsed_ns" {
			bits = 64
		}
		v, err := decodeInt(raw, bits)
		switch name {
		case "nodes":
			c.Nodes = int(v)
		case "evals":
			c.Evals = int(v)
		case "cuts":
			c.Cuts = int(v)
		case "elapsed_ns":
			c.Elapsed = time.Duration(v)
		}
		return err
	})
	return c, err
}
