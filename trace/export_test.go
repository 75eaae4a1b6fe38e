package trace

import "github.com/searchviz/searchviz/trace/internal/codec"

// SizeBound and AppendEvent let the tests of package trace_test, which may
// use tracetest, check the codec's size bound against its encoding.
func SizeBound(step int, e *Event) int { return codec.SizeBound(step, e) }

// AppendEvent is codec.AppendEvent.
func AppendEvent(b []byte, step int, e *Event) ([]byte, error) { return codec.AppendEvent(b, step, e) }

// Updating is updating, for the golden tests of package trace_test.
func Updating() bool { return updating() }

// MaxLine is codec.MaxLine, the longest line a Reader accepts.
const MaxLine = codec.MaxLine

// SetLineLimit makes r accept lines of at most n bytes, so that tests
// cross the limit on lines shorter than MaxLine; 0 means MaxLine.
func SetLineLimit(r *Reader, n int) { codec.SetLineLimit(r, n) }
