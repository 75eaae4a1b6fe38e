package explain

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/searchviz/searchviz/trace"
)

// Describe is Lang.Describe in English.
func Describe(t *trace.Tree, v trace.View) string { return English.Describe(t, v) }

// Describe returns the event at t's current step in plain words, with
// every value in view v and labelled with whose view it is. It returns ""
// before the first step.
func (l Lang) Describe(t *trace.Tree, v trace.View) string {
	if t.Step() < 0 {
		return ""
	}
	e := t.Event(t.Step())
	d := describer{say: say{l}, t: t, view: v, root: t.Node(t.Root()).Type}
	switch e.Kind {
	case trace.KindNode:
		return d.created(e.NodeCreated())
	case trace.KindEnter:
		if t.Node(e.Node).Type == trace.TypeSingle {
			return d.F("Expand %s: try each of its moves.", d.name(e.Node))
		}
		return d.F("Search %s.", d.name(e.Node))
	case trace.KindLeave:
		n := t.Node(e.Node)
		if n.Type == trace.TypeSingle {
			return d.F("Done expanding %s.", d.name(e.Node))
		}
		if !n.HasValue {
			return d.F("Return from %s.", d.name(e.Node))
		}
		return d.F("Return from %s with value %s.", d.name(e.Node), d.value(e.Node, n.Value))
	case trace.KindEval:
		return d.eval(e.Eval())
	case trace.KindValue:
		u := e.ValueUpdate()
		n := t.Node(u.Node)
		if n.Type == trace.TypeSingle && u.Best != trace.NoNode {
			return d.F("The best line goes through %s: best score %s.", d.name(u.Best), Number(u.Value))
		}
		if u.Best == trace.NoNode {
			return d.F("%s's value becomes %s.", d.subject(u.Node), d.value(u.Node, u.Value))
		}
		return d.F("%s's best so far: %s, through %s.", d.subject(u.Node), d.value(u.Node, u.Value), l.BestMove(t, n))
	case trace.KindBounds:
		w := e.Bounds()
		n := t.Node(w.Node)
		a, b := v.Window(n.Type, w.Alpha, w.Beta)
		return d.F("%s's window: α = %s, β = %s%s.", d.subject(w.Node), Number(a), Number(b), d.suffix(n.Type))
	case trace.KindCut:
		return d.cut(e.Cutoff())
	case trace.KindDecision:
		return d.decision(e.Decision())
	case trace.KindBeam:
		return d.beam(e.Beam())
	case trace.KindSelect:
		return d.selection(e.Selection())
	case trace.KindExpand:
		x := e.Expansion()
		return d.F("Expand %s: add its %d children to the tree.", d.name(x.Node), len(x.Children))
	case trace.KindPlayout:
		p := e.Playout()
		return d.F("Play out from %s: %s random moves end in %s, result %s%s.", d.name(p.Node), strconv.Itoa(p.Length), d.outcome(p.Result), Number(p.Result), d.rootView())
	case trace.KindBackprop:
		b := e.Backprop()
		if len(b.Path) == 0 {
			return d.T("Back up nothing.")
		}
		return d.F("Back up the result through %d nodes to the root: each node's visits grow by 1.", len(b.Path))
	case trace.KindIteration:
		it := e.IterationInfo()
		if it.Discarded {
			return d.F("Iteration %d was cut short by the clock and is discarded.", it.Number)
		}
		if it.DepthLimit > 0 {
			return d.F("Iteration %d: search to depth %d.", it.Number, it.DepthLimit)
		}
		return d.F("Pass %d: a narrow beam from the root down, taking the best states no earlier pass took.", it.Number)
	case trace.KindNote:
		return d.sentence(e.Note().Text)
	}
	return d.F("%s event.", e.Kind)
}

type describer struct {
	say  // the language of the words
	t    *trace.Tree
	view trace.View
	root trace.NodeType // the root's type, which says whose values are whose
}

// created explains the creation of a node: the root, or a move to it.
func (d describer) created(c trace.NodeCreated) string {
	if c.Type == trace.TypeSingle {
		if c.Parent == trace.NoNode {
			return d.T("Start at the root position.")
		}
		return d.F("Move %s from %s: a state at depth %d.", c.Label, d.name(c.Parent), c.Depth)
	}
	if c.Parent == trace.NoNode {
		return d.F("Start at the root (%s to move).", d.Player(c.Type))
	}
	return d.F("Play %s from %s: a %s at depth %d.", d.NodeLabel(d.t.Node(c.Node)), d.name(c.Parent), d.NodeName(c.Type), c.Depth)
}

// eval explains an evaluation: a leaf's, a game's end, or a transposition
// table's hit.
func (d describer) eval(ev trace.Eval) string {
	n := d.t.Node(ev.Node)
	if ev.Same != 0 {
		return d.F("%s is the position of %s again, with the same depth left: the transposition table gives its value, %s, and it is not searched.", d.name(ev.Node), d.name(ev.Same), d.value(ev.Node, ev.Value))
	}
	switch {
	case n.Type == trace.TypeSingle && ev.Terminal:
		return d.F("Game over at %s: score %s.", d.name(ev.Node), Number(ev.Value))
	case n.Type == trace.TypeSingle:
		return d.F("Evaluate %s: score %s.", d.name(ev.Node), Number(ev.Value))
	case ev.Terminal:
		return d.F("Game over at %s: %s.", d.name(ev.Node), d.value(ev.Node, ev.Value))
	}
	return d.F("Evaluate %s: %s.", d.name(ev.Node), d.value(ev.Node, ev.Value))
}

// decision explains the search's decision, with its counters.
func (d describer) decision(c trace.Decision) string {
	t := d.t
	if t.Node(t.Root()).Type == trace.TypeSingle {
		if c.Action < 0 {
			return d.F("No move: the game is over with score %s. %s.", Number(c.Value), d.counters(c.Counters))
		}
		return d.F("Decision: move %s, toward the best score found, %s. %s.", c.Label, Number(c.Value), d.counters(c.Counters))
	}
	// A decision's value, like a playout's result, is in the root's view.
	root := d.rootView()
	if c.Action < 0 && t.Size() > 1 {
		// The root has children, so the game is not over there: the
		// search stopped before it finished any of them.
		return d.F("No move: the search stopped before it searched any move of the root to the end (see its note). %s.", d.counters(c.Counters))
	}
	if c.Action < 0 {
		return d.F("No move: the game is over, value %s%s. %s.", Number(c.Value), root, d.counters(c.Counters))
	}
	if d.root == trace.TypeJoint {
		return d.F("Decision: %s plays %s%s, value %s%s. %s.", d.simPlayer(0, false), c.Label, d.reply(), Number(c.Value), root, d.counters(c.Counters))
	}
	return d.F("Decision: play %s, value %s%s. %s.", c.Label, Number(c.Value), root, d.counters(c.Counters))
}

// outcome names how a playout with result r ended: "a draw", or a win or
// a loss for the player whose results the playouts give.
func (d describer) outcome(r float64) string {
	switch {
	case r > 0.5:
		return d.F("a win for %s", d.owner())
	case r < 0.5:
		return d.F("a loss for %s", d.owner())
	}
	return d.T("a draw")
}

// name names a node by the move that led to it, as the tree's edges do;
// a one-player state, whose moves repeat, by its last few moves.
func (d describer) name(id trace.NodeID) string {
	n := d.t.Node(id)
	if n.Parent == trace.NoNode {
		return d.T("the root")
	}
	if n.Type != trace.TypeSingle {
		return d.NodeLabel(n)
	}
	const shown = 3
	var moves []string
	for ; n.Parent != trace.NoNode && len(moves) < shown; n = d.t.Node(n.Parent) {
		moves = append(moves, n.Label)
	}
	slices.Reverse(moves)
	name := strings.Join(moves, " ")
	if n.Parent != trace.NoNode {
		name = "… " + name
	}
	return name
}

// subject names a node at the start of a sentence: as name does, with a
// capital for "The root" and an iteration's copy of it ("Depth 4"), but
// never for a move's label, which is the game's ("b3", "e2e4").
func (d describer) subject(id trace.NodeID) string {
	if n := d.t.Node(id); (n.Parent == trace.NoNode || n.Action < 0) && !d.isJapanese() {
		return Capital(d.name(id))
	}
	return d.name(id)
}

// selection explains an MCTS selection: the chosen child and why, by its
// UCB1 against the runner-up, or because it had not been visited.
func (d describer) selection(s trace.Selection) string {
	var chosen *trace.Score
	for i := range s.Scores {
		if s.Scores[i].Child == s.Chosen {
			chosen = &s.Scores[i]
		}
	}
	child := d.t.Node(s.Chosen).Label
	if d.t.Node(s.Node).Type == trace.TypeJoint {
		return d.jointSelection(s)
	}
	if chosen == nil {
		return d.F("Select %s at %s.", child, d.name(s.Node))
	}
	if chosen.N == 0 {
		return d.F("Select %s at %s: it has never been visited, and unvisited children go first.", child, d.name(s.Node))
	}
	return d.F("Select %s at %s: UCB1 %s = %s won out of %d visits + exploration, the highest of %s.",
		child, d.name(s.Node), ucb(chosen.UCB), Number(chosen.W), chosen.N, d.F("%d children", len(s.Scores)))
}

// jointSelection explains one player's choice at a simultaneous-move node:
// player A's comes first, then player B's, each over its own actions. The
// move is that player's part of the chosen child's joint action; a trace
// without joint actions names the child's whole label.
func (d describer) jointSelection(s trace.Selection) string {
	other := 0
	if k := d.t.Step(); k > 0 {
		if prev := d.t.Event(k - 1); prev.Kind == trace.KindSelect && prev.Node == s.Node {
			other = 1
		}
	}
	player := d.simPlayer(other, true)
	child := d.t.Node(s.Chosen)
	move := child.Label
	if child.Joint != nil {
		move = child.Joint[other].Label
	}
	// Unvisited actions go first, so any unvisited action means the chosen
	// one is unvisited; otherwise the chosen one has the highest UCB1.
	for _, sc := range s.Scores {
		if sc.N == 0 {
			return d.F("%s picks %s at %s: an action it has never tried goes first; the other player chooses on its own.", player, move, d.name(s.Node))
		}
	}
	top := 0.0
	for _, sc := range s.Scores {
		top = max(top, sc.UCB)
	}
	return d.F("%s picks %s at %s: the highest UCB1 (%s) over its own actions, counted over all of the other player's replies.", player, move, d.name(s.Node), ucb(top))
}

// ucb formats a UCB1 score to three decimals.
func ucb(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }

// beam lists what a beam kept and dropped at one depth, best first, with
// their scores; a long list is cut short.
func (d describer) beam(e trace.Beam) string {
	list := func(ids []trace.NodeID) string {
		const shown = 4
		var parts []string
		for i, id := range ids {
			if i == shown {
				parts = append(parts, d.F("%d more", len(ids)-shown))
				break
			}
			n := d.t.Node(id)
			parts = append(parts, d.F("%s (%s)", d.name(id), Number(n.Value)))
		}
		return strings.Join(parts, d.T(", "))
	}
	switch {
	case len(e.Dropped) == 0:
		return d.F("Depth %d: take %s.", e.Depth, list(e.Kept))
	case len(e.Kept) == 0:
		return d.F("Depth %d: drop %s.", e.Depth, list(e.Dropped))
	}
	return d.F("Depth %d: keep the best %d, %s; drop %s.", e.Depth, len(e.Kept), list(e.Kept), list(e.Dropped))
}

// value formats a value stored at node id in the describer's view
// (ValueIn), saying whose view it is in.
func (d describer) value(id trace.NodeID, x float64) string {
	t := d.t.Node(id).Type
	if t == trace.TypeChance && d.view == trace.ViewSide {
		mover := Mover(d.t, id)
		return Number(ValueIn(d.t, id, d.view, x)) + d.F(" (%s: %s's, whose move chance follows)", d.Whose(d.root, d.view), d.Player(mover))
	}
	return Number(d.view.Value(t, x)) + d.suffix(t)
}

// suffix says whose view a value stored at a node of type t is in, where
// it could be misread; in the side to move's view it names that player.
func (d describer) suffix(t trace.NodeType) string {
	w := d.Whose(d.root, d.view)
	if w == "" {
		return ""
	}
	if d.view == trace.ViewSide && (t == trace.TypeMax || t == trace.TypeMin) {
		w = d.F("%s: %s's", w, d.Player(t))
	}
	return d.F(" (%s)", w)
}

// rootView says whose view a decision's value or a playout's result is
// in: the root's, whatever the describer's view.
func (d describer) rootView() string {
	if w := d.Whose(d.root, trace.ViewRoot); w != "" {
		return d.F(" (%s)", w)
	}
	return ""
}

// reply names, at the decision of a simultaneous-move search, the action
// of player B's that the search expects, by the root's best child: ", with
// player B's most visited action, left"; "" if it has none.
func (d describer) reply() string {
	root := d.t.Node(d.t.Root())
	if root.Best == trace.NoNode {
		return ""
	}
	j := d.t.Node(root.Best).Joint
	if j == nil {
		return ""
	}
	return d.F(" (%s's most visited action: %s)", d.simPlayer(1, false), j[1].Label)
}

// owner names the player whose results a playout gives: MAX, or the first
// player of a simultaneous-move game.
func (d describer) owner() string {
	switch d.root {
	case trace.TypeJoint:
		return d.simPlayer(0, false)
	case trace.TypeSingle:
		return d.Player(d.root)
	}
	return d.Player(trace.TypeMax)
}

// cut explains a cut in the describer's view: in MAX's terms, as the
// trace names it, or in the cutting node's own, as negamax tests it.
func (d describer) cut(c trace.Cutoff) string {
	return d.PruneReasonIn(d.view, d.t.Node(c.Node), d.name(c.Node), c.PrunedLabels...)
}

// sentence makes a note written as a phrase ("depth 3: 120 nodes") read
// as the log's other lines do: a capital letter first, a full stop last.
// A note the catalogs translate reads in the describer's language.
func (d describer) sentence(s string) string {
	s = strings.TrimSpace(s)
	if d.isJapanese() {
		if ja := d.Note(s); ja != s {
			return ja + japaneseStop(ja)
		}
	}
	s = Capital(s)
	if last, _ := utf8.DecodeLastRuneInString(s); s == "" || strings.ContainsRune(".!?…", last) {
		return s
	}
	return s + "."
}

// japaneseStop is the full stop a Japanese note lacks: "" if it ends with
// one.
func japaneseStop(s string) string {
	if strings.HasSuffix(s, "。") {
		return ""
	}
	return "。"
}

// Capital starts s with a capital letter, for the start of a sentence.
func Capital(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// counters counts a search's nodes, evaluations and cuts in words.
func (d describer) counters(c trace.Counters) string {
	return d.F("%s, %s, %s", d.F("%d nodes", c.Nodes), d.F("%d evaluations", c.Evals), d.F("%d cuts", c.Cuts))
}
