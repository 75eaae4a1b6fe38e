package trace

import (
	"cmp"
	"encoding/binary"
	"math"
	"slices"
)

// holderBit marks, in a packed change's slot byte, a change to a
// placeholder, whose node is packed as its index among the placeholders.
const holderBit = 0x80

// packChanges appends to b the focus after an event and the changes it
// makes, in mergeChanges's order: each change's slot, marked when its node
// is a placeholder, then its node as the difference from the one before of
// the same sort, then its values.
func packChanges(b []byte, focus NodeID, cs []dynChange) []byte {
	b = binary.AppendUvarint(b, uint64(int64(focus)+1))
	prev, holders := NodeID(0), false
	for _, c := range cs {
		node, slot := c.node, byte(c.slot)
		if node < NoNode {
			node, slot = -2-node, slot|holderBit
			if !holders {
				prev, holders = 0, true
			}
		}
		b = append(b, slot)
		b = appendInt(b, int64(node-prev))
		prev = node
		for _, v := range [2]uint64{c.from, c.to} {
			switch c.slot.packing() {
			case 'f':
				b = appendFloat(b, math.Float64frombits(v))
			case 'i':
				b = appendInt(b, int64(v))
			default:
				b = binary.AppendUvarint(b, v)
			}
		}
	}
	return b
}

// unpackChanges appends the changes of a record packChanges made to cs and
// returns them with the focus, each placeholder numbered after the
// created nodes, of which there are created.
func unpackChanges(rec []byte, cs []dynChange, created int) (NodeID, []dynChange) {
	u := unpacker{b: rec}
	focus := NodeID(int64(u.uvarint()) - 1)
	prev, holders := NodeID(0), false
	for u.more() {
		slot := u.byte()
		if slot&holderBit != 0 && !holders {
			prev, holders = 0, true
		}
		var c dynChange
		prev += NodeID(u.int())
		c.node, c.slot = prev, dynSlot(slot&^holderBit)
		if holders {
			c.node += NodeID(created)
		}
		for _, v := range [2]*uint64{&c.from, &c.to} {
			switch c.slot.packing() {
			case 'f':
				*v = math.Float64bits(u.float())
			case 'i':
				*v = uint64(u.int())
			default:
				*v = u.uvarint()
			}
		}
		cs = append(cs, c)
	}
	return focus, cs
}

// mergeChanges sorts one event's changes by node and slot and merges those
// to the same slot into one, dropping any that end where they began, so that
// the event's touched nodes are exactly the nodes it changes. It works in
// place and returns the merged prefix of cs.
func mergeChanges(cs []dynChange) []dynChange {
	if len(cs) < 2 {
		return cs
	}
	if len(cs) == 2 {
		// Most events that change two slots: a leave's node and its parent.
		switch a, b := changeOrder(cs[0].node), changeOrder(cs[1].node); {
		case a < b || a == b && cs[0].slot < cs[1].slot:
			return cs
		case a > b || cs[0].slot > cs[1].slot:
			cs[0], cs[1] = cs[1], cs[0]
			return cs
		}
	}
	order := func(a, b dynChange) int {
		return cmp.Or(cmp.Compare(changeOrder(a.node), changeOrder(b.node)), cmp.Compare(a.slot, b.slot))
	}
	if ascending(cs, order) {
		return cs // in order, each slot once: most events
	}
	slices.SortStableFunc(cs, order)
	out := cs[:0]
	for _, c := range cs {
		if n := len(out); n > 0 && out[n-1].node == c.node && out[n-1].slot == c.slot {
			out[n-1].to = c.to
			if out[n-1].from == out[n-1].to {
				out = out[:n-1]
			}
			continue
		}
		out = append(out, c)
	}
	return out
}

// changeOrder orders the nodes of changes as their final ids do: the
// created nodes by id, then the placeholders, whose provisional ids count
// down from -2, in order.
func changeOrder(id NodeID) int64 {
	if id < NoNode {
		return math.MaxInt32 + int64(-2-id)
	}
	return int64(id)
}

// ascending reports whether every element of s comes strictly before the
// next in order.
func ascending[T any](s []T, order func(a, b T) int) bool {
	for i := 1; i < len(s); i++ {
		if order(s[i-1], s[i]) >= 0 {
			return false
		}
	}
	return true
}
