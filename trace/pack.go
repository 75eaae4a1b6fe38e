package trace

import (
	"encoding/binary"
	"math"
	"math/bits"
	"time"

	"github.com/searchviz/searchviz/trace/internal/event"
)

// A Tree holds its events packed: each event is a kind byte, a bit mask of
// the fields that differ from their zero value, and those fields as
// varints, strings as indexes into a shared table of strings. An enter or
// leave event packs into three bytes, where the Event struct takes over 400.
// The packing is the Tree's own, in memory; trace files are the codec's.

// A packed event's mask has a bit for each of Event's fields in the spec
// table, from event.FNode up to the header's fields, in FieldID order:
// the common fields come first, so that the mask of most events fits in
// one byte. The table drives the packing as it drives the codec, so a
// field added to it is packed with no change here.
const (
	firstPacked = event.FNode
	endPacked   = event.FFormat
)

// The mask is a uint64: this fails to compile once the fields outgrow it.
var _ [64 - (endPacked - firstPacked)]struct{}

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
	for id := firstPacked; id < endPacked; id++ {
		if event.NonZero(id, e) {
			mask |= 1 << (id - firstPacked)
		}
	}
	b = append(b, byte(e.Kind))
	b = binary.AppendUvarint(b, mask)
	for m := mask; m != 0; m &= m - 1 {
		b = packField(b, firstPacked+event.FieldID(bits.TrailingZeros64(m)), e, strs)
	}
	return b
}

// packField appends field id of e; a boolean's value is its mask bit.
func packField(b []byte, id event.FieldID, e *Event, strs *strTable) []byte {
	packInt := func(b []byte, v int) []byte { return appendInt(b, int64(v)) }
	packNode := func(b []byte, v NodeID) []byte { return appendInt(b, int64(v)) }
	packString := func(b []byte, s string) []byte { return binary.AppendUvarint(b, uint64(strs.ref(s))) }
	switch event.FieldInfos[id].Type {
	case event.TInteger, event.TNode:
		return appendInt(b, event.IntValue(id, e))
	case event.TNumber:
		return appendFloat(b, *event.NumberMember(id, e))
	case event.TString:
		return packString(b, *event.StringMember(id, e))
	case event.TNodes:
		return packList(b, *event.NodesMember(id, e), packNode)
	case event.TNodeKind:
		return append(b, byte(e.Type))
	case event.TCut:
		return append(b, byte(e.Cut))
	case event.TTruncation:
		return append(b, byte(e.Truncated))
	case event.TIntegers:
		return packList(b, e.Pruned, packInt)
	case event.TStrings:
		return packList(b, e.PrunedLabels, packString)
	case event.TNumbers:
		return packList(b, e.Values, appendFloat)
	case event.TScores:
		return packList(b, e.Scores, func(b []byte, s Score) []byte {
			b = packInt(packNode(b, s.Child), s.Action)
			return appendFloat(packInt(appendFloat(b, s.W), s.N), s.UCB)
		})
	case event.TCounters:
		c := e.Counters
		for _, v := range [...]int64{int64(c.Nodes), int64(c.Evals), int64(c.Cuts), int64(c.Elapsed)} {
			b = appendInt(b, v)
		}
	case event.TJoint:
		for _, m := range e.Joint {
			b = packString(packInt(b, m.Action), m.Label)
		}
	}
	return b
}

// packList appends the length of s and then each element.
func packList[T any](b []byte, s []T, elem func([]byte, T) []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	for _, v := range s {
		b = elem(b, v)
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
	old := *e
	*e = Event{Kind: kind}
	for m := mask; m != 0; m &= m - 1 {
		unpackField(&u, firstPacked+event.FieldID(bits.TrailingZeros64(m)), e, &old, strs, reuse)
	}
}

// unpackField sets field id of e from u, reusing old's slices if reuse.
func unpackField(u *unpacker, id event.FieldID, e, old *Event, strs []string, reuse bool) {
	unpackInt := func() int { return int(u.int()) }
	unpackNode := func() NodeID { return NodeID(u.int()) }
	unpackString := func() string { return strs[u.uvarint()] }
	switch event.FieldInfos[id].Type {
	case event.TInteger, event.TNode:
		event.SetIntValue(id, e, u.int())
	case event.TNumber:
		*event.NumberMember(id, e) = u.float()
	case event.TString:
		*event.StringMember(id, e) = unpackString()
	case event.TBoolean:
		*event.BoolMember(id, e) = true
	case event.TNodes:
		*event.NodesMember(id, e) = unpackList(u, *event.NodesMember(id, old), reuse, unpackNode)
	case event.TNodeKind:
		e.Type = NodeType(u.byte())
	case event.TCut:
		e.Cut = CutKind(u.byte())
	case event.TTruncation:
		e.Truncated = Truncation(u.byte())
	case event.TIntegers:
		e.Pruned = unpackList(u, old.Pruned, reuse, unpackInt)
	case event.TStrings:
		e.PrunedLabels = unpackList(u, old.PrunedLabels, reuse, unpackString)
	case event.TNumbers:
		e.Values = unpackList(u, old.Values, reuse, u.float)
	case event.TScores:
		e.Scores = unpackList(u, old.Scores, reuse, func() Score {
			return Score{Child: unpackNode(), Action: unpackInt(), W: u.float(), N: unpackInt(), UCB: u.float()}
		})
	case event.TCounters:
		e.Counters = Counters{Nodes: unpackInt(), Evals: unpackInt(), Cuts: unpackInt(), Elapsed: time.Duration(u.int())}
	case event.TJoint:
		var j JointAction
		for i := range j {
			j[i] = Move{Action: unpackInt(), Label: unpackString()}
		}
		e.Joint = &j
	}
}

// unpackList reads a length and then that many elements, into old's
// storage when reuse is true.
func unpackList[T any](u *unpacker, old []T, reuse bool, elem func() T) []T {
	n := int(u.uvarint())
	s := emptied(old, n, reuse)
	for range n {
		s = append(s, elem())
	}
	return s
}

// emptied returns old emptied when reuse is true and old is not nil, and
// otherwise a new empty slice with room for n.
func emptied[T any](old []T, n int, reuse bool) []T {
	if reuse && old != nil {
		return old[:0]
	}
	return make([]T, 0, n)
}
