package maze

import (
	"fmt"

	"github.com/searchviz/searchviz/games/internal/grid"
)

// SyntaxError is the error Parse returns for text that is not a position.
// Its fields are Offset, the byte offset of the offending input, and Msg,
// what was expected and what was found.
type SyntaxError grid.SyntaxError

// Error returns the message with the package name and the offset.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("maze: at offset %d: %s", e.Offset, e.Msg)
}

// syntax is the text form of the maze's positions: one character, '@'.
var syntax = grid.Syntax{Letters: "@"}

// Parse reads a position in the form String writes: the turns left, a
// decimal number in 0..MaxTurns without leading zeros (0 is a finished
// game), a ':', then 1..MaxSize rows of 1..MaxSize cells each, all of the
// same length, separated by '/'. A cell is '#' (a wall), '.' (empty floor),
// '1'..'9' (floor with points) or '@' (the character, exactly once, on a
// floor cell without points). Nothing else is allowed: no spaces, no '0' for an
// empty cell, no '/' after the last row. The state scores 0. Errors are
// *SyntaxError; their messages count rows from 1.
func Parse(text string) (State, error) {
	b := &grid.Board{}
	row, col, atOffset := -1, -1, 0 // the character's cell and its offset
	place := func(_ byte, r, c, offset int) error {
		if row >= 0 {
			return &SyntaxError{Offset: offset, Msg: fmt.Sprintf("a second '@' (the first is at offset %d): a board has exactly one character", atOffset)}
		}
		row, col, atOffset = r, c, offset
		return nil
	}
	turns, end, err := grid.Parse(text, syntax, b, place)
	if e, ok := err.(*grid.SyntaxError); ok {
		return State{}, (*SyntaxError)(e)
	}
	switch {
	case err != nil:
		return State{}, err
	case row < 0:
		return State{}, &SyntaxError{Offset: end, Msg: "no '@': a board has exactly one character"}
	}
	return State{b: b, turns: int16(turns), row: int8(row), col: int8(col)}, nil
}
