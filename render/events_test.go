package render

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

var inf = math.Inf(1)

// The event constructors below spell out the depth-first protocol, so that
// the hand-built traces read like the search they record.

func nodeEv(id, parent trace.NodeID, action int, label string, depth int, typ trace.NodeType, board string) trace.Event {
	return trace.Event{Kind: trace.KindNode, Node: id, Parent: parent, Action: action, Label: label, Depth: depth, Type: typ, Board: board}
}

func enterEv(id trace.NodeID) trace.Event { return trace.Event{Kind: trace.KindEnter, Node: id} }

func leaveEv(id trace.NodeID) trace.Event { return trace.Event{Kind: trace.KindLeave, Node: id} }

func boundsEv(id trace.NodeID, alpha, beta float64) trace.Event {
	return trace.Event{Kind: trace.KindBounds, Node: id, Alpha: alpha, Beta: beta}
}

func evalEv(id trace.NodeID, v float64) trace.Event {
	return trace.Event{Kind: trace.KindEval, Node: id, Value: v, Terminal: true}
}

func valueEv(id trace.NodeID, v float64, best trace.NodeID) trace.Event {
	return trace.Event{Kind: trace.KindValue, Node: id, Value: v, Best: best}
}

func cutEv(id trace.NodeID, kind trace.CutKind, v, alpha, beta float64, pruned []int, labels []string) trace.Event {
	return trace.Event{Kind: trace.KindCut, Node: id, Cut: kind, Value: v, Alpha: alpha, Beta: beta, Pruned: pruned, PrunedLabels: labels}
}

func decisionEv(action int, label string, v float64) trace.Event {
	return trace.Event{Kind: trace.KindDecision, Node: 0, Action: action, Label: label, Value: v}
}

// leafEvs are the events of a searched leaf: created, entered, given its
// window, evaluated and left.
func leafEvs(id, parent trace.NodeID, action int, label string, alpha, beta, v float64) []trace.Event {
	return []trace.Event{
		nodeEv(id, parent, action, label, 2, trace.TypeMax, ""),
		enterEv(id), boundsEv(id, alpha, beta), evalEv(id, v), leaveEv(id),
	}
}

func numbered(groups ...[]trace.Event) []trace.Event {
	var evs []trace.Event
	for _, g := range groups {
		evs = append(evs, g...)
	}
	for i := range evs {
		evs[i].Step = i
	}
	return evs
}

// textbookEvents is alpha-beta on Russell and Norvig's Figure 5.2, the
// root A (max) over the min nodes B, C, D and the leaves [[3, 12, 8],
// [2, 4, 6], [14, 5, 2]]. Nodes: A 0, B 1, b1-b3 2-4, C 5, c1 6, D 7,
// d1-d3 8-10, and the placeholders c2 11 and c3 12. Step 9 evaluates b1,
// step 35 is the cut at C, step 65 the decision.
func textbookEvents() []trace.Event {
	const a, b, c, d = 0, 1, 5, 7
	return numbered(
		[]trace.Event{
			nodeEv(a, trace.NoNode, -1, "", 0, trace.TypeMax, ""), enterEv(a), boundsEv(a, -inf, inf), // 0-2
			nodeEv(b, a, 0, "a1", 1, trace.TypeMin, ""), enterEv(b), boundsEv(b, -inf, inf), // 3-5
		},
		leafEvs(2, b, 0, "b1", -inf, inf, 3),                   // 6-10, the eval at 9
		[]trace.Event{valueEv(b, -3, 2), boundsEv(b, -3, inf)}, // 11-12
		leafEvs(3, b, 1, "b2", -inf, 3, 12),                    // 13-17
		leafEvs(4, b, 2, "b3", -inf, 3, 8),                     // 18-22
		[]trace.Event{
			leaveEv(b), valueEv(a, 3, b), boundsEv(a, 3, inf), // 23-25
			nodeEv(c, a, 1, "a2", 1, trace.TypeMin, ""), enterEv(c), boundsEv(c, -inf, -3), // 26-28
		},
		leafEvs(6, c, 0, "c1", 3, inf, 2), // 29-33
		[]trace.Event{
			valueEv(c, -2, 6),
			cutEv(c, trace.CutAlpha, -2, -inf, -3, []int{1, 2}, []string{"c2", "c3"}), // 35
			leaveEv(c),
			nodeEv(d, a, 2, "a3", 1, trace.TypeMin, ""), enterEv(d), boundsEv(d, -inf, -3), // 37-39
		},
		leafEvs(8, d, 0, "d1", 3, inf, 14),                                                // 40-44
		[]trace.Event{valueEv(d, -14, 8), boundsEv(d, -14, -3)},                           // 45-46
		leafEvs(9, d, 1, "d2", 3, 14, 5),                                                  // 47-51
		[]trace.Event{valueEv(d, -5, 9), boundsEv(d, -5, -3)},                             // 52-53
		leafEvs(10, d, 2, "d3", 3, 5, 2),                                                  // 54-58
		[]trace.Event{valueEv(d, -2, 10), leaveEv(d), leaveEv(a), decisionEv(0, "a1", 3)}, // 59-62
	)
}

// Node ids of the textbook tree.
const (
	idA, idB, idC, idD = 0, 1, 5, 7
	idC2, idC3         = 11, 12
	textbookSize       = 13
	textbookCutStep    = 35
)

// tictactoeEvents is a small alpha-beta search, limited to two root moves,
// from the tic-tac-toe position x.o/.x./..o with x to move. c2 blocks o
// (a static value of 0); after a2, o wins at c2, which refutes a2 with an
// alpha cut at node 2 that prunes o's other moves b3, a1 and b1.
func tictactoeEvents() []trace.Event {
	return numbered([]trace.Event{
		nodeEv(0, trace.NoNode, -1, "", 0, trace.TypeMax, "x.o/.x./..o"), enterEv(0), boundsEv(0, -inf, inf),
		nodeEv(1, 0, 5, "c2", 1, trace.TypeMin, "x.o/.xx/..o"), enterEv(1), boundsEv(1, -inf, inf),
		{Kind: trace.KindEval, Node: 1, Value: 0}, leaveEv(1),
		valueEv(0, 0, 1), boundsEv(0, 0, inf),
		nodeEv(2, 0, 3, "a2", 1, trace.TypeMin, "x.o/xx./..o"), enterEv(2), boundsEv(2, -inf, 0),
		nodeEv(3, 2, 5, "c2", 2, trace.TypeMax, "x.o/xxo/..o"), enterEv(3), boundsEv(3, 0, inf),
		evalEv(3, -1), leaveEv(3),
		valueEv(2, 1, 3),
		cutEv(2, trace.CutAlpha, 1, -inf, 0, []int{1, 6, 7}, []string{"b3", "a1", "b1"}),
		leaveEv(2), leaveEv(0),
		decisionEv(5, "c2", 0),
	})
}

// randomEvents returns the trace of alpha-beta on a random tree, as the
// depth-first engines emit it, whose final tree, placeholders included,
// has n nodes or very nearly: branching 2 to 4, integer leaf values. It
// tries node budgets from n-1 up and keeps the first whose tree is nearest
// n nodes; the tries are dry runs, which draw the same random numbers
// without recording events, so that only the chosen search is recorded.
func randomEvents(seed uint64, n int) []trace.Event {
	budget, bestDiff := n-1, math.MaxInt
	for b := n - 1; b <= 2*n && bestDiff > 0; b++ {
		s := randomSearch(seed, b, true)
		if d := max(s.used+1-n, n-s.used-1); d < bestDiff {
			budget, bestDiff = b, d
		}
	}
	return randomSearch(seed, budget, false).evs
}

// randomSearch runs randomEvents' search with a node budget; dry, it
// records no events, only how many nodes the tree has below the root.
func randomSearch(seed uint64, budget int, dry bool) *searcher {
	s := &searcher{rng: rand.New(rand.NewPCG(seed, 1)), dry: dry}
	s.emit(nodeEv(0, trace.NoNode, -1, "", 0, trace.TypeMax, ""))
	v, m, used := s.search(0, 0, trace.TypeMax, -inf, inf, budget)
	s.emit(decisionEv(m.action, m.label, v))
	s.used = used
	return s
}

type searcher struct {
	rng  *rand.Rand
	evs  []trace.Event
	next trace.NodeID
	dry  bool // record no events
	used int  // the nodes below the root, once searched
}

type move struct {
	action int
	label  string
}

func (s *searcher) emit(e trace.Event) {
	if e.Kind == trace.KindNode {
		s.next++
	}
	if s.dry {
		return
	}
	e.Step = len(s.evs)
	s.evs = append(s.evs, e)
}

// search is negamax alpha-beta at node id, which may have budget nodes
// below it. It returns the value in id's view, the best move, and the
// number of nodes below id in the final tree: its children, searched or
// pruned, and theirs. Budget a child leaves unused goes to its siblings.
func (s *searcher) search(id trace.NodeID, depth int, typ trace.NodeType, alpha, beta float64, budget int) (float64, move, int) {
	s.emit(enterEv(id))
	s.emit(boundsEv(id, alpha, beta))
	k := min(2+s.rng.IntN(3), budget)
	if k < 2 {
		v := float64(s.rng.IntN(19) - 9)
		s.emit(evalEv(id, v))
		s.emit(leaveEv(id))
		return v, move{}, 0
	}
	child := trace.TypeMin
	if typ == trace.TypeMin {
		child = trace.TypeMax
	}
	label := func(i int) string {
		if s.dry {
			return "" // a dry run records no label, and draws no number for one
		}
		return string(rune('a'+depth%26)) + strconv.Itoa(i+1)
	}
	left := budget - k
	used := k
	best, bestMove := -inf, move{}
	for i := range k {
		cid := s.next
		s.emit(nodeEv(cid, id, i, label(i), depth+1, child, ""))
		share := left / (k - i)
		cv, _, u := s.search(cid, depth+1, child, -beta, -max(alpha, best), share)
		left -= u
		used += u
		if -cv > best {
			best, bestMove = -cv, move{i, label(i)}
			s.emit(valueEv(id, best, cid))
		}
		if best >= beta {
			if i < k-1 && !s.dry {
				var pruned []int
				var labels []string
				for j := i + 1; j < k; j++ {
					pruned = append(pruned, j)
					labels = append(labels, label(j))
				}
				s.emit(cutEv(id, trace.CutFor(typ), best, alpha, beta, pruned, labels))
			}
			break
		}
		if best > alpha {
			alpha = best
			s.emit(boundsEv(id, alpha, beta))
		}
	}
	s.emit(leaveEv(id))
	return best, bestMove, used
}

// lastStep asks mustTree for a trace's last step.
const lastStep = -2

// mustTree folds events into a tree positioned at step, or at the last
// step for lastStep.
func mustTree(tb testing.TB, events []trace.Event, step int) *trace.Tree {
	tb.Helper()
	t, err := trace.NewTree(events)
	if err != nil {
		tb.Fatalf("NewTree: %v", err)
	}
	if step == lastStep {
		step = t.Len() - 1
	}
	if err := t.Seek(step); err != nil {
		tb.Fatalf("Seek(%d): %v", step, err)
	}
	return t
}

// TestTestTraces checks that the traces the other tests draw follow the
// trace protocol, so that what they assert is about real traces.
func TestTestTraces(t *testing.T) {
	testenv.SkipUnderRace(t, "checks the test traces")
	t.Parallel()
	traces := map[string]func() []trace.Event{
		"textbook":    textbookEvents,
		"tictactoe":   tictactoeEvents,
		"random 100":  func() []trace.Event { return randomEvents(1, 100) },
		"random 1000": func() []trace.Event { return randomEvents(2, 1000) },
	}
	for name, events := range traces {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if err := tracetest.Validate(events()); err != nil {
				t.Error(err)
			}
		})
	}
	tr := mustTree(t, textbookEvents(), lastStep)
	if tr.Len() != 63 || tr.Size() != textbookSize {
		t.Errorf("textbook trace: %d events and %d nodes, want 63 and %d", tr.Len(), tr.Size(), textbookSize)
	}
	if e := tr.Event(textbookCutStep); e.Kind != trace.KindCut || e.Node != idC {
		t.Errorf("textbook event %d is %v at node %d, want the cut at C", textbookCutStep, e.Kind, e.Node)
	}
	for _, n := range []int{100, 1000} {
		t.Run(fmt.Sprint("size ", n), func(t *testing.T) {
			t.Parallel()
			size := mustTree(t, randomEvents(1, n), lastStep).Size()
			if size < n-n/50 || size > n+n/50 {
				t.Errorf("randomEvents(1, %d) has %d nodes", n, size)
			}
		})
	}
}
