package trace

// SizeBound and AppendEvent let the tests of package trace_test, which may
// use tracetest, check sizeBound against appendEvent.
func SizeBound(step int, e *Event) int { return sizeBound(step, e) }

// AppendEvent is appendEvent.
func AppendEvent(b []byte, step int, e *Event) ([]byte, error) { return appendEvent(b, step, e) }

// Updating is updating, for the golden tests of package trace_test.
func Updating() bool { return updating() }

// MaxLine is maxLine, the longest line a Reader accepts.
const MaxLine = maxLine

// SetLineLimit makes r accept lines of at most n bytes, so that tests
// cross the limit on lines shorter than MaxLine; 0 means MaxLine.
func (r *Reader) SetLineLimit(n int) { r.lineLimit = n }
