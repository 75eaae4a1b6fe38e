package trace

import "github.com/searchviz/searchviz/trace/internal/store"

// nodeStates is every node's dynState, by id, as a folder grows them: the
// created nodes' in one chunked list and the placeholders' in another,
// whose final ids are known only at the end. Its checkpoints copy them in
// pages for Trees to share (see snapshotPages).
type nodeStates struct {
	created store.Chunked[dynState]
	holders store.Chunked[dynState]
}

// len returns the number of nodes.
func (s *nodeStates) len() int { return s.created.Len() + s.holders.Len() }

// treeStates is every node's state at a Tree's step: the created nodes'
// and the placeholders', each in pages shared with the fold's checkpoints
// and the Tree's clones until written (see pagedStates).
type treeStates struct {
	created, holders pagedStates
}

// newTreeStates returns the initial states of created nodes and holders
// placeholders.
func newTreeStates(created, holders int) treeStates {
	return treeStates{created: newPagedStates(created), holders: newPagedStates(holders)}
}

// at returns node id's state, to read only.
func (s *treeStates) at(id NodeID) *dynState {
	if n := s.created.n; int(id) >= n {
		return s.holders.at(int(id) - n)
	}
	return s.created.at(int(id))
}

// set sets slot of node id's state to v.
func (s *treeStates) set(id NodeID, slot dynSlot, v uint64) {
	if n := s.created.n; int(id) >= n {
		s.holders.set(int(id)-n, slot, v)
		return
	}
	s.created.set(int(id), slot, v)
}

// len returns the number of nodes.
func (s *treeStates) len() int { return s.created.n + s.holders.n }

// ownPages returns the number of pages s wrote and holds on its own.
func (s *treeStates) ownPages() int { return s.created.own + s.holders.own }

// pages returns the number of pages of states.
func (s *treeStates) pages() int { return len(s.created.pages) + len(s.holders.pages) }

// restore sets every node's state to checkpoint c's, sharing its pages.
func (s *treeStates) restore(c *checkpoint) {
	s.created.restore(c.created)
	s.holders.restore(c.holders)
}

// clone returns states that share s's shared pages and copy the pages s
// wrote, leaving s as it is.
func (s *treeStates) clone() treeStates {
	return treeStates{created: s.created.share(), holders: s.holders.share()}
}

// mem returns the bytes s holds on its own.
func (s *treeStates) mem() int64 { return s.created.mem() + s.holders.mem() }
