package matches

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/searchviz/searchviz/arena"
)

// ErrBusy refuses a match past MaxMatches.
var ErrBusy = errors.New("matches: too many arena matches running")

// busyError says how many matches run, and is ErrBusy.
type busyError struct{ running int }

// Error says how many matches run and what to do.
func (e *busyError) Error() string {
	return fmt.Sprintf("%d arena matches are running, the most this server runs at once (%d); try again when one ends, or use viz arena.", e.running, MaxMatches)
}

// Is matches ErrBusy.
func (e *busyError) Is(target error) bool { return target == ErrBusy }

// Hub holds the arena matches started from the page, the last Kept of
// them. Its zero value is ready to use; it is safe for concurrent use.
type Hub struct {
	mu      sync.Mutex
	matches map[string]*Match
	order   []string // ids, oldest first
}

// Add makes the match cfg of id for Match.Run to play, and counts it in
// running before anyone waiting for running can miss it. It refuses the
// match when ctx has ended (the server is stopping) and, with an error
// that is ErrBusy, when MaxMatches are running.
func (h *Hub) Add(ctx context.Context, running *sync.WaitGroup, id string, cfg arena.Config) (*Match, error) {
	m := &Match{id: id, cfg: cfg, start: time.Now(), records: map[int]arena.Record{}, stats: arena.Tally(0, 0, 0)}
	m.cfg.Progress = func(done int, st arena.Stats, elapsed time.Duration) { m.progress(st, elapsed) }
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, errors.New("the server is stopping; it starts no more matches")
	}
	if n := h.running(); n >= MaxMatches {
		return nil, &busyError{running: n}
	}
	h.add(m)
	running.Add(1)
	return m, nil
}

// running counts the matches not ended; h.mu is held.
func (h *Hub) running() int {
	n := 0
	for _, m := range h.matches {
		m.mu.Lock()
		if !m.done {
			n++
		}
		m.mu.Unlock()
	}
	return n
}

// add remembers m, forgetting the oldest ended matches past Kept; h.mu
// is held.
func (h *Hub) add(m *Match) {
	if h.matches == nil {
		h.matches = map[string]*Match{}
	}
	h.matches[m.id] = m
	h.order = append(h.order, m.id)
	for i := 0; len(h.order) > Kept && i < len(h.order); {
		old := h.matches[h.order[i]]
		old.mu.Lock()
		done := old.done
		old.mu.Unlock()
		if !done {
			i++
			continue
		}
		delete(h.matches, h.order[i])
		h.order = slices.Delete(h.order, i, i+1)
	}
}

// Get returns the match id, or nil.
func (h *Hub) Get(id string) *Match {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.matches[id]
}

// Recent returns the matches remembered, newest first.
func (h *Hub) Recent() []*Match {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]*Match, 0, len(h.order))
	for _, id := range slices.Backward(h.order) {
		out = append(out, h.matches[id])
	}
	return out
}
