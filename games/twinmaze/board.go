package twinmaze

import (
	"strconv"
	"strings"

	display "github.com/searchviz/searchviz/games/board" // board names this package's immutable part of a game
	"github.com/searchviz/searchviz/games/internal/grid"
)

// pieces are the characters: A, the first player, B, the second, and X,
// both on one cell.
var pieces = []grid.Piece{
	{Letter: 'A', Cell: display.Cell{Kind: display.Piece, Owner: display.First, Mark: "A"}},
	{Letter: 'B', Cell: display.Cell{Kind: display.Piece, Owner: display.Second, Mark: "B"}},
	{Letter: 'X', Cell: display.Cell{Kind: display.Piece, Owner: display.Both, Mark: "X"}},
}

// Board returns the position drawn as a grid: walls marked "#", floor
// cells with the points they still hold marked with their number, A a
// piece of the first player, B of the second, and X, both on one cell, a
// piece of both; the caption gives the turns left, e.g. "20 turns left".
func (s State) Board() display.Board {
	return grid.Draw(s, grid.TurnsLeft(s.Turns()), pieces)
}

// ScoreBoard returns Board with a caption that also says the points each
// player collected, "19 turns left, A 6 – B 6", and at the end who won,
// "A wins 12 – 9": for a game played from its start, as a match plays it,
// since a position's text does not carry the scores (see Scores).
func (s State) ScoreBoard() display.Board {
	b := s.Board()
	b.Caption = s.scoreCaption()
	return b
}

// scoreCaption says how a game played from its start stands: the turns
// left and the scores, or once no turn is left who won by how much.
func (s State) scoreCaption() string {
	a, b := s.Scores()
	switch {
	case s.Turns() > 0:
		return grid.TurnsLeft(s.Turns()) + ", A " + strconv.Itoa(a) + " – B " + strconv.Itoa(b)
	case a > b:
		return "A wins " + strconv.Itoa(a) + " – " + strconv.Itoa(b)
	case b > a:
		return "B wins " + strconv.Itoa(b) + " – " + strconv.Itoa(a)
	}
	return "Draw " + strconv.Itoa(a) + " – " + strconv.Itoa(b)
}

// Palette returns what a cell may hold, in the order an editor cycles
// through them: empty floor, a wall, A, B, X (both), then 1 to 9 points.
func (State) Palette() []display.Cell {
	return grid.Palette(pieces)
}

// Edit returns the text form of s with its cells replaced by b's, cells of
// the Palette: the turns left stay s's. The text need not be a position:
// Parse says what is wrong with a board without A or with two. Edit fails
// for a board of more than MaxSize rows or columns or a cell not in the
// Palette.
func (s State) Edit(b display.Board) (string, error) {
	text, err := grid.AppendBoard(nil, "twinmaze", s.Turns(), b, pieces)
	if err != nil {
		return "", err
	}
	return string(text), nil
}

// Board returns the grid of the position beneath, as State.Board draws
// it, with a caption that adds the side to move: "20 turns left, A to
// move". With B to move, A has already moved this turn.
func (q Sequential) Board() display.Board {
	b := q.s.Board()
	b.Caption += ", " + string(names[q.mover]) + " to move"
	return b
}

// ScoreBoard returns Board with the scores of a game played from its
// start, as State.ScoreBoard: "19 turns left, B to move, A 9 – B 0".
func (q Sequential) ScoreBoard() display.Board {
	b := q.s.ScoreBoard()
	if q.s.Turns() > 0 {
		turns, scores, _ := strings.Cut(b.Caption, ", ")
		b.Caption = turns + ", " + string(names[q.mover]) + " to move, " + scores
	}
	return b
}

// Palette returns what a cell may hold, as State.Palette.
func (q Sequential) Palette() []display.Cell {
	return q.s.Palette()
}

// Edit returns the text form of q with its cells replaced by b's, as
// State.Edit, keeping the side to move, e.g. "20:1A.B1;A". The text need
// not be a position: ParseSequential says what is wrong with it.
func (q Sequential) Edit(b display.Board) (string, error) {
	text, err := grid.AppendBoard(nil, "twinmaze", q.s.Turns(), b, pieces)
	if err != nil {
		return "", err
	}
	return string(append(text, ';', names[q.mover])), nil
}
