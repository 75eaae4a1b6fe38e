package search

import (
	"context"
	"math"

	"github.com/searchviz/searchviz/trace"
)

// MiniMax searches with explicit max and min levels, as the lecture writes
// it: the root player maximises, the opponent minimises, and a leaf's score,
// which the game gives from the side to move's view, is negated at min
// levels to bring it into the root player's view. It returns the first
// action of greatest value.
func MiniMax[S Alternating[S]](ctx context.Context, root S, opts Options) (Result, error) {
	e := newDFS[S](ctx, opts)
	return e.root(root, e.minimax)
}

// minimax returns the value of s from the root player's view.
func (e *dfs[S]) minimax(s S, ply, depth int, id trace.NodeID) float64 {
	maxToMove := ply%2 == 0
	if depth == 0 || s.Done() {
		e.evals++
		v := s.Score()
		if e.tr != nil {
			e.emitEval(id, v, s.Done())
		}
		if !maxToMove {
			v = -v
		}
		return v
	}
	moves := e.legal(s, ply)
	best := math.Inf(1)
	if maxToMove {
		best = math.Inf(-1)
	}
	for _, a := range moves {
		cid, ok := e.create()
		if !ok {
			break
		}
		child := s.Play(a)
		if e.tr != nil {
			e.emitChild(cid, id, s, a, ply+1, child, false, 0, 0)
		}
		v := e.minimax(child, ply+1, depth-1, cid)
		if e.err != nil {
			break
		}
		if maxToMove && v > best || !maxToMove && v < best {
			best = v
			if ply == 0 {
				e.best = a
			}
			if e.tr != nil {
				sideView := best
				if !maxToMove {
					sideView = -best
				}
				e.emitValue(id, sideView, cid)
			}
		}
	}
	if e.tr != nil {
		e.emitLeave(id)
	}
	return best
}

// NegaMax is MiniMax written as "always maximise": every state scores from
// the side to move's view, so a child's value is negated on the way up.
// It returns the same value and action as MiniMax.
func NegaMax[S Alternating[S]](ctx context.Context, root S, opts Options) (Result, error) {
	e := newDFS[S](ctx, opts)
	return e.root(root, e.negamax)
}

// negamax returns the value of s from the side to move's view.
func (e *dfs[S]) negamax(s S, ply, depth int, id trace.NodeID) float64 {
	if depth == 0 || s.Done() {
		e.evals++
		v := s.Score()
		if e.tr != nil {
			e.emitEval(id, v, s.Done())
		}
		return v
	}
	moves := e.legal(s, ply)
	best := math.Inf(-1)
	for _, a := range moves {
		cid, ok := e.create()
		if !ok {
			break
		}
		child := s.Play(a)
		if e.tr != nil {
			e.emitChild(cid, id, s, a, ply+1, child, false, 0, 0)
		}
		v := -e.negamax(child, ply+1, depth-1, cid)
		if e.err != nil {
			break
		}
		if v > best {
			best = v
			if ply == 0 {
				e.best = a
			}
			if e.tr != nil {
				e.emitValue(id, best, cid)
			}
		}
	}
	if e.tr != nil {
		e.emitLeave(id)
	}
	return best
}

// AlphaBeta is NegaMax with alpha-beta pruning, in the negamax form of the
// lecture and the primer: each node searches within a window (alpha, beta)
// of its own view, raises alpha as its value improves, and stops looking at
// children once its value reaches beta, because the opponent above will
// never allow this line. It returns the same root value as MiniMax.
func AlphaBeta[S Alternating[S]](ctx context.Context, root S, opts Options) (Result, error) {
	e := newDFS[S](ctx, opts)
	return e.root(root, func(s S, ply, depth int, id trace.NodeID) float64 {
		if e.tr != nil {
			e.emitBounds(id, math.Inf(-1), math.Inf(1))
		}
		return e.alphabeta(s, ply, depth, math.Inf(-1), math.Inf(1), id)
	})
}

// alphabeta returns the value of s from the side to move's view within the
// window (alpha, beta), fail-soft. The caller has reported the window.
func (e *dfs[S]) alphabeta(s S, ply, depth int, alpha, beta float64, id trace.NodeID) float64 {
	if depth == 0 || s.Done() {
		e.evals++
		v := s.Score()
		if e.tr != nil {
			e.emitEval(id, v, s.Done())
		}
		return v
	}
	moves := e.legal(s, ply)
	best := math.Inf(-1)
	for i, a := range moves {
		cid, ok := e.create()
		if !ok {
			break
		}
		if e.tr != nil {
			e.emitChild(cid, id, s, a, ply+1, s.Play(a), true, -beta, -alpha)
		}
		v := -e.alphabeta(s.Play(a), ply+1, depth-1, -beta, -alpha, cid)
		if e.err != nil {
			break
		}
		if v > best {
			best = v
			if ply == 0 {
				e.best = a
			}
			if e.tr != nil {
				e.emitValue(id, best, cid)
			}
			if best >= beta {
				if rest := moves[i+1:]; len(rest) > 0 {
					e.cuts++
					if e.tr != nil {
						e.emitCut(id, ply, s, best, alpha, beta, rest)
					}
				}
				break
			}
			if best > alpha {
				alpha = best
				if e.tr != nil {
					e.emitBounds(id, alpha, beta)
				}
			}
		}
	}
	if e.tr != nil {
		e.emitLeave(id)
	}
	return best
}
