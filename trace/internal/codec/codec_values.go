package codec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/searchviz/searchviz/trace/internal/event"
)

// decodeName decodes a JSON string naming a value of enum t, which its
// error calls a noun.
func decodeName[E ~uint8](raw json.RawMessage, t *event.Enum[E], noun string) (E, error) {
	s, err := decodeString(raw)
	if err != nil {
		return 0, err
	}
	v, ok := t.Lookup(s)
	if !ok {
		return 0, fmt.Errorf("unknown %s %q (want %s)", noun, s, t.Want())
	}
	return v, nil
}

// decodeJoint decodes a list of exactly two moves, player 0's and player
// 1's.
func decodeJoint(raw json.RawMessage) (*event.JointAction, error) {
	moves, err := decodeList(raw, decodeMove, func(n int) error {
		if n != 2 {
			return fmt.Errorf("%d moves, want 2: player 0's and player 1's", n)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &event.JointAction{moves[0], moves[1]}, nil
}

func decodeMove(raw json.RawMessage) (event.Move, error) {
	var m event.Move
	err := decodeFields(raw, event.MoveSpec, func(name string, raw json.RawMessage) error {
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
func decodeNode(raw json.RawMessage) (event.NodeID, error) {
	v, err := decodeInt(raw, 64)
	if err != nil {
		return 0, fmt.Errorf("node id: %w", err)
	}
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, fmt.Errorf("node id %d out of range (want an integer from %d to %d)", v, math.MinInt32, math.MaxInt32)
	}
	return event.NodeID(v), nil
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
func decodeFields(raw json.RawMessage, fields []event.LineField, set func(name string, raw json.RawMessage) error) error {
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

func decodeScore(raw json.RawMessage) (event.Score, error) {
	var s event.Score
	err := decodeFields(raw, event.ScoreSpec, func(name string, raw json.RawMessage) error {
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

func decodeCounters(raw json.RawMessage) (event.Counters, error) {
	var c event.Counters
	err := decodeFields(raw, event.CounterSpec, func(name string, raw json.RawMessage) error {
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
