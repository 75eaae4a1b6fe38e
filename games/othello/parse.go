package othello

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/searchviz/searchviz/games/internal/textpos"
)

// edaxLen is the length of the squares of Edax's form, one per square.
const edaxLen = Size * Size

// Parse reads a position: the form String writes (eight rows from the top
// separated by '/', each of eight squares 'x', 'o' or '.', a space, and
// the side to move 'x' or 'o'), or Edax's form (64 squares from a1, 'X'
// or '*' for Black, 'O' for White, '-' or '.' for empty, in either case,
// then spaces and the side to move 'X' or 'O'); the empty text is the
// start, as New. It rejects a position with an empty centre square, which
// no game reaches, since the four centre squares start full.
func Parse(text string) (State, error) {
	if text == "" {
		return New(), nil
	}
	var black, white uint64
	var i int
	var err error
	if len(text) >= edaxLen && !strings.Contains(text[:edaxLen], "/") {
		black, white, i, err = parseEdax(text)
	} else {
		black, white, i, err = parseRows(text)
	}
	if err != nil {
		return State{}, err
	}
	side, err := parseSide(text, i)
	if err != nil {
		return State{}, err
	}
	if empty := centre &^ (black | white); empty != 0 {
		return State{}, fmt.Errorf("othello: impossible position %q: the centre square %s is empty, and the four centre squares d4, e4, d5 and e5 are full from the start",
			text, SquareName(lowest(empty)))
	}
	if side == 'o' {
		return State{p: white, o: black, white: true}, nil
	}
	return State{p: black, o: white}, nil
}

// parseRows reads the squares of String's form and returns the offset
// after them.
func parseRows(text string) (black, white uint64, i int, err error) {
	for r := range Size {
		if r > 0 {
			if i >= len(text) || text[i] != '/' {
				return 0, 0, i, fmt.Errorf("othello: at offset %d: expected '/' after a row of %d squares (a position has %d rows), found %s",
					i, Size, Size, textpos.Found(text, i))
			}
			i++
		}
		for c := range Size {
			bit := uint64(1) << (r*Size + c)
			switch {
			case i < len(text) && text[i] == 'x':
				black |= bit
			case i < len(text) && text[i] == 'o':
				white |= bit
			case i < len(text) && text[i] == '.':
			case i >= len(text) || text[i] == '/' || text[i] == ' ':
				return 0, 0, i, fmt.Errorf("othello: at offset %d: expected a square 'x', 'o' or '.' (a row has %d squares, this one has %d), found %s",
					i, Size, c, textpos.Found(text, i))
			default:
				return 0, 0, i, fmt.Errorf("othello: at offset %d: expected a square 'x' (Black), 'o' (White) or '.' (empty), found %s", i, textpos.Found(text, i))
			}
			i++
		}
	}
	return black, white, i, nil
}

// parseEdax reads the 64 squares of Edax's form and returns the offset
// after them.
func parseEdax(text string) (black, white uint64, i int, err error) {
	for ; i < edaxLen; i++ {
		bit := uint64(1) << i
		switch text[i] {
		case 'X', 'x', '*':
			black |= bit
		case 'O', 'o':
			white |= bit
		case '-', '.':
		default:
			return 0, 0, i, fmt.Errorf("othello: at offset %d (square %s): expected 'X' or '*' (Black), 'O' (White), '-' or '.' (empty), found %s",
				i, SquareName(i), textpos.Found(text, i))
		}
	}
	return black, white, i, nil
}

// parseSide reads the spaces and the side to move at offset i, the end of
// the text.
func parseSide(text string, i int) (byte, error) {
	if i >= len(text) || text[i] != ' ' {
		return 0, fmt.Errorf("othello: at offset %d: expected a space and the side to move, 'x' (Black) or 'o' (White), after the %d squares, found %s",
			i, Size*Size, textpos.Found(text, i))
	}
	rest := strings.TrimLeft(text[i:], " ")
	i = len(text) - len(rest)
	var side byte
	switch {
	case rest == "":
		return 0, fmt.Errorf("othello: at offset %d: expected the side to move, 'x' (Black) or 'o' (White), found end of input", i)
	case rest[0] == 'x' || rest[0] == 'X':
		side = 'x'
	case rest[0] == 'o' || rest[0] == 'O':
		side = 'o'
	default:
		return 0, fmt.Errorf("othello: at offset %d: expected the side to move, 'x' (Black) or 'o' (White), found %s", i, textpos.Found(text, i))
	}
	if len(rest) > 1 {
		return 0, fmt.Errorf("othello: at offset %d: expected end of input after the side to move, found %s", i+1, textpos.Found(text, i+1))
	}
	return side, nil
}

// lowest returns the lowest square of the non-empty bitboard b.
func lowest(b uint64) int { return bits.TrailingZeros64(b) }
