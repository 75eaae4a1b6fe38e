package store

import (
	"slices"
	"unsafe"
)

// Chunked is an append-only list of values in fixed-size chunks: growing it
// never copies what it holds, which for lists of millions of nodes costs
// far more than the appends themselves.
type Chunked[T any] struct {
	chunks [][]T
	n      int
}

// ChunkLen is the number of values per chunk; a run of values that a
// multiple of it does not cross lies in one chunk.
const ChunkLen = 1 << 14

// firstChunkLen is the capacity of the first chunk when it is made; it
// doubles as it fills, up to ChunkLen.
const firstChunkLen = 64

// Add appends v.
func (c *Chunked[T]) Add(v T) {
	if c.n%ChunkLen == 0 {
		// The first chunk starts small, so a short list stays small.
		c.chunks = append(c.chunks, make([]T, 0, min(c.n+firstChunkLen, ChunkLen)))
	}
	last := &c.chunks[len(c.chunks)-1]
	if len(*last) == cap(*last) {
		grown := make([]T, len(*last), min(2*cap(*last), ChunkLen))
		copy(grown, *last)
		*last = grown
	}
	*last = append(*last, v)
	c.n++
}

// Len returns the number of values.
func (c *Chunked[T]) Len() int { return c.n }

// Run returns values start to end, shared, which must lie in one chunk.
func (c *Chunked[T]) Run(start, end int) []T {
	return c.chunks[start/ChunkLen][start%ChunkLen : start%ChunkLen+end-start]
}

// At returns a pointer to value i.
func (c *Chunked[T]) At(i int) *T { return &c.chunks[i/ChunkLen][i%ChunkLen] }

// AppendTo appends c's values to s, in order, and returns the result.
func (c *Chunked[T]) AppendTo(s []T) []T {
	s = slices.Grow(s, c.n)
	for _, ch := range c.chunks {
		s = append(s, ch...)
	}
	return s
}

// Clip returns a copy of c that shares its values and never sees more,
// for a reader while c goes on growing.
func (c *Chunked[T]) Clip() Chunked[T] {
	out := Chunked[T]{chunks: slices.Clone(c.chunks), n: c.n}
	if last := len(out.chunks) - 1; last >= 0 {
		out.chunks[last] = slices.Clip(out.chunks[last])
	}
	return out
}

// Mem returns the bytes c holds.
func (c *Chunked[T]) Mem() int64 {
	var v T
	n := AllocSize(int64(cap(c.chunks)) * int64(unsafe.Sizeof([]T(nil))))
	for _, ch := range c.chunks {
		n += AllocSize(int64(cap(ch)) * int64(unsafe.Sizeof(v)))
	}
	return n
}
