package search

import (
	"fmt"

	"github.com/searchviz/searchviz/trace"
)

// MaxTableEntries is the most positions AlphaBeta's transposition table
// stores, about 100 MiB with Othello's keys: a full table keeps what it
// has and stores no more, so the search goes on, finding fewer hits, and
// its closing note says the table filled.
const MaxTableEntries = 1 << 20

// bound says what a stored value tells of a position's true value, as
// fail-soft alpha-beta leaves it.
type bound uint8

const (
	boundExact bound = iota // the value itself: it fell inside the window
	boundLower              // at least the value: it reached beta, a cut
	boundUpper              // at most the value: it failed to rise above alpha
)

// tableEntry is what the table knows of one position.
type tableEntry struct {
	value float64
	node  trace.NodeID // the node whose search stored it
	depth int32        // the depth left below the position
	bound bound
}

// table is a transposition table keyed by a position's text, which names
// the whole position in every game of the catalog. Only an entry of the
// same remaining depth is used, so a search with the table returns the
// same root value as one without: a deeper entry would know more.
type table struct {
	entries    map[string]tableEntry
	size       int // the most entries it holds
	hits, full int // lookups answered; stores refused for want of room
}

// newTable returns an empty table of at most size entries.
func newTable(size int) *table { return &table{entries: make(map[string]tableEntry), size: size} }

// probe returns the stored value of the position key searched to depth,
// and its node, if it settles the window (alpha, beta): an exact value,
// a lower bound at or above beta, or an upper bound at or below alpha.
func (t *table) probe(key string, depth int, alpha, beta float64) (float64, trace.NodeID, bool) {
	en, ok := t.entries[key]
	if !ok || int(en.depth) != depth {
		return 0, 0, false
	}
	switch {
	case en.bound == boundExact,
		en.bound == boundLower && en.value >= beta,
		en.bound == boundUpper && en.value <= alpha:
		t.hits++
		return en.value, en.node, true
	}
	return 0, 0, false
}

// store records that node id, the position key, searched to depth within
// (alpha, beta), came back with value v; a later search of the position
// replaces an earlier one's entry.
func (t *table) store(key string, depth int, v, alpha, beta float64, id trace.NodeID) {
	b := boundExact
	switch {
	case v <= alpha:
		b = boundUpper
	case v >= beta:
		b = boundLower
	}
	if _, ok := t.entries[key]; !ok && len(t.entries) >= t.size {
		t.full++
		return
	}
	t.entries[key] = tableEntry{value: v, node: id, depth: int32(depth), bound: b}
}

// tableNote is what the trace says on the root before a search with a
// transposition table.
const tableNote = "Transposition table: a position met again with the same depth left takes the value " +
	"stored when it was first searched, if that value settles its window (an exact value, or a bound beyond the window); " +
	"it is not searched again, and a dashed arrow links it to the node searched first."

// summary is the note on the root after the search: the table's counts.
func (t *table) summary() string {
	s := fmt.Sprintf("Transposition table: %d hits, %d positions stored", t.hits, len(t.entries))
	if t.full > 0 {
		s += fmt.Sprintf("; it filled at %d positions and refused %d more", t.size, t.full)
	}
	return s + "."
}
