package codec

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/searchviz/searchviz/trace/internal/event"
)

// decodeHeader decodes a header line into h, its fields as the header's
// spec lists them, in that order, so that a line of another format is
// refused for its "format" before anything else. It skips unknown
// members.
func decodeHeader(line []byte, h *event.Header) error {
	if err := checkObject(line); err != nil {
		return fmt.Errorf("not a %s header: %w", event.Format, err)
	}
	fields := event.HeaderSpec.Fields
	raws := collect(line, fields)
	for i := range fields {
		f := &fields[i]
		if raws[i] == nil {
			switch {
			case f.Optional:
				continue
			case f.ID == event.FFormat:
				return fmt.Errorf("not a %s header: no %q field", event.Format, f.Name)
			}
			return fmt.Errorf("missing required field %q", f.Name)
		}
		if err := decodeHeaderField(f, raws[i], h); err != nil {
			return fmt.Errorf("field %q: %w", f.Name, err)
		}
		// Checked as soon as decoded: nothing else of another format's
		// line, or of another version's, is worth an error.
		switch {
		case f.ID == event.FFormat && h.Format != event.Format:
			return fmt.Errorf("format is %q, want %q", h.Format, event.Format)
		case f.ID == event.FVersion && (h.Version < 1 || h.Version > event.Version):
			return fmt.Errorf("unsupported format version %d (this program reads versions 1 to %d)", h.Version, event.Version)
		}
	}
	return nil
}

// collect returns the raw values of the members of the valid JSON object
// line that fields name, by the fields' indexes; it keeps no other member,
// so a line with a million unknown ones costs no memory.
func collect(line []byte, fields []event.LineField) [MaxFields][]byte {
	var raws [MaxFields][]byte
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
func decodeHeaderField(f *event.LineField, raw json.RawMessage, h *event.Header) error {
	var err error
	switch f.ID {
	case event.FFormat:
		h.Format, err = decodeString(raw)
	case event.FVersion:
		var v int64
		v, err = decodeInt(raw, strconv.IntSize)
		h.Version = int(v)
	case event.FGame:
		h.Game, err = decodeString(raw)
	case event.FPosition:
		h.Position, err = decodeString(raw)
	case event.FAlgorithm:
		h.Algorithm, err = decodeString(raw)
	case event.FParams:
		h.Params, err = decodeParams(raw)
	case event.FSeed:
		h.Seed, err = decodeInt(raw, 64)
	case event.FProgram:
		h.Program, err = decodeString(raw)
	case event.FTime:
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
func decodeEvent(line []byte, step int, e *event.Event) error {
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
	if e.Kind, ok = event.KindEnum.Lookup(name); !ok {
		return fmt.Errorf("unknown kind %q (known kinds: %s)", name, strings.Join(event.KindEnum.ValidNames(), ", "))
	}
	fields := event.Specs[e.Kind].Fields
	raws := collect(line, fields)
	for i := range fields {
		f := &fields[i]
		if f.ID == event.FKind {
			continue
		}
		if raws[i] == nil {
			if !f.Optional {
				return fmt.Errorf("missing required field %q for kind %q", f.Name, e.Kind)
			}
			if f.FieldType == event.TNode && f.ID != event.FSame { // Same's none is 0, as the root never is one
				*event.NodeMember(f.ID, e) = event.NoNode
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
	if e.Kind == event.KindNote && e.Truncated == event.NotTruncated {
		e.Truncated = event.TruncationOfText(e.Text)
	}
	return nil
}

// decodeField decodes raw into the member of e that f carries.
func decodeField(f *event.LineField, raw json.RawMessage, e *event.Event) error {
	var err error
	switch f.FieldType {
	case event.TStep, event.TInteger:
		var v int64
		v, err = decodeInt(raw, strconv.IntSize)
		*event.IntMember(f.ID, e) = int(v)
	case event.TNode:
		*event.NodeMember(f.ID, e), err = decodeNode(raw)
	case event.TNumber:
		*event.NumberMember(f.ID, e), err = decodeNumber(raw)
	case event.TString:
		*event.StringMember(f.ID, e), err = decodeString(raw)
	case event.TBoolean:
		*event.BoolMember(f.ID, e), err = decodeBool(raw)
	case event.TNodes:
		*event.NodesMember(f.ID, e), err = decodeList(raw, decodeNode, nil)
	case event.TNodeKind:
		e.Type, err = decodeName(raw, &event.NodeTypeEnum, "node kind")
	case event.TCut:
		e.Cut, err = decodeName(raw, &event.CutKindEnum, "cut")
	case event.TTruncation:
		e.Truncated, err = decodeName(raw, &event.TruncationEnum, "truncation")
	case event.TIntegers:
		e.Pruned, err = decodeList(raw, func(raw json.RawMessage) (int, error) {
			v, err := decodeInt(raw, strconv.IntSize)
			return int(v), err
		}, CheckPruned)
	case event.TStrings:
		e.PrunedLabels, err = decodeList(raw, decodeString, checkPrunedLabels)
	case event.TNumbers:
		e.Values, err = decodeList(raw, decodeNumber, nil)
	case event.TScores:
		e.Scores, err = decodeList(raw, decodeScore, nil)
	case event.TCounters:
		e.Counters, err = decodeCounters(raw)
	case event.TJoint:
		e.Joint, err = decodeJoint(raw)
	}
	return err
}
