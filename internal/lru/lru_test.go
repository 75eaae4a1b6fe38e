package lru

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// keys lists c's keys, the most recently used first.
func (c *Cache[K, V]) keys() []K {
	var out []K
	for e := c.ring.next; e != &c.ring; e = e.next {
		out = append(out, e.key)
	}
	return out
}

// op is one call on a cache: "put" k with v, "get" k, or "remove" k.
type op struct {
	do string
	k  string
	v  int
}

func run(c *Cache[string, int], ops []op) {
	for _, o := range ops {
		switch o.do {
		case "put":
			c.Put(o.k, o.v)
		case "get":
			c.Get(o.k)
		case "remove":
			c.Remove(o.k)
		}
	}
}

func TestLimits(t *testing.T) {
	t.Parallel()
	put := func(k string, v int) op { return op{"put", k, v} }
	get := func(k string) op { return op{do: "get", k: k} }
	remove := func(k string) op { return op{do: "remove", k: k} }
	tests := []struct {
		name      string
		max       int
		maxWeight int64 // values weigh what they are
		ops       []op
		want      []string // most recently used first
		weight    int64
	}{
		{"empty", 2, 0, nil, nil, 0},
		{"up to the count", 2, 0, []op{put("a", 1), put("b", 2)}, []string{"b", "a"}, 3},
		{"one past the count drops the oldest", 2, 0, []op{put("a", 1), put("b", 2), put("c", 3)}, []string{"c", "b"}, 5},
		{"a get saves an entry", 2, 0, []op{put("a", 1), put("b", 2), get("a"), put("c", 3)}, []string{"c", "a"}, 4},
		{"a get of a missing key changes nothing", 2, 0, []op{put("a", 1), put("b", 2), get("z")}, []string{"b", "a"}, 3},
		{"a put replaces and refreshes", 2, 0, []op{put("a", 1), put("b", 2), put("a", 10), put("c", 3)}, []string{"c", "a"}, 13},
		{"remove frees a place", 2, 0, []op{put("a", 1), put("b", 2), remove("a"), put("c", 3)}, []string{"c", "b"}, 5},
		{"remove of a missing key", 2, 0, []op{put("a", 1), remove("z")}, []string{"a"}, 1},
		{"a count of one", 1, 0, []op{put("a", 1), put("b", 2)}, []string{"b"}, 2},
		{"up to the weight", 5, 10, []op{put("a", 4), put("b", 6)}, []string{"b", "a"}, 10},
		{"one past the weight", 5, 10, []op{put("a", 4), put("b", 6), put("c", 1)}, []string{"c", "b"}, 7},
		{"the weight drops several", 5, 10, []op{put("a", 3), put("b", 3), put("c", 3), put("d", 9)}, []string{"d"}, 9},
		{"the last put stays though too heavy", 5, 10, []op{put("a", 3), put("b", 11)}, []string{"b"}, 11},
		{"a heavy entry goes at the next put", 5, 10, []op{put("b", 11), put("c", 1)}, []string{"c"}, 1},
		{"a get saves an entry from the weight", 5, 10, []op{put("a", 4), put("b", 4), get("a"), put("c", 4)}, []string{"c", "a"}, 8},
		{"a lighter replacement", 5, 10, []op{put("a", 4), put("b", 6), put("b", 1), put("c", 5)}, []string{"c", "b", "a"}, 10},
		{"count and weight both", 2, 100, []op{put("a", 1), put("b", 1), put("c", 1)}, []string{"c", "b"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := NewWeighed[string](tt.max, tt.maxWeight, func(v int) int64 { return int64(v) })
			run(c, tt.ops)
			if got := c.keys(); !slices.Equal(got, tt.want) {
				t.Errorf("keys %q, want %q", got, tt.want)
			}
			if c.Len() != len(tt.want) || c.Weight() != tt.weight {
				t.Errorf("Len %d, Weight %d; want %d, %d", c.Len(), c.Weight(), len(tt.want), tt.weight)
			}
			for _, k := range tt.want {
				if _, ok := c.Get(k); !ok {
					t.Errorf("Get(%q) misses a key the cache lists", k)
				}
			}
		})
	}
}

func TestGetReturnsWhatWasPut(t *testing.T) {
	t.Parallel()
	c := New[string, []byte](2)
	c.Put("a", []byte("x"))
	if v, ok := c.Get("a"); !ok || string(v) != "x" {
		t.Errorf("Get(a) = %q, %v; want x, true", v, ok)
	}
	if v, ok := c.Get("b"); ok || v != nil {
		t.Errorf("Get(b) = %q, %v; want nil, false", v, ok)
	}
	if c.Weight() != 0 {
		t.Errorf("an unweighed cache weighs %d", c.Weight())
	}
}

func TestNewRefusesNoRoom(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Error("New(0) made a cache that can hold nothing")
		}
	}()
	New[string, int](0)
}

// model is the plainest LRU: a slice of entries, the most recently used
// first, dropping from its end, with none of Cache's list and map.
type model struct {
	max       int
	maxWeight int64
	keys      []int
	values    []int
}

func (m *model) weight() int64 {
	var w int64
	for _, v := range m.values {
		w += int64(v)
	}
	return w
}

func (m *model) remove(k int) {
	if i := slices.Index(m.keys, k); i >= 0 {
		m.keys = slices.Delete(m.keys, i, i+1)
		m.values = slices.Delete(m.values, i, i+1)
	}
}

func (m *model) get(k int) (int, bool) {
	i := slices.Index(m.keys, k)
	if i < 0 {
		return 0, false
	}
	v := m.values[i]
	m.remove(k)
	m.keys, m.values = slices.Insert(m.keys, 0, k), slices.Insert(m.values, 0, v)
	return v, true
}

func (m *model) put(k, v int) {
	m.remove(k)
	m.keys, m.values = slices.Insert(m.keys, 0, k), slices.Insert(m.values, 0, v)
	for len(m.keys) > 1 && (len(m.keys) > m.max || m.maxWeight > 0 && m.weight() > m.maxWeight) {
		m.keys, m.values = m.keys[:len(m.keys)-1], m.values[:len(m.values)-1]
	}
}

// TestAgainstModel runs random calls, on few keys so that they meet, on
// a cache and on the model, and checks that both answer and hold the
// same after each.
func TestAgainstModel(t *testing.T) {
	t.Parallel()
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 29))
		max, maxWeight := 1+r.IntN(6), int64(r.IntN(30))
		c := NewWeighed[int](max, maxWeight, func(v int) int64 { return int64(v) })
		m := &model{max: max, maxWeight: maxWeight}
		for i := range 300 {
			k := r.IntN(10)
			switch r.IntN(3) {
			case 0:
				v := r.IntN(12)
				c.Put(k, v)
				m.put(k, v)
			case 1:
				got, ok := c.Get(k)
				want, wantOK := m.get(k)
				if got != want || ok != wantOK {
					t.Fatalf("seed %d, call %d: Get(%d) = %d, %v; the model has %d, %v", seed, i, k, got, ok, want, wantOK)
				}
			case 2:
				_, want := m.get(k)
				m.remove(k)
				if got := c.Remove(k); got != want {
					t.Fatalf("seed %d, call %d: Remove(%d) = %v; the model had it: %v", seed, i, k, got, want)
				}
			}
			if got := c.keys(); !slices.Equal(got, m.keys) || c.Len() != len(m.keys) || c.Weight() != m.weight() {
				t.Fatalf("seed %d, call %d: the cache holds %v weighing %d, the model %v weighing %d", seed, i, got, c.Weight(), m.keys, m.weight())
			}
		}
	}
}
