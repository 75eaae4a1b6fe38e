package maze

import (
	"fmt"
	"strconv"

	"github.com/searchviz/searchviz/games/internal/mt19937"
)

// Limits on boards and games.
const (
	MaxSize  = 31   // rows and columns of a board, at most
	MaxTurns = 1000 // turns left, at most
)

// The actions, in the order of the primer's sample code.
const (
	Right = 0 // column+1
	Left  = 1 // column-1
	Down  = 2 // row+1
	Up    = 3 // row-1
)

// Steps of the actions Right, Left, Down and Up.
var (
	dRow = [4]int{0, 0, 1, -1}
	dCol = [4]int{1, -1, 0, 0}
)

// labels holds the label of each action.
var labels = [4]string{"right", "left", "down", "up"}

// words is the number of uint64 words of a bitset over the cells of the
// largest board.
const words = (MaxSize*MaxSize + 63) / 64

// cells is a set of cells of a board, cell row*width+column being bit
// cell%64 of word cell/64.
type cells [words]uint64

// has reports whether cell i is in c.
func (c *cells) has(i int) bool {
	return c[i/64]&(1<<(i%64)) != 0
}

// add puts cell i in c.
func (c *cells) add(i int) {
	c[i/64] |= 1 << (i % 64)
}

// board is the immutable part of a game: its size, walls and the points
// each cell held at the start. Every state played from it shares it.
type board struct {
	height, width int
	walls         cells
	points        [MaxSize * MaxSize]uint8 // 0 on walls and the start
}

// open reports whether the character may stand on the cell at row, col.
func (b *board) open(row, col int) bool {
	return uint(row) < uint(b.height) && uint(col) < uint(b.width) && !b.walls.has(row*b.width+col)
}

// State is a position of the maze with the score collected on the way to
// it. The zero State is the finished game "0:@", a board of one cell
// holding the character. States are comparable: two States played from the
// same Generate or Parse are equal exactly when they have the same text,
// whatever paths led to them (on one board, the text fixes the score too);
// a board generated or read twice is two boards, whose states compare
// unequal even when their texts are the same.
type State struct {
	b        *board // nil for the zero State
	emptied  cells  // the cells whose points were collected, none without points
	score    int32  // the points collected
	turns    int16  // turns left
	row, col int8   // the character's cell
}

// Turns returns the number of turns left.
func (s State) Turns() int {
	return int(s.turns)
}

// Pos returns the character's cell, counting rows from the top and columns
// from the left, both from 0.
func (s State) Pos() (row, col int) {
	return int(s.row), int(s.col)
}

// Height returns the number of rows of the board.
func (s State) Height() int {
	if s.b == nil {
		return 1
	}
	return s.b.height
}

// Width returns the number of columns of the board.
func (s State) Width() int {
	if s.b == nil {
		return 1
	}
	return s.b.width
}

// Cell returns the cell at row, col as the text form writes it: '#' for a
// wall, '@' for the character, '1'..'9' for the points a floor cell still
// holds and '.' for an empty one. It returns '?' for a cell off the board.
func (s State) Cell(row, col int) byte {
	if uint(row) >= uint(s.Height()) || uint(col) >= uint(s.Width()) {
		return '?'
	}
	if row == int(s.row) && col == int(s.col) {
		return '@'
	}
	i := row*s.b.width + col
	switch p := s.b.points[i]; {
	case s.b.walls.has(i):
		return '#'
	case p == 0 || s.emptied.has(i):
		return '.'
	default:
		return '0' + p
	}
}

// moves returns the set of legal actions, action a being bit a.
func (s State) moves() uint8 {
	if s.turns == 0 {
		return 0
	}
	var m uint8
	for a := range 4 {
		if s.b.open(int(s.row)+dRow[a], int(s.col)+dCol[a]) {
			m |= 1 << a
		}
	}
	return m
}

// Legal appends the actions that move the character to a floor cell of the
// board to buf, in the order Right, Left, Down, Up, and returns the result.
// It appends none when the game is over.
func (s State) Legal(buf []int) []int {
	m := s.moves()
	for a := range 4 {
		if m&(1<<a) != 0 {
			buf = append(buf, a)
		}
	}
	return buf
}

// Play returns the state after the character moves one cell in the
// direction action, collecting the cell's points if it still holds any,
// with one turn less. It panics if the game is over or the move leaves the
// board or enters a wall, as engines play only actions Legal returned.
func (s State) Play(action int) State {
	if uint(action) > 3 || s.moves()&(1<<action) == 0 {
		panic(s.badPlay(action))
	}
	row, col := int(s.row)+dRow[action], int(s.col)+dCol[action]
	s.row, s.col = int8(row), int8(col)
	s.turns--
	if i := row*s.b.width + col; s.b.points[i] != 0 && !s.emptied.has(i) {
		s.emptied.add(i)
		s.score += int32(s.b.points[i])
	}
	return s
}

// badPlay describes an action that Play refuses.
func (s State) badPlay(action int) string {
	switch {
	case uint(action) > 3:
		return fmt.Sprintf("maze: Play(%d) in %s: an action is 0..3 (right, left, down, up)", action, s)
	case s.turns == 0:
		return fmt.Sprintf("maze: Play(%d) in %s: no turns are left", action, s)
	}
	row, col := int(s.row)+dRow[action], int(s.col)+dCol[action]
	if uint(row) >= uint(s.Height()) || uint(col) >= uint(s.Width()) {
		return fmt.Sprintf("maze: Play(%d) in %s: moving %s leaves the board", action, s, labels[action])
	}
	return fmt.Sprintf("maze: Play(%d) in %s: moving %s enters a wall", action, s, labels[action])
}

// Done reports whether the game is over: no turns are left, or the
// character is walled in on all four sides and can never move.
func (s State) Done() bool {
	return s.moves() == 0
}

// Score returns the points collected so far, on the way from the state
// that Generate or Parse returned.
func (s State) Score() float64 {
	return float64(s.score)
}

// Label returns the direction of action: "right", "left", "down" or "up".
// An action outside 0..3 gets '?' followed by its number, e.g. "?4".
func (s State) Label(action int) string {
	if uint(action) > 3 {
		return "?" + strconv.Itoa(action)
	}
	return labels[action]
}

// String returns the position's text form, e.g. "3:#.5#/.@18/3#..", which
// Parse reads back. It leaves out the score.
func (s State) String() string {
	h, w := s.Height(), s.Width()
	b := make([]byte, 0, 5+h*(w+1))
	b = strconv.AppendInt(b, int64(s.turns), 10)
	b = append(b, ':')
	for row := range h {
		if row > 0 {
			b = append(b, '/')
		}
		for col := range w {
			b = append(b, s.Cell(row, col))
		}
	}
	return string(b)
}

// Generate returns the start of a game of the given number of turns on the
// board the primer's sample code builds from seed: h rows and w columns,
// both odd and in 3..MaxSize, and turns in 1..MaxTurns. Like C++'s
// std::mt19937(seed), it seeds MT19937 with the low 32 bits of seed; then
// it walks the cells whose row and column are both odd, row by row,
// making each a wall unless it is the start (h/2, w/2), and drawing one
// number for each, the start included, which the sample code's test for an
// extra wall consumes and never uses; then, row by row from the top-left,
// it gives every cell that is neither a wall nor the start a draw modulo 10
// points.
func Generate(h, w, turns int, seed int64) (State, error) {
	switch {
	case h < 3 || h > MaxSize || h%2 == 0:
		return State{}, fmt.Errorf("maze: height %d: the generator wants an odd height in 3..%d", h, MaxSize)
	case w < 3 || w > MaxSize || w%2 == 0:
		return State{}, fmt.Errorf("maze: width %d: the generator wants an odd width in 3..%d", w, MaxSize)
	case turns < 1 || turns > MaxTurns:
		return State{}, fmt.Errorf("maze: %d turns: a game has 1..%d", turns, MaxTurns)
	}
	b := &board{height: h, width: w}
	start := h/2*w + w/2
	rng := mt19937.New(uint32(seed))
	for row := 1; row < h; row += 2 {
		for col := 1; col < w; col += 2 {
			if i := row*w + col; i != start {
				b.walls.add(i)
			}
			rng.Uint32() // the sample code's "if (mt() % 10 > 50)", never true
		}
	}
	for i := range h * w {
		if i != start && !b.walls.has(i) {
			b.points[i] = uint8(rng.Uint32() % 10)
		}
	}
	return State{b: b, turns: int16(turns), row: int8(h / 2), col: int8(w / 2)}, nil
}
