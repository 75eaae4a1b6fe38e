// Package check checks a trace file as it streams, for programs that
// write traces of their own: every line against the JSON Schema of the
// format (trace.Schema), the events against the invariants every search's
// trace keeps (Validator), and the fold (trace.Builder), and reports the
// first problem with the number of its line.
package check
