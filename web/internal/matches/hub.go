package matches

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
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
// them. Its zero value is ready to use and keeps them in memory; one from
// OpenHub keeps them on disk too, so that a server started again lists
// them. It is safe for concurrent use.
type Hub struct {
	dir string       // where matches are kept, "" in memory only
	log *slog.Logger // told of what cannot be kept

	mu      sync.Mutex
	matches map[string]*Match
	order   []string // ids, oldest first
}

// OpenHub returns a hub that keeps each match in a directory of its own
// under dir, created if missing: its games' records as they end and, at
// its end, its description. It reads the matches kept there, a match the
// server stopped before its end ending with the games its records hold.
func OpenHub(dir string, log *slog.Logger) (*Hub, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("matches: creating the directory of arena matches: %w", err)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	h := &Hub{dir: dir, log: log}
	if err := h.load(); err != nil {
		log.Warn("removing the oldest kept arena matches", "err", err)
	}
	return h, nil
}

// Add makes the match cfg of id for Match.Run to play, and counts it in
// running before anyone waiting for running can miss it. A hub that
// keeps matches on disk gives it a directory, where its games' records
// go. It refuses the match when ctx has ended (the server is stopping),
// with an error that is ErrBusy when MaxMatches are running, and when
// its directory cannot be made.
func (h *Hub) Add(ctx context.Context, running *sync.WaitGroup, id string, cfg arena.Config) (*Match, error) {
	m := &Match{id: id, cfg: cfg, start: time.Now().Round(0).UTC(), records: map[int]arena.Record{}, stats: arena.Tally(0, 0, 0), log: h.log}
	if m.log == nil {
		m.log = slog.New(slog.DiscardHandler)
	}
	m.cfg.Progress = func(done int, st arena.Stats, elapsed time.Duration) { m.progress(st, elapsed) }
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, errors.New("the server is stopping; it starts no more matches")
	}
	if n := h.running(); n >= MaxMatches {
		return nil, &busyError{running: n}
	}
	if h.dir != "" {
		if !matchDir.MatchString(id) {
			return nil, fmt.Errorf("matches: %q is not a match's id", id)
		}
		m.dir = filepath.Join(h.dir, id)
		m.cfg.RecordDir = m.dir
		if err := os.Mkdir(m.dir, 0o755); err != nil {
			return nil, fmt.Errorf("the match was not started: no directory for its games (%w)", err)
		}
		m.mu.Lock()
		err := writeSaved(m.dir, m.saved())
		m.mu.Unlock()
		if err != nil {
			os.RemoveAll(m.dir)
			return nil, fmt.Errorf("the match was not started: %w", err)
		}
	}
	if err := h.add(m); err != nil {
		m.log.Warn("removing an arena match past the most kept", "err", err)
	}
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

// add remembers m, forgetting the oldest ended matches past Kept and
// removing their directories; h.mu is held.
func (h *Hub) add(m *Match) error {
	if h.matches == nil {
		h.matches = map[string]*Match{}
	}
	h.matches[m.id] = m
	h.order = append(h.order, m.id)
	var errs []error
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
		if old.dir != "" {
			if err := os.RemoveAll(old.dir); err != nil {
				errs = append(errs, fmt.Errorf("matches: removing the match %s: %w", old.id, err))
			}
		}
	}
	return errors.Join(errs...)
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
