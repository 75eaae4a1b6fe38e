package exercise

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/games/tree"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// ErrNoTree is returned by NewFigure for a UCB1 exercise, which is a
// table, and a beam exercise, a maze: neither is a tree.
var ErrNoTree = errors.New("exercise: a UCB1 or beam exercise has no tree to draw")

// Figure is an exercise's tree as the viewer draws it: the trace of a
// search that creates, enters and leaves every node and evaluates every
// leaf, with no backed-up value, cut or decision, so that a drawing of
// its last step (render's) shows what the exercise gives and nothing it
// asks for.
type Figure struct {
	Tree *trace.Tree // at its last step
	// Names are the nodes' names by id, as answers name them: an interior
	// or chance node's name, "" for a leaf, which shows its value.
	Names []string
}

// NewFigure returns the figure of ex's tree: the nodes MiniMax creates
// searching it to its leaves, or Expectimax for a chance tree, which are
// the nodes the grader and the viewer know, a chance node with one
// outcome included or not as the engine has it; for MCTS, the tree's
// nodes, each named with its statistics.
func NewFigure(ex Exercise) (Figure, error) {
	if err := ex.Kind.check(); err != nil {
		return Figure{}, err
	}
	var (
		events []trace.Event
		name   func(trace.Event) string
		err    error
	)
	if ex.Kind == MCTS {
		events, name, err = figureMCTS(ex)
	} else {
		events, name, err = figureSearch(ex)
	}
	if err != nil {
		return Figure{}, err
	}
	b := trace.NewBuilder()
	var f Figure
	for _, e := range events {
		switch e.Kind {
		case trace.KindNode:
			f.Names = append(f.Names, name(e))
		case trace.KindEnter, trace.KindLeave, trace.KindEval:
		default:
			continue
		}
		e.Step = b.Len()
		if err := b.Add(&e); err != nil {
			return Figure{}, fmt.Errorf("exercise: drawing the %s tree: %w", ex.Kind, err)
		}
	}
	if f.Tree, err = b.Tree(); err != nil {
		return Figure{}, fmt.Errorf("exercise: drawing the %s tree: %w", ex.Kind, err)
	}
	if err := f.Tree.Seek(f.Tree.Len() - 1); err != nil {
		return Figure{}, fmt.Errorf("exercise: drawing the %s tree: %w", ex.Kind, err)
	}
	return f, nil
}

// figureSearch returns the events of the search that visits every node
// of ex's tree, and the namer of their nodes.
func figureSearch(ex Exercise) ([]trace.Event, func(trace.Event) string, error) {
	rec := trace.NewRecorder(0)
	tracing := search.Tracing{Tracer: rec}
	ctx := context.Background()
	switch ex.Kind {
	case UCB1, Beam:
		return nil, nil, ErrNoTree
	case Expectimax:
		root, err := tree.ParseChance(ex.Tree)
		if err != nil {
			return nil, nil, fmt.Errorf("exercise: %s tree: %w", ex.Kind, err)
		}
		opts := search.ExpectimaxOptions{Depth: search.MaxDepth, Tracing: tracing}
		if _, err := search.Expectimax(ctx, root, search.Heuristics[tree.ChanceState]{}, opts); err != nil {
			return nil, nil, fmt.Errorf("exercise: drawing the %s tree: %w", ex.Kind, err)
		}
		return rec.Events(), chanceNamer(root), nil
	}
	root, err := tree.Parse(ex.Tree)
	if err != nil {
		return nil, nil, fmt.Errorf("exercise: %s tree: %w", ex.Kind, err)
	}
	if _, err := search.MiniMax(ctx, root, search.Options{Depth: search.MaxDepth, Tracing: tracing}); err != nil {
		return nil, nil, fmt.Errorf("exercise: drawing the %s tree: %w", ex.Kind, err)
	}
	return rec.Events(), namer(root), nil
}

// figureMCTS returns the events of an MCTS exercise's tree, entered and
// left depth-first so that each node is drawn done, and the namer that
// labels each node with its name and statistics: "B 3/5", a total of 3
// over 5 visits, and the root's visits alone, "A n=12".
func figureMCTS(ex Exercise) ([]trace.Event, func(trace.Event) string, error) {
	if err := ex.checkMCTS(); err != nil {
		return nil, nil, err
	}
	var events []trace.Event
	kids := make([][]int, len(ex.Nodes))
	for i, nd := range ex.Nodes {
		e := trace.Event{Kind: trace.KindNode, Node: trace.NodeID(i), Parent: trace.NoNode, Action: -1, Type: trace.TypeMax}
		if p := nd.Parent; p >= 0 {
			e.Parent, e.Action = trace.NodeID(p), len(kids[p])
			e.Label = strings.ToLower(ex.Nodes[p].Name) + strconv.Itoa(len(kids[p])+1)
			e.Depth = ex.mctsDepth(i)
			if e.Depth%2 == 1 {
				e.Type = trace.TypeMin
			}
			kids[p] = append(kids[p], i)
		}
		events = append(events, e)
	}
	var walk func(i int)
	walk = func(i int) {
		events = append(events, trace.Event{Kind: trace.KindEnter, Node: trace.NodeID(i)})
		for _, k := range kids[i] {
			walk(k)
		}
		events = append(events, trace.Event{Kind: trace.KindLeave, Node: trace.NodeID(i)})
	}
	walk(0)
	name := func(e trace.Event) string {
		nd := ex.Nodes[e.Node]
		if nd.Parent < 0 {
			return nd.Name + " n=" + strconv.Itoa(nd.N)
		}
		return nd.Name + " " + Stat{W: nd.W, N: nd.N, HasW: true}.text()
	}
	return events, name, nil
}
