package web

import (
	"time"

	"github.com/searchviz/searchviz/exercise"
)

// The server's limits. Each is enforced with a message that names it and
// says what is allowed; docs/limits.md lists them. Config
// can lower or raise those marked as defaults, and those on the traces
// the server opens and folds.
const (
	// DefaultMaxUpload caps an uploaded trace file, as sent.
	DefaultMaxUpload = 32 << 20

	// MaxTraceBytes caps a trace the server opens (uploaded, replayed or
	// saved) after decompression, so that a small gzip cannot claim
	// unbounded memory; Config.OpenBytes overrides it.
	MaxTraceBytes = 256 << 20
	// MaxFoldBytes caps the memory of one trace the server folds (saved,
	// uploaded or replayed): its packed events past their share go to a
	// temporary file, and a trace with more nodes than half of it holds
	// (about 1.5 million) is refused. It holds a search of
	// DefaultTraceNodes. Config.FoldBytes overrides it.
	MaxFoldBytes = 512 << 20
	// MaxTraceEvents caps the events of a trace the server opens: the
	// whole MiniMax search of tic-tac-toe (2.26 million) and more. What a
	// trace costs folded is counted against the cache's byte budget
	// (DefaultCacheBytes); a viewer makes a step's words when it shows
	// the step, so nothing grows with the steps but the fold.
	// Config.OpenEvents overrides it.
	MaxTraceEvents = 4_000_000
	// MaxTraceEntries caps the list entries of the events of a trace the
	// server opens (trace.Limits.Entries): a select's candidates, a
	// backprop's path, a beam's states. MCTS's traces hold about 2.3 an
	// event, so this is twice what MaxTraceEvents of them hold; it bounds
	// what a small compact file can ask the fold to expand and store.
	MaxTraceEntries = 20_000_000

	// DefaultTraceNodes caps the nodes a search from the page records: a
	// viewer draws at most render.DefaultBudget of them at once and
	// navigates the rest, so the cap is the memory of the trace, not the
	// drawing's.
	DefaultTraceNodes = 1_000_000
	// DefaultTraceEvents caps the events a search from the page records,
	// whatever its nodes: MCTS makes a dozen events a playout on nodes it
	// has already made. It is under MaxTraceEvents, so that the server can
	// reopen what it saved.
	DefaultTraceEvents = 3_000_000
	// DefaultTraceBytes caps the encoded size of what a search from the
	// page records, under MaxTraceBytes so that the server can always
	// reopen what it saved: room for the whole MiniMax search of
	// tic-tac-toe, 165 MB as the budget counts it.
	DefaultTraceBytes = 192 << 20
	// DefaultSearchTime caps how long a search from the page runs: time
	// to record a million nodes.
	DefaultSearchTime = 60 * time.Second

	// feedDrain is how long the server waits for the rest of a fed
	// search's trace once the search has ended (stopped early, the
	// engine may still be writing) before it closes the connection.
	feedDrain = time.Second
	// DefaultMaxSearches caps the searches running at once; past it a
	// new search is refused with 429 Too Many Requests.
	DefaultMaxSearches = 4
	// DefaultMaxUploads caps the uploads read at once; past it an upload
	// is refused with 429 Too Many Requests.
	DefaultMaxUploads = 4
	// MaxHandouts caps the handouts, slides and offline, made at once:
	// each keeps a core busy for seconds. Past it one more is refused with
	// 429 Too Many Requests.
	MaxHandouts = 2
	// MaxHandoutBytes caps what a handout holds before compression: the
	// slides' drawings and steps.txt, or the offline handout's file.
	// Slides of tic-tac-toe with boards take about 1.8 KB a node drawn, so
	// this is about 120 slides of a tree of 1,200 nodes. A handout is made
	// in memory, counted a step at a time, and refused with 413 as soon as
	// it passes the cap, before anything is sent.
	MaxHandoutBytes = 256 << 20

	// DefaultPageBytes caps what the viewer pages open at once hold of
	// their own, beyond the folded traces they share: each page's states
	// of its trace's nodes where its steps changed them (a few hundred KB
	// to a few MB) and what it last sent. Past it a new page is refused,
	// asked to try again in a moment, and the pages open go on.
	// Config.PageBytes overrides it.
	DefaultPageBytes = 1 << 30

	// DefaultCacheBytes caps the memory of the traces kept folded for
	// viewing, measured from their folded size; the least recently viewed
	// are dropped first and folded again when next opened. The cache
	// keeps at most show.MaxCached of them, however small.
	DefaultCacheBytes = 256 << 20

	// DefaultLayoutTimeout caps the time Graphviz may take to draw one
	// tree; a tree that takes longer is shown without its drawing.
	DefaultLayoutTimeout = 30 * time.Second
	// DefaultExportNodes caps the nodes of a tree exported whole as SVG
	// or DOT, as `viz render` draws it: about 100 MB of SVG with boards
	// in the nodes. A bigger tree's page is told to draw it with viz
	// render from its trace file.
	DefaultExportNodes = 50_000
)

// The limits of classroom rooms' pages; the rooms' own are in
// web/internal/rooms.
const (
	// maxRoomMessage caps one message from a room's page: a state is a
	// few hundred bytes.
	maxRoomMessage = 4 << 10
	// maxAnswerForm caps the form a follower's answer is posted with:
	// an answer of at most exercise.MaxAnswerLen bytes, each of which
	// percent-encoding may make three, and the page, id and ticket.
	maxAnswerForm = 4 * exercise.MaxAnswerLen
)

// The limits of a handout: the slides, a zip of one drawing per step, or
// the offline handout, one HTML file that steps through the search. Its
// bytes and the handouts made at once are capped above.
const (
	// MaxHandoutSteps caps the drawings of one handout: a lecture's
	// worth of slides.
	MaxHandoutSteps = 1_000
	// MaxHandoutNodeDrawings caps the steps of a handout times the nodes
	// of its tree, which bounds the work of drawing it; MaxHandoutBytes
	// bounds its size.
	MaxHandoutNodeDrawings = 500_000
)

// MaxHandoutHTMLSteps caps the steps of an offline handout: each is a
// frame of the whole tree kept in the file.
const MaxHandoutHTMLSteps = 2_000

// The limits of play mode.
const (
	// MaxPlayGames caps the games played against an engine at once, as
	// each may keep a core busy for play.MaxMoveTime a move. A game holds
	// its place from its start to its end or its page's leaving; past the
	// cap a page is told so when it starts one, and may try again.
	MaxPlayGames = 8
	// PlayIdle closes a play page's socket, saying why, when it has had
	// no game in play and sent nothing for this long.
	PlayIdle = 10 * time.Minute
	// maxPlayMessage caps a message a play page sends: room for a record
	// of play.MaxPlies moves with their positions.
	maxPlayMessage = 512 << 10
)

// maxExerciseSeed bounds the seeds the exercise page draws and accepts:
// six digits are easy to read out to a class.
const maxExerciseSeed = 999_999

// MaxExerciseTree caps the text of a tree typed for an exercise, as the
// tree editor's "Make it an exercise" link sends it.
const MaxExerciseTree = 4 << 10

// helloWait is how long a room's page has to say who it is.
const helloWait = 10 * time.Second
