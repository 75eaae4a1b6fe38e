package tracetest

import (
	"errors"
	"fmt"

	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/check"
)

// maxViolations bounds how many violations Validate reports, so a badly
// broken trace of a million events gives a readable error.
const maxViolations = 50

// Validate checks the invariants of a trace and returns the violations,
// each naming its step, joined with errors.Join (the first 50 of them and
// a count of the rest); nil means the trace is valid. It checks the invariants
// check.Validator lists.
func Validate(events []trace.Event) error {
	v := check.NewValidator()
	var errs []error
	more := 0
	for i := range events {
		err := v.Add(&events[i])
		if err == nil {
			continue
		}
		for _, one := range check.Split(err) {
			if len(errs) == maxViolations {
				more++
				continue
			}
			errs = append(errs, fmt.Errorf("tracetest: %w", one))
		}
	}
	if more > 0 {
		errs = append(errs, fmt.Errorf("tracetest: and %d more violations", more))
	}
	return errors.Join(errs...)
}
