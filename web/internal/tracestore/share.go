package tracestore

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/searchviz/searchviz/trace"
)

// ErrUnreachable marks an error of a Shared store that could not be
// reached or did not answer in time, rather than refused: a call that
// may succeed once the link is back.
var ErrUnreachable = errors.New("tracestore: the shared store cannot be reached")

// Shared is where the replicas of a server behind a load balancer keep
// the traces they all serve: a trace saved by one is found by every
// other. Objects are named by their files' names in the directory.
type Shared interface {
	// Put stores data as the object name; its error wraps ErrUnreachable
	// when the store could not be reached.
	Put(ctx context.Context, name string, data []byte) error
	// Get returns the object name, or ErrNoTrace.
	Get(ctx context.Context, name string) ([]byte, error)
	// Remove deletes the object name, if there is one.
	Remove(ctx context.Context, name string) error
	// Announce tells every replica that trace id was deleted.
	Announce(id string) error
	// Linked reports whether the link to the store is up, as far as
	// this replica knows.
	Linked() bool
}

// ShareWith makes sh the store's shared store, and reads the marks of
// the traces a previous run saved without sharing them, to offer them
// again. It is called once, before the store is used.
func (s *Store) ShareWith(sh Shared) error {
	s.shared = sh
	marks, err := filepath.Glob(filepath.Join(s.dir, "*"+UnsharedExt))
	if err != nil {
		return fmt.Errorf("web: finding the traces to share: %w", err)
	}
	s.unsharedMu.Lock()
	defer s.unsharedMu.Unlock()
	for _, m := range marks {
		if id := strings.TrimSuffix(filepath.Base(m), UnsharedExt); ValidID(id) {
			s.unshared[id] = true
		}
	}
	return nil
}

// share puts trace id and its description in the shared store, if there
// is one. A trace the shared store cannot be reached for is offered again
// (KeepSharing), so that saving it waits no longer than a call to the
// shared store may; one it refuses stays on this replica, and the log
// says why.
func (s *Store) share(id string) {
	if s.shared == nil {
		return
	}
	err := s.putShared(context.Background(), id)
	switch {
	case err == nil:
	case errors.Is(err, ErrUnreachable):
		s.log.Warn("a trace is kept on this replica until the shared store can be reached", "trace", id, "err", err)
		s.waitToShare(id)
	default:
		s.log.Error("sharing a trace", "trace", id, "err", err)
	}
}

// putShared puts trace id and its description in the shared store.
func (s *Store) putShared(ctx context.Context, id string) error {
	for _, p := range []string{s.path(id), s.metaPath(id)} {
		data, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("web: sharing trace %s: %w", id, err)
		}
		if err := s.shared.Put(ctx, filepath.Base(p), data); err != nil {
			return err
		}
	}
	return nil
}

// waitToShare marks trace id as not shared yet, on disk too, so that a
// restart offers it again.
func (s *Store) waitToShare(id string) {
	if err := os.WriteFile(s.unsharedPath(id), nil, 0o644); err != nil {
		s.log.Error("marking a trace to share later", "trace", id, "err", err)
	}
	s.unsharedMu.Lock()
	s.unshared[id] = true
	s.unsharedMu.Unlock()
}

// doneSharing marks trace id as shared, or gone: nothing is left to offer.
func (s *Store) doneSharing(id string) {
	s.unsharedMu.Lock()
	delete(s.unshared, id)
	s.unsharedMu.Unlock()
	if err := os.Remove(s.unsharedPath(id)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		s.log.Error("unmarking a shared trace", "trace", id, "err", err)
	}
}

// RetrySharing has KeepSharing offer the traces not shared yet now: the
// link to the shared store is back.
func (s *Store) RetrySharing() {
	select {
	case s.retry <- struct{}{}:
	default:
	}
}

// KeepSharing offers the shared store the traces saved while it could
// not take them, every ShareRetryWait and at each RetrySharing, until
// ctx ends.
func (s *Store) KeepSharing(ctx context.Context) {
	tick := time.NewTicker(ShareRetryWait)
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
func (s *Store) shareWaiting(ctx context.Context) {
	if !s.shared.Linked() {
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
		case ctx.Err() != nil, errors.Is(err, ErrUnreachable):
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

// SharedLayout returns the layout of trace id in view v that a replica
// drew and shared, if there is one; never with no shared store, nor for a
// nil store.
func (s *Store) SharedLayout(ctx context.Context, id string, v trace.View) ([]byte, bool) {
	if s == nil || s.shared == nil {
		return nil, false
	}
	data, err := s.shared.Get(ctx, layoutName(id, v))
	if err != nil {
		if !errors.Is(err, ErrNoTrace) {
			s.log.Error("fetching a shared layout", "trace", id, "err", err)
		}
		return nil, false
	}
	return data, true
}

// ShareLayout puts the layout of trace id in view v in the shared store,
// if there is one, so that other replicas need not draw it again.
func (s *Store) ShareLayout(id string, v trace.View, data []byte) {
	if s == nil || s.shared == nil {
		return
	}
	if err := s.shared.Put(context.Background(), layoutName(id, v), data); err != nil {
		s.log.Error("sharing a layout", "trace", id, "err", err)
	}
}

// fetch copies trace id and its description from the shared store into
// the directory and reports whether it did: false without a shared store
// or a trace of id there.
func (s *Store) fetch(id string) bool {
	if s.shared == nil || !ValidID(id) {
		return false
	}
	for i, p := range []string{s.path(id), s.metaPath(id)} {
		data, err := s.shared.Get(context.Background(), filepath.Base(p))
		if err != nil {
			if !errors.Is(err, ErrNoTrace) {
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

// removeShared deletes trace id, its description and its layouts from
// the shared store, and tells the other replicas to drop their copies.
func (s *Store) removeShared(id string) error {
	if !s.Has(id) {
		return ErrNoTrace
	}
	for _, name := range []string{filepath.Base(s.path(id)), filepath.Base(s.metaPath(id)), layoutName(id, trace.ViewRoot), layoutName(id, trace.ViewSide)} {
		if err := s.shared.Remove(context.Background(), name); err != nil {
			return fmt.Errorf("web: deleting trace %s: %w", id, err)
		}
	}
	if err := s.shared.Announce(id); err != nil {
		s.log.Error("deleting a shared trace", "trace", id, "err", err)
	}
	return nil
}
