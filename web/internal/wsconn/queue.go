package wsconn

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
)

// Outbox is what a connection's writer sends: a Queue or Slots.
type Outbox interface {
	// ready has a value when there is something to take.
	ready() <-chan struct{}
	// take returns the messages to send now, and whether the last is the
	// final one, after which the connection closes.
	take() (msgs [][]byte, final bool)
}

// Queue is a bounded queue of messages to a page, sent in order. A page
// that falls SendQueue messages behind is dropped.
type Queue struct {
	log  *slog.Logger
	size int
	wake chan struct{}

	mu   sync.Mutex
	msgs [][]byte
}

// NewQueue returns an empty queue of SendQueue messages; log receives
// why a page is dropped.
func NewQueue(log *slog.Logger) *Queue { return newQueue(SendQueue, log) }

func newQueue(size int, log *slog.Logger) *Queue {
	return &Queue{log: log, size: size, wake: make(chan struct{}, 1)}
}

// Send encodes msg (Encode) and queues it for the page, reporting false
// when the page is too slow to take it and must be dropped, or msg does
// not encode.
func (q *Queue) Send(msg any) bool {
	data, err := Encode(msg)
	if err != nil {
		q.log.Error("encoding a message", "err", err)
		return false
	}
	q.mu.Lock()
	full := len(q.msgs) >= q.size
	if !full {
		q.msgs = append(q.msgs, data)
	}
	q.mu.Unlock()
	if full {
		q.log.Warn("dropping a page that is too slow to keep up")
		return false
	}
	poke(q.wake)
	return true
}

func (q *Queue) ready() <-chan struct{} { return q.wake }

// take returns the oldest message alone, so that the page counts as
// behind for every message it has not taken.
func (q *Queue) take() ([][]byte, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.msgs) == 0 {
		return nil, false
	}
	m := q.msgs[0]
	q.msgs[0] = nil
	q.msgs = q.msgs[1:]
	if len(q.msgs) > 0 {
		poke(q.wake)
	}
	return [][]byte{m}, false
}

// Slots holds the latest message of each of a page's slots, the kinds of
// message of which only the latest matters: a slow page skips what it
// missed and never holds up the others.
type Slots struct {
	wake chan struct{}

	mu    sync.Mutex
	slots [][]byte // the message of each slot to send next, nil when sent
	final []byte   // the last message, after which the connection closes
}

// NewSlots returns n empty slots, numbered from 0.
func NewSlots(n int) *Slots {
	return &Slots{wake: make(chan struct{}, 1), slots: make([][]byte, n)}
}

// Offer makes msg the next message of slot, in place of one not sent
// yet. It panics if slot is not one of the n of NewSlots.
func (s *Slots) Offer(slot int, msg []byte) {
	s.mu.Lock()
	s.slots[slot] = msg
	s.mu.Unlock()
	poke(s.wake)
}

// Finish sends msg after what is waiting, then closes the connection.
func (s *Slots) Finish(msg []byte) {
	s.mu.Lock()
	s.final = msg
	s.mu.Unlock()
	poke(s.wake)
}

func (s *Slots) ready() <-chan struct{} { return s.wake }

func (s *Slots) take() (msgs [][]byte, final bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, m := range s.slots {
		if m != nil {
			msgs = append(msgs, m)
			s.slots[i] = nil
		}
	}
	if s.final != nil {
		msgs = append(msgs, s.final)
		s.final = nil
		final = true
	}
	return msgs, final
}

// poke wakes the writer, if it is not woken already.
func poke(wake chan struct{}) {
	select {
	case wake <- struct{}{}:
	default:
	}
}

// Encode returns msg as JSON for a page, without a newline. It leaves <,
// > and & as they are, which pages read as text or as SVG: a drawing's
// markup would grow by half escaped.
func Encode(msg any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(msg); err != nil {
		return nil, fmt.Errorf("wsconn: encoding %T: %w", msg, err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
