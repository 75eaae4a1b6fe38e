package wsconn

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gorilla/websocket"
)

var discard = slog.New(slog.DiscardHandler)

// serve starts a server whose one socket runs page on a Conn of
// readLimit bytes, and dials it as a page of its own origin.
func serve(t *testing.T, readLimit int64, page func(c *Conn)) *websocket.Conn {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := Upgrade(w, r)
		if err != nil {
			t.Errorf("upgrade: %v", err)
			return
		}
		page(New(t.Context(), ws, readLimit, discard))
	}))
	t.Cleanup(ts.Close)
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(ts.URL, "http"), http.Header{"Origin": {ts.URL}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	return ws
}

// echo answers each message with itself until the page goes.
func echo(c *Conn) {
	q := NewQueue(discard)
	c.Write(q)
	for {
		data, ok := c.Read()
		if !ok {
			return
		}
		q.Send(string(data))
	}
}

// TestReadLimit crosses a socket's read limit: a message of the limit is
// answered, one a byte over it closes the connection.
func TestReadLimit(t *testing.T) {
	t.Parallel()
	ws := serve(t, MaxMessage, echo)
	at := strings.Repeat("x", MaxMessage)
	if err := ws.WriteMessage(websocket.TextMessage, []byte(at)); err != nil {
		t.Fatal(err)
	}
	if _, data, err := ws.ReadMessage(); err != nil || string(data) != `"`+at+`"` {
		t.Fatalf("a message of MaxMessage bytes: %.20q, %v", data, err)
	}
	ws.WriteMessage(websocket.TextMessage, []byte(at+"x"))
	_, _, err := ws.ReadMessage()
	if !websocket.IsCloseError(err, websocket.CloseMessageTooBig) {
		t.Errorf("a message over MaxMessage: %v, want the connection closed as too big", err)
	}
}

// TestCloseReason checks what a close frame says: nothing for a stopped
// connection, the reason given to Close cut to MaxCloseReason bytes of
// whole characters.
func TestCloseReason(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", MaxCloseReason) // two bytes each
	tests := []struct {
		name string
		end  func(c *Conn)
		want string
	}{
		{"stopped", func(c *Conn) { c.Stop() }, ""},
		{"closed, saying why", func(c *Conn) { c.Close("No game was played.") }, "No game was played."},
		{"closed at the limit", func(c *Conn) { c.Close(strings.Repeat("x", MaxCloseReason)) }, strings.Repeat("x", MaxCloseReason)},
		{"closed past the limit", func(c *Conn) { c.Close(long) }, long[:MaxCloseReason-1]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ws := serve(t, MaxMessage, func(c *Conn) {
				c.Write(NewQueue(discard))
				tt.end(c)
				if _, ok := c.Read(); ok {
					t.Error("Read after the end gave a message")
				}
			})
			_, _, err := ws.ReadMessage()
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != websocket.CloseNormalClosure || ce.Text != tt.want || !utf8.ValidString(ce.Text) {
				t.Errorf("the page read %v, want a normal close saying %q", err, tt.want)
			}
		})
	}
}

// TestQueueDropsASlowPage crosses a queue's size: a page that falls that
// many messages behind is dropped rather than waited on.
func TestQueueDropsASlowPage(t *testing.T) {
	t.Parallel()
	q := newQueue(2, discard)
	for i := range 2 {
		if !q.Send(map[string]string{"type": "error", "message": "x"}) {
			t.Fatalf("message %d refused with room in the queue", i)
		}
	}
	if q.Send(map[string]string{"type": "error", "message": "x"}) {
		t.Error("a full queue took another message instead of dropping the page")
	}
	if msgs, final := q.take(); len(msgs) != 1 || final || string(msgs[0]) != `{"message":"x","type":"error"}` {
		t.Errorf("take gave %q, %v; want the oldest message alone", msgs, final)
	}
	if !q.Send("again") {
		t.Error("a queue with room again refused a message")
	}
}

// TestSendQueueIsTheLimit fills a page's queue: SendQueue messages wait,
// the next drops the page.
func TestSendQueueIsTheLimit(t *testing.T) {
	t.Parallel()
	q := NewQueue(discard)
	for i := range SendQueue {
		if !q.Send(i) {
			t.Fatalf("message %d of %d refused", i+1, SendQueue)
		}
	}
	if q.Send(SendQueue) {
		t.Errorf("message %d queued", SendQueue+1)
	}
}

func TestSlotsKeepTheLatest(t *testing.T) {
	t.Parallel()
	s := NewSlots(3)
	s.Offer(2, []byte("c1"))
	s.Offer(0, []byte("a1"))
	s.Offer(2, []byte("c2"))
	if msgs, final := s.take(); len(msgs) != 2 || string(msgs[0]) != "a1" || string(msgs[1]) != "c2" || final {
		t.Errorf("take gave %q, %v; want a1 and c2 in slot order", msgs, final)
	}
	s.Offer(1, []byte("b1"))
	s.Finish([]byte("end"))
	if msgs, final := s.take(); len(msgs) != 2 || string(msgs[1]) != "end" || !final {
		t.Errorf("take gave %q, %v; want b1, then the final end", msgs, final)
	}
	if msgs, _ := s.take(); len(msgs) != 0 {
		t.Errorf("take after all was sent gave %q", msgs)
	}
}

// TestSlotsOverSocket sends slots' messages and the final one over a
// socket, which then closes.
func TestSlotsOverSocket(t *testing.T) {
	t.Parallel()
	ws := serve(t, MaxMessage, func(c *Conn) {
		s := NewSlots(1)
		s.Offer(0, []byte(`{"type":"room"}`))
		s.Finish([]byte(`{"type":"ended"}`))
		c.Write(s)
		<-c.Context().Done()
	})
	for _, want := range []string{`{"type":"room"}`, `{"type":"ended"}`} {
		if _, data, err := ws.ReadMessage(); err != nil || string(data) != want {
			t.Fatalf("read %s, %v; want %s", data, err, want)
		}
	}
	if _, _, err := ws.ReadMessage(); !websocket.IsCloseError(err, websocket.CloseNormalClosure) {
		t.Errorf("after the final message: %v, want a normal close", err)
	}
}

func TestReadWithin(t *testing.T) {
	t.Parallel()
	got := make(chan error, 1)
	serve(t, MaxMessage, func(c *Conn) {
		_, err := c.ReadWithin(20 * time.Millisecond)
		got <- err
	})
	select {
	case err := <-got:
		if err == nil || !strings.Contains(err.Error(), "within 20ms") {
			t.Errorf("a page silent past the wait: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ReadWithin waited past its wait")
	}
}

func TestSafelyEndsOnlyItsConnection(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	c := &Conn{log: discard}
	c.ctx, c.cancel = context.WithCancelCause(ctx)
	c.Safely("a test", func() { panic("a bug") })
	if c.Context().Err() == nil {
		t.Error("a panic left the connection running")
	}
	if ctx.Err() != nil {
		t.Error("a panic ended more than its connection")
	}
}

func TestDecode(t *testing.T) {
	t.Parallel()
	type msg struct {
		Type string `json:"type"`
		N    int    `json:"n"`
	}
	tests := []struct {
		in, err string
	}{
		{`{"type":"seek","n":3}`, ""},
		{`not json`, "bad message: invalid character"},
		{`{"type":"seek","extra":true}`, `bad message: json: unknown field "extra"`},
		{`{"type":"pause"}{"type":"pause"}`, "bad message: one JSON object per message"},
		{`{"type":"seek","n":"3"}`, "bad message: json: cannot unmarshal"},
		{``, "bad message: EOF"},
	}
	for _, tt := range tests {
		var m msg
		err := Decode([]byte(tt.in), &m)
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.err)) {
			t.Errorf("Decode(%s) = %v, want %q", tt.in, err, tt.err)
		}
	}
}

// TestRate crosses a rate on a fake clock: perSecond messages at once,
// then a refusal until the rate allows one more.
func TestRate(t *testing.T) {
	t.Parallel()
	const perSecond = 60
	now := time.Unix(0, 0)
	r := NewRate(perSecond, func() time.Time { return now })
	for i := range perSecond {
		if !r.Allow() {
			t.Fatalf("message %d of the first second refused", i+1)
		}
	}
	if r.Allow() {
		t.Errorf("message %d of one second allowed", perSecond+1)
	}
	if wait := r.Reopens(); wait <= 0 || wait > time.Second {
		t.Errorf("the rate reopens in %v, want within a second", wait)
	}
	if r.Allow() {
		t.Error("asking when the rate reopens let a message through")
	}
	now = now.Add(time.Second)
	if !r.Allow() {
		t.Error("a message a second later refused")
	}
}

func TestTimeouts(t *testing.T) {
	t.Parallel()
	if !(0 < PingPeriod && PingPeriod < PongWait && WriteWait < PongWait) {
		t.Errorf("ping every %v, pong within %v, writes within %v: a page must be pinged before its pong is due", PingPeriod, PongWait, WriteWait)
	}
}
