// Package board describes a game position for display: a grid of cells,
// each with what it is, who owns it and what is written in it, and a
// caption for what the grid does not show (turns left, the side to move).
//
// Games build a Board from their own state, so nothing outside a game has
// to read its position text to draw it; one board component in the web and
// one table in the tree's nodes draw every grid game.
package board

import (
	"fmt"
	"strings"
)

// MaxSide is the most rows or columns a board has; every grid game of
// searchviz fits.
const MaxSide = 32

// Kind is what a cell is.
type Kind uint8

// Cell kinds.
const (
	Empty  Kind = iota // nothing on it: an empty square, a maze's floor
	Wall               // it cannot be entered
	Points             // points to collect; the Mark is their number
	Piece              // a player's piece, disc, mark or character; see Owner
)

var kindNames = names[Kind]{
	list: []string{Empty: "empty", Wall: "wall", Points: "points", Piece: "piece"},
	typ:  "Kind", what: "kind",
}

// String returns the kind's name, as used in CSS classes: "empty", "wall",
// "points" or "piece".
func (k Kind) String() string { return kindNames.name(k) }

// MarshalText returns the kind's name, so that a Cell's JSON names it.
func (k Kind) MarshalText() ([]byte, error) { return kindNames.marshal(k) }

// UnmarshalText reads a kind's name, as String writes it.
func (k *Kind) UnmarshalText(text []byte) error { return kindNames.unmarshal(text, k) }

// Owner says which player a cell belongs to.
type Owner uint8

// Owners. First is the player who moves first (x, A, the one-player
// game's player), Second the other; Both is a cell two players share.
const (
	Nobody Owner = iota
	First
	Second
	Both
)

var ownerNames = names[Owner]{
	list: []string{Nobody: "nobody", First: "first", Second: "second", Both: "both"},
	typ:  "Owner", what: "owner",
}

// String returns the owner's name, as used in CSS classes: "nobody",
// "first", "second" or "both".
func (o Owner) String() string { return ownerNames.name(o) }

// MarshalText returns the owner's name, so that a Cell's JSON names it.
func (o Owner) MarshalText() ([]byte, error) { return ownerNames.marshal(o) }

// UnmarshalText reads an owner's name, as String writes it.
func (o *Owner) UnmarshalText(text []byte) error { return ownerNames.unmarshal(text, o) }

// names are the names of an enumeration's values, value i's at index i,
// so that Kind and Owner name, write and read their values alike.
type names[T ~uint8] struct {
	list []string
	typ  string // the Go type, which names a value without a name, e.g. "Kind"
	what string // what a value is, in errors, e.g. "kind"
}

// has reports whether v has a name.
func (n names[T]) has(v T) bool {
	return int(v) < len(n.list)
}

// name returns v's name, or for a value without one its type and number,
// e.g. "Kind(7)".
func (n names[T]) name(v T) string {
	if n.has(v) {
		return n.list[v]
	}
	return fmt.Sprintf("%s(%d)", n.typ, uint8(v))
}

// marshal returns v's name, or an error for a value without one.
func (n names[T]) marshal(v T) ([]byte, error) {
	if !n.has(v) {
		return nil, fmt.Errorf("board: no name for %s %d", n.what, uint8(v))
	}
	return []byte(n.list[v]), nil
}

// unmarshal sets *v to the value named text, or to 0 with an error naming
// the text and the names allowed.
func (n names[T]) unmarshal(text []byte, v *T) error {
	for i, name := range n.list {
		if name == string(text) {
			*v = T(i)
			return nil
		}
	}
	*v = 0
	return fmt.Errorf("board: unknown %s %.20q (known: %s)", n.what, text, strings.Join(n.list, ", "))
}

// Cell is one square of a board.
type Cell struct {
	Kind  Kind   `json:"kind"`
	Owner Owner  `json:"owner"` // whose piece it is; Nobody unless Kind is Piece
	Mark  string `json:"mark"`  // the text drawn in it, e.g. "x", "5", "#"; "" for none
}

// Pieces returns the cells of a board of two players' pieces: an empty
// cell, a piece of the first player marked first and one of the second
// player marked second.
func Pieces(first, second string) (empty, one, two Cell) {
	return Cell{Kind: Empty}, Cell{Kind: Piece, Owner: First, Mark: first}, Cell{Kind: Piece, Owner: Second, Mark: second}
}

// Board is a position drawn as a grid.
type Board struct {
	Rows    int    `json:"rows"`
	Cols    int    `json:"cols"`
	Cells   []Cell `json:"cells"`   // row by row, top row first; len Rows*Cols
	Caption string `json:"caption"` // what the grid does not show, e.g. "3 turns left"; "" for nothing
	// Look says how to draw the pieces: "" (LookMarks) for their marks in
	// their owner's colour, LookDiscs for discs on a green board.
	Look string `json:"look,omitempty"`
	// ColumnNames and RowNames name the columns, left to right, and the
	// rows, top to bottom, as the game's moves name its squares ("a" and
	// "3" for tic-tac-toe's a3), for a page to write beside the grid; nil
	// for a game whose squares have no names.
	ColumnNames []string `json:"columnNames,omitempty"`
	RowNames    []string `json:"rowNames,omitempty"`
}

// The looks of a board's pieces.
const (
	// LookMarks draws each piece as its mark in its owner's colour.
	LookMarks = ""
	// LookDiscs draws the pieces as discs on a green board, the first
	// player's black and the second's white, as Othello's are.
	LookDiscs = "discs"
)

// New returns an empty board of rows×cols cells with the given caption.
func New(rows, cols int, caption string) Board {
	return Board{Rows: rows, Cols: cols, Cells: make([]Cell, rows*cols), Caption: caption}
}

// At returns the cell at row r, column c, counted from 0 at the top left.
func (b Board) At(r, c int) Cell { return b.Cells[r*b.Cols+c] }

// Set puts cell at row r, column c.
func (b Board) Set(r, c int, cell Cell) { b.Cells[r*b.Cols+c] = cell }

// Changed reports, cell by cell, where b differs from before, the board one
// move earlier: the move just played. It is nil when the boards' shapes
// differ, as then no cell corresponds.
func (b Board) Changed(before Board) []bool {
	if b.Rows != before.Rows || b.Cols != before.Cols || len(b.Cells) != len(before.Cells) {
		return nil
	}
	out := make([]bool, len(b.Cells))
	for i, c := range b.Cells {
		out[i] = c != before.Cells[i]
	}
	return out
}

// Check reports whether b is well formed: positive sides of at most
// MaxSide, one cell per square, and only the kinds and owners above.
func (b Board) Check() error {
	if b.Rows < 1 || b.Cols < 1 || b.Rows > MaxSide || b.Cols > MaxSide {
		return fmt.Errorf("board: %dx%d is not drawable (sides 1..%d)", b.Rows, b.Cols, MaxSide)
	}
	if len(b.Cells) != b.Rows*b.Cols {
		return fmt.Errorf("board: %d cells for %dx%d", len(b.Cells), b.Rows, b.Cols)
	}
	for i, c := range b.Cells {
		if !kindNames.has(c.Kind) || !ownerNames.has(c.Owner) {
			return fmt.Errorf("board: cell %d of %dx%d is %v of %v", i, b.Rows, b.Cols, c.Kind, c.Owner)
		}
	}
	return nil
}
