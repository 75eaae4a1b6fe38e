package render

import (
	"errors"
	"fmt"
	"math"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/trace"
)

// scene is what both writers, WriteDOT and WriteTidySVG, draw from.
type scene struct {
	t      *trace.Tree // at the step drawn
	final  *trace.Tree // at the last step, for what must not change between steps
	opts   Options
	drawn  drawn                         // the nodes and placeholders drawn, by box
	boards map[trace.NodeID]*board.Board // by node id, where a board is drawn
	passes bool                          // the trace's iterations are passes from the root, named on edges
}

// newScene checks what a writer is given and returns what it draws from.
func newScene(t *trace.Tree, opts Options) (scene, error) {
	if t == nil {
		return scene{}, errors.New("render: no tree to draw; pass the *trace.Tree that trace.NewTree returns")
	}
	if err := opts.check(); err != nil {
		return scene{}, err
	}
	final, err := finalTree(t)
	if err != nil {
		return scene{}, err
	}
	dr, err := newDrawn(t, opts.Shown)
	if err != nil {
		return scene{}, err
	}
	return scene{t: t, final: final, opts: opts, drawn: dr, boards: dr.readBoards(opts.Lang, opts.Board), passes: passes(final)}, nil
}

// geometryAt returns the geometry of node id as drawn: a name from
// Options.Names, shown in bold in the value's place, widens its label if
// the value's width would not hold it.
func (s *scene) geometryAt(id trace.NodeID) geometry {
	least := 0
	if int(id) < len(s.opts.Names) && s.opts.Names[id] != "" {
		least = int(math.Ceil(textWidth(s.opts.Names[id], fontValue)*boldWidening)) + nameMargin
	}
	perRune := captionRuneWidth
	if s.opts.Patchable {
		perRune = captionRuneRoom
	}
	return geometryOf(s.t.Node(id), s.boardOf(id), perRune, least)
}

// A name in a node's value cell is bold, wider than textWidth's estimate
// by about a tenth, and keeps a margin from the node's sides.
const (
	boldWidening = 1.1
	nameMargin   = 4
)

// boardOf returns the board drawn in node id, or nil.
func (s *scene) boardOf(id trace.NodeID) *board.Board {
	return s.boards[id]
}

// linkOf returns, for the node of box i, the box j its transposition
// link goes to (see linkClass), its id and the link's status, or false if
// it has none.
func (s *scene) linkOf(i int) (j int, id trace.NodeID, status trace.Status, ok bool) {
	j, ok = s.drawn.linked(i, s.final)
	if !ok {
		return 0, 0, 0, false
	}
	id = s.drawn.node(i)
	return j, id, linkStatus(s.t.Node(id)), true
}

// maxNamedPasses is the most passes a drawing names on its edges; more
// would crowd every edge with a number.
const maxNamedPasses = 50

// passes reports whether t's iterations are a few passes from the root of
// a one-player search, such as Chokudai search's, whose edges say which
// pass made them: its iteration events have no depth.
func passes(t *trace.Tree) bool {
	if t.Node(t.Root()).Type != trace.TypeSingle {
		return false
	}
	n := 0
	for k := range t.Len() {
		if e := t.Event(k); e.Kind == trace.KindIteration {
			if e.IterationInfo().DepthLimit != 0 {
				return false
			}
			n++
		}
	}
	return n > 0 && n <= maxNamedPasses
}

// finalTree returns t at its last step, for what a drawing takes from the
// final tree: t itself, or a clone moved there.
func finalTree(t *trace.Tree) (*trace.Tree, error) {
	if t.Step() == t.Len()-1 {
		return t, nil
	}
	final := t.Clone()
	if err := final.Seek(final.Len() - 1); err != nil {
		return nil, fmt.Errorf("render: cannot see the final tree: %w", err)
	}
	return final, nil
}
