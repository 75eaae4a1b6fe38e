package dice

import "math/bits"

// Win is the value of a won game in the evaluations: Evaluate gives -Win
// to the side to move when the other side has a line. Every heuristic
// value lies strictly inside (-Win, Win), so that no position in play
// looks as good or as bad as a decided game.
const Win = 1000

// The evaluation kinds of Evaluate, defined in the package comment's
// section "Evaluations". Kind 0 is the game's own Score; EvalNames names
// the others, which the game declares to the search package's eval=
// parameter.
const (
	TypeA  = 1 // the placement of the side that just moved, and its exposure
	TypeB  = 2 // typeA plus the placement of the side to move
	TypeAB = 3 // typeB when the side that just moved is losing, else typeA
)

// evalNames are the kinds' names, as the paper and specs write them.
var evalNames = [...]string{TypeA: "typeA", TypeB: "typeB", TypeAB: "typeAB"}

// EvalNames returns the names of the evaluation kinds, kind k's at index
// k-1 (TypeA's first), as a search's eval= parameter offers them after
// the game's own score. The result is a fresh copy the caller may keep.
func EvalNames() []string {
	return append([]string(nil), evalNames[TypeA:]...)
}

const (
	threatPerFace = 5   // threat points per die face that wins
	maxThreats    = 50  // the cap of a side's threat points
	exposure      = 200 // the penalty for leaving the opponent a win at once
)

// chebyshev holds the Chebyshev (King-move) distance between every two
// squares, for the closeness term.
var chebyshev = func() (d [cells][cells]int8) {
	for p := range cells {
		for q := range cells {
			dr, dc := p/Size-q/Size, p%Size-q%Size
			d[p][q] = int8(max(dr, -dr, dc, -dc))
		}
	}
	return d
}()

// offBoard is a square bit no piece ever has: it stands for the cells
// off the board in triples, so that a line running off the board never
// matches.
const offBoard = 1 << 63

// triples holds, for each square, the pairs of other squares that make
// three in a row with it, along a row, a column or a diagonal, as bits:
// the square between the two, or the two next to it on one side. A side
// has a line through a square exactly when it holds the square and both
// cells of one of its pairs. Pairs that would run off the board are
// offBoard.
var triples = func() (t [cells][3 * dirs / 2]uint64) {
	bit := func(q int8) uint64 {
		if q < 0 {
			return offBoard
		}
		return 1 << q
	}
	beyond := func(q int8, d int) int8 {
		if q < 0 {
			return -1
		}
		return neighbours[q][d]
	}
	for q := range cells {
		for d := range dirs / 2 {
			fwd, back := neighbours[q][d], neighbours[q][d+dirs/2]
			t[q][3*d] = bit(fwd) | bit(beyond(fwd, d))
			t[q][3*d+1] = bit(fwd) | bit(back)
			t[q][3*d+2] = bit(back) | bit(beyond(back, d+dirs/2))
		}
	}
	return t
}()

// thirds holds, for every two squares, the squares that make three in a
// row with them (the inverse of triples): a King landing on one of the
// thirds of two of its other pieces makes a line, and only there.
var thirds = func() (t [cells][cells]uint64) {
	for q := range cells {
		for _, m := range triples[q] {
			if m&offBoard != 0 {
				continue
			}
			a := bits.TrailingZeros64(m)
			b := bits.TrailingZeros64(m &^ (1 << a))
			t[a][b] |= 1 << q
			t[b][a] |= 1 << q
		}
	}
	return t
}()

// Evaluate evaluates s from the side to move's view, as Score does, with
// evaluation kind TypeA, TypeB or TypeAB: -Win when the other side has a
// line, 0 for a draw at MaxPlies, and otherwise the kind's heuristic value
// as the package comment's section "Evaluations" defines it, which lies in
// (-Win, Win). Any other kind, 0 included, gives Score. Evaluate never
// allocates.
func (s State) Evaluate(kind int) float64 {
	if kind < TypeA || kind > TypeAB {
		return s.Score()
	}
	switch {
	case s.winner != 0:
		return float64(int(s.winner)*s.ToMove()) * Win
	case s.ply >= MaxPlies:
		return 0
	}
	m, j := s.mover, 1-s.mover
	partJ := threatPoints(s.winFaces(j)) + s.closeness(j)
	mFaces := s.winFaces(m)
	v := -partJ
	if mFaces > 0 {
		v += exposure
	}
	if kind == TypeA {
		return v
	}
	partM := threatPoints(mFaces) + s.closeness(m)
	if kind == TypeAB && partJ >= partM {
		return v
	}
	return v + partM
}

// threatPoints returns the threat term of a side whose winning moves have
// faces die faces in all (see winFaces).
func threatPoints(faces int) float64 {
	return float64(min(maxThreats, threatPerFace*faces))
}

// closeness returns the closeness term of side: 12 for pieces all next to
// their King, down to 1 for all six cells away.
func (s State) closeness(side int8) float64 {
	at := &s.at[side]
	king := at[0]
	d := 0
	for _, q := range at[1:] {
		d += int(chebyshev[king][q])
	}
	return 12 - 11*float64(d-(pieces-1))/20
}

// winFaces returns the sum, over the cells on which a move of side would
// give it a line, of the most die faces with which one of its moves lands
// there: side's immediate winning chances, counted on the cells it wins
// on. It counts side's moves as if it were to move, under the first-move
// rule at ply 0.
//
// A line after a move of a piece other than the King passes through the
// King and the cell the piece lands on, since side had no line before, so
// that cell is the first one past a run of own pieces on one of the
// King's rays; winFaces looks back from those few cells for the pieces
// that reach them. For the King's own moves, which leave the other
// pieces in place, the cells where the King makes a line are the thirds
// of its other pieces' pairs, found before following its moves.
func (s State) winFaces(side int8) int {
	var own uint64
	for _, q := range s.at[side] {
		own |= 1 << q
	}
	king := s.at[side][0]
	blocked := s.occ | wall
	var faces [cells]int8 // by landing cell, valid where hit has its bit
	var hit uint64
	record := func(q int8, f int8) {
		if hit&(1<<q) == 0 || faces[q] < f {
			faces[q] = f
		}
		hit |= 1 << q
	}

	var run [dirs]int   // own pieces in a row from the King
	var past [dirs]int8 // the square past them, or -1 off the board
	for d := range dirs {
		q := neighbours[king][d]
		for q >= 0 && own&(1<<q) != 0 {
			run[d]++
			q = neighbours[q][d]
		}
		past[d] = q
	}
	for d := range dirs {
		g := past[d]
		if g < 0 || blocked&(1<<g) != 0 {
			continue
		}
		beyond := 0
		for q := neighbours[g][d]; q >= 0 && own&(1<<q) != 0; q = neighbours[q][d] {
			beyond++
		}
		if run[d]+run[(d+dirs/2)%dirs]+beyond == 0 {
			continue // the King and g alone make no line
		}
		for e := range dirs { // the direction of the move to g
			back := (e + dirs/2) % dirs
			q := g
			for k := int8(1); k <= Faces; k++ {
				q = neighbours[q][back]
				if q < 0 {
					break
				}
				if blocked&(1<<q) == 0 {
					continue
				}
				if q != king && own&(1<<q) != 0 && lineThrough(own&^(1<<q)|1<<g, king) {
					record(g, landing(blocked, g, e, k))
				}
				break
			}
		}
	}

	var spots uint64 // where the King would make a line
	at := &s.at[side]
	for i := 1; i < pieces; i++ {
		for j := i + 1; j < pieces; j++ {
			spots |= thirds[at[i]][at[j]]
		}
	}
	for d := range dirs {
		if s.ply == 0 && d%2 == 1 {
			continue // the first-move rule
		}
		q := king
		for k := int8(1); k <= Faces; k++ {
			q = neighbours[q][d]
			if q < 0 || blocked&(1<<q) != 0 {
				break
			}
			if spots&(1<<q) != 0 {
				record(q, landing(blocked, q, d, k))
			}
		}
	}

	n := 0
	for hit != 0 {
		n += int(faces[bits.TrailingZeros64(hit)])
		hit &= hit - 1
	}
	return n
}

// landing returns the number of die faces that land a piece moving in
// direction d on square q, k cells away: one, or all from k to 6 when q
// is where the piece stops.
func landing(blocked uint64, q int8, d int, k int8) int8 {
	if nq := neighbours[q][d]; nq < 0 || blocked&(1<<nq) != 0 {
		return Faces + 1 - k
	}
	return 1
}

// lineThrough reports whether the pieces own, as bits, have a line of
// three or more on adjacent cells through square q.
func lineThrough(own uint64, q int8) bool {
	for _, m := range &triples[q] {
		if own&m == m {
			return true
		}
	}
	return false
}
