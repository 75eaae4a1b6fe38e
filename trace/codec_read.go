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
const maxFields = 9

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

// Reader decodes a trace written by a Writer, or by any program that
// follows the format. It is not safe for concurrent use.
type Reader struct {
	br    *bufio.Reader
	long  []byte // holds a line longer than br's buffer
	line  int    // lines read so far
	blank int    // the first blank line after the last event, or 0
	n     int    // events decoded so far
	h     Header
	err   error // sticky: the first error, or io.EOF
}

// NewReader reads and checks the header of the trace in r and returns a
// Reader positioned at its first event. It decompresses r when r is
// gzip-compressed. It refuses a first line that is not a header, another
// format, and a version other than Version.
func NewReader(r io.Reader) (*Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("trace: reading gzip header: %w", err)
		}
		br = bufio.NewReaderSize(zr, 64<<10)
	}
	tr := &Reader{br: br}
	line, err := tr.readLine()
	if err == io.EOF {
		return nil, &SyntaxError{Line: 1, Err: errors.New("empty input, want a header line")}
	}
	if err != nil {
		return nil, err
	}
	if err := decodeHeader(line, &tr.h); err != nil {
		return nil, &SyntaxError{Line: 1, Err: err}
	}
	return tr, nil
}

// Header returns the trace's header.
func (r *Reader) Header() Header { return r.h }

// ReadEvent decodes the next event. At the end of the trace it returns
// io.EOF. A line that does not decode gives a *SyntaxError. Every error
// is sticky.
func (r *Reader) ReadEvent() (Event, error) {
	for r.err == nil {
		line, err := r.readLine()
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
		var e Event
		if err := decodeEvent(line, r.n, &e); err != nil {
			r.err = &SyntaxError{Line: r.line, Err: err}
			break
		}
		r.n++
		return e, nil
	}
	return Event{}, r.err
}

// ReadAll reads a whole trace from r.
func ReadAll(r io.Reader) (Header, []Event, error) {
	tr, err := NewReader(r)
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

// readLine returns the next line without its line end, valid until the
// next call. It returns io.EOF only when no bytes are left.
func (r *Reader) readLine() ([]byte, error) {
	r.long = r.long[:0]
	for {
		chunk, err := r.br.ReadSlice('\n')
		if len(r.long)+len(chunk) > maxLine+1 {
			return nil, &SyntaxError{Line: r.line + 1, Err: fmt.Errorf("line longer than the limit of %d bytes (16 MiB)", maxLine)}
		}
		if err == bufio.ErrBufferFull {
			r.long = append(r.long, chunk...)
			continue
		}
		if len(r.long) > 0 {
			r.long = append(r.long, chunk...)
			chunk = r.long
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("trace: reading line %d: %w", r.line+1, err)
		}
		if len(chunk) == 0 {
			return nil, io.EOF
		}
		r.line++
		chunk = bytes.TrimSuffix(chunk, []byte("\n"))
		if len(chunk) > maxLine {
			return nil, &SyntaxError{Line: r.line, Err: fmt.Errorf("line longer than the limit of %d bytes (16 MiB)", maxLine)}
		}
		return chunk, nil
	}
}

// decodeObject decodes a line that must hold one JSON object.
func decodeObject(line []byte) (map[string]json.RawMessage, error) {
	if err := checkObject(line); err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil {
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	return m, nil
}

func decodeHeader(line []byte, h *Header) error {
	m, err := decodeObject(line)
	if err != nil {
		return fmt.Errorf("not a %s header: %w", Format, err)
	}
	raw, ok := m["format"]
	if !ok {
		return fmt.Errorf("not a %s header: no \"format\" field", Format)
	}
	if h.Format, err = decodeString(raw); err != nil {
		return fmt.Errorf("field \"format\": %w", err)
	}
	if h.Format != Format {
		return fmt.Errorf("format is %q, want %q", h.Format, Format)
	}
	raw, ok = m["version"]
	if !ok {
		return errors.New("missing required field \"version\"")
	}
	v, err := decodeInt(raw, 64)
	if err != nil {
		return fmt.Errorf("field \"version\": %w", err)
	}
	if v != Version {
		return fmt.Errorf("unsupported format version %d (this program reads version %d)", v, Version)
	}
	h.Version = int(v)
	for _, f := range []struct {
		name string
		dst  *string
	}{{"game", &h.Game}, {"position", &h.Position}, {"algorithm", &h.Algorithm}, {"program", &h.Program}} {
		if raw, ok := m[f.name]; ok {
			if *f.dst, err = decodeString(raw); err != nil {
				return fmt.Errorf("field %q: %w", f.name, err)
			}
		}
	}
	if raw, ok := m["params"]; ok {
		if err := json.Unmarshal(raw, &h.Params); err != nil || h.Params == nil {
			return fmt.Errorf("field \"params\": want an object of strings, got %s", describe(raw))
		}
		if len(h.Params) == 0 {
			h.Params = nil
		}
	}
	if raw, ok := m["seed"]; ok {
		if h.Seed, err = decodeInt(raw, 64); err != nil {
			return fmt.Errorf("field \"seed\": %w", err)
		}
	}
	if raw, ok := m["time"]; ok {
		s, err := decodeString(raw)
		if err != nil {
			return fmt.Errorf("field \"time\": %w", err)
		}
		if h.Time, err = time.Parse(time.RFC3339Nano, s); err != nil {
			return fmt.Errorf("field \"time\": want an RFC 3339 time, got %q", s)
		}
	}
	return nil
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
	if e.Kind, err = ParseKind(name); err != nil {
		names := make([]string, 0, numKinds-1)
		for _, k := range Kinds() {
			names = append(names, k.String())
		}
		return fmt.Errorf("unknown kind %q (known kinds: %s)", name, strings.Join(names, ", "))
	}
	fields := specs[e.Kind].fields
	var raws [maxFields][]byte
	for name, raw := range members(line) {
		for i := range fields {
			if fields[i].Name == string(name) {
				raws[i] = raw
				break
			}
		}
	}
	for i := range fields {
		f := &fields[i]
		if f.id == fKind {
			continue
		}
		if raws[i] == nil {
			if !f.Optional {
				return fmt.Errorf("missing required field %q for kind %q", f.Name, e.Kind)
			}
			if f.Type == "node" {
				setNode(f.id, e, NoNode)
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
	return nil
}

func setNode(id fieldID, e *Event, v NodeID) {
	switch id {
	case fNode:
		e.Node = v
	case fParent:
		e.Parent = v
	case fBest:
		e.Best = v
	case fChild:
		e.Child = v
	}
}

// decodeField decodes raw into the member of e that f carries.
func decodeField(f *field, raw json.RawMessage, e *Event) error {
	var err error
	switch f.Type {
	case "node":
		var id NodeID
		if id, err = decodeNode(raw); err == nil {
			setNode(f.id, e, id)
		}
		return err
	case "integer":
		var v int64
		if v, err = decodeInt(raw, strconv.IntSize); err != nil {
			return err
		}
		switch f.id {
		case fStep:
			e.Step = int(v)
		case fAction:
			e.Action = int(v)
		case fDepth:
			e.Depth = int(v)
		case fLength:
			e.Length = int(v)
		case fIteration:
			e.Iteration = int(v)
		}
		return nil
	case "number":
		var v float64
		if v, err = decodeNumber(raw); err != nil {
			return err
		}
		switch f.id {
		case fValue:
			e.Value = v
		case fAlpha:
			e.Alpha = v
		case fBeta:
			e.Beta = v
		case fResult:
			e.Result = v
		}
		return nil
	case "string":
		var s string
		if s, err = decodeString(raw); err != nil {
			return err
		}
		switch f.id {
		case fLabel:
			e.Label = s
		case fBoard:
			e.Board = s
		case fText:
			e.Text = s
		}
		return nil
	case "boolean":
		var v bool
		if v, err = decodeBool(raw); err != nil {
			return err
		}
		switch f.id {
		case fTerminal:
			e.Terminal = v
		case fDiscarded:
			e.Discarded = v
		}
		return nil
	}
	switch f.id {
	case fNodeKind:
		s, err := decodeString(raw)
		if err != nil {
			return err
		}
		if e.Type, err = ParseNodeType(s); err != nil {
			return fmt.Errorf("unknown node kind %q (want max, min, chance, single or joint)", s)
		}
	case fCut:
		s, err := decodeString(raw)
		if err != nil {
			return err
		}
		if e.Cut, err = ParseCutKind(s); err != nil {
			return fmt.Errorf("unknown cut %q (want alpha or beta)", s)
		}
	case fPruned:
		e.Pruned, err = decodeList(raw, func(raw json.RawMessage) (int, error) {
			v, err := decodeInt(raw, strconv.IntSize)
			return int(v), err
		})
	case fPrunedLabels:
		e.PrunedLabels, err = decodeList(raw, decodeString)
	case fChildren:
		e.Children, err = decodeList(raw, decodeNode)
	case fPath:
		e.Path, err = decodeList(raw, decodeNode)
	case fKept:
		e.Kept, err = decodeList(raw, decodeNode)
	case fDropped:
		e.Dropped, err = decodeList(raw, decodeNode)
	case fValues:
		e.Values, err = decodeList(raw, decodeNumber)
	case fScores:
		e.Scores, err = decodeList(raw, decodeScore)
	case fCounters:
		e.Counters, err = decodeCounters(raw)
	}
	return err
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

func decodeString(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || raw[0] != '"' {
		return "", fmt.Errorf("want a string, got %s", describe(raw))
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
// decodes as a non-nil empty slice.
func decodeList[T any](raw json.RawMessage, elem func(json.RawMessage) (T, error)) ([]T, error) {
	if len(raw) == 0 || raw[0] != '[' {
		return nil, fmt.Errorf("want a list, got %s", describe(raw))
	}
	var out []T
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

// decodeFields decodes a JSON object whose members are the given fields,
// all required, calling set for each.
func decodeFields(raw json.RawMessage, fields []Field, set func(name string, raw json.RawMessage) error) error {
	if len(raw) == 0 || raw[0] != '{' {
		return fmt.Errorf("want an object, got %s", describe(raw))
	}
	var raws [maxFields][]byte
	for name, r := range members(raw) {
		for i := range fields {
			if fields[i].Name == string(name) {
				raws[i] = r
				break
			}
		}
	}
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
