package show

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// record runs the search req asks for and returns its header and tree.
func record(tb testing.TB, req catalog.Request) (trace.Header, *trace.Tree) {
	tb.Helper()
	run, err := catalog.Prepare(req)
	if err != nil {
		tb.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := run.Search(context.Background(), rec); err != nil {
		tb.Fatal(err)
	}
	tree, err := rec.Tree()
	if err != nil {
		tb.Fatal(err)
	}
	return run.Header(), tree
}

// recordShow makes a show of id of the search req asks for.
func recordShow(tb testing.TB, id string, req catalog.Request) *Show {
	tb.Helper()
	h, t := record(tb, req)
	sh, err := New(id, h, t)
	if err != nil {
		tb.Fatal(err)
	}
	return sh
}

var textbook = catalog.Request{Game: "tree", Algo: "minimax", Position: "[[3,12,8],[2,4,6],[14,5,2]]"}

// TestCacheByteBudget crosses the cache's byte budget and its count,
// MaxCached: the least recently used shows go first.
func TestCacheByteBudget(t *testing.T) {
	testenv.SkipUnderRace(t, "fills a cache from one goroutine")
	t.Parallel()
	var shows []*Show
	for i, req := range []catalog.Request{
		{Game: "tictactoe", Algo: "minimax", Position: "x.o/.x./..o"},
		{Game: "tictactoe", Algo: "alphabeta", Position: "x.o/.x./..o"},
		textbook,
	} {
		shows = append(shows, recordShow(t, fmt.Sprint(i), req))
	}
	// Room for the first two together, not for all three.
	budget := shows[0].MemSize() + shows[1].MemSize() + shows[2].MemSize() - 1
	c := NewCache(budget)
	c.Put(shows[0])
	c.Put(shows[1])
	c.lookup("0", true) // 1 is now the least recently used
	c.Put(shows[2])
	if c.Cached("1") != nil {
		t.Error("the least recently used show was kept past the byte budget")
	}
	if c.Cached("0") == nil || c.Cached("2") == nil {
		t.Error("shows within the budget were dropped")
	}
	var total int64
	for _, e := range c.byID {
		total += e.Value.(*Show).MemSize()
	}
	if total > budget {
		t.Errorf("the cache holds %d bytes, over its budget of %d", total, budget)
	}

	// The cap on the count holds however small the shows.
	c = newCache(2, 1<<30)
	for _, sh := range shows {
		c.Put(sh)
	}
	if len(c.byID) != 2 || c.Cached("0") != nil {
		t.Errorf("a cache of at most 2 shows holds %d, the oldest kept: %v", len(c.byID), c.Cached("0") != nil)
	}
	c = NewCache(1 << 30)
	for i := range MaxCached + 1 {
		c.Put(&Show{id: fmt.Sprint(i)})
	}
	if len(c.byID) != MaxCached || c.Cached("0") != nil {
		t.Errorf("a cache holds %d shows, want MaxCached (%d) without the oldest", len(c.byID), MaxCached)
	}
}

// TestCacheKeepsUnsavedShows checks that a show that could not be saved,
// all there is of its trace, is dropped by count and not by bytes.
func TestCacheKeepsUnsavedShows(t *testing.T) {
	t.Parallel()
	unsaved := recordShow(t, "unsaved", textbook)
	unsaved.SetUnsaved("the disk is full")
	c := NewCache(1)
	c.Put(unsaved)
	c.Put(recordShow(t, "saved", textbook))
	if c.Cached("unsaved") == nil {
		t.Error("a show that could not be saved was dropped by bytes")
	}
}

// countingStore loads its trace, counting its loads, each held until
// release is closed.
type countingStore struct {
	loads   atomic.Int32
	release chan struct{}
	header  trace.Header
	tree    *trace.Tree
	err     error
}

func (s *countingStore) Load(string) (trace.Header, *trace.Tree, error) {
	s.loads.Add(1)
	<-s.release
	return s.header, s.tree, s.err
}

func (s *countingStore) SharedLayout(context.Context, string, trace.View) ([]byte, bool) {
	return nil, false
}

func (s *countingStore) ShareLayout(string, trace.View, []byte) {}

// TestCacheLoadsOnce opens one trace from several pages at once: it is
// folded once, and every page gets the same show, or the same error.
func TestCacheLoadsOnce(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"loaded", nil},
		{"failed", errors.New("no such trace")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h, tree := record(t, textbook)
			st := &countingStore{release: make(chan struct{}), header: h, tree: tree, err: tc.err}
			c := NewCache(1 << 30)
			const pages = 8
			got := make([]*Show, pages)
			errs := make([]error, pages)
			var wg sync.WaitGroup
			for i := range pages {
				wg.Go(func() { got[i], errs[i] = c.Get(context.Background(), st, "t") })
			}
			for st.loads.Load() == 0 {
				runtime.Gosched()
			}
			close(st.release)
			wg.Wait()
			// A page that asks after a failed load ends loads again.
			if n := st.loads.Load(); tc.err == nil && n != 1 {
				t.Errorf("%d pages opening one trace loaded it %d times, want once", pages, n)
			}
			for i := range pages {
				if !errors.Is(errs[i], tc.err) || got[i] != got[0] {
					t.Errorf("page %d got %p, %v; want %p, %v", i, got[i], errs[i], got[0], tc.err)
				}
			}
			if tc.err == nil && c.Cached("t") != got[0] {
				t.Error("the show loaded is not cached")
			}
		})
	}
}

// TestCacheGetLeavesWithItsContext checks that a page that leaves stops
// waiting for a load, which goes on for the others.
func TestCacheGetLeavesWithItsContext(t *testing.T) {
	t.Parallel()
	h, tree := record(t, textbook)
	st := &countingStore{release: make(chan struct{}), header: h, tree: tree}
	c := NewCache(1 << 30)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Get(ctx, st, "t"); !errors.Is(err, context.Canceled) {
		t.Errorf("a page that left got %v, want context.Canceled", err)
	}
	close(st.release)
	if sh, err := c.Get(context.Background(), st, "t"); err != nil || sh == nil {
		t.Errorf("the next page got %v, %v", sh, err)
	}
}
