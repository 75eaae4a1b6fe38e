package matches

import "time"

// The arena page's limits. Each is enforced with a message that names it.
const (
	// MaxGames caps the games of a match started from the page; viz
	// arena plays up to arena.MaxGames.
	MaxGames = 200
	// MaxMatches caps the arena matches running at once; past it a new
	// match is refused with ErrBusy.
	MaxMatches = 2
	// Parallel is the games of one match played at once.
	Parallel = 2
	// MaxTime caps how long a match from the page runs: it stops with the
	// games that ended.
	MaxTime = 10 * time.Minute
	// Kept caps the matches a Hub remembers, running or ended, and keeps
	// on disk: past it the oldest ended one is forgotten and its
	// directory, its games' records and description, removed.
	Kept = 32
	// MaxSavedBytes caps the description of a kept match the server reads
	// when it starts: a match of MaxGames games describes itself in about
	// 60 KB. A larger file is not a match's, and is left out.
	MaxSavedBytes = 1 << 20
	// DefaultGames is the form's games when none are asked for.
	DefaultGames = 20
)
