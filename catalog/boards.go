package catalog

import (
	"fmt"
	"io"
	"os"
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
// smaller. A trace of a game the catalog does not know, or whose root
// carries its board (a trace carries boards on every node or on none), is
// left as it is; a node whose action is not legal
// in its parent's position, and the nodes below it, keep no board; a node
// of action -1 stands for its parent's position. It
// returns an error only when the header's game or position cannot be
// opened and some node lacks a board.
func FillBoards(h trace.Header, events []trace.Event) error {
	fill := BoardFiller(h)
	for i := range events {
		if err := fill(&events[i]); err != nil {
			return err
		}
	}
	return nil
}

// BoardFiller returns a function that does what FillBoards does, one
// event at a time, for a trace read as a stream: call it on every event in
// step order. It opens the header's game and position at the root's node
// event if that lacks a board, and returns an error, then and for every later
// event, if they cannot be opened.
func BoardFiller(h trace.Header) func(e *trace.Event) error {
	var fill func(*trace.Event)
	var err error
	return func(e *trace.Event) error {
		if err != nil {
			return err
		}
		if fill == nil {
			if e.Kind != trace.KindNode {
				return nil
			}
			if e.Board != "" {
				fill = func(*trace.Event) {}
				return nil
			}
			if fill, err = openFiller(h); err != nil {
				return err
			}
		}
		fill(e)
		return nil
	}
}

// openFiller opens the header's game and position for BoardFiller, or
// returns a filler that leaves events as they are for a game the catalog
// does not know or that draws no boards.
func openFiller(h trace.Header) (func(*trace.Event), error) {
	ignore := func(*trace.Event) {}
	gs, err := spec.Parse(h.Game)
	if err != nil {
		return ignore, nil
	}
	game, err := LookupGame(gs.Name)
	if err != nil || !game.Boards {
		return ignore, nil
	}
	gv, err := spec.Resolve(gs, game.Params)
	if err != nil {
		return nil, fmt.Errorf("catalog: the trace's game %q: %w", h.Game, err)
	}
	r, err := game.open(gv, h.Seed, h.Position)
	if err != nil {
		return nil, fmt.Errorf("catalog: the trace's %s position %q: %w", game.Name, h.Position, err)
	}
	return r.fill(), nil
}

// boardFiller returns a filler of the boards of node events from root,
// play giving the state after a node event's move from its parent's state
// (with a scratch buffer for the legal moves).
// It keeps one state per node; after node ids out of creation order,
// which do not fold anyway, it fills no more.
func boardFiller[S interface{ String() string }](root S, play player[S]) func(*trace.Event) {
	var states []S
	var known []bool
	var buf []int
	broken := false
	return func(e *trace.Event) {
		if e.Kind != trace.KindNode || broken {
			return
		}
		if int(e.Node) != len(states) {
			broken = true
			return
		}
		var s S
		ok := false
		switch p := e.Parent; {
		case p == trace.NoNode:
			s, ok = root, true
		case p >= 0 && int(p) < len(states) && known[p] && e.Action < 0:
			s, ok = states[p], true // a node of no move, as iterative deepening's root of each depth
		case p >= 0 && int(p) < len(states) && known[p]:
			s, ok = play(states[p], e, &buf)
		}
		states, known = append(states, s), append(known, ok)
		if ok && e.Board == "" {
			e.Board = s.String()
		}
	}
}

// A player returns the state after a node event's move from its parent's
// state s, and whether the move is legal there, listing the legal moves
// in buf.
type player[S any] func(s S, e *trace.Event, buf *[]int) (S, bool)

// playSequential plays a node's action, if it is legal, for a game whose
// players take turns.
func playSequential[S interface {
	Legal(buf []int) []int
	Play(action int) S
}](s S, e *trace.Event, buf *[]int) (S, bool) {
	*buf = s.Legal((*buf)[:0])
	if !slices.Contains(*buf, e.Action) {
		return s, false
	}
	return s.Play(e.Action), true
}

// playJoint plays a joint node's pair of moves, if both are legal.
func playJoint[S search.Simultaneous[S]](s S, e *trace.Event, buf *[]int) (S, bool) {
	j := e.Joint
	if j == nil {
		return s, false
	}
	for p := range 2 {
		if *buf = s.Legal(p, (*buf)[:0]); !slices.Contains(*buf, j[p].Action) {
			return s, false
		}
	}
	return s.Play(j[0].Action, j[1].Action), true
}

// ReadTree reads a trace from r within lim and folds it as it reads (see
// trace.ReadTree), with the boards FillBoards would give it, in about
// memory bytes at most (see trace.Builder.LimitMemory; 0 for no bound).
func ReadTree(r io.Reader, lim trace.Limits, memory int64) (trace.Header, *trace.Tree, error) {
	tr, err := trace.NewLimitedReader(r, lim)
	if err != nil {
		return trace.Header{}, nil, err
	}
	b := trace.NewBuilder()
	b.LimitMemory(memory, "")
	if err := b.ReadFrom(tr, BoardFiller(tr.Header())); err != nil {
		return tr.Header(), nil, err
	}
	t, err := b.Tree()
	return tr.Header(), t, err
}

// ReadTreeFile is ReadTree of the trace file at path, plain or gzipped.
// Its errors name the file.
func ReadTreeFile(path string, lim trace.Limits, memory int64) (trace.Header, *trace.Tree, error) {
	f, err := os.Open(path)
	if err != nil {
		return trace.Header{}, nil, fmt.Errorf("catalog: %w", err)
	}
	defer f.Close()
	h, t, err := ReadTree(f, lim, memory)
	if err != nil {
		return h, nil, fmt.Errorf("%s: %w", path, err)
	}
	return h, t, nil
}
