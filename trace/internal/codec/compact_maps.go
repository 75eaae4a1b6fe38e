package codec

import (
	"github.com/searchviz/searchviz/trace/internal/event"
	"github.com/searchviz/searchviz/trace/internal/store"
)

// frameCounts counts the frames of each node on a compactState's stack:
// densely for the nodes created in id order, which are all a well-formed
// trace enters, and in a map for any other id a line may name.
type frameCounts struct {
	known store.Chunked[int32] // by id, for the ids below the known nodes' count
	other map[event.NodeID]int
}

// add counts one more frame of id.
func (c *frameCounts) add(id event.NodeID) {
	if id >= 0 && int(id) < c.known.Len() {
		*c.known.At(int(id))++
		return
	}
	c.other[id]++
}

// count returns how many frames of id the stack holds.
func (c *frameCounts) count(id event.NodeID) int {
	if id >= 0 && int(id) < c.known.Len() {
		return int(*c.known.At(int(id)))
	}
	return c.other[id]
}

// drop counts one frame of id fewer.
func (c *frameCounts) drop(id event.NodeID) {
	if id >= 0 && int(id) < c.known.Len() {
		*c.known.At(int(id))--
		return
	}
	if c.other[id]--; c.other[id] <= 0 {
		delete(c.other, id)
	}
}

// selectStates is what the last select of each key showed: densely for
// the nodes created in id order, in a map for any other id.
type selectStates struct {
	known store.Chunked[[2]*selectState] // by id, the first and the second chooser's
	other map[selectKey]*selectState
}

func (m *selectStates) get(k selectKey) *selectState {
	if k.node >= 0 && int(k.node) < m.known.Len() {
		return m.known.At(int(k.node))[boolIndex(k.second)]
	}
	return m.other[k]
}

func (m *selectStates) set(k selectKey, st *selectState) {
	if k.node >= 0 && int(k.node) < m.known.Len() {
		m.known.At(int(k.node))[boolIndex(k.second)] = st
		return
	}
	m.other[k] = st
}

// actionLabels is the last label given to each action: in a slice for the
// small actions games use, in a map for the others.
type actionLabels struct {
	small []smallLabel
	other map[int]string
}

type smallLabel struct {
	text string
	set  bool
}

// maxSmallAction bounds the actions actionLabels keeps in its slice.
const maxSmallAction = 1 << 10

func (l *actionLabels) get(a int) (string, bool) {
	if a >= 0 && a < maxSmallAction {
		if a < len(l.small) {
			return l.small[a].text, l.small[a].set
		}
		return "", false
	}
	text, ok := l.other[a]
	return text, ok
}

func (l *actionLabels) set(a int, text string) {
	if a >= 0 && a < maxSmallAction {
		if a >= len(l.small) {
			l.small = append(l.small, make([]smallLabel, a+1-len(l.small))...)
		}
		l.small[a] = smallLabel{text, true}
		return
	}
	l.other[a] = text
}
