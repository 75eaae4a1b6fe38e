package check

import "github.com/searchviz/searchviz/trace/internal/codec"

// The limits of a check.
const (
	// maxCheckedLine is the longest line checked against the schema: a
	// longer one is refused by the reader, which names the limit.
	maxCheckedLine = codec.MaxLine
)
