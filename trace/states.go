package trace

// nodeStates is every node's dynState, by id: the created nodes' in one
// chunked list and the placeholders' in another, as a folder grows them,
// so that a Tree takes them over without copying what may be hundreds of
// megabytes.
type nodeStates struct {
	created chunked[dynState]
	holders chunked[dynState]
}

// at returns node id's state.
func (s *nodeStates) at(id NodeID) *dynState {
	if n := s.created.len(); int(id) >= n {
		return s.holders.at(int(id) - n)
	}
	return s.created.at(int(id))
}

// len returns the number of nodes.
func (s *nodeStates) len() int { return s.created.len() + s.holders.len() }

// reset puts every node in its initial state.
func (s *nodeStates) reset() {
	for _, c := range [2]*chunked[dynState]{&s.created, &s.holders} {
		for _, ch := range c.chunks {
			for i := range ch {
				ch[i] = initialState()
			}
		}
	}
}

// restore sets every node's state to checkpoint c's.
func (s *nodeStates) restore(c *checkpoint) {
	fill(&s.created, c.state)
	fill(&s.holders, c.holders)
}

// fill copies from into the first values of c and resets the others.
func fill(c *chunked[dynState], from []dynState) {
	for _, ch := range c.chunks {
		n := copy(ch, from)
		from = from[n:]
		for i := n; i < len(ch); i++ {
			ch[i] = initialState()
		}
	}
}

// clone returns a copy of s that shares nothing with it.
func (s *nodeStates) clone() nodeStates {
	return nodeStates{created: s.created.deepClone(), holders: s.holders.deepClone()}
}

// mem returns the bytes s holds.
func (s *nodeStates) mem() int64 {
	return s.created.mem() + s.holders.mem()
}
