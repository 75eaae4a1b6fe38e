package tracestore

import "time"

// The store's limits. Each is enforced where it is named; docs/limits.md
// lists those a user meets.
const (
	// MaxMetaBytes bounds the file kept beside a trace that the list
	// reads: a larger one is not the store's, and is ignored.
	MaxMetaBytes = 4 << 10
	// MaxFileName is the most runes of an uploaded file's name the store
	// keeps: enough to recognise a file, and a bound on what a name costs
	// the list of saved traces.
	MaxFileName = 120
	// StaleTemp is the age past which a temporary file left in the data
	// directory by a save that never finished is removed at start: older
	// than any save takes, so another server's save in progress is spared.
	StaleTemp = 10 * time.Minute
	// ShareRetryWait is how often the traces saved while the shared
	// store could not take them are offered to it again, besides each
	// time RetrySharing is called.
	ShareRetryWait = 2 * time.Second
)
