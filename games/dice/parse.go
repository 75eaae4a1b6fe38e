package dice

import (
	"fmt"
	"strconv"

	"github.com/searchviz/searchviz/games/internal/textpos"
)

// boardLen is the length of a position text's board: seven rows of seven
// cells and six '/'.
const boardLen = Size*(Size+1) - 1

// letters are the pieces' letters in the text form, by side and piece.
var letters = [2]string{"KABCD", "kabcd"}

// sideNames are the sides' names in messages and captions.
var sideNames = [2]string{"White", "Black"}

// sideLetters are the sides' letters in the text form.
const sideLetters = "wb"

// cellHelp lists what a cell may be, for the parse errors.
const cellHelp = "a cell: '.' empty, '#' wall, 'K' 'A' 'B' 'C' 'D' White's King and pieces 1 to 4, the same in lower case for Black's"

// wallHelp names the wall cells, for the parse errors.
const wallHelp = "the wall is c4, d4, e4, d3 and d5"

// name returns the board's name of square q, e.g. "d4".
func name(q int8) string {
	return string([]byte{'a' + byte(q%Size), '0' + Size - byte(q/Size)})
}

// String returns the position's text form, which Parse reads back; the
// package comment's section "Position text" gives the start's.
func (s State) String() string {
	b := make([]byte, 0, boardLen+6)
	b = s.appendBoard(b)
	b = append(b, ' ', sideLetters[s.mover], ' ')
	return string(strconv.AppendInt(b, int64(s.ply), 10))
}

// appendBoard appends the board part of the text form to b.
func (s State) appendBoard(b []byte) []byte {
	var cell [cells]byte
	for q := range cell {
		cell[q] = '.'
		if wall&(1<<q) != 0 {
			cell[q] = '#'
		}
	}
	for side, at := range s.at {
		for p, q := range at {
			cell[q] = letters[side][p]
		}
	}
	for r := range Size {
		if r > 0 {
			b = append(b, '/')
		}
		b = append(b, cell[r*Size:(r+1)*Size]...)
	}
	return b
}

// Parse reads a position in the form String writes: seven rows from row 7
// down to row 1 separated by '/', each of seven cells; a space and the
// side to move, 'w' or 'b'; a space and the plies played, a decimal number
// in 0..MaxPlies without leading zeros. A cell is '.' (empty), '#' (a wall
// cell), 'K', 'A', 'B', 'C', 'D' (White's King and pieces 1 to 4) or the
// same letters in lower case (Black's). Nothing else is allowed: no other
// spaces, no '/' after the last row. The wall is exactly c4, d4, e4, d3
// and d5, and each side has its five pieces on the board.
//
// Parse rejects positions that cannot arise in play: the side to move with
// a line (the game ended at the other's move), and a line at ply 0, before
// any move. A line of the side that just moved is a finished game.
func Parse(text string) (State, error) {
	var at [2][pieces]int8
	var placed [2][pieces]bool
	for i := range boardLen {
		if i%(Size+1) == Size {
			if i >= len(text) || text[i] != '/' {
				return State{}, fmt.Errorf("dice: at offset %d: expected '/' after a row of %d cells, found %s", i, Size, textpos.Found(text, i))
			}
			continue
		}
		q := int8(i - i/(Size+1))
		var c byte
		if i < len(text) {
			c = text[i]
		}
		if wall&(1<<q) != 0 {
			if c != '#' {
				return State{}, fmt.Errorf("dice: at offset %d: expected '#' at %s (%s), found %s", i, name(q), wallHelp, textpos.Found(text, i))
			}
			continue
		}
		switch side, p := letter(c); {
		case c == '.':
		case c == '#':
			return State{}, fmt.Errorf("dice: at offset %d: '#' at %s, which is not a wall cell: %s", i, name(q), wallHelp)
		case side >= 0:
			if placed[side][p] {
				return State{}, fmt.Errorf("dice: at offset %d: %q at %s, but %s has one already at %s: a side has one King and one each of pieces 1 to 4",
					i, c, name(q), pieceName(side, p), name(at[side][p]))
			}
			at[side][p], placed[side][p] = q, true
		case i >= len(text) || c == '/':
			return State{}, fmt.Errorf("dice: at offset %d: expected %s (a row has %d cells, this one has %d), found %s",
				i, cellHelp, Size, i%(Size+1), textpos.Found(text, i))
		default:
			return State{}, fmt.Errorf("dice: at offset %d: expected %s, found %s", i, cellHelp, textpos.Found(text, i))
		}
	}
	for side := range placed {
		for p, ok := range placed[side] {
			if !ok {
				return State{}, fmt.Errorf("dice: the board has no %q, %s: each side has its King and pieces 1 to 4, which are never removed",
					letters[side][p], pieceName(side, p))
			}
		}
	}

	i := boardLen
	if i >= len(text) || text[i] != ' ' {
		return State{}, fmt.Errorf("dice: at offset %d: expected a space and the side to move ('w' or 'b') after the seventh row, found %s", i, textpos.Found(text, i))
	}
	i++
	var mover int8
	switch {
	case i < len(text) && text[i] == 'w':
	case i < len(text) && text[i] == 'b':
		mover = 1
	default:
		return State{}, fmt.Errorf("dice: at offset %d: expected the side to move, 'w' or 'b', found %s", i, textpos.Found(text, i))
	}
	i++
	if i >= len(text) || text[i] != ' ' {
		return State{}, fmt.Errorf("dice: at offset %d: expected a space and the plies played after the side to move, found %s", i, textpos.Found(text, i))
	}
	i++
	ply, end, err := parsePly(text, i)
	if err != nil {
		return State{}, err
	}
	if end < len(text) {
		return State{}, fmt.Errorf("dice: at offset %d: expected end of input after the plies played, found %s", end, textpos.Found(text, end))
	}

	s := fromSquares(at, mover, int16(ply))
	if s.hasLine(mover) {
		return State{}, fmt.Errorf("dice: impossible position %q: %s, the side to move, has a line through its King, but the game ends at the mover's line, so only the side that just moved can have one",
			text, sideNames[mover])
	}
	if s.winner != 0 && ply == 0 {
		return State{}, fmt.Errorf("dice: impossible position %q: %s has a line at ply 0, before any move",
			text, sideNames[1-mover])
	}
	return s, nil
}

// letter returns the side and piece of a piece's letter in the text form,
// or -1, -1 for any other byte.
func letter(c byte) (side, piece int) {
	for side, l := range letters {
		for p := range pieces {
			if l[p] == c {
				return side, p
			}
		}
	}
	return -1, -1
}

// pieceName names a side's piece in messages, e.g. "White's King" or
// "Black's piece 3".
func pieceName(side, p int) string {
	if p == 0 {
		return sideNames[side] + "'s King"
	}
	return sideNames[side] + "'s piece " + pieceNames[p:p+1]
}

// parsePly reads the plies played at offset i of text and returns them and
// the offset after them.
func parsePly(text string, i int) (int, int, error) {
	const want = "the plies played, a number in 0..%d without leading zeros"
	end := i
	for end < len(text) && end-i <= 3 && '0' <= text[end] && text[end] <= '9' {
		end++
	}
	switch {
	case end == i:
		return 0, 0, fmt.Errorf("dice: at offset %d: expected "+want+", found %s", i, MaxPlies, textpos.Found(text, i))
	case text[i] == '0' && end-i > 1:
		return 0, 0, fmt.Errorf("dice: at offset %d: expected "+want+", found a leading zero", i, MaxPlies)
	}
	n, err := strconv.Atoi(text[i:end])
	if err != nil || n > MaxPlies {
		return 0, 0, fmt.Errorf("dice: at offset %d: expected "+want+", found %q", i, MaxPlies, text[i:end])
	}
	return n, end, nil
}
