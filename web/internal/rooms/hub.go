package rooms

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/searchviz/searchviz/web/internal/safely"
)

// codeAlphabet has no letters that read alike: no I, O, 0 or 1.
const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// Errors that a room's page or a request is told; web capitalizes them.
var (
	ErrRoomsFull   = fmt.Errorf("%d rooms are open, the most this server holds; try again when one ends", MaxRooms)
	ErrYourRooms   = fmt.Errorf("you have %d rooms open, the most one address may; end one (its presenter's End button) and try again", MaxRoomsPerClient)
	ErrRoomFull    = fmt.Errorf("the room is full: it has %d followers, the most a room holds", MaxRoomFollowers)
	ErrNoRoom      = errors.New("no room has this code: it has ended, or the code is mistyped")
	ErrRoomKey     = errors.New("this is not the room's presenter key")
	ErrRoomPath    = errors.New("a room shows a trace, an example or an exercise of this server: a path /t/ID, /t/ID?example=NAME, /example/NAME or /exercise?kind=K&level=L&seed=N")
	ErrNotFollower = errors.New("only a page that follows the room answers in it: this one sent no ticket the room gave it")
	ErrRoomMoved   = errors.New("the room shows another page now: answers to this one are no longer counted")
	ErrTallyFull   = fmt.Errorf("the room has counted the answers of %d followers, the most it counts", MaxRoomAnswers)
	ErrLinkDown    = errors.New("the connection between servers is down, so rooms cannot be opened or found now; try again in a moment")
)

// Hub is a server's rooms by code. Its methods may be called from any
// goroutine.
type Hub struct {
	idle, life time.Duration // RoomIdle and RoomLifetime; tests shorten them
	unclaimed  time.Duration // RoomUnclaimed; tests shorten it
	bus        Bus           // nil for none
	replica    string        // this replica's name in the bus's events
	// ctx ends the work the rooms start on their own, and log receives
	// what goes wrong in it.
	ctx context.Context
	log *slog.Logger

	// mu guards the rooms' records, never a call to the bus: one slow
	// call must not hold up the other rooms.
	mu       sync.Mutex
	byCode   map[string]*Room
	opening  map[string]int  // the rooms being opened, not in byCode yet, by the address opening them
	stale    map[string]bool // the codes of rooms ended here that the registry still holds
	linkDown bool            // the link to the other replicas is down
}

// Config is how a Hub reaches the other replicas, if any, and logs.
type Config struct {
	// Bus carries the rooms between replicas; nil for a server alone.
	Bus Bus
	// Replica names this replica in the bus's events.
	Replica string
	// Log receives what goes wrong in the work the rooms do on their
	// own, such as ending a room; nil for none.
	Log *slog.Logger
}

// New returns a Hub of no rooms. The work the rooms start on their own
// ends with ctx.
func New(ctx context.Context, cfg Config) *Hub {
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Hub{
		idle: RoomIdle, life: RoomLifetime, unclaimed: RoomUnclaimed,
		bus: cfg.Bus, replica: cfg.Replica, ctx: ctx, log: log,
		byCode: map[string]*Room{}, opening: map[string]int{}, stale: map[string]bool{},
	}
}

// Open opens a room showing path for the client at address owner, and
// returns it. With a bus, it returns an error wrapping ErrLinkDown when
// the bus cannot record the room.
func (h *Hub) Open(ctx context.Context, path, owner string) (*Room, error) {
	if !pagePath.MatchString(path) {
		return nil, ErrRoomPath
	}
	key, err := NewKey()
	if err != nil {
		return nil, err
	}
	if err := h.reserve(owner); err != nil {
		return nil, err
	}
	reserved := true
	defer func() {
		if reserved {
			h.mu.Lock()
			h.unreserveLocked(owner)
			h.mu.Unlock()
		}
	}()
	info := Info{Key: key, Path: path, Opened: time.Now()}
	for {
		code, err := randomCode()
		if err != nil {
			return nil, err
		}
		h.mu.Lock()
		_, taken := h.byCode[code]
		h.mu.Unlock()
		if taken {
			continue
		}
		if h.bus != nil {
			err := h.bus.Register(ctx, code, info)
			if errors.Is(err, ErrCodeTaken) {
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("%w: %w", ErrLinkDown, err)
			}
		}
		r, err := h.newRoom(code, info)
		if err != nil {
			h.unregister(code)
			return nil, fmt.Errorf("%w: %w", ErrLinkDown, err)
		}
		h.mu.Lock()
		old, taken := h.byCode[code]
		if !taken {
			h.unreserveLocked(owner)
			reserved = false
			r.owner = owner
			h.addLocked(r)
		}
		h.mu.Unlock()
		if !taken {
			return r, nil
		}
		r.discard()
		if old.key == key {
			// A page that had the code at once looked the room up in
			// the registry and made it here first.
			h.mu.Lock()
			h.unreserveLocked(owner)
			reserved = false
			old.owner = owner
			h.mu.Unlock()
			return old, nil
		}
		// Another room took the code here meanwhile.
		h.unregister(code)
	}
}

// reserve counts a room that owner is opening against MaxRooms and
// MaxRoomsPerClient until it is added, or refuses it.
func (h *Hub) reserve(owner string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.heldLocked() >= MaxRooms {
		return ErrRoomsFull
	}
	mine := h.opening[owner]
	for _, r := range h.byCode {
		if r.owner == owner {
			mine++
		}
	}
	if mine >= MaxRoomsPerClient {
		return ErrYourRooms
	}
	h.opening[owner]++
	return nil
}

func (h *Hub) unreserveLocked(owner string) {
	if h.opening[owner]--; h.opening[owner] <= 0 {
		delete(h.opening, owner)
	}
}

// heldLocked returns the rooms open and being opened on this replica.
func (h *Hub) heldLocked() int {
	n := len(h.byCode)
	for _, k := range h.opening {
		n += k
	}
	return n
}

// unregister takes code out of the bus's registry, for a room that
// could not be made here.
func (h *Hub) unregister(code string) {
	if h.bus == nil {
		return
	}
	if err := h.bus.Unregister(context.Background(), code); err != nil {
		h.log.Error("unregistering a room not made", "room", code, "err", err)
	}
}

// newRoom makes the room of code and info, following the other replicas'
// events with a bus; it is not among the rooms until addLocked.
func (h *Hub) newRoom(code string, info Info) (*Room, error) {
	r := &Room{code: code, key: info.Key, hub: h, path: info.Path, followers: map[Page]struct{}{}, counts: map[string]int{}}
	r.idle = time.AfterFunc(h.unclaimed, func() {
		r.mu.Lock()
		ending := AwayEnding(h.idle)
		if !r.claimed {
			ending = UnclaimedEnding(h.unclaimed)
		}
		r.mu.Unlock()
		r.End(ending)
	})
	r.life = time.AfterFunc(max(0, h.life-time.Since(info.Opened)), func() { r.End(LifeEnding(h.life)) })
	if h.bus != nil {
		unsub, err := h.bus.Subscribe(code, r.apply)
		if err != nil {
			r.idle.Stop()
			r.life.Stop()
			return nil, err
		}
		r.unsub = unsub
	}
	return r, nil
}

// addLocked adds r, made by newRoom, to the rooms; h.mu is held.
func (h *Hub) addLocked(r *Room) {
	h.byCode[r.code] = r
	if h.linkDown {
		r.mu.Lock()
		r.linkDown = true
		r.mu.Unlock()
	}
}

// Get returns the open room with code: this replica's, or with a bus
// one another replica opened, which this one then follows. It returns
// ErrNoRoom for a code no room has, and an error wrapping ErrLinkDown
// when the bus cannot tell.
func (h *Hub) Get(ctx context.Context, code string) (*Room, error) {
	h.mu.Lock()
	r, ok := h.byCode[code]
	full := h.heldLocked() >= MaxRooms
	h.mu.Unlock()
	switch {
	case ok:
		return r, nil
	case h.bus == nil || full:
		return nil, ErrNoRoom
	}
	info, err := h.bus.Lookup(ctx, code)
	if errors.Is(err, ErrNoRoom) {
		return nil, err
	}
	if err == nil {
		r, err = h.newRoom(code, info)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrLinkDown, err)
	}
	h.mu.Lock()
	old, taken := h.byCode[code]
	full = h.heldLocked() >= MaxRooms
	if !taken && !full {
		h.addLocked(r)
	}
	h.mu.Unlock()
	switch {
	case taken:
		r.discard()
		return old, nil
	case full:
		r.discard()
		return nil, ErrNoRoom
	}
	h.bus.Publish(code, Event{Origin: h.replica, Kind: "hello"})
	return r, nil
}

// SetLink tells the rooms that the link to the other replicas went down
// (up false) or came back. While it is down, the followers of a presenter
// on another replica are told that the room is paused. When it comes
// back, the room as each replica has it is sent again, and a room that
// ended meanwhile, as the registry says, ends here too.
func (h *Hub) SetLink(up bool) {
	h.mu.Lock()
	h.linkDown = !up
	all := slices.Collect(maps.Values(h.byCode))
	stale := slices.Collect(maps.Keys(h.stale))
	if up {
		clear(h.stale)
	}
	h.mu.Unlock()
	for _, r := range all {
		r.setLink(up)
	}
	if up && h.bus != nil && len(all)+len(stale) > 0 {
		go h.recheck(all, stale)
	}
}

// recheck takes the codes stale out of the registry, and ends here the
// rooms of all that the registry no longer holds: they ended while the
// link was down, and their end did not come.
func (h *Hub) recheck(all []*Room, stale []string) {
	defer func() { safely.Recovered(h.log, recover(), "checking the rooms as the link came back") }()
	for _, code := range stale {
		if err := h.bus.Unregister(h.ctx, code); err != nil {
			h.log.Warn("unregistering an ended room, to try again when the link comes back", "room", code, "err", err)
			h.mu.Lock()
			h.stale[code] = true
			h.mu.Unlock()
		}
	}
	for _, r := range all {
		if h.ctx.Err() != nil {
			return
		}
		info, err := h.bus.Lookup(h.ctx, r.code)
		switch {
		case errors.Is(err, ErrNoRoom), err == nil && info.Key != r.key:
			r.endHere("The room ended while the connection between servers was down.", nil, "")
		case err != nil:
			h.log.Warn("checking a room as the link came back", "room", r.code, "err", err)
		}
	}
}

// Count returns the rooms open.
func (h *Hub) Count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.byCode)
}

// EndAll ends every room with message, as the server stops.
func (h *Hub) EndAll(message string) {
	h.mu.Lock()
	all := make([]*Room, 0, len(h.byCode))
	for _, r := range h.byCode {
		all = append(all, r)
	}
	h.mu.Unlock()
	for _, r := range all {
		r.End(message)
	}
}

// NewKey returns a presenter's key, or a replica's name: 128 random
// bits in hex.
func NewKey() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("rooms: making a room's key: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// randomCode returns a room code of CodeLen letters.
func randomCode() (string, error) {
	b := make([]byte, CodeLen)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("rooms: making a room's code: %w", err)
	}
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b), nil
}

// NormalCode returns a code as a person may type it, in capitals without
// spaces or dashes, or false if it cannot be one.
func NormalCode(s string) (string, bool) {
	out := make([]byte, 0, CodeLen)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '-':
			continue
		case 'a' <= c && c <= 'z':
			c -= 'a' - 'A'
		}
		if len(out) == CodeLen || !validCodeByte(c) {
			return "", false
		}
		out = append(out, c)
	}
	if len(out) != CodeLen {
		return "", false
	}
	return string(out), true
}

func validCodeByte(c byte) bool {
	for i := 0; i < len(codeAlphabet); i++ {
		if codeAlphabet[i] == c {
			return true
		}
	}
	return false
}
