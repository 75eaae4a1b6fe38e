package maze

import (
	"fmt"

	"github.com/searchviz/searchviz/games/internal/grid"
)

// Limits on boards and games.
const (
	MaxSize  = grid.MaxSize  // rows and columns of a board, at most
	MaxTurns = grid.MaxTurns // turns left, at most
)

// The actions, in the order of the primer's sample code.
const (
	Right = grid.Right // column+1
	Left  = grid.Left  // column-1
	Down  = grid.Down  // row+1
	Up    = grid.Up    // row-1
)

// State is a position of the maze with the score collected on the way to
// it. The zero State is the finished game "0:@", a board of one cell
// holding the character. States are comparable: two States played from the
// same Generate or Parse are equal exactly when they have the same text,
// whatever paths led to them (on one board, the text fixes the score too);
// a board generated or read twice is two boards, whose states compare
// unequal even when their texts are the same.
type State struct {
	b        *grid.Board // nil for the zero State
	emptied  grid.Cells  // the cells whose points were collected, none without points
	score    int32       // the points collected
	turns    int16       // turns left
	row, col int8        // the character's cell
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
	return s.b.Height()
}

// Width returns the number of columns of the board.
func (s State) Width() int {
	return s.b.Width()
}

// Cell returns the cell at row, col as the text form writes it: '#' for a
// wall, '@' for the character, '1'..'9' for the points a floor cell still
// holds and '.' for an empty one. It returns '?' for a cell off the board.
func (s State) Cell(row, col int) byte {
	if row == int(s.row) && col == int(s.col) {
		return '@'
	}
	return s.b.Cell(row, col, &s.emptied)
}

// moves returns the set of legal actions, action a being bit a.
func (s State) moves() uint8 {
	if s.turns == 0 {
		return 0
	}
	return s.b.Exits(int(s.row), int(s.col))
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
	row, col := grid.Move(int(s.row), int(s.col), action)
	s.row, s.col = int8(row), int8(col)
	s.turns--
	if i := s.b.Index(row, col); s.b.Points(i) != 0 && !s.emptied.Has(i) {
		s.emptied.Add(i)
		s.score += int32(s.b.Points(i))
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
	row, col := grid.Move(int(s.row), int(s.col), action)
	if uint(row) >= uint(s.Height()) || uint(col) >= uint(s.Width()) {
		return fmt.Sprintf("maze: Play(%d) in %s: moving %s leaves the board", action, s, grid.Label(action))
	}
	return fmt.Sprintf("maze: Play(%d) in %s: moving %s enters a wall", action, s, grid.Label(action))
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
	return grid.Label(action)
}

// String returns the position's text form, e.g. "3:#.5#/.@18/3#..", which
// Parse reads back. It leaves out the score.
func (s State) String() string {
	h, w := s.Height(), s.Width()
	return string(grid.AppendText(make([]byte, 0, 5+h*(w+1)), int(s.turns), s))
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
	if err := grid.CheckGenerate("maze", h, w, turns); err != nil {
		return State{}, err
	}
	b := &grid.Board{}
	b.Generate(h, w, seed, h/2*w+w/2)
	return State{b: b, turns: int16(turns), row: int8(h / 2), col: int8(w / 2)}, nil
}
