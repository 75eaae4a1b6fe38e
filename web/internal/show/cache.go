package show

import (
	"container/list"
	"context"
	"fmt"
	"sync"

	"golang.org/x/sync/singleflight"

	"github.com/searchviz/searchviz/trace"
)

// Store is where the cache loads a saved trace from; its layouts are then
// shared through it.
type Store interface {
	Layouts
	// Load reads and folds the saved trace id.
	Load(id string) (trace.Header, *trace.Tree, error)
}

// Cache keeps the most recently viewed shows, so that a page and its
// websocket, or several students on one trace, share one fold and layout.
// It holds at most MaxCached shows and, beyond the most recent one, at
// most its byte budget of them by MemSize, weighed when one is put; the
// least recently used go first. A show being loaded is loaded once,
// however many ask for it. It is safe for concurrent use.
type Cache struct {
	max      int
	maxBytes int64
	loads    singleflight.Group

	mu    sync.Mutex
	order *list.List // of *Show, the least recently used at the front
	byID  map[string]*list.Element
}

// NewCache returns a cache of at most maxBytes of shows.
func NewCache(maxBytes int64) *Cache { return newCache(MaxCached, maxBytes) }

func newCache(max int, maxBytes int64) *Cache {
	return &Cache{max: max, maxBytes: maxBytes, order: list.New(), byID: map[string]*list.Element{}}
}

// Get returns the show of id, loading it from st if it is not cached. A
// caller whose ctx ends stops waiting; the load goes on for the others.
func (c *Cache) Get(ctx context.Context, st Store, id string) (*Show, error) {
	if sh := c.lookup(id, true); sh != nil {
		return sh, nil
	}
	done := c.loads.DoChan(id, func() (any, error) { return c.load(st, id) })
	select {
	case r := <-done:
		if r.Err != nil {
			return nil, r.Err
		}
		return r.Val.(*Show), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// load loads the show of id and caches it, unless a load that ended
// since the caller looked has cached it already.
func (c *Cache) load(st Store, id string) (sh *Show, err error) {
	defer func() {
		if p := recover(); p != nil {
			sh, err = nil, fmt.Errorf("web: loading trace %s: panic: %v", id, p)
		}
	}()
	if sh := c.lookup(id, true); sh != nil {
		return sh, nil
	}
	h, t, err := st.Load(id)
	if err != nil {
		return nil, err
	}
	if sh, err = New(id, h, t); err != nil {
		return nil, err
	}
	sh.layouts = st
	c.Put(sh)
	return sh, nil
}

// Cached returns the cached show of id, or nil, leaving its place in
// the order as it is.
func (c *Cache) Cached(id string) *Show { return c.lookup(id, false) }

// lookup returns the cached show of id, or nil, made the most recently
// used if touch.
func (c *Cache) lookup(id string, touch bool) *Show {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byID[id]
	if !ok {
		return nil
	}
	if touch {
		c.order.MoveToBack(e)
	}
	return e.Value.(*Show)
}

// Put caches sh, replacing any show of the same id, and drops the least
// recently used shows past the cache's limits.
func (c *Cache) Put(sh *Show) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byID[sh.id]; ok {
		e.Value = sh
		c.order.MoveToBack(e)
	} else {
		c.byID[sh.id] = c.order.PushBack(sh)
	}
	c.evict()
}

// Drop forgets the show of id, if cached: its trace was deleted.
func (c *Cache) Drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byID[id]; ok {
		c.order.Remove(e)
		delete(c.byID, id)
	}
}

// evict drops the least recently used shows until the rest fit; the most
// recent always stays. A show that cannot be saved is all there is of its
// trace, so it is dropped only by count. c.mu is held.
func (c *Cache) evict() {
	var total int64
	for e := c.order.Front(); e != nil; e = e.Next() {
		total += e.Value.(*Show).MemSize()
	}
	for e := c.order.Front(); e != nil && e != c.order.Back() && (c.order.Len() > c.max || total > c.maxBytes); {
		next, sh := e.Next(), e.Value.(*Show)
		if sh.saveErr != "" && c.order.Len() <= c.max {
			e = next
			continue
		}
		total -= sh.MemSize()
		c.order.Remove(e)
		delete(c.byID, sh.id)
		e = next
	}
}
