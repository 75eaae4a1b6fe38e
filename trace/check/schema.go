package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/searchviz/searchviz/trace"
)

// schemaURL is where the compiler files trace.Schema; the schema's own
// $id would do as well, but the compiler must not try to fetch anything.
const schemaURL = "mem:///searchviz-trace.schema.json"

// Schemas are the definitions of trace.Schema a trace's lines are checked
// against: the header, an event line of version 1, and an event line of
// versions 2 and 3.
type Schemas struct {
	header, event, line *jsonschema.Schema
	// byKind holds each kind's definition of a version 1 event line: the
	// event definition is a oneOf of them, which tries every one.
	byKind map[string]*jsonschema.Schema
}

// CompiledSchemas compiles trace.Schema once: a compiled schema is only
// read as it validates, so every check, in any goroutine, can share it.
var CompiledSchemas = sync.OnceValues(compileSchemas)

// compileSchemas compiles the header definition of trace.Schema and the
// definitions of an event line in version 1 and in versions 2 and 3.
func compileSchemas() (*Schemas, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(trace.Schema()))
	if err != nil {
		return nil, fmt.Errorf("check: decoding trace.Schema: %w", err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat() // the header's time must really be a date-time
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, fmt.Errorf("check: loading trace.Schema: %w", err)
	}
	var defs [3]*jsonschema.Schema
	for i, name := range []string{"header", "event", "line"} {
		if defs[i], err = c.Compile(schemaURL + "#/$defs/" + name); err != nil {
			return nil, fmt.Errorf("check: compiling trace.Schema: %w", err)
		}
	}
	sch := &Schemas{header: defs[0], event: defs[1], line: defs[2], byKind: map[string]*jsonschema.Schema{}}
	for _, k := range trace.Kinds() {
		if sch.byKind[k.String()], err = c.Compile(schemaURL + "#/$defs/event_" + k.String()); err != nil {
			return nil, fmt.Errorf("check: compiling trace.Schema: %w", err)
		}
	}
	return sch, nil
}

// Header checks a header line.
func (s *Schemas) Header(line []byte) error { return validate(s.header, line) }

// Event checks an event line of version 1, every field spelled out,
// against its kind's definition when its kind is one, which gives the
// same verdict as the event definition in a fraction of the time.
func (s *Schemas) Event(line []byte) error {
	var e struct{ Kind string }
	if json.Unmarshal(line, &e) == nil {
		if sch, ok := s.byKind[e.Kind]; ok {
			return validate(sch, line)
		}
	}
	return validate(s.event, line)
}

// Compact checks an event line of versions 2 and 3.
func (s *Schemas) Compact(line []byte) error { return validate(s.line, line) }

// Line checks an event line of the given version: Event's definition for
// version 1, Compact's for the others.
func (s *Schemas) Line(version int, line []byte) error {
	if version >= 2 {
		return s.Compact(line)
	}
	return s.Event(line)
}

// HeaderVersion returns the version a header line names, or 0.
func HeaderVersion(line []byte) int {
	var h struct{ Version int }
	if json.Unmarshal(line, &h) != nil {
		return 0
	}
	return h.Version
}

func validate(sch *jsonschema.Schema, line []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(line))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	return sch.Validate(inst)
}
