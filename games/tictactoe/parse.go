package tictactoe

import (
	"fmt"
	"math/bits"

	"github.com/searchviz/searchviz/games/internal/textpos"
)

// textLen is the length of every position text: three rows of three cells
// and two '/'.
const textLen = 11

// Parse reads a position in the form String writes: three rows from top to
// bottom separated by '/', each of three cells 'x', 'o' or '.', nothing
// else (no spaces, no upper case). It rejects positions that cannot arise in
// play: x moves first, so x has as many marks as o or one more; the game
// stops at the first line, so only the last mover may have one.
func Parse(text string) (State, error) {
	if len(text) > textLen {
		return State{}, fmt.Errorf("tictactoe: at offset %d: expected end of input (a position is %d bytes: three rows of three cells separated by '/'), found %s",
			textLen, textLen, textpos.Found(text, textLen))
	}
	var s State
	for i := range textLen {
		if i == 3 || i == 7 {
			if i >= len(text) || text[i] != '/' {
				return State{}, fmt.Errorf("tictactoe: at offset %d: expected '/' after a row of three cells, found %s", i, textpos.Found(text, i))
			}
			continue
		}
		cell := i - i/4
		switch {
		case i < len(text) && text[i] == 'x':
			s.x |= 1 << cell
		case i < len(text) && text[i] == 'o':
			s.o |= 1 << cell
		case i < len(text) && text[i] == '.':
		default:
			return State{}, fmt.Errorf("tictactoe: at offset %d: expected a cell 'x', 'o' or '.', found %s", i, textpos.Found(text, i))
		}
	}
	if err := s.check(); err != nil {
		return State{}, fmt.Errorf("tictactoe: impossible position %q: %w", text, err)
	}
	return s, nil
}

// check reports why s cannot arise in play from the empty board, if so.
func (s State) check() error {
	return game.CheckCounts(bits.OnesCount16(s.x), bits.OnesCount16(s.o), hasLine(s.x), hasLine(s.o))
}
