package rooms

import "time"

// The limits of classroom rooms.
const (
	// MaxRooms caps the rooms open at once on one server; past it a new
	// room is refused until one ends.
	MaxRooms = 64
	// MaxRoomFollowers caps the followers of one room: a lecture hall's
	// worth, each a socket the presenter's every step is written to.
	MaxRoomFollowers = 1_000
	// RoomLifetime ends a room this long after it opened, presenter or
	// not: a lecture's length with room to spare.
	RoomLifetime = 6 * time.Hour
	// RoomIdle ends a room whose presenter has been away this long.
	RoomIdle = 10 * time.Minute
	// RoomUnclaimed ends a room whose presenter has not come this long
	// after it opened: the page that opens a room presents it at once.
	RoomUnclaimed = 2 * time.Minute
	// MaxRoomAnswers caps the follower tabs whose answers a room's tally
	// counts for the exercise it shows: as many as the room may have
	// followers. Only a tab that has followed the room counts (its
	// answers carry the ticket the room gave it), and a tab that answers
	// again changes its answer, so ids made up by a script cannot fill
	// the tally and lock out the class.
	MaxRoomAnswers = MaxRoomFollowers
	// RoomMessagesPerSecond caps what a presenter's page sends: its
	// steps while playing at full speed, its pans and zooms; past it a
	// message is dropped and the page told. It bounds, with MaxRooms,
	// the events the replicas' bus has waiting to go out.
	RoomMessagesPerSecond = 60
	// MaxRoomsPerClient caps the rooms open at once that one client
	// address opened, so that one client cannot hold all MaxRooms.
	MaxRoomsPerClient = 4
	// CodeLen is the length of a room's code, from codeAlphabet: about a
	// billion codes, few enough letters to read off a screen.
	CodeLen = 6
	// MaxStateSteps bounds the step and the node a presenter's state
	// names: the events a trace the server opens may have (as
	// web.MaxTraceEvents, which a test of web checks).
	MaxStateSteps = 4_000_000
	// maxRoomPanels caps the panels a state may say are open.
	maxRoomPanels = 16
	// maxRoomAnchors caps the nodes a state places its box by: the
	// nearest the box's centre, the current node and the root.
	maxRoomAnchors = 3
	// maxRoomCoordinate bounds each number of a state's box, far beyond
	// any drawing's size, so that followers' pages compute with numbers
	// they can add and scale.
	maxRoomCoordinate = 1e9
)
