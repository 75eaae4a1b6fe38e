package tracestore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// errTooBig is flakyShared's refusal of an object over its max.
var errTooBig = errors.New("the object is too big")

// flakyShared is a Shared store in memory that takes nothing while down,
// and refuses what is larger than max.
type flakyShared struct {
	mu   sync.Mutex
	down bool
	max  int
	objs map[string][]byte
}

func (f *flakyShared) Put(_ context.Context, name string, data []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case f.down:
		return fmt.Errorf("sharing %s: %w", name, ErrUnreachable)
	case len(data) > f.max:
		return fmt.Errorf("sharing %s: %w", name, errTooBig)
	}
	f.objs[name] = data
	return nil
}

func (f *flakyShared) Linked() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return !f.down
}

func (f *flakyShared) Get(_ context.Context, name string) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if data, ok := f.objs[name]; ok {
		return data, nil
	}
	return nil, ErrNoTrace
}

func (f *flakyShared) Remove(_ context.Context, name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.objs, name)
	return nil
}

func (f *flakyShared) Announce(string) error { return nil }

func (f *flakyShared) setDown(down bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down = down
}

func (f *flakyShared) has(name string) ([]byte, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	d, ok := f.objs[name]
	return d, ok
}

// TestShareLater saves a trace while the shared store takes nothing: it
// is saved here at once and marked; a store opened on the directory
// again, as after a restart, finds the mark; offered while the shared
// store is still down, it waits; offered once the store is back, it is
// shared whole, and the mark is gone. A trace the shared store refuses
// is not offered again.
func TestShareLater(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	shared := &flakyShared{down: true, max: math.MaxInt, objs: map[string][]byte{}}
	open := func() *Store {
		st := openStore(t, dir)
		if err := st.ShareWith(shared); err != nil {
			t.Fatal(err)
		}
		return st
	}
	h, events, _ := textbookTrace(t)
	id := NewID()
	if err := open().SaveAs(id, h, slices.Values(events)); err != nil {
		t.Fatalf("saving while the shared store is down: %v", err)
	}
	st := open()
	if waits, mark := markedToShare(st, id); !waits || !mark {
		t.Fatalf("after a restart: waiting %v, marked %v; want both", waits, mark)
	}
	st.shareWaiting(t.Context())
	if waits, mark := markedToShare(st, id); !waits || !mark {
		t.Errorf("offered while the shared store is down: waiting %v, marked %v; want both", waits, mark)
	}

	shared.setDown(false)
	st.shareWaiting(t.Context())
	if waits, mark := markedToShare(st, id); waits || mark {
		t.Errorf("once shared: waiting %v, marked %v; want neither", waits, mark)
	}
	for _, p := range []string{st.path(id), st.metaPath(id)} {
		local, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := shared.has(filepath.Base(p)); !ok || !bytes.Equal(got, local) {
			t.Errorf("the shared store holds %d bytes of %s (%v), the directory %d", len(got), filepath.Base(p), ok, len(local))
		}
	}

	shared.mu.Lock()
	shared.max = 0
	shared.mu.Unlock()
	refused := NewID()
	if err := st.SaveAs(refused, h, slices.Values(events)); err != nil {
		t.Fatalf("saving a trace the shared store refuses: %v", err)
	}
	if waits, mark := markedToShare(st, refused); waits || mark {
		t.Errorf("a trace the shared store refused: waiting %v, marked %v; want neither", waits, mark)
	}
}

// markedToShare reports whether st has trace id waiting to be shared,
// and whether its directory marks it so.
func markedToShare(st *Store, id string) (waits, marked bool) {
	st.unsharedMu.Lock()
	waits = st.unshared[id]
	st.unsharedMu.Unlock()
	_, err := os.Stat(st.unsharedPath(id))
	return waits, err == nil
}
