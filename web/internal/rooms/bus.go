package rooms

import (
	"context"
	"errors"
	"time"
)

// Bus carries rooms between the replicas of a server behind a load
// balancer: a registry of the rooms open, by code, and a stream of events
// per room that every replica with pages in it applies. Its calls to the
// registry fail within a short timeout, or with ctx.
type Bus interface {
	// Register records a new room; ErrCodeTaken if its code is in use.
	Register(ctx context.Context, code string, info Info) error
	// Lookup returns a room's record, ErrNoRoom if there is none or its
	// record cannot be read, or why the registry could not say.
	Lookup(ctx context.Context, code string) (Info, error)
	// Unregister takes a room's record out of the registry.
	Unregister(ctx context.Context, code string) error
	// Publish sends a room's event to the other replicas, in the order
	// published, without waiting on the network.
	Publish(code string, ev Event)
	// Subscribe calls fn with every event of the room, on a goroutine of
	// the bus's, until unsubscribe.
	Subscribe(code string, fn func(Event)) (unsubscribe func(), err error)
}

// ErrCodeTaken says a code is already a room's.
var ErrCodeTaken = errors.New("the room code is taken")

// Info is a room's record in the bus's registry.
type Info struct {
	Key    string    `json:"key"`
	Path   string    `json:"path"`
	Opened time.Time `json:"opened"`
}

// Event is what one replica tells the others about a room.
type Event struct {
	Origin  string `json:"origin"` // the replica that sent it
	Kind    string `json:"kind"`   // "room", "count", "answer", "end" or "hello"
	Path    string `json:"path,omitempty"`
	State   *State `json:"state,omitempty"`
	Live    bool   `json:"live,omitempty"`    // room: the presenter is connected to Origin
	Count   int    `json:"count,omitempty"`   // count: Origin's followers
	Who     string `json:"who,omitempty"`     // answer: the follower tab
	Answer  string `json:"answer,omitempty"`  // answer: its key
	Message string `json:"message,omitempty"` // end: what followers are told
}
