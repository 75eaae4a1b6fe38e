package event

import (
	"fmt"
	"strings"
)

// Enum is the name table of a closed enum E whose values index names: the
// one place where String, the Parse function and the codec find a value's
// name in trace files. It is never modified.
type Enum[E ~uint8] struct {
	Type  string   // E's Go name, which name shows for a value without one: "Kind(200)"
	Noun  string   // what parse's error calls a value: "node type"
	Names []string // each value's name; "" for a value without one
	First E        // the lowest value that parse accepts and the codec writes
}

// Name returns v's name, or for a value without one, its Go syntax.
func (t *Enum[E]) Name(v E) string {
	if int(v) < len(t.Names) && t.Names[v] != "" {
		return t.Names[v]
	}
	return fmt.Sprintf("%s(%d)", t.Type, uint8(v))
}

// Valid reports whether v is one of the values that parse accepts.
func (t *Enum[E]) Valid(v E) bool {
	return v >= t.First && int(v) < len(t.Names)
}

// Lookup returns the valid value named name.
func (t *Enum[E]) Lookup(name string) (E, bool) {
	for v := t.First; int(v) < len(t.Names); v++ {
		if t.Names[v] == name {
			return v, true
		}
	}
	return 0, false
}

// Parse returns the valid value named name, or the zero value and an
// error that lists the valid names.
func (t *Enum[E]) Parse(name string) (E, error) {
	if v, ok := t.Lookup(name); ok {
		return v, nil
	}
	return 0, fmt.Errorf("trace: unknown %s %q (want %s)", t.Noun, name, t.Want())
}

// ValidNames returns the names of the valid values, in order. They are
// the table's, not to be modified.
func (t *Enum[E]) ValidNames() []string { return t.Names[t.First:] }

// Want lists the valid names in order, as "a, b or c"; every enum has at
// least two.
func (t *Enum[E]) Want() string {
	valid := t.ValidNames()
	last := len(valid) - 1
	return strings.Join(valid[:last], ", ") + " or " + valid[last]
}
