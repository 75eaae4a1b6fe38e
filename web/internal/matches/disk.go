package matches

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/searchviz/searchviz/arena"
)

// The file that describes a kept match in its directory, beside its
// games' records (arena.RecordFile), and its format's name and version.
const (
	savedFile    = "match.json"
	savedFormat  = "searchviz-arena-match"
	savedVersion = 1
)

// saved is a kept match's description: what it plays and, once it has
// ended, how it stood at its end with the list of its games.
type saved struct {
	Format   string      `json:"format"`
	Version  int         `json:"version"`
	Position string      `json:"position,omitempty"`
	SPRT     *arena.SPRT `json:"sprt_test,omitempty"`
	Status   Status      `json:"status"`
}

// matchDir matches the names of kept matches' directories: their ids.
var matchDir = regexp.MustCompile(`^[0-9A-Za-z_-]{1,64}$`)

// saved returns m's description; m.mu is held.
func (m *Match) saved() saved {
	return saved{Format: savedFormat, Version: savedVersion, Position: m.cfg.Position, SPRT: m.cfg.SPRT, Status: m.status(true)}
}

// writeSaved writes s as dir's description, whole or not at all.
func writeSaved(dir string, s saved) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+savedFile+".*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(append(data, '\n'))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, savedFile))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("matches: writing %s: %w", filepath.Join(dir, savedFile), err)
	}
	return nil
}

// readSaved reads dir's description, refusing other formats and files
// past MaxSavedBytes.
func readSaved(dir string) (saved, error) {
	path := filepath.Join(dir, savedFile)
	f, err := os.Open(path)
	if err != nil {
		return saved{}, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSavedBytes+1))
	if err != nil {
		return saved{}, fmt.Errorf("matches: reading %s: %w", path, err)
	}
	if len(data) > MaxSavedBytes {
		return saved{}, fmt.Errorf("matches: %s is over %d bytes, more than a match's description holds", path, MaxSavedBytes)
	}
	var s saved
	if err := json.Unmarshal(data, &s); err != nil {
		return saved{}, fmt.Errorf("matches: %s: %w", path, err)
	}
	if s.Format != savedFormat || s.Version != savedVersion {
		return saved{}, fmt.Errorf("matches: %s is not a match's description of version %d (format %q, version %d)", path, savedVersion, s.Format, s.Version)
	}
	if s.SPRT != nil {
		if err := s.SPRT.Check(); err != nil {
			return saved{}, fmt.Errorf("matches: %s: %w", path, err)
		}
	}
	return s, nil
}

// loadMatch makes the ended match kept in dir. A match the server stopped
// before it ended, without noting its end (a crash), ends now with the
// games its records hold, and its description is written again.
func (h *Hub) loadMatch(dir string) (*Match, error) {
	s, err := readSaved(dir)
	if err != nil {
		return nil, err
	}
	st := s.Status
	if st.ID != filepath.Base(dir) {
		return nil, fmt.Errorf("matches: %s describes match %q, not the directory's", filepath.Join(dir, savedFile), st.ID)
	}
	m := &Match{
		id: st.ID, start: st.Started, dir: dir, log: h.log,
		cfg:  arena.Config{Game: st.Game, Position: s.Position, Engines: [2]string{st.A, st.B}, Games: st.Games, Seed: st.Seed, SPRT: s.SPRT, RecordDir: dir},
		done: true, stopped: st.Stopped, errMsg: st.Error, elapsed: time.Duration(st.Seconds * float64(time.Second)),
		points: st.Points, list: st.List,
	}
	if m.list == nil {
		m.list = []Listed{}
	}
	if st.Finished {
		m.stats = arena.Tally(st.Wins, st.Draws, st.Losses)
		m.stats.Pairs = st.Pairs
		if s.SPRT != nil {
			v := s.SPRT.Test(m.stats)
			m.verdict = &v
		}
		return m, nil
	}
	// The match was running when the server went away: its records are
	// what it played.
	m.records = readRecords(dir, nil)
	scores := make(map[int]float64, len(m.records))
	for i, r := range m.records {
		scores[i] = r.Result
	}
	m.stats = arena.CountPairs(scores)
	m.stopped, m.errMsg = true, "stopped: the server stopped before the match ended"
	m.list = nil
	m.mu.Lock()
	defer m.mu.Unlock()
	if s.SPRT != nil {
		v := s.SPRT.Test(m.stats)
		m.verdict = &v
	}
	return m, m.keep()
}

// load reads the matches kept in h.dir, oldest first, and removes the
// oldest past Kept. A directory that is not a match's is left alone and
// logged.
func (h *Hub) load() error {
	entries, err := os.ReadDir(h.dir)
	if err != nil {
		return fmt.Errorf("matches: listing the kept matches: %w", err)
	}
	var loaded []*Match
	for _, e := range entries {
		if !e.IsDir() || !matchDir.MatchString(e.Name()) {
			continue
		}
		m, err := h.loadMatch(filepath.Join(h.dir, e.Name()))
		if err != nil {
			h.log.Warn("a kept arena match cannot be read; it is left out", "dir", filepath.Join(h.dir, e.Name()), "err", err)
			continue
		}
		loaded = append(loaded, m)
	}
	slices.SortFunc(loaded, func(a, b *Match) int {
		if c := a.start.Compare(b.start); c != 0 {
			return c
		}
		return strings.Compare(a.id, b.id)
	})
	h.mu.Lock()
	defer h.mu.Unlock()
	var errs []error
	for _, m := range loaded {
		errs = append(errs, h.add(m))
	}
	return errors.Join(errs...)
}
