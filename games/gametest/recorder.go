package gametest

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Recorder is a testing.TB that records the failures reported through it
// instead of failing, for testing checks such as this package's. It
// implements Helper and Errorf; its other methods are those of the embedded
// TB, which is nil unless set.
type Recorder struct {
	testing.TB
	Errors []string // the messages reported through Errorf, in order
}

// Helper does nothing.
func (r *Recorder) Helper() {}

// Errorf records the message.
func (r *Recorder) Errorf(format string, args ...any) {
	r.Errors = append(r.Errors, fmt.Sprintf(format, args...))
}

// Matches reports whether the failures recorded are those a test expects:
// one of them contains want, or, for want "", there are none.
func (r *Recorder) Matches(want string) bool {
	if want == "" {
		return len(r.Errors) == 0
	}
	return slices.ContainsFunc(r.Errors, func(e string) bool { return strings.Contains(e, want) })
}
