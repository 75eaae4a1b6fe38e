package search

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// Heuristics are what a game with chance may know beyond its rules, for
// Expectimax: the research paper's evaluations and its obvious-move rule.
// Any may be nil.
type Heuristics[S any] struct {
	// Evals names the game's evaluation kinds, kind k (from 1) at
	// Evals[k-1], which the eval parameter offers after score, the
	// game's own Score; none means score alone.
	Evals []string
	// Evaluate evaluates s from the side to move's view with evaluation
	// kind, numbered as Evals names them: a won or lost game included.
	// Nil means Score for every kind.
	Evaluate func(s S, kind int) float64
	// Obvious names a move to play without searching and says why, or
	// reports false when the search must decide.
	Obvious func(s S) (action int, why string, ok bool)
}

// ExpectimaxOptions are the options of Expectimax. A time limit stops it
// with an error wrapping context.DeadlineExceeded, as with MiniMax.
type ExpectimaxOptions struct {
	// Depth is the depth limit in moves: chance does not count, so depth
	// 3 is a move, a roll, a reply, a roll, a move and a roll.
	Depth int
	// Eval is the evaluation kind passed to Heuristics.Evaluate; 0 means
	// the game's Score.
	Eval int
	// Cut turns on the paper's forward cut: the root's moves are searched
	// at depths 1, 3, 5, ... below Depth and then at Depth, and after each
	// pass only the moves whose value is at least the best move's minus
	// Margin, and every move that can win at once, go on to the next.
	Cut bool
	// Margin is the forward cut's margin, in the evaluation's units.
	Margin float64
	// Obvious plays the move Heuristics.Obvious names without searching.
	Obvious bool
	// Random makes the opponent move at random, each legal move equally
	// likely, as the lecture's ghosts do: its nodes average their moves'
	// values instead of minimising.
	Random bool
	Limits
	Tracing
}

// Expectimax is expectiminimax, as the lecture and the research paper
// define it: the side to move takes the move of greatest value, where a
// move's value is the expectation over chance's outcomes of the value
// after it, each weighted by its probability. Values are negamax values,
// from the side to move's view, and states at the depth limit or the
// game's end are evaluated by h.Evaluate (or Score). A move with a single
// outcome of probability 1 leads straight to the state after it, with no
// chance node.
//
// With opts.Obvious, a move h.Obvious names is played without searching.
// With opts.Cut, the root's moves go through passes of growing depth (see
// ExpectimaxOptions.Cut): the paper's forward cut, which spends the deep
// search on the moves that look good at a shallow one.
//
// It returns the first move of greatest value in the last pass. Nodes
// counts the nodes, chance nodes included; Evals the evaluations; Cuts the
// forward cuts that dropped moves. A node budget or a cancelled context
// stops it with ErrBudget or the context's error and the best move of the
// last completed pass (or -1).
//
// Traced: player nodes are max or min by who moves, chance nodes chance,
// and each chance outcome's node carries its Prob and, as its label, the
// outcome's label. A player node's value events are in its side to move's
// view; a chance node's in the root player's view (no player moves there),
// so that the root player's view shows every value as MAX sees it. With
// the cut, the root has one child per pass, labelled "1 ply", "3 plies",
// ..., under an iteration event each; a pass after the first starts with
// a forward cut event listing the moves it drops (Value: the best value of
// the pass before, Alpha: the threshold) and a note giving each move's
// value. An obvious move is the root's node, a note and the decision.
func Expectimax[S Chance[S]](ctx context.Context, root S, h Heuristics[S], opts ExpectimaxOptions) (Result, error) {
	if opts.Depth < 1 || opts.Depth > MaxDepth {
		return Result{Action: -1}, fmt.Errorf("search: depth %d is out of range (allowed 1..%d)", opts.Depth, MaxDepth)
	}
	if err := opts.Limits.check(); err != nil {
		return Result{Action: -1}, err
	}
	e := &expecti[S]{dfsBase: newDFSBase[S](ctx, opts.Limits, 32), opts: opts, h: h, tr: opts.Tracer}
	return e.run(root)
}

// expecti holds one Expectimax search.
type expecti[S Chance[S]] struct {
	dfsBase[S]
	opts  ExpectimaxOptions
	h     Heuristics[S]
	tr    trace.Tracer
	probs [][]float64 // one probability buffer per ply, reused
	evals int
	cuts  int
}

// obviousWords begin the note on an obvious move, which lights its line.
const obviousWords = "obvious move"

// run searches from root and returns the decision.
func (e *expecti[S]) run(root S) (Result, error) {
	res := Result{Action: -1}
	if _, ok := e.create(); !ok {
		return res, e.err
	}
	obvious, why, isObvious := -1, "", false
	if e.opts.Obvious && e.h.Obvious != nil && !root.Done() {
		obvious, why, isObvious = e.h.Obvious(root)
	}
	if e.tr != nil {
		e.emitNode(0, trace.NoNode, -1, "", 0, 0, trace.TypeMax, 0, root)
		if !isObvious {
			e.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: 0})
		}
	}
	switch {
	case isObvious:
		res.Action = obvious
		if e.tr != nil {
			e.tr.Emit(trace.Event{Kind: trace.KindNote, Node: 0, Text: obviousWords + ", played without searching: " + why})
		}
	case root.Done():
		res.Value = e.leaf(root, 0, 0)
	default:
		if e.opts.Cut {
			res = e.passes(root)
			e.leave(0)
		} else {
			moves := root.Legal(nil)
			values := make([]float64, len(moves))
			res.Value = e.player(root, 0, e.opts.Depth, 0, 0, moves, values)
			res.Action = e.bestOf(moves, values)
		}
	}
	if res.Action >= 0 && res.Label == "" {
		res.Label = root.Label(res.Action)
	}
	res.Counters = trace.Counters{Nodes: e.nodes, Evals: e.evals, Cuts: e.cuts, Elapsed: e.elapsed()}
	if e.tr != nil {
		e.emitDecision(e.tr, res)
	}
	return res, e.err
}

// bestOf returns the first of moves with the greatest value, or -1 if the
// search stopped before it valued any (values are NaN until valued).
func (e *expecti[S]) bestOf(moves []int, values []float64) int {
	best, v := -1, math.Inf(-1)
	for i, a := range moves {
		if values[i] > v || best < 0 && values[i] == v {
			best, v = a, values[i]
		}
	}
	return best
}

// passDepths returns the depths of the forward cut's passes for a depth
// limit: 1, 3, 5, ... below it, then the limit.
func passDepths(depth int) []int {
	var ds []int
	for d := 1; d < depth; d += 2 {
		ds = append(ds, d)
	}
	return append(ds, depth)
}

// passes runs the forward cut's passes and returns the last complete
// pass's decision.
func (e *expecti[S]) passes(root S) Result {
	res := Result{Action: -1}
	moves := root.Legal(nil)
	wins := make([]bool, len(moves))
	for i, a := range moves {
		wins[i] = e.canWinAtOnce(root, a)
	}
	var prevBest, threshold float64
	var dropped []int
	for k, d := range passDepths(e.opts.Depth) {
		id, ok := e.create()
		if !ok {
			break
		}
		if e.tr != nil {
			e.tr.Emit(trace.Event{Kind: trace.KindIteration, Iteration: k + 1, Depth: d})
			label := fmt.Sprintf("%d plies", d)
			if d == 1 {
				label = "1 ply"
			}
			e.emitNode(id, 0, -1, label, 0, 1, trace.TypeMax, 0, root)
			e.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: id})
			if len(dropped) > 0 {
				e.emitForwardCut(id, root, prevBest, threshold, dropped)
			}
		}
		values := make([]float64, len(moves))
		v := e.player(root, 0, d, id, 1, moves, values)
		if e.err != nil {
			if e.tr != nil {
				e.tr.Emit(trace.Event{Kind: trace.KindIteration, Iteration: k + 1, Depth: d, Discarded: true})
			}
			break
		}
		res.Action, res.Value = e.bestOf(moves, values), v
		if e.tr != nil {
			e.tr.Emit(trace.Event{Kind: trace.KindValue, Node: 0, Value: v, Best: id})
		}
		if d == e.opts.Depth {
			break
		}
		prevBest, threshold = v, v-e.opts.Margin
		kept := moves[:0:0]
		var keptWins []bool
		dropped = dropped[:0]
		for i, a := range moves {
			if values[i] >= threshold || wins[i] {
				kept, keptWins = append(kept, a), append(keptWins, wins[i])
			} else {
				dropped = append(dropped, a)
			}
		}
		if len(dropped) > 0 {
			e.cuts++
		}
		if e.tr != nil {
			e.tr.Emit(trace.Event{Kind: trace.KindNote, Node: id, Text: e.cutNote(root, d, moves, values, wins, threshold)})
		}
		moves, wins = kept, keptWins
	}
	return res
}

// canWinAtOnce reports whether some outcome of action a wins the game for
// the side to move: the cut never drops such a move.
func (e *expecti[S]) canWinAtOnce(s S, a int) bool {
	for o := range s.Chances(a, nil) {
		if c := s.Roll(a, o); c.Done() && c.Score() < 0 {
			return true
		}
	}
	return false
}

// cutNote says, after the pass at depth d, which moves go on and why.
func (e *expecti[S]) cutNote(root S, d int, moves []int, values []float64, wins []bool, threshold float64) string {
	var kept, dropped []string
	for i, a := range moves {
		item := root.Label(a) + " " + trace.FormatValue(values[i])
		switch {
		case values[i] >= threshold:
			kept = append(kept, item)
		case wins[i]:
			kept = append(kept, item+" (can win at once)")
		default:
			dropped = append(dropped, item)
		}
	}
	text := fmt.Sprintf("forward cut after %s: threshold %s (the best, %s, minus the margin %s); kept %s",
		plies(d), trace.FormatValue(threshold), trace.FormatValue(threshold+e.opts.Margin), trace.FormatValue(e.opts.Margin), strings.Join(kept, ", "))
	if len(dropped) == 0 {
		return text + "; none dropped"
	}
	return text + "; dropped " + strings.Join(dropped, ", ")
}

// plies names a depth: "1 ply", "3 plies".
func plies(d int) string {
	if d == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", d)
}

// player returns the value of s, node id at ply and at tree depth at, from
// its side to move's view, searching moves (nil: every legal move) to
// depth; it stores each move's value in values when values is not nil.
func (e *expecti[S]) player(s S, ply, depth int, id trace.NodeID, at int, moves []int, values []float64) float64 {
	if depth == 0 || s.Done() {
		return e.leaf(s, ply, id)
	}
	if moves == nil {
		moves = e.legal(s, ply)
	}
	for i := range values {
		values[i] = math.NaN()
	}
	random := e.opts.Random && ply%2 == 1
	best, sum := math.Inf(-1), 0.0
	var p float64 // the probability of each move at a random opponent's node
	if random {
		p = 1 / float64(len(moves))
	}
	for i, a := range moves {
		q, cid, ok := e.move(s, a, ply, depth, id, at, p)
		if !ok {
			break
		}
		if values != nil {
			values[i] = q
		}
		if random {
			sum += p * q
			continue
		}
		if q > best {
			best = q
			if e.tr != nil {
				e.tr.Emit(trace.Event{Kind: trace.KindValue, Node: id, Value: q, Best: cid})
			}
		}
	}
	if random {
		best = sum
		if e.tr != nil && e.err == nil {
			e.tr.Emit(trace.Event{Kind: trace.KindValue, Node: id, Value: -sum, Best: trace.NoNode}) // a chance node: the root player's view
		}
	}
	e.leave(id)
	return best
}

// move returns the value of action a at s, node id at ply and tree depth
// at, from the view of the side to move at s, and the node it created for
// the move: a chance node over the move's outcomes, or the state after it
// when it has one outcome. p is the move's probability when a random
// opponent plays it, else 0. It reports false when the search must stop.
func (e *expecti[S]) move(s S, a, ply, depth int, id trace.NodeID, at int, p float64) (float64, trace.NodeID, bool) {
	for len(e.probs) <= ply {
		e.probs = append(e.probs, make([]float64, 0, 8))
	}
	probs := s.Chances(a, e.probs[ply][:0])
	e.probs[ply] = probs
	cid, ok := e.create()
	if !ok {
		return 0, 0, false
	}
	if len(probs) == 1 {
		c := s.Roll(a, 0)
		if e.tr != nil {
			e.emitNode(cid, id, a, s.Label(a), ply+1, at+1, nodeType(ply+1), p, c)
			e.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: cid})
		}
		v := -e.player(c, ply+1, depth-1, cid, at+1, nil, nil)
		return v, cid, e.err == nil
	}
	if e.tr != nil {
		e.emitNode(cid, id, a, s.Label(a), ply+1, at+1, trace.TypeChance, p, s)
		e.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: cid})
	}
	sum := 0.0
	for o := range len(e.probs[ply]) {
		po := e.probs[ply][o]
		gid, ok := e.create()
		if !ok {
			break
		}
		c := s.Roll(a, o)
		if e.tr != nil {
			e.emitNode(gid, cid, o, s.OutcomeLabel(a, o), ply+1, at+2, nodeType(ply+1), po, c)
			e.tr.Emit(trace.Event{Kind: trace.KindEnter, Node: gid})
		}
		sum -= po * e.player(c, ply+1, depth-1, gid, at+2, nil, nil)
		if e.err != nil {
			break
		}
	}
	if e.err != nil {
		e.leave(cid)
		return 0, cid, false
	}
	if e.tr != nil {
		root := sum // a chance node's value is in the root player's view
		if ply%2 == 1 {
			root = -sum
		}
		e.tr.Emit(trace.Event{Kind: trace.KindValue, Node: cid, Value: root, Best: trace.NoNode})
	}
	e.leave(cid)
	return sum, cid, true
}

// leaf evaluates s, node id at ply, from its side to move's view.
func (e *expecti[S]) leaf(s S, ply int, id trace.NodeID) float64 {
	e.evals++
	var v float64
	if e.h.Evaluate != nil && e.opts.Eval > 0 {
		v = e.h.Evaluate(s, e.opts.Eval)
	} else {
		v = s.Score()
	}
	if e.tr != nil {
		traced := v
		if e.opts.Random && ply%2 == 1 {
			traced = -v // a random opponent's node is a chance node: the root player's view
		}
		e.tr.Emit(trace.Event{Kind: trace.KindEval, Node: id, Value: traced, Terminal: s.Done()})
		e.tr.Emit(trace.Event{Kind: trace.KindLeave, Node: id})
	}
	return v
}

// leave reports that the focus leaves node id for good.
func (e *expecti[S]) leave(id trace.NodeID) {
	if e.tr != nil {
		e.tr.Emit(trace.Event{Kind: trace.KindLeave, Node: id})
	}
}

// emitNode reports node id, a child of parent by action (an outcome's
// index under a chance node) at ply and tree depth at, of type t, with the
// probability p of reaching it from a chance node (0 for none) and the
// position s.
//
//go:noinline
func (e *expecti[S]) emitNode(id, parent trace.NodeID, action int, label string, ply, at int, t trace.NodeType, p float64, s S) {
	if t != trace.TypeChance && ply%2 == 1 && e.opts.Random {
		t = trace.TypeChance // the random opponent's node averages its moves
	}
	ev := trace.Event{Kind: trace.KindNode, Node: id, Parent: parent, Action: action, Label: label, Depth: at, Type: t, Prob: p}
	if e.opts.Boards {
		ev.Board = s.String()
	}
	e.tr.Emit(ev)
}

// emitForwardCut reports the forward cut at the start of pass node id: the
// moves dropped, the best value of the pass before and the threshold.
//
//go:noinline
func (e *expecti[S]) emitForwardCut(id trace.NodeID, root S, best, threshold float64, dropped []int) {
	labels := make([]string, len(dropped))
	for i, a := range dropped {
		labels[i] = root.Label(a)
	}
	e.tr.Emit(trace.Event{Kind: trace.KindCut, Node: id, Cut: trace.CutForward, Value: best, Alpha: threshold, Beta: math.Inf(1),
		Pruned: append([]int(nil), dropped...), PrunedLabels: labels})
}

// Expectimax's parameters.
var (
	paramExpectimaxDepth = spec.Param{Name: "depth", Type: spec.Int, Default: 2, Min: 1, Max: MaxDepth, Help: "depth limit in moves (chance does not count); states at the limit are evaluated"}
	paramCut             = spec.Param{Name: "cut", Type: spec.Int, Default: 0, Min: 0, Max: 1, Help: "1 for the paper's forward cut: search the root's moves at depths 1, 3, ... and keep after each pass only those within margin of the best, and those that can win at once"}
	paramMargin          = spec.Param{Name: "margin", Type: spec.Float, Default: 20, Min: 0, Max: 1e6, Help: "the forward cut's margin: moves more than this below the best move's value are dropped, in the evaluation's units"}
	paramObvious         = spec.Param{Name: "obvious", Type: spec.Int, Default: 0, Min: 0, Max: 1, Help: "1 to play an obvious move without searching, where the game knows one: win at once, or block the opponent's win at once (the dice game)"}
	paramRandom          = spec.Param{Name: "opponent", Type: spec.Choice, Default: 0, Max: 1, Choices: []string{"min", "random"},
		Help: "how the opponent moves: min takes the move worst for the root player (expectiminimax); random picks any move, each equally likely (expectimax, as the lecture's ghosts)"}
)

// evalParam is Expectimax's evaluation parameter for a game whose
// evaluation kinds are evals (Heuristics.Evals): score, the game's own
// Score, then each of them; the first of them by default, if any.
func evalParam(evals []string) spec.Param {
	return spec.Param{Name: "eval", Type: spec.Choice, Default: float64(min(1, len(evals))), Max: float64(len(evals)),
		Choices: append([]string{"score"}, evals...),
		Help:    "the evaluation at the depth limit: score, the game's own, or one of the evaluations the game declares"}
}

// ExpectimaxEntry is Expectimax for the catalog, with the game's
// heuristics h: its eval parameter offers the evaluation kinds h
// declares.
func ExpectimaxEntry[S Chance[S]](h Heuristics[S]) Entry[S] {
	paramEval := evalParam(h.Evals)
	return Entry[S]{
		Algorithm: Algorithm{
			Name: "expectimax", Family: FamilyChance, Measures: MeasureValue,
			Help:   "Expectiminimax: chance nodes average their outcomes by probability, players maximise in turn; optionally the paper's forward cut",
			Params: []spec.Param{paramExpectimaxDepth, paramEval, paramCut, paramMargin, paramObvious, paramRandom, paramNodes},
			Code:   expectimaxCode(),
		},
		Run: func(ctx context.Context, root S, v spec.Values, tracing Tracing) (Result, error) {
			return Expectimax(ctx, root, h, ExpectimaxOptions{
				Depth:   v.Int(paramExpectimaxDepth),
				Eval:    v.Int(paramEval),
				Cut:     v.Int(paramCut) == 1,
				Margin:  v.Float(paramMargin),
				Obvious: v.Int(paramObvious) == 1,
				Random:  v.Int(paramRandom) == 1,
				Limits:  Limits{MaxNodes: v.Int(paramNodes)},
				Tracing: tracing,
			})
		},
	}
}

// expectimaxCode is Expectimax's pseudocode in the negamax form, values
// from the side to move's view, with the forward cut's passes at the root
// and the obvious move's rule when they are on. A note on the root other
// than the obvious move's, such as a budget's, lights the return.
func expectimaxCode() Code {
	cut, obvious, random := set(paramCut), set(paramObvious), set(paramRandom)
	obviousNote := noteSays(obviousWords)
	return Code{
		line("function EXPECTIMAX-DECISION(state, depth)", onIf(trace.KindNode, newRoot), onIf(trace.KindEnter, atRoot)),
		line("  if the game knows an obvious move then return it   ▷ obvious=1: win at once, or block a win at once", onIf(trace.KindNote, both(atRoot, obviousNote))).only(obvious),
		line("  moves ← ACTIONS(state)"),
		line("  for d ← 1, 3, 5, … below depth, then depth do   ▷ cut=1: the paper's forward cut", on(trace.KindIteration), onIf(trace.KindNode, passNode), onIf(trace.KindEnter, passNode), onIf(trace.KindLeave, passNode)).only(cut),
		line("    v ← the greatest EXPECTIMAX value of moves, searched to depth d", onIf(trace.KindValue, atRoot)).plain(cut, "  v ← the greatest EXPECTIMAX value of moves, searched to depth"),
		line("    keep the moves valued ≥ v − margin, or that can win at once", onIf(trace.KindCut, forwardCut), onIf(trace.KindNote, below(passNode))).only(cut),
		line("  return the move of greatest value", on(trace.KindDecision), onIf(trace.KindLeave, both(atRoot, not(atLeaf))), onIf(trace.KindNote, both(atRoot, not(obviousNote)))),
		line("function EXPECTIMAX(state, depth)   ▷ values from the side to move's view"),
		line("  if depth = 0 or TERMINAL(state) then return EVAL(state)", on(trace.KindEval), onIf(trace.KindLeave, both(atLeaf, not(atChance)))),
		line("  v ← −∞"),
		line("  for each a in ACTIONS(state) do", onIf(trace.KindNode, both(childOfPlayer, not(passNode))), onIf(trace.KindEnter, both(childOfPlayer, not(passNode)))),
		line("    q ← 0"),
		line("    for each outcome o of a, with probability P(o) do", onIf(trace.KindNode, childOfChance), onIf(trace.KindEnter, childOfChance)),
		line("      q ← q + P(o) · −EXPECTIMAX(ROLL(state, a, o), depth − 1)", onIf(trace.KindValue, atChance), onIf(trace.KindLeave, atChance)),
		line("    v ← MAX(v, q)   ▷ opponent=random: at its nodes v ← the mean of the q", onIf(trace.KindValue, both(not(atChance), not(atRoot)))).plain(random, "    v ← MAX(v, q)"),
		line("  return v", onIf(trace.KindLeave, both(both(not(atLeaf), not(atChance)), both(not(passNode), not(atRoot))))),
	}
}

// atChance holds when the event's node is a chance node.
func atChance(t *trace.Tree, e trace.Event) bool { return isType(t, e, trace.TypeChance) }

// childOfChance holds when the event's node is an outcome of a chance
// node.
func childOfChance(t *trace.Tree, e trace.Event) bool {
	p := t.Node(e.Node).Parent
	return p != trace.NoNode && t.Node(p).Type == trace.TypeChance
}

// childOfPlayer holds when the event's node is reached by a player's move:
// its parent is a max or min node.
func childOfPlayer(t *trace.Tree, e trace.Event) bool {
	p := t.Node(e.Node).Parent
	return p != trace.NoNode && (t.Node(p).Type == trace.TypeMax || t.Node(p).Type == trace.TypeMin)
}

// passNode holds when the event's node is one of the forward cut's passes:
// a child of the root with no action.
func passNode(t *trace.Tree, e trace.Event) bool {
	n := t.Node(e.Node)
	return n.Parent == t.Root() && n.Action == -1
}

// forwardCut holds for a forward cut's event.
func forwardCut(_ *trace.Tree, e trace.Event) bool { return e.Cut == trace.CutForward }
