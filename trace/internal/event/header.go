package event

import "time"

// Format is the value of the header's "format" field.
const Format = "searchviz-trace"

// Version is the trace format's major version, which writers write.
// Readers read it and versions 1 and 2, refuse other major versions and
// unknown event kinds; additions within a major version are new optional
// fields, which readers skip. Version 3 writes lines as version 2 does,
// but a select line that gives no changes takes those the backprops since
// the previous select at its node predict.
const Version = 3

// Header is the first line of a trace file: what was searched, how, and by
// which program.
type Header struct {
	Format    string            // always Format
	Version   int               // Version, or 2, or 1 for the version that spells every field out
	Game      string            // the game's spec, e.g. "tictactoe" or "maze h=5 w=5"
	Position  string            // the root position's text form
	Algorithm string            // the algorithm's name, e.g. "alphabeta"
	Params    map[string]string // the algorithm's parameters, every one resolved
	Seed      int64             // the random seed the search used
	Program   string            // the writing program and its version, e.g. "viz (devel)"
	Time      time.Time         // when the search started
}
