package tracetest

import (
	"bytes"
	"testing"

	"github.com/searchviz/searchviz/trace"
)

// Encode writes h and events with a trace.Writer, as a search's trace
// file holds them, and returns the bytes. It stops the test with Fatal if
// the Writer refuses an event.
func Encode(tb testing.TB, h trace.Header, events []trace.Event) []byte {
	tb.Helper()
	var buf bytes.Buffer
	w, err := trace.NewWriter(&buf, h)
	if err != nil {
		tb.Fatal(err)
	}
	for _, e := range events {
		w.Emit(e)
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}
