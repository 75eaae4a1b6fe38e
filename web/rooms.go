package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
)

// roomCodeAlphabet has no letters that read alike: no I, O, 0 or 1.
const roomCodeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// Errors that a room's page or a request is told.
var (
	errRoomsFull   = fmt.Errorf("%d rooms are open, the most this server holds; try again when one ends", MaxRooms)
	errYourRooms   = fmt.Errorf("you have %d rooms open, the most one address may; end one (its presenter's End button) and try again", MaxRoomsPerClient)
	errRoomFull    = fmt.Errorf("the room is full: it has %d followers, the most a room holds", MaxRoomFollowers)
	errNoRoom      = errors.New("no room has this code: it has ended, or the code is mistyped")
	errRoomKey     = errors.New("this is not the room's presenter key")
	errRoomPath    = errors.New("a room shows a trace, an example or an exercise of this server: a path /t/ID, /t/ID?example=NAME, /example/NAME or /exercise?kind=K&level=L&seed=N")
	errRoomTooFast = fmt.Errorf("more than %d messages a second: some were dropped, and the latest state is shown when the second is over", RoomMessagesPerSecond)
	errNotFollower = errors.New("only a page that follows the room answers in it: this one sent no ticket the room gave it")
	errRoomMoved   = errors.New("the room shows another page now: answers to this one are no longer counted")
	errTallyFull   = fmt.Errorf("the room has counted the answers of %d followers, the most it counts", MaxRoomAnswers)
	errLinkDown    = errors.New("the connection between servers is down, so rooms cannot be opened or found now; try again in a moment")
)

// roomPath matches the pages a room may show: a viewer's, with the
// example it shows, if any, or an exercise's.
var roomPath = regexp.MustCompile(`^(/(t|example)/[A-Za-z0-9._-]{1,100}(\?example=[a-z0-9-]{1,60})?|/exercise\?kind=[a-z0-9]{1,20}&level=[a-z]{1,20}&seed=[0-9]{1,6})$`)

// answerWho matches the id a follower's page says hello with and its
// exercise page answers with: a random id of its tab, so that answering
// again replaces its answer.
var answerWho = regexp.MustCompile(`^[a-z0-9]{8,32}$`)

// roomState is what a presenter's viewer shows, as followers mirror it.
// The server decodes and encodes it field by field, so that nothing else
// a presenter's page sends reaches a follower.
type roomState struct {
	Step     int         `json:"step"`
	View     string      `json:"view"`
	Selected int         `json:"selected"`         // -1 for none
	Box      *[4]float64 `json:"box,omitempty"`    // the tree's viewBox: x, y, width, height
	Present  bool        `json:"present"`          // presentation mode
	Panels   []string    `json:"panels,omitempty"` // the ids of the open panels
}

// panelID matches the id of a panel a state may open.
var panelID = regexp.MustCompile(`^[a-z][a-z0-9-]{0,39}$`)

// check returns an error unless s is a state a viewer can show.
func (s *roomState) check() error {
	switch {
	case s.Step < 0 || s.Step >= MaxTraceEvents:
		return fmt.Errorf("step %d is outside 0..%d, the steps a trace may have", s.Step, MaxTraceEvents-1)
	case s.View != "root" && s.View != "side":
		return fmt.Errorf("view %q is not root or side", s.View)
	case s.Selected < -1 || s.Selected >= MaxTraceEvents:
		return fmt.Errorf("selected node %d is not a node or -1", s.Selected)
	case len(s.Panels) > maxRoomPanels:
		return fmt.Errorf("%d open panels, more than %d", len(s.Panels), maxRoomPanels)
	}
	if s.Box != nil {
		for _, x := range s.Box {
			if math.IsNaN(x) || math.Abs(x) > maxRoomCoordinate {
				return fmt.Errorf("the box is not four numbers within ±%g", float64(maxRoomCoordinate))
			}
		}
		if s.Box[2] <= 0 || s.Box[3] <= 0 {
			return errors.New("the box has no area")
		}
	}
	for _, p := range s.Panels {
		if !panelID.MatchString(p) {
			return fmt.Errorf("panel %q is not a panel's id", p)
		}
	}
	return nil
}

// roomMessage is a message between a room's page and the server. Pages
// send hello (role, and for a presenter its key and page, for a follower
// its tab's id), state, page and end; the server sends room, ticket,
// followers, answers, link, error and ended.
type roomMessage struct {
	Type      string        `json:"type"`
	Role      string        `json:"role,omitempty"`      // hello: "presenter" or "follower"
	Key       string        `json:"key,omitempty"`       // hello: the presenter's key; never sent by the server
	Who       string        `json:"who,omitempty"`       // hello, ticket: a follower tab's id, which its answers carry
	Ticket    string        `json:"ticket,omitempty"`    // ticket: what the follower's answers carry to be counted
	Path      string        `json:"path,omitempty"`      // hello, page, room: the viewer page the room shows
	State     *roomState    `json:"state,omitempty"`     // state, room: what the presenter's viewer shows
	Code      string        `json:"code,omitempty"`      // room: the room's code
	Followers *int          `json:"followers,omitempty"` // followers: how many follow
	Answers   []answerCount `json:"answers,omitempty"`   // answers: the answers to the exercise shown, by first mistake, most common first
	Live      *bool         `json:"live,omitempty"`      // room: whether the presenter is connected
	Up        *bool         `json:"up,omitempty"`        // link: whether the connection between servers carries the room to this page
	Message   string        `json:"message,omitempty"`   // error, ended: what happened
}

// roomSink is a page's socket in a room, as the room sends to it: the
// latest message of each slot, so that a slow page skips the states it
// missed and never holds up the others, then a final one.
type roomSink interface {
	// Offer makes msg the next message of slot, in place of one not sent.
	Offer(slot int, msg []byte)
	// Finish sends msg after what is waiting, then closes the socket.
	Finish(msg []byte)
}

// The slots of a room's page: the kinds of message a page is sent, of
// which only the latest matters.
const (
	slotRoom      = iota // the room: its page and the presenter's state
	slotTicket           // a follower's ticket for its answers
	slotFollowers        // the presenter's count of followers
	slotAnswers          // the presenter's tally of the answers to an exercise
	slotLink             // whether the connection between servers is up
	slotError            // what went wrong with the page's last message
	numRoomSlots
)

// room is one classroom: a presenter and the followers who mirror it.
type room struct {
	code  string
	key   string // the presenter's secret
	hub   *rooms
	owner string // the client address that opened it; "" for one opened on another replica

	mu        sync.Mutex
	path      string     // the viewer page shown
	state     *roomState // the presenter's last state, nil before the first
	presenter roomSink
	followers map[roomSink]struct{}
	answers   map[string]string // the page's exercise: each follower tab's first mistake's key, or answerRight
	ended     bool
	claimed   bool        // a presenter has come
	idle      *time.Timer // ends the room while its presenter is away, or has not come
	life      *time.Timer

	// With a bus, what the other replicas say: whether the presenter is
	// connected to one of them, and how many follow on each.
	remoteLive bool
	counts     map[string]int
	unsub      func()
	// linkDown says the link to the other replicas is down; paused, that
	// the followers were told so, their presenter being on another one.
	linkDown bool
	paused   bool
}

// rooms is the server's rooms by code.
type rooms struct {
	idle, life time.Duration // RoomIdle and RoomLifetime; tests shorten them
	unclaimed  time.Duration // RoomUnclaimed; tests shorten it
	hello      time.Duration // helloWait; tests shorten it
	// bus carries rooms between replicas (Config.NATS), nil for none;
	// replica names this one in its events.
	bus     roomBus
	replica string
	// ctx ends the work the rooms start on their own, and log receives
	// what goes wrong in it.
	ctx context.Context
	log *slog.Logger

	// mu guards the rooms' records, never a call to the bus: one slow
	// call must not hold up the other rooms.
	mu       sync.Mutex
	byCode   map[string]*room
	opening  map[string]int  // the rooms being opened, not in byCode yet, by the address opening them
	stale    map[string]bool // the codes of rooms ended here that the registry still holds
	linkDown bool            // the link to the other replicas is down
}

func newRooms() *rooms {
	return &rooms{
		idle: RoomIdle, life: RoomLifetime, unclaimed: RoomUnclaimed, hello: helloWait,
		ctx: context.Background(), log: slog.New(slog.DiscardHandler),
		byCode: map[string]*room{}, opening: map[string]int{}, stale: map[string]bool{},
	}
}

// roomBus carries rooms between the replicas of a server behind a load
// balancer: a registry of the rooms open, by code, and a stream of events
// per room that every replica with pages in it applies. Its calls to the
// registry fail within natsCallTimeout, or ctx.
type roomBus interface {
	// register records a new room; errRoomTaken if its code is in use.
	register(ctx context.Context, code string, info roomInfo) error
	// lookup returns a room's record, errNoRoom if there is none, or why
	// the registry could not say.
	lookup(ctx context.Context, code string) (roomInfo, error)
	unregister(ctx context.Context, code string) error
	// publish sends a room's event to the other replicas, in the order
	// published, without waiting on the network.
	publish(code string, ev roomEvent)
	// subscribe calls fn with every event of the room, on a goroutine of
	// the bus's, until unsubscribe.
	subscribe(code string, fn func(roomEvent)) (unsubscribe func(), err error)
}

// errRoomTaken says a code is already a room's.
var errRoomTaken = errors.New("the room code is taken")

// roomInfo is a room's record in the bus's registry.
type roomInfo struct {
	Key    string    `json:"key"`
	Path   string    `json:"path"`
	Opened time.Time `json:"opened"`
}

// roomEvent is what one replica tells the others about a room.
type roomEvent struct {
	Origin  string     `json:"origin"` // the replica that sent it
	Kind    string     `json:"kind"`   // "room", "count", "answer", "end" or "hello"
	Path    string     `json:"path,omitempty"`
	State   *roomState `json:"state,omitempty"`
	Live    bool       `json:"live,omitempty"`    // room: the presenter is connected to Origin
	Count   int        `json:"count,omitempty"`   // count: Origin's followers
	Who     string     `json:"who,omitempty"`     // answer: the follower tab
	Answer  string     `json:"answer,omitempty"`  // answer: its key
	Message string     `json:"message,omitempty"` // end: what followers are told
}

// open opens a room showing path for the client at address owner, and
// returns it. With a bus, it returns an error wrapping errLinkDown when
// the bus cannot record the room.
func (h *rooms) open(ctx context.Context, path, owner string) (*room, error) {
	if !roomPath.MatchString(path) {
		return nil, errRoomPath
	}
	key, err := randomKey()
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
	info := roomInfo{Key: key, Path: path, Opened: time.Now()}
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
			err := h.bus.register(ctx, code, info)
			if errors.Is(err, errRoomTaken) {
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("%w: %w", errLinkDown, err)
			}
		}
		r, err := h.newRoom(code, info)
		if err != nil {
			h.unregister(code)
			return nil, fmt.Errorf("%w: %w", errLinkDown, err)
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
func (h *rooms) reserve(owner string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.heldLocked() >= MaxRooms {
		return errRoomsFull
	}
	mine := h.opening[owner]
	for _, r := range h.byCode {
		if r.owner == owner {
			mine++
		}
	}
	if mine >= MaxRoomsPerClient {
		return errYourRooms
	}
	h.opening[owner]++
	return nil
}

func (h *rooms) unreserveLocked(owner string) {
	if h.opening[owner]--; h.opening[owner] <= 0 {
		delete(h.opening, owner)
	}
}

// heldLocked returns the rooms open and being opened on this replica.
func (h *rooms) heldLocked() int {
	n := len(h.byCode)
	for _, k := range h.opening {
		n += k
	}
	return n
}

// unregister takes code out of the bus's registry, for a room that
// could not be made here.
func (h *rooms) unregister(code string) {
	if h.bus == nil {
		return
	}
	if err := h.bus.unregister(context.Background(), code); err != nil {
		h.log.Error("unregistering a room not made", "room", code, "err", err)
	}
}

// newRoom makes the room of code and info, following the other replicas'
// events with a bus; it is not among the rooms until addLocked.
func (h *rooms) newRoom(code string, info roomInfo) (*room, error) {
	r := &room{code: code, key: info.Key, hub: h, path: info.Path, followers: map[roomSink]struct{}{}, counts: map[string]int{}}
	r.idle = time.AfterFunc(h.unclaimed, func() {
		r.mu.Lock()
		why := "its presenter was away for " + h.idle.String()
		if !r.claimed {
			why = "its presenter did not come within " + h.unclaimed.String() + " of its opening"
		}
		r.mu.Unlock()
		r.end("The room ended: " + why + ".")
	})
	r.life = time.AfterFunc(max(0, h.life-time.Since(info.Opened)), func() { r.end("The room ended: rooms last " + h.life.String() + " at most.") })
	if h.bus != nil {
		unsub, err := h.bus.subscribe(code, r.apply)
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
func (h *rooms) addLocked(r *room) {
	h.byCode[r.code] = r
	if h.linkDown {
		r.mu.Lock()
		r.linkDown = true
		r.mu.Unlock()
	}
}

// discard undoes newRoom for a room never added.
func (r *room) discard() {
	r.mu.Lock()
	r.ended = true
	r.mu.Unlock()
	r.idle.Stop()
	r.life.Stop()
	if r.unsub != nil {
		r.unsub()
	}
}

// get returns the open room with code: this replica's, or with a bus
// one another replica opened, which this one then follows. It returns
// errNoRoom for a code no room has, and an error wrapping errLinkDown
// when the bus cannot tell.
func (h *rooms) get(ctx context.Context, code string) (*room, error) {
	h.mu.Lock()
	r, ok := h.byCode[code]
	full := h.heldLocked() >= MaxRooms
	h.mu.Unlock()
	switch {
	case ok:
		return r, nil
	case h.bus == nil || full:
		return nil, errNoRoom
	}
	info, err := h.bus.lookup(ctx, code)
	if errors.Is(err, errNoRoom) {
		return nil, err
	}
	if err == nil {
		r, err = h.newRoom(code, info)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errLinkDown, err)
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
		return nil, errNoRoom
	}
	h.bus.publish(code, roomEvent{Origin: h.replica, Kind: "hello"})
	return r, nil
}

// setLink tells the rooms that the link to the other replicas went down
// (up false) or came back. While it is down, the followers of a presenter
// on another replica are told that the room is paused. When it comes
// back, the room as each replica has it is sent again, and a room that
// ended meanwhile, as the registry says, ends here too.
func (h *rooms) setLink(up bool) {
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
func (h *rooms) recheck(all []*room, stale []string) {
	defer func() { recovered(h.log, recover(), "checking the rooms as the link came back") }()
	for _, code := range stale {
		if err := h.bus.unregister(h.ctx, code); err != nil {
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
		info, err := h.bus.lookup(h.ctx, r.code)
		switch {
		case errors.Is(err, errNoRoom), err == nil && info.Key != r.key:
			r.endHere("The room ended while the connection between servers was down.")
		case err != nil:
			h.log.Warn("checking a room as the link came back", "room", r.code, "err", err)
		}
	}
}

// count returns the rooms open.
func (h *rooms) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.byCode)
}

// endAll ends every room with message, as the server stops.
func (h *rooms) endAll(message string) {
	h.mu.Lock()
	all := make([]*room, 0, len(h.byCode))
	for _, r := range h.byCode {
		all = append(all, r)
	}
	h.mu.Unlock()
	for _, r := range all {
		r.end(message)
	}
}

// randomKey returns a presenter's key: 128 random bits in hex.
func randomKey() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("web: making a room's key: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// randomCode returns a room code of roomCodeLen letters.
func randomCode() (string, error) {
	b := make([]byte, roomCodeLen)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("web: making a room's code: %w", err)
	}
	for i := range b {
		b[i] = roomCodeAlphabet[int(b[i])%len(roomCodeAlphabet)]
	}
	return string(b), nil
}

// normalCode returns a code as a person may type it, in capitals without
// spaces or dashes, or false if it cannot be one.
func normalCode(s string) (string, bool) {
	out := make([]byte, 0, roomCodeLen)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '-':
			continue
		case 'a' <= c && c <= 'z':
			c -= 'a' - 'A'
		}
		if len(out) == roomCodeLen || !validCodeByte(c) {
			return "", false
		}
		out = append(out, c)
	}
	if len(out) != roomCodeLen {
		return "", false
	}
	return string(out), true
}

func validCodeByte(c byte) bool {
	for i := 0; i < len(roomCodeAlphabet); i++ {
		if roomCodeAlphabet[i] == c {
			return true
		}
	}
	return false
}

// isKey reports whether key is the room's presenter key, in constant time.
func (r *room) isKey(key string) bool {
	return subtle.ConstantTimeCompare([]byte(key), []byte(r.key)) == 1
}

// joinPresenter makes c the room's presenter, showing path; a presenter
// already connected, an older page, is told and let go.
func (r *room) joinPresenter(c roomSink, path string) error {
	if !roomPath.MatchString(path) {
		return errRoomPath
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return errNoRoom
	}
	if old := r.presenter; old != nil {
		old.Finish(mustJSON(roomMessage{Type: "ended", Message: "This room is presented from another page now."}))
	}
	r.presenter = c
	r.claimed = true
	r.idle.Stop()
	if path != r.path {
		r.path, r.state, r.answers = path, nil, nil
	}
	r.remoteLive = false
	c.Offer(slotRoom, r.roomMsgLocked())
	if r.linkDown {
		c.Offer(slotLink, linkMsg(false))
	}
	r.pauseLocked()
	r.countLocked()
	r.tallyLocked()
	r.broadcastLocked()
	r.announceLocked()
	return nil
}

// joinFollower adds c to the room's followers and sends it the room,
// and, if it said its tab's id who, the ticket its answers carry.
func (r *room) joinFollower(c roomSink, who string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return errNoRoom
	}
	if len(r.followers) >= MaxRoomFollowers {
		return errRoomFull
	}
	r.followers[c] = struct{}{}
	c.Offer(slotRoom, r.roomMsgLocked())
	if r.paused {
		c.Offer(slotLink, linkMsg(false))
	}
	if who != "" {
		c.Offer(slotTicket, mustJSON(roomMessage{Type: "ticket", Who: who, Ticket: r.ticket(who)}))
	}
	r.countLocked()
	r.publishCountLocked()
	return nil
}

// leave removes c, presenter or follower, from the room.
func (r *room) leave(c roomSink) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.presenter == c {
		r.presenter = nil
		if !r.ended {
			r.idle.Reset(r.hub.idle)
			r.pauseLocked()
			r.broadcastLocked()
			r.announceLocked()
		}
		return
	}
	if _, ok := r.followers[c]; ok {
		delete(r.followers, c)
		r.countLocked()
		r.publishCountLocked()
	}
}

// setState records the presenter c's state and sends it to the
// followers; a page that is no longer the presenter is ignored.
func (r *room) setState(c roomSink, s roomState) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.presenter != c || r.ended {
		return
	}
	r.state = &s
	r.broadcastLocked()
	r.announceLocked()
}

// setPath switches the room to another page, as its presenter c goes
// there.
func (r *room) setPath(c roomSink, path string) error {
	if !roomPath.MatchString(path) {
		return errRoomPath
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.presenter != c || r.ended {
		return nil
	}
	r.path, r.state, r.answers = path, nil, nil
	r.broadcastLocked()
	r.announceLocked()
	r.tallyLocked()
	return nil
}

// answerRight is the tally's key of a right answer.
const answerRight = "right"

// answerCount is how many followers gave one kind of answer.
type answerCount struct {
	Key   string `json:"key"` // answerRight, or the first mistake's key (exercise.Result.MistakeKey)
	Count int    `json:"count"`
}

// answerTicketContext sets a ticket's MAC apart from any other use of
// the room's key.
const answerTicketContext = "searchviz room answer ticket\x00"

// ticket returns the ticket of follower tab who: a MAC of its id under
// the room's key, which every replica of the room knows. The room gives
// it to a follower that says hello with its id, and counts only answers
// that carry it, so that an answer counts only from a tab that has
// followed the room within its life, on whichever replica it answers.
func (r *room) ticket(who string) string {
	mac := hmac.New(sha256.New, []byte(r.key))
	mac.Write([]byte(answerTicketContext))
	mac.Write([]byte(who))
	return hex.EncodeToString(mac.Sum(nil)[:16])
}

// isFollower reports whether ticket is the one the room gave follower
// tab who, in constant time.
func (r *room) isFollower(who, ticket string) bool {
	return answerWho.MatchString(who) && hmac.Equal([]byte(ticket), []byte(r.ticket(who)))
}

// answer records follower tab who's answer to the exercise at path, the
// key of its first mistake or answerRight, and tells the presenter the
// tally. It returns errNoRoom once the room has ended, errNotFollower
// unless ticket is the one the room gave who, errRoomMoved for an answer
// to another page than the room's, and errTallyFull for a tab past
// MaxRoomAnswers.
func (r *room) answer(path, who, ticket, key string) error {
	if !r.isFollower(who, ticket) {
		return errNotFollower
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.ended:
		return errNoRoom
	case path != r.path:
		return errRoomMoved
	}
	if err := r.recordLocked(who, key); err != nil {
		return err
	}
	if r.hub.bus != nil {
		r.hub.bus.publish(r.code, roomEvent{Origin: r.hub.replica, Kind: "answer", Path: path, Who: who, Answer: key})
	}
	return nil
}

// recordLocked records follower tab who's answer key to the room's
// exercise and tells the presenter the tally; a tab new to the tally
// past MaxRoomAnswers gets errTallyFull.
func (r *room) recordLocked(who, key string) error {
	if r.answers == nil {
		r.answers = map[string]string{}
	}
	if _, ok := r.answers[who]; !ok && len(r.answers) >= MaxRoomAnswers {
		return errTallyFull
	}
	r.answers[who] = key
	r.tallyLocked()
	return nil
}

// tallyLocked tells the presenter how the answers stand: a count per
// kind of answer, the most common first, no names.
func (r *room) tallyLocked() {
	if r.presenter == nil {
		return
	}
	counts := map[string]int{}
	for _, k := range r.answers {
		counts[k]++
	}
	tally := make([]answerCount, 0, len(counts))
	for k, n := range counts {
		tally = append(tally, answerCount{Key: k, Count: n})
	}
	slices.SortFunc(tally, func(a, b answerCount) int {
		if a.Count != b.Count {
			return b.Count - a.Count
		}
		return strings.Compare(a.Key, b.Key)
	})
	r.presenter.Offer(slotAnswers, mustJSON(roomMessage{Type: "answers", Answers: tally}))
}

// roomMsgLocked is the room as its pages see it: never its key. A
// presenter on another replica is not live while the link is down.
func (r *room) roomMsgLocked() []byte {
	live := r.presenter != nil || r.remoteLive && !r.linkDown
	return mustJSON(roomMessage{Type: "room", Code: r.code, Path: r.path, State: r.state, Live: &live})
}

// linkMsg tells a page whether the connection between servers carries
// the room to it.
func linkMsg(up bool) []byte {
	return mustJSON(roomMessage{Type: "link", Up: &up})
}

// setLink tells the room's pages that the link to the other replicas
// went down (up false) or came back; see rooms.setLink.
func (r *room) setLink(up bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended || r.linkDown == !up {
		return
	}
	r.linkDown = !up
	if r.presenter != nil {
		r.presenter.Offer(slotLink, linkMsg(up))
	}
	switch {
	case up:
		// What the other replicas said is stale: the hello has them say
		// it again, and the presenter is away until its replica does.
		r.remoteLive = false
		if r.presenter == nil {
			r.idle.Reset(r.hub.idle)
		} else {
			r.announceLocked()
		}
		if r.hub.bus != nil {
			r.hub.bus.publish(r.code, roomEvent{Origin: r.hub.replica, Kind: "hello"})
		}
		r.publishCountLocked()
	case r.presenter == nil:
		// The presenter may be on another replica, out of sight: the
		// room waits for the link rather than end for want of one.
		r.idle.Stop()
	}
	r.pauseLocked()
	r.broadcastLocked()
}

// pauseLocked tells the followers whether the room is paused: the link
// to the other replicas is down and the presenter is not on this one, so
// that nothing the presenter does reaches them.
func (r *room) pauseLocked() {
	paused := r.linkDown && r.presenter == nil
	if paused == r.paused {
		return
	}
	r.paused = paused
	msg := linkMsg(!paused)
	for f := range r.followers {
		f.Offer(slotLink, msg)
	}
}

// broadcastLocked sends the room to every follower.
func (r *room) broadcastLocked() {
	msg := r.roomMsgLocked()
	for f := range r.followers {
		f.Offer(slotRoom, msg)
	}
}

// countLocked tells the presenter how many follow, on every replica.
func (r *room) countLocked() {
	if r.presenter == nil {
		return
	}
	n := len(r.followers)
	for _, k := range r.counts {
		n += k
	}
	r.presenter.Offer(slotFollowers, mustJSON(roomMessage{Type: "followers", Followers: &n}))
}

// announceLocked tells the other replicas, if any, the room as this
// replica's presenter shows it, or that the presenter left.
func (r *room) announceLocked() {
	if r.hub.bus != nil {
		r.hub.bus.publish(r.code, roomEvent{Origin: r.hub.replica, Kind: "room", Path: r.path, State: r.state, Live: r.presenter != nil})
	}
}

// publishCountLocked tells the other replicas, if any, how many follow
// on this one.
func (r *room) publishCountLocked() {
	if r.hub.bus != nil {
		r.hub.bus.publish(r.code, roomEvent{Origin: r.hub.replica, Kind: "count", Count: len(r.followers)})
	}
}

// apply applies another replica's event to this replica's pages.
func (r *room) apply(ev roomEvent) {
	if ev.Origin == r.hub.replica {
		return
	}
	if ev.Kind == "end" {
		r.endHere(ev.Message)
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return
	}
	switch ev.Kind {
	case "room":
		if ev.State != nil && ev.State.check() != nil || !roomPath.MatchString(ev.Path) {
			return
		}
		if ev.Live && r.presenter != nil {
			r.presenter.Finish(mustJSON(roomMessage{Type: "ended", Message: "This room is presented from another page now."}))
			r.presenter = nil
		}
		if ev.Path != r.path {
			r.answers = nil
		}
		r.path, r.state, r.remoteLive = ev.Path, ev.State, ev.Live
		if ev.Live {
			r.idle.Stop()
		} else {
			r.idle.Reset(r.hub.idle)
		}
		r.broadcastLocked()
	case "count":
		r.counts[ev.Origin] = max(0, min(ev.Count, MaxRoomFollowers))
		r.countLocked()
	case "answer":
		// The replica that sent it checked the ticket and told the
		// page how it went; one past the cap here is dropped, as the
		// tallies of all replicas hold the same answers.
		if ev.Path == r.path && answerWho.MatchString(ev.Who) {
			r.recordLocked(ev.Who, ev.Answer)
		}
	case "hello":
		if r.presenter != nil {
			r.announceLocked()
		}
		if len(r.followers) > 0 {
			r.publishCountLocked()
		}
	}
}

// end ends the room on every replica: every page is told message and
// let go, and the code is free again.
func (r *room) end(message string) {
	if bus := r.hub.bus; bus != nil {
		// Out of the registry first, so that no replica the end reaches
		// finds the room there again. While the link is down, the end
		// goes out when it comes back, and recheck unregisters it then.
		if err := bus.unregister(context.Background(), r.code); err != nil {
			r.hub.log.Warn("unregistering an ended room, to try again when the link comes back", "room", r.code, "err", err)
			r.hub.mu.Lock()
			r.hub.stale[r.code] = true
			r.hub.mu.Unlock()
		}
		bus.publish(r.code, roomEvent{Origin: r.hub.replica, Kind: "end", Message: message})
	}
	r.endHere(message)
}

// endHere ends the room on this replica: it leaves the replica's rooms
// before its pages are told, so that a page told it ended finds no room
// of its code here.
func (r *room) endHere(message string) {
	r.mu.Lock()
	if r.ended {
		r.mu.Unlock()
		return
	}
	r.ended = true
	r.idle.Stop()
	r.life.Stop()
	pages := make([]roomSink, 0, len(r.followers)+1)
	if r.presenter != nil {
		pages = append(pages, r.presenter)
	}
	for f := range r.followers {
		pages = append(pages, f)
	}
	unsub := r.unsub
	r.mu.Unlock()
	r.hub.mu.Lock()
	if r.hub.byCode[r.code] == r {
		delete(r.hub.byCode, r.code)
	}
	r.hub.mu.Unlock()
	if unsub != nil {
		unsub()
	}
	msg := mustJSON(roomMessage{Type: "ended", Message: message})
	for _, c := range pages {
		c.Finish(msg)
	}
}

// mustJSON encodes a value the server built, which always encodes.
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("web: encoding %T: %v", v, err))
	}
	return b
}

// joinURL is the address followers open to join the room with code,
// on the server at base (scheme and host).
func joinURL(base *url.URL, code string) string {
	u := *base
	u.Path, u.RawQuery, u.Fragment = "/r/"+code, "", ""
	return u.String()
}
