package explain

import (
	"strings"

	"github.com/searchviz/searchviz/trace"
)

// This file is the vocabulary every other package shows students: who
// moves, whose view a value is in, what a node's status means, how a
// playout ended and why a cut pruned a branch. One word per idea, as
// textbooks use them: MAX is always the player who moves at the root and
// MIN its opponent; values are in "MAX's view" (trace.ViewRoot) or in the
// "side to move's view" (trace.ViewSide), the negamax view.

// typeWord is what the vocabulary says about one node type.
type typeWord struct {
	player string // who moves
	node   string // what the node is called
	legend string // the drawing legend's line, with the node's shape
}

// typeWords are the words for each node type.
var typeWords = [...]typeWord{
	trace.TypeMax:    {"MAX", "MAX node", "MAX to move, the player at the root (points up)"},
	trace.TypeMin:    {"MIN", "MIN node", "MIN to move, MAX's opponent (points down)"},
	trace.TypeChance: {"chance", "chance node", "chance decides (circle)"},
	trace.TypeSingle: {"the player", "one-player state", "the player to move, in a one-player game (box)"},
	trace.TypeJoint:  {"both players", "simultaneous-move node", "both players move at once (diamond)"},
}

// wordsOf returns t's words; a type the vocabulary does not know is called
// by its name.
func wordsOf(t trace.NodeType) typeWord {
	if int(t) < len(typeWords) && typeWords[t].player != "" {
		return typeWords[t]
	}
	return typeWord{t.String(), t.String() + " node", t.String()}
}

// Player names who moves at a node of type t in English (see Lang.Player).
func Player(t trace.NodeType) string { return English.Player(t) }

// Player names who moves at a node of type t: "MAX", "MIN", "chance",
// "the player" (one-player games) or "both players" (simultaneous moves).
func (l Lang) Player(t trace.NodeType) string { return l.T(wordsOf(t).player) }

// NodeName names a node of type t in English (see Lang.NodeName).
func NodeName(t trace.NodeType) string { return English.NodeName(t) }

// NodeName names a node of type t as textbooks do: "MAX node", "MIN node",
// "chance node", "one-player state", "simultaneous-move node".
func (l Lang) NodeName(t trace.NodeType) string { return l.T(wordsOf(t).node) }

// TypeLegend is Lang.TypeLegend in English.
func TypeLegend(t trace.NodeType) string { return English.TypeLegend(t) }

// TypeLegend is the line a drawing's legend gives nodes of type t: who
// moves there and, in parentheses, the shape render draws them with.
func (l Lang) TypeLegend(t trace.NodeType) string { return l.T(wordsOf(t).legend) }

// TypeLegendIn is Lang.TypeLegendIn in English.
func TypeLegendIn(t trace.NodeType, v trace.View) string { return English.TypeLegendIn(t, v) }

// TypeLegendIn is TypeLegend for a drawing in view v: in the side to
// move's view it also says whose view a chance node's value is in, as
// ValueIn shows it, since no player moves there. The words name the view
// they are about, so that a drawing shown in both views may give them.
func (l Lang) TypeLegendIn(t trace.NodeType, v trace.View) string {
	if t == trace.TypeChance && v == trace.ViewSide {
		return say{l}.F("%s; in the side to move's view, its value is in the view of the player whose move it follows", l.TypeLegend(t))
	}
	return l.TypeLegend(t)
}

// simPlayers name the two players of a simultaneous-move game, player 0
// and player 1 of the engines, as the maze draws their characters.
var simPlayers = [2]string{"player A", "player B"}

// simPlayer names player p (0 or 1) of a simultaneous-move game in a
// sentence, "player A", with a capital at its start, "Player A".
func (l Lang) simPlayer(p int, capital bool) string {
	if capital {
		return l.T(Capital(simPlayers[p]))
	}
	return l.T(simPlayers[p])
}

// ViewName is Lang.ViewName in English.
func ViewName(v trace.View) string { return English.ViewName(v) }

// ViewName is the short name of view v, for toggles and labels on values:
// "MAX's view" or "side to move's view".
func (l Lang) ViewName(v trace.View) string {
	if v == trace.ViewSide {
		return l.T("side to move's view")
	}
	return say{l}.F("%s's view", l.Player(trace.TypeMax))
}

// ViewAbout is Lang.ViewAbout in English.
func ViewAbout(v trace.View) string { return English.ViewAbout(v) }

// ViewAbout is the long form of ViewName, for captions and tooltips: the
// short name and, in parentheses, what it means.
func (l Lang) ViewAbout(v trace.View) string {
	if v == trace.ViewSide {
		return say{l}.F("%s (each node's player to move, as in negamax)", l.ViewName(v))
	}
	return say{l}.F("%s (%s moves at the root)", l.ViewName(v), l.Player(trace.TypeMax))
}

// Whose is Lang.Whose in English.
func Whose(root trace.NodeType, v trace.View) string { return English.Whose(root, v) }

// Whose names whose view the values of a tree with a root of type root
// are in when shown in view v: ViewName(v) when two players take turns;
// player A's view when they move at once, as the engines keep every value
// so; "" for one player, whose values are scores.
func (l Lang) Whose(root trace.NodeType, v trace.View) string {
	switch root {
	case trace.TypeSingle:
		return ""
	case trace.TypeJoint:
		return say{l}.F("%s's view", l.simPlayer(0, false))
	}
	return l.ViewName(v)
}

// Caption is Lang.Caption in English.
func Caption(root trace.NodeType, v trace.View) string { return English.Caption(root, v) }

// Caption is the line a drawing of a tree whose root has type root gives
// to say whose values it shows in view v.
func (l Lang) Caption(root trace.NodeType, v trace.View) string {
	s := say{l}
	switch root {
	case trace.TypeSingle:
		return s.F("values: %s's score in each state", l.Player(root))
	case trace.TypeJoint:
		return s.F("values: %s (%s move at once)", l.Whose(root, v), l.Player(root))
	}
	return s.F("values: %s", l.ViewAbout(v))
}

// statusWords say what each status means, by trace.Status.
var statusWords = [...]string{
	trace.StatusNotReached: "not reached yet",
	trace.StatusGenerated:  "generated, not searched yet",
	trace.StatusCurrent:    "current node",
	trace.StatusPath:       "on the path to the current node",
	trace.StatusDone:       "searched; its value is final",
	trace.StatusPruned:     "pruned, never searched",
	trace.StatusBest:       "on the best line, after the decision",
	trace.StatusKept:       "kept by the beam",
	trace.StatusDropped:    "dropped by the beam",
}

// Status is Lang.Status in English.
func Status(s trace.Status) string { return English.Status(s) }

// Status says what status s means for a node: "current node", "pruned,
// never searched", ...
func (l Lang) Status(s trace.Status) string {
	if int(s) < len(statusWords) && statusWords[s] != "" {
		return l.T(statusWords[s])
	}
	return s.String()
}

// Outcome is Lang.Outcome in English.
func Outcome(r float64) string { return English.Outcome(r) }

// Outcome names a game's result for a player, 1 a win, ½ a draw and 0 a
// loss, as Monte Carlo playouts score them; above ½ is a win and below a
// loss.
func (l Lang) Outcome(r float64) string {
	switch {
	case r > 0.5:
		return l.T("win")
	case r < 0.5:
		return l.T("loss")
	}
	return l.T("draw")
}

// CutRule is Lang.CutRule in English.
func CutRule(k trace.CutKind, value, bound string) string { return English.CutRule(k, value, bound) }

// CutRule is the test a cut of kind k passed, in MAX's view as textbooks
// write it, from its value and bound formatted by the caller: "β-cut: 5 ≥
// β=3" at a MAX node, "α-cut: 2 ≤ α=3" at a MIN node, and for a forward
// cut, whose value is the best move's and bound the threshold, "forward
// cut: below 22 (best 42)": CutName, then CutTest. It is "" for any other
// kind.
func (l Lang) CutRule(k trace.CutKind, value, bound string) string {
	name := l.CutName(k)
	if name == "" {
		return ""
	}
	return say{l}.F("%s: %s", name, l.CutTest(k, value, bound))
}

// CutName is Lang.CutName in English.
func CutName(k trace.CutKind) string { return English.CutName(k) }

// CutName names a cut of kind k: "α-cut", "β-cut" or "forward cut", and ""
// for any other kind.
func (l Lang) CutName(k trace.CutKind) string {
	switch k {
	case trace.CutAlpha:
		return l.T("α-cut")
	case trace.CutBeta:
		return l.T("β-cut")
	case trace.CutForward:
		return l.T("forward cut")
	}
	return ""
}

// CutTest is Lang.CutTest in English.
func CutTest(k trace.CutKind, value, bound string) string { return English.CutTest(k, value, bound) }

// CutTest is the test a cut of kind k passed, from its value and bound
// formatted by the caller, without the cut's name (see CutRule): "2 ≤
// α=3", "5 ≥ β=3", "below 22 (best 42)", and "" for any other kind.
func (l Lang) CutTest(k trace.CutKind, value, bound string) string {
	switch k {
	case trace.CutAlpha:
		return value + " ≤ α=" + bound
	case trace.CutBeta:
		return value + " ≥ β=" + bound
	case trace.CutForward:
		return say{l}.F("below %s (best %s)", bound, value)
	}
	return ""
}

// CutIn returns the test the cut at node c passed as it reads in view v,
// with the numbers c shows there: the cut's kind, value and bound. In the
// root player's view it is the textbook's, an α-cut at a MIN node and a
// β-cut at a MAX node; in the side to move's view every α-β cut is
// negamax's, the node's own value reaching its own β, so that the test
// reads true beside the node's value and window. A forward cut, made at
// the root, reads the same in both.
func CutIn(c trace.NodeState, v trace.View) (k trace.CutKind, value, bound float64) {
	switch {
	case c.Cut != trace.CutAlpha && c.Cut != trace.CutBeta:
		return c.Cut, c.CutValue, c.CutAlpha
	case v == trace.ViewSide:
		return trace.CutBeta, c.CutValue, c.CutBeta
	}
	value = trace.ViewRoot.Value(c.Type, c.CutValue)
	alpha, beta := trace.ViewRoot.Window(c.Type, c.CutAlpha, c.CutBeta)
	if c.Cut == trace.CutBeta {
		return c.Cut, value, beta
	}
	return c.Cut, value, alpha
}

// PruneReason is Lang.PruneReason in English.
func PruneReason(c trace.NodeState, cutter string, pruned ...string) string {
	return English.PruneReason(c, cutter, pruned...)
}

// PruneReason is PruneReasonIn in the root player's view, as textbooks
// put it.
func (l Lang) PruneReason(c trace.NodeState, cutter string, pruned ...string) string {
	return l.PruneReasonIn(trace.ViewRoot, c, cutter, pruned...)
}

// PruneReasonIn is Lang.PruneReasonIn in English.
func PruneReasonIn(v trace.View, c trace.NodeState, cutter string, pruned ...string) string {
	return English.PruneReasonIn(v, c, cutter, pruned...)
}

// PruneReasonIn says why the cut at node c, named cutter, pruned the nodes
// named pruned (its other children, if none are named), in view v: the
// cut's rule (CutRule, with CutIn's numbers by trace.FormatValue), and why
// the player above will never let play reach c. If c made no cut, it says
// only where the cut was.
func (l Lang) PruneReasonIn(v trace.View, c trace.NodeState, cutter string, pruned ...string) string {
	k, value, bound := CutIn(c, v)
	rule := l.CutRule(k, trace.FormatValue(value), trace.FormatValue(bound))
	what := l.T("its other children")
	if len(pruned) > 0 {
		what = l.list(pruned)
	}
	s := say{l}
	maxP, minP := l.Player(trace.TypeMax), l.Player(trace.TypeMin)
	switch {
	case c.Cut == trace.CutForward:
		return s.F("%s at %s: at the shallower depth before, %s scored below the threshold %s, the best move's %s minus the margin, so the deeper search leaves it out; unlike an α-β cut, this may drop the move that a full search would choose.",
			rule, cutter, what, trace.FormatValue(c.CutAlpha), trace.FormatValue(c.CutValue))
	case rule == "":
		return s.F("Pruned by a cut at %s.", cutter)
	case v == trace.ViewSide:
		above := maxP
		if c.Type == trace.TypeMax {
			above = minP
		}
		node := s.F("%s, values in %s's view", l.NodeName(c.Type), l.Player(c.Type))
		return s.F("%s at %s (a %s): its value already reaches β, the negation of what %s above is sure of elsewhere, so %s will never let play reach it, and %s need not be searched.", rule, cutter, node, above, above, what)
	case c.Cut == trace.CutAlpha:
		return s.F("%s at %s (a %s): its value already falls to α, what %s above is sure of elsewhere, so %s will never let play reach it, and %s need not be searched.", rule, cutter, l.NodeName(trace.TypeMin), maxP, maxP, what)
	}
	return s.F("%s at %s (a %s): its value already reaches β, what %s above is sure of elsewhere, so %s will never let play reach it, and %s need not be searched.", rule, cutter, l.NodeName(trace.TypeMax), minP, minP, what)
}

// ForwardReason is Lang.ForwardReason in English.
func ForwardReason(c trace.NodeState, cutter, move, shallow string) string {
	return English.ForwardReason(c, cutter, move, shallow)
}

// ForwardReason says why the forward cut at node c, named cutter, dropped
// move, whose value at the shallower depth before was shallow, formatted
// by the caller: it scored below the cut's threshold.
func (l Lang) ForwardReason(c trace.NodeState, cutter, move, shallow string) string {
	return say{l}.F("%s at %s: at the shallower depth before, %s scored %s, below the threshold %s, the best move's %s minus the margin, so the deeper search leaves it out; unlike an α-β cut, this may drop the move that a full search would choose.",
		l.CutRule(c.Cut, trace.FormatValue(c.CutValue), trace.FormatValue(c.CutAlpha)), cutter, move, shallow, trace.FormatValue(c.CutAlpha), trace.FormatValue(c.CutValue))
}

// list joins names as a sentence does: "c2", "c2 and c3", "c1, c2 and
// c3"; in Japanese "c1、c2、c3".
func (l Lang) list(names []string) string {
	if l.isJapanese() {
		return strings.Join(names, "、")
	}
	if len(names) <= 2 {
		return strings.Join(names, " and ")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// The names of the facts the viewer's panels give about a node, and what
// they say of a fact not known yet.
const (
	FactNode       = "node"
	FactToMove     = "to move"
	FactDepth      = "depth"
	FactStatus     = "status"
	FactWindow     = "window"
	FactVisits     = "visits"
	FactMeanResult = "mean result"
	FactPlayout    = "playout result"
	FactBestSoFar  = "best move so far" // while the node is searched
	FactBestMove   = "best move"
	FactBestBelow  = "best score below" // a one-player state's, on the best line after the decision
	FactCreatedIn  = "created in"       // followed by the pass or iteration
	FactSame       = "from the table"   // a transposition table's hit: the node first searched
	NotKnownYet    = "not known yet"
	NoResultsYet   = "no results yet"
)

// FactValue is Lang.FactValue in English.
func FactValue(n trace.NodeState) string { return English.FactValue(n) }

// FactValue names what node n's value is: its "outcome" when the game is
// over at n, its "score" in a one-player game, else its "value".
func (l Lang) FactValue(n trace.NodeState) string {
	switch {
	case n.Terminal:
		return l.T("outcome")
	case n.Type == trace.TypeSingle:
		return l.T("score")
	}
	return l.T("value")
}

// DrawingTitle is Lang.DrawingTitle in English.
func DrawingTitle(h trace.Header, step, last int) string { return English.DrawingTitle(h, step, last) }

// DrawingTitle is the title of a drawing of step of a trace with header
// h whose last step is last: "alphabeta on tictactoe x.o/.x./..o — step 7
// of 62".
func (l Lang) DrawingTitle(h trace.Header, step, last int) string {
	return say{l}.F("%s on %s %s — step %d of %d", h.Algorithm, h.Game, h.Position, step, last)
}

// The words of a drawing's legend, besides its node types (TypeLegend),
// statuses (Status) and caption (Caption).
const (
	LegendTitle  = "Legend"
	LegendWindow = "α-β window, on the current path"
	LegendVisits = "edge width: share of the iterations through the node"
	LegendMove   = "the move just played"
)

// BestMove is Lang.BestMove in English.
func BestMove(t *trace.Tree, n trace.NodeState) string { return English.BestMove(t, n) }

// BestMove names the best move of node n of t, its best child's move;
// where that child is no move but a copy of n's position searched anew
// (an iterative deepening iteration's root, action -1, "depth 4"), it
// names that copy's best move and the copy: "c2 (depth 4)". It is "" when
// n has no best child, and NotKnownYet when the copy has none yet.
func (l Lang) BestMove(t *trace.Tree, n trace.NodeState) string {
	if n.Best == trace.NoNode {
		return ""
	}
	b := t.Node(n.Best)
	if b.Action >= 0 || b.Parent == trace.NoNode {
		return b.Label
	}
	if b.Best == trace.NoNode {
		return say{l}.F("%s (%s)", l.T(NotKnownYet), l.NodeLabel(b))
	}
	return say{l}.F("%s (%s)", t.Node(b.Best).Label, l.NodeLabel(b))
}

// NodeLabel is node n's label, as the edge into it shows it: its move's,
// or for a copy of the root searched anew, an iterative deepening
// iteration's root ("depth 4") or a forward cut's pass ("3 plies"), not
// a move but words, those words in language l.
func (l Lang) NodeLabel(n trace.NodeState) string {
	if n.Action >= 0 || n.Parent == trace.NoNode || !l.isJapanese() {
		return n.Label
	}
	if depth, ok := strings.CutPrefix(n.Label, "depth "); ok {
		return say{l}.F("depth %s", depth)
	}
	// The forward cut's passes, searched "1 ply" or "3 plies" deep.
	if n.Label == "1 ply" {
		return l.T(n.Label)
	}
	if plies, ok := strings.CutSuffix(n.Label, " plies"); ok {
		return say{l}.F("%s plies", plies)
	}
	return n.Label
}
