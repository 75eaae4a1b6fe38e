package trace

import (
	"bytes"
	_ "embed"

	"github.com/searchviz/searchviz/trace/internal/event"
)

// Field describes one field of an event line in a trace file.
//
// Type is one of:
//
//	integer    a JSON integer
//	number     a JSON number, or the string "inf" or "-inf"
//	number|null  a number, or null for NaN
//	string     a JSON string
//	boolean    true or false
//	node       a node id: an integer in the int32 range, -1 meaning no node
//	kind       the event kind's name, e.g. "node"
//	node_kind  "max", "min", "chance", "single" or "joint"
//	cut        "alpha" or "beta"
//	integer[]  a list of integers (likewise string[], node[] and number[])
//	score[]    a list of objects {child, action, w, n, ucb}, see ScoreFields
//	counters   an object {nodes, evals, cuts, elapsed_ns}, see CounterFields
//	joint      a list of exactly two objects {action, label}, player 0's
//	           move then player 1's, see MoveFields
//	truncation "nodes", "events" or "bytes"
//	params     an object whose members are strings
//	time       a string holding an RFC 3339 time
//
// In an event, an optional field is omitted when it has its zero value:
// the empty string, false, 0, -1 for a node id, and no joint action or
// truncation. In the header, writers emit every field.
type Field = event.Field

// KindSpec describes the line of one event kind: its fields in the order
// writers emit them, starting with "step" and "kind".
type KindSpec = event.KindSpec

// Spec returns the line format of events of kind k. For an invalid kind it
// returns the zero KindSpec. The result is the caller's to modify.
func Spec(k Kind) KindSpec {
	if !event.KindEnum.Valid(k) {
		return KindSpec{}
	}
	return KindSpec{Kind: k, Help: event.Specs[k].Help, Fields: event.Public(event.Specs[k].Fields)}
}

// HeaderFields returns the fields of the header line, in the order
// writers emit them. Writers emit every field; readers require only
// "format" and "version". The result is the caller's to modify.
func HeaderFields() []Field { return event.Public(event.HeaderSpec.Fields) }

// ScoreFields returns the fields of each object in a select event's
// "scores" list. Every field is required; "ucb" may be null.
func ScoreFields() []Field { return event.Public(event.ScoreSpec) }

// MoveFields returns the fields of each of the two objects in a node
// event's "joint" list. Both are required.
func MoveFields() []Field { return event.Public(event.MoveSpec) }

// CounterFields returns the fields of a decision event's "counters" object.
// Every field is required.
func CounterFields() []Field { return event.Public(event.CounterSpec) }

//go:embed schema.json
var schema []byte

// Schema returns the JSON Schema (draft 2020-12) of a trace line: its
// $defs "header" and "event" describe the first line and every other line.
// It is generated from the same table as Spec. The result is the caller's
// to modify.
func Schema() []byte { return bytes.Clone(schema) }
