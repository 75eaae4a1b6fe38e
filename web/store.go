package web

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
)

// traceExt is the extension of every trace the store keeps.
const traceExt = ".jsonl.gz"

// idPattern is the form of every trace id: the only names the store opens,
// so no URL can reach outside its directory.
var idPattern = regexp.MustCompile(`^[0-9a-f]{12}$`)

// errNoTrace is returned for an id the store does not hold.
var errNoTrace = errors.New("web: no such trace")

// store keeps traces as gzip-compressed files in one directory, one file
// per trace named by its id. It is safe for concurrent use: files are
// written to a temporary name and renamed into place.
type store struct {
	dir string
}

// savedTrace describes one stored trace for the list of saved traces.
type savedTrace struct {
	ID     string
	Header trace.Header
	Size   int64
	Saved  time.Time
}

// traceLimits are what the server accepts of any trace it opens.
var traceLimits = trace.Limits{Bytes: MaxTraceBytes, Events: MaxTraceEvents}

// newStore opens the store in dir, creating dir if missing, and removes
// the temporary files that saves cut short by a crash left there.
func newStore(dir string, log *slog.Logger) (*store, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("web: the data directory: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("web: creating the data directory: %w", err)
	}
	s := &store{dir: dir}
	removed, err := s.removeStaleTemp(time.Now().Add(-staleTemp))
	if err != nil {
		log.Warn("cleaning the data directory", "err", err)
	}
	if removed > 0 {
		log.Info("removed temporary files of unfinished saves", "files", removed, "dir", dir)
	}
	return s, nil
}

// isTemp reports whether a file name is that of a save in progress:
// trace.Create's temporary name for a trace of this store.
func isTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.HasSuffix(name, ".tmp") && strings.Contains(name, traceExt+".")
}

// removeStaleTemp removes the temporary files of saves last written
// before cutoff and returns how many it removed.
func (s *store) removeStaleTemp(cutoff time.Time) (int, error) {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return 0, fmt.Errorf("web: listing the data directory: %w", err)
	}
	removed := 0
	var errs []error
	for _, e := range entries {
		if !e.Type().IsRegular() || !isTemp(e.Name()) {
			continue
		}
		info, err := e.Info()
		if err != nil || !info.ModTime().Before(cutoff) {
			continue
		}
		if err := os.Remove(filepath.Join(s.dir, e.Name())); err != nil {
			errs = append(errs, err)
			continue
		}
		removed++
	}
	return removed, errors.Join(errs...)
}

// validID reports whether id has the form of a trace id.
func validID(id string) bool { return idPattern.MatchString(id) }

func (s *store) path(id string) string { return filepath.Join(s.dir, id+traceExt) }

// newTraceID returns a fresh random trace id.
func newTraceID() string {
	var b [6]byte
	rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

// save writes a trace under a new id and returns the id.
func (s *store) save(h trace.Header, events iter.Seq[trace.Event]) (string, error) {
	id := newTraceID()
	return id, s.saveAs(id, h, events)
}

// treeEvents returns the events folded in t, in step order.
func treeEvents(t *trace.Tree) iter.Seq[trace.Event] {
	return func(yield func(trace.Event) bool) {
		for k := range t.Len() {
			if !yield(t.Event(k)) {
				return
			}
		}
	}
}

// saveAs writes a trace under the given id.
func (s *store) saveAs(id string, h trace.Header, events iter.Seq[trace.Event]) error {
	fw, err := trace.Create(s.path(id), h)
	if err != nil {
		return fmt.Errorf("web: saving trace: %w", err)
	}
	defer fw.Abort()
	for e := range events {
		fw.Emit(e)
	}
	if err := fw.Close(); err != nil {
		return fmt.Errorf("web: saving trace: %w", err)
	}
	return nil
}

// load reads the trace with the given id and folds it as it reads, within
// MaxFoldBytes, with its boards.
func (s *store) load(id string) (trace.Header, *trace.Tree, error) {
	if !validID(id) {
		return trace.Header{}, nil, errNoTrace
	}
	h, t, err := catalog.ReadTreeFile(s.path(id), traceLimits, MaxFoldBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return h, nil, errNoTrace
	}
	return h, t, err
}

// raw returns the stored file of a trace, gzip-compressed.
func (s *store) raw(id string) ([]byte, error) {
	if !validID(id) {
		return nil, errNoTrace
	}
	data, err := os.ReadFile(s.path(id))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errNoTrace
	}
	return data, err
}

// list returns the stored traces, newest first. Files it cannot read are
// left out of the list, not reported: one damaged file must not hide the
// others.
func (s *store) list() ([]savedTrace, error) {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return nil, fmt.Errorf("web: listing traces: %w", err)
	}
	var out []savedTrace
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), traceExt)
		if !ok || !validID(id) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		fr, err := trace.Open(s.path(id))
		if err != nil {
			continue
		}
		out = append(out, savedTrace{ID: id, Header: fr.Header(), Size: info.Size(), Saved: info.ModTime()})
		fr.Close()
	}
	slices.SortFunc(out, func(a, b savedTrace) int {
		if c := b.Saved.Compare(a.Saved); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// readUpload reads an uploaded trace, plain or gzip-compressed, within
// traceLimits, and folds it as it reads, within MaxFoldBytes, with its
// boards.
func readUpload(data []byte) (trace.Header, *trace.Tree, error) {
	r, err := trace.NewLimitedReader(bytes.NewReader(data), traceLimits)
	if err != nil {
		return trace.Header{}, nil, err
	}
	b := trace.NewBuilder()
	b.LimitMemory(MaxFoldBytes, "")
	if err := b.ReadFrom(r, catalog.BoardFiller(r.Header())); err != nil {
		return r.Header(), nil, err
	}
	if b.Len() == 0 {
		return r.Header(), nil, errors.New("trace: the file has a header but no events")
	}
	t, err := b.Tree()
	return r.Header(), t, err
}
