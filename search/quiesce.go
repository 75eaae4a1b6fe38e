package search

import (
	"fmt"
	"strings"

	"github.com/searchviz/searchviz/trace"
)

// MaxQuiescence is the most plies a quiescence search may add below the
// depth limit: each noisy ply can multiply the nodes by the noisy moves.
const MaxQuiescence = 8

// noisyGame is what a game's state tells a quiescence search: whether a
// legal action makes the position unstable (in Othello, a disc on a
// corner or an edge), so that an evaluation right after it is not to be
// trusted. Games without it have no noisy moves.
type noisyGame interface {
	Noisy(action int) bool
}

// quiesce returns the value of s, node id at ply at the depth limit, from
// the side to move's view within (alpha, beta), as a quiescence search
// finds it with left plies to go: the static evaluation, which the side
// to move may settle for ("stand pat", since a quiet move is assumed to
// exist that keeps it), raised by whichever of its noisy moves does
// better, each searched in the same way. A position without noisy moves,
// or with no plies left, is evaluated as a leaf.
func (e *dfs[S]) quiesce(s S, ply, left int, alpha, beta float64, id trace.NodeID) float64 {
	if left == 0 || s.Done() {
		return e.leaf(s, id)
	}
	moves := e.noisyMoves(s, ply)
	if len(moves) == 0 {
		return e.leaf(s, id)
	}
	best := e.standPat(s, id, moves, left)
	if best >= beta {
		e.cut(id, ply, s, best, alpha, beta, moves)
		e.leave(id)
		return best
	}
	alpha = e.raise(id, alpha, beta, best)
	for i, a := range moves {
		child, cid, ok := e.child(s, a, ply, id, true, -beta, -alpha)
		if !ok {
			break
		}
		v := -e.quiesce(child, ply+1, left-1, -beta, -alpha, cid)
		if e.err != nil {
			break
		}
		if v > best {
			best = v
			e.improved(ply, a, id, cid, best)
			if best >= beta {
				e.cut(id, ply, s, best, alpha, beta, moves[i+1:])
				break
			}
			alpha = e.raise(id, alpha, beta, best)
		}
	}
	e.leave(id)
	return best
}

// noisyMoves returns the noisy legal actions of s, a node at ply, in the
// move buffer of ply, in the game's order; none if s has no notion of
// noise.
func (e *dfs[S]) noisyMoves(s S, ply int) []int {
	n, ok := any(s).(noisyGame)
	if !ok {
		return nil
	}
	moves := e.legal(s, ply)
	noisy := moves[:0]
	for _, a := range moves {
		if n.Noisy(a) {
			noisy = append(noisy, a)
		}
	}
	e.moves[ply] = noisy
	return noisy
}

// standPat evaluates s, node id, a noisy position at the depth limit, as
// the floor of its value, and notes which moves are searched on. It
// returns the evaluation.
func (e *dfs[S]) standPat(s S, id trace.NodeID, moves []int, left int) float64 {
	e.evals++
	v := s.Score()
	if e.tr != nil {
		e.tr.Emit(trace.Event{Kind: trace.KindEval, Node: id, Value: v})
		labels := make([]string, len(moves))
		for i, a := range moves {
			labels[i] = s.Label(a)
		}
		e.tr.Emit(trace.Event{Kind: trace.KindNote, Node: id, Text: fmt.Sprintf(
			"Quiescence: at the depth limit, but %s noisy (%s): searched on, up to %d more %s, with %s as the floor the side to move can stand on.",
			plural(len(moves), "move is", "moves are"), strings.Join(labels, ", "), left, plural(left, "ply", "plies"), trace.FormatValue(v))})
	}
	return v
}

// plural returns one or many as n is 1 or not.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// quiescenceNote is the note on the root of a search with quiescence q.
func quiescenceNote(q int, noisy bool) string {
	if !noisy {
		return fmt.Sprintf("Quiescence %d: this game marks no move as noisy, so positions at the depth limit are evaluated as without it.", q)
	}
	return fmt.Sprintf("Quiescence %d: a position at the depth limit whose side to move has noisy moves (in Othello, a disc on a corner or an edge) "+
		"is not trusted to its evaluation: its noisy moves are searched on, up to %d more plies, the evaluation standing as a floor.", q, q)
}
