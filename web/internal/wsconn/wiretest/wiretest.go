// Package wiretest checks a description of a websocket protocol against
// the Go types of its messages, for the tests of the packages that speak it.
package wiretest

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// Doc is the description of the browser's protocols, as a test of a
// package under web/internal finds it from its own folder.
const Doc = "../../../docs/protocol.md"

// ReadDoc returns the text of Doc, or fails the test.
func ReadDoc(tb testing.TB) string {
	tb.Helper()
	data, err := os.ReadFile(Doc)
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}

// Messages fails the test for each message type of types that doc does
// not show as a message, {"type":"t" ...}.
func Messages(tb testing.TB, doc string, types []string) {
	tb.Helper()
	for _, t := range types {
		if !strings.Contains(doc, `{"type":"`+t+`"`) {
			tb.Errorf("%s has no message of type %q", Doc, t)
		}
	}
}

// marshaler is the type of a value that writes its own JSON, whose
// fields are then no names on the wire.
var marshaler = reflect.TypeFor[json.Marshaler]()

// Fields returns the JSON names of the fields of the messages msgs, and
// of the objects they hold, each once, in the order met.
func Fields(msgs ...any) []string {
	var names []string
	named := map[string]bool{}
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] || t.Implements(marshaler) {
			return
		}
		seen[t] = true
		for f := range t.Fields() {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			if name != "" && !named[name] {
				named[name] = true
				names = append(names, name)
			}
			walk(f.Type)
		}
	}
	for _, m := range msgs {
		walk(reflect.TypeOf(m))
	}
	return names
}

// Missing returns the names of want that doc does not write as a JSON
// name, in double quotes.
func Missing(doc string, want []string) []string {
	var missing []string
	for _, name := range want {
		if !strings.Contains(doc, `"`+name+`"`) {
			missing = append(missing, name)
		}
	}
	return missing
}
