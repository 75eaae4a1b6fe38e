package twinmaze

import (
	"fmt"

	"github.com/searchviz/searchviz/games/internal/grid"
	"github.com/searchviz/searchviz/games/internal/textpos"
)

// SyntaxError is the error Parse and ParseSequential return for text that
// is not a position. Its fields are Offset, the byte offset of the
// offending input, and Msg, what was expected and what was found.
type SyntaxError grid.SyntaxError

// Error returns the message with the package name and the offset.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("twinmaze: at offset %d: %s", e.Offset, e.Msg)
}

// syntax is the text form of the twin maze's positions: 'A', 'B' and 'X'
// for both on one cell, and a ';' after the board in a Sequential's.
var syntax = grid.Syntax{Letters: "ABX", End: ';'}

// Parse reads a position in the form State.String writes: the turns left,
// a decimal number in 0..MaxTurns without leading zeros (0 is a finished
// game), a ':', then 1..MaxSize rows of 1..MaxSize cells each, all of the
// same length, separated by '/'. A cell is '#' (a wall), '.' (empty
// floor), '1'..'9' (floor with points), 'A' or 'B' (a character on a floor
// cell without points) or 'X' (both characters on one such cell); a board
// has one 'A' and one 'B', or one 'X' and neither. Nothing else is
// allowed: no spaces, no '0' for an empty cell, no '/' after the last row.
// The state scores 0 to 0. Errors are *SyntaxError; their messages count
// rows from 1.
func Parse(text string) (State, error) {
	s, end, err := parse(text)
	if err != nil {
		return State{}, err
	}
	if end < len(text) { // a ';': the text of a Sequential
		return State{}, errorf(end, "expected end of input, found ';': a position with the side to move is read by ParseSequential")
	}
	return s, nil
}

// ParseSequential reads a position in the form Sequential.String writes:
// the text Parse reads, a ';', and the side to move, 'A' or 'B'. With B to
// move, turns are left: B moves within a turn. The state scores 0 to 0.
// Errors are *SyntaxError.
func ParseSequential(text string) (Sequential, error) {
	s, end, err := parse(text)
	if err != nil {
		return Sequential{}, err
	}
	if end == len(text) {
		return Sequential{}, errorf(end, "expected ';' and the side to move ('A' or 'B'), found end of input")
	}
	pos := end + 1 // after the ';'
	var mover int8
	switch {
	case pos < len(text) && text[pos] == 'A':
	case pos < len(text) && text[pos] == 'B':
		if s.turns == 0 {
			return Sequential{}, errorf(pos, "B to move with no turns left: B moves within a turn, which ends after its move")
		}
		mover = 1
	default:
		return Sequential{}, errorf(pos, "expected the side to move ('A' or 'B') after ';', found %s", textpos.Found(text, pos))
	}
	if pos++; pos < len(text) {
		return Sequential{}, errorf(pos, "expected end of input after the side to move, found %s", textpos.Found(text, pos))
	}
	return Sequential{s: s, mover: mover}, nil
}

// errorf returns a syntax error at offset.
func errorf(offset int, format string, args ...any) error {
	return &SyntaxError{Offset: offset, Msg: fmt.Sprintf(format, args...)}
}

// oneEach is the end of the error messages about the characters.
const oneEach = "a board has one 'A' and one 'B', or one 'X' for both on one cell"

// parse reads the turns and the board, and returns the state and the
// offset where the board ends: the end of the input or a ';' after the
// last row.
func parse(text string) (State, int, error) {
	b := &board{}
	var at [2]place            // the characters' cells
	atOffset := [2]int{-1, -1} // where they were placed, -1 for not yet
	placeLetter := func(c byte, row, col, offset int) error {
		for player, name := range names {
			if c != name && c != 'X' {
				continue
			}
			if atOffset[player] >= 0 {
				return errorf(offset, "%q places %c again (%q at offset %d placed it): %s",
					c, name, text[atOffset[player]], atOffset[player], oneEach)
			}
			at[player], atOffset[player] = place{int8(row), int8(col)}, offset
		}
		return nil
	}
	turns, end, err := grid.Parse(text, syntax, &b.Board, placeLetter)
	if e, ok := err.(*grid.SyntaxError); ok {
		return State{}, 0, (*SyntaxError)(e)
	}
	if err != nil {
		return State{}, 0, err
	}
	for player, name := range names {
		if atOffset[player] < 0 {
			return State{}, 0, errorf(end, "no %q: %s", name, oneEach)
		}
	}
	b.findExits()
	return State{b: b, turns: int16(turns), at: at}, end, nil
}
