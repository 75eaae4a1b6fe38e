package explain

import (
	"fmt"
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

// Player names who moves at a node of type t: "MAX", "MIN", "chance",
// "the player" (one-player games) or "both players" (simultaneous moves).
func Player(t trace.NodeType) string { return wordsOf(t).player }

// NodeName names a node of type t as textbooks do: "MAX node", "MIN node",
// "chance node", "one-player state", "simultaneous-move node".
func NodeName(t trace.NodeType) string { return wordsOf(t).node }

// TypeLegend is the line a drawing's legend gives nodes of type t: who
// moves there and, in parentheses, the shape render draws them with.
func TypeLegend(t trace.NodeType) string { return wordsOf(t).legend }

// TypeLegendIn is TypeLegend for a drawing in view v: in the side to
// move's view it also says whose view a chance node's value is in, as
// ValueIn shows it, since no player moves there. The words name the view
// they are about, so that a drawing shown in both views may give them.
func TypeLegendIn(t trace.NodeType, v trace.View) string {
	if t == trace.TypeChance && v == trace.ViewSide {
		return TypeLegend(t) + "; in the side to move's view, its value is in the view of the player whose move it follows"
	}
	return TypeLegend(t)
}

// simPlayers name the two players of a simultaneous-move game, player 0
// and player 1 of the engines, as the maze draws their characters.
var simPlayers = [2]string{"player A", "player B"}

// ViewName is the short name of view v, for toggles and labels on values:
// "MAX's view" or "side to move's view".
func ViewName(v trace.View) string {
	if v == trace.ViewSide {
		return "side to move's view"
	}
	return Player(trace.TypeMax) + "'s view"
}

// ViewAbout is the long form of ViewName, for captions and tooltips: the
// short name and, in parentheses, what it means.
func ViewAbout(v trace.View) string {
	if v == trace.ViewSide {
		return ViewName(v) + " (each node's player to move, as in negamax)"
	}
	return ViewName(v) + " (" + Player(trace.TypeMax) + " moves at the root)"
}

// Whose names whose view the values of a tree with a root of type root
// are in when shown in view v: ViewName(v) when two players take turns;
// player A's view when they move at once, as the engines keep every value
// so; "" for one player, whose values are scores.
func Whose(root trace.NodeType, v trace.View) string {
	switch root {
	case trace.TypeSingle:
		return ""
	case trace.TypeJoint:
		return simPlayers[0] + "'s view"
	}
	return ViewName(v)
}

// Caption is the line a drawing of a tree whose root has type root gives
// to say whose values it shows in view v.
func Caption(root trace.NodeType, v trace.View) string {
	switch root {
	case trace.TypeSingle:
		return "values: " + Player(root) + "'s score in each state"
	case trace.TypeJoint:
		return "values: " + Whose(root, v) + " (" + Player(root) + " move at once)"
	}
	return "values: " + ViewAbout(v)
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

// Status says what status s means for a node: "current node", "pruned,
// never searched", ...
func Status(s trace.Status) string {
	if int(s) < len(statusWords) && statusWords[s] != "" {
		return statusWords[s]
	}
	return s.String()
}

// Outcome names a game's result for a player, 1 a win, ½ a draw and 0 a
// loss, as Monte Carlo playouts score them; above ½ is a win and below a
// loss.
func Outcome(r float64) string {
	switch {
	case r > 0.5:
		return "win"
	case r < 0.5:
		return "loss"
	}
	return "draw"
}

// CutRule is the test a cut of kind k passed, in MAX's view as textbooks
// write it, from its value and bound formatted by the caller: "β-cut: 5 ≥
// β=3" at a MAX node, "α-cut: 2 ≤ α=3" at a MIN node, and for a forward
// cut, whose value is the best move's and bound the threshold, "forward
// cut: below 22 (best 42)": CutName, then CutTest. It is "" for any other
// kind.
func CutRule(k trace.CutKind, value, bound string) string {
	name := CutName(k)
	if name == "" {
		return ""
	}
	return name + ": " + CutTest(k, value, bound)
}

// CutName names a cut of kind k: "α-cut", "β-cut" or "forward cut", and ""
// for any other kind.
func CutName(k trace.CutKind) string {
	switch k {
	case trace.CutAlpha:
		return "α-cut"
	case trace.CutBeta:
		return "β-cut"
	case trace.CutForward:
		return "forward cut"
	}
	return ""
}

// CutTest is the test a cut of kind k passed, from its value and bound
// formatted by the caller, without the cut's name (see CutRule): "2 ≤
// α=3", "5 ≥ β=3", "below 22 (best 42)", and "" for any other kind.
func CutTest(k trace.CutKind, value, bound string) string {
	switch k {
	case trace.CutAlpha:
		return value + " ≤ α=" + bound
	case trace.CutBeta:
		return value + " ≥ β=" + bound
	case trace.CutForward:
		return "below " + bound + " (best " + value + ")"
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

// PruneReason is PruneReasonIn in the root player's view, as textbooks
// put it.
func PruneReason(c trace.NodeState, cutter string, pruned ...string) string {
	return PruneReasonIn(trace.ViewRoot, c, cutter, pruned...)
}

// PruneReasonIn says why the cut at node c, named cutter, pruned the nodes
// named pruned (its other children, if none are named), in view v: the
// cut's rule (CutRule, with CutIn's numbers by trace.FormatValue), and why
// the player above will never let play reach c. If c made no cut, it says
// only where the cut was.
func PruneReasonIn(v trace.View, c trace.NodeState, cutter string, pruned ...string) string {
	k, value, bound := CutIn(c, v)
	rule := CutRule(k, trace.FormatValue(value), trace.FormatValue(bound))
	what := "its other children"
	if len(pruned) > 0 {
		what = list(pruned)
	}
	const why = "%s at %s (a %s): its value already %s what %s above is sure of elsewhere, so %s will never let play reach it, and %s need not be searched."
	maxP, minP := Player(trace.TypeMax), Player(trace.TypeMin)
	switch {
	case c.Cut == trace.CutForward:
		return fmt.Sprintf("%s at %s: at the shallower depth before, %s scored below the threshold %s, the best move's %s minus the margin, so the deeper search leaves it out; unlike an α-β cut, this may drop the move that a full search would choose.",
			rule, cutter, what, trace.FormatValue(c.CutAlpha), trace.FormatValue(c.CutValue))
	case rule == "":
		return "Pruned by a cut at " + cutter + "."
	case v == trace.ViewSide:
		above := maxP
		if c.Type == trace.TypeMax {
			above = minP
		}
		node := NodeName(c.Type) + ", values in " + Player(c.Type) + "'s view"
		return fmt.Sprintf(why, rule, cutter, node, "reaches β, the negation of", above, above, what)
	case c.Cut == trace.CutAlpha:
		return fmt.Sprintf(why, rule, cutter, NodeName(trace.TypeMin), "falls to α,", maxP, maxP, what)
	}
	return fmt.Sprintf(why, rule, cutter, NodeName(trace.TypeMax), "reaches β,", minP, minP, what)
}

// ForwardReason says why the forward cut at node c, named cutter, dropped
// move, whose value at the shallower depth before was shallow, formatted
// by the caller: it scored below the cut's threshold.
func ForwardReason(c trace.NodeState, cutter, move, shallow string) string {
	return fmt.Sprintf("%s at %s: at the shallower depth before, %s scored %s, below the threshold %s, the best move's %s minus the margin, so the deeper search leaves it out; unlike an α-β cut, this may drop the move that a full search would choose.",
		CutRule(c.Cut, trace.FormatValue(c.CutValue), trace.FormatValue(c.CutAlpha)), cutter, move, shallow, trace.FormatValue(c.CutAlpha), trace.FormatValue(c.CutValue))
}

// list joins names as a sentence does: "c2", "c2 and c3", "c1, c2 and c3".
func list(names []string) string {
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

// FactValue names what node n's value is: its "outcome" when the game is
// over at n, its "score" in a one-player game, else its "value".
func FactValue(n trace.NodeState) string {
	switch {
	case n.Terminal:
		return "outcome"
	case n.Type == trace.TypeSingle:
		return "score"
	}
	return "value"
}

// DrawingTitle is the title of a drawing of step of a trace with header
// h whose last step is last: "alphabeta on tictactoe x.o/.x./..o — step 7
// of 62".
func DrawingTitle(h trace.Header, step, last int) string {
	return fmt.Sprintf("%s on %s %s — step %d of %d", h.Algorithm, h.Game, h.Position, step, last)
}

// The words of a drawing's legend, besides its node types (TypeLegend),
// statuses (Status) and caption (Caption).
const (
	LegendTitle  = "Legend"
	LegendWindow = "α-β window, on the current path"
	LegendVisits = "edge width: share of the iterations through the node"
	LegendMove   = "the move just played"
)

// BestMove names the best move of node n of t, its best child's move;
// where that child is no move but a copy of n's position searched anew
// (an iterative deepening iteration's root, action -1, "depth 4"), it
// names that copy's best move and the copy: "c2 (depth 4)". It is "" when
// n has no best child, and NotKnownYet when the copy has none yet.
func BestMove(t *trace.Tree, n trace.NodeState) string {
	if n.Best == trace.NoNode {
		return ""
	}
	b := t.Node(n.Best)
	if b.Action >= 0 || b.Parent == trace.NoNode {
		return b.Label
	}
	if b.Best == trace.NoNode {
		return NotKnownYet + " (" + b.Label + ")"
	}
	return t.Node(b.Best).Label + " (" + b.Label + ")"
}
