package wsconn

import "time"

// The limits and timeouts of every websocket.
const (
	// WriteWait is the longest a write to a page may take.
	WriteWait = 10 * time.Second
	// PongWait is how long a page may answer no ping before it counts as
	// gone.
	PongWait = 60 * time.Second
	// PingPeriod is how often pages are pinged: within PongWait.
	PingPeriod = PongWait * 9 / 10
	// MaxMessage caps a viewer page's message, a command of a few dozen
	// bytes; a socket that takes bigger ones says so in New.
	MaxMessage = 1024
	// SendQueue caps the messages queued for a page (Queue) before it
	// counts as too slow and is dropped.
	SendQueue = 32
	// MaxCloseReason caps the reason a close frame gives, in bytes, as
	// the websocket protocol does.
	MaxCloseReason = 123
)
