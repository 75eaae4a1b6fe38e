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

// firstChunkLen is the capacity of the first chunk when it is made; it
// doubles as it fills, up to chunkLen.
const firstChunkLen = 64

func (c *chunked[T]) add(v T) {
	if c.n%chunkLen == 0 {
		// The first chunk starts small, so a short list stays small.
		c.chunks = append(c.chunks, make([]T, 0, min(c.n+firstChunkLen, chunkLen)))
	}
	last := &c.chunks[len(c.chunks)-1]
	if len(*last) == cap(*last) {
		grown := make([]T, len(*last), min(2*cap(*last), chunkLen))
		copy(grown, *last)
		*last = grown
	}
	*last = append(*last, v)
	c.n++
}

func (c *chunked[T]) len() int { return c.n }

// at returns a pointer to value i.
func (c *chunked[T]) at(i int) *T { return &c.chunks[i/chunkLen][i%chunkLen] }

// appendTo appends c's values to s, in order, and returns the result.
func (c *chunked[T]) appendTo(s []T) []T {
	s = slices.Grow(s, c.n)
	for _, ch := range c.chunks {
		s = append(s, ch...)
	}
	return s
}

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
