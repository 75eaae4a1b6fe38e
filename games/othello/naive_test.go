package othello_test

import (
	"github.com/searchviz/searchviz/games/othello"
)

// naive is Othello written the obvious way, square by square, as an
// independent check on the bitboards: each square holds 'x', 'o' or '.',
// rows from the top.
type naive struct {
	sq   [8][8]byte
	turn byte // 'x' or 'o'
}

// directions are the eight (row, column) steps from a square.
var directions = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

func naiveOf(s othello.State) naive {
	var n naive
	for r := range 8 {
		for c := range 8 {
			n.sq[r][c] = s.Cell(r, c)
		}
	}
	n.turn = s.ToMove()
	return n
}

func other(p byte) byte {
	if p == 'x' {
		return 'o'
	}
	return 'x'
}

// flanked returns the squares turned over when p places a disc at r, c.
func (n naive) flanked(p byte, r, c int) [][2]int {
	if n.sq[r][c] != '.' {
		return nil
	}
	var all [][2]int
	for _, d := range directions {
		var line [][2]int
		rr, cc := r+d[0], c+d[1]
		for rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && n.sq[rr][cc] == other(p) {
			line = append(line, [2]int{rr, cc})
			rr, cc = rr+d[0], cc+d[1]
		}
		if len(line) > 0 && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && n.sq[rr][cc] == p {
			all = append(all, line...)
		}
	}
	return all
}

// moves returns p's moves as actions, a1 first.
func (n naive) moves(p byte) []int {
	var m []int
	for r := range 8 {
		for c := range 8 {
			if len(n.flanked(p, r, c)) > 0 {
				m = append(m, r*8+c)
			}
		}
	}
	return m
}

// legal returns the actions of the side to move: its moves, or pass
// alone when it has none and the opponent has some, or none.
func (n naive) legal() []int {
	if m := n.moves(n.turn); len(m) > 0 {
		return m
	}
	if len(n.moves(other(n.turn))) > 0 {
		return []int{othello.Pass}
	}
	return nil
}

func (n naive) play(a int) naive {
	if a != othello.Pass {
		r, c := a/8, a%8
		for _, f := range n.flanked(n.turn, r, c) {
			n.sq[f[0]][f[1]] = n.turn
		}
		n.sq[r][c] = n.turn
	}
	n.turn = other(n.turn)
	return n
}

// text writes the position in the package's text form.
func (n naive) text() string {
	b := make([]byte, 0, 73)
	for r := range 8 {
		if r > 0 {
			b = append(b, '/')
		}
		b = append(b, n.sq[r][:]...)
	}
	return string(append(b, ' ', n.turn))
}

// perft counts the move sequences of depth moves, a pass being one and a
// finished game one leaf.
func (n naive) perft(depth int) int {
	if depth == 0 {
		return 1
	}
	legal := n.legal()
	if len(legal) == 0 {
		return 1
	}
	total := 0
	for _, a := range legal {
		total += n.play(a).perft(depth - 1)
	}
	return total
}
