package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"rsc.io/qr"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/web/internal/rooms"
	"github.com/searchviz/searchviz/web/internal/wsconn"
	"github.com/searchviz/searchviz/web/templates"
)

// linkRetryAfter is the Retry-After, in seconds, of a room's request
// refused while the connection between servers is down: time for a few
// attempts to reach NATS again (natsshare's reconnectWait).
const linkRetryAfter = "5"

// errRoomTooFast tells a presenter's page it sent past
// rooms.RoomMessagesPerSecond.
var errRoomTooFast = fmt.Errorf("more than %d messages a second: some were dropped, and the latest state is shown when the second is over", rooms.RoomMessagesPerSecond)

// roomOpened answers the opening of a room: its code, the presenter's
// key, and the address followers join at.
type roomOpened struct {
	Code string `json:"code"`
	Key  string `json:"key"`
	Join string `json:"join"`
}

// handleRoomOpen opens a room showing the viewer page given in the form's
// "path", for the page that asks to present it.
func (s *Server) handleRoomOpen(w http.ResponseWriter, r *http.Request) {
	l := templates.LangOf(r.Context())
	r.Body = http.MaxBytesReader(w, r.Body, maxRoomMessage)
	if err := r.ParseForm(); err != nil {
		http.Error(w, l.F("A room is opened with a form of at most 4 KiB: %s", err.Error()), http.StatusBadRequest)
		return
	}
	client, _, _ := net.SplitHostPort(r.RemoteAddr)
	rm, err := s.rooms.Open(r.Context(), r.PostForm.Get("path"), client)
	switch {
	case errors.Is(err, rooms.ErrRoomsFull), errors.Is(err, rooms.ErrYourRooms):
		http.Error(w, roomSentence(l, err), http.StatusTooManyRequests)
		return
	case errors.Is(err, rooms.ErrRoomPath):
		http.Error(w, roomSentence(l, err), http.StatusBadRequest)
		return
	case errors.Is(err, rooms.ErrLinkDown):
		s.log.Warn("opening a room", "err", err)
		w.Header().Set("Retry-After", linkRetryAfter)
		http.Error(w, roomSentence(l, rooms.ErrLinkDown), http.StatusServiceUnavailable)
		return
	case err != nil:
		s.log.Error("opening a room", "err", err)
		http.Error(w, l.T("The room could not be opened; the error is in the server's log."), http.StatusInternalServerError)
		return
	}
	s.log.Info("room opened", "room", rm.Code(), "path", rm.Path())
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(roomOpened{Code: rm.Code(), Key: rm.Key(), Join: joinURL(requestBase(r), rm.Code())})
}

// handleRoomJoin sends a follower to the page the room with the code in
// the path, or in the query's "code", shows, following it.
func (s *Server) handleRoomJoin(w http.ResponseWriter, r *http.Request) {
	l := templates.LangOf(r.Context())
	typed := r.PathValue("code")
	if typed == "" {
		typed = r.URL.Query().Get("code")
	}
	code, ok := rooms.NormalCode(typed)
	if !ok {
		s.message(w, r, http.StatusBadRequest, l.T("Not a room code"),
			l.F("A room's code is %d letters and digits, as the presenter's screen shows it, such as K7QX2M; %q is not one.", rooms.CodeLen, typed))
		return
	}
	rm, status, err := s.roomOf(w, r, code)
	if err != nil {
		title := l.F("No room %s", code)
		if status == http.StatusServiceUnavailable {
			title = l.F("Room %s cannot be found now", code)
		}
		s.message(w, r, status, title, roomSentence(l, err))
		return
	}
	path := rm.Path()
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	http.Redirect(w, r, path+sep+"room="+code, http.StatusSeeOther)
}

// roomOf returns the room with code, or the status and the error, for
// the page, that a request for it is answered with: rooms.ErrNoRoom, or
// rooms.ErrLinkDown when the other replicas cannot be asked, and then w says
// when to try again.
func (s *Server) roomOf(w http.ResponseWriter, r *http.Request, code string) (*rooms.Room, int, error) {
	rm, err := s.rooms.Get(r.Context(), code)
	switch {
	case err == nil:
		return rm, 0, nil
	case errors.Is(err, rooms.ErrNoRoom):
		return nil, http.StatusNotFound, rooms.ErrNoRoom
	}
	s.log.Warn("looking up a room", "room", code, "err", err)
	w.Header().Set("Retry-After", linkRetryAfter)
	return nil, http.StatusServiceUnavailable, rooms.ErrLinkDown
}

// handleRoomAnswer counts a follower's answer to the exercise a room
// shows in the room's tally. The form holds the exercise's page
// ("path"), the "answer", and the follower tab's id ("who") and the
// "ticket" its hello got: only a tab that has followed the room counts,
// so that ids made up elsewhere cannot fill the tally. It takes a POST
// alone, which the server's guard refuses from another site's page. It
// answers 204 when the answer counts, or a status and why as text.
func (s *Server) handleRoomAnswer(w http.ResponseWriter, r *http.Request) {
	l := templates.LangOf(r.Context())
	refuse := func(status int, err error) {
		if l.Code() != explain.English.Code() {
			http.Error(w, sentenceIn(l, err), status)
			return
		}
		http.Error(w, explain.Capital(strings.TrimSuffix(strings.TrimSpace(err.Error()), "."))+".", status)
	}
	code, ok := rooms.NormalCode(r.PathValue("code"))
	if !ok {
		refuse(http.StatusBadRequest, errors.New("not a room code"))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxAnswerForm)
	if err := r.ParseForm(); err != nil {
		if tooBig := (*http.MaxBytesError)(nil); errors.As(err, &tooBig) {
			refuse(http.StatusRequestEntityTooLarge, fmt.Errorf("an answer is sent with a form of at most %d KiB", maxAnswerForm>>10))
			return
		}
		refuse(http.StatusBadRequest, fmt.Errorf("the answer's form cannot be read: %w", err))
		return
	}
	rm, status, err := s.roomOf(w, r, code)
	if err != nil {
		refuse(status, err)
		return
	}
	path := r.PostForm.Get("path")
	ex, err := exerciseAt(path)
	if err != nil {
		refuse(http.StatusBadRequest, err)
		return
	}
	page := templates.Exercise{Answer: r.PostForm.Get("answer")}
	key := grade(templates.LangOf(r.Context()), ex, &page)
	if key == "" {
		refuse(http.StatusBadRequest, errors.New(page.Error))
		return
	}
	err = rm.Answer(path, r.PostForm.Get("who"), r.PostForm.Get("ticket"), key)
	switch {
	case errors.Is(err, rooms.ErrNoRoom):
		refuse(http.StatusNotFound, err)
	case errors.Is(err, rooms.ErrNotFollower):
		refuse(http.StatusForbidden, err)
	case errors.Is(err, rooms.ErrRoomMoved):
		refuse(http.StatusConflict, err)
	case errors.Is(err, rooms.ErrTallyFull):
		refuse(http.StatusTooManyRequests, err)
	case err != nil:
		s.log.Error("counting a room's answer", "room", code, "err", err)
		refuse(http.StatusInternalServerError, errors.New("the answer could not be counted; the error is in the server's log"))
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

// handleRoomQR draws the QR code of a room's join address as SVG, for the
// presenter's screen.
func (s *Server) handleRoomQR(w http.ResponseWriter, r *http.Request) {
	code, ok := rooms.NormalCode(r.PathValue("code"))
	if !ok {
		http.Error(w, readerLang(r).T("Not a room code."), http.StatusBadRequest)
		return
	}
	if _, status, err := s.roomOf(w, r, code); err != nil {
		http.Error(w, roomSentence(templates.LangOf(r.Context()), err), status)
		return
	}
	svg, err := qrSVG(joinURL(requestBase(r), code))
	if err != nil {
		s.log.Error("drawing a room's QR code", "room", code, "err", err)
		http.Error(w, readerLang(r).T("The QR code could not be drawn."), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(svg)
}

// qrSVG draws text's QR code, medium error correction, as an SVG of one
// path, dark modules on white with the standard four-module margin.
func qrSVG(text string) ([]byte, error) {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return nil, fmt.Errorf("web: encoding %q as a QR code: %w", text, err)
	}
	const margin = 4
	n := c.Size + 2*margin
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img" aria-label="QR code of %s">`, n, n, html.EscapeString(text))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y := range c.Size {
		for x := range c.Size {
			if c.Black(x, y) {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x+margin, y+margin)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes(), nil
}

// requestBase is the scheme and host a page reached the server at.
func requestBase(r *http.Request) *url.URL {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return &url.URL{Scheme: scheme, Host: r.Host}
}

// handleRoomSocket runs one page's socket in a room: after its hello, a
// presenter's states and page changes go to the followers, and every page
// is sent the latest of what the room has for it.
func (s *Server) handleRoomSocket(w http.ResponseWriter, r *http.Request) {
	code, ok := rooms.NormalCode(r.PathValue("code"))
	if !ok {
		http.Error(w, readerLang(r).T("Not a room code."), http.StatusBadRequest)
		return
	}
	rm, status, err := s.roomOf(w, r, code)
	gone := errors.Is(err, rooms.ErrNoRoom)
	if err != nil && !gone {
		http.Error(w, roomSentence(templates.LangOf(r.Context()), err), status)
		return
	}
	ws, err := wsconn.Upgrade(w, r)
	if err != nil {
		s.log.Info("room websocket refused", "err", err, "remote", r.RemoteAddr)
		return
	}
	log := s.log.With("room", code, "remote", r.RemoteAddr)
	conn := wsconn.New(s.ctx, ws, maxRoomMessage, log)
	defer conn.Stop()
	c := wsconn.NewSlots(rooms.NumSlots)
	conn.Write(c)
	if gone {
		// A page reconnecting to a room that ended while it was away is
		// told so: a refused upgrade says nothing a page can read, and it
		// would try again for good.
		c.Finish(rooms.Notice("ended", roomSentence(templates.LangOf(r.Context()), rooms.ErrNoRoom)))
		<-conn.Context().Done()
		return
	}
	conn.Safely("a room page's reader", func() { s.roomReader(conn, rm, c, log, templates.LangOf(r.Context())) })
}

// roomReader reads a room's page: its hello, then, from a presenter, its
// states and page changes for the followers, at most
// rooms.RoomMessagesPerSecond a second. It tells the page what it refuses
// in the page's reader's language l.
func (s *Server) roomReader(conn *wsconn.Conn, rm *rooms.Room, c *wsconn.Slots, log *slog.Logger, l explain.Lang) {
	presenter, err := roomHello(conn, rm, c, s.roomHello)
	if err != nil {
		c.Finish(rooms.Notice("ended", sentenceIn(l, err)))
		<-conn.Context().Done()
		return
	}
	defer rm.Leave(c)
	limit := wsconn.NewRate(rooms.RoomMessagesPerSecond, time.Now)
	later := &heldState{show: func(st rooms.State) {
		defer func() { recovered(log, recover(), "a room's held state") }()
		rm.SetState(c, st)
	}}
	defer later.drop()
	for {
		data, ok := conn.Read()
		if !ok {
			return
		}
		if !limit.Allow() {
			c.Offer(rooms.SlotError, rooms.Notice("error", sentenceIn(l, errRoomTooFast)))
			if m, err := decodeRoomMessage(data); presenter && err == nil && m.Type == "state" {
				later.hold(*m.State, limit.Reopens())
			}
			continue
		}
		later.drop()
		if !presenter {
			c.Offer(rooms.SlotError, rooms.Notice("error", l.T("A follower sends nothing: the presenter drives the room.")))
			continue
		}
		m, err := decodeRoomMessage(data)
		if err != nil {
			c.Offer(rooms.SlotError, rooms.Notice("error", sentenceIn(l, err)))
			continue
		}
		switch m.Type {
		case "state":
			rm.SetState(c, *m.State)
		case "page":
			if err := rm.SetPath(c, m.Path); err != nil {
				c.Offer(rooms.SlotError, rooms.Notice("error", sentenceIn(l, err)))
			}
		case "end":
			log.Info("room ended by its presenter")
			rm.EndFrom(c, "You ended the room.", "The presenter ended the room.")
		}
	}
}

// sentence is err's text as a page shows it: capitalized, with a full
// stop.
func sentence(err error) string { return explain.Capital(err.Error()) + "." }

// roomSentence is sentence(err) in the language l: the rooms' own errors
// that a presenter or a follower reads are the same sentences, in l.
func roomSentence(l explain.Lang, err error) string {
	switch {
	case errors.Is(err, rooms.ErrRoomsFull):
		return l.F("%s rooms are open, the most this server holds; try again when one ends.", strconv.Itoa(rooms.MaxRooms))
	case errors.Is(err, rooms.ErrYourRooms):
		return l.F("You have %s rooms open, the most one address may; end one (its presenter's End button) and try again.", strconv.Itoa(rooms.MaxRoomsPerClient))
	case errors.Is(err, rooms.ErrRoomPath):
		return l.T("A room shows a trace, an example or an exercise of this server: a path /t/ID, /t/ID?example=NAME, /example/NAME or /exercise?kind=K&level=L&seed=N.")
	case errors.Is(err, rooms.ErrNoRoom):
		return l.T("No room has this code: it has ended, or the code is mistyped.")
	case errors.Is(err, rooms.ErrLinkDown):
		return l.T("The connection between servers is down, so rooms cannot be opened or found now; try again in a moment.")
	}
	return sentenceIn(l, err)
}

// sentenceIn is sentence(err) in the language l: in another language
// than English, err read in it, with that language's full stop.
func sentenceIn(l explain.Lang, err error) string {
	if l.Code() == explain.English.Code() {
		return sentence(err)
	}
	return l.F("%s.", strings.TrimSuffix(l.Error(err), "。"))
}

// roomHello reads a page's first message, which says who it is, and
// joins it to the room: it reports whether the page presents.
func roomHello(conn *wsconn.Conn, rm *rooms.Room, c rooms.Page, wait time.Duration) (presenter bool, err error) {
	data, err := conn.ReadWithin(wait)
	if err != nil {
		// The read error names the sockets' addresses: the page is told
		// only what it failed to do.
		return false, fmt.Errorf("the page said no hello within %v", wait)
	}
	m, err := decodeRoomMessage(data)
	if err != nil {
		return false, err
	}
	if m.Type != "hello" {
		return false, fmt.Errorf("a page says hello first, not %s", m.Type)
	}
	switch m.Role {
	case "presenter":
		if !rm.IsKey(m.Key) {
			return false, rooms.ErrRoomKey
		}
		return true, rm.JoinPresenter(c, m.Path)
	case "follower":
		return false, rm.JoinFollower(c, m.Who)
	}
	return false, fmt.Errorf("a page is a presenter or a follower, not %q", m.Role)
}

// decodeRoomMessage reads one message from a room's page: one JSON object
// of a type a page sends, with no unknown fields, its state checked.
func decodeRoomMessage(data []byte) (rooms.Message, error) {
	var m rooms.Message
	if err := wsconn.Decode(data, &m); err != nil {
		return m, err
	}
	return m, m.Check()
}

// heldState keeps the presenter's latest state past the rate limit and
// shows it when the limit's window reopens, so that followers always end
// on the presenter's last state.
type heldState struct {
	show func(rooms.State)

	mu    sync.Mutex
	state *rooms.State
	timer *time.Timer
}

// hold keeps st, in place of any state held, to be shown after wait.
func (h *heldState) hold(st rooms.State, wait time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.state = &st
	if h.timer == nil {
		h.timer = time.AfterFunc(wait, h.release)
	}
}

// release shows the state held, if there is one. It shows it holding
// h.mu, so that a state the reader takes after drop is never followed by
// this older one.
func (h *heldState) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.state != nil {
		h.show(*h.state)
	}
	h.state, h.timer = nil, nil
}

// drop forgets the state held: a message within the limit supersedes it.
func (h *heldState) drop() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.timer != nil {
		h.timer.Stop()
	}
	h.state, h.timer = nil, nil
}

// joinURL is the address followers open to join the room with code,
// on the server at base (scheme and host).
func joinURL(base *url.URL, code string) string {
	u := *base
	u.Path, u.RawQuery, u.Fragment = "/r/"+code, "", ""
	return u.String()
}
