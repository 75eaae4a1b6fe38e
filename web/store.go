package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// traceExt is the extension of every trace the store keeps.
const traceExt = ".jsonl.gz"

// metaExt is the extension of the file beside each trace that says where
// it came from and how many nodes it has, so that the list of saved
// traces reads a few bytes per trace rather than the whole trace.
const metaExt = ".meta.json"

// unsharedExt names the empty file beside a trace saved while the shared
// store could not take it: the trace is offered again until it is taken,
// after a restart too.
const unsharedExt = ".unshared"

// maxMetaBytes bounds the file kept beside a trace that the list reads:
// a larger one is not the store's, and is ignored.
const maxMetaBytes = 4 << 10

// maxFileName is the most runes of an uploaded file's name the store
// keeps: enough to recognise a file, and a bound on what a name costs
// the list of saved traces.
const maxFileName = 120

// Where a stored trace came from.
const (
	sourceSearch = "search" // a search run by this server
	sourceUpload = "upload" // a file opened from the start page or by viz replay
)

// traceMeta is what the store keeps beside a trace: where it came from,
// the uploaded file's name, and its node count.
type traceMeta struct {
	Source string `json:"source"`
	File   string `json:"file,omitempty"`
	Nodes  int    `json:"nodes"`
}

// idPattern is the form of every trace id: the only names the store opens,
// so no URL can reach outside its directory.
var idPattern = regexp.MustCompile(`^[0-9a-f]{12}$`)

// errNoTrace is returned for an id the store does not hold.
var errNoTrace = errors.New("web: no such trace")

// store keeps traces as gzip-compressed files in one directory, one file
// per trace named by its id. It is safe for concurrent use: files are
// written to a temporary name and renamed into place.
//
// With a shared store (Config.NATS), every trace saved is also put there,
// at once or, while the store cannot take it, later (keepSharing), and a
// trace the directory lacks is fetched from it, so that the replicas of a
// server serve each other's traces.
type store struct {
	dir       string
	shared    sharedStore // nil without Config.NATS
	log       *slog.Logger
	limits    trace.Limits // what it accepts of any trace it opens
	foldBytes int64        // the memory of one trace it folds

	// The traces saved here that the shared store has not taken yet;
	// keepSharing offers them again, at once when retry has a value.
	unsharedMu sync.Mutex
	unshared   map[string]bool
	retry      chan struct{}
}

// savedTrace describes one stored trace for the list of saved traces.
type savedTrace struct {
	ID      string
	Header  trace.Header
	Size    int64
	Saved   time.Time
	Meta    traceMeta // zero for a trace saved before the store kept it
	Example bool      // a gallery example's trace, which cannot be deleted
}

// newStore opens the store in dir, creating dir if missing, and removes
// the temporary files that saves cut short by a crash left there. It
// opens traces within limits and folds each within foldBytes.
func newStore(dir string, log *slog.Logger, limits trace.Limits, foldBytes int64) (*store, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("web: the data directory: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("web: creating the data directory: %w", err)
	}
	s := &store{dir: dir, log: log, limits: limits, foldBytes: foldBytes, unshared: map[string]bool{}, retry: make(chan struct{}, 1)}
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
// trace.Create's temporary name for a trace of this store, write's for a
// trace's description, or checkWritable's.
func isTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.HasSuffix(name, ".tmp") &&
		(strings.Contains(name, traceExt+".") || strings.Contains(name, metaExt+".") || strings.HasPrefix(name, ".probe-"))
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

func (s *store) metaPath(id string) string { return filepath.Join(s.dir, id+metaExt) }

func (s *store) unsharedPath(id string) string { return filepath.Join(s.dir, id+unsharedExt) }

// contentID returns the id of an uploaded file: the start of its SHA-256,
// so that the same file uploaded twice is stored once.
func contentID(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:6])
}

// has reports whether the store holds a trace of id.
func (s *store) has(id string) bool {
	if !validID(id) {
		return false
	}
	_, err := os.Stat(s.path(id))
	return err == nil || s.fetch(id)
}

// share puts trace id and its description in the shared store, if there
// is one. A trace the shared store cannot be reached for is offered again
// (keepSharing), so that saving it waits no longer than a call to NATS
// may; one it refuses stays on this replica, and the log says why.
func (s *store) share(id string) {
	if s.shared == nil {
		return
	}
	err := s.putShared(context.Background(), id)
	switch {
	case err == nil:
	case linkTrouble(err):
		s.log.Warn("a trace is kept on this replica until the shared store can be reached", "trace", id, "err", err)
		s.waitToShare(id)
	default:
		s.log.Error("sharing a trace", "trace", id, "err", err)
	}
}

// putShared puts trace id and its description in the shared store.
func (s *store) putShared(ctx context.Context, id string) error {
	for _, p := range []string{s.path(id), s.metaPath(id)} {
		data, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("web: sharing trace %s: %w", id, err)
		}
		if err := s.shared.put(ctx, filepath.Base(p), data); err != nil {
			return err
		}
	}
	return nil
}

// waitToShare marks trace id as not shared yet, on disk too, so that a
// restart offers it again.
func (s *store) waitToShare(id string) {
	if err := os.WriteFile(s.unsharedPath(id), nil, 0o644); err != nil {
		s.log.Error("marking a trace to share later", "trace", id, "err", err)
	}
	s.unsharedMu.Lock()
	s.unshared[id] = true
	s.unsharedMu.Unlock()
}

// doneSharing marks trace id as shared, or gone: nothing is left to offer.
func (s *store) doneSharing(id string) {
	s.unsharedMu.Lock()
	delete(s.unshared, id)
	s.unsharedMu.Unlock()
	if err := os.Remove(s.unsharedPath(id)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		s.log.Error("unmarking a shared trace", "trace", id, "err", err)
	}
}

// findUnshared reads the marks of the traces a previous run saved
// without sharing them.
func (s *store) findUnshared() error {
	marks, err := filepath.Glob(filepath.Join(s.dir, "*"+unsharedExt))
	if err != nil {
		return fmt.Errorf("web: finding the traces to share: %w", err)
	}
	s.unsharedMu.Lock()
	defer s.unsharedMu.Unlock()
	for _, m := range marks {
		if id := strings.TrimSuffix(filepath.Base(m), unsharedExt); validID(id) {
			s.unshared[id] = true
		}
	}
	return nil
}

// retrySharing has keepSharing offer the traces not shared yet now: the
// link to NATS is back.
func (s *store) retrySharing() {
	select {
	case s.retry <- struct{}{}:
	default:
	}
}

// keepSharing offers the shared store the traces saved while it could
// not take them, every sharedRetryWait and at each retrySharing, until
// ctx ends.
func (s *store) keepSharing(ctx context.Context) {
	tick := time.NewTicker(sharedRetryWait)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-s.retry:
		}
		s.shareWaiting(ctx)
	}
}

// shareWaiting puts the traces not shared yet in the shared store; it
// stops at the first the store cannot be reached for, to try again later.
func (s *store) shareWaiting(ctx context.Context) {
	if !s.shared.linked() {
		return
	}
	s.unsharedMu.Lock()
	ids := slices.Sorted(maps.Keys(s.unshared))
	s.unsharedMu.Unlock()
	for _, id := range ids {
		err := s.putShared(ctx, id)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			s.doneSharing(id) // deleted before it could be shared
		case ctx.Err() != nil, linkTrouble(err):
			return
		case err != nil:
			s.log.Error("sharing a trace saved while the shared store could not be reached; it stays on this replica", "trace", id, "err", err)
			s.doneSharing(id)
		default:
			s.log.Info("shared a trace saved while the shared store could not be reached", "trace", id)
			s.doneSharing(id)
		}
	}
}

// layoutName is the shared store's name of trace id's layout in view v.
func layoutName(id string, v trace.View) string { return id + ".layout-" + v.String() + ".svg" }

// sharedLayout returns the layout of trace id in view v that a replica
// drew and shared, if there is one; never with no shared store, nor for a
// nil store.
func (s *store) sharedLayout(ctx context.Context, id string, v trace.View) ([]byte, bool) {
	if s == nil || s.shared == nil {
		return nil, false
	}
	data, err := s.shared.get(ctx, layoutName(id, v))
	if err != nil {
		if !errors.Is(err, errNoTrace) {
			s.log.Error("fetching a shared layout", "trace", id, "err", err)
		}
		return nil, false
	}
	return data, true
}

// shareLayout puts the layout of trace id in view v in the shared store,
// if there is one, so that other replicas need not draw it again.
func (s *store) shareLayout(id string, v trace.View, data []byte) {
	if s == nil || s.shared == nil {
		return
	}
	if err := s.shared.put(context.Background(), layoutName(id, v), data); err != nil {
		s.log.Error("sharing a layout", "trace", id, "err", err)
	}
}

// fetch copies trace id and its description from the shared store into
// the directory and reports whether it did: false without a shared store
// or a trace of id there.
func (s *store) fetch(id string) bool {
	if s.shared == nil || !validID(id) {
		return false
	}
	for i, p := range []string{s.path(id), s.metaPath(id)} {
		data, err := s.shared.get(context.Background(), filepath.Base(p))
		if err != nil {
			if !errors.Is(err, errNoTrace) {
				s.log.Error("fetching a shared trace", "trace", id, "err", err)
			}
			return i > 0 // a trace without its description is listed all the same
		}
		if err := s.keep(p, data); err != nil {
			s.log.Error("keeping a shared trace", "trace", id, "err", err)
			return false
		}
	}
	return true
}

// checkWritable returns why the store cannot save a trace now, if it
// cannot: it creates and removes a temporary file, so that a search is
// refused at once rather than run for nothing.
func (s *store) checkWritable() error {
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

// newTraceID returns a fresh random trace id.
func newTraceID() string {
	var b [6]byte
	rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

// saveUpload writes an uploaded trace, from the file named file, under
// id.
func (s *store) saveUpload(id, file string, h trace.Header, events iter.Seq[trace.Event]) error {
	if r := []rune(file); len(r) > maxFileName {
		file = string(r[:maxFileName]) + "…"
	}
	return s.write(id, h, events, traceMeta{Source: sourceUpload, File: file})
}

// treeEvents returns the events folded in t, in step order.
func treeEvents(t *trace.Tree) iter.Seq[trace.Event] { return t.Events(0) }

// saveAs writes the trace of a search under the given id.
func (s *store) saveAs(id string, h trace.Header, events iter.Seq[trace.Event]) error {
	return s.write(id, h, events, traceMeta{Source: sourceSearch})
}

// write writes a trace under id, and beside it meta with the trace's
// node count. The trace is written first: a trace with no meta file is
// listed all the same, a meta file with no trace is not.
func (s *store) write(id string, h trace.Header, events iter.Seq[trace.Event], meta traceMeta) error {
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
	tmp := filepath.Join(s.dir, "."+id+metaExt+".tmp")
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

// readMeta returns what is kept beside trace id, or the zero traceMeta
// when nothing readable is.
func (s *store) readMeta(id string) traceMeta {
	var m traceMeta
	f, err := os.Open(s.metaPath(id))
	if err != nil {
		return m
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxMetaBytes+1))
	if err != nil || len(data) > maxMetaBytes || json.Unmarshal(data, &m) != nil {
		return traceMeta{}
	}
	return m
}

// remove deletes trace id and what is kept beside it. It returns
// errNoTrace when the store holds no trace of id.
func (s *store) remove(id string) error {
	if !validID(id) {
		return errNoTrace
	}
	if s.shared != nil {
		if !s.has(id) {
			return errNoTrace
		}
		for _, name := range []string{filepath.Base(s.path(id)), filepath.Base(s.metaPath(id)), layoutName(id, trace.ViewRoot), layoutName(id, trace.ViewSide)} {
			if err := s.shared.remove(context.Background(), name); err != nil {
				return fmt.Errorf("web: deleting trace %s: %w", id, err)
			}
		}
		if err := s.shared.announce(id); err != nil {
			s.log.Error("deleting a shared trace", "trace", id, "err", err)
		}
	}
	err := os.Remove(s.path(id))
	if errors.Is(err, fs.ErrNotExist) {
		return errNoTrace
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

// dropCopy removes this replica's copy of trace id, which another
// replica deleted.
func (s *store) dropCopy(id string) {
	if !validID(id) {
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
func (s *store) keep(path string, data []byte) error {
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

// load reads the trace with the given id within the store's limits and
// folds it as it reads, within its fold budget, with its boards.
func (s *store) load(id string) (trace.Header, *trace.Tree, error) {
	if !validID(id) {
		return trace.Header{}, nil, errNoTrace
	}
	h, t, err := catalog.ReadTreeFile(s.path(id), s.limits, s.foldBytes)
	if errors.Is(err, fs.ErrNotExist) && s.fetch(id) {
		h, t, err = catalog.ReadTreeFile(s.path(id), s.limits, s.foldBytes)
	}
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
	if errors.Is(err, fs.ErrNotExist) && s.fetch(id) {
		data, err = os.ReadFile(s.path(id))
	}
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
		out = append(out, savedTrace{ID: id, Header: fr.Header(), Size: info.Size(), Saved: info.ModTime(), Meta: s.readMeta(id)})
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
// the store's limits, and folds it as it reads, within its fold budget,
// with its boards. A file cut short, as a copy or download stopped early
// leaves it, is read up to its last whole line, and a note at its end
// says so; so is a file whose events stop before the search's decision.
func (s *store) readUpload(in io.Reader) (trace.Header, *trace.Tree, error) {
	r, err := trace.NewLimitedReader(in, s.limits)
	if err != nil {
		return trace.Header{}, nil, err
	}
	b := trace.NewBuilder()
	b.LimitMemory(s.foldBytes, "")
	err = b.ReadFrom(r, catalog.BoardFiller(r.Header()))
	var cut *trace.TruncatedError
	if errors.As(err, &cut) && b.Len() > 0 {
		err = nil
	}
	if err != nil {
		return r.Header(), nil, err
	}
	if b.Len() == 0 {
		return r.Header(), nil, errors.New("trace: the file has a header but no events")
	}
	if text := endNote(b, cut); text != "" {
		note := trace.Event{Kind: trace.KindNote, Step: b.Len(), Node: trace.NoNode, Text: text}
		if err := b.Add(&note); err != nil {
			return r.Header(), nil, err
		}
	}
	t, err := b.Tree()
	return r.Header(), t, err
}

// endNote says, for the viewer, how an uploaded trace of b's events ends
// early: cut in a line (cut is not nil), or whole lines that stop before
// the search's decision with no note saying why. It returns "" for a
// trace that ends as a search's does.
func endNote(b *trace.Builder, cut *trace.TruncatedError) string {
	last := b.Len() - 1
	if cut != nil {
		why := strings.TrimPrefix(cut.Err.Error(), "trace: ")
		return fmt.Sprintf("The file ends after step %s: line %s is cut short (%s), so this trace is shown up to its last whole line. The rest of the search is not in the file.",
			explain.Thousands(last), explain.Thousands(cut.Line), why)
	}
	switch b.Event(last).Kind {
	case trace.KindDecision, trace.KindNote:
		return ""
	}
	return fmt.Sprintf("The file ends after step %s, before the search's decision: its last lines may be missing, so this trace is shown up to there.", explain.Thousands(last))
}
