package trace

import (
	"encoding/binary"
	"slices"
)

// records is an append-only sequence of byte records, each prefixed by its
// length, in chunks that a record never straddles, growing from
// minRecordChunk bytes to recordChunk so that a small trace takes little. Every recordBlock-th record's position is indexed, so finding
// record k skips at most recordBlock-1 length prefixes, and the index
// costs a fraction of a byte per record.
type records struct {
	chunks [][]byte
	blocks []uint64 // the position of record i*recordBlock: chunk<<32 | offset
	n      int
}

const (
	minRecordChunk = 4 << 10
	recordChunk    = 1 << 20
	recordBlock    = 32
)

// add appends one record.
func (r *records) add(rec []byte) {
	need := binary.MaxVarintLen64 + len(rec)
	last := len(r.chunks) - 1
	if last < 0 || cap(r.chunks[last])-len(r.chunks[last]) < need {
		size := minRecordChunk
		if last >= 0 {
			size = min(recordChunk, 2*cap(r.chunks[last]))
		}
		r.chunks = append(r.chunks, make([]byte, 0, max(size, need)))
		last++
	}
	if r.n%recordBlock == 0 {
		r.blocks = append(r.blocks, uint64(last)<<32|uint64(len(r.chunks[last])))
	}
	c := binary.AppendUvarint(r.chunks[last], uint64(len(rec)))
	r.chunks[last] = append(c, rec...)
	r.n++
}

// clip returns a copy of r that shares its records and never sees more,
// for a reader while r goes on growing.
func (r *records) clip() records {
	c := records{chunks: slices.Clip(r.chunks), blocks: slices.Clip(r.blocks), n: r.n}
	if last := len(c.chunks) - 1; last >= 0 {
		c.chunks = slices.Clone(c.chunks)
		c.chunks[last] = slices.Clip(c.chunks[last])
	}
	return c
}

// len returns the number of records.
func (r *records) len() int { return r.n }

// at returns record k, shared.
func (r *records) at(k int) []byte {
	c := r.cursor(k)
	return c.next()
}

// cursor returns a cursor whose next record is k, which may be len().
func (r *records) cursor(k int) recordCursor {
	b := k / recordBlock
	if b == len(r.blocks) { // k == n, at a block boundary
		return recordCursor{r: r, chunk: len(r.chunks), k: k}
	}
	pos := r.blocks[b]
	c := recordCursor{r: r, chunk: int(pos >> 32), off: int(uint32(pos)), k: b * recordBlock}
	for c.k < k {
		c.skip()
	}
	return c
}

// size returns the bytes r holds.
func (r *records) size() int64 {
	n := allocSize(int64(cap(r.chunks))*24) + allocSize(int64(cap(r.blocks))*8)
	for _, c := range r.chunks {
		n += allocSize(int64(cap(c)))
	}
	return n
}

// recordCursor reads records in order.
type recordCursor struct {
	r          *records
	chunk, off int
	k          int // the index of the next record
}

// next returns the next record, shared; the cursor must not be at the end.
func (c *recordCursor) next() []byte {
	b := c.r.chunks[c.chunk]
	if c.off == len(b) {
		c.chunk, c.off = c.chunk+1, 0
		b = c.r.chunks[c.chunk]
	}
	n, w := binary.Uvarint(b[c.off:])
	start := c.off + w
	c.off = start + int(n)
	c.k++
	return b[start:c.off:c.off]
}

func (c *recordCursor) skip() { c.next() }
