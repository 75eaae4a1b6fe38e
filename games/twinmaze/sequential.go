package twinmaze

import (
	"fmt"

	"github.com/searchviz/searchviz/games/internal/grid"
)

// Sequential is the two-player maze played as if the players moved in turn,
// the wrong model of the game that the primer warns about, for the
// alternating-game engines: A moves and collects the points of its new cell
// at once, then B moves and collects, then the turn ends. When both head
// for the same cell, A takes its points and B finds it empty: the second
// mover's points are stolen, where the real, simultaneous game gives both
// players the points.
//
// A Sequential with A to move is a State; with B to move, A has made this
// turn's move and the turns left have not yet gone down. The legal moves of
// the side to move are those of its character in the State, so a search
// over Sequential explores the same moves as over State, in another tree.
//
// Its text form is the State's followed by ';' and the side to move, 'A'
// or 'B', e.g. "20:39793/3#3#3/1A6B1/9#6#9/68486;A". Like the State's, it
// leaves out the scores. The zero Sequential is the finished game "0:X;A".
// Sequentials are comparable values, safe to copy and to use from several
// goroutines.
type Sequential struct {
	s     State
	mover int8 // 0: A to move, 1: B to move
}

// Position returns the State beneath: the board, the characters, the
// scores and the turns left. With B to move, A has made this turn's move
// in it.
func (q Sequential) Position() State {
	return q.s
}

// ToMove returns the side to move: 0 for A, 1 for B.
func (q Sequential) ToMove() int {
	return int(q.mover)
}

// Legal appends the actions of the side to move to buf, in the order
// Right, Left, Down, Up, and returns the result: the actions that move its
// character to a floor cell of the board. It appends none when the game is
// over.
func (q Sequential) Legal(buf []int) []int {
	return q.s.Legal(int(q.mover), buf)
}

// Play returns the state after the side to move moves one cell in the
// direction action and collects the points its new cell still holds, which
// empties the cell; after B's move, the turn ends with one turn less and A
// to move. It panics if the game is over or the move leaves the board or
// enters a wall, as engines play only actions Legal returned.
func (q Sequential) Play(action int) Sequential {
	p := int(q.mover)
	if uint(action) > 3 || q.s.moves()[p]&(1<<action) == 0 {
		panic(fmt.Sprintf("twinmaze: Play(%d) in %s: %s", action, q, q.s.whyIllegal(p, action)))
	}
	i := q.s.step(p, action)
	q.s.collect(p, i)
	q.s.empty(i)
	if p == 1 {
		q.s.turns--
	}
	q.mover = 1 - q.mover
	return q
}

// Done reports whether the game is over: no turns are left, or a
// character is walled in on all four sides and can never move.
func (q Sequential) Done() bool {
	return q.s.Done()
}

// Score returns the score of the side to move minus its opponent's, the
// points collected on the way from the state that Alternating or
// ParseSequential returned: A's minus B's with A to move, B's minus A's
// with B to move.
func (q Sequential) Score() float64 {
	if q.mover == 1 {
		return -q.s.Score()
	}
	return q.s.Score()
}

// Label returns the direction of action: "right", "left", "down" or "up".
// An action outside 0..3 gets '?' followed by its number, e.g. "?4".
func (q Sequential) Label(action int) string {
	return grid.Label(action)
}

// String returns the position's text form, e.g.
// "20:39793/3#3#3/1A6B1/9#6#9/68486;A", which ParseSequential reads back.
// It leaves out the scores.
func (q Sequential) String() string {
	return string(append(q.s.appendText(nil), ';', names[q.mover]))
}
