package tracetest

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/searchviz/searchviz/trace"
)

// schemaURL is where the compiler files trace.Schema; the schema's own
// $id would do as well, but the compiler must not try to fetch anything.
const schemaURL = "mem:///searchviz-trace.schema.json"

// schemas are the definitions of trace.Schema that CheckJSONL checks
// lines against.
type schemas struct {
	header, event, line *jsonschema.Schema
}

// compiledSchema compiles trace.Schema once: a compiled schema is only read
// as it validates, so every check, in any goroutine, can share it.
var compiledSchema = sync.OnceValues(compileSchema)

// compileSchema compiles the header definition of trace.Schema and the
// definitions of an event line in version 1 and in versions 2 and 3.
func compileSchema() (schemas, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(trace.Schema()))
	if err != nil {
		return schemas{}, fmt.Errorf("tracetest: decoding trace.Schema: %w", err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat() // the header's time must really be a date-time
	if err := c.AddResource(schemaURL, doc); err != nil {
		return schemas{}, fmt.Errorf("tracetest: loading trace.Schema: %w", err)
	}
	var defs [3]*jsonschema.Schema
	for i, name := range []string{"header", "event", "line"} {
		if defs[i], err = c.Compile(schemaURL + "#/$defs/" + name); err != nil {
			return schemas{}, fmt.Errorf("tracetest: compiling trace.Schema: %w", err)
		}
	}
	return schemas{header: defs[0], event: defs[1], line: defs[2]}, nil
}

// headerVersion returns the version a header line names, or 0.
func headerVersion(line []byte) int {
	var h struct{ Version int }
	json.Unmarshal(line, &h)
	return h.Version
}

// CheckJSONL checks every line of an encoded, uncompressed trace against
// the JSON Schema of the format (trace.Schema): the first line against the
// header's definition, every other non-blank line against the definition
// of an event line in the header's version: "event" in version 1, "line"
// in versions 2 and 3. It
// returns the violations, each naming its line, joined with errors.Join
// (the first 50 of them and a count of the rest).
func CheckJSONL(data []byte) error {
	sch, err := compiledSchema()
	if err != nil {
		return err
	}
	header, event, line2 := sch.header, sch.event, sch.line
	var errs []error
	more := 0
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 && i > 0 {
			continue
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(line))
		if err == nil {
			switch {
			case i == 0:
				err = header.Validate(inst)
				if headerVersion(line) >= 2 {
					event = line2
				}
			default:
				err = event.Validate(inst)
			}
		}
		if err == nil {
			continue
		}
		if len(errs) == maxViolations {
			more++
			continue
		}
		errs = append(errs, fmt.Errorf("tracetest: line %d: %w", i+1, err))
	}
	if more > 0 {
		errs = append(errs, fmt.Errorf("tracetest: and %d more lines", more))
	}
	return errors.Join(errs...)
}

// ValidateFile checks the trace file at path, plain or gzip-compressed:
// every line must satisfy the schema (CheckJSONL), the file must decode
// (trace.ReadFile), and its events must satisfy Validate.
func ValidateFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("tracetest: %w", err)
	}
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("tracetest: %s: %w", path, err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			return fmt.Errorf("tracetest: %s: %w", path, err)
		}
	}
	invalid := func(err error) error {
		return errors.Join(fmt.Errorf("tracetest: %s is not a valid trace", path), err)
	}
	if err := CheckJSONL(data); err != nil {
		return invalid(err)
	}
	_, events, err := trace.ReadAll(bytes.NewReader(data))
	if err != nil {
		return invalid(err)
	}
	if err := Validate(events); err != nil {
		return invalid(err)
	}
	return nil
}
