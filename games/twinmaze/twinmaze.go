package twinmaze

import (
	"fmt"

	"github.com/searchviz/searchviz/games/internal/grid"
)

// Limits on boards and games.
const (
	MaxSize  = grid.MaxSize  // rows and columns of a board, at most
	MaxTurns = grid.MaxTurns // turns left, at most
)

// The game of the primer's sample code: a 5x5 board and 20 turns.
const (
	SampleHeight = 5
	SampleWidth  = 5
	SampleTurns  = 20
)

// The actions, in the order of the primer's sample code.
const (
	Right = grid.Right // column+1
	Left  = grid.Left  // column-1
	Down  = grid.Down  // row+1
	Up    = grid.Up    // row-1
)

// names holds the letter of each player.
var names = [2]byte{'A', 'B'}

// board is the immutable part of a game, the grid's board with the exits
// of each cell. Every state played from it shares it.
type board struct {
	grid.Board
	exits [grid.MaxCells]uint8 // the actions from each cell onto a floor cell, action a being bit a
}

// findExits fills in b.exits from the walls, once the board is built, so
// that finding the legal actions in a playout is one load per player.
func (b *board) findExits() {
	for row := range b.Height() {
		for col := range b.Width() {
			b.exits[b.Index(row, col)] = b.Exits(row, col)
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
	b       *board     // nil for the zero State
	emptied grid.Cells // the cells whose points were collected, none without points
	scores  [2]int32   // the points A and B collected
	turns   int16      // turns left
	at      [2]place   // the cells of A and B
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
	return s.grid().Height()
}

// Width returns the number of columns of the board.
func (s State) Width() int {
	return s.grid().Width()
}

// grid returns s's board without its exits, nil for the zero State.
func (s *State) grid() *grid.Board {
	if s.b == nil {
		return nil
	}
	return &s.b.Board
}

// Cell returns the cell at row, col as the text form writes it: '#' for a
// wall, 'A' or 'B' for a character, 'X' for both on one cell, '1'..'9' for
// the points a floor cell still holds and '.' for an empty one. It returns
// '?' for a cell off the board.
func (s State) Cell(row, col int) byte {
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
	return s.grid().Cell(row, col, &s.emptied)
}

// steps returns the set of moves of player's character onto a floor cell
// of the board, action a being bit a, whether or not the game is over.
func (s *State) steps(player int) uint8 {
	if s.b == nil {
		return 0
	}
	p := s.at[player]
	return s.b.exits[s.b.Index(int(p.row), int(p.col))]
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
	row, col := grid.Move(int(p.row), int(p.col), action)
	p.row, p.col = int8(row), int8(col)
	return s.b.Index(row, col)
}

// collect adds to player's score the points cell i still holds.
func (s *State) collect(player, i int) {
	if !s.emptied.Has(i) {
		s.scores[player] += int32(s.b.Points(i))
	}
}

// empty marks cell i emptied if it held points.
func (s *State) empty(i int) {
	if s.b.Points(i) != 0 {
		s.emptied.Add(i)
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
	row, col := grid.Move(int(p.row), int(p.col), action)
	if uint(row) >= uint(s.Height()) || uint(col) >= uint(s.Width()) {
		return fmt.Sprintf("%s moving %s leaves the board", name, grid.Label(action))
	}
	return fmt.Sprintf("%s moving %s enters a wall", name, grid.Label(action))
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
	return grid.Label(action)
}

// String returns the position's text form, e.g. "20:39793/3#3#3/1A6B1",
// which Parse reads back. It leaves out the scores.
func (s State) String() string {
	return string(s.appendText(nil))
}

// appendText appends the position's text form to b.
func (s State) appendText(b []byte) []byte {
	return grid.AppendText(b, int(s.turns), s)
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
	if err := grid.CheckGenerate("twinmaze", h, w, turns); err != nil {
		return State{}, err
	}
	b := &board{}
	b.GenerateMirrored(h, w, seed, h/2*w+w/2-1, h/2*w+w/2+1)
	b.findExits()
	return State{
		b:     b,
		turns: int16(turns),
		at:    [2]place{{int8(h / 2), int8(w/2 - 1)}, {int8(h / 2), int8(w/2 + 1)}},
	}, nil
}
