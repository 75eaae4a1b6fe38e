package rooms

import (
	"context"
	"crypto/subtle"
	"sync"
	"time"
)

// Room is one classroom: a presenter and the followers who mirror it.
// Its methods may be called from any goroutine.
type Room struct {
	code  string
	key   string // the presenter's secret
	hub   *Hub
	owner string // the client address that opened it; "" for one opened on another replica

	mu        sync.Mutex
	path      string // the viewer page shown
	state     *State // the presenter's last state, nil before the first
	presenter Page
	followers map[Page]struct{}
	answers   map[string]string // the page's exercise: each follower tab's first mistake's key, or AnswerRight
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

// discard undoes newRoom for a room never added.
func (r *Room) discard() {
	r.mu.Lock()
	r.ended = true
	r.mu.Unlock()
	r.idle.Stop()
	r.life.Stop()
	if r.unsub != nil {
		r.unsub()
	}
}

// Code is the room's code.
func (r *Room) Code() string { return r.code }

// Key is the presenter's secret, which only the page that opened the
// room is given.
func (r *Room) Key() string { return r.key }

// Path is the page the room shows now.
func (r *Room) Path() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.path
}

// IsKey reports whether key is the room's presenter key, in constant time.
func (r *Room) IsKey(key string) bool {
	return subtle.ConstantTimeCompare([]byte(key), []byte(r.key)) == 1
}

// JoinPresenter makes c the room's presenter, showing path; a presenter
// already connected, an older page, is told and let go.
func (r *Room) JoinPresenter(c Page, path string) error {
	if !pagePath.MatchString(path) {
		return ErrRoomPath
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return ErrNoRoom
	}
	if old := r.presenter; old != nil {
		old.Finish(Notice("ended", "This room is presented from another page now."))
	}
	r.presenter = c
	r.claimed = true
	r.idle.Stop()
	if path != r.path {
		r.path, r.state, r.answers = path, nil, nil
	}
	r.remoteLive = false
	c.Offer(SlotRoom, r.roomMsgLocked())
	if r.linkDown {
		c.Offer(SlotLink, linkMsg(false))
	}
	r.pauseLocked()
	r.countLocked()
	r.tallyLocked()
	r.broadcastLocked()
	r.announceLocked()
	return nil
}

// JoinFollower adds c to the room's followers and sends it the room,
// and, if it said its tab's id who, the ticket its answers carry.
func (r *Room) JoinFollower(c Page, who string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return ErrNoRoom
	}
	if len(r.followers) >= MaxRoomFollowers {
		return ErrRoomFull
	}
	r.followers[c] = struct{}{}
	c.Offer(SlotRoom, r.roomMsgLocked())
	if r.paused {
		c.Offer(SlotLink, linkMsg(false))
	}
	if who != "" {
		c.Offer(SlotTicket, mustJSON(Message{Type: "ticket", Who: who, Ticket: r.ticket(who)}))
	}
	r.countLocked()
	r.publishCountLocked()
	return nil
}

// Leave removes c, presenter or follower, from the room.
func (r *Room) Leave(c Page) {
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

// SetState records the presenter c's state and sends it to the
// followers; a page that is no longer the presenter is ignored.
func (r *Room) SetState(c Page, s State) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.presenter != c || r.ended {
		return
	}
	r.state = &s
	r.broadcastLocked()
	r.announceLocked()
}

// SetPath switches the room to another page, as its presenter c goes
// there.
func (r *Room) SetPath(c Page, path string) error {
	if !pagePath.MatchString(path) {
		return ErrRoomPath
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

// roomMsgLocked is the room as its pages see it: never its key. A
// presenter on another replica is not live while the link is down.
func (r *Room) roomMsgLocked() []byte {
	live := r.presenter != nil || r.remoteLive && !r.linkDown
	return mustJSON(Message{Type: "room", Code: r.code, Path: r.path, State: r.state, Live: &live})
}

// linkMsg tells a page whether the connection between servers carries
// the room to it.
func linkMsg(up bool) []byte {
	return mustJSON(Message{Type: "link", Up: &up})
}

// setLink tells the room's pages that the link to the other replicas
// went down (up false) or came back; see Hub.SetLink.
func (r *Room) setLink(up bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended || r.linkDown == !up {
		return
	}
	r.linkDown = !up
	if r.presenter != nil {
		r.presenter.Offer(SlotLink, linkMsg(up))
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
			r.hub.bus.Publish(r.code, Event{Origin: r.hub.replica, Kind: "hello"})
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
func (r *Room) pauseLocked() {
	paused := r.linkDown && r.presenter == nil
	if paused == r.paused {
		return
	}
	r.paused = paused
	msg := linkMsg(!paused)
	for f := range r.followers {
		f.Offer(SlotLink, msg)
	}
}

// broadcastLocked sends the room to every follower.
func (r *Room) broadcastLocked() {
	msg := r.roomMsgLocked()
	for f := range r.followers {
		f.Offer(SlotRoom, msg)
	}
}

// countLocked tells the presenter how many follow, on every replica.
func (r *Room) countLocked() {
	if r.presenter == nil {
		return
	}
	n := len(r.followers)
	for _, k := range r.counts {
		n += k
	}
	r.presenter.Offer(SlotFollowers, mustJSON(Message{Type: "followers", Followers: &n}))
}

// announceLocked tells the other replicas, if any, the room as this
// replica's presenter shows it, or that the presenter left.
func (r *Room) announceLocked() {
	if r.hub.bus != nil {
		r.hub.bus.Publish(r.code, Event{Origin: r.hub.replica, Kind: "room", Path: r.path, State: r.state, Live: r.presenter != nil})
	}
}

// publishCountLocked tells the other replicas, if any, how many follow
// on this one.
func (r *Room) publishCountLocked() {
	if r.hub.bus != nil {
		r.hub.bus.Publish(r.code, Event{Origin: r.hub.replica, Kind: "count", Count: len(r.followers)})
	}
}

// apply applies another replica's event to this replica's pages.
func (r *Room) apply(ev Event) {
	if ev.Origin == r.hub.replica {
		return
	}
	if ev.Kind == "end" {
		r.endHere(ev.Message, nil, "")
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return
	}
	switch ev.Kind {
	case "room":
		if ev.State != nil && ev.State.Check() != nil || !pagePath.MatchString(ev.Path) {
			return
		}
		if ev.Live && r.presenter != nil {
			r.presenter.Finish(Notice("ended", "This room is presented from another page now."))
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
		if ev.Path == r.path && whoID.MatchString(ev.Who) {
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

// End ends the room on every replica: every page is told message and
// let go, and the code is free again.
func (r *Room) End(message string) { r.EndFrom(nil, "", message) }

// EndFrom ends the room as End does, at the word of the page from: from
// is told mine, and every other page message, so that the page that
// ended the room is not told, as its followers are, that someone else
// did.
func (r *Room) EndFrom(from Page, mine, message string) {
	if bus := r.hub.bus; bus != nil {
		// Out of the registry first, so that no replica the end reaches
		// finds the room there again. While the link is down, the end
		// goes out when it comes back, and recheck unregisters it then.
		if err := bus.Unregister(context.Background(), r.code); err != nil {
			r.hub.log.Warn("unregistering an ended room, to try again when the link comes back", "room", r.code, "err", err)
			r.hub.mu.Lock()
			r.hub.stale[r.code] = true
			r.hub.mu.Unlock()
		}
		bus.Publish(r.code, Event{Origin: r.hub.replica, Kind: "end", Message: message})
	}
	r.endHere(message, from, mine)
}

// endHere ends the room on this replica: it leaves the replica's rooms
// before its pages are told, so that a page told it ended finds no room
// of its code here. The page from, if it is one of them, is told mine
// instead of message.
func (r *Room) endHere(message string, from Page, mine string) {
	r.mu.Lock()
	if r.ended {
		r.mu.Unlock()
		return
	}
	r.ended = true
	r.idle.Stop()
	r.life.Stop()
	pages := make([]Page, 0, len(r.followers)+1)
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
	msg := Notice("ended", message)
	for _, c := range pages {
		if from != nil && c == from {
			c.Finish(Notice("ended", mine))
			continue
		}
		c.Finish(msg)
	}
}
