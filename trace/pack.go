package trace

import (
	"encoding/binary"
	"math"
	"time"
)

// A Tree holds its events packed: each event is a kind byte, a bit mask of
// the fields that differ from their zero value, and those fields as
// varints, strings as indexes into a shared table of strings. An enter or
// leave event packs into three bytes, where the Event struct takes over 400.
// The packing is the Tree's own, in memory; trace files are the codec's.

// The packed fields, in the order of the mask's bits: the common ones first,
// so that the mask of most events fits in one byte.
const (
	pkNode = iota
	pkParent
	pkAction
	pkLabel
	pkDepth
	pkType
	pkBoard
	pkValue
	pkTerminal
	pkBest
	pkAlpha
	pkBeta
	pkCut
	pkPruned
	pkPrunedLabels
	pkJoint
	pkChild
	pkScores
	pkVisits
	pkExplore
	pkChildren
	pkResult
	pkLength
	pkPath
	pkValues
	pkKept
	pkDropped
	pkIteration
	pkDiscarded
	pkCounters
	pkText
	pkTruncated
	pkProb
	pkSame
)

// strTable numbers the strings of a Tree's events and nodes, so that a
// label repeated on thousands of nodes is held once and a packed event
// names it with a varint. Index 0 is the empty string.
type strTable struct {
	strs []string
	ids  map[string]uint32 // while building; nil afterwards
}

// maxInternedLen and maxInterned bound the strings a strTable looks up
// before adding: short ones (labels, small boards) repeat, long ones
// (notes, big boards) rarely, and the lookup map costs memory per entry.
const (
	maxInternedLen = 64
	maxInterned    = 1 << 20
)

func newStrTable() strTable {
	return strTable{strs: []string{""}, ids: map[string]uint32{"": 0}}
}

// ref returns s's index, adding s if needed.
func (t *strTable) ref(s string) uint32 {
	if s == "" {
		return 0
	}
	if len(s) <= maxInternedLen {
		if id, ok := t.ids[s]; ok {
			return id
		}
	}
	id := uint32(len(t.strs))
	t.strs = append(t.strs, s)
	if len(s) <= maxInternedLen && len(t.ids) < maxInterned {
		t.ids[s] = id
	}
	return id
}

// done drops the lookup map once no string will be added.
func (t *strTable) done() { t.ids = nil }

func zigzag(v int64) uint64   { return uint64(v<<1) ^ uint64(v>>63) }
func unzigzag(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

func appendInt(b []byte, v int64) []byte { return binary.AppendUvarint(b, zigzag(v)) }

// maxExactInt is the largest magnitude appendFloat packs as an integer.
const maxExactInt = 1 << 52

// appendFloat packs v as a varint when it is a whole number of modest size
// (most values of a game-tree search are), else as its 8 bytes; the low
// bit of the first varint tells which.
func appendFloat(b []byte, v float64) []byte {
	if v == math.Trunc(v) && math.Abs(v) < maxExactInt && !(v == 0 && math.Signbit(v)) {
		return binary.AppendUvarint(b, zigzag(int64(v))<<1)
	}
	b = append(b, 1)
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
}

// unpacker reads the fields of one packed record.
type unpacker struct {
	b []byte
	i int
}

func (u *unpacker) more() bool { return u.i < len(u.b) }

func (u *unpacker) uvarint() uint64 {
	v, n := binary.Uvarint(u.b[u.i:])
	u.i += n
	return v
}

func (u *unpacker) int() int64 { return unzigzag(u.uvarint()) }

func (u *unpacker) byte() byte {
	c := u.b[u.i]
	u.i++
	return c
}

func (u *unpacker) float() float64 {
	x := u.uvarint()
	if x&1 == 0 {
		return float64(unzigzag(x >> 1))
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(u.b[u.i:]))
	u.i += 8
	return v
}

// packEvent appends e, without its step, to b, adding its strings to strs.
func packEvent(b []byte, e *Event, strs *strTable) []byte {
	var mask uint64
	set := func(bit int, present bool) {
		if present {
			mask |= 1 << bit
		}
	}
	set(pkNode, e.Node != 0)
	set(pkParent, e.Parent != 0)
	set(pkAction, e.Action != 0)
	set(pkLabel, e.Label != "")
	set(pkDepth, e.Depth != 0)
	set(pkType, e.Type != 0)
	set(pkBoard, e.Board != "")
	set(pkValue, math.Float64bits(e.Value) != 0)
	set(pkTerminal, e.Terminal)
	set(pkBest, e.Best != 0)
	set(pkAlpha, math.Float64bits(e.Alpha) != 0)
	set(pkBeta, math.Float64bits(e.Beta) != 0)
	set(pkCut, e.Cut != 0)
	set(pkPruned, e.Pruned != nil)
	set(pkPrunedLabels, e.PrunedLabels != nil)
	set(pkJoint, e.Joint != nil)
	set(pkChild, e.Child != 0)
	set(pkScores, e.Scores != nil)
	set(pkVisits, e.Visits != 0)
	set(pkExplore, math.Float64bits(e.Explore) != 0)
	set(pkChildren, e.Children != nil)
	set(pkResult, math.Float64bits(e.Result) != 0)
	set(pkLength, e.Length != 0)
	set(pkPath, e.Path != nil)
	set(pkValues, e.Values != nil)
	set(pkKept, e.Kept != nil)
	set(pkDropped, e.Dropped != nil)
	set(pkIteration, e.Iteration != 0)
	set(pkDiscarded, e.Discarded)
	set(pkCounters, e.Counters != Counters{})
	set(pkText, e.Text != "")
	set(pkTruncated, e.Truncated != 0)
	set(pkProb, math.Float64bits(e.Prob) != 0)
	set(pkSame, e.Same != 0)

	b = append(b, byte(e.Kind))
	b = binary.AppendUvarint(b, mask)
	has := func(bit int) bool { return mask&(1<<bit) != 0 }
	ids := func(b []byte, s []NodeID) []byte {
		b = binary.AppendUvarint(b, uint64(len(s)))
		for _, id := range s {
			b = appendInt(b, int64(id))
		}
		return b
	}
	if has(pkNode) {
		b = appendInt(b, int64(e.Node))
	}
	if has(pkParent) {
		b = appendInt(b, int64(e.Parent))
	}
	if has(pkAction) {
		b = appendInt(b, int64(e.Action))
	}
	if has(pkLabel) {
		b = binary.AppendUvarint(b, uint64(strs.ref(e.Label)))
	}
	if has(pkDepth) {
		b = appendInt(b, int64(e.Depth))
	}
	if has(pkType) {
		b = append(b, byte(e.Type))
	}
	if has(pkBoard) {
		b = binary.AppendUvarint(b, uint64(strs.ref(e.Board)))
	}
	if has(pkValue) {
		b = appendFloat(b, e.Value)
	}
	if has(pkBest) {
		b = appendInt(b, int64(e.Best))
	}
	if has(pkAlpha) {
		b = appendFloat(b, e.Alpha)
	}
	if has(pkBeta) {
		b = appendFloat(b, e.Beta)
	}
	if has(pkCut) {
		b = append(b, byte(e.Cut))
	}
	if has(pkPruned) {
		b = binary.AppendUvarint(b, uint64(len(e.Pruned)))
		for _, a := range e.Pruned {
			b = appendInt(b, int64(a))
		}
	}
	if has(pkPrunedLabels) {
		b = binary.AppendUvarint(b, uint64(len(e.PrunedLabels)))
		for _, s := range e.PrunedLabels {
			b = binary.AppendUvarint(b, uint64(strs.ref(s)))
		}
	}
	if has(pkJoint) {
		for _, m := range e.Joint {
			b = appendInt(b, int64(m.Action))
			b = binary.AppendUvarint(b, uint64(strs.ref(m.Label)))
		}
	}
	if has(pkChild) {
		b = appendInt(b, int64(e.Child))
	}
	if has(pkScores) {
		b = binary.AppendUvarint(b, uint64(len(e.Scores)))
		for _, s := range e.Scores {
			b = appendInt(b, int64(s.Child))
			b = appendInt(b, int64(s.Action))
			b = appendFloat(b, s.W)
			b = appendInt(b, int64(s.N))
			b = appendFloat(b, s.UCB)
		}
	}
	if has(pkVisits) {
		b = appendInt(b, int64(e.Visits))
	}
	if has(pkExplore) {
		b = appendFloat(b, e.Explore)
	}
	if has(pkChildren) {
		b = ids(b, e.Children)
	}
	if has(pkResult) {
		b = appendFloat(b, e.Result)
	}
	if has(pkLength) {
		b = appendInt(b, int64(e.Length))
	}
	if has(pkPath) {
		b = ids(b, e.Path)
	}
	if has(pkValues) {
		b = binary.AppendUvarint(b, uint64(len(e.Values)))
		for _, v := range e.Values {
			b = appendFloat(b, v)
		}
	}
	if has(pkKept) {
		b = ids(b, e.Kept)
	}
	if has(pkDropped) {
		b = ids(b, e.Dropped)
	}
	if has(pkIteration) {
		b = appendInt(b, int64(e.Iteration))
	}
	if has(pkCounters) {
		c := e.Counters
		for _, v := range [...]int64{int64(c.Nodes), int64(c.Evals), int64(c.Cuts), int64(c.Elapsed)} {
			b = appendInt(b, v)
		}
	}
	if has(pkText) {
		b = binary.AppendUvarint(b, uint64(strs.ref(e.Text)))
	}
	if has(pkTruncated) {
		b = append(b, byte(e.Truncated))
	}
	if has(pkProb) {
		b = appendFloat(b, e.Prob)
	}
	if has(pkSame) {
		b = appendInt(b, int64(e.Same))
	}
	return b
}

// unpackEvent sets e, but for its step, from a record packEvent made. The
// slices of e are reused when reuse is true, and otherwise made afresh, so
// the caller may keep them; either way a field that was a non-nil empty
// slice comes back non-nil and empty.
func unpackEvent(rec []byte, e *Event, strs []string, reuse bool) {
	u := unpacker{b: rec}
	kind := Kind(u.byte())
	mask := u.uvarint()
	has := func(bit int) bool { return mask&(1<<bit) != 0 }
	old := *e
	*e = Event{Kind: kind}
	ids := func(keep []NodeID) []NodeID {
		n := int(u.uvarint())
		s := emptied(keep, n, reuse)
		for range n {
			s = append(s, NodeID(u.int()))
		}
		return s
	}
	if has(pkNode) {
		e.Node = NodeID(u.int())
	}
	if has(pkParent) {
		e.Parent = NodeID(u.int())
	}
	if has(pkAction) {
		e.Action = int(u.int())
	}
	if has(pkLabel) {
		e.Label = strs[u.uvarint()]
	}
	if has(pkDepth) {
		e.Depth = int(u.int())
	}
	if has(pkType) {
		e.Type = NodeType(u.byte())
	}
	if has(pkBoard) {
		e.Board = strs[u.uvarint()]
	}
	if has(pkValue) {
		e.Value = u.float()
	}
	e.Terminal = has(pkTerminal)
	if has(pkBest) {
		e.Best = NodeID(u.int())
	}
	if has(pkAlpha) {
		e.Alpha = u.float()
	}
	if has(pkBeta) {
		e.Beta = u.float()
	}
	if has(pkCut) {
		e.Cut = CutKind(u.byte())
	}
	if has(pkPruned) {
		n := int(u.uvarint())
		e.Pruned = emptied(old.Pruned, n, reuse)
		for range n {
			e.Pruned = append(e.Pruned, int(u.int()))
		}
	}
	if has(pkPrunedLabels) {
		n := int(u.uvarint())
		e.PrunedLabels = emptied(old.PrunedLabels, n, reuse)
		for range n {
			e.PrunedLabels = append(e.PrunedLabels, strs[u.uvarint()])
		}
	}
	if has(pkJoint) {
		var j JointAction
		for i := range j {
			j[i].Action = int(u.int())
			j[i].Label = strs[u.uvarint()]
		}
		e.Joint = &j
	}
	if has(pkChild) {
		e.Child = NodeID(u.int())
	}
	if has(pkScores) {
		n := int(u.uvarint())
		e.Scores = emptied(old.Scores, n, reuse)
		for range n {
			var s Score
			s.Child = NodeID(u.int())
			s.Action = int(u.int())
			s.W = u.float()
			s.N = int(u.int())
			s.UCB = u.float()
			e.Scores = append(e.Scores, s)
		}
	}
	if has(pkVisits) {
		e.Visits = int(u.int())
	}
	if has(pkExplore) {
		e.Explore = u.float()
	}
	if has(pkChildren) {
		e.Children = ids(old.Children)
	}
	if has(pkResult) {
		e.Result = u.float()
	}
	if has(pkLength) {
		e.Length = int(u.int())
	}
	if has(pkPath) {
		e.Path = ids(old.Path)
	}
	if has(pkValues) {
		n := int(u.uvarint())
		e.Values = emptied(old.Values, n, reuse)
		for range n {
			e.Values = append(e.Values, u.float())
		}
	}
	if has(pkKept) {
		e.Kept = ids(old.Kept)
	}
	if has(pkDropped) {
		e.Dropped = ids(old.Dropped)
	}
	if has(pkIteration) {
		e.Iteration = int(u.int())
	}
	e.Discarded = has(pkDiscarded)
	if has(pkCounters) {
		e.Counters = Counters{Nodes: int(u.int()), Evals: int(u.int()), Cuts: int(u.int()), Elapsed: time.Duration(u.int())}
	}
	if has(pkText) {
		e.Text = strs[u.uvarint()]
	}
	if has(pkTruncated) {
		e.Truncated = Truncation(u.byte())
	}
	if has(pkProb) {
		e.Prob = u.float()
	}
	if has(pkSame) {
		e.Same = NodeID(u.int())
	}
}

// emptied returns old emptied when reuse is true and old is not nil, and
// otherwise a new empty slice with room for n.
func emptied[T any](old []T, n int, reuse bool) []T {
	if reuse && old != nil {
		return old[:0]
	}
	return make([]T, 0, n)
}
