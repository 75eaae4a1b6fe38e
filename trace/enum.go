package trace

import (
	"fmt"
	"strings"
)

// enum is the name table of a closed enum E whose values index names: the
// one place where String, the Parse function and the codec find a value's
// name in trace files. It is never modified.
type enum[E ~uint8] struct {
	typ   string   // E's Go name, which name shows for a value without one: "Kind(200)"
	noun  string   // what parse's error calls a value: "node type"
	names []string // each value's name; "" for a value without one
	first E        // the lowest value that parse accepts and the codec writes
}

// name returns v's name, or for a value without one, its Go syntax.
func (t *enum[E]) name(v E) string {
	if int(v) < len(t.names) && t.names[v] != "" {
		return t.names[v]
	}
	return fmt.Sprintf("%s(%d)", t.typ, uint8(v))
}

// valid reports whether v is one of the values that parse accepts.
func (t *enum[E]) valid(v E) bool {
	return v >= t.first && int(v) < len(t.names)
}

// lookup returns the valid value named name.
func (t *enum[E]) lookup(name string) (E, bool) {
	for v := t.first; int(v) < len(t.names); v++ {
		if t.names[v] == name {
			return v, true
		}
	}
	return 0, false
}

// parse returns the valid value named name, or the zero value and an
// error that lists the valid names.
func (t *enum[E]) parse(name string) (E, error) {
	if v, ok := t.lookup(name); ok {
		return v, nil
	}
	return 0, fmt.Errorf("trace: unknown %s %q (want %s)", t.noun, name, t.want())
}

// validNames returns the names of the valid values, in order. They are
// the table's, not to be modified.
func (t *enum[E]) validNames() []string { return t.names[t.first:] }

// want lists the valid names in order, as "a, b or c"; every enum has at
// least two.
func (t *enum[E]) want() string {
	valid := t.validNames()
	last := len(valid) - 1
	return strings.Join(valid[:last], ", ") + " or " + valid[last]
}
