package live

import "time"

// The pacing and limits of live searches; the caps on what a search
// records and how long it runs are the caller's (Limits).
const (
	// SnapshotEvery is how often watchers see a running search grow.
	SnapshotEvery = 400 * time.Millisecond
	// snapshotCost makes a snapshot's making at most a quarter of the
	// time between snapshots.
	snapshotCost = 4
	// WatchGrace is how long a search runs with nobody watching.
	WatchGrace = 10 * time.Second
	// FirstSnapshotWait bounds how long a page waits for a new search's
	// first snapshot before it is told the search is still starting.
	FirstSnapshotWait = 3 * time.Second
	// CutNoteBytes bounds the encoded size of the note added to a search
	// cut short; a search's budget keeps room for it and one event.
	CutNoteBytes = 1 << 10
)
