package explain

import "github.com/searchviz/searchviz/trace"

// Pseudocode returns the lines of the named algorithm's pseudocode, as the
// lecture and the primer write it, or nil for an algorithm without one. The
// engines in package search follow these lines exactly.
func Pseudocode(algo string) []string {
	switch algo {
	case "minimax":
		return []string{
			"function MINIMAX(node, depth)",
			"  if depth = 0 or node is terminal then",
			"    return EVALUATE(node)          ▷ from MAX's view",
			"  if node is a MAX node then",
			"    value ← −∞",
			"    for each child of node do",
			"      value ← max(value, MINIMAX(child, depth − 1))",
			"    return value",
			"  else",
			"    value ← +∞",
			"    for each child of node do",
			"      value ← min(value, MINIMAX(child, depth − 1))",
			"    return value",
		}
	case "negamax":
		return []string{
			"function NEGAMAX(node, depth)",
			"  if depth = 0 or node is terminal then",
			"    return EVALUATE(node)          ▷ from the side to move's view",
			"  value ← −∞",
			"  for each child of node do",
			"    value ← max(value, −NEGAMAX(child, depth − 1))",
			"  return value",
		}
	case "alphabeta":
		return []string{
			"function ALPHABETA(node, depth, α, β)",
			"  if depth = 0 or node is terminal then",
			"    return EVALUATE(node)          ▷ from the side to move's view",
			"  value ← −∞",
			"  for each child of node do",
			"    value ← max(value, −ALPHABETA(child, depth − 1, −β, −α))",
			"    if value ≥ β then",
			"      return value                 ▷ cut: the rest of the children are pruned",
			"    α ← max(α, value)",
			"  return value",
		}
	case "greedy":
		return []string{
			"function GREEDY(state)",
			"  best ← −∞",
			"  for each action of state do",
			"    next ← state after action",
			"    if SCORE(next) > best then",
			"      best ← SCORE(next); choice ← action",
			"  return choice",
		}
	case "beam":
		return []string{
			"function BEAMSEARCH(root, width, depth)",
			"  beam ← [root]",
			"  for t ← 1 to depth do",
			"    next ← []",
			"    for each of the best width states of beam do",
			"      for each action of state do",
			"        add state after action to next   ▷ it remembers its first action",
			"    beam ← next, best first             ▷ the best width are kept, the rest dropped",
			"    if the best of beam is done then break",
			"  return the first action of the best of beam",
		}
	case "chokudai":
		return []string{
			"function CHOKUDAI(root, width, depth, passes)",
			"  queue[0] ← [root]; queue[1..depth] ← []",
			"  repeat passes times                   ▷ a narrow beam from the root down",
			"    for t ← 0 to depth − 1 do",
			"      repeat width times",
			"        if queue[t] is empty then break",
			"        state ← the best of queue[t], taken out   ▷ unless it is done",
			"        for each action of state do",
			"          put state after action in queue[t + 1]",
			"  return the first action of the best of the deepest non-empty queue",
		}
	case "iterative":
		return []string{
			"function ITERATIVEDEEPENING(root, time, cap)",
			"  for depth ← 1 to cap do",
			"    value, move ← ALPHABETA(root, depth, −∞, +∞)   ▷ last depth's best moves first",
			"    if the clock ran out during this depth then",
			"      discard it; break",
			"    answer ← move",
			"  return answer",
		}
	case "duct":
		return []string{
			"function DUCT(root, iterations, C, threshold)",
			"  repeat iterations times",
			"    node ← root",
			"    while node has children do                  ▷ 1. select, each player on its own",
			"      a ← A's action of best UCB1 over A's stats at node   ▷ w, n summed over B's actions",
			"      b ← B's action of best UCB1 over B's stats at node   ▷ B counts 1 − value",
			"      node ← the child of the pair (a, b)",
			"    value ← PLAYOUT(node)                       ▷ 2. play out: both move at random",
			"    for each node on the path up to the root    ▷ 3. backpropagate",
			"      A's stats for a gain value; B's stats for b gain 1 − value",
			"    if the leaf's n reaches threshold then expand it: all N×M pairs   ▷ 4. expand",
			"  return A's action with the most visits at root",
		}
	case "pmc":
		return []string{
			"function PRIMITIVEMONTECARLO(root, playouts)",
			"  for each action of root do",
			"    repeat playouts times",
			"      result ← PLAYOUT(root after action)   ▷ random moves to the end: 1 win, ½ draw, 0 loss",
			"      add result to the action's wins",
			"  return the action with the best win rate",
		}
	case "mcts":
		return []string{
			"function MCTS(root, iterations, C, threshold)",
			"  expand root",
			"  repeat iterations times",
			"    node ← root",
			"    while node has children do               ▷ 1. select",
			"      node ← the child of best UCB1 = w/n + C·√(2·ln t / n)   ▷ unvisited first",
			"    value ← PLAYOUT(node)                      ▷ 2. play out: random moves to the end",
			"    for each node on the path up to the root   ▷ 3. backpropagate",
			"      n ← n + 1; w ← w + value (for the player who moved there)",
			"    if the leaf's n reaches threshold then expand it   ▷ 4. expand",
			"  return the child of root with the most visits",
		}
	}
	return nil
}

// Line returns the 1-based line of the named algorithm's pseudocode that
// the event at t's current step executes, or 0 when no line does.
func Line(algo string, t *trace.Tree) int {
	k := t.Step()
	if k < 0 {
		return 0
	}
	e := t.Event(k)
	var typ trace.NodeType
	if e.Node >= 0 && int(e.Node) < t.Size() {
		typ = t.Node(e.Node).Type
	}
	switch algo {
	case "minimax":
		switch e.Kind {
		case trace.KindNode, trace.KindEnter:
			return 1
		case trace.KindEval:
			return 3
		case trace.KindValue:
			if typ == trace.TypeMin {
				return 12
			}
			return 7
		case trace.KindLeave:
			if leaf(t, e.Node) {
				return 3
			}
			if typ == trace.TypeMin {
				return 13
			}
			return 8
		}
	case "negamax":
		switch e.Kind {
		case trace.KindNode, trace.KindEnter:
			return 1
		case trace.KindEval:
			return 3
		case trace.KindValue:
			return 6
		case trace.KindLeave:
			if leaf(t, e.Node) {
				return 3
			}
			return 7
		}
	case "alphabeta":
		switch e.Kind {
		case trace.KindNode, trace.KindEnter:
			return 1
		case trace.KindBounds:
			if entering(t, k) {
				return 1
			}
			return 9
		case trace.KindEval:
			return 3
		case trace.KindValue:
			return 6
		case trace.KindCut:
			return 8
		case trace.KindLeave:
			if leaf(t, e.Node) {
				return 3
			}
			return 10
		}
	case "iterative":
		switch e.Kind {
		case trace.KindIteration:
			if e.Discarded {
				return 5
			}
			return 2
		case trace.KindValue:
			if e.Node == t.Root() {
				return 6
			}
			return 3
		case trace.KindNote:
			if k > 0 && t.Event(k-1).Kind == trace.KindIteration && t.Event(k-1).Discarded {
				return 5
			}
			return 6
		case trace.KindDecision:
			return 0
		case trace.KindNode:
			if e.Parent == trace.NoNode {
				return 1
			}
			return 3
		default:
			return 3
		}
	case "duct":
		switch e.Kind {
		case trace.KindNode, trace.KindExpand:
			if e.Kind == trace.KindNode && e.Parent == trace.NoNode {
				return 1
			}
			return 11
		case trace.KindIteration:
			return 2
		case trace.KindEnter:
			if e.Node == t.Root() {
				return 3
			}
			return 7
		case trace.KindSelect:
			if k > 0 && t.Event(k-1).Kind == trace.KindSelect && t.Event(k-1).Node == e.Node {
				return 6
			}
			return 5
		case trace.KindPlayout, trace.KindEval:
			return 8
		case trace.KindBackprop:
			return 10
		case trace.KindLeave:
			return 9
		case trace.KindValue, trace.KindNote:
			return 12
		}
	case "pmc":
		switch e.Kind {
		case trace.KindNode, trace.KindExpand, trace.KindIteration:
			if e.Kind == trace.KindNode && e.Parent == trace.NoNode {
				return 1
			}
			return 2
		case trace.KindEnter, trace.KindLeave:
			return 3
		case trace.KindPlayout:
			return 4
		case trace.KindBackprop:
			return 5
		case trace.KindValue:
			return 6
		}
	case "mcts":
		switch e.Kind {
		case trace.KindNode, trace.KindExpand:
			if e.Kind == trace.KindNode && e.Parent == trace.NoNode {
				return 1
			}
			if e.Node == t.Root() || e.Kind == trace.KindNode && e.Parent == t.Root() && t.Node(t.Root()).Visits == 0 {
				return 2
			}
			return 10
		case trace.KindIteration:
			return 3
		case trace.KindEnter:
			if e.Node == t.Root() {
				return 4
			}
			return 6
		case trace.KindSelect:
			return 6
		case trace.KindPlayout, trace.KindEval:
			return 7
		case trace.KindBackprop:
			return 9
		case trace.KindLeave:
			return 8
		case trace.KindValue:
			return 11
		}
	case "greedy":
		switch e.Kind {
		case trace.KindNode:
			if e.Parent == trace.NoNode {
				return 1
			}
			return 4
		case trace.KindEnter, trace.KindLeave:
			return 3
		case trace.KindEval:
			if e.Node == t.Root() {
				return 1
			}
			return 5
		case trace.KindBeam, trace.KindValue:
			return 6
		case trace.KindDecision:
			return 7
		}
	case "beam":
		switch e.Kind {
		case trace.KindNode:
			if e.Parent == trace.NoNode {
				return 2
			}
			return 7
		case trace.KindEval:
			if e.Node == t.Root() {
				return 2
			}
			return 7
		case trace.KindEnter, trace.KindLeave:
			return 5
		case trace.KindBeam:
			return 8
		case trace.KindValue, trace.KindDecision:
			return 10
		}
	case "chokudai":
		switch e.Kind {
		case trace.KindNode:
			if e.Parent == trace.NoNode {
				return 2
			}
			return 9
		case trace.KindEval:
			if e.Node == t.Root() {
				return 2
			}
			return 9
		case trace.KindIteration:
			return 3
		case trace.KindEnter:
			return 7
		case trace.KindLeave:
			return 8
		case trace.KindBeam:
			return 5
		case trace.KindValue, trace.KindDecision:
			return 10
		}
	}
	return 0
}

// leaf reports whether node id was evaluated rather than searched.
func leaf(t *trace.Tree, id trace.NodeID) bool {
	n := t.Node(id)
	for _, c := range n.Children {
		if !t.Node(c).Placeholder {
			return false
		}
	}
	return true
}

// entering reports whether the bounds event at step k is the window a node
// is entered with, rather than a raised alpha.
func entering(t *trace.Tree, k int) bool {
	return k > 0 && t.Event(k-1).Kind == trace.KindEnter && t.Event(k-1).Node == t.Event(k).Node
}
