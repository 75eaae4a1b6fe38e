package twinmaze

import (
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
