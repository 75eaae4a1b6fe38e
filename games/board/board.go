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

var kindNames = [...]string{Empty: "empty", Wall: "wall", Points: "points", Piece: "piece"}

// String returns the kind's name, as used in CSS classes: "empty", "wall",
// "points" or "piece".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// MarshalText returns the kind's name, so that a Cell's JSON names it.
func (k Kind) MarshalText() ([]byte, error) {
	if int(k) >= len(kindNames) {
		return nil, fmt.Errorf("board: no name for kind %d", uint8(k))
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText reads a kind's name, as String writes it.
func (k *Kind) UnmarshalText(text []byte) error {
	i, err := lookup(kindNames[:], "kind", text)
	*k = Kind(i)
	return err
}

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

var ownerNames = [...]string{Nobody: "nobody", First: "first", Second: "second", Both: "both"}

// String returns the owner's name, as used in CSS classes: "nobody",
// "first", "second" or "both".
func (o Owner) String() string {
	if int(o) < len(ownerNames) {
		return ownerNames[o]
	}
	return fmt.Sprintf("Owner(%d)", uint8(o))
}

// MarshalText returns the owner's name, so that a Cell's JSON names it.
func (o Owner) MarshalText() ([]byte, error) {
	if int(o) >= len(ownerNames) {
		return nil, fmt.Errorf("board: no name for owner %d", uint8(o))
	}
	return []byte(ownerNames[o]), nil
}

// UnmarshalText reads an owner's name, as String writes it.
func (o *Owner) UnmarshalText(text []byte) error {
	i, err := lookup(ownerNames[:], "owner", text)
	*o = Owner(i)
	return err
}

// lookup returns the index of text in names, or an error naming what, the
// text and the names allowed.
func lookup(names []string, what string, text []byte) (int, error) {
	for i, n := range names {
		if n == string(text) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("board: unknown %s %.20q (known: %s)", what, text, strings.Join(names, ", "))
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
		if int(c.Kind) >= len(kindNames) || int(c.Owner) >= len(ownerNames) {
			return fmt.Errorf("board: cell %d of %dx%d is %v of %v", i, b.Rows, b.Cols, c.Kind, c.Owner)
		}
	}
	return nil
}
