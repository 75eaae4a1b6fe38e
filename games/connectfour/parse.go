package connectfour

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/searchviz/searchviz/games/internal/textpos"
)

// textLen is the length of every position text: six rows of seven cells
// and five '/'.
const textLen = Rows*(Cols+1) - 1

// errNoOrder is the reason for rejecting a position that passes the other
// checks but that no game reaches.
var errNoOrder = errors.New("no game reaches it: the discs cannot be dropped in turn, x first, to stack the columns this way")

// Parse reads a position in the form String writes: six rows from top to
// bottom separated by '/', each of seven cells 'x', 'o' or '.', nothing else
// (no spaces, no upper case); the empty text is the empty board, as New. It
// rejects positions that cannot arise in play: a disc above an empty cell,
// counts other than x's equal to o's or one more (x moves first), fours of
// both players or of the player who did not move last, fours that no single
// last disc completes, and stacks that no order of turns builds.
func Parse(text string) (State, error) {
	if text == "" {
		return New(), nil
	}
	var s State
	i := 0
	for r := range Rows {
		if r > 0 {
			if i >= len(text) {
				return State{}, fmt.Errorf("connectfour: at offset %d: expected '/' and %d more rows (a position has %d rows), found end of input",
					i, Rows-r, Rows)
			}
			if text[i] != '/' {
				return State{}, fmt.Errorf("connectfour: at offset %d: expected '/' after a row of %d cells, found %s", i, Cols, textpos.Found(text, i))
			}
			i++
		}
		for c := range Cols {
			bit := uint64(1) << (c*stride + Rows - 1 - r)
			switch {
			case i < len(text) && text[i] == 'x':
				s.x |= bit
			case i < len(text) && text[i] == 'o':
				s.o |= bit
			case i < len(text) && text[i] == '.':
			case i >= len(text) || text[i] == '/':
				return State{}, fmt.Errorf("connectfour: at offset %d: expected a cell 'x', 'o' or '.' (a row has %d cells, this one has %d), found %s",
					i, Cols, c, textpos.Found(text, i))
			default:
				return State{}, fmt.Errorf("connectfour: at offset %d: expected a cell 'x', 'o' or '.', found %s", i, textpos.Found(text, i))
			}
			i++
		}
	}
	if i < len(text) {
		return State{}, fmt.Errorf("connectfour: at offset %d: expected end of input after %d rows (a position is %d bytes: %d rows of %d cells separated by '/'), found %s",
			i, Rows, textLen, Rows, Cols, textpos.Found(text, i))
	}
	if err := s.checkGravity(text); err != nil {
		return State{}, err
	}
	if err := s.check(); err != nil {
		return State{}, fmt.Errorf("connectfour: impossible position %q: %w", text, err)
	}
	return s, nil
}

// cellName names the cell at column col and row row (from the bottom) as
// players do, e.g. "c4".
func cellName(col, row int) string {
	return string([]byte{colNames[col], byte('1' + row)})
}

// checkGravity reports the lowest disc, in the leftmost column that has
// one, that floats above an empty cell of text's position s.
func (s State) checkGravity(text string) error {
	for c := range Cols {
		discs := (s.x | s.o) >> (c * stride) & column
		if discs&(discs+1) == 0 {
			continue
		}
		gap := bits.TrailingZeros64(^discs)
		row := gap + bits.TrailingZeros64(discs>>gap)
		at := (Rows-1-row)*(Cols+1) + c
		return fmt.Errorf("connectfour: at offset %d: the disc %s at %s floats above the empty cell %s, but a disc falls to the lowest empty cell of its column",
			at, textpos.Found(text, at), cellName(c, row), cellName(c, gap))
	}
	return nil
}

// check reports why s, whose discs stand on one another, cannot arise in
// play from the empty board, if so.
func (s State) check() error {
	if err := game.CheckCounts(bits.OnesCount64(s.x), bits.OnesCount64(s.o), hasFour(s.x), hasFour(s.o)); err != nil {
		return err
	}
	return s.checkOrder()
}

// checkOrder reports why no game reaches s, if none does: it lifts top discs off,
// the last mover's first and then in turn, looking for an order back to the
// empty board; when a player has four, the first disc lifted must leave
// none, as the game ends at the first four.
func (s State) checkOrder() error {
	taken := s.x | s.o
	o := orderer{s: s, size: 1}
	for c := range Cols {
		o.steps[c] = o.size
		o.size *= s.Height(c) + 1
	}
	idx := o.size - 1
	var winner uint64
	var name byte
	switch {
	case hasFour(s.x):
		winner, name = s.x, 'x'
	case hasFour(s.o):
		winner, name = s.o, 'o'
	default:
		if o.reach(taken, idx) {
			return nil
		}
		return errNoOrder
	}
	completed := false
	for c := range Cols {
		top := topDisc(taken, c)
		if winner&top == 0 || hasFour(winner&^top) {
			continue
		}
		completed = true
		if o.try(taken&^top, idx-o.steps[c]) {
			return nil
		}
	}
	if !completed {
		return fmt.Errorf("%c has four in a row that no single last disc on top of a column completes, but the game ends at the first four", name)
	}
	return errNoOrder
}

// topDisc returns the top disc of column c among the discs taken, or 0 when
// the column is empty.
func topDisc(taken uint64, c int) uint64 {
	col := taken & colMask(c)
	if col == 0 {
		return 0
	}
	return 1 << (63 - bits.LeadingZeros64(col))
}

// orderer searches backwards from a position for an order of play. Which
// player owns each cell is fixed, so the discs left are known from the
// column heights alone, and heights from which no order exists are
// remembered: the search meets each way of lowering the columns at most
// once, at most 7^7 for a full board.
type orderer struct {
	s     State
	steps [Cols]int // the index's radix steps: column a's height counts 1, b's the heights a can have, ...
	size  int       // the number of indexes: the product of the columns' heights plus one
	dead  []uint64  // bit set of the indexes of heights that no order reaches; nil until the first
}

// reach reports whether play from the empty board, x first and taking
// turns, drops exactly the discs taken of s; idx is their height index.
func (o *orderer) reach(taken uint64, idx int) bool {
	if taken == 0 {
		return true
	}
	last := o.s.o
	if bits.OnesCount64(taken)&1 == 1 {
		last = o.s.x
	}
	for c := range Cols {
		if top := topDisc(taken, c); last&top != 0 && o.try(taken&^top, idx-o.steps[c]) {
			return true
		}
	}
	return false
}

// try is reach remembering the heights it fails from.
func (o *orderer) try(taken uint64, idx int) bool {
	if o.dead != nil && o.dead[idx/64]&(1<<(idx%64)) != 0 {
		return false
	}
	if o.reach(taken, idx) {
		return true
	}
	if o.dead == nil {
		o.dead = make([]uint64, (o.size+63)/64)
	}
	o.dead[idx/64] |= 1 << (idx % 64)
	return false
}
