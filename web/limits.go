package web

import "time"

// The server's limits. Each is enforced with a message that names it and
// says what is allowed; the README's Limits section lists them. Config
// can lower or raise those marked as defaults.
const (
	// DefaultMaxUpload caps an uploaded trace file, as sent.
	DefaultMaxUpload = 32 << 20

	// MaxTraceBytes caps a trace the server opens (uploaded, replayed or
	// saved) after decompression, so that a small gzip cannot claim
	// unbounded memory.
	MaxTraceBytes = 128 << 20
	// MaxTraceEvents caps the events of a trace the server opens: each
	// costs about a kilobyte once folded and put into words.
	MaxTraceEvents = 250_000

	// DefaultTraceNodes caps the nodes a search from the page records;
	// with its pruned moves, what Graphviz lays out in a second or two.
	DefaultTraceNodes = 1_500
	// DefaultTraceEvents caps the events a search from the page records,
	// whatever its nodes: MCTS makes a dozen events a playout on nodes it
	// has already made.
	DefaultTraceEvents = 50_000
	// DefaultTraceBytes caps the encoded size of what a search from the
	// page records, well under MaxTraceBytes so that the server can always
	// reopen what it saved.
	DefaultTraceBytes = 32 << 20
	// DefaultSearchTime caps how long a search from the page runs.
	DefaultSearchTime = 20 * time.Second

	// DefaultMaxSearches caps the searches running at once; past it a
	// new search is refused with 429 Too Many Requests.
	DefaultMaxSearches = 4
	// DefaultMaxUploads caps the uploads read at once; past it an upload
	// is refused with 429 Too Many Requests.
	DefaultMaxUploads = 4

	// DefaultCacheBytes caps the memory of the traces kept folded for
	// viewing, measured from their folded size; the least recently viewed
	// are dropped first and folded again when next opened.
	DefaultCacheBytes = 256 << 20
	// maxCachedShows caps the traces kept folded, however small.
	maxCachedShows = 64

	// DefaultLayoutTimeout caps the time Graphviz may take to draw one
	// tree; a tree that takes longer is shown without its drawing.
	DefaultLayoutTimeout = 30 * time.Second

	// maxNotesShown and maxNoteRunes cap the notes a viewer page carries,
	// whatever the trace holds.
	maxNotesShown = 12
	maxNoteRunes  = 1_000

	// staleTemp is the age past which a temporary file left in the data
	// directory by a save that never finished is removed at start: older
	// than any save takes, so another server's save in progress is spared.
	staleTemp = 10 * time.Minute
)
