package catalog

import (
	"fmt"
	"slices"

	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// FillBoards gives every node event of a trace of one of the catalog's
// games that carries no board the position its node stands for, worked
// out by playing each node's action from its parent's position, from the
// root position the header names. Traces leave boards out when the game
// can replay them (Run.OmitBoards), which makes them several times
// smaller. A trace of a game the catalog does not know, or whose every
// node has its board, is left as it is; a node whose action is not legal
// in its parent's position, and the nodes below it, keep no board; a node
// of action -1 stands for its parent's position. It
// returns an error only when the header's game or position cannot be
// opened and some node lacks a board.
func FillBoards(h trace.Header, events []trace.Event) error {
	if !slices.ContainsFunc(events, func(e trace.Event) bool { return e.Kind == trace.KindNode && e.Board == "" }) {
		return nil
	}
	gs, err := spec.Parse(h.Game)
	if err != nil {
		return nil
	}
	game, err := LookupGame(gs.Name)
	if err != nil || !game.Boards {
		return nil
	}
	gv, err := spec.Resolve(gs, game.Params)
	if err != nil {
		return fmt.Errorf("catalog: the trace's game %q: %w", h.Game, err)
	}
	r, err := game.open(gv, h.Seed, h.Position)
	if err != nil {
		return fmt.Errorf("catalog: the trace's %s position %q: %w", game.Name, h.Position, err)
	}
	r.fill(events)
	return nil
}

// fillBoards fills in the boards of events from root, play giving the
// state after a node event's move from its parent's state.
func fillBoards[S interface{ String() string }](root S, events []trace.Event, play func(S, *trace.Event) (S, bool)) {
	var states []S
	var known []bool
	for i := range events {
		e := &events[i]
		if e.Kind != trace.KindNode {
			continue
		}
		if int(e.Node) != len(states) {
			return // ids out of creation order: the trace does not fold anyway
		}
		var s S
		ok := false
		switch p := e.Parent; {
		case p == trace.NoNode:
			s, ok = root, true
		case p >= 0 && int(p) < len(states) && known[p] && e.Action < 0:
			s, ok = states[p], true // a node of no move, as iterative deepening's root of each depth
		case p >= 0 && int(p) < len(states) && known[p]:
			s, ok = play(states[p], e)
		}
		states, known = append(states, s), append(known, ok)
		if ok && e.Board == "" {
			e.Board = s.String()
		}
	}
}

// playSequential plays a node's action, if it is legal, for a game whose
// players take turns.
func playSequential[S interface {
	Legal(buf []int) []int
	Play(action int) S
}](s S, e *trace.Event) (S, bool) {
	if !slices.Contains(s.Legal(nil), e.Action) {
		return s, false
	}
	return s.Play(e.Action), true
}

// playJoint plays a joint node's pair of moves, if both are legal.
func playJoint[S search.Simultaneous[S]](s S, e *trace.Event) (S, bool) {
	j := e.Joint
	if j == nil || !slices.Contains(s.Legal(0, nil), j[0].Action) || !slices.Contains(s.Legal(1, nil), j[1].Action) {
		return s, false
	}
	return s.Play(j[0].Action, j[1].Action), true
}
