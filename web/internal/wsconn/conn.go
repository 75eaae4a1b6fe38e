package wsconn

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/websocket"

	"github.com/searchviz/searchviz/web/internal/safely"
)

// upgrader accepts websockets from pages of this server only: with no
// CheckOrigin, gorilla refuses a request whose Origin is another host.
var upgrader = websocket.Upgrader{ReadBufferSize: 1024, WriteBufferSize: 16 * 1024}

// Upgrade turns r into a websocket. Its 101 response carries the headers
// set on w, the guard's security headers among them, which gorilla would
// otherwise leave out.
func Upgrade(w http.ResponseWriter, r *http.Request) (*websocket.Conn, error) {
	ws, err := upgrader.Upgrade(w, r, w.Header().Clone())
	if err != nil {
		return nil, fmt.Errorf("wsconn: upgrading %s: %w", r.URL.Path, err)
	}
	return ws, nil
}

// Refuse closes ws at once, telling the page code and reason in the
// close frame: a socket the server cannot take now.
func Refuse(ws *websocket.Conn, code int, reason string) {
	defer ws.Close()
	ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(WriteWait))
}

// Conn is one page's websocket. One goroutine reads it (Read) and one
// writes it (Write); Stop and Close may be called from any goroutine.
type Conn struct {
	ws     *websocket.Conn
	log    *slog.Logger
	ctx    context.Context
	cancel context.CancelCauseFunc
}

// New makes the connection of ws, which lasts until parent ends or the
// connection does. It reads messages of at most readLimit bytes: a
// bigger one closes the connection. A page that answers no ping for
// PongWait is gone.
func New(parent context.Context, ws *websocket.Conn, readLimit int64, log *slog.Logger) *Conn {
	ctx, cancel := context.WithCancelCause(parent)
	ws.SetReadLimit(readLimit)
	ws.SetReadDeadline(time.Now().Add(PongWait))
	ws.SetPongHandler(func(string) error { return ws.SetReadDeadline(time.Now().Add(PongWait)) })
	return &Conn{ws: ws, log: log, ctx: ctx, cancel: cancel}
}

// Context is done when the connection is over.
func (c *Conn) Context() context.Context { return c.ctx }

// Stop ends the connection: the writer closes it normally.
func (c *Conn) Stop() { c.cancel(nil) }

// Close ends the connection and a Read waiting, telling the page reason
// in the close frame, cut to MaxCloseReason bytes.
func (c *Conn) Close(reason string) {
	c.cancel(&closeReason{reason})
	c.ws.SetReadDeadline(time.Now())
}

// closeReason, as the cause of a connection's context, is the reason
// its close frame gives the page.
type closeReason struct{ text string }

func (r *closeReason) Error() string { return r.text }

// Safely runs fn; a panic in it is logged as one in what and ends this
// connection only.
func (c *Conn) Safely(what string, fn func()) {
	defer func() {
		if safely.Recovered(c.log, recover(), what) {
			c.Stop()
		}
	}()
	fn()
}

// Go runs fn on a new goroutine, as Safely does.
func (c *Conn) Go(what string, fn func()) { go c.Safely(what, fn) }

// Read returns the page's next message. It returns false, and stops the
// connection, when there is none: the page closed it, sent more than the
// read limit or went silent, or the connection was stopped.
func (c *Conn) Read() ([]byte, bool) {
	_, data, err := c.ws.ReadMessage()
	if err != nil {
		if c.ctx.Err() == nil && websocket.IsUnexpectedCloseError(err, websocket.CloseGoingAway, websocket.CloseNormalClosure, websocket.CloseNoStatusReceived) {
			c.log.Info("websocket closed", "err", err)
		}
		c.Stop()
		return nil, false
	}
	return data, true
}

// ReadWithin returns the page's next message if it comes within wait,
// such as the hello a page says first; the message after it may come
// within PongWait again.
func (c *Conn) ReadWithin(wait time.Duration) ([]byte, error) {
	c.ws.SetReadDeadline(time.Now().Add(wait))
	_, data, err := c.ws.ReadMessage()
	if err != nil {
		return nil, fmt.Errorf("wsconn: reading within %v: %w", wait, err)
	}
	c.ws.SetReadDeadline(time.Now().Add(PongWait))
	return data, nil
}

// Write starts the connection's writer, which sends what out has, and
// pings, until the connection ends or out's final message is sent; then
// it closes the connection.
func (c *Conn) Write(out Outbox) {
	c.Go("a websocket's writer", func() { c.write(out) })
}

func (c *Conn) write(out Outbox) {
	ticker := time.NewTicker(PingPeriod)
	defer func() {
		ticker.Stop()
		c.Stop()
		c.ws.Close()
	}()
	for {
		select {
		case <-out.ready():
			msgs, final := out.take()
			for _, m := range msgs {
				if err := c.send(websocket.TextMessage, m); err != nil {
					c.log.Info("websocket write failed", "err", err)
					return
				}
			}
			if final {
				c.send(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""))
				return
			}
		case <-ticker.C:
			if err := c.send(websocket.PingMessage, nil); err != nil {
				return
			}
		case <-c.ctx.Done():
			c.send(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, c.reason()))
			return
		}
	}
}

// send writes one message within WriteWait.
func (c *Conn) send(kind int, data []byte) error {
	c.ws.SetWriteDeadline(time.Now().Add(WriteWait))
	return c.ws.WriteMessage(kind, data)
}

// reason is what the close frame says: the reason given to Close, if
// any, cut to MaxCloseReason bytes.
func (c *Conn) reason() string {
	why, ok := errors.AsType[*closeReason](context.Cause(c.ctx))
	if !ok {
		return ""
	}
	if len(why.text) > MaxCloseReason {
		return strings.ToValidUTF8(why.text[:MaxCloseReason], "")
	}
	return why.text
}
