package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/web/templates"
)

// example is one classic setup of the gallery.
type example struct {
	name, title, watch string
	about              string // a paragraph the viewer shows, when a sentence is not enough
	req                catalog.Request
	step               string // the step the page opens at
}

// twinAbout says why the alternating model of the twin maze is wrong.
const twinAbout = "In the twin maze both characters move at the same time, and a cell both land on in the same turn scores for both. " +
	"A tree of alternating moves cannot say that: it lets A move first and take the cell, so B arrives at an empty one. A \"steals\" points the two would share, " +
	"and A's search trusts that it sees B's reply to its move, which B in the real game chooses without knowing A's. " +
	"DUCT keeps each player's choice blind to the other's: a node's children are all pairs of moves, and each player picks its own move by UCB1 over its own statistics, summed over whatever the other might do."

// twinEven says what a right model of the twin maze must find.
const twinEven = "The board is the same seen from either side, and the two move at once, so neither has an edge: the game is even. " +
	"The alternating tree's value, A's points minus B's, gives A the lead that moving first hands it; DUCT's win rate for A stays near one half."

var examples = []example{
	{
		name: "rn-alphabeta", title: "The textbook tree with AlphaBeta (Russell & Norvig, Fig. 5.2)",
		watch: "Watch the second MIN node: after its first leaf, 2, MAX already has 3 elsewhere, so the leaves 4 and 6 are pruned (an α-cut).",
		req:   catalog.Request{Game: "tree", Algo: "alphabeta", Position: "[[3,12,8],[2,4,6],[14,5,2]]"},
	},
	{
		name: "rn-minimax", title: "The same tree with MiniMax",
		watch: "Every leaf is evaluated: compare the node count with AlphaBeta's. The root's value is the same, 3.",
		req:   catalog.Request{Game: "tree", Algo: "minimax", Position: "[[3,12,8],[2,4,6],[14,5,2]]"},
	},
	{
		name: "ttt-alphabeta", title: "Tic-tac-toe mid-game with AlphaBeta",
		watch: "x must block the column c first; watch the β-cuts that skip replies MIN would never allow.",
		req:   catalog.Request{Game: "tictactoe", Algo: "alphabeta", Position: "x.o/.x./..o"},
	},
	{
		name: "ttt-minimax", title: "The same position with MiniMax",
		watch: "No pruning: count the nodes and compare with AlphaBeta on the same position.",
		req:   catalog.Request{Game: "tictactoe", Algo: "minimax", Position: "x.o/.x./..o"},
	},
	{
		name: "ttt-whole-minimax", title: "The whole of tic-tac-toe with MiniMax",
		watch: "From the empty board MiniMax looks at every position of the game tree, 549,946 of them, to find that the game is a draw.",
		req:   catalog.Request{Game: "tictactoe", Algo: "minimax nodes=" + strconv.Itoa(wholeTicTacToeNodes)},
	},
	{
		name: "ttt-whole-alphabeta", title: "The whole of tic-tac-toe with AlphaBeta",
		watch: "The same draw from a small part of the tree: AlphaBeta skips every reply that cannot change the result.",
		req:   catalog.Request{Game: "tictactoe", Algo: "alphabeta nodes=" + strconv.Itoa(wholeTicTacToeNodes)},
	},
	{
		name: "ttt-whole-alphabeta-ordered", title: "The whole of tic-tac-toe with AlphaBeta and move ordering",
		watch: "Each node searches its best-looking move first, by the board's evaluation (the note on the root says so): the centre and the corners come first, α rises at once, and the same draw takes a sixth of the nodes AlphaBeta needs in the board's order.",
		req:   catalog.Request{Game: "tictactoe", Algo: "alphabeta ordering=1 nodes=" + strconv.Itoa(wholeTicTacToeNodes)},
	},
	{
		name: "ttt-whole-alphabeta-tt", title: "The whole of tic-tac-toe with AlphaBeta and a transposition table",
		watch: "A dashed purple arrow leaves each node whose position was met before with the same depth left: its value comes from the table, and its subtree is not searched again. The same draw from about a quarter of the nodes.",
		req:   catalog.Request{Game: "tictactoe", Algo: "alphabeta tt=1 nodes=" + strconv.Itoa(wholeTicTacToeNodes)},
	},
	{
		name: "ttt-alphabeta-tt", title: "Tic-tac-toe mid-game with AlphaBeta and a transposition table",
		watch: "x then o in one order or the other can make the same board: the second time, a dashed purple arrow points back to where it was searched, and the node takes its value from the table. Click one to see which.",
		req:   catalog.Request{Game: "tictactoe", Algo: "alphabeta tt=1", Position: "x.o/.x./..o"},
	},
	{
		name: "ttt-whole-alphabeta-killer", title: "The whole of tic-tac-toe with AlphaBeta and killer moves",
		watch: "Each depth remembers the last two moves that caused a cut there and tries them first at the next node of that depth: no evaluation needed, and the counts show the nodes saved.",
		req:   catalog.Request{Game: "tictactoe", Algo: "alphabeta ordering=2 nodes=" + strconv.Itoa(wholeTicTacToeNodes)},
	},
	{
		name: "ttt-whole-alphabeta-history", title: "The whole of tic-tac-toe with AlphaBeta and the history heuristic",
		watch: "Every cut adds depth² to its move's score; every node tries the moves of highest score first, wherever in the tree they scored.",
		req:   catalog.Request{Game: "tictactoe", Algo: "alphabeta ordering=3 nodes=" + strconv.Itoa(wholeTicTacToeNodes)},
	},
	{
		name: "ttt-mcts", title: "MCTS on tic-tac-toe: visits converge on the right move",
		watch: "x must block at c2. Watch the four phases in the pseudocode, and the chart of the root's visits: UCB1 sends more and more visits to the block, and the most visited move is the one chosen.",
		req:   catalog.Request{Game: "tictactoe", Algo: "mcts playouts=300", Position: "x.o/.x./..o", Seed: 1},
	},
	{
		name: "ttt-pmc", title: "Primitive Monte Carlo on the same position",
		watch: "Every move gets the same number of random playouts, good or bad, 60 each for 300 in all as MCTS's: compare its win rates with MCTS's visits.",
		req:   catalog.Request{Game: "tictactoe", Algo: "pmc playouts=60", Position: "x.o/.x./..o", Seed: 1},
	},
	{
		name: "ttt-iterative", title: "Iterative deepening from an opening position",
		watch: "Each depth is a subtree under the root: the previous depth's best moves are searched first, so each new depth prunes more than AlphaBeta alone would (the notes give the node counts).",
		req:   catalog.Request{Game: "tictactoe", Algo: "iterative depth=4", Position: "x../.o./..."},
	},
	{
		name: "c4-alphabeta", title: "Connect Four: block the open three (AlphaBeta)",
		watch: "x has three in a row on the bottom row; o must drop into column a to block. Every other move loses at once to x's reply there, and AlphaBeta's cuts skip the rest of those lines.",
		req:   catalog.Request{Game: "connectfour", Algo: "alphabeta depth=4", Position: "......./......./......./......./......./.xxxoo."},
	},
	{
		name: "othello-minimax", title: "Othello: the chapter's engine, MiniMax 5 plies deep",
		watch: "From the start Black has four moves, all alike by symmetry, and the tree grows to 1,396 positions at the fifth ply; their values come from square weights, mobility and disc count. Compare the node count with AlphaBeta's on the same position.",
		req:   catalog.Request{Game: "othello", Algo: "minimax depth=5"},
	},
	{
		name: "othello-alphabeta", title: "Othello: the same search with AlphaBeta",
		watch: "The same root value and move as MiniMax from about a third of the nodes: once the first move's value is known, each reply that refutes another move ends that move's search, and the cuts say which bound was crossed.",
		req:   catalog.Request{Game: "othello", Algo: "alphabeta depth=5"},
	},
	{
		name: "othello-horizon", title: "Othello: the horizon effect, AlphaBeta 3 plies deep",
		watch: "White plays a6, worth +9 at depth 3: the line it sees, a6, Black a3, White b4, ends just before Black takes the corner a8.",
		about: horizonAbout,
		req:   catalog.Request{Game: "othello", Algo: "alphabeta depth=3 ordering=1", Position: horizonPosition},
	},
	{
		name: "othello-horizon-deep", title: "Othello: the same position 5 plies deep",
		watch: "Two plies more show Black's a8 after a6, a3, b4: a6 drops to -106, and White plays c2, worth -1.",
		about: horizonAbout,
		req:   catalog.Request{Game: "othello", Algo: "alphabeta depth=5 ordering=1", Position: horizonPosition},
	},
	{
		name: "othello-horizon-quiescence", title: "Othello: the same position 3 plies deep with quiescence",
		watch: "At the depth limit, Black's corner and edge moves are searched on: after a6, a3, b4 the node stands pat, then finds a8. White plays c2, as 5 plies deep, in a fifth of the nodes.",
		about: horizonAbout,
		req:   catalog.Request{Game: "othello", Algo: "alphabeta depth=3 ordering=1 quiescence=2", Position: horizonPosition},
	},
	{
		name: "twin-turns", title: "The twin maze as if the players took turns (AlphaBeta)",
		watch: "A and B stand either side of a 6. In this tree A moves first and takes it, so B finds the cell empty: look at the values of B's replies after A's step onto the 6.",
		about: twinAbout,
		req:   catalog.Request{Game: "twinmaze-turns", Algo: "alphabeta depth=4", Seed: 0},
	},
	{
		name: "twin-duct", title: "The same twin maze with DUCT, both moving at once",
		watch: "Each node's children are all pairs of moves; select one and look at its matrix: each player picks its move by UCB1 over its own visits, summed over the other's replies.",
		about: twinAbout,
		req:   catalog.Request{Game: "twinmaze", Algo: "duct playouts=300", Seed: 0},
	},
	{
		name: "maze-beam", title: "Beam search on the primer's maze (5x5, seed 0)",
		watch: "At each depth the beam keeps the 3 best states and drops the rest: follow the ranked lists, and see the best line after the decision.",
		req:   catalog.Request{Game: "maze h=5 w=5 turns=5", Algo: "beam width=3 depth=5", Seed: 0},
	},
	{
		name: "maze-chokudai", title: "Chokudai search on the same maze",
		watch: "Each pass takes one state per depth that no earlier pass took, so later passes explore other lines: compare which pass reached which node.",
		req:   catalog.Request{Game: "maze h=5 w=5 turns=5", Algo: "chokudai width=1 depth=5 passes=4", Seed: 0},
	},
	{
		name: "ttt-negamax-view", title: "NegaMax: whose point of view is this number?",
		watch: "Switch the values between MAX's view and the side to move's view: NegaMax stores the latter, and each level negates.",
		req:   catalog.Request{Game: "tictactoe", Algo: "negamax depth=2", Position: "xo./.x./o.."},
	},
	{
		name: "expectimax-lecture", title: "Expectimax: chance nodes average",
		watch: "Each circle is a coin toss: its value is the average of its outcomes, weighted by the probabilities on its edges, 7.5 and 11, so MAX takes a2. " +
			"Had chance been an opponent that minimises, a1 would be worth 3 and a2 only 2.",
		req: catalog.Request{Game: "chancetree", Algo: "expectimax depth=1", Position: "[{0.5:3,0.5:12},{0.5:2,0.5:20}]"},
	},
	{
		name: "expectimax-ghost", title: "A ghost that moves at random (expectimax, opponent=random)",
		watch: "The ghost's nodes are circles: it picks each move with probability 1/3, so a2 is worth (2+14+20)/3 = 12 and MAX takes it. " +
			"MiniMax on the same tree fears the worst, 2, and takes a1, worth 3.",
		req: catalog.Request{Game: "chancetree", Algo: "expectimax depth=2 opponent=random", Position: "[[3,12,9],[2,14,20]]"},
	},
	{
		name: "dice-cut", title: "The paper's dice game: Expectimax with the forward cut",
		watch: "The root's children are the passes. At 1 ply every move is valued; the note gives the threshold, the best value minus the margin, " +
			"and the 2-ply pass searches only the moves above it: the others are drawn pruned, the reason on their edges. Select an outcome to see the die on the board.",
		req: catalog.Request{Game: "dice", Algo: "expectimax depth=2 cut=1 margin=10"},
	},
}

// comparison shows two examples side by side: one sentence that makes
// its point and a table of both searches' results in the same terms, the
// two viewers, and a paragraph on what tells them apart.
type comparison struct {
	name, title string
	watch       string // one sentence for the gallery
	point       string // the sentence the page opens with, above its table
	about       string
	left, right string // the examples' names
	// extra names examples whose counts join the panel's, after left's
	// and right's, without a viewer: at most maxCountsTraces-2 of them.
	// The table has a row for each, after left's and right's.
	extra []string

	valueHead string     // the heading of the table's column of values
	terms     valueTerms // how that column states them
	player    string     // the root player, as the values name them: "x", "A"
	match     matchRule  // how "step both" pairs the viewers' steps
}

var comparisons = []comparison{
	{
		name: "twin-maze", title: "The twin maze two ways: taking turns, or moving at once",
		watch: "AlphaBeta on the alternating model next to DUCT on the same board: compare what each expects A and B to score, and why.",
		point: "Taking turns, A's search expects to come out ahead, because it moves first onto the cells the two would share; moving at once, as the game is played, DUCT finds about an even game.",
		about: twinAbout + " " + twinEven, left: "twin-turns", right: "twin-duct",
		valueHead: "What A expects", terms: termsExpect, player: "A", match: matchShare,
	},
	{
		name: "ttt-whole", title: "The whole of tic-tac-toe: MiniMax vs AlphaBeta",
		watch: "MiniMax looks at 549,946 nodes, AlphaBeta at a few percent of them: the counts per depth show where the savings are, with AlphaBeta's move ordering as a third.",
		point: "All three find that tic-tac-toe is a draw; AlphaBeta's cuts get there through a small part of MiniMax's nodes, and move ordering through fewer still.",
		about: wholeAbout, left: "ttt-whole-minimax", right: "ttt-whole-alphabeta",
		extra:     []string{"ttt-whole-alphabeta-ordered"},
		valueHead: "Value for x", terms: termsGame, player: "x", match: matchNode,
	},
	{
		name: "ttt-ordering", title: "The whole of tic-tac-toe: AlphaBeta with and without move ordering",
		watch: "The same AlphaBeta, once in the board's order and once best-looking move first: the same draw, and the counts per depth show how many fewer nodes ordering takes.",
		point: "Ordering changes no value, only the work: the same draw either way, but searching the best-looking move first lets AlphaBeta cut sooner, through fewer nodes.",
		about: orderingAbout, left: "ttt-whole-alphabeta", right: "ttt-whole-alphabeta-ordered",
		valueHead: "Value for x", terms: termsGame, player: "x", match: matchNode,
	},
	{
		name: "ttt-learnt-ordering", title: "The whole of tic-tac-toe: orderings that learn from cuts",
		watch: "AlphaBeta in the board's order against killer moves, with the history heuristic as a third: both learn from the cuts already made and cost no evaluation; the counts per depth show what each saves.",
		point: "The same draw three ways: killer moves and history reorder the search with what earlier cuts taught, and look at fewer nodes than the board's order.",
		about: learntAbout, left: "ttt-whole-alphabeta", right: "ttt-whole-alphabeta-killer",
		extra:     []string{"ttt-whole-alphabeta-history"},
		valueHead: "Value for x", terms: termsGame, player: "x", match: matchNode,
	},
	{
		name: "ttt-table", title: "The whole of tic-tac-toe: AlphaBeta with and without a transposition table",
		watch: "The same AlphaBeta, once searching every position it meets and once remembering them: positions reached by moves in another order are answered from the table.",
		point: "The same draw; the table turns the tree into a graph, each dashed arrow a subtree not searched twice, and the counts show the nodes spared at each depth.",
		about: tableAbout, left: "ttt-whole-alphabeta", right: "ttt-whole-alphabeta-tt",
		valueHead: "Value for x", terms: termsGame, player: "x", match: matchNode,
	},
	{
		name: "ttt-minimax-alphabeta", title: "Tic-tac-toe mid-game: MiniMax vs AlphaBeta",
		watch: "The same position searched with and without pruning: the same move and value, and the nodes AlphaBeta's cuts save.",
		point: "MiniMax and AlphaBeta choose the same move with the same value; AlphaBeta's cuts skip the replies that cannot change it, so it searches fewer nodes.",
		about: pruningAbout, left: "ttt-minimax", right: "ttt-alphabeta",
		valueHead: "Value for x", terms: termsGame, player: "x", match: matchNode,
	},
	{
		name: "ttt-mcts-pmc", title: "Tic-tac-toe mid-game: MCTS vs Primitive Monte Carlo",
		watch: "The same 300 playouts spent two ways: MCTS sends them where UCB1 points, Primitive Monte Carlo gives every move the same share.",
		point: "With the same 300 playouts, MCTS spends most of them on the move that blocks, while Primitive Monte Carlo spreads them evenly, 60 on each of the five moves.",
		about: monteCarloAbout, left: "ttt-mcts", right: "ttt-pmc",
		valueHead: "x's win rate with that move", terms: termsRate, player: "x", match: matchPlayout,
	},
	{
		name: "othello-horizon-depths", title: "Othello's horizon effect: AlphaBeta 3 plies deep vs 5",
		watch: "The same position searched 3 and 5 plies deep: the shallow search likes a6 because it stops one ply before Black's corner.",
		point: "At depth 3 White plays a6 and expects +9; at depth 5 the same a6 is worth -106, because Black takes the corner a8 on the fourth ply, and White plays c2 instead.",
		about: horizonAbout, left: "othello-horizon", right: "othello-horizon-deep",
		valueHead: "White's evaluation", terms: termsExpect, player: "White", match: matchNode,
	},
}

// horizonPosition is the Othello position of the horizon effect, White
// to move, reached from the start by c4 c3 d3 c5 b6 c6 e6 a7 b3 f5 g4 a2
// b5 a4 a5.
const horizonPosition = "......../o......./.oxx..../o.xxx.x./xxxxxx../.oo.x.../o......./........ o"

// horizonAbout says what the horizon effect is and where to see it.
const horizonAbout = "A search with a depth limit scores the positions at its depth as if the game stopped there: whatever comes one ply later is beyond its horizon. " +
	"Here AlphaBeta 3 plies deep picks a6 for White, worth +9, along the line a6, a3 (Black), b4 (White). " +
	"But Black's a3 has lined up the a-column, and on the fourth ply, just past the horizon, Black takes the corner a8 and turns a4 to a7 over for good. " +
	"Type alphabeta depth=5 ordering=1 on the same position, or open the two side by side: 5 plies deep the search sees a8 coming, values a6 at -106, and plays c2, worth -1. " +
	"Or keep 3 plies and add quiescence=2: a position at the limit whose side to move can take a corner or an edge is not trusted to its evaluation, its corner and edge moves are searched on, and c2 is found from far fewer nodes."

// pruningAbout says why AlphaBeta finds MiniMax's value with fewer nodes.
const pruningAbout = "AlphaBeta searches the same tree in the same order as MiniMax, but carries a window (α, β): the value MAX is already sure of, and the value MIN is. " +
	"As soon as one reply shows a move to be no better than what the player above can already get elsewhere, the rest of that move's replies are cut: whatever they are worth, they cannot change the decision. " +
	"So the move and the root's value are always MiniMax's; only the nodes searched differ. " +
	"Tick \"step both\" and step through MiniMax: AlphaBeta shows the same node, or the cut that skipped it."

// monteCarloAbout says how MCTS and Primitive Monte Carlo spend their
// playouts.
const monteCarloAbout = "Primitive Monte Carlo plays the same number of random games after each root move, 60 for each of the five, and chooses the best win rate: a losing move costs as many playouts as the best one, and nothing looks past the first move. " +
	"MCTS grows a tree and lets UCB1 choose where each playout goes: a move that does well gets more visits, its replies get a tree of their own, and its estimate sharpens, while the poor moves are left after a few tries. " +
	"Both have 300 playouts; the table gives the share each spent on the move it chose. " +
	"Tick \"step both\" to keep the two at the same playout."

// wholeTicTacToeNodes is the node budget of the searches of the whole of
// tic-tac-toe: above MiniMax's 549,946 nodes, so that both searches go to
// the end of every game. What their traces record is capped by the
// server's Config.TraceNodes.
const wholeTicTacToeNodes = 600_000

// wholeAbout says what the counts of the whole of tic-tac-toe show.
const wholeAbout = "Both searches start from the empty board and play every game they look at to its end, and both find that tic-tac-toe is a draw. " +
	"The counts per depth show where AlphaBeta saves: at depth 1 it tries all nine moves, as MiniMax does, and each depth further down its cuts skip a larger share of the tree, most where the tree is widest. " +
	"The bars are drawn on a logarithmic scale, so that the depths of every search can be read; the words and the percentages give the sizes. " +
	"The third series is AlphaBeta again with move ordering, each node's best-looking move searched first: it prunes more still, for the same draw."

// orderingAbout says why move ordering makes AlphaBeta prune more.
const orderingAbout = "Both are the same AlphaBeta from the empty board, and both find that tic-tac-toe is a draw: ordering never changes a value, only which nodes are looked at. " +
	"On the left each node searches its moves in the order of the board's cells, from the top left. On the right it first sorts them by how good each child looks to the game's evaluation (the lines still open to the side to move, less the opponent's), and searches the best-looking first: the centre, then the corners. " +
	"A good first move raises α early, so each later sibling's window is narrower from its start, and a reply that refutes it is found sooner: the later siblings are cut after fewer of their own children. " +
	"AlphaBeta does best when the best move comes first everywhere; a cheap evaluation gets close enough to save most of the nodes. Sorting costs an evaluation of every child, which the trace does not show as eval events."

// learntAbout says how killer moves and the history heuristic order moves.
const learntAbout = "Move ordering by evaluation costs an evaluation of every child. Killer moves and the history heuristic cost nothing: they learn from the cuts the search has already made. " +
	"A killer move is one that caused a cut at the same depth elsewhere in the tree: a reply that refuted one move often refutes its siblings too, so each depth keeps its last two killers and tries them first. " +
	"The history heuristic keeps a score per move, adding depth² at every cut the move causes anywhere, so moves that refuted deep searches come first everywhere. " +
	"Neither changes a value; both change which nodes are looked at."

// tableAbout says what a transposition table does and why it keeps the value.
const tableAbout = "Moves played in another order often reach the same position: x on a1 then o on b2 then x on c3 gives the board x on c3, o on b2, x on a1 does. " +
	"A transposition table remembers, for each position searched, its value and how far below it was searched. Met again with the same depth left, the position takes the stored value when it settles the window, an exact value or a bound beyond it, and is not searched again: the tree becomes a graph, and each dashed arrow in the drawing points to the node searched first. " +
	"Only entries of the same depth are used, so the value found is exactly AlphaBeta's without the table."

// comparisonOf returns the comparison an example is part of, or nil.
func comparisonOf(example string) *comparison {
	for i, c := range comparisons {
		if c.left == example || c.right == example {
			return &comparisons[i]
		}
	}
	return nil
}

// comparisonNamed returns the comparison of that name, or nil.
func comparisonNamed(name string) *comparison {
	for i := range comparisons {
		if comparisons[i].name == name {
			return &comparisons[i]
		}
	}
	return nil
}

// exampleCards lists the gallery: each example, and each comparison after
// the second of its examples.
func exampleCards() []templates.Example {
	var out []templates.Example
	for i, e := range examples {
		out = append(out, templates.Example{Title: e.title, Watch: e.watch, URL: "/example/" + e.name})
		for _, c := range comparisons {
			if (c.left == e.name || c.right == e.name) && secondOf(c, i) {
				out = append(out, templates.Example{Title: "Side by side: " + c.title, Watch: c.watch, URL: "/compare/" + c.name})
			}
		}
	}
	return out
}

// secondOf reports whether examples[i] comes after the other of c's two
// examples in the gallery.
func secondOf(c comparison, i int) bool {
	other := c.left
	if other == examples[i].name {
		other = c.right
	}
	for _, e := range examples[:i] {
		if e.name == other {
			return true
		}
	}
	return false
}

// handleCompare shows a comparison's two examples side by side, running
// their searches the first time: its sentence and the table of the
// searches' results (in the page once they have ended, else fetched when
// they end), the "step both" box, the two viewers, and a panel that
// fetches the counts per depth of both, and of the comparison's extra
// examples, once they end. The viewers open at their last step, the
// decisions to compare, from which a student steps back.
func (s *Server) handleCompare(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	c := comparisonNamed(name)
	if c == nil {
		s.message(w, r, http.StatusNotFound, "No such comparison", fmt.Sprintf("There is no comparison %q; the start page lists them with the examples.", name))
		return
	}
	m := templates.Compare{Title: c.title, Point: c.point, About: c.about, StepBoth: c.match.text(), MatchURL: "/compare/" + c.name + "/match"}
	panel := templates.CompareCountsPanel{Heading: "Counts per depth of both searches"}
	var ids []string
	for i, name := range append([]string{c.left, c.right}, c.extra...) {
		ex := exampleNamed(name)
		id, err := s.exampleTrace(ex)
		if err != nil {
			s.exampleFailed(w, r, err)
			return
		}
		ids = append(ids, id)
		if i >= 2 {
			panel.Extras = append(panel.Extras, templates.CompareExtra{Title: ex.title, URL: "/example/" + ex.name})
			continue
		}
		m.Sides = append(m.Sides, templates.CompareSide{
			Title: ex.title, Watch: ex.watch, TraceID: id,
			FrameURL: exampleURL(ex, id, "last", true), ViewerURL: exampleURL(ex, id, ex.step, false),
		})
	}
	if len(ids) > 2 {
		panel.Heading = "Counts per depth of the " + strconv.Itoa(len(ids)) + " searches"
	}
	panel.URL = countsFragmentURL(ids)
	// The table is in the page when the searches have ended, as they have
	// after the first visit; else the page fetches it once they end.
	m.SummaryURL = summaryURL(c, ids)
	if !slices.ContainsFunc(ids, func(id string) bool { return !s.searchEnded(id) }) {
		sum, err := s.compareSummary(r.Context(), c, ids)
		if err != nil {
			if status, msg := s.countsFailure(r.Context(), err); status != 0 {
				s.message(w, r, status, "The comparison failed", msg)
			}
			return
		}
		m.Summary = &sum
	}
	s.page(w, r, http.StatusOK, withChildren(templates.ComparePage(m), templates.CompareCounts(panel)))
}

// handleExample runs an example once and sends the page to its trace.
func (s *Server) handleExample(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	ex := exampleNamed(name)
	if ex == nil {
		s.message(w, r, http.StatusNotFound, "No such example", fmt.Sprintf("There is no example %q; the start page lists them.", name))
		return
	}
	id, err := s.exampleTrace(ex)
	if err != nil {
		s.exampleFailed(w, r, err)
		return
	}
	// The step, view and presentation mode asked for go with it, so that
	// an example's address opens it as a lesson needs it.
	q := r.URL.Query()
	step := ex.step
	if q.Has("step") {
		step = q.Get("step")
	}
	to := exampleURL(ex, id, step, false)
	for _, k := range []string{"view", "present", "room"} {
		if q.Has(k) {
			to += "&" + k + "=" + url.QueryEscape(q.Get(k))
		}
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// exampleFailed answers a request for an example whose search could not
// start.
func (s *Server) exampleFailed(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, errBusy) {
		w.Header().Set("Retry-After", "5")
		s.message(w, r, http.StatusTooManyRequests, "The server is busy", err.Error())
		return
	}
	s.message(w, r, http.StatusInternalServerError, "The example failed", err.Error())
}

// exampleTrace returns the id of example ex's trace, running its search
// the first time and again if its trace has been deleted since.
func (s *Server) exampleTrace(ex *example) (string, error) {
	s.examplesMu.Lock()
	defer s.examplesMu.Unlock()
	id, ok := s.examples[ex.name]
	if ok && s.liveSearch(id) == nil {
		if _, err := s.store.raw(id); err != nil {
			ok = false // deleted from the data directory since
		}
	}
	if ok {
		return id, nil
	}
	req := ex.req
	req.Program = s.cfg.Program
	id, err := s.startSearch(req)
	if err != nil {
		s.log.Error("running an example", "example", ex.name, "err", err)
		return "", err
	}
	s.examples[ex.name] = id
	return id, nil
}

// exampleURL is the viewer of example ex's trace id at step ("" for the
// first), embedded in another page or not.
func exampleURL(ex *example, id, step string, embedded bool) string {
	q := url.Values{"example": {ex.name}}
	if step != "" {
		q.Set("step", step)
	}
	if embedded {
		q.Set("embed", "1")
	}
	return "/t/" + id + "?" + q.Encode()
}

// exampleNamed returns the example of that name, or nil.
func exampleNamed(name string) *example {
	for i := range examples {
		if examples[i].name == name {
			return &examples[i]
		}
	}
	return nil
}

// exampleNote is what the viewer says about the example it shows.
func exampleNote(name string) *templates.ExampleNote {
	ex := exampleNamed(name)
	if ex == nil {
		return nil
	}
	note := &templates.ExampleNote{Title: ex.title, Watch: ex.watch, About: ex.about}
	if c := comparisonOf(ex.name); c != nil {
		other := c.left
		if other == ex.name {
			other = c.right
		}
		note.PairTitle, note.CompareURL = exampleNamed(other).title, "/compare/"+c.name
	}
	return note
}
