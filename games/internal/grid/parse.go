package grid

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/games/internal/textpos"
)

// SyntaxError is the error Parse returns for text that is not a position.
// The games define their own SyntaxError types on it, with an Error method
// that names the game, and convert it to theirs.
type SyntaxError struct {
	Offset int    // the byte offset of the offending input
	Msg    string // what was expected and what was found
}

// Error returns the message with the package name and the offset.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("grid: at offset %d: %s", e.Offset, e.Msg)
}

// Syntax is what Parse needs to know of a game's text form besides the
// board: the letters of its characters, and what may follow the last row.
type Syntax struct {
	Letters string // the letters that stand for characters, e.g. "@" or "ABX"
	End     byte   // a byte that ends the board before the end of the text, 0 for none
}

// expectCell returns the start of the error messages that expected a cell,
// e.g. "expected a cell ('#', '.', '1'..'9' or '@')".
func (s Syntax) expectCell() string {
	var b strings.Builder
	b.WriteString("expected a cell ('#', '.', '1'..'9'")
	for i := range len(s.Letters) {
		if i == len(s.Letters)-1 {
			b.WriteString(" or ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(strconv.QuoteRune(rune(s.Letters[i])))
	}
	b.WriteString(")")
	return b.String()
}

// Parse reads the start of text into b, a zero Board: the turns left, a
// decimal number in 0..MaxTurns without leading zeros, a ':', then
// 1..MaxSize rows of 1..MaxSize cells each, all of the same length,
// separated by '/'. A cell is '#' (a wall), '.' (empty floor), '1'..'9'
// (floor with points) or one of syntax.Letters (a character on a floor
// cell without points). Nothing else is allowed: no spaces, no '0' for an
// empty cell, no '/' after the last row.
//
// Parse calls place for each letter of a character, in the order of the
// text, with the letter, its cell and its offset; an error place returns
// stops Parse, which returns it as it is. Its own errors are *SyntaxError,
// whose messages count rows from 1. It returns the turns left and end, the
// offset where the board ends: len(text), or the offset of the first
// syntax.End after a row.
func Parse(text string, syntax Syntax, b *Board, place func(letter byte, row, col, offset int) error) (turns, end int, err error) {
	p := parser{text: text, syntax: syntax}
	turns, err = p.turns()
	if err != nil {
		return 0, 0, err
	}
	if p.peek() != ':' {
		return 0, 0, p.errorf(p.pos, "expected ':' after the turns left, found %s", textpos.Found(p.text, p.pos))
	}
	p.pos++
	if err := p.rows(b, place); err != nil {
		return 0, 0, err
	}
	b.pack()
	return turns, p.pos, nil
}

// parser reads one position.
type parser struct {
	text   string
	pos    int
	syntax Syntax
}

// errorf returns a syntax error at offset.
func (p *parser) errorf(offset int, format string, args ...any) error {
	return &SyntaxError{Offset: offset, Msg: fmt.Sprintf(format, args...)}
}

// peek returns the byte at the current position, or 0 at the end.
func (p *parser) peek() byte {
	if p.pos < len(p.text) {
		return p.text[p.pos]
	}
	return 0
}

// atEnd reports whether the board ends at the current position.
func (p *parser) atEnd() bool {
	return p.pos == len(p.text) || p.syntax.End != 0 && p.text[p.pos] == p.syntax.End
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
		return 0, p.errorf(start, "expected the turns left (0..%d), found %s", MaxTurns, textpos.Found(p.text, start))
	case len(digits) > 1 && digits[0] == '0':
		return 0, p.errorf(start, "turns left %s has a leading zero", digits)
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n > MaxTurns {
		return 0, p.errorf(start, "turns left %.10s is out of range: want 0..%d", digits, MaxTurns)
	}
	return n, nil
}

// rows reads the rows of the board into b, laying them out with rows of
// MaxSize cells, and stops where the board ends.
func (p *parser) rows(b *Board, place func(letter byte, row, col, offset int) error) error {
	for row := 0; ; row++ {
		if row == MaxSize {
			return p.errorf(p.pos, "more than %d rows: a board has at most %d", MaxSize, MaxSize)
		}
		start := p.pos
		col := 0
	cells:
		for ; ; col++ {
			c := p.peek()
			switch {
			case p.atEnd() || c == '/':
				break cells
			case col == MaxSize:
				return p.errorf(p.pos, "row %d has more than %d cells: a board has at most %d columns", row+1, MaxSize, MaxSize)
			case row > 0 && col == b.width:
				return p.errorf(p.pos, "row %d has more than %d cells, want %d as in row 1", row+1, b.width, b.width)
			}
			i := row*MaxSize + col // the cell's index before the width is known
			switch {
			case c == '#':
				b.walls.Add(i)
			case c == '.':
			case '1' <= c && c <= '9':
				b.points[i] = c - '0'
			case strings.IndexByte(p.syntax.Letters, c) >= 0:
				if err := place(c, row, col, p.pos); err != nil {
					return err
				}
			case c == '0':
				return p.errorf(p.pos, "expected a cell, found '0': an empty floor cell is '.'")
			default:
				return p.errorf(p.pos, "%s, found %s", p.syntax.expectCell(), textpos.Found(p.text, p.pos))
			}
			p.pos++
		}
		switch {
		case col == 0:
			return p.errorf(start, "row %d is empty: %s, found %s", row+1, p.syntax.expectCell(), textpos.Found(p.text, p.pos))
		case row == 0:
			b.width = col
		case col != b.width:
			return p.errorf(p.pos, "row %d has %d cells, want %d as in row 1", row+1, col, b.width)
		}
		b.height = row + 1
		if p.atEnd() {
			return nil
		}
		p.pos++ // the '/'
	}
}

// pack moves the cells, which the parser laid out with rows of MaxSize
// cells, to rows of the board's width.
func (b *Board) pack() {
	var walls Cells
	for row := range b.height {
		for col := range b.width {
			from, to := row*MaxSize+col, row*b.width+col
			if b.walls.Has(from) {
				walls.Add(to)
			}
			b.points[to] = b.points[from]
		}
	}
	b.walls = walls
	clear(b.points[b.height*b.width:])
}
