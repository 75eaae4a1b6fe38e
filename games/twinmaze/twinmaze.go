package twinmaze

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

// The game of the primer's sample code: a 5x5 board and 20 turns.
const (
	SampleHeight = 5
	SampleWidth  = 5
	SampleTurns  = 20
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

// names holds the letter of each player.
var names = [2]byte{'A', 'B'}

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
	points        [MaxSize * MaxSize]uint8 // 0 on walls and under the characters at the start
	exits         [MaxSize * MaxSize]uint8 // the actions from each cell onto a floor cell, action a being bit a
}

// open reports whether a character may stand on the cell at row, col.
func (b *board) open(row, col int) bool {
	return uint(row) < uint(b.height) && uint(col) < uint(b.width) && !b.walls.has(row*b.width+col)
}

// findExits fills in b.exits from the walls, once the board is built, so
// that finding the legal actions in a playout is one load per player.
func (b *board) findExits() {
	for row := range b.height {
		for col := range b.width {
			var m uint8
			for a := range 4 {
				if b.open(row+dRow[a], col+dCol[a]) {
					m |= 1 << a
				}
			}
			b.exits[row*b.width+col] = m
		}
	}
}

// place is the cell a character stands on.
type place struct {
	row, col int8
}

// State is a position of the two-player maze with the scores collected on
// the way to it. The zero State is the finished game "0:X", a board of one
// cell holding both characters. States are comparable: two States played
// from the same Generate or Parse are equal exactly when they have the same
// text and the same scores (on one board, the text fixes which cells were
// emptied but not who emptied them); a board generated or read twice is two
// boards, whose states compare unequal even when their texts are the same.
type State struct {
	b       *board   // nil for the zero State
	emptied cells    // the cells whose points were collected, none without points
	scores  [2]int32 // the points A and B collected
	turns   int16    // turns left
	at      [2]place // the cells of A and B
}

// Turns returns the number of turns left.
func (s State) Turns() int {
	return int(s.turns)
}

// Pos returns the cell of player's character (0 for A, 1 for B), counting
// rows from the top and columns from the left, both from 0. It panics if
// player is not 0 or 1.
func (s State) Pos(player int) (row, col int) {
	p := s.at[checkPlayer("Pos", player)]
	return int(p.row), int(p.col)
}

// Scores returns the points A and B collected so far, on the way from the
// state that Generate or Parse returned.
func (s State) Scores() (a, b int) {
	return int(s.scores[0]), int(s.scores[1])
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
// wall, 'A' or 'B' for a character, 'X' for both on one cell, '1'..'9' for
// the points a floor cell still holds and '.' for an empty one. It returns
// '?' for a cell off the board.
func (s State) Cell(row, col int) byte {
	if uint(row) >= uint(s.Height()) || uint(col) >= uint(s.Width()) {
		return '?'
	}
	atA := row == int(s.at[0].row) && col == int(s.at[0].col)
	atB := row == int(s.at[1].row) && col == int(s.at[1].col)
	switch {
	case atA && atB:
		return 'X'
	case atA:
		return 'A'
	case atB:
		return 'B'
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

// steps returns the set of moves of player's character onto a floor cell
// of the board, action a being bit a, whether or not the game is over.
func (s *State) steps(player int) uint8 {
	if s.b == nil {
		return 0
	}
	p := s.at[player]
	return s.b.exits[int(p.row)*s.b.width+int(p.col)]
}

// moves returns the sets of legal actions of A and B, none when the game
// is over.
func (s *State) moves() [2]uint8 {
	if s.turns == 0 {
		return [2]uint8{}
	}
	m := [2]uint8{s.steps(0), s.steps(1)}
	if m[0] == 0 || m[1] == 0 {
		return [2]uint8{}
	}
	return m
}

// Legal appends the actions that move player's character (0 for A, 1 for
// B) to a floor cell of the board to buf, in the order Right, Left, Down,
// Up, and returns the result. It appends none when the game is over. It
// panics if player is not 0 or 1.
func (s State) Legal(player int, buf []int) []int {
	return append(buf, actionLists[s.moves()[checkPlayer("Legal", player)]]...)
}

// actionLists holds, for each set of actions (action a being bit a), its
// actions in increasing order.
var actionLists = func() (lists [16][]int) {
	for m := range lists {
		for a := range 4 {
			if m&(1<<a) != 0 {
				lists[m] = append(lists[m], a)
			}
		}
	}
	return lists
}()

// Play returns the state after A moves one cell in the direction a0 and B
// one cell in the direction a1, at the same time, with one turn less. Each
// collects the points its new cell still holds; when both land on the same
// cell, both collect its points. Then the cells are empty. Play panics if
// the game is over or either move leaves the board or enters a wall, as
// engines play only actions Legal returned.
func (s State) Play(a0, a1 int) State {
	m := s.moves()
	if uint(a0) > 3 || m[0]&(1<<a0) == 0 {
		panic(s.badPlay(0, a0, a1))
	}
	if uint(a1) > 3 || m[1]&(1<<a1) == 0 {
		panic(s.badPlay(1, a0, a1))
	}
	i := s.step(0, a0)
	j := s.step(1, a1)
	s.collect(0, i)
	s.collect(1, j)
	s.empty(i)
	s.empty(j)
	s.turns--
	return s
}

// step moves player's character in the direction action and returns the
// index of its new cell.
func (s *State) step(player, action int) int {
	p := &s.at[player]
	p.row += int8(dRow[action])
	p.col += int8(dCol[action])
	return int(p.row)*s.b.width + int(p.col)
}

// collect adds to player's score the points cell i still holds.
func (s *State) collect(player, i int) {
	if !s.emptied.has(i) {
		s.scores[player] += int32(s.b.points[i])
	}
}

// empty marks cell i emptied if it held points.
func (s *State) empty(i int) {
	if s.b.points[i] != 0 {
		s.emptied.add(i)
	}
}

// badPlay describes the move of player that Play(a0, a1) refuses.
func (s State) badPlay(player, a0, a1 int) string {
	action := [2]int{a0, a1}[player]
	prefix := fmt.Sprintf("twinmaze: Play(%d, %d) in %s", a0, a1, s)
	return prefix + ": " + s.whyIllegal(player, action)
}

// whyIllegal explains why player may not play action in s.
func (s State) whyIllegal(player, action int) string {
	name := string(names[player])
	switch {
	case uint(action) > 3:
		return fmt.Sprintf("%s's action %d: an action is 0..3 (right, left, down, up)", name, action)
	case s.turns == 0:
		return "no turns are left"
	case s.steps(0) == 0:
		return "A is walled in, so the game is over"
	case s.steps(1) == 0:
		return "B is walled in, so the game is over"
	}
	p := s.at[player]
	row, col := int(p.row)+dRow[action], int(p.col)+dCol[action]
	if uint(row) >= uint(s.Height()) || uint(col) >= uint(s.Width()) {
		return fmt.Sprintf("%s moving %s leaves the board", name, labels[action])
	}
	return fmt.Sprintf("%s moving %s enters a wall", name, labels[action])
}

// checkPlayer returns player, or panics naming the method if it is not 0
// or 1.
func checkPlayer(method string, player int) int {
	if uint(player) > 1 {
		panic(fmt.Sprintf("twinmaze: %s(player %d): a player is 0 (A) or 1 (B)", method, player))
	}
	return player
}

// Done reports whether the game is over: no turns are left, or a
// character is walled in on all four sides and can never move.
func (s State) Done() bool {
	return s.moves()[0] == 0
}

// Score returns A's score minus B's, the points collected on the way from
// the state that Generate or Parse returned: when the game is over, > 0 is
// a win for A, < 0 a win for B and 0 a draw.
func (s State) Score() float64 {
	return float64(s.scores[0] - s.scores[1])
}

// Label returns the direction of action: "right", "left", "down" or "up",
// the same for both players. An action outside 0..3 gets '?' followed by
// its number, e.g. "?4".
func (s State) Label(player, action int) string {
	return label(action)
}

// label returns the direction of action.
func label(action int) string {
	if uint(action) > 3 {
		return "?" + strconv.Itoa(action)
	}
	return labels[action]
}

// String returns the position's text form, e.g. "20:39793/3#3#3/1A6B1",
// which Parse reads back. It leaves out the scores.
func (s State) String() string {
	return string(s.appendText(nil))
}

// appendText appends the position's text form to b.
func (s State) appendText(b []byte) []byte {
	h, w := s.Height(), s.Width()
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
	return b
}

// Alternating returns the game from s as if the players moved in turn, A
// first; see Sequential.
func (s State) Alternating() Sequential {
	return Sequential{s: s}
}

// Generate returns the start of a game of the given number of turns on the
// board the primer's sample code builds from seed: h rows and w columns,
// both odd and in 3..MaxSize, and turns in 1..MaxTurns. A starts at
// (h/2, w/2-1) and B at (h/2, w/2+1). Like C++'s std::mt19937(seed), it
// seeds MT19937 with the low 32 bits of seed; then it walks the cells whose
// row and column are both odd, row by row, making each a wall unless a
// character starts there, and drawing one number for each, the start cells
// included, which the sample code's test for an extra wall consumes and
// never uses; then, row by row from the top, for each column from 0 to w/2,
// it draws one number and gives its value modulo 10 as points to that cell
// and to its mirror image in column w-1-col, each unless it is a wall or a
// start cell. The middle column, its own mirror image, takes one draw per
// cell like the others, so the board is left-right symmetric.
func Generate(h, w, turns int, seed int64) (State, error) {
	switch {
	case h < 3 || h > MaxSize || h%2 == 0:
		return State{}, fmt.Errorf("twinmaze: height %d: the generator wants an odd height in 3..%d", h, MaxSize)
	case w < 3 || w > MaxSize || w%2 == 0:
		return State{}, fmt.Errorf("twinmaze: width %d: the generator wants an odd width in 3..%d", w, MaxSize)
	case turns < 1 || turns > MaxTurns:
		return State{}, fmt.Errorf("twinmaze: %d turns: a game has 1..%d", turns, MaxTurns)
	}
	b := &board{height: h, width: w}
	startA, startB := h/2*w+w/2-1, h/2*w+w/2+1
	start := func(i int) bool { return i == startA || i == startB }
	rng := mt19937.New(uint32(seed))
	for row := 1; row < h; row += 2 {
		for col := 1; col < w; col += 2 {
			if i := row*w + col; !start(i) {
				b.walls.add(i)
			}
			rng.Uint32() // the sample code's "if (mt() % 10 > 50)", never true
		}
	}
	for row := range h {
		for col := 0; col <= w/2; col++ {
			points := uint8(rng.Uint32() % 10)
			for _, i := range [2]int{row*w + col, row*w + w - 1 - col} {
				if !start(i) && !b.walls.has(i) {
					b.points[i] = points
				}
			}
		}
	}
	b.findExits()
	return State{
		b:     b,
		turns: int16(turns),
		at:    [2]place{{int8(h / 2), int8(w/2 - 1)}, {int8(h / 2), int8(w/2 + 1)}},
	}, nil
}
