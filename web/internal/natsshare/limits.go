package natsshare

import (
	"time"

	"github.com/searchviz/searchviz/web/internal/rooms"
)

// The limits of the shared store of replicas, of the rooms' bus, and of
// the link to NATS.
const (
	// MaxSharedBytes caps the shared store: past it JetStream refuses a
	// trace, which stays on the replica that saved it.
	MaxSharedBytes = 8 << 30
	// CallTimeout caps one call to NATS that moves no trace: a room's
	// record, a lookup in the shared store. Past it the call fails, so a
	// page or a room waiting on a NATS that went silent is answered
	// within it rather than held.
	CallTimeout = 2 * time.Second
	// sharedBytesPerSecond is the slowest transfer of a trace to or from
	// the shared store that is waited for: a put or get of n bytes may
	// take CallTimeout and a second more per this many bytes.
	sharedBytesPerSecond = 4 << 20
	// OpenTimeout caps opening the shared stores as the server starts,
	// which may create them.
	OpenTimeout = 10 * time.Second
	// maxQueuedRoomEvents caps the rooms' events waiting to go to NATS:
	// every room's presenter at rooms.RoomMessagesPerSecond for
	// CallTimeout, the longest the client is held up writing to a NATS
	// gone silent. Past it an event is dropped and logged.
	maxQueuedRoomEvents = rooms.MaxRooms * rooms.RoomMessagesPerSecond * int(CallTimeout/time.Second)
	// reconnectWait is how long the client waits between attempts to
	// reach a NATS it lost; it tries for as long as the server runs.
	reconnectWait = time.Second
	// pingInterval is how often the client pings NATS: a link that goes
	// silent without closing is taken as down within three of them (past
	// the client's two pings outstanding), and OnLink's functions are told.
	pingInterval = 5 * time.Second
)

// The NATS names the replicas share.
const (
	// sharedBucket is the JetStream object store where the replicas of a
	// server keep their traces, each under its file's name.
	sharedBucket = "searchviz-traces"
	// sharedRemoved is the subject on which a replica says it deleted a
	// trace, so that the others drop their copies.
	sharedRemoved = "searchviz.traces.removed"
	// roomsBucket is the key-value store of the rooms open, by code.
	roomsBucket = "searchviz-rooms"
	// roomsSubject, followed by a room's code, is the subject of the
	// room's events.
	roomsSubject = "searchviz.rooms."
)
