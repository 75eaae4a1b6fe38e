package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"sync"
)

// Records is an append-only sequence of byte records, each prefixed by its
// length, in chunks that a record never straddles, growing from
// minRecordChunk bytes to recordChunk so that a small trace takes little.
// Every RecordBlock-th record's position is indexed, so finding record k
// skips at most RecordBlock-1 length prefixes, and the index costs a
// fraction of a byte per record.
//
// With a spill file, full chunks beyond a budget of resident bytes are
// written to the file and read back, a few at a time, when needed.
type Records struct {
	chunks [][]byte   // nil for a chunk in the spill file
	refs   []spillRef // where each chunk is in the spill file, if it is
	blocks []uint64   // the position of record i*RecordBlock: chunk<<32 | offset
	n      int

	sp       *Spill
	budget   int64 // the most bytes of resident chunks, with sp
	resident int64 // the bytes of the resident chunks
	oldest   int   // the first chunk that may be resident
}

// The sizes of a Records' chunks, and how many records a block indexes.
const (
	minRecordChunk = 4 << 10
	recordChunk    = 1 << 20
	// RecordBlock is how many records share one entry of the index: a
	// caller keeping something per block of records does it per RecordBlock.
	RecordBlock = 32
)

// Add appends one record, or fails to write a chunk to the spill file.
func (r *Records) Add(rec []byte) error {
	need := binary.MaxVarintLen64 + len(rec)
	last := len(r.chunks) - 1
	if last < 0 || cap(r.chunks[last])-len(r.chunks[last]) < need {
		size := minRecordChunk
		if last >= 0 {
			size = min(r.maxChunk(), 2*cap(r.chunks[last]))
		}
		c := make([]byte, 0, max(size, need))
		if err := r.makeRoom(int64(cap(c))); err != nil {
			return err
		}
		r.chunks = append(r.chunks, c)
		r.refs = append(r.refs, spillRef{})
		r.resident += int64(cap(c))
		last++
	}
	if r.n%RecordBlock == 0 {
		r.blocks = append(r.blocks, uint64(last)<<32|uint64(len(r.chunks[last])))
	}
	c := binary.AppendUvarint(r.chunks[last], uint64(len(rec)))
	r.chunks[last] = append(c, rec...)
	r.n++
	return nil
}

// maxChunk returns the largest size of a new chunk: recordChunk, or less
// under a small budget, so that few chunks fit in it.
func (r *Records) maxChunk() int {
	if r.sp == nil {
		return recordChunk
	}
	return int(min(recordChunk, max(minRecordChunk, r.budget/4)))
}

// makeRoom writes the oldest resident chunks to the spill file until a
// new chunk of n bytes fits in the budget.
func (r *Records) makeRoom(n int64) error {
	for r.sp != nil && r.resident+n > r.budget && r.oldest < len(r.chunks) {
		c := r.chunks[r.oldest]
		ref, err := r.sp.write(c)
		if err != nil {
			return err
		}
		r.refs[r.oldest] = ref
		r.chunks[r.oldest] = nil
		r.resident -= int64(cap(c))
		r.oldest++
	}
	return nil
}

// Clip returns a copy of r that shares its records and never sees more,
// for a reader while r goes on growing.
func (r *Records) Clip() Records {
	c := *r
	c.chunks = slices.Clone(r.chunks)
	c.refs = slices.Clip(r.refs)
	c.blocks = slices.Clip(r.blocks)
	if last := len(c.chunks) - 1; last >= 0 && c.chunks[last] != nil {
		c.chunks[last] = slices.Clip(c.chunks[last])
	}
	return c
}

// SetSpill makes r write its full chunks beyond budget resident bytes to
// sp, which r's clips and other Records may share.
func (r *Records) SetSpill(sp *Spill, budget int64) { r.sp, r.budget = sp, budget }

// Spill returns r's spill file, or nil.
func (r *Records) Spill() *Spill { return r.sp }

// Spilled returns how many of r's chunks are in its spill file, and how
// many chunks r has in all.
func (r *Records) Spilled() (spilled, chunks int) {
	for _, c := range r.chunks {
		if c == nil {
			spilled++
		}
	}
	return spilled, len(r.chunks)
}

// Len returns the number of records.
func (r *Records) Len() int { return r.n }

// chunk returns chunk i, from memory or from the spill file.
func (r *Records) chunk(i int) []byte {
	if c := r.chunks[i]; c != nil {
		return c
	}
	return r.sp.read(r.refs[i])
}

// At returns record k, shared.
func (r *Records) At(k int) []byte {
	c := r.Cursor(k)
	return c.Next()
}

// Cursor returns a cursor whose next record is k, which may be Len().
func (r *Records) Cursor(k int) Cursor {
	b := k / RecordBlock
	if b == len(r.blocks) { // k == n, at a block boundary
		return Cursor{r: r, chunk: len(r.chunks), k: k}
	}
	pos := r.blocks[b]
	c := Cursor{r: r, chunk: int(pos >> 32), off: int(uint32(pos)), k: b * RecordBlock}
	c.b = r.chunk(c.chunk)
	for c.k < k {
		c.Next()
	}
	return c
}

// Mem returns the bytes r holds in memory.
func (r *Records) Mem() int64 {
	n := AllocSize(int64(cap(r.chunks))*24) + AllocSize(int64(cap(r.refs))*16) + AllocSize(int64(cap(r.blocks))*8)
	for _, c := range r.chunks {
		n += AllocSize(int64(cap(c)))
	}
	return n
}

// Cursor reads records in order.
type Cursor struct {
	r          *Records
	b          []byte // chunk's bytes
	chunk, off int
	k          int // the index of the next record
}

// Next returns the next record, shared; the cursor must not be at the end.
func (c *Cursor) Next() []byte {
	if c.off == len(c.b) {
		c.chunk, c.off = c.chunk+1, 0
		c.b = c.r.chunk(c.chunk)
	}
	n, w := binary.Uvarint(c.b[c.off:])
	start := c.off + w
	c.off = start + int(n)
	c.k++
	return c.b[start:c.off:c.off]
}

// Spill is a temporary file holding chunks of records that a memory budget
// keeps out of memory. The file is removed as soon as it is made, so
// nothing is left behind whatever happens to the process; its space is
// freed when the last Records that reads it is collected. A Spill is safe
// for concurrent use, as the clips of one Records read it at once.
type Spill struct {
	mu       sync.Mutex
	f        *os.File
	end      int64
	cache    []spillCached // the chunks read last, the most recent last
	cached   int64         // the bytes of cache
	maxCache int64         // the most bytes cache holds beyond its last chunk
}

// spillRef is where a chunk is in the spill file.
type spillRef struct {
	off int64
	n   int
}

type spillCached struct {
	off int64
	b   []byte
}

// reason is the system's reason for err, "no space left on device", when
// err is a file operation's error: the spill file is a temporary one,
// whose name says nothing to the person who reads the error.
func reason(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}

// NewSpill creates the spill file in dir, or in the system's temporary
// directory if dir is "", with a cache of the chunks read back of at most
// maxCache bytes and one chunk.
func NewSpill(dir string, maxCache int64) (*Spill, error) {
	f, err := os.CreateTemp(dir, "searchviz-fold-*")
	if err != nil {
		return nil, fmt.Errorf("trace: making a file for what does not fit the memory budget: %w", reason(err))
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, fmt.Errorf("trace: making a file for what does not fit the memory budget: %w", reason(err))
	}
	return &Spill{f: f, maxCache: maxCache}, nil
}

// write appends b to the file and returns where it is.
func (s *Spill) write(b []byte) (spillRef, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ref := spillRef{off: s.end, n: len(b)}
	if _, err := s.f.WriteAt(b, s.end); err != nil {
		return spillRef{}, fmt.Errorf("trace: writing what does not fit the memory budget to a file: %w", reason(err))
	}
	s.end += int64(len(b))
	return ref, nil
}

// read returns a chunk the spill holds. It panics if the file cannot be
// read back, which only a failing disk would do.
func (s *Spill) read(ref spillRef) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, c := range s.cache {
		if c.off == ref.off {
			s.cache = append(append(s.cache[:i:i], s.cache[i+1:]...), c)
			return c.b
		}
	}
	b := make([]byte, ref.n)
	if _, err := s.f.ReadAt(b, ref.off); err != nil {
		panic(fmt.Sprintf("trace: reading back what did not fit the memory budget: %v", reason(err)))
	}
	for len(s.cache) > 0 && s.cached+int64(len(b)) > s.maxCache {
		s.cached -= int64(len(s.cache[0].b))
		s.cache = append(s.cache[:0:0], s.cache[1:]...)
	}
	s.cache = append(s.cache, spillCached{off: ref.off, b: b})
	s.cached += int64(len(b))
	return b
}

// Mem returns the most bytes the spill's cache holds.
func (s *Spill) Mem() int64 {
	if s == nil {
		return 0
	}
	return s.maxCache
}
