package tracetest

import (
	"math"
	"time"

	"github.com/searchviz/searchviz/trace"
)

// Hand-built events, each a one-line constructor, so that the example
// traces below read like the protocol they follow.

func node(id, parent trace.NodeID, action int, label string, depth int, t trace.NodeType) trace.Event {
	return trace.Event{Kind: trace.KindNode, Node: id, Parent: parent, Action: action, Label: label, Depth: depth, Type: t}
}

// withProb returns the node event e of a chance node's child with the
// probability of its outcome.
func withProb(e trace.Event, p float64) trace.Event {
	e.Prob = p
	return e
}

func enter(id trace.NodeID) trace.Event { return trace.Event{Kind: trace.KindEnter, Node: id} }

func leave(id trace.NodeID) trace.Event { return trace.Event{Kind: trace.KindLeave, Node: id} }

func bounds(id trace.NodeID, alpha, beta float64) trace.Event {
	return trace.Event{Kind: trace.KindBounds, Node: id, Alpha: alpha, Beta: beta}
}

func eval(id trace.NodeID, v float64, terminal bool) trace.Event {
	return trace.Event{Kind: trace.KindEval, Node: id, Value: v, Terminal: terminal}
}

func value(id trace.NodeID, v float64, best trace.NodeID) trace.Event {
	return trace.Event{Kind: trace.KindValue, Node: id, Value: v, Best: best}
}

// numbered sets each event's Step to its index.
func numbered(events []trace.Event) []trace.Event {
	for i := range events {
		events[i].Step = i
	}
	return events
}

// AlphaBeta returns the trace of alpha-beta on the textbook tree of
// Russell and Norvig's Figure 5.2, the root A (max) with moves a1, a2, a3
// to the min nodes B, C, D and leaves [[3, 12, 8], [2, 4, 6], [14, 5, 2]],
// as the depth-first engines emit it: 63 events, 11 nodes, 7 evaluations,
// one alpha cut at C pruning c2 and c3, and the decision a1 with value 3.
// It is built by hand from the protocol, not by running an engine, so
// tests can compare an engine's trace with it.
func AlphaBeta() []trace.Event {
	const root, noNode = 0, trace.NoNode
	inf := math.Inf(1)
	return numbered([]trace.Event{
		node(root, noNode, -1, "", 0, trace.TypeMax), // 0
		enter(root),
		bounds(root, -inf, inf),
		node(1, root, 0, "a1", 1, trace.TypeMin), // B
		enter(1),
		bounds(1, -inf, inf), // 5
		node(2, 1, 0, "b1", 2, trace.TypeMax),
		enter(2),
		bounds(2, -inf, inf),
		eval(2, 3, true),
		leave(2), // 10
		value(1, -3, 2),
		bounds(1, -3, inf),
		node(3, 1, 1, "b2", 2, trace.TypeMax),
		enter(3),
		bounds(3, -inf, 3), // 15
		eval(3, 12, true),
		leave(3),
		node(4, 1, 2, "b3", 2, trace.TypeMax),
		enter(4),
		bounds(4, -inf, 3), // 20
		eval(4, 8, true),
		leave(4),
		leave(1),
		value(root, 3, 1),
		bounds(root, 3, inf),                     // 25
		node(5, root, 1, "a2", 1, trace.TypeMin), // C
		enter(5),
		bounds(5, -inf, -3),
		node(6, 5, 0, "c1", 2, trace.TypeMax),
		enter(6), // 30
		bounds(6, 3, inf),
		eval(6, 2, true),
		leave(6),
		value(5, -2, 6),
		{Kind: trace.KindCut, Node: 5, Cut: trace.CutAlpha, Value: -2, Alpha: -inf, Beta: -3, // 35
			Pruned: []int{1, 2}, PrunedLabels: []string{"c2", "c3"}},
		leave(5),
		node(7, root, 2, "a3", 1, trace.TypeMin), // D
		enter(7),
		bounds(7, -inf, -3),
		node(8, 7, 0, "d1", 2, trace.TypeMax), // 40
		enter(8),
		bounds(8, 3, inf),
		eval(8, 14, true),
		leave(8),
		value(7, -14, 8), // 45
		bounds(7, -14, -3),
		node(9, 7, 1, "d2", 2, trace.TypeMax),
		enter(9),
		bounds(9, 3, 14),
		eval(9, 5, true), // 50
		leave(9),
		value(7, -5, 9),
		bounds(7, -5, -3),
		node(10, 7, 2, "d3", 2, trace.TypeMax),
		enter(10), // 55
		bounds(10, 3, 5),
		eval(10, 2, true),
		leave(10),
		value(7, -2, 10), // reaches beta -3, but d3 is the last move: no cut
		leave(7),         // 60
		leave(root),
		{Kind: trace.KindDecision, Node: root, Action: 0, Label: "a1", Value: 3,
			Counters: trace.Counters{Nodes: 11, Evals: 7, Cuts: 1, Elapsed: 1000 * time.Nanosecond}},
	})
}

// EveryKind returns a small valid trace that has an event of every kind,
// every node kind, and every optional field both present and absent, with
// labels and texts that need escaping: among them a child of a joint node
// with both players' moves, and the note of a trace cut short. It mixes MCTS, alpha-beta and beam
// events and follows no single algorithm; it exists to exercise codecs
// and validators.
func EveryKind() []trace.Event {
	inf := math.Inf(1)
	nan := math.NaN()
	n0 := node(0, trace.NoNode, -1, "", 0, trace.TypeMax)
	n0.Board = "x.o\n.x.\n..o"
	n1 := node(1, 0, 3, "b1", 1, trace.TypeMin)
	n1.Board = "x.o\n.xx\n..o"
	n6 := node(6, 4, 5, "up/\"left\"", 4, trace.TypeJoint)
	n6.Joint = &trace.JointAction{{Action: 1, Label: "up"}, {Action: 2, Label: "\"left\""}}
	return numbered([]trace.Event{
		n0,
		{Kind: trace.KindIteration, Iteration: 1, Depth: 3},
		enter(0),
		bounds(0, -inf, inf),
		n1,
		node(2, 0, 5, "c2 \"quoted\" \\ \t\u2028 é ♞", 1, trace.TypeMin), // 5
		{Kind: trace.KindExpand, Node: 0, Children: []trace.NodeID{1, 2}},
		{Kind: trace.KindSelect, Node: 0, Child: 1, Scores: []trace.Score{
			{Child: 1, Action: 3, W: 0, N: 0, UCB: nan},
			{Child: 2, Action: 5, W: 0, N: 0, UCB: nan},
		}},
		enter(1),
		eval(1, -0.5, false),
		{Kind: trace.KindPlayout, Node: 1, Result: 1, Length: 7}, // 10
		{Kind: trace.KindBackprop, Path: []trace.NodeID{1, 0}, Values: []float64{-1, 1}},
		leave(1),
		{Kind: trace.KindSelect, Node: 0, Child: 2, Scores: []trace.Score{
			{Child: 1, Action: 3, W: 1, N: 1, UCB: 1.25},
			{Child: 2, Action: 5, W: 0, N: 0, UCB: inf},
		}},
		enter(2),
		bounds(2, -inf, 0.25), // 15
		node(3, 2, 0, "roll", 2, trace.TypeChance),
		enter(3),
		withProb(node(4, 3, 1, "1", 3, trace.TypeJoint), 1.0/6),
		enter(4),
		eval(4, 1e-7, true), // 20
		leave(4),
		value(3, -1e300, 4),
		leave(3),
		value(2, 0.5, 3),
		{Kind: trace.KindCut, Node: 2, Cut: trace.CutAlpha, Value: 0.5, Alpha: -inf, Beta: 0.25, // 25
			Pruned: []int{1, 2}, PrunedLabels: []string{"\x01", ""}},
		leave(2),
		node(5, 0, 7, "", 1, trace.TypeSingle),
		enter(5),
		value(5, 0, trace.NoNode),
		leave(5), // 30
		leave(0),
		{Kind: trace.KindBeam, Depth: 1, Kept: []trace.NodeID{1, 5}, Dropped: []trace.NodeID{2}},
		{Kind: trace.KindIteration, Iteration: 2, Discarded: true},
		{Kind: trace.KindNote, Node: 2, Text: "pruned: see\r\nstep 25"},
		{Kind: trace.KindNote, Node: trace.NoNode, Text: "a note about no node"}, // 35
		n6,
		{Kind: trace.KindNote, Node: trace.NoNode, Truncated: trace.TruncatedEvents,
			Text: trace.TruncatedNote + ": event budget of 39 events reached; later events are not recorded"},
		{Kind: trace.KindDecision, Node: 0, Action: 5, Label: "c2", Value: -inf,
			Counters: trace.Counters{Nodes: 7, Evals: 2, Cuts: 1, Elapsed: 1234567 * time.Nanosecond}},
	})
}
