package tracetest

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/check"
)

// CheckJSONL checks every line of an encoded, uncompressed trace against
// the JSON Schema of the format (trace.Schema): the first line against the
// header's definition, every other non-blank line against the definition
// of an event line in the header's version: "event" in version 1, "line"
// in versions 2 and 3. It
// returns the violations, each naming its line, joined with errors.Join
// (the first 50 of them and a count of the rest).
func CheckJSONL(data []byte) error {
	sch, err := check.CompiledSchemas()
	if err != nil {
		return err
	}
	version := 1
	var errs []error
	more := 0
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 && i > 0 {
			continue
		}
		if i == 0 {
			err = sch.Header(line)
			version = check.HeaderVersion(line)
		} else {
			err = sch.Line(version, line)
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
