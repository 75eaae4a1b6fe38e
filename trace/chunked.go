package trace

import (
	"slices"
	"unsafe"
)

// chunked is an append-only list of values in fixed-size chunks: growing it
// never copies what it holds, which for lists of millions of nodes costs
// far more than the appends themselves.
type chunked[T any] struct {
	chunks [][]T
	n      int
}

// chunkLen is the number of values per chunk.
const chunkLen = 1 << 14

func (c *chunked[T]) add(v T) {
	if c.n%chunkLen == 0 {
		c.chunks = append(c.chunks, make([]T, 0, chunkLen))
	}
	last := &c.chunks[len(c.chunks)-1]
	*last = append(*last, v)
	c.n++
}

func (c *chunked[T]) len() int { return c.n }

// at returns a pointer to value i.
func (c *chunked[T]) at(i int) *T { return &c.chunks[i/chunkLen][i%chunkLen] }

// clip returns a copy of c that shares its values and never sees more,
// for a reader while c goes on growing.
func (c *chunked[T]) clip() chunked[T] {
	out := chunked[T]{chunks: slices.Clone(c.chunks), n: c.n}
	if last := len(out.chunks) - 1; last >= 0 {
		out.chunks[last] = slices.Clip(out.chunks[last])
	}
	return out
}

// mem returns the bytes c holds.
func (c *chunked[T]) mem() int64 {
	var v T
	n := allocSize(int64(cap(c.chunks)) * int64(unsafe.Sizeof([]T(nil))))
	for _, ch := range c.chunks {
		n += allocSize(int64(cap(ch)) * int64(unsafe.Sizeof(v)))
	}
	return n
}
