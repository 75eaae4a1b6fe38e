package gametest

import (
	"cmp"
	"maps"
	"slices"
	"testing"

	"github.com/searchviz/searchviz/games/board"
)

// Cells are some cells of a board by their row and column, counted from 0
// at the top left: the cells a test expects, or the edits it makes.
type Cells map[[2]int]board.Cell

// places returns the rows and columns of c, top row first.
func (c Cells) places() [][2]int {
	return slices.SortedFunc(maps.Keys(c), func(a, b [2]int) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
}

// Drawn is what a test expects a board to show: its size, its caption and
// some of its cells.
type Drawn struct {
	Rows, Cols int
	Caption    string
	Cells      Cells
}

// CheckBoard reports through t, naming the position by name, a board b
// that is not well formed (see board.Board.Check) or whose size or caption
// is not want's; when b has want's size and caption, it reports each of
// want's cells that b does not hold.
func CheckBoard(t testing.TB, name string, b board.Board, want Drawn) {
	t.Helper()
	if err := b.Check(); err != nil || b.Rows != want.Rows || b.Cols != want.Cols || b.Caption != want.Caption {
		t.Errorf("%s: board %dx%d, caption %q, Check %v; want %dx%d, %q",
			name, b.Rows, b.Cols, b.Caption, err, want.Rows, want.Cols, want.Caption)
		return
	}
	for _, at := range want.Cells.places() {
		if got := b.At(at[0], at[1]); got != want.Cells[at] {
			t.Errorf("%s: cell (%d, %d) = %+v, want %+v", name, at[0], at[1], got, want.Cells[at])
		}
	}
}

// CheckChanged reports through t, naming the move by name, each cell that
// after, the board one move after before, changed although it is not among
// cells, and each of cells that did not change; or that the two boards'
// shapes differ.
func CheckChanged(t testing.TB, name string, after, before board.Board, cells ...[2]int) {
	t.Helper()
	changed := after.Changed(before)
	if changed == nil {
		t.Errorf("%s: a board of %dx%d after one of %dx%d, want the same shape", name, after.Rows, after.Cols, before.Rows, before.Cols)
		return
	}
	for i, c := range changed {
		at := [2]int{i / after.Cols, i % after.Cols}
		if want := slices.Contains(cells, at); c != want {
			t.Errorf("%s: cell (%d, %d) changed = %t, want %t", name, at[0], at[1], c, want)
		}
	}
}

// Editor is a position whose board can be drawn and edited, as the states
// of the grid games are.
type Editor interface {
	Board() board.Board
	Edit(b board.Board) (string, error)
}

// CheckEdit reports through t, naming s by name, unless s's board with the
// edits put on it edits to the text want.
func CheckEdit(t testing.TB, name string, s Editor, edits Cells, want string) {
	t.Helper()
	b := s.Board()
	for at, c := range edits {
		b.Set(at[0], at[1], c)
	}
	if got, err := s.Edit(b); err != nil || got != want {
		t.Errorf("%s edited: %q, %v; want %q", name, got, err, want)
	}
}

// CheckEditError reports through t unless s.Edit(b) returns no text and
// the error want.
func CheckEditError(t testing.TB, s Editor, b board.Board, want string) {
	t.Helper()
	if got, err := s.Edit(b); err == nil || err.Error() != want || got != "" {
		t.Errorf("Edit(%dx%d) = %q, %v; want the error %q", b.Rows, b.Cols, got, err, want)
	}
}

// Named is a position of a game whose board names its squares.
type Named[S any] interface {
	Legal(buf []int) []int
	Play(action int) S
	Label(action int) string
	Board() board.Board
}

// CheckSquareNames plays every move of every position within plies moves
// of root and reports through t each move whose square the board names
// otherwise than the move's label does: the cell a move fills, at row r
// and column c, is named ColumnNames[c]+RowNames[r], and the label is that
// name, or the column's name alone in a game whose moves pick a column.
// A move that fills no cell, a pass, is not checked.
func CheckSquareNames[S Named[S]](t testing.TB, root S, plies int) {
	t.Helper()
	b := root.Board()
	if len(b.ColumnNames) != b.Cols || len(b.RowNames) != b.Rows {
		t.Fatalf("%d column names and %d row names for a board of %dx%d", len(b.ColumnNames), len(b.RowNames), b.Rows, b.Cols)
	}
	level := []S{root}
	for range plies {
		var next []S
		for _, s := range level {
			before := s.Board()
			for _, a := range s.Legal(nil) {
				after := s.Play(a)
				next = append(next, after)
				checkFilled(t, s.Label(a), before, after.Board())
			}
		}
		level = next
	}
}

// checkFilled reports through t a move labelled label, from board before
// to board after, that fills a cell the boards name otherwise.
func checkFilled(t testing.TB, label string, before, after board.Board) {
	t.Helper()
	for k, c := range after.Cells {
		if before.Cells[k].Kind != board.Empty || c.Kind == board.Empty {
			continue
		}
		r, col := k/after.Cols, k%after.Cols
		square := after.ColumnNames[col] + after.RowNames[r]
		if label != square && label != after.ColumnNames[col] {
			t.Errorf("the move %s fills the cell at row %d, column %d, which the board names %s", label, r, col, square)
		}
		return
	}
}
