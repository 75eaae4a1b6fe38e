package tracestore

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
)

// The names of a trace's files in the directory, after its id: the same
// names in the shared store.
const (
	// TraceExt is the extension of every trace the store keeps.
	TraceExt = ".jsonl.gz"
	// MetaExt is the extension of the file beside each trace that says
	// where it came from and how many nodes it has, so that the list of
	// saved traces reads a few bytes per trace rather than the whole trace.
	MetaExt = ".meta.json"
	// UnsharedExt names the empty file beside a trace saved while the
	// shared store could not take it: the trace is offered again until it
	// is taken, after a restart too.
	UnsharedExt = ".unshared"
)

// Where a stored trace came from.
const (
	SourceSearch = "search" // a search run by this server
	SourceUpload = "upload" // a file opened from the start page or by viz replay
)

// Meta is what the store keeps beside a trace: where it came from, the
// uploaded file's name, and its node count.
type Meta struct {
	Source string `json:"source"`
	File   string `json:"file,omitempty"`
	Nodes  int    `json:"nodes"`
}

// ErrNoTrace is returned for an id the store does not hold.
var ErrNoTrace = errors.New("web: no such trace")

// Store keeps traces as gzip-compressed files in one directory, one file
// per trace named by its id. It is safe for concurrent use: files are
// written to a temporary name and renamed into place.
//
// With a shared store (ShareWith), every trace saved is also put there,
// at once or, while the store cannot take it, later (KeepSharing), and a
// trace the directory lacks is fetched from it, so that the replicas of a
// server serve each other's traces.
type Store struct {
	dir       string
	shared    Shared // nil until ShareWith
	log       *slog.Logger
	limits    trace.Limits // what it accepts of any trace it opens
	foldBytes int64        // the memory of one trace it folds

	// The traces saved here that the shared store has not taken yet;
	// KeepSharing offers them again, at once when retry has a value.
	unsharedMu sync.Mutex
	unshared   map[string]bool
	retry      chan struct{}
}

// Saved describes one stored trace for the list of saved traces.
type Saved struct {
	ID     string
	Header trace.Header
	Size   int64
	Saved  time.Time
	Meta   Meta // zero for a trace saved before the store kept it
	// Example is for the caller to mark a gallery example's trace, which
	// cannot be deleted; the store leaves it false.
	Example bool
}

// Open opens the store in dir, creating dir if missing, and removes the
// temporary files that saves cut short by a crash left there. It opens
// traces within limits and folds each within foldBytes.
func Open(dir string, log *slog.Logger, limits trace.Limits, foldBytes int64) (*Store, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("web: the data directory: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("web: creating the data directory: %w", err)
	}
	s := &Store{dir: dir, log: log, limits: limits, foldBytes: foldBytes, unshared: map[string]bool{}, retry: make(chan struct{}, 1)}
	removed, err := s.removeStaleTemp(time.Now().Add(-StaleTemp))
	if err != nil {
		log.Warn("cleaning the data directory", "err", err)
	}
	if removed > 0 {
		log.Info("removed temporary files of unfinished saves", "files", removed, "dir", dir)
	}
	return s, nil
}

// Dir returns the store's directory, as an absolute path.
func (s *Store) Dir() string { return s.dir }

// isTemp reports whether a file name is that of a save in progress:
// trace.Create's temporary name for a trace of this store, write's for a
// trace's description, or CheckWritable's.
func isTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.HasSuffix(name, ".tmp") &&
		(strings.Contains(name, TraceExt+".") || strings.Contains(name, MetaExt+".") || strings.HasPrefix(name, ".probe-"))
}

// removeStaleTemp removes the temporary files of saves last written
// before cutoff and returns how many it removed.
func (s *Store) removeStaleTemp(cutoff time.Time) (int, error) {
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

func (s *Store) path(id string) string { return filepath.Join(s.dir, id+TraceExt) }

func (s *Store) metaPath(id string) string { return filepath.Join(s.dir, id+MetaExt) }

func (s *Store) unsharedPath(id string) string { return filepath.Join(s.dir, id+UnsharedExt) }

// Has reports whether the store holds a trace of id.
func (s *Store) Has(id string) bool {
	if !ValidID(id) {
		return false
	}
	_, err := os.Stat(s.path(id))
	return err == nil || s.fetch(id)
}

// CheckWritable returns why the store cannot save a trace now, if it
// cannot: it creates and removes a temporary file, so that a search is
// refused at once rather than run for nothing.
func (s *Store) CheckWritable() error {
	f, err := os.CreateTemp(s.dir, ".probe-*.tmp")
	if err != nil {
		return fmt.Errorf("web: the data directory cannot be written: %w", err)
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("web: the data directory cannot be written: %w", err)
	}
	return nil
}

// SaveUpload writes an uploaded trace, from the file named file, under
// id.
func (s *Store) SaveUpload(id, file string, h trace.Header, events iter.Seq[trace.Event]) error {
	if r := []rune(file); len(r) > MaxFileName {
		file = string(r[:MaxFileName]) + "…"
	}
	return s.write(id, h, events, Meta{Source: SourceUpload, File: file})
}

// SaveAs writes the trace of a search under the given id.
func (s *Store) SaveAs(id string, h trace.Header, events iter.Seq[trace.Event]) error {
	return s.write(id, h, events, Meta{Source: SourceSearch})
}

// write writes a trace under id, and beside it meta with the trace's
// node count. The trace is written first: a trace with no meta file is
// listed all the same, a meta file with no trace is not.
func (s *Store) write(id string, h trace.Header, events iter.Seq[trace.Event], meta Meta) error {
	fw, err := trace.Create(s.path(id), h)
	if err != nil {
		return fmt.Errorf("web: saving trace: %w", err)
	}
	defer fw.Abort()
	for e := range events {
		if e.Kind == trace.KindNode {
			meta.Nodes++
		}
		fw.Emit(e)
	}
	if err := fw.Close(); err != nil {
		return fmt.Errorf("web: saving trace: %w", err)
	}
	data, err := json.Marshal(meta)
	if err != nil {
		return fmt.Errorf("web: saving trace %s's description: %w", id, err)
	}
	tmp := filepath.Join(s.dir, "."+id+MetaExt+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("web: saving trace %s's description: %w", id, err)
	}
	if err := os.Rename(tmp, s.metaPath(id)); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("web: saving trace %s's description: %w", id, err)
	}
	s.share(id)
	return nil
}

// readMeta returns what is kept beside trace id, or the zero Meta when
// nothing readable is.
func (s *Store) readMeta(id string) Meta {
	var m Meta
	f, err := os.Open(s.metaPath(id))
	if err != nil {
		return m
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxMetaBytes+1))
	if err != nil || len(data) > MaxMetaBytes || json.Unmarshal(data, &m) != nil {
		return Meta{}
	}
	return m
}

// Remove deletes trace id and what is kept beside it, in the shared store
// too. It returns ErrNoTrace when the store holds no trace of id.
func (s *Store) Remove(id string) error {
	if !ValidID(id) {
		return ErrNoTrace
	}
	if s.shared != nil {
		if err := s.removeShared(id); err != nil {
			return err
		}
	}
	err := os.Remove(s.path(id))
	if errors.Is(err, fs.ErrNotExist) {
		return ErrNoTrace
	}
	if err != nil {
		return fmt.Errorf("web: deleting trace %s: %w", id, err)
	}
	if err := os.Remove(s.metaPath(id)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("web: deleting trace %s's description: %w", id, err)
	}
	if s.shared != nil {
		s.doneSharing(id)
	}
	return nil
}

// DropCopy removes this replica's copy of trace id, which another
// replica deleted.
func (s *Store) DropCopy(id string) {
	if !ValidID(id) {
		return
	}
	for _, p := range []string{s.path(id), s.metaPath(id)} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			s.log.Error("removing a trace another replica deleted", "trace", id, "err", err)
		}
	}
}

// keep writes data to the file at path through a temporary file of its
// own, so that two requests fetching one trace at once do not collide.
func (s *Store) keep(path string, data []byte) error {
	f, err := os.CreateTemp(s.dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// Load reads the trace with the given id within the store's limits and
// folds it as it reads, within its fold budget, with its boards.
func (s *Store) Load(id string) (trace.Header, *trace.Tree, error) {
	if !ValidID(id) {
		return trace.Header{}, nil, ErrNoTrace
	}
	h, t, err := catalog.ReadTreeFile(s.path(id), s.limits, s.foldBytes)
	if errors.Is(err, fs.ErrNotExist) && s.fetch(id) {
		h, t, err = catalog.ReadTreeFile(s.path(id), s.limits, s.foldBytes)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return h, nil, ErrNoTrace
	}
	return h, t, err
}

// Raw returns the stored file of a trace, gzip-compressed.
func (s *Store) Raw(id string) ([]byte, error) {
	if !ValidID(id) {
		return nil, ErrNoTrace
	}
	data, err := os.ReadFile(s.path(id))
	if errors.Is(err, fs.ErrNotExist) && s.fetch(id) {
		data, err = os.ReadFile(s.path(id))
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoTrace
	}
	return data, err
}

// List returns the stored traces, newest first. Files it cannot read are
// left out of the list, not reported: one damaged file must not hide the
// others.
func (s *Store) List() ([]Saved, error) {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return nil, fmt.Errorf("web: listing traces: %w", err)
	}
	var out []Saved
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), TraceExt)
		if !ok || !ValidID(id) {
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
		out = append(out, Saved{ID: id, Header: fr.Header(), Size: info.Size(), Saved: info.ModTime(), Meta: s.readMeta(id)})
		fr.Close()
	}
	slices.SortFunc(out, func(a, b Saved) int {
		if c := b.Saved.Compare(a.Saved); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}
