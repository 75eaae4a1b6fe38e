package rooms

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
)

// pagePath matches the pages a room may show: a viewer's, with the
// example it shows, if any, or an exercise's.
var pagePath = regexp.MustCompile(`^(/(t|example)/[A-Za-z0-9._-]{1,100}(\?example=[a-z0-9-]{1,60})?|/exercise\?kind=[a-z0-9]{1,20}&level=[a-z]{1,20}&seed=[0-9]{1,6})$`)

// ValidPath reports whether path is a page a room may show.
func ValidPath(path string) bool { return pagePath.MatchString(path) }

// whoID matches the id a follower's page says hello with and its
// exercise page answers with: a random id of its tab, so that answering
// again replaces its answer.
var whoID = regexp.MustCompile(`^[a-z0-9]{8,32}$`)

// State is what a presenter's viewer shows, as followers mirror it.
// The server decodes and encodes it field by field, so that nothing else
// a presenter's page sends reaches a follower.
type State struct {
	Step     int         `json:"step"`
	View     string      `json:"view"`
	Selected int         `json:"selected"`         // -1 for none
	Box      *[4]float64 `json:"box,omitempty"`    // the tree's viewBox: x, y, width, height
	Present  bool        `json:"present"`          // presentation mode
	Panels   []string    `json:"panels,omitempty"` // the ids of the open panels

	// Anchors are nodes of the presenter's drawing, nearest the box's
	// centre first, where they stand in it. A follower's drawing, of
	// another display set when its window is another size, places its
	// nodes elsewhere: it finds the box around the first it has drawn.
	Anchors []Anchor `json:"anchors,omitempty"`
}

// Anchor is a node of a presenter's drawing and its centre there.
type Anchor struct {
	Node int     `json:"node"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

// panelID matches the id of a panel a state may open.
var panelID = regexp.MustCompile(`^[a-z][a-z0-9-]{0,39}$`)

// coordinate reports whether x is a number a page can place a drawing at.
func coordinate(x float64) bool { return !math.IsNaN(x) && math.Abs(x) <= maxRoomCoordinate }

// Check returns an error unless s is a state a viewer can show.
func (s *State) Check() error {
	switch {
	case s.Step < 0 || s.Step >= MaxStateSteps:
		return fmt.Errorf("step %d is outside 0..%d, the steps a trace may have", s.Step, MaxStateSteps-1)
	case s.View != "root" && s.View != "side":
		return fmt.Errorf("view %q is not root or side", s.View)
	case s.Selected < -1 || s.Selected >= MaxStateSteps:
		return fmt.Errorf("selected node %d is not a node or -1", s.Selected)
	case len(s.Panels) > maxRoomPanels:
		return fmt.Errorf("%d open panels, more than %d", len(s.Panels), maxRoomPanels)
	case len(s.Anchors) > maxRoomAnchors:
		return fmt.Errorf("%d anchors, more than %d", len(s.Anchors), maxRoomAnchors)
	}
	for _, a := range s.Anchors {
		if a.Node < 0 || a.Node >= MaxStateSteps || !coordinate(a.X) || !coordinate(a.Y) {
			return fmt.Errorf("an anchor is a node of 0..%d and its centre within ±%g", MaxStateSteps-1, float64(maxRoomCoordinate))
		}
	}
	if s.Box != nil {
		for _, x := range s.Box {
			if !coordinate(x) {
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

// Message is a message between a room's page and the server. Pages
// send hello (role, and for a presenter its key and page, for a follower
// its tab's id), state, page and end; the server sends room, ticket,
// followers, answers, link, error and ended.
type Message struct {
	Type      string        `json:"type"`
	Role      string        `json:"role,omitempty"`      // hello: "presenter" or "follower"
	Key       string        `json:"key,omitempty"`       // hello: the presenter's key; never sent by the server
	Who       string        `json:"who,omitempty"`       // hello, ticket: a follower tab's id, which its answers carry
	Ticket    string        `json:"ticket,omitempty"`    // ticket: what the follower's answers carry to be counted
	Path      string        `json:"path,omitempty"`      // hello, page, room: the viewer page the room shows
	State     *State        `json:"state,omitempty"`     // state, room: what the presenter's viewer shows
	Code      string        `json:"code,omitempty"`      // room: the room's code
	Followers *int          `json:"followers,omitempty"` // followers: how many follow
	Answers   []AnswerCount `json:"answers,omitempty"`   // answers: the answers to the exercise shown, by first mistake, most common first
	Live      *bool         `json:"live,omitempty"`      // room: whether the presenter is connected
	Up        *bool         `json:"up,omitempty"`        // link: whether the connection between servers carries the room to this page
	Message   string        `json:"message,omitempty"`   // error, ended: what happened
}

// Check returns an error unless m is a message a page sends: hello,
// state, page or end, with a follower tab's id in a hello only, and a
// state a viewer can show.
func (m *Message) Check() error {
	if m.Who != "" && (m.Type != "hello" || !whoID.MatchString(m.Who)) {
		return errors.New("bad message: who goes in a follower's hello only, and is its tab's id: 8 to 32 lower-case letters and digits")
	}
	switch m.Type {
	case "hello", "page", "end":
	case "state":
		if m.State == nil {
			return errors.New("a state message needs a state")
		}
		if err := m.State.Check(); err != nil {
			return fmt.Errorf("bad state: %w", err)
		}
	default:
		return fmt.Errorf("unknown message type %q (want hello, state, page or end)", m.Type)
	}
	return nil
}

// Notice returns the message of type typ, "error" or "ended", that tells
// a page text.
func Notice(typ, text string) []byte {
	return mustJSON(Message{Type: typ, Message: text})
}

// Page is a page's socket in a room, as the room sends to it: the
// latest message of each slot, so that a slow page skips the states it
// missed and never holds up the others, then a final one.
type Page interface {
	// Offer makes msg the next message of slot, in place of one not sent.
	Offer(slot int, msg []byte)
	// Finish sends msg after what is waiting, then closes the socket.
	Finish(msg []byte)
}

// The slots of a room's page: the kinds of message a page is sent, of
// which only the latest matters.
const (
	SlotRoom      = iota // the room: its page and the presenter's state
	SlotTicket           // a follower's ticket for its answers
	SlotFollowers        // the presenter's count of followers
	SlotAnswers          // the presenter's tally of the answers to an exercise
	SlotLink             // whether the connection between servers is up
	SlotError            // what went wrong with the page's last message
	NumSlots
)

// mustJSON encodes a value the server built, which always encodes.
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("rooms: encoding %T: %v", v, err))
	}
	return b
}
