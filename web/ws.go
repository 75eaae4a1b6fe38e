package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/websocket"

	"github.com/searchviz/searchviz/trace"
)

// upgrader accepts websockets from pages of this server only: with no
// CheckOrigin, gorilla refuses a request whose Origin is another host.
var upgrader = websocket.Upgrader{ReadBufferSize: 1024, WriteBufferSize: 16 * 1024}

// upgrade turns r into a websocket. Its 101 response carries the headers
// set on w, guard's security headers among them, which Upgrade would
// otherwise leave out.
func upgrade(w http.ResponseWriter, r *http.Request) (*websocket.Conn, error) {
	return upgrader.Upgrade(w, r, w.Header().Clone())
}

// serveWS runs the websocket of one page viewing show s: a read pump turns
// messages into commands, one session goroutine owns the page's viewer and
// turns commands into frames, and a write pump sends them. A page that
// falls sendQueue frames behind is dropped.
//
// For a running search ls, the session also follows its snapshots.
func (srv *Server) serveWS(w http.ResponseWriter, r *http.Request, s *show, ls *liveSearch, v trace.View, step int) {
	conn, err := upgrade(w, r)
	if err != nil {
		srv.log.Info("websocket refused", "err", err, "remote", r.RemoteAddr)
		return
	}
	if held := srv.pageBytes.Load(); held >= srv.cfg.PageBytes {
		defer conn.Close()
		msg := websocket.FormatCloseMessage(closeBusy, "The server is showing as many pages as its memory allows; this page tries again in 10 s.")
		conn.WriteControl(websocket.CloseMessage, msg, time.Now().Add(writeWait))
		srv.log.Warn("a page refused: the pages open hold their budget", "held", held, "budget", srv.cfg.PageBytes)
		return
	}
	ctx, cancel := context.WithCancel(srv.ctx)
	send := make(chan []byte, sendQueue)
	cmds := make(chan command)
	log := srv.log.With("trace", s.id, "remote", r.RemoteAddr)
	// A panic in any of the three ends this page's connection only.
	safely := func(what string, fn func()) {
		defer func() {
			if recovered(log, recover(), what) {
				cancel()
			}
		}()
		fn()
	}
	go safely("a websocket's writer", func() { writePump(ctx, cancel, conn, send, log) })
	go safely("a websocket session", func() {
		vw := newViewer(s, v)
		vw.layouter, vw.timeout, vw.ctx, vw.pages = srv.cfg.Layouter, srv.cfg.LayoutTimeout, ctx, &srv.pageBytes
		defer vw.release()
		session(ctx, cancel, vw, ls, step, cmds, send, log)
	})
	safely("a websocket's reader", func() { readPump(ctx, cancel, conn, cmds, send, log) })
}

// readPump reads the page's messages until the connection ends, checking
// each; a bad message is answered with an error, not a disconnection.
func readPump(ctx context.Context, cancel context.CancelFunc, conn *websocket.Conn, cmds chan<- command, send chan<- []byte, log *slog.Logger) {
	defer cancel()
	conn.SetReadLimit(maxMessageSize)
	conn.SetReadDeadline(time.Now().Add(pongWait))
	conn.SetPongHandler(func(string) error { return conn.SetReadDeadline(time.Now().Add(pongWait)) })
	for {
		_, data, err := conn.ReadMessage()
		if err != nil {
			if websocket.IsUnexpectedCloseError(err, websocket.CloseGoingAway, websocket.CloseNormalClosure, websocket.CloseNoStatusReceived) {
				log.Info("websocket closed", "err", err)
			}
			return
		}
		c, err := decodeCommand(data)
		if err != nil {
			if !queue(send, errorMsg{Type: "error", Message: err.Error()}, log) {
				return
			}
			continue
		}
		select {
		case cmds <- c:
		case <-ctx.Done():
			return
		}
	}
}

// writePump sends queued messages and pings, and closes the connection
// closeReason, as the cause of a socket's context, is the reason its close
// frame gives the page, at most maxCloseReason bytes.
type closeReason struct{ text string }

func (r *closeReason) Error() string { return r.text }

// maxCloseReason is the most a close frame's reason may hold, in bytes.
const maxCloseReason = 123

// when ctx ends.
func writePump(ctx context.Context, cancel context.CancelFunc, conn *websocket.Conn, send <-chan []byte, log *slog.Logger) {
	ticker := time.NewTicker(pingPeriod)
	defer func() {
		ticker.Stop()
		cancel()
		conn.Close()
	}()
	for {
		select {
		case msg := <-send:
			conn.SetWriteDeadline(time.Now().Add(writeWait))
			if err := conn.WriteMessage(websocket.TextMessage, msg); err != nil {
				log.Info("websocket write failed", "err", err)
				return
			}
		case <-ticker.C:
			conn.SetWriteDeadline(time.Now().Add(writeWait))
			if err := conn.WriteMessage(websocket.PingMessage, nil); err != nil {
				return
			}
		case <-ctx.Done():
			reason := ""
			if why, ok := errors.AsType[*closeReason](context.Cause(ctx)); ok {
				reason = why.text
				if len(reason) > maxCloseReason {
					reason = strings.ToValidUTF8(reason[:maxCloseReason], "")
				}
			}
			conn.SetWriteDeadline(time.Now().Add(writeWait))
			conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, reason))
			return
		}
	}
}

// session owns one page's viewer: it answers commands, steps forward on a
// timer while playing, and follows a running search's snapshots.
func session(ctx context.Context, cancel context.CancelFunc, vw *viewer, ls *liveSearch, step int, cmds <-chan command, send chan<- []byte, log *slog.Logger) {
	defer cancel()
	var (
		ticker  *time.Ticker
		tick    <-chan time.Time
		playing bool
		live    bool
		grown   <-chan struct{} // closed when the running search has a newer snapshot
	)
	if ls != nil {
		unwatch := ls.watch()
		defer unwatch()
		var done bool
		_, done, grown = ls.current()
		live = !done
		if done {
			grown = nil
		}
	}
	stop := func() {
		if ticker != nil {
			ticker.Stop()
		}
		ticker, tick, playing = nil, nil, false
	}
	defer stop()
	// A new big drawing is sent in two parts, the part around the node the
	// page centres on first (see splitLayout); did is the command the next
	// frame answers, which says that node.
	var did command
	sendFrame := func() bool {
		if ctx.Err() != nil {
			return false // the page left: no more work for it
		}
		layout, f, err := vw.frame(step, playing)
		vw.account()
		if err != nil {
			log.Error("making a frame", "err", err, "step", step)
			return queue(send, errorMsg{Type: "error", Message: err.Error()}, log)
		}
		rest := splitLayout(layout, vw.anchor(did))
		did = command{}
		if layout != nil && !queue(send, layout, log) {
			return false
		}
		f.Live = live
		if !queue(send, f, log) {
			return false
		}
		return rest == nil || queue(send, rest, log)
	}
	if !sendFrame() {
		return
	}
	for {
		last := vw.tree.Len() - 1
		select {
		case <-ctx.Done():
			return
		case <-grown:
			sh, done, next := ls.current()
			vw.rebase(sh)
			step = min(step, vw.tree.Len()-1)
			live, grown = !done, next
			if done {
				grown = nil
				if step == vw.tree.Len()-1 {
					stop()
				}
			}
			if !sendFrame() {
				return
			}
		case c := <-cmds:
			if err := c.check(vw.tree.Len(), vw.tree.Size()); err != nil {
				if !queue(send, errorMsg{Type: "error", Message: err.Error()}, log) {
					return
				}
				continue
			}
			did = c
			if msg := vw.command(c, &step); msg != "" {
				if !queue(send, errorMsg{Type: "error", Message: msg}, log) {
					return
				}
				continue
			}
			switch c.Type {
			case cmdSeek, cmdStep, cmdSync:
				if step == last && !live {
					stop()
				}
			case cmdPlay:
				stop()
				if step == last && !live {
					step = 0
				}
				ticker = time.NewTicker(time.Duration(float64(time.Second) / c.Speed))
				tick, playing = ticker.C, true
			case cmdPause:
				stop()
			}
			if !sendFrame() {
				return
			}
		case <-tick:
			next, ok := vw.nextStep(step, 1)
			if !ok {
				if !live || vw.nav.filter != trace.NoNode {
					stop()
					if !sendFrame() {
						return
					}
				}
				// A running search has no more steps yet: wait for them.
				continue
			}
			step = next
			if _, more := vw.nextStep(step, 1); !more && !live {
				stop()
			}
			if !sendFrame() {
				return
			}
		}
	}
}

// command carries out a checked command that changes the viewer or the
// step, and returns what to tell the page when it cannot.
func (vw *viewer) command(c command, step *int) string {
	switch c.Type {
	case cmdSeek:
		*step = *c.Step
	case cmdStep:
		g, _ := parseGrain(c.Grain)
		next, ok := vw.grainStep(*step, *c.By, g)
		if !ok {
			return vw.noGrainStep(*c.By, g)
		}
		*step = next
	case cmdView:
		v, _ := trace.ParseView(c.View)
		vw.setView(v)
	case cmdSelect:
		vw.selected = trace.NodeID(*c.Node)
	case cmdSync:
		*step = *c.Step
		if v, _ := trace.ParseView(c.View); v != vw.view {
			vw.setView(v) // a full frame, as the view changes every value's text
		}
		vw.selected = trace.NodeID(*c.Node)
	case cmdExpand:
		vw.nav.expand(trace.NodeID(*c.Node))
	case cmdCollapse:
		vw.nav.collapse(trace.NodeID(*c.Node))
	case cmdRoot:
		vw.nav.reroot(trace.NodeID(*c.Node))
	case cmdUp:
		if p := vw.tree.Node(vw.nav.root).Parent; p != trace.NoNode {
			vw.nav.reroot(p)
		}
	case cmdReveal:
		id := trace.NodeID(*c.Node)
		top := id
		if p := vw.tree.Node(id).Parent; p != trace.NoNode {
			top = p
		}
		vw.nav.reroot(top)
		vw.selected = id
	case cmdFilter:
		vw.nav.filter = trace.NodeID(*c.Node)
	}
	return ""
}

// noStep says that the filter lets no step through in direction dir.
func (vw *viewer) noStep(dir int) string {
	if vw.nav.filter == trace.NoNode {
		if dir > 0 {
			return "This is the last step."
		}
		return "This is the first step."
	}
	when := "later"
	if dir < 0 {
		when = "earlier"
	}
	return "No " + when + " step touches the subtree of " + vw.pathName(vw.nav.filter) + "."
}

// queue encodes msg and queues it for the page, reporting false when the
// page is too slow to take it and must be dropped. It leaves <, > and &
// as they are, which pages read as text or as SVG: a drawing's markup
// would grow by half escaped.
func queue(send chan<- []byte, msg any, log *slog.Logger) bool {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(msg); err != nil {
		log.Error("encoding a message", "err", err)
		return false
	}
	data := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	select {
	case send <- data:
		return true
	default:
		log.Warn("dropping a page that is too slow to keep up")
		return false
	}
}
