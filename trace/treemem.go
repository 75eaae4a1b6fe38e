package trace

import (
	"unsafe"

	"github.com/searchviz/searchviz/trace/internal/store"
)

// MemSize returns an estimate of the bytes of memory t holds, for a cache
// that keeps folded traces within a byte budget: the packed events and
// their strings, the nodes, the packed changes and their indexes, the
// checkpoints, the indexes of the queries (LatestBeam, IterationAt,
// FirstEval, RootVisits), and t's own states of the nodes. A Tree shares
// the pages of its nodes' states (256 nodes, 120 bytes each, a page) with
// the checkpoints and its clones until it changes them, so that a Tree
// and its clones hold the fold's bytes once and beyond them a page table
// (24 bytes a page) each and the pages their steps since the last
// checkpoint changed. MemSize takes time in proportion to the pages.
func (t *Tree) MemSize() int64 {
	return t.f.memSize + int64(unsafe.Sizeof(Tree{})) + t.cur.mem()
}

// OwnMemSize returns the bytes t holds on its own, beyond the fold it
// shares with its clones: its page table and the pages of states its
// steps changed (see MemSize).
func (t *Tree) OwnMemSize() int64 {
	return int64(unsafe.Sizeof(Tree{})) + t.cur.mem() + int64(cap(t.buf))*int64(unsafe.Sizeof(dynChange{}))
}

// mem returns the bytes the fold holds.
func (f *treeFold) mem() int64 {
	n := int64(unsafe.Sizeof(treeFold{}))
	n += f.events.Mem() + f.changes.Mem() + f.events.Spill().Mem()
	n += store.AllocSize(int64(cap(f.strs))*int64(unsafe.Sizeof(""))) + strsMem(f.strs)
	n += f.nodes.Mem() + f.holders.Mem()
	n += store.AllocSize(int64(cap(f.kids)) * int64(unsafe.Sizeof(NodeID(0))))
	n += store.AllocSize(int64(cap(f.kidsAt)) * int64(unsafe.Sizeof(int32(0))))
	n += store.AllocSize(int64(cap(f.joints)) * int64(unsafe.Sizeof(JointAction{})))
	n += store.AllocSize(int64(cap(f.probs)) * int64(unsafe.Sizeof(float64(0))))
	n += store.AllocSize(int64(cap(f.changesBefore)) * int64(unsafe.Sizeof(int64(0))))
	n += store.AllocSize(int64(cap(f.checkpoints)) * int64(unsafe.Sizeof(checkpoint{})))
	n += checkpointsBytes(f.checkpoints)
	for _, s := range [...][]int32{f.beams, f.iterations, f.firstEval, f.visitSteps} {
		n += store.AllocSize(int64(cap(s)) * int64(unsafe.Sizeof(int32(0))))
	}
	n += store.AllocSize(int64(cap(f.visitChild)) * int64(unsafe.Sizeof(NodeID(0))))
	n += f.iterStarts.mem() + f.cuts.mem() + f.backups.mem() + f.decisions.mem()
	if f.iterStarts.n == 0 { // else units shares iterStarts
		n += f.units.mem()
	}
	return n
}

// strsMem returns the bytes the texts of strs hold.
func strsMem(strs []string) int64 {
	var n int64
	for _, s := range strs {
		n += strMem(s)
	}
	return n
}

// strMem returns the bytes a string's text holds. Short strings share
// 16-byte blocks in Go's allocator, so they are counted at their length.
func strMem(s string) int64 {
	if len(s) < 16 {
		return int64(len(s))
	}
	return store.AllocSize(int64(len(s)))
}
