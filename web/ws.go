package web

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/gorilla/websocket"

	"github.com/searchviz/searchviz/trace"
)

// Websocket limits and timeouts.
const (
	writeWait      = 10 * time.Second  // the longest a write to a page may take
	pongWait       = 60 * time.Second  // a page that answers no ping for this long is gone
	pingPeriod     = pongWait * 9 / 10 // how often pages are pinged
	maxMessageSize = 1024              // the largest message a page may send
	sendQueue      = 32                // frames queued for a page before it counts as too slow
)

// upgrader accepts websockets from pages of this server only: with no
// CheckOrigin, gorilla refuses a request whose Origin is another host.
var upgrader = websocket.Upgrader{ReadBufferSize: 1024, WriteBufferSize: 16 * 1024}

// serveWS runs the websocket of one page viewing show s: a read pump turns
// messages into commands, one session goroutine owns the page's viewer and
// turns commands into frames, and a write pump sends them. A page that
// falls sendQueue frames behind is dropped.
//
// For a running search ls, the session also follows its snapshots.
func (srv *Server) serveWS(w http.ResponseWriter, r *http.Request, s *show, ls *liveSearch, v trace.View, step int) {
	conn, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		srv.log.Info("websocket refused", "err", err, "remote", r.RemoteAddr)
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
	go safely("a websocket session", func() { session(ctx, cancel, newViewer(s, v), ls, step, cmds, send, log) })
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
			conn.SetWriteDeadline(time.Now().Add(writeWait))
			conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""))
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
	sendFrame := func(relayout bool) bool {
		f, err := vw.frame(step, playing)
		if err != nil {
			log.Error("making a frame", "err", err, "step", step)
			return queue(send, errorMsg{Type: "error", Message: err.Error()}, log)
		}
		f.Live, f.Relayout = live, relayout
		return queue(send, f, log)
	}
	if !sendFrame(false) {
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
			if !sendFrame(true) {
				return
			}
		case c := <-cmds:
			if err := c.check(vw.tree.Len(), vw.tree.Size()); err != nil {
				if !queue(send, errorMsg{Type: "error", Message: err.Error()}, log) {
					return
				}
				continue
			}
			switch c.Type {
			case cmdSeek:
				step = *c.Step
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
			case cmdView:
				v, _ := trace.ParseView(c.View)
				vw.setView(v)
			case cmdSelect:
				vw.selected = trace.NodeID(*c.Node)
			}
			if !sendFrame(false) {
				return
			}
		case <-tick:
			if step == last {
				if !live {
					stop()
				}
				// A running search has no more steps yet: wait for them.
				continue
			}
			step++
			if step == last && !live {
				stop()
			}
			if !sendFrame(false) {
				return
			}
		}
	}
}

// queue encodes msg and queues it for the page, reporting false when the
// page is too slow to take it and must be dropped.
func queue(send chan<- []byte, msg any, log *slog.Logger) bool {
	data, err := json.Marshal(msg)
	if err != nil {
		log.Error("encoding a message", "err", err)
		return false
	}
	select {
	case send <- data:
		return true
	default:
		log.Warn("dropping a page that is too slow to keep up")
		return false
	}
}
