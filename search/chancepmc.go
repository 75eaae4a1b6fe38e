package search

import (
	"context"

	"github.com/searchviz/searchviz/trace"
)

// ChancePMC is Primitive Monte Carlo for games with chance, as the
// research paper pits it against expectiminimax: for each legal root move,
// in move order, it runs opts.Playouts random playouts, each starting with
// a roll of the move's outcome by its probability and going on with
// uniformly random moves and rolls to the game's end. It chooses the move
// with the best win rate for the root player (1 win, 0.5 draw, 0 loss;
// ties to the first in move order); Result.Value is that win rate. Nodes
// counts the root and its children, Evals the playouts. A cancelled
// context stops it with the context's error and the best move among those
// with playouts; a time limit (read before every playout but the first)
// stops it with no error and the same choice.
//
// Traced as PMC is, but a root child whose move has several outcomes is a
// chance node, whose values are in the root player's view: its backprop
// value is the playout's result r, where a child with one outcome gets
// 1 − r, in its side to move's view.
func ChancePMC[S Chance[S]](ctx context.Context, root S, opts MonteCarloOptions) (Result, error) {
	if err := opts.check(); err != nil {
		return Result{Action: -1}, err
	}
	e := &chancePMC[S]{monteCarlo: newMonteCarlo(ctx, opts), opts: opts}
	return e.run(root)
}

// chancePMC holds one ChancePMC search.
type chancePMC[S Chance[S]] struct {
	monteCarlo
	opts  MonteCarloOptions
	moves []int
	probs []float64
	w     []float64 // each root move's total result, in the root player's view
	n     []int     // each root move's playouts
}

// run searches from root and returns the decision.
func (e *chancePMC[S]) run(root S) (Result, error) {
	res := Result{Action: -1}
	if e.tr != nil {
		e.emitNode(0, trace.NoNode, -1, "", 0, trace.TypeMax, root)
	}
	moves := root.Legal(nil)
	if root.Done() || len(moves) == 0 {
		res.Value = e.evalRoot(root.Score())
		return e.decide(res, 1)
	}
	if !e.fits(1, len(moves)) {
		res.Value = 0.5
		return e.decide(res, 1)
	}
	chance := make([]bool, len(moves))
	for i, a := range moves {
		chance[i] = len(root.Chances(a, e.probs[:0])) > 1
	}
	if e.tr != nil {
		e.emitChildren(root, moves, chance)
	}
	e.w, e.n = make([]float64, len(moves)), make([]int, len(moves))
	e.playouts(root, moves, chance)
	best, rate := bestWinRate(e.w, e.n)
	res.Action, res.Label, res.Value = moves[best], root.Label(moves[best]), rate
	if e.tr != nil {
		e.tr.Emit(trace.Event{Kind: trace.KindValue, Node: 0, Value: res.Value, Best: trace.NodeID(1 + best)})
	}
	return e.decide(res, 1+len(moves))
}

// playouts runs the playouts of every root move, in move order.
func (e *chancePMC[S]) playouts(root S, moves []int, chance []bool) {
	count := 0
	for i, a := range moves {
		if e.tr != nil {
			e.tr.Emit(trace.Event{Kind: trace.KindIteration, Iteration: i + 1})
		}
		for range e.opts.Playouts {
			if e.stopsAfter(count, "playouts") {
				return
			}
			count++
			r, plies := e.playout(root, a)
			e.evals++
			e.w[i] += r
			e.n[i]++
			if e.tr != nil {
				v := 1 - r // the child's value, in its side to move's view
				if chance[i] {
					v = r // a chance node's, in the root player's
				}
				e.emitRootPlayout(trace.NodeID(1+i), r, plies+1, v)
			}
		}
	}
}

// roll returns the state after the side to move at s plays a and chance
// picks an outcome by its probability.
func (e *chancePMC[S]) roll(s S, a int) S {
	e.probs = s.Chances(a, e.probs[:0])
	x := float64(e.rng.Uint64()>>11) / (1 << 53)
	o := len(e.probs) - 1
	for i, p := range e.probs {
		if x < p {
			o = i
			break
		}
		x -= p
	}
	return s.Roll(a, o)
}

// playout plays a from root, then random moves and rolls to the game's
// end, and returns the result in the root player's view and the number of
// moves played after a.
func (e *chancePMC[S]) playout(root S, a int) (float64, int) {
	s := e.roll(root, a)
	plies := 0
	for {
		e.moves = s.Legal(e.moves[:0])
		if len(e.moves) == 0 {
			break
		}
		s = e.roll(s, e.moves[e.intn(len(e.moves))])
		plies++
	}
	r := Outcome(s.Score()) // in the view of the side to move at the end
	if plies%2 == 0 {       // the opponent of the root player is to move
		r = 1 - r
	}
	return r, plies
}

func (e *chancePMC[S]) emitNode(id, parent trace.NodeID, action int, label string, depth int, t trace.NodeType, s S) {
	emitNode(&e.monteCarlo, trace.Event{Kind: trace.KindNode, Node: id, Parent: parent, Action: action, Label: label, Depth: depth, Type: t}, s)
}

// emitChildren reports the root's children, one per move, and the expand
// event. A move with several outcomes is a chance node, drawn with the
// root's position as no roll has happened yet.
//
//go:noinline
func (e *chancePMC[S]) emitChildren(root S, moves []int, chance []bool) {
	e.ids = e.ids[:0]
	for i, a := range moves {
		id := trace.NodeID(1 + i)
		if chance[i] {
			e.emitNode(id, 0, a, root.Label(a), 1, trace.TypeChance, root)
		} else {
			e.emitNode(id, 0, a, root.Label(a), 1, trace.TypeMin, root.Roll(a, 0))
		}
		e.ids = append(e.ids, id)
	}
	e.tr.Emit(trace.Event{Kind: trace.KindExpand, Node: 0, Children: e.ids})
}

// ChancePMCEntry is Primitive Monte Carlo for games with chance, for the
// catalog.
func ChancePMCEntry[S Chance[S]]() Entry[S] {
	return pmcEntry(FamilyChance, "Primitive Monte Carlo: random playouts, dice rolled by their probabilities, after each root move; take the best win rate", ChancePMC[S])
}
