package trace

import "github.com/searchviz/searchviz/trace/internal/event"

// Format is the value of the header's "format" field.
const Format = event.Format

// Version is the trace format's major version, which writers write.
// Readers read it and versions 1 and 2, refuse other major versions and
// unknown event kinds; additions within a major version are new optional
// fields, which readers skip. Version 3 writes lines as version 2 does,
// but a select line that gives no changes takes those the backprops since
// the previous select at its node predict.
const Version = event.Version

// Header is the first line of a trace file: what was searched, how, and by
// which program: its Format, Version, Game, Position, Algorithm, Params,
// Seed, Program and Time are the fields HeaderFields describes.
type Header = event.Header
