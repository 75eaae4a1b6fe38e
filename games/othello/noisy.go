package othello

// edges are the squares of the board's four edges, corners included.
const edges uint64 = 0xff818181818181ff

// Noisy reports whether action, legal in s, makes the position unstable
// enough that a quiescence search should look further before trusting the
// evaluation: it places a disc on a corner or an edge. Such a move turns
// over discs along the edge or takes a corner, which never turns back, and
// the square weights and the mobility count swing most on them: a search
// that stops just before an edge fight misjudges who wins it. A disc
// inside the board never turns an edge disc over (a line through an edge
// disc ends there), so the edges are where the swings are. A pass is never
// noisy.
func (s State) Noisy(action int) bool {
	return uint(action) < Pass && edges&(1<<action) != 0
}
