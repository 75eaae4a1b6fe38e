// Package lru is a cache that keeps the entries used last: at most a
// number of them and, when the caller weighs its values, at most a total
// weight, the least recently used dropped first.
//
// A Cache is not safe for concurrent use. The server's caches each sit
// under a mutex that guards more than the cache (a load in progress, a
// byte count), so a lock of the cache's own would only be taken twice.
package lru

// Cache maps keys to values, keeping the most recently used. The zero
// Cache is not usable; make one with New or NewWeighed.
type Cache[K comparable, V any] struct {
	max       int
	maxWeight int64
	weigh     func(V) int64
	weight    int64
	entries   map[K]*entry[K, V]
	// ring is the sentinel of a circular list of the entries, the most
	// recently used next to it on its next side, the least on its prev.
	ring entry[K, V]
}

type entry[K comparable, V any] struct {
	key        K
	value      V
	weight     int64
	prev, next *entry[K, V]
}

// New returns a cache of at most max entries; max must be at least 1.
func New[K comparable, V any](max int) *Cache[K, V] {
	return NewWeighed[K, V](max, 0, nil)
}

// NewWeighed returns a cache of at most max entries that weighs each
// value with weigh when it is put, and holds at most maxWeight in all;
// maxWeight 0 bounds the count alone, the weight then only reported by
// Weight. A value's weight is taken once, so weigh must give what the
// value will weigh while it is cached. The entry put last always stays,
// even heavier than maxWeight by itself, so that what was just made can
// be used. A nil weigh weighs every value 0.
func NewWeighed[K comparable, V any](max int, maxWeight int64, weigh func(V) int64) *Cache[K, V] {
	if max < 1 {
		panic("lru: a cache must hold at least one entry")
	}
	c := &Cache[K, V]{max: max, maxWeight: maxWeight, weigh: weigh, entries: map[K]*entry[K, V]{}}
	c.ring.prev, c.ring.next = &c.ring, &c.ring
	return c
}

// Get returns the value of key and whether it is cached, making it the
// most recently used.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	e, ok := c.entries[key]
	if !ok {
		var zero V
		return zero, false
	}
	c.unlink(e)
	c.pushFront(e)
	return e.value, true
}

// Put caches value under key, replacing any value the key had, as the
// most recently used, then drops the least recently used entries past
// the cache's limits.
func (c *Cache[K, V]) Put(key K, value V) {
	c.Remove(key)
	e := &entry[K, V]{key: key, value: value}
	if c.weigh != nil {
		e.weight = c.weigh(value)
	}
	c.entries[key] = e
	c.weight += e.weight
	c.pushFront(e)
	for len(c.entries) > 1 && (len(c.entries) > c.max || c.maxWeight > 0 && c.weight > c.maxWeight) {
		c.Remove(c.ring.prev.key)
	}
}

// Remove drops the entry of key and reports whether there was one.
func (c *Cache[K, V]) Remove(key K) bool {
	e, ok := c.entries[key]
	if !ok {
		return false
	}
	c.unlink(e)
	delete(c.entries, key)
	c.weight -= e.weight
	return true
}

// Len returns the number of entries cached.
func (c *Cache[K, V]) Len() int { return len(c.entries) }

// Weight returns the total weight of the values cached, as weighed when
// they were put.
func (c *Cache[K, V]) Weight() int64 { return c.weight }

func (c *Cache[K, V]) unlink(e *entry[K, V]) {
	e.prev.next, e.next.prev = e.next, e.prev
	e.prev, e.next = nil, nil
}

func (c *Cache[K, V]) pushFront(e *entry[K, V]) {
	e.prev, e.next = &c.ring, c.ring.next
	c.ring.next.prev = e
	c.ring.next = e
}
