package twinmaze

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// SyntaxError is the error Parse and ParseSequential return for text that
// is not a position.
type SyntaxError struct {
	Offset int    // the byte offset of the offending input
	Msg    string // what was expected and what was found
}

// Error returns the message with the package name and the offset.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("twinmaze: at offset %d: %s", e.Offset, e.Msg)
}

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
	p := parser{text: text}
	s, err := p.parse()
	if err != nil {
		return State{}, err
	}
	if p.pos < len(text) { // a ';': the text of a Sequential
		return State{}, p.errorf(p.pos, "expected end of input, found ';': a position with the side to move is read by ParseSequential")
	}
	return s, nil
}

// ParseSequential reads a position in the form Sequential.String writes:
// the text Parse reads, a ';', and the side to move, 'A' or 'B'. With B to
// move, turns are left: B moves within a turn. The state scores 0 to 0.
// Errors are *SyntaxError.
func ParseSequential(text string) (Sequential, error) {
	p := parser{text: text}
	s, err := p.parse()
	if err != nil {
		return Sequential{}, err
	}
	if p.pos == len(text) {
		return Sequential{}, p.errorf(p.pos, "expected ';' and the side to move ('A' or 'B'), found end of input")
	}
	p.pos++ // the ';'
	var mover int8
	switch p.peek() {
	case 'A':
	case 'B':
		if s.turns == 0 {
			return Sequential{}, p.errorf(p.pos, "B to move with no turns left: B moves within a turn, which ends after its move")
		}
		mover = 1
	default:
		return Sequential{}, p.errorf(p.pos, "expected the side to move ('A' or 'B') after ';', found %s", p.found(p.pos))
	}
	if p.pos++; p.pos < len(text) {
		return Sequential{}, p.errorf(p.pos, "expected end of input after the side to move, found %s", p.found(p.pos))
	}
	return Sequential{s: s, mover: mover}, nil
}

// parser reads one position.
type parser struct {
	text string
	pos  int
}

// errorf returns a syntax error at offset.
func (p *parser) errorf(offset int, format string, args ...any) error {
	return &SyntaxError{Offset: offset, Msg: fmt.Sprintf(format, args...)}
}

// found describes the input at offset i for an error message: a quoted
// character, a byte that is not UTF-8, or the end of the input.
func (p *parser) found(i int) string {
	if i >= len(p.text) {
		return "end of input"
	}
	r, size := utf8.DecodeRuneInString(p.text[i:])
	if r == utf8.RuneError && size == 1 {
		return fmt.Sprintf("byte 0x%02x", p.text[i])
	}
	return strconv.QuoteRune(r)
}

// peek returns the byte at the current position, or 0 at the end.
func (p *parser) peek() byte {
	if p.pos < len(p.text) {
		return p.text[p.pos]
	}
	return 0
}

// expectCell is the end of the error messages that expected a cell.
const expectCell = "expected a cell ('#', '.', '1'..'9', 'A', 'B' or 'X')"

// oneEach is the end of the error messages about the characters.
const oneEach = "a board has one 'A' and one 'B', or one 'X' for both on one cell"

// parse reads the turns and the board, and stops at the end of the input
// or at a ';' after the last row.
func (p *parser) parse() (State, error) {
	turns, err := p.turns()
	if err != nil {
		return State{}, err
	}
	if p.peek() != ':' {
		return State{}, p.errorf(p.pos, "expected ':' after the turns left, found %s", p.found(p.pos))
	}
	p.pos++
	b := &board{}
	at := [2]int{-1, -1}     // the characters' cells
	atOffset := [2]int{0, 0} // where they were placed
	for row := 0; ; row++ {
		if row == MaxSize {
			return State{}, p.errorf(p.pos, "more than %d rows: a board has at most %d", MaxSize, MaxSize)
		}
		start := p.pos
		col := 0
	cells:
		for ; ; col++ {
			c := p.peek()
			switch {
			case p.pos == len(p.text) || c == '/' || c == ';':
				break cells
			case col == MaxSize:
				return State{}, p.errorf(p.pos, "row %d has more than %d cells: a board has at most %d columns", row+1, MaxSize, MaxSize)
			case row > 0 && col == b.width:
				return State{}, p.errorf(p.pos, "row %d has more than %d cells, want %d as in row 1", row+1, b.width, b.width)
			}
			i := row*MaxSize + col // the cell's index before the width is known
			switch {
			case c == '#':
				b.walls.add(i)
			case c == '.':
			case '1' <= c && c <= '9':
				b.points[i] = c - '0'
			case c == 'A' || c == 'B' || c == 'X':
				for player, name := range names {
					if c != name && c != 'X' {
						continue
					}
					if at[player] >= 0 {
						return State{}, p.errorf(p.pos, "%q places %c again (%q at offset %d placed it): %s",
							c, name, p.text[atOffset[player]], atOffset[player], oneEach)
					}
					at[player], atOffset[player] = i, p.pos
				}
			case c == '0':
				return State{}, p.errorf(p.pos, "expected a cell, found '0': an empty floor cell is '.'")
			default:
				return State{}, p.errorf(p.pos, "%s, found %s", expectCell, p.found(p.pos))
			}
			p.pos++
		}
		switch {
		case col == 0:
			return State{}, p.errorf(start, "row %d is empty: %s, found %s", row+1, expectCell, p.found(p.pos))
		case row == 0:
			b.width = col
		case col != b.width:
			return State{}, p.errorf(p.pos, "row %d has %d cells, want %d as in row 1", row+1, col, b.width)
		}
		b.height = row + 1
		if p.pos == len(p.text) || p.text[p.pos] == ';' {
			break
		}
		p.pos++ // the '/'
	}
	for player, name := range names {
		if at[player] < 0 {
			return State{}, p.errorf(p.pos, "no %q: %s", name, oneEach)
		}
	}
	b.pack()
	b.findExits()
	var s State
	s.b, s.turns = b, int16(turns)
	for player := range at {
		s.at[player] = place{int8(at[player] / MaxSize), int8(at[player] % MaxSize)}
	}
	return s, nil
}

// turns reads the number of turns left.
func (p *parser) turns() (int, error) {
	start := p.pos
	for p.pos < len(p.text) && '0' <= p.text[p.pos] && p.text[p.pos] <= '9' {
		p.pos++
	}
	digits := p.text[start:p.pos]
	switch {
	case digits == "":
		return 0, p.errorf(start, "expected the turns left (0..%d), found %s", MaxTurns, p.found(start))
	case len(digits) > 1 && digits[0] == '0':
		return 0, p.errorf(start, "turns left %s has a leading zero", digits)
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n > MaxTurns {
		return 0, p.errorf(start, "turns left %.10s is out of range: want 0..%d", digits, MaxTurns)
	}
	return n, nil
}

// pack moves the cells, which the parser laid out with rows of MaxSize
// cells, to rows of the board's width.
func (b *board) pack() {
	var walls cells
	for row := range b.height {
		for col := range b.width {
			from, to := row*MaxSize+col, row*b.width+col
			if b.walls.has(from) {
				walls.add(to)
			}
			b.points[to] = b.points[from]
		}
	}
	b.walls = walls
	clear(b.points[b.height*b.width:])
}
